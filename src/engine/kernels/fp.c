/* fp.c: fused multiply-add on independent accumulators, widest SIMD there is. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define FP_X86 1
#else
#define FP_X86 0
#endif

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

/* Enough chains to cover 2 FMA ports x 4 to 6 cycles of latency. */
#define FP_ACCS		12
/* Iterations per step: 65536 x 12 vector FMAs, about 0.1 to 0.3 ms. */
#define FP_ITERS	65536
/* acc = acc * FP_MUL + FP_ADD tends to 1: no overflow, no denormals. */
#define FP_MUL		0.999
#define FP_ADD		0.001

struct fp_state {
	uint64_t	(*run)(double *, long);
	double		*acc;		/* FP_ACCS x 8 doubles, 64-byte aligned */
};

/* Repeat a statement for each of the 12 accumulators a0..a11. */
#define FP_12(op) do {							\
	op(a0); op(a1); op(a2); op(a3); op(a4); op(a5);			\
	op(a6); op(a7); op(a8); op(a9); op(a10); op(a11);		\
} while (0)

#if FP_X86
/* 512-bit FMA: 8 doubles a lane group; flops done. */
__attribute__((target("avx512f")))
static uint64_t
fp_run_avx512(double *acc, long n)
{
	__m512d	m = _mm512_set1_pd(FP_MUL), c = _mm512_set1_pd(FP_ADD);
	__m512d	a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;
	long	i;

	a0 = _mm512_load_pd(acc + 0);
	a1 = _mm512_load_pd(acc + 8);
	a2 = _mm512_load_pd(acc + 16);
	a3 = _mm512_load_pd(acc + 24);
	a4 = _mm512_load_pd(acc + 32);
	a5 = _mm512_load_pd(acc + 40);
	a6 = _mm512_load_pd(acc + 48);
	a7 = _mm512_load_pd(acc + 56);
	a8 = _mm512_load_pd(acc + 64);
	a9 = _mm512_load_pd(acc + 72);
	a10 = _mm512_load_pd(acc + 80);
	a11 = _mm512_load_pd(acc + 88);
#define FP_FMA512(v)	v = _mm512_fmadd_pd(v, m, c)
	for (i = 0; i < n; i++)
		FP_12(FP_FMA512);
#undef FP_FMA512
	_mm512_store_pd(acc + 0, a0);
	_mm512_store_pd(acc + 8, a1);
	_mm512_store_pd(acc + 16, a2);
	_mm512_store_pd(acc + 24, a3);
	_mm512_store_pd(acc + 32, a4);
	_mm512_store_pd(acc + 40, a5);
	_mm512_store_pd(acc + 48, a6);
	_mm512_store_pd(acc + 56, a7);
	_mm512_store_pd(acc + 64, a8);
	_mm512_store_pd(acc + 72, a9);
	_mm512_store_pd(acc + 80, a10);
	_mm512_store_pd(acc + 88, a11);
	return (uint64_t)n * FP_ACCS * 8 * 2;
}

/* 256-bit FMA: 4 doubles a lane group; flops done. */
__attribute__((target("avx2,fma")))
static uint64_t
fp_run_avx2(double *acc, long n)
{
	__m256d	m = _mm256_set1_pd(FP_MUL), c = _mm256_set1_pd(FP_ADD);
	__m256d	a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;
	long	i;

	a0 = _mm256_load_pd(acc + 0);
	a1 = _mm256_load_pd(acc + 4);
	a2 = _mm256_load_pd(acc + 8);
	a3 = _mm256_load_pd(acc + 12);
	a4 = _mm256_load_pd(acc + 16);
	a5 = _mm256_load_pd(acc + 20);
	a6 = _mm256_load_pd(acc + 24);
	a7 = _mm256_load_pd(acc + 28);
	a8 = _mm256_load_pd(acc + 32);
	a9 = _mm256_load_pd(acc + 36);
	a10 = _mm256_load_pd(acc + 40);
	a11 = _mm256_load_pd(acc + 44);
#define FP_FMA256(v)	v = _mm256_fmadd_pd(v, m, c)
	for (i = 0; i < n; i++)
		FP_12(FP_FMA256);
#undef FP_FMA256
	_mm256_store_pd(acc + 0, a0);
	_mm256_store_pd(acc + 4, a1);
	_mm256_store_pd(acc + 8, a2);
	_mm256_store_pd(acc + 12, a3);
	_mm256_store_pd(acc + 16, a4);
	_mm256_store_pd(acc + 20, a5);
	_mm256_store_pd(acc + 24, a6);
	_mm256_store_pd(acc + 28, a7);
	_mm256_store_pd(acc + 32, a8);
	_mm256_store_pd(acc + 36, a9);
	_mm256_store_pd(acc + 40, a10);
	_mm256_store_pd(acc + 44, a11);
	return (uint64_t)n * FP_ACCS * 4 * 2;
}

