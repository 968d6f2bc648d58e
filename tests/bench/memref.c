/*
 * memref.c: an independent reference for smtscope's kernels, to tell the
 * machine's noise from smtscope's (tests/bench/yield-ref.sh). Written apart
 * from src/kernels: a STREAM triad over three arrays, a pointer chase along
 * one random cycle of cache lines, or eight integer chains (shift, xor,
 * multiply, add: compute that stays in the core); pinned with
 * sched_setaffinity; runs for a time and prints its rate.
 *
 *	memref stream|chase|int CPU SECONDS MIB [START]
 *
 * START (seconds since the epoch): set up first, then wait for it, so that
 * two copies measure over the same time.
 * stream prints GB/s (two reads and a write per element, as STREAM counts);
 * chase prints ns per load; int billions of operations a second (MIB unused).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The triad until the time is up; GB/s. */
static double	start_at;

/* Memory on 2 MiB boundaries, huge pages asked for (as the loads ask). */
static void *
get(size_t bytes)
{
	void	*p = NULL;

	if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0)
		return NULL;
	madvise(p, bytes, MADV_HUGEPAGE);
	return p;
}

/* Wait for the start time, if one was given. */
static void
wait_start(void)
{
	struct timespec	ts;

	if (start_at <= 0)
		return;
	ts.tv_sec = (time_t)start_at;
	ts.tv_nsec = (long)((start_at - (double)ts.tv_sec) * 1e9);
	while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL) != 0)
		;
}

static double
stream(size_t bytes, double secs)
{
	size_t		 n = bytes / 3 / sizeof(double), i;
	double		*a = get(n * sizeof *a), *b = get(n * sizeof *b);
	double		*c = get(n * sizeof *c), t0, t;
	uint64_t	 moved = 0;

	if (a == NULL || b == NULL || c == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		a[i] = 0;
		b[i] = 1;
		c[i] = 2;
	}
	wait_start();
	t0 = now();
	do {
		for (i = 0; i < n; i++)
			a[i] = b[i] + 3.0 * c[i];
		moved += 3 * n * sizeof(double);
		t = now();
	} while (t - t0 < secs);
	/* Keep the stores. */
	if (a[n / 2] != 7.0)
		fprintf(stderr, "memref: the triad went wrong\n");
	return (double)moved / (t - t0) / 1e9;
}

/* Loads along one random cycle of 64-byte lines until the time is up; ns per load. */
static double
chase(size_t bytes, double secs)
{
	size_t		 n = bytes / 64, i, j, tmp, *order = malloc(n * sizeof *order);
	char		*mem = get(n * 64);
	void		**p;
	uint64_t	 loads = 0, seed = 88172645463325252ULL;
	double		 t0, t;
	int		 k;

	if (order == NULL || mem == NULL || n < 2)
		return -1;
	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n - 1; i > 0; i--) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		j = (size_t)(seed % (i + 1));
		tmp = order[i];
		order[i] = order[j];
		order[j] = tmp;
	}
	for (i = 0; i < n; i++)
		*(void **)(mem + order[i] * 64) = mem + order[(i + 1) % n] * 64;
	p = (void **)(mem + order[0] * 64);
	wait_start();
	t0 = now();
	do {
		for (k = 0; k < 100000; k++)
			p = (void **)*p;
		loads += 100000;
		t = now();
	} while (t - t0 < secs);
	if (p == NULL)
		fprintf(stderr, "memref: the cycle broke\n");
	return (t - t0) * 1e9 / (double)loads;
}

/* Where the integer chains end up. */
static volatile uint64_t	sink;

/* One step of a chain: x = (x ^ (x >> 29)) * M + 1. */
#define MEMREF_R(v)	((v) ^= (v) >> 29, (v) = (v) * 0xbf58476d1ce4e5b9ULL + 1)

/* Eight chains of that step until the time is up; Gop/s. */
static double
compute(double secs)
{
	uint64_t	a = 1, b = 3, c = 5, d = 7, e = 9, f = 11, g = 13, h = 15, ops = 0;
	double		t0, t;
	int		i;

	wait_start();
	t0 = now();
	do {
		for (i = 0; i < 16384; i++) {
			MEMREF_R(a); MEMREF_R(b); MEMREF_R(c); MEMREF_R(d);
			MEMREF_R(e); MEMREF_R(f); MEMREF_R(g); MEMREF_R(h);
		}
		ops += 16384 * 8 * 4;
		t = now();
	} while (t - t0 < secs);
	/* The chains go somewhere, so that no compiler drops them. */
	sink = a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
	return (double)ops / (t - t0) / 1e9;
}

int
main(int argc, char **argv)
{
	cpu_set_t	set;
	double		secs, r;
	size_t		mib;

	if ((argc != 5 && argc != 6) || (strcmp(argv[1], "stream") != 0 &&
	    strcmp(argv[1], "chase") != 0 && strcmp(argv[1], "int") != 0)) {
		fprintf(stderr, "usage: memref stream|chase|int CPU SECONDS MIB [START]\n");
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[2]), &set);
	if (sched_setaffinity(0, sizeof set, &set) == -1) {
		perror("memref: sched_setaffinity");
		return 1;
	}
	secs = atof(argv[3]);
	mib = (size_t)atol(argv[4]);
	start_at = argc == 6 ? atof(argv[5]) : 0;
	if (strcmp(argv[1], "int") == 0)
		r = compute(secs);
	else
		r = strcmp(argv[1], "stream") == 0 ? stream(mib << 20, secs) :
		    chase(mib << 20, secs);
	if (r < 0) {
		fprintf(stderr, "memref: out of memory\n");
		return 1;
	}
	printf("%.4f\n", r);
	return 0;
}
