/*
 * cpuidle.h: each logical CPU's idle states from Linux's cpuidle sysfs
 * (/sys/devices/system/cpu/cpuN/cpuidle/stateK: name, exit latency,
 * disable, usage and time), read without privileges under the one root
 * (os_root(): $SMTSCOPE_ROOT in tests, <root>/sys and <root>/proc), and the one
 * write smtscope makes there: a state's disable flag (check --idle=states).
 * What cannot be read says why: no cpuidle driver, a hypervisor that shows
 * no states.
 */
#ifndef SMTSCOPE_CPUIDLE_H
#define SMTSCOPE_CPUIDLE_H

#include <stddef.h>
#include <stdint.h>

#define CPUIDLE_MAX_STATES	16
#define CPUIDLE_NAME_MAX	32
#define CPUIDLE_WHY_MAX		160

/* One idle state of one CPU, as read at one time. */
struct cpuidle_state {
	char		name[CPUIDLE_NAME_MAX];	/* "POLL", "C1E", "haltpoll idle" */
	unsigned	latency_us;	/* exit latency */
	int		disabled;	/* its disable flag is set (by anyone) */
	uint64_t	usage;		/* times entered so far */
	uint64_t	time_us;	/* time spent in it so far */
};

/* A CPU's idle states at one time. */
struct cpuidle_cpu {
	int			cpu;		/* OS index */
	int			nstates;	/* 0: none could be read */
	uint64_t		t_ns;		/* CLOCK_MONOTONIC when read */
	struct cpuidle_state	st[CPUIDLE_MAX_STATES];
};

/* What a CPU did between two readings: each state's share of the time and entries. */
struct cpuidle_res {
	int		nstates;	/* 0: unknown (no states, or they changed) */
	uint64_t	wall_ns;
	double		share[CPUIDLE_MAX_STATES];	/* of wall time, 0..1 */
	uint64_t	usage[CPUIDLE_MAX_STATES];	/* entries */
};

/* The root readers use: root itself, or (NULL) the one root, os_root(). */
const char	*cpuidle_root(const char *root);
/*
 * The cpuidle driver with its governor ("haltpoll, governor haltpoll"): 0,
 * or -1 with why no states can be read, said once for the whole machine
 * (no cpuidle driver; a hypervisor showing none; sysfs without cpuidle).
 * hypervisor: the one cpuinfo names, or "" (for the reason's words).
 */
int		 cpuidle_driver(const char *root, const char *hypervisor, char *driver,
		     size_t dlen, char *why, size_t wlen);
/* Read a CPU's states now; their number (0 when it has none), -1 when unreadable. */
int		 cpuidle_read(const char *root, int cpu, struct cpuidle_cpu *);
/* What a CPU did from a to b: 0, or -1 (res->nstates 0) when they do not match. */
int		 cpuidle_delta(const struct cpuidle_cpu *a, const struct cpuidle_cpu *b,
		     struct cpuidle_res *res);
/* The path of a state's disable flag under root; -1 if it does not fit. */
int		 cpuidle_disable_path(const char *root, int cpu, int state, char *buf,
		     size_t len);
/* Write a state's disable flag (0 or 1); -1 with "PATH: why". */
int		 cpuidle_set_disable(const char *root, int cpu, int state, int value,
		     char *err, size_t errlen);
/*
 * The states that shallow idle leaves enabled: those with exit latency 0
 * (POLL), or the first alone when none has; a bit per state.
 */
unsigned	 cpuidle_shallow_mask(const struct cpuidle_cpu *);
/*
 * Does the kernel count this CPU's busy clock by APERF/MPERF (the
 * aperfmperf flag in <root>/proc/cpuinfo)? Then cpufreq's current MHz is
 * the average while busy, as turbostat's Bzy_MHz. 1, 0, or -1 unknown.
 */
int		 cpuidle_aperfmperf(const char *root);
/*
 * A CPU's clock while busy, in MHz, as turbostat's Bzy_MHz: /proc/cpuinfo's
 * "cpu MHz" where the kernel computes it by APERF/MPERF (aperfmperf), else
 * cpufreq's scaling_cur_freq (the clock of the last change, not weighted
 * by busy time: src says so). NAN with why when neither gives it.
 */
double		 cpuidle_busy_mhz(const char *root, int cpu, char *src, size_t srclen,
		     char *why, size_t whylen);

#endif