/* 128-bit multiply then add (SSE2 has no FMA): 2 doubles; flops done. */
static uint64_t
fp_run_sse2(double *acc, long n)
{
	__m128d	m = _mm_set1_pd(FP_MUL), c = _mm_set1_pd(FP_ADD);
	__m128d	a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;
	long	i;

	a0 = _mm_load_pd(acc + 0);
	a1 = _mm_load_pd(acc + 2);
	a2 = _mm_load_pd(acc + 4);
	a3 = _mm_load_pd(acc + 6);
	a4 = _mm_load_pd(acc + 8);
	a5 = _mm_load_pd(acc + 10);
	a6 = _mm_load_pd(acc + 12);
	a7 = _mm_load_pd(acc + 14);
	a8 = _mm_load_pd(acc + 16);
	a9 = _mm_load_pd(acc + 18);
	a10 = _mm_load_pd(acc + 20);
	a11 = _mm_load_pd(acc + 22);
#define FP_MULADD128(v)	v = _mm_add_pd(_mm_mul_pd(v, m), c)
	for (i = 0; i < n; i++)
		FP_12(FP_MULADD128);
#undef FP_MULADD128
	_mm_store_pd(acc + 0, a0);
	_mm_store_pd(acc + 2, a1);
	_mm_store_pd(acc + 4, a2);
	_mm_store_pd(acc + 6, a3);
	_mm_store_pd(acc + 8, a4);
	_mm_store_pd(acc + 10, a5);
	_mm_store_pd(acc + 12, a6);
	_mm_store_pd(acc + 14, a7);
	_mm_store_pd(acc + 16, a8);
	_mm_store_pd(acc + 18, a9);
	_mm_store_pd(acc + 20, a10);
	_mm_store_pd(acc + 22, a11);
	return (uint64_t)n * FP_ACCS * 2 * 2;
}
#else
/* Scalar fma(), which compilers turn into the CPU's FMA; flops done. */
static uint64_t
fp_run_fma(double *acc, long n)
{
	double	a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
	double	a4 = acc[4], a5 = acc[5], a6 = acc[6], a7 = acc[7];
	double	a8 = acc[8], a9 = acc[9], a10 = acc[10], a11 = acc[11];
	long	i;

#define FP_FMA1(v)	v = fma(v, FP_MUL, FP_ADD)
	for (i = 0; i < n; i++)
		FP_12(FP_FMA1);
#undef FP_FMA1
	acc[0] = a0; acc[1] = a1; acc[2] = a2; acc[3] = a3;
	acc[4] = a4; acc[5] = a5; acc[6] = a6; acc[7] = a7;
	acc[8] = a8; acc[9] = a9; acc[10] = a10; acc[11] = a11;
	return (uint64_t)n * FP_ACCS * 2;
}
#endif

/* Name the widest path this CPU (and OS) can run. */
const char *
fp_path(void)
{
#if FP_X86
	if (__builtin_cpu_supports("avx512f"))
		return "avx512f";
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return "avx2+fma";
	return "sse2";
#else
	return "fma";
#endif
}

/* Doubles per vector on the chosen path. */
int
fp_lanes(void)
{
	const char	*path = fp_path();

	if (strcmp(path, "avx512f") == 0)
		return 8;
	if (strcmp(path, "avx2+fma") == 0)
		return 4;
	if (strcmp(path, "sse2") == 0)
		return 2;
	return 1;
}

/* Reject any parameter. */
static int
fp_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	(void)env;
	return kernels_parse_none("fp", param, p, err, errlen);
}

/* Pick the path and seed the accumulators. */
static void *
fp_init(const struct kernel_param *p, char *err, size_t errlen)
{
	struct fp_state	*fs;
	const char	*path = fp_path();
	int		 i;

	(void)p;
	fs = xcalloc(1, sizeof *fs);
	if (posix_memalign((void **)&fs->acc, 64,
	    FP_ACCS * 8 * sizeof *fs->acc) != 0) {
		snprintf(err, errlen, "fp: cannot allocate accumulators");
		free(fs);
		return NULL;
	}
	for (i = 0; i < FP_ACCS * 8; i++)
		fs->acc[i] = 1.0 + (double)i / 1024;
#if FP_X86
	if (strcmp(path, "avx512f") == 0)
		fs->run = fp_run_avx512;
	else if (strcmp(path, "avx2+fma") == 0)
		fs->run = fp_run_avx2;
	else
		fs->run = fp_run_sse2;
#else
	(void)path;
	fs->run = fp_run_fma;
#endif
	return fs;
}

/* Run FP_ITERS rounds of FMA on every accumulator; flops done. */
static uint64_t
fp_step(void *state)
{
	struct fp_state	*fs = state;

	return fs->run(fs->acc, FP_ITERS);
}

/* Free the state. */
static void
fp_fini(void *state)
{
	struct fp_state	*fs = state;

	free(fs->acc);
	free(fs);
}

const struct kernel kernel_fp = {
	.name = "fp",
	.desc = "fused multiply-add on 12 vector accumulators (widest SIMD)",
	.unit = "GFLOP/s",
	.work_unit = "flop",
	.higher_is_better = 1,
	.scale = 1e-9,
	.ends = 1,
	.param_help = NULL,
	.parse = fp_parse,
	.init = fp_init,
	.step = fp_step,
	.peer = NULL,
	.fini = fp_fini,
};
