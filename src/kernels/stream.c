/* stream.c: memory bandwidth, the STREAM triad a[i] = b[i] + q * c[i]. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "kernel.h"
#include "util.h"
#include "kernels_internal.h"

/* Three arrays of at least 64 doubles each. */
#define STREAM_MIN_BYTES	(3 * 64 * 8)
/* Elements per step: 64k x 24 bytes = 1.5 MiB moved, about 0.1 to 0.3 ms. */
#define STREAM_STEP_ELEMS	65536
/* Bytes counted per element, as STREAM counts them: 2 reads, 1 write. */
#define STREAM_ELEM_BYTES	(3 * sizeof(double))

struct stream_state {
	double	*a, *b, *c;
	size_t	 n;		/* elements in each array */
	size_t	 pos;		/* where the next step starts */
	size_t	 bytes;		/* mapped, all three arrays */
	void	*map;
};

/* Check the optional working set size, all three arrays (default 4x LLC). */
static int
stream_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	return kernels_parse_size("stream", param, env,
	    kernels_default_size(env), STREAM_MIN_BYTES, p, err, errlen);
}

/* Map the three arrays and write every element. */
static void *
stream_init(const struct kernel_param *p, char *err, size_t errlen)
{
	struct stream_state	*ss;
	size_t			 i;

	ss = xcalloc(1, sizeof *ss);
	/* Each array a whole number of cache lines (8 doubles). */
	ss->n = (size_t)(p->bytes / STREAM_ELEM_BYTES) & ~(size_t)7;
	if (ss->n < 64)
		ss->n = 64;
	ss->bytes = 3 * ss->n * sizeof(double);
	if ((ss->map = kernels_map(ss->bytes)) == NULL) {
		snprintf(err, errlen, "stream: cannot map %zu bytes", ss->bytes);
		free(ss);
		return NULL;
	}
	ss->a = ss->map;
	ss->b = ss->a + ss->n;
	ss->c = ss->b + ss->n;
	for (i = 0; i < ss->n; i++) {
		ss->a[i] = 0;
		ss->b[i] = 1;
		ss->c[i] = 2;
	}
	return ss;
}

/* The triad over elements [from, to). */
static void
stream_triad(double *restrict a, const double *restrict b,
    const double *restrict c, size_t from, size_t to)
{
	size_t	i;

	for (i = from; i < to; i++)
		a[i] = b[i] + 3.0 * c[i];
}

/* Run the triad over the next STREAM_STEP_ELEMS elements; bytes moved. */
static uint64_t
stream_step(void *state)
{
	struct stream_state	*ss = state;
	size_t			 left = STREAM_STEP_ELEMS, len;

	while (left > 0) {
		len = ss->n - ss->pos;
		if (len > left)
			len = left;
		stream_triad(ss->a, ss->b, ss->c, ss->pos, ss->pos + len);
		ss->pos += len;
		if (ss->pos == ss->n)
			ss->pos = 0;
		left -= len;
	}
	return (uint64_t)STREAM_STEP_ELEMS * STREAM_ELEM_BYTES;
}

/* Unmap the arrays and free the state. */
static void
stream_fini(void *state)
{
	struct stream_state	*ss = state;

	kernels_unmap(ss->map, ss->bytes);
	free(ss);
}

const struct kernel kernel_stream = {
	.name = "stream",
	.desc = "memory bandwidth: STREAM triad over 3 arrays (bytes read+written)",
	.unit = "GB/s",
	.work_unit = "byte",
	.higher_is_better = 1,
	.scale = 1e-9,
	.ends = 1,
	.param_help = "all 3 arrays, default 4x LLC",
	.parse = stream_parse,
	.init = stream_init,
	.step = stream_step,
	.peer = NULL,
	.fini = stream_fini,
};
