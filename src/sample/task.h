/*
 * task.h: one process's software figures as the scheduler keeps them: time
 * on a CPU, voluntary and involuntary context switches, CPU migrations,
 * and the CPU time of its reaped children (a fork load's forks). They cost
 * the process nothing: the kernel counts them anyway, and they are read
 * from /proc at the edges of a window (a perf software event on the task
 * would hook its every switch, and slow a load that switches for a living).
 *
 * task.c reads Linux's <root>/proc/PID/schedstat, status, sched and stat
 * (root NULL: os_root(); "": the real one, as for the supervisor's loads).
 */
#ifndef SMTSCOPE_TASK_H
#define SMTSCOPE_TASK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Which figures a reading holds. */
#define TASK_RUN	0x1	/* run_ns, child_ns */
#define TASK_SWITCHES	0x2	/* vcsw, ivcsw */
#define TASK_MIGRATIONS	0x4	/* migrations */
#define TASK_ALL	(TASK_RUN | TASK_SWITCHES | TASK_MIGRATIONS)
#define TASK_WHY_MAX	160

/* One reading of a process; each figure counts up from its start. */
struct task_figures {
	uint64_t	run_ns;		/* on a CPU: schedstat, else utime+stime */
	uint64_t	child_ns;	/* reaped children's utime+stime (cutime+cstime) */
	uint64_t	vcsw;		/* voluntary context switches (it waited) */
	uint64_t	ivcsw;		/* involuntary ones (it was preempted) */
	uint64_t	migrations;	/* moves to another CPU (se.nr_migrations) */
	unsigned	have;		/* TASK_* bits of what was read */
};

/*
 * Read a process's figures. 0 with have saying which could be read, or -1
 * with errno when the process is gone (nothing read).
 */
int	task_read(pid_t, const char *root, struct task_figures *);
/*
 * What task_read() gives for a process here, and why not the rest: the
 * TASK_* bits, the reason for what is missing in why ("" when all).
 */
unsigned task_probe(pid_t, const char *root, char *why, size_t len);

#endif
