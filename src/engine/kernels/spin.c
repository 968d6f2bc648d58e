/* spin.c: a spin-wait loop on the CPU's pause hint. */
#include "config.h"

#include <stdlib.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

/* Loops per step: about 0.1 to 0.5 ms at 40 to 140 cycles a pause. */
#define SPIN_LOOPS	4096

struct spin_state {
	uint64_t	loops;
};

/* Tell the core we are spinning, as a lock's wait loop does. */
static inline void
spin_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ __volatile__("pause" ::: "memory");
#elif defined(__aarch64__) || (defined(__arm__) && defined(__ARM_ARCH) && __ARM_ARCH >= 7)
	__asm__ __volatile__("yield" ::: "memory");
#elif defined(__powerpc__) || defined(__powerpc64__)
	__asm__ __volatile__("or 27,27,27" ::: "memory");
#elif defined(__riscv)
	__asm__ __volatile__(".insn i 0x0F, 0, x0, x0, 0x010" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

/* Reject any parameter. */
static int
spin_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	(void)env;
	return kernels_parse_none("spin", param, p, err, errlen);
}

/* Nothing to prepare but a counter. */
static void *
spin_init(const struct kernel_param *p, char *err, size_t errlen)
{
	(void)p;
	(void)err;
	(void)errlen;
	return xcalloc(1, sizeof(struct spin_state));
}

/* Pause SPIN_LOOPS times; loops done. */
static uint64_t
spin_step(void *state)
{
	struct spin_state	*ss = state;
	int			 i;

	for (i = 0; i < SPIN_LOOPS; i++)
		spin_pause();
	ss->loops += SPIN_LOOPS;
	return SPIN_LOOPS;
}

/* Free the state. */
static void
spin_fini(void *state)
{
	free(state);
}

const struct kernel kernel_spin = {
	.name = "spin",
	.desc = "a spin-wait loop on the pause hint",
	.unit = "Mloop/s",
	.work_unit = "loop",
	.higher_is_better = 1,
	.scale = 1e-6,
	.ends = 1,
	.param_help = NULL,
	.parse = spin_parse,
	.init = spin_init,
	.step = spin_step,
	.peer = NULL,
	.fini = spin_fini,
};
