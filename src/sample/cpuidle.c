/* cpuidle.c: each CPU's idle states from Linux's cpuidle sysfs, under a settable root. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/os.h"
#include "sample/cpuidle.h"
#include "base/util.h"

#define CPUIDLE_SYSCPU	"/sys/devices/system/cpu"

/* The root readers use: the one root (os.h) unless one is given. */
const char *
cpuidle_root(const char *root)
{
	return root != NULL ? root : os_root();
}

/* Read a whole non-negative decimal number from <root><rel>; -1 when absent or not one. */
static int
cpuidle_read_u64(const char *root, const char *rel, uint64_t *out)
{
	char	buf[64], *end;

	if (util_read_at(root, rel, buf, sizeof buf) != 0 || buf[0] < '0' || buf[0] > '9')
		return -1;
	errno = 0;
	*out = strtoull(buf, &end, 10);
	return errno != 0 || *end != '\0' ? -1 : 0;
}

/* The driver with its governor, or why no states can be read. */
int
cpuidle_driver(const char *root, const char *hypervisor, char *driver, size_t dlen,
    char *why, size_t wlen)
{
	char	drv[64], gov[64], rel[128];
	int	have_dir;

	root = cpuidle_root(root);
	driver[0] = why[0] = '\0';
	have_dir = util_read_at(root, CPUIDLE_SYSCPU "/cpuidle/current_driver", drv,
	    sizeof drv) == 0;
	if (util_read_at(root, CPUIDLE_SYSCPU "/cpuidle/current_governor", gov,
	    sizeof gov) != 0)
		util_read_at(root, CPUIDLE_SYSCPU "/cpuidle/current_governor_ro", gov,
		    sizeof gov);
	snprintf(rel, sizeof rel, CPUIDLE_SYSCPU "/cpu0/cpuidle/state0/name");
	if (!have_dir) {
		snprintf(why, wlen, "no cpuidle in sysfs (%s%s/cpuidle absent): the kernel "
		    "counts no idle states", root, CPUIDLE_SYSCPU);
		return -1;
	}
	if (drv[0] == '\0' || strcmp(drv, "none") == 0) {
		if (hypervisor != NULL && hypervisor[0] != '\0')
			snprintf(why, wlen, "no cpuidle driver under %s: the hypervisor "
			    "shows no idle states, its host decides how an idle virtual "
			    "CPU sleeps", hypervisor);
		else
			snprintf(why, wlen, "no cpuidle driver: idle CPUs run the kernel's "
			    "default idle, uncounted");
		return -1;
	}
	snprintf(driver, dlen, "%s%s%s", drv, gov[0] != '\0' ? ", governor " : "", gov);
	if (util_read_at(root, rel, gov, sizeof gov) != 0) {
		snprintf(why, wlen, "cpuidle driver %s shows no idle states for CPU 0%s%s",
		    drv, hypervisor != NULL && hypervisor[0] != '\0' ? " (under " : "",
		    hypervisor != NULL && hypervisor[0] != '\0' ? hypervisor : "");
		if (hypervisor != NULL && hypervisor[0] != '\0')
			snprintf(why + strlen(why), wlen - strlen(why), ")");
		return -1;
	}
	return 0;
}

/* Read one state of a CPU; -1 when it has no such state. */
static int
cpuidle_read_state(const char *root, int cpu, int k, struct cpuidle_state *st)
{
	char		rel[160];
	uint64_t	v;
	int		n;

	n = snprintf(rel, sizeof rel, CPUIDLE_SYSCPU "/cpu%d/cpuidle/state%d/", cpu, k);
	snprintf(rel + n, sizeof rel - (size_t)n, "name");
	if (util_read_at(root, rel, st->name, sizeof st->name) != 0)
		return -1;
	snprintf(rel + n, sizeof rel - (size_t)n, "latency");
	st->latency_us = cpuidle_read_u64(root, rel, &v) == 0 && v < 1000000000 ?
	    (unsigned)v : 0;
	snprintf(rel + n, sizeof rel - (size_t)n, "disable");
	st->disabled = cpuidle_read_u64(root, rel, &v) == 0 && v != 0;
	snprintf(rel + n, sizeof rel - (size_t)n, "usage");
	if (cpuidle_read_u64(root, rel, &st->usage) != 0)
		st->usage = 0;
	snprintf(rel + n, sizeof rel - (size_t)n, "time");
	if (cpuidle_read_u64(root, rel, &st->time_us) != 0)
		st->time_us = 0;
	return 0;
}

/* Read a CPU's states now. */
int
cpuidle_read(const char *root, int cpu, struct cpuidle_cpu *c)
{
	char	path[4096];
	int	k;

	root = cpuidle_root(root);
	memset(c, 0, sizeof *c);
	c->cpu = cpu;
	c->t_ns = util_now_ns();
	for (k = 0; k < CPUIDLE_MAX_STATES; k++)
		if (cpuidle_read_state(root, cpu, k, &c->st[k]) == -1)
			break;
	c->nstates = k;
	if (k > 0)
		return k;
	snprintf(path, sizeof path, "%s" CPUIDLE_SYSCPU "/cpu%d", root, cpu);
	return access(path, F_OK) == 0 ? 0 : -1;
}

