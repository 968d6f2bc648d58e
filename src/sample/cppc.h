/*
 * cppc.h: what the firmware and the scheduler say of each CPU's speed:
 * ACPI CPPC's highest_perf (the favoured cores of a turbo boost max or
 * preferred-core machine rank higher) and whether the scheduler ranks
 * CPUs by it (ITMT, /proc/sys/kernel/sched_itmt_enabled). Read under the
 * one root (os_root()); absent files are unknown, never guessed.
 */
#ifndef SMTSCOPE_CPPC_H
#define SMTSCOPE_CPPC_H

/* A CPU's CPPC highest_perf, or -1 where sysfs does not give it. */
long	cppc_highest_perf(int cpu);
/* ITMT: 1 on, 0 off, -1 unknown (no such file). */
int	cppc_itmt(void);

#endif
