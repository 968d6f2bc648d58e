/* chase.c: dependent loads along one random cycle through a working set. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

#define CHASE_LINE		64
#define CHASE_MIN_BYTES		1024
/* Aim for steps of about half a millisecond, whatever the latency. */
#define CHASE_STEP_NS		500000
#define CHASE_MIN_LOADS		1024
#define CHASE_MAX_LOADS		(1 << 22)

/* One cache line; only the link is used, the rest keeps slots apart. */
struct chase_slot {
	struct chase_slot	*next;
	char			 pad[CHASE_LINE - sizeof(struct chase_slot *)];
};

struct chase_state {
	struct chase_slot	*slots;
	size_t			 n;
	size_t			 bytes;
	struct chase_slot	*cur;
	long			 loads;		/* per step, a multiple of 8 */
};

/* The next number from a splitmix64 generator. */
static uint64_t
chase_random(uint64_t *s)
{
	uint64_t	z;

	z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/*
 * A number in [0, i) from a random one: the high half times i, over 2^32
 * (for i below 2^32: no division, and a bias under i / 2^32), else modulo.
 */
static size_t
chase_below(uint64_t r, size_t i)
{
	if (i <= UINT32_MAX)
		return (size_t)(((r >> 32) * (uint64_t)i) >> 32);
	return (size_t)(r % i);
}

/*
 * Make next[] one cycle through all n slots (Sattolo's algorithm): slot i's
 * successor is next[i * stride]. A plain shuffle would leave several short
 * cycles, and a load could stay in a corner of its working set.
 */
void
chase_build(uint64_t *next, size_t n, size_t stride, uint64_t seed)
{
	uint64_t	s = seed, t;
	size_t		i, j;

	for (i = 0; i < n; i++)
		next[i * stride] = i;
	for (i = n; i-- > 1;) {
		j = chase_below(chase_random(&s), i);
		t = next[i * stride];
		next[i * stride] = next[j * stride];
		next[j * stride] = t;
	}
}

/* chase_build() in 32-bit indexes (n at most 2^32), packed: half the table. */
void
chase_build32(uint32_t *next, size_t n, uint64_t seed)
{
	uint64_t	s = seed;
	uint32_t	t;
	size_t		i, j;

	for (i = 0; i < n; i++)
		next[i] = (uint32_t)i;
	for (i = n; i-- > 1;) {
		j = chase_below(chase_random(&s), i);
		t = next[i];
		next[i] = next[j];
		next[j] = t;
	}
}

/* Check the optional working set size (default 4x the LLC). */
static int
chase_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	return kernels_parse_size("chase", param, env,
	    kernels_default_size(env), CHASE_MIN_BYTES, p, err, errlen);
}

/* Follow the chain for n loads (a multiple of 8). */
static struct chase_slot *
chase_run(struct chase_slot *p, long n)
{
	for (; n > 0; n -= 8) {
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
		p = p->next;
	}
	return p;
}

/* Map the slots, link them into one cycle and size a step by timing it. */
static void *
chase_init(const struct kernel_param *p, char *err, size_t errlen)
{
	struct chase_state	*cs;
	uint64_t		*idx;
	uint32_t		*idx32;
	uint64_t		 t0, ns;
	size_t			 i;
	long			 probe;

	cs = xcalloc(1, sizeof *cs);
	cs->n = (size_t)(p->bytes / CHASE_LINE);
	if (cs->n == 0)
		cs->n = 1;
	cs->bytes = cs->n * CHASE_LINE;
	if ((cs->slots = kernels_map(cs->bytes)) == NULL) {
		snprintf(err, errlen, "chase: cannot map %zu bytes", cs->bytes);
		free(cs);
		return NULL;
	}

	/*
	 * Build the cycle as indexes, then turn them to links. The shuffle's
	 * random swaps go to a packed table of 32-bit indexes, a sixteenth of
	 * the working set, where one can be had (a 1 GiB set took 3.4 s
	 * shuffled in its own lines on a 260 MiB L3, mostly misses, and 0.7 s
	 * through a table of 64-bit ones, an eighth; most of a cold setup here
	 * is the first touch of new memory); else in the slots themselves.
	 * The cycle is the same either way.
	 */
	if (cs->n <= UINT32_MAX && (idx32 = kernels_map(cs->n * sizeof *idx32)) != NULL) {
		chase_build32(idx32, cs->n, 0x5eedc4a5eULL ^ cs->n);
		for (i = 0; i < cs->n; i++)
			cs->slots[i].next = &cs->slots[idx32[i]];
		kernels_unmap(idx32, cs->n * sizeof *idx32);
	} else {
		idx = (uint64_t *)(void *)cs->slots;
		chase_build(idx, cs->n, CHASE_LINE / sizeof *idx, 0x5eedc4a5eULL ^ cs->n);
		for (i = 0; i < cs->n; i++)
			cs->slots[i].next = &cs->slots[idx[i * (CHASE_LINE / sizeof *idx)]];
	}
	cs->cur = &cs->slots[0];

	/* Warm with 64k loads (around small sets many times), then time 64k. */
	probe = 65536;
	cs->cur = chase_run(cs->cur, probe);
	t0 = util_now_ns();
	cs->cur = chase_run(cs->cur, probe);
	ns = util_now_ns() - t0;
	if (ns == 0)
		ns = 1;
	cs->loads = (long)((double)probe * CHASE_STEP_NS / (double)ns);
	if (cs->loads < CHASE_MIN_LOADS)
		cs->loads = CHASE_MIN_LOADS;
	if (cs->loads > CHASE_MAX_LOADS)
		cs->loads = CHASE_MAX_LOADS;
	cs->loads &= ~7L;
	return cs;
}

/* Make one step's worth of dependent loads; loads done. */
static uint64_t
chase_step(void *state)
{
	struct chase_state	*cs = state;

	cs->cur = chase_run(cs->cur, cs->loads);
	return (uint64_t)cs->loads;
}

/* Unmap the slots and free the state. */
static void
chase_fini(void *state)
{
	struct chase_state	*cs = state;

	kernels_unmap(cs->slots, cs->bytes);
	free(cs);
}

const struct kernel kernel_chase = {
	.name = "chase",
	.desc = "dependent loads along one random cycle of cache lines",
	.unit = "ns/load",
	.work_unit = "load",
	.higher_is_better = 0,
	.scale = 1e9,
	.ends = 1,
	.param_help = "working set, default 4x LLC",
	.parse = chase_parse,
	.init = chase_init,
	.step = chase_step,
	.peer = NULL,
	.fini = chase_fini,
};
