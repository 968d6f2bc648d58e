/* stream.c: memory bandwidth, the STREAM triad a[i] = b[i] + q * c[i]. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

/* Three arrays of at least 64 doubles each. */
#define STREAM_MIN_BYTES	(3 * 64 * 8)
/* Elements per step: 64k x 24 bytes = 1.5 MiB moved, about 0.1 to 0.3 ms. */
#define STREAM_STEP_ELEMS	65536
/* Bytes counted per element, as STREAM counts them: 2 reads, 1 write. */
#define STREAM_ELEM_BYTES	(3 * sizeof(double))
/*
 * Arrays back to back sit a power of two apart whenever the size is one
 * (stream:384m: three 128 MiB arrays), so a[i], b[i] and c[i] share their
 * low address bits: the same cache sets, the store 4K-aliasing the loads,
 * the same DRAM banks; bandwidth drops by a quarter (by half at 768m). As
 * STREAM's OFFSET does, the arrays are staggered: each starts a fixed
 * STREAM_STAGGER past a round boundary (a power of two at or above the
 * array's size, whole huge pages beyond 2 MiB), so that whatever the size,
 * the distance between two arrays, modulo any power of two up to a huge
 * page (the address bits physical memory keeps), is the same odd mix of
 * pages and cache lines. A third of a page alone (21 lines) is not enough
 * here: bits 12 and up must differ as well.
 */
#define STREAM_PAGE		4096
#define STREAM_HUGE_PAGE	((size_t)2 << 20)
#define STREAM_STAGGER		(4 * STREAM_PAGE + 21 * 64)

struct stream_state {
	double	*a, *b, *c;
	size_t	 n;		/* elements in each array */
	size_t	 pos;		/* where the next step starts */
	size_t	 bytes;		/* mapped, all three arrays */
	void	*map;
};

/* Where arrays of n doubles start in one mapping, and its size; 64-byte aligned. */
void
stream_layout(size_t n, size_t off[3], size_t *bytes)
{
	size_t	span = n * sizeof(double), round = 64, d;

	while (round < span && round < STREAM_HUGE_PAGE)
		round *= 2;
	d = (span + round - 1) / round * round + STREAM_STAGGER;
	off[0] = 0;
	off[1] = d;
	off[2] = 2 * d;
	*bytes = off[2] + span;
}

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
	size_t			 i, off[3];

	ss = xcalloc(1, sizeof *ss);
	/* Each array a whole number of cache lines (8 doubles). */
	ss->n = (size_t)(p->bytes / STREAM_ELEM_BYTES) & ~(size_t)7;
	if (ss->n < 64)
		ss->n = 64;
	stream_layout(ss->n, off, &ss->bytes);
	if ((ss->map = kernels_map(ss->bytes)) == NULL) {
		snprintf(err, errlen, "stream: cannot map %zu bytes", ss->bytes);
		free(ss);
		return NULL;
	}
	ss->a = (double *)((char *)ss->map + off[0]);
	ss->b = (double *)((char *)ss->map + off[1]);
	ss->c = (double *)((char *)ss->map + off[2]);
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
