/*
 * foreign.h: who else runs on each CPU. Each sample scans /proc/PID/task/
 * TID/stat (under the settable proc root, as cpustat does): a thread's CPU
 * time since the last sample is charged to the CPU it last ran on, threads
 * counted with their process, as top shows them. Processes the caller
 * names as its own (smtscope and its loads) are left out.
 */
#ifndef SMTSCOPE_FOREIGN_H
#define SMTSCOPE_FOREIGN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One foreign process's use of one CPU over the last interval. */
struct foreign_proc {
	pid_t	pid;
	char	comm[16];
	int	cpu;
	double	share;		/* of that CPU's time over the interval, 0..1 */
};

struct foreign;

/* A sampler reading <procroot>/proc (NULL: the one root, os_root()) for up to ncpus CPUs. */
struct foreign	*foreign_new(const char *procroot, int ncpus);
void		 foreign_free(struct foreign *);
/*
 * Scan every thread; figures cover the time since the previous scan (none
 * after the first). own: process ids to leave out, with their children
 * (loads and their forks). Returns 0, or -1 if /proc cannot be read.
 */
int		 foreign_sample(struct foreign *, const pid_t *own, int nown,
		     unsigned long long now_ns);
/* Seconds the last interval covered; 0 before two scans. */
double		 foreign_interval_s(const struct foreign *);
/*
 * The share of a CPU others took over the last interval, 0..1: its busy
 * time (/proc/stat: user, nice, system, irq, softirq; not the time a
 * hypervisor stole, which no process here took) less the caller's
 * processes', or what the processes scanned took where that is more (or
 * /proc/stat cannot be read).
 */
double		 foreign_cpu_share(const struct foreign *, int cpu);
/*
 * The part of that share no process scanned accounts for: processes that
 * began and ended between two scans (a build's compilers, a shell loop's
 * commands), a child of ours not yet reaped, interrupts.
 */
double		 foreign_cpu_unnamed(const struct foreign *, int cpu);
/*
 * The share of a CPU's time over the last interval that the hypervisor
 * gave other guests (/proc/stat steal), 0..1: not part of others' share
 * above, but why a load here got less of its CPU than it asked for.
 */
double		 foreign_cpu_steal(const struct foreign *, int cpu);
/* The foreign processes on a CPU, largest first; how many were written. */
int		 foreign_top(const struct foreign *, int cpu, struct foreign_proc *, int max);
/*
 * A process's own CPU time (utime+stime) with that of its reaped children
 * (cutime+cstime: a fork load's), in ns; sys_ns (may be NULL): the system
 * part of it (stime+cstime); and the CPU it last ran on. For the caller's
 * own processes; -1 if the process is gone.
 */
int		 foreign_proc_ns(const struct foreign *, pid_t pid, uint64_t *ns,
		     uint64_t *sys_ns, int *cpu);
/*
 * "cc1 (4242) 40%, Xorg (812) 6%" for the top few above min_share, then
 * what no process accounts for, each part above min_share: "short-lived
 * processes 30%", "interrupts 8%"; "" if none.
 */
void		 foreign_describe(const struct foreign *, int cpu, double min_share, int max,
		     char *buf, size_t len);

#endif