/* What a CPU did from a to b. */
int
cpuidle_delta(const struct cpuidle_cpu *a, const struct cpuidle_cpu *b,
    struct cpuidle_res *res)
{
	double	share;
	int	k;

	memset(res, 0, sizeof *res);
	if (a->nstates == 0 || a->nstates != b->nstates || a->cpu != b->cpu ||
	    b->t_ns <= a->t_ns)
		return -1;
	for (k = 0; k < a->nstates; k++)
		if (strcmp(a->st[k].name, b->st[k].name) != 0 ||
		    b->st[k].usage < a->st[k].usage || b->st[k].time_us < a->st[k].time_us)
			return -1;
	res->wall_ns = b->t_ns - a->t_ns;
	for (k = 0; k < a->nstates; k++) {
		share = (double)(b->st[k].time_us - a->st[k].time_us) * 1000 /
		    (double)res->wall_ns;
		/* The files are read one by one, not at one instant: keep 0..1. */
		res->share[k] = share > 1 ? 1 : share;
		res->usage[k] = b->st[k].usage - a->st[k].usage;
	}
	res->nstates = a->nstates;
	return 0;
}

/* The path of a state's disable flag under root. */
int
cpuidle_disable_path(const char *root, int cpu, int state, char *buf, size_t len)
{
	int	n;

	n = snprintf(buf, len, "%s" CPUIDLE_SYSCPU "/cpu%d/cpuidle/state%d/disable",
	    cpuidle_root(root), cpu, state);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* Write a state's disable flag. */
int
cpuidle_set_disable(const char *root, int cpu, int state, int value, char *err,
    size_t errlen)
{
	char	path[4096];
	int	fd, e;

	if (cpuidle_disable_path(root, cpu, state, path, sizeof path) == -1) {
		snprintf(err, errlen, "CPU %d state %d: path too long", cpu, state);
		return -1;
	}
	/* O_NOFOLLOW|O_TRUNC: sysfs files are never links; a fixture's plain file is rewritten. */
	if ((fd = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)) == -1)
		goto fail;
	if (write(fd, value ? "1\n" : "0\n", 2) != 2) {
		e = errno;
		close(fd);
		errno = e;
		goto fail;
	}
	if (close(fd) == -1)
		goto fail;
	return 0;
fail:
	/* errno stays what the call failed with: the caller words EROFS and EACCES. */
	e = errno;
	snprintf(err, errlen, "%s: %s", path, strerror(e));
	errno = e;
	return -1;
}

/* The states shallow idle leaves enabled. */
unsigned
cpuidle_shallow_mask(const struct cpuidle_cpu *c)
{
	unsigned	mask = 0;
	int		k;

	for (k = 0; k < c->nstates; k++)
		if (c->st[k].latency_us == 0)
			mask |= 1u << k;
	return mask != 0 || c->nstates == 0 ? mask : 1u;
}

/* Does the kernel count busy clocks by APERF/MPERF here? */
int
cpuidle_aperfmperf(const char *root)
{
	FILE	*f;
	char	 path[4096], line[4096];
	int	 r = -1;

	snprintf(path, sizeof path, "%s/proc/cpuinfo", cpuidle_root(root));
	if ((f = fopen(path, "re")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "flags", 5) != 0)
			continue;
		r = strstr(line, " aperfmperf") != NULL;
		break;
	}
	fclose(f);
	return r;
}

/* "cpu MHz" of one processor in <root>/proc/cpuinfo; NAN when absent. */
static double
cpuidle_cpuinfo_mhz(const char *root, int cpu)
{
	FILE	*f;
	char	 path[4096], line[512], *colon;
	int	 at = -1;
	double	 mhz = NAN;

	snprintf(path, sizeof path, "%s/proc/cpuinfo", root);
	if ((f = fopen(path, "re")) == NULL)
		return NAN;
	while (fgets(line, sizeof line, f) != NULL) {
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		if (strncmp(line, "processor", 9) == 0)
			at = atoi(colon + 1);
		else if (at == cpu && strncmp(line, "cpu MHz", 7) == 0) {
			mhz = strtod(colon + 1, NULL);
			break;
		}
	}
	fclose(f);
	return mhz > 0 ? mhz : NAN;
}

/* A CPU's clock while busy, in MHz. */
double
cpuidle_busy_mhz(const char *root, int cpu, char *src, size_t srclen, char *why,
    size_t whylen)
{
	char		rel[128];
	uint64_t	khz;
	double		mhz;
	int		am;

	root = cpuidle_root(root);
	src[0] = why[0] = '\0';
	am = cpuidle_aperfmperf(root);
	if (am == 1 && isfinite(mhz = cpuidle_cpuinfo_mhz(root, cpu))) {
		snprintf(src, srclen, "APERF/MPERF");
		return mhz;
	}
	snprintf(rel, sizeof rel, CPUIDLE_SYSCPU "/cpu%d/cpufreq/scaling_cur_freq", cpu);
	if (cpuidle_read_u64(root, rel, &khz) == 0 && khz > 0) {
		snprintf(src, srclen, "cpufreq, not busy-weighted");
		return (double)khz / 1000;
	}
	snprintf(why, whylen, "%s, no cpufreq", am == 1 ? "no MHz in /proc/cpuinfo" :
	    am == 0 ? "no APERF/MPERF" : "no /proc/cpuinfo flags");
	return NAN;
}
