/* kernels_common.c: what the kernels' parsers and buffers share: parameter checks, sizes, memory. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "engine/kernels/kernels_internal.h"
#include "os/os.h"

/* Start a parameter: no text, no bytes, no descriptors. */
static void
kernels_param_clear(struct kernel_param *p)
{
	size_t	i;

	memset(p, 0, sizeof *p);
	for (i = 0; i < sizeof p->fd / sizeof p->fd[0]; i++)
		p->fd[i] = -1;
}

/* Accept only an absent or empty parameter. */
int
kernels_parse_none(const char *name, const char *param, struct kernel_param *p,
    char *err, size_t errlen)
{
	kernels_param_clear(p);
	if (param != NULL && *param != '\0') {
		snprintf(err, errlen, "%s takes no parameter (got \"%s\")", name,
		    param);
		return -1;
	}
	return 0;
}

/* Format a size as people read it: "256 GiB", "1.5 MiB", "64 bytes". */
void
kernels_fmt_size(char *buf, size_t len, uint64_t n)
{
	static const char	*units[] = { "KiB", "MiB", "GiB", "TiB", "PiB" };
	double			 v = (double)n;
	int			 u = -1;

	if (n < 1024) {
		snprintf(buf, len, "%llu bytes", (unsigned long long)n);
		return;
	}
	while (u < 4 && v >= 1024) {
		v /= 1024;
		u++;
	}
	if (v >= 10 || v == (double)(uint64_t)v)
		snprintf(buf, len, "%.0f %s", v, units[u]);
	else
		snprintf(buf, len, "%.1f %s", v, units[u]);
}

/* A working set for a memory load when none is given: 4x the LLC. */
uint64_t
kernels_default_size(const struct kernel_env *env)
{
	uint64_t	bytes = 64ULL << 20;

	if (env != NULL && env->llc_bytes != 0)
		bytes = 4 * env->llc_bytes;
	/* Keep the default runnable where memory is short. */
	if (env != NULL && env->mem_avail_bytes != 0 &&
	    bytes > env->mem_avail_bytes / 2)
		bytes = env->mem_avail_bytes / 2;
	if (bytes < (1ULL << 20))
		bytes = 1ULL << 20;
	return bytes;
}

/* Parse an optional size ("32k"), defaulting to def, at least min bytes. */
int
kernels_parse_size(const char *name, const char *param,
    const struct kernel_env *env, uint64_t def, uint64_t min,
    struct kernel_param *p, char *err, size_t errlen)
{
	char		 need[32], avail[32];
	uint64_t	 bytes = def;

	kernels_param_clear(p);
	if (param != NULL && *param != '\0') {
		if (strlen(param) >= sizeof p->text) {
			snprintf(err, errlen, "%s: parameter too long", name);
			return -1;
		}
		if (util_parse_size(param, &bytes) != 0) {
			snprintf(err, errlen,
			    "%s: bad size \"%s\" (want a size like 32k, 1m, 2g)",
			    name, param);
			return -1;
		}
		if (bytes < min) {
			kernels_fmt_size(need, sizeof need, min);
			snprintf(err, errlen, "%s:%s is too small (at least %s)",
			    name, param, need);
			return -1;
		}
		if (bytes > SIZE_MAX / 2) {
			snprintf(err, errlen, "%s:%s is too big to address",
			    name, param);
			return -1;
		}
		memcpy(p->text, param, strlen(param) + 1);
	}
	if (env != NULL && env->mem_avail_bytes != 0 &&
	    bytes > env->mem_avail_bytes) {
		kernels_fmt_size(need, sizeof need, bytes);
		kernels_fmt_size(avail, sizeof avail, env->mem_avail_bytes);
		if (*p->text != '\0')
			snprintf(err, errlen, "%s:%s needs %s, only %s available",
			    name, p->text, need, avail);
		else
			snprintf(err, errlen, "%s needs %s, only %s available",
			    name, need, avail);
		return -1;
	}
	p->bytes = bytes;
	return 0;
}

/* Map zeroed memory for a buffer, on huge pages where the OS gives them; NULL on failure. */
void *
kernels_map(size_t bytes)
{
	return os_map(bytes);
}

/* Unmap a buffer from kernels_map(). */
void
kernels_unmap(void *p, size_t bytes)
{
	os_unmap(p, bytes);
}
