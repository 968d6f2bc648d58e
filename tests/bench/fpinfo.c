/*
 * fpinfo.c: what the fp load's peak is made of, for the benchmark script:
 * the core clock measured with a chain of dependent adds (one cycle each),
 * and the vector path the fp kernel picks here. The loads themselves are
 * measured by `smtscope run`, never here.
 *
 *	fpinfo [-c CPU]
 *
 * Prints one line: "clock GHZ fp-path LANES".
 */
#include "config.h"

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

/* Pin this process to one CPU, or die. */
static void
fpinfo_pin(long cpu)
{
	cpu_set_t	set;

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET((int)cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0)
		fatal("sched_setaffinity cpu %ld", cpu);
}

/* Measure the clock: dependent adds take one cycle each; 0 if unknown. */
static double
fpinfo_clock_ghz(void)
{
#if defined(__x86_64__)
	uint64_t	x = 0, n, t0, best = UINT64_MAX, ns;
	int		i;

	for (i = 0; i < 5; i++) {
		n = 25000000;
		t0 = util_now_ns();
		__asm__ __volatile__(
		    "1:\n\t"
		    "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
		    "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
		    "sub $1, %1\n\t"
		    "jnz 1b"
		    : "+r"(x), "+r"(n) : : "cc");
		ns = util_now_ns() - t0;
		if (ns < best)
			best = ns;
	}
	return 25000000.0 * 8 / (double)best;
#else
	return 0;
#endif
}

/* Print how to call this and exit 2. */
static void __attribute__((noreturn))
fpinfo_usage(void)
{
	fprintf(stderr, "usage: fpinfo [-c cpu]\n");
	exit(2);
}

/* Pin if asked, measure the clock, print it with the fp path. */
int
main(int argc, char **argv)
{
	long	cpu = -1;
	int	ch;

	while ((ch = getopt(argc, argv, "c:")) != -1) {
		switch (ch) {
		case 'c':
			if (util_parse_long(optarg, 0, CPU_SETSIZE - 1, &cpu))
				fpinfo_usage();
			break;
		default:
			fpinfo_usage();
		}
	}
	if (optind != argc)
		fpinfo_usage();
	fpinfo_pin(cpu);
	printf("clock %.3f %s %d\n", fpinfo_clock_ghz(), fp_path(), fp_lanes());
	return 0;
}
