/*
 * perf.h: per-load counters (os.h: perf_event_open(2) on Linux): a hardware group
 * (cycles, instructions, ref-cycles, last-level-cache misses) and a
 * software group (task-clock, context switches, CPU migrations) on each
 * process of a load, inherited by its children and threads, each group
 * read with one read(2). The arithmetic (deltas across wrap, multiplex
 * scaling, IPC, GHz, MPKI, rates) is pure and unit-tested; where a counter
 * cannot be had, the reason says why in words.
 */
#ifndef SMTSCOPE_PERF_H
#define SMTSCOPE_PERF_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "os/os.h"

/* The events, hardware first; the order of each group's members (os.h opens them). */
enum perf_ev {
	PERF_EV_CYCLES = OS_EV_CYCLES,
	PERF_EV_INSTR = OS_EV_INSTR,
	PERF_EV_REF_CYCLES = OS_EV_REF_CYCLES,
	PERF_EV_LLC_MISS = OS_EV_LLC_MISS,
	PERF_EV_TASK_CLOCK = OS_EV_TASK_CLOCK,	/* ns */
	PERF_EV_CTX_SWITCH = OS_EV_CTX_SWITCH,
	PERF_EV_MIGRATION = OS_EV_MIGRATION,
	PERF_NEV = OS_NEV
};
#define PERF_EV_HW_FIRST	PERF_EV_CYCLES
#define PERF_EV_SW_FIRST	PERF_EV_TASK_CLOCK
#define PERF_WHY_MAX		160	/* one reason; perf_load_why() may join two */

/* A reading of a load's counters, summed over its processes. */
struct perf_reading {
	uint64_t	val[PERF_NEV];	/* raw counts */
	uint64_t	ena[PERF_NEV];	/* time enabled of the event's group, ns */
	uint64_t	run[PERF_NEV];	/* time on the PMU of the event's group, ns */
	unsigned	have;		/* bit (1 << event) per event read */
	unsigned	user_only;	/* bit per event counted in user space only */
};

/* What a load's counters said between two readings. */
struct perf_window {
	double	d[PERF_NEV];	/* deltas, scaled for multiplexing; NAN not counted */
	double	secs;		/* wall time between the readings */
	int	multiplexed;	/* a group ran less than it was enabled: scaled */
	double	ipc;		/* instructions per cycle */
	double	ghz;		/* cycles per ns of task-clock: the clock while running */
	double	llc_mpki;	/* last-level-cache misses per 1000 instructions */
	double	ctx_per_s;	/* context switches per second of wall time */
	double	migr_per_s;	/* CPU migrations per second of wall time */
};

/* What this machine lets smtscope count (probed once on smtscope itself). */
struct perf_caps {
	int	hw;			/* cycles and instructions */
	int	llc;			/* last-level-cache misses */
	int	sw;			/* task-clock */
	int	sched;			/* context switches and migrations (in the kernel) */
	int	paranoid;		/* kernel.perf_event_paranoid, -9 unknown */
	char	hw_why[PERF_WHY_MAX];	/* why no hardware counters, "" when hw */
	char	sw_why[PERF_WHY_MAX];	/* why no software counters, "" when sw */
	char	sched_why[PERF_WHY_MAX];	/* why no switches and migrations */
};

struct perf_load;

/* An empty set of counters for one load. */
struct perf_load *perf_load_new(void);
/* Open both groups on one process of the load (inherited by its children); -1 if none. */
int		 perf_load_attach(struct perf_load *, pid_t pid);
/* Read every group once, summed over the load's processes. */
void		 perf_load_read(const struct perf_load *, struct perf_reading *);
/* Why the load has no hardware (or no software) counters; "" when it has both. */
const char	*perf_load_why(const struct perf_load *);
/* Close every counter and free. */
void		 perf_load_free(struct perf_load *);

/* The probe's facts, cached after the first call. */
const struct perf_caps *perf_probe(void);

/* The difference b - a of a monotonic 64-bit counter, across one wrap. */
uint64_t	 perf_delta(uint64_t a, uint64_t b);
/* A delta scaled for multiplexing (enabled / running); NAN if it never ran. */
double		 perf_scale(uint64_t dval, uint64_t dena, uint64_t drun);
/* The derived figures between two readings dt_ns apart. */
void		 perf_window(const struct perf_reading *a, const struct perf_reading *b,
		     uint64_t dt_ns, struct perf_window *);
/* A window with no figures: every one NAN. */
void		 perf_window_clear(struct perf_window *);
/* The reason, in words, that opening a counter failed with err. */
void		 perf_reason(char *buf, size_t len, int hw, int err, int paranoid,
		     int hypervisor, int pmu_in_sysfs);
/* Why context switches and migrations are not counted (only user time may be). */
void		 perf_sched_reason(char *buf, size_t len, int paranoid);
/* "ipc 2.41 3.90 GHz llc 1.2/ki 120 cs/s 3 mig/s" with "-" for missing. */
void		 perf_format(const struct perf_window *, char *buf, size_t len);

#endif
