/*
 * c2cref.c: a standalone core-to-core latency reference for `make bench`,
 * the method of smtscope c2c (and of the core-to-core-latency tool) in a
 * page: two threads pinned with pthread_setaffinity_np on CPUs A and B
 * bounce one word alone on a 128-byte line by compare-and-swap; a sample
 * times N round trips; prints the median one-way time in ns of S samples.
 *
 *	cc -O2 -pthread -o c2cref c2cref.c && ./c2cref [A B [SAMPLES [TRIPS]]]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static _Alignas(128) _Atomic uint64_t	word;
static _Alignas(128) _Atomic int	go = -1, done = -1;
static int				cpu_b, samples, trips;

static uint64_t
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void
pin(int cpu)
{
	cpu_set_t	set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) {
		fprintf(stderr, "c2cref: cannot pin to CPU %d\n", cpu);
		exit(1);
	}
}

static void *
partner(void *arg)
{
	uint64_t	expect;
	int		s, i;

	(void)arg;
	pin(cpu_b);
	for (s = 0; s < samples; s++) {
		while (atomic_load(&go) < s)
			;
		for (i = 0; i < trips; i++) {
			expect = 1;
			while (!atomic_compare_exchange_weak(&word, &expect, 0))
				expect = 1;
		}
		atomic_store(&done, s);
	}
	return NULL;
}

static int
cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	pthread_t	th;
	uint64_t	expect, t0, t1;
	double		*ns;
	int		cpu_a = argc > 1 ? atoi(argv[1]) : 0, s, i;

	cpu_b = argc > 2 ? atoi(argv[2]) : 1;
	samples = argc > 3 ? atoi(argv[3]) : 15;
	trips = argc > 4 ? atoi(argv[4]) : 1000;
	if ((ns = calloc((size_t)samples, sizeof *ns)) == NULL)
		return 1;
	pin(cpu_a);
	pthread_create(&th, NULL, partner, NULL);
	for (s = 0; s < samples; s++) {
		atomic_store(&word, 0);
		atomic_store(&go, s);
		t0 = now_ns();
		for (i = 0; i < trips; i++) {
			expect = 0;
			while (!atomic_compare_exchange_weak(&word, &expect, 1))
				expect = 0;
		}
		t1 = now_ns();
		while (atomic_load(&done) < s)
			;
		ns[s] = (double)(t1 - t0) / (2.0 * trips - 1);
	}
	pthread_join(th, NULL);
	qsort(ns, (size_t)samples, sizeof *ns, cmp);
	printf("%.3f ns one way, CPUs %d and %d, median of %d samples of %d round trips\n",
	    samples % 2 ? ns[samples / 2] : (ns[samples / 2 - 1] + ns[samples / 2]) / 2,
	    cpu_a, cpu_b, samples, trips);
	return 0;
}
