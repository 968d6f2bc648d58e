/*
 * fpinfo.c: what the fp load's peak is made of, for the benchmark script:
 * the core clock measured with chains the CPU cannot fold, and the vector
 * path the fp kernel picks here. A chain of `add $1, reg` is folded by
 * recent cores' renamers (issue 24 read 11.85 GHz for a 2.98 GHz core), so
 * the clock comes from `add reg, reg` (one cycle each: the added register
 * is not a known constant), cross-checked by `imul reg, reg` (three cycles
 * each on x86 cores since the Pentium Pro); the two must agree. The loads
 * themselves are measured by `smtscope run`, never here.
 *
 *	fpinfo [-c CPU]
 *
 * Prints one line: "clock GHZ fp-path LANES imul GHZ".
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

/* The best of 200 timings of 250000 iterations of an 8-long dependent chain, in ns. */
#define FPINFO_BEST(asm_body)						\
	do {								\
		for (i = 0; i < 200; i++) {				\
			n = 250000;					\
			t0 = util_now_ns();				\
			__asm__ __volatile__(asm_body			\
			    : "+r"(x), "+r"(n) : "r"(one) : "cc");	\
			ns = util_now_ns() - t0;			\
			if (ns < best)					\
				best = ns;				\
		}							\
	} while (0)

/* The clock from add reg,reg (one cycle each); 0 if unknown. */
static double
fpinfo_clock_ghz(void)
{
#if defined(__x86_64__)
	uint64_t	x = 0, n, t0, best = UINT64_MAX, ns, one = 1;
	int		i;

	FPINFO_BEST("1:\n\t"
	    "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
	    "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
	    "sub $1, %1\n\tjnz 1b");
	return 250000.0 * 8 / (double)best;
#else
	return 0;
#endif
}

/* The clock from imul reg,reg (three cycles each); 0 if unknown. */
static double
fpinfo_imul_ghz(void)
{
#if defined(__x86_64__)
	uint64_t	x = 3, n, t0, best = UINT64_MAX, ns, one = 0x9e3779b97f4a7c15ULL;
	int		i;

	FPINFO_BEST("1:\n\t"
	    "imul %2, %0\n\timul %2, %0\n\timul %2, %0\n\timul %2, %0\n\t"
	    "imul %2, %0\n\timul %2, %0\n\timul %2, %0\n\timul %2, %0\n\t"
	    "sub $1, %1\n\tjnz 1b");
	return 250000.0 * 8 * 3 / (double)best;
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
	printf("clock %.3f %s %d imul %.3f\n", fpinfo_clock_ghz(), fp_path(), fp_lanes(),
	    fpinfo_imul_ghz());
	return 0;
}
