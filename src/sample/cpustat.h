/*
 * cpustat.h: per-CPU and per-task time accounting from the OS.
 *
 * This header is OS-neutral; cpustat.c reads Linux's /proc (a port gives
 * it the OS's own source: doc/HACKING). Every function taking a procroot
 * reads <procroot>/proc/...: NULL means the one root, os_root() (""
 * unless $SMTSCOPE_ROOT is set); "" always means the real "/". Tests and
 * screen captures use the root to feed frozen data.
 */
#ifndef SMTSCOPE_CPUSTAT_H
#define SMTSCOPE_CPUSTAT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Cumulative time of one CPU in OS ticks (user includes guest time). */
struct cpustat_times {
	uint64_t	user;
	uint64_t	nice;
	uint64_t	system;
	uint64_t	idle;
	uint64_t	iowait;
	uint64_t	irq;
	uint64_t	softirq;
	uint64_t	steal;
};

/*
 * One snapshot of every CPU, indexed by OS CPU number. Zero it before the
 * first cpustat_sample(), which replaces its arrays on success.
 */
struct cpustat_sample {
	int			 ncpu;		/* max OS index + 1 */
	struct cpustat_times	*cpu;		/* ncpu entries */
	unsigned char		*present;	/* 1 if cpu[i] was read (online) */
	uint64_t		 t_ns;		/* CLOCK_MONOTONIC when taken */
};

/* Shares of one interval, in percent of its total ticks. */
struct cpustat_pct {
	double	user;
	double	nice;
	double	system;
	double	irq;
	double	softirq;
	double	steal;
	double	iowait;
	double	busy;		/* 100 - idle - iowait: steal counts as busy */
};

/* Accounting of one task (a load's process). */
struct cpustat_task {
	uint64_t	run_ns;		/* time on a CPU */
	uint64_t	wait_ns;	/* time runnable but waiting; 0 unknown */
	uint64_t	timeslices;	/* times run on a CPU; 0 unknown */
	int		last_cpu;	/* CPU it last ran on, -1 unknown */
	char		state;		/* 'R', 'S', 'T', 'Z'... */
	uint64_t	nvcsw;		/* voluntary context switches */
	uint64_t	nivcsw;		/* involuntary context switches */
};

/*
 * Take a snapshot of every CPU's counters. Returns 0, or -1 with a message
 * naming the file (and line) in err.
 */
int	cpustat_sample(struct cpustat_sample *, const char *procroot,
	    char *err, size_t errlen);

/* Free a sample's arrays and zero it. */
void	cpustat_free(struct cpustat_sample *);

/*
 * The ticks a CPU worked for this machine: user, nice, system, irq and
 * softirq; not idle or iowait, nor the time a hypervisor stole for other
 * guests. What the guards of run, check, c2c and the tours count others'
 * time from, each the same way.
 */
uint64_t	cpustat_work(const struct cpustat_times *);

/*
 * Percentages for one CPU between two samples. A counter that went
 * backwards counts as 0; an interval of zero ticks gives all zeros.
 * Returns -1 if the CPU is absent from either sample.
 */
int	cpustat_delta(const struct cpustat_sample *prev,
	    const struct cpustat_sample *cur, int cpu, struct cpustat_pct *);

/*
 * Read a task's accounting: run and wait time and time slices (schedstat,
 * or run time from utime+stime where schedstat is missing), last CPU and
 * state (stat), context switches (status). Returns -1 with errno set if
 * the task is gone or its files cannot be parsed.
 */
int	cpustat_task_read(pid_t, struct cpustat_task *, const char *procroot);

#endif
