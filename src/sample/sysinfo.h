/*
 * sysinfo.h: machine facts that matter for measurements (SMT control,
 * CPU lists, cpufreq, boost, cpuidle, memory), read from Linux sysfs and
 * procfs, and the warnings `smtscope check` prints about them.
 *
 * Note: glibc's <sys/sysinfo.h> also declares a struct sysinfo; do not
 * include both in one file.
 */
#ifndef SMTSCOPE_SYSINFO_H
#define SMTSCOPE_SYSINFO_H

#include <stdint.h>

#define SYSINFO_MAX_IDLE	16
#define SYSINFO_LIST_MAX	512

/* One cpuidle state of cpu0. */
struct sysinfo_idle {
	char		name[32];	/* "POLL", "C1", "C6" */
	unsigned	latency_us;	/* exit latency */
	int		disabled;	/* 1 if disabled by the admin */
};

struct sysinfo {
	char	smt_control[32];	/* "on", "off", "notsupported"... "" */
	int	smt_active;		/* 1, 0, -1 unknown */

	/* CPU lists as the kernel writes them ("0-3,8"); "" if empty/absent. */
	char	online[SYSINFO_LIST_MAX];
	char	offline[SYSINFO_LIST_MAX];
	char	possible[SYSINFO_LIST_MAX];
	char	isolated[SYSINFO_LIST_MAX];
	char	allowed[SYSINFO_LIST_MAX];	/* this process: Cpus_allowed_list */

	char	cpufreq_driver[32];	/* "intel_pstate", "" not exposed */
	char	cpufreq_governor[32];	/* "powersave", "" not exposed */
	int	boost;			/* 1 on, 0 off, -1 unknown */
	uint64_t cur_khz;		/* cpu0 frequency, 0 not exposed */
	uint64_t max_khz;		/* cpu0 hardware maximum, 0 not exposed */

	char	idle_driver[32];	/* "intel_idle", "none", "" absent */
	char	idle_governor[32];	/* "menu", "haltpoll", "" */
	int	nidle;
	struct sysinfo_idle idle[SYSINFO_MAX_IDLE];

	uint64_t mem_available_bytes;	/* MemAvailable, 0 unknown */
};

/*
 * Read the facts from <sysroot>/sys and <sysroot>/proc (NULL: the one
 * root, os_root(); "" the live machine, then "allowed" is this process's).
 * Fields that are not
 * exposed stay empty or unknown. Returns -1 only if not even the online
 * CPU list could be read.
 */
int	sysinfo_read(struct sysinfo *, const char *sysroot);

/* Call emit once per human warning about what may skew measurements. */
void	sysinfo_warnings(const struct sysinfo *,
	    void (*emit)(const char *msg, void *arg), void *arg);

/*
 * Sample <procroot>/proc/stat twice, interval_s apart (procroot as in
 * cpustat.h), and store each CPU's busy percent into busy_pct_by_cpu[0..n),
 * -1 for CPUs absent (offline). Returns the number of CPU slots the machine
 * has (max OS index + 1; may exceed n, extra ones are not stored), or -1.
 */
int	sysinfo_busy_cpus(const char *procroot, double interval_s,
	    double *busy_pct_by_cpu, int n);

#endif
