/* int.c: independent integer multiply/xor/shift/add chains. */
#include "config.h"

#include <stdlib.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

#define INT_CHAINS	8
/* Operations per chain per iteration: shift, xor, multiply, add. */
#define INT_OPS		4
/* Iterations per step: 8 chains x 4 ops x 16384 = 512k ops, about 0.1 ms. */
#define INT_ITERS	16384

struct int_state {
	uint64_t	x[INT_CHAINS];
};

/*
 * Keep the chains in registers the compiler knows nothing about, once an
 * iteration: no folding across iterations, no vectorizing, every operation
 * is issued. Once a round instead (the first version) pinned the rounds in
 * order, one whole chain step after another, so the compiler could not
 * interleave the chains as it does for a plain C loop of the same mix: 10 %
 * slower than that loop on some cores.
 */
#define INT_OPAQUE(a, b, c, d, e, f, g, h)				\
	__asm__ __volatile__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d),	\
	    "+r"(e), "+r"(f), "+r"(g), "+r"(h))

/* Seed the chains from distinct odd constants. */
static void *
int_init(const struct kernel_param *p, char *err, size_t errlen)
{
	struct int_state	*is;
	int			 i;

	(void)p;
	(void)err;
	(void)errlen;
	is = xcalloc(1, sizeof *is);
	for (i = 0; i < INT_CHAINS; i++)
		is->x[i] = 0x9e3779b97f4a7c15ULL * (uint64_t)(2 * i + 1);
	return is;
}

/* Reject any parameter. */
static int
int_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	(void)env;
	return kernels_parse_none("int", param, p, err, errlen);
}

/* One step of a chain: x = (x ^ (x >> 29)) * M + 1, 4 ops. */
#define INT_ROUND(v) do {						\
	(v) ^= (v) >> 29;						\
	(v) = (v) * 0xbf58476d1ce4e5b9ULL + 1;				\
} while (0)

/* Run the chains for INT_ITERS iterations; operations done. */
static uint64_t
int_step(void *state)
{
	struct int_state	*is = state;
	uint64_t		 a = is->x[0], b = is->x[1], c = is->x[2];
	uint64_t		 d = is->x[3], e = is->x[4], f = is->x[5];
	uint64_t		 g = is->x[6], h = is->x[7];
	long			 n;

	for (n = INT_ITERS; n > 0; n--) {
		INT_ROUND(a);
		INT_ROUND(b);
		INT_ROUND(c);
		INT_ROUND(d);
		INT_ROUND(e);
		INT_ROUND(f);
		INT_ROUND(g);
		INT_ROUND(h);
		INT_OPAQUE(a, b, c, d, e, f, g, h);
	}
	is->x[0] = a;
	is->x[1] = b;
	is->x[2] = c;
	is->x[3] = d;
	is->x[4] = e;
	is->x[5] = f;
	is->x[6] = g;
	is->x[7] = h;
	return (uint64_t)INT_ITERS * INT_CHAINS * INT_OPS;
}

/* Free the state. */
static void
int_fini(void *state)
{
	free(state);
}

const struct kernel kernel_int = {
	.name = "int",
	.desc = "independent integer multiply/xor/add chains",
	.unit = "Gop/s",
	.work_unit = "op",
	.higher_is_better = 1,
	.scale = 1e-9,
	.ends = 1,
	.param_help = NULL,
	.parse = int_parse,
	.init = int_init,
	.step = int_step,
	.peer = NULL,
	.fini = int_fini,
};
