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
 * Prints one line: "clock GHZ fp-path LANES imul GHZ fma GHZ best GFLOPS":
 * fma the clock with the fp load's vector FMAs in flight (0: no FMA path),
 * best the fp load's best step here (its code apart from the run).
 */
#include "config.h"

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "base/util.h"
#include "engine/kernels/kernel.h"
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

/*
 * One FMA on each of ten accumulators, as AT&T asm: acc = acc * m + c.
 * Operands: %2 to %11 the accumulators, %13 m, %14 c.
 */
#define FPINFO_FMA10(op)						\
	op " %14, %13, %2\n\t" op " %14, %13, %3\n\t"			\
	op " %14, %13, %4\n\t" op " %14, %13, %5\n\t"			\
	op " %14, %13, %6\n\t" op " %14, %13, %7\n\t"			\
	op " %14, %13, %8\n\t" op " %14, %13, %9\n\t"			\
	op " %14, %13, %10\n\t" op " %14, %13, %11\n\t"

/*
 * The clock while the FMA units work as the fp load works them: 8
 * dependent add reg,reg (8 cycles) beside 10 independent vector FMAs on
 * ten accumulators (5 cycles on two FMA pipes, off the chain's path). A
 * core that lowers its clock for wide vector work (AVX-512 licences) shows
 * it here, where add reg,reg alone runs at the scalar clock.
 */
#define FPINFO_FMA_BEST(vtype, set1, op)					\
	do {								\
		vtype	a0 = set1(1), a1 = set1(1), a2 = set1(1);	\
		vtype	a3 = set1(1), a4 = set1(1), a5 = set1(1);	\
		vtype	a6 = set1(1), a7 = set1(1), a8 = set1(1);	\
		vtype	a9 = set1(1), m = set1(0.999), c = set1(0.001);	\
									\
		for (i = 0; i < 200; i++) {				\
			n = 250000;					\
			t0 = util_now_ns();				\
			__asm__ __volatile__("1:\n\t"			\
			    "add %12, %0\n\tadd %12, %0\n\tadd %12, %0\n\t"	\
			    "add %12, %0\n\tadd %12, %0\n\tadd %12, %0\n\t"	\
			    "add %12, %0\n\tadd %12, %0\n\t"		\
			    FPINFO_FMA10(op)				\
			    "sub $1, %1\n\tjnz 1b"			\
			    : "+r"(x), "+r"(n), "+v"(a0), "+v"(a1),	\
			    "+v"(a2), "+v"(a3), "+v"(a4), "+v"(a5), "+v"(a6), \
			    "+v"(a7), "+v"(a8), "+v"(a9)			\
			    : "r"(one), "v"(m), "v"(c) : "cc");		\
			ns = util_now_ns() - t0;			\
			if (ns < best)					\
				best = ns;				\
		}							\
	} while (0)

#if defined(__x86_64__)
/* The clock with 512-bit FMAs in flight. */
__attribute__((target("avx512f")))
static double
fpinfo_fma512_ghz(void)
{
	uint64_t	x = 0, n, t0, best = UINT64_MAX, ns, one = 1;
	int		i;

	FPINFO_FMA_BEST(__m512d, _mm512_set1_pd, "vfmadd213pd");
	return 250000.0 * 8 / (double)best;
}

/* The clock with 256-bit FMAs in flight. */
__attribute__((target("avx2,fma")))
static double
fpinfo_fma256_ghz(void)
{
	uint64_t	x = 0, n, t0, best = UINT64_MAX, ns, one = 1;
	int		i;

	FPINFO_FMA_BEST(__m256d, _mm256_set1_pd, "vfmadd213pd");
	return 250000.0 * 8 / (double)best;
}
#endif

/* The clock with the fp load's FMAs in flight, on its path; 0 if unknown. */
static double
fpinfo_fma_ghz(const char *path)
{
#if defined(__x86_64__)
	if (strcmp(path, "avx512f") == 0)
		return fpinfo_fma512_ghz();
	if (strcmp(path, "avx2+fma") == 0)
		return fpinfo_fma256_ghz();
#else
	(void)path;
#endif
	return 0;
}

/*
 * The fp load's best step of 2000, in GFLOP/s: its own code at its best
 * on this CPU, apart from how a whole run shares the CPU (interrupts, a
 * hypervisor's other guests); 0 if it cannot start.
 */
static double
fpinfo_fp_best(void)
{
	const struct kernel	*k = kernel_find("fp");
	struct kernel_param	 p;
	uint64_t		 t0, ns, done;
	double			 best = 0;
	void			*st;
	char			 err[256];
	int			 i;

	memset(&p, 0, sizeof p);
	for (i = 0; i < 4; i++)
		p.fd[i] = -1;
	if (k == NULL || (st = k->init(&p, err, sizeof err)) == NULL)
		return 0;
	for (i = 0; i < 2000; i++) {
		t0 = util_now_ns();
		done = k->step(st);
		ns = util_now_ns() - t0;
		if (ns > 0 && (double)done / (double)ns > best)
			best = (double)done / (double)ns;
	}
	if (k->fini != NULL)
		k->fini(st);
	return best;
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
	printf("clock %.3f %s %d imul %.3f fma %.3f best %.2f\n", fpinfo_clock_ghz(),
	    fp_path(), fp_lanes(), fpinfo_imul_ghz(), fpinfo_fma_ghz(fp_path()),
	    fpinfo_fp_best());
	return 0;
}
