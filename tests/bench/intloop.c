/*
 * intloop.c: the bench's reference for the int load: the same eight chains
 * of x = (x ^ (x >> 29)) * M + 1 (shift, xor, multiply, add) as plain C,
 * pinned to one CPU; prints billions of those operations a second.
 * Usage: intloop CPU SECONDS
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define R(v)	((v) ^= (v) >> 29, (v) = (v) * 0xbf58476d1ce4e5b9ULL + 1)

/* Seconds on the monotonic clock. */
static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Pin, then run the chains 16384 iterations at a time until the time is up. */
int
main(int argc, char **argv)
{
	uint64_t	a = 1, b = 3, c = 5, d = 7, e = 9, f = 11, g = 13, h = 15;
	uint64_t	ops = 0;
	cpu_set_t	set;
	double		t0, t, secs;
	long		i;

	if (argc != 3 || (secs = atof(argv[2])) <= 0) {
		fprintf(stderr, "usage: intloop CPU SECONDS\n");
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[1]), &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		perror("intloop: sched_setaffinity");
		return 1;
	}
	t0 = now();
	do {
		for (i = 0; i < 16384; i++) {
			R(a); R(b); R(c); R(d); R(e); R(f); R(g); R(h);
		}
		ops += 16384 * 8 * 4;
	} while ((t = now()) - t0 < secs);
	/* Print the chains' parity so that no compiler drops them. */
	printf("%.3f %d\n", (double)ops / (t - t0) / 1e9,
	    (int)((a ^ b ^ c ^ d ^ e ^ f ^ g ^ h) & 1));
	return 0;
}
