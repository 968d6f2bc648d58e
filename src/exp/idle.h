/*
 * idle.h: what waking an idle CPU costs (check --idle, and a section of
 * the default check). Pipe round trips and fork+exit+wait on each
 * relation of the check's plan, each measured in windows that alternate,
 * in one run, between the idle states as the system has them and shallow
 * idle held; per relation the two times, their difference (the wake-up
 * cost) with its spread, and the waking CPU's idle residency in each.
 *
 * idle_hold.c holds shallow idle safely: by PM QoS (the kernel ends the
 * hold when the descriptor closes, whatever ends smtscope), or, asked
 * for with --idle=states, by each deeper state's disable flag on the
 * measured CPUs, recorded under <root>/run/smtscope and written back by a
 * guard process on every exit, SIGKILL included. check_idle.c plans and
 * measures; idle_calc.c is the arithmetic; report/idle_report.c prints.
 */
#ifndef SMTSCOPE_IDLE_H
#define SMTSCOPE_IDLE_H

#include <stddef.h>
#include <sys/types.h>

#include "base/cpuset.h"
#include "sample/cpuidle.h"
#include "sample/foreign.h"
#include "model/topo.h"

/* How shallow idle is held. */
enum idle_how {
	IDLE_OFF,	/* not measured */
	IDLE_QOS,	/* PM QoS: /dev/cpu_dma_latency held at 0 */
	IDLE_STATES	/* --idle=states: deeper states disabled on the measured CPUs */
};

/* The two columns, measured in alternation. */
#define IDLE_ASIS	0	/* the idle states as the system has them */
#define IDLE_HELD	1	/* shallow idle held */
#define IDLE_NMODES	2

#define IDLE_ROUNDS_MAX	8	/* rounds of one window each way */
#define IDLE_ROUNDS	3	/* check --idle */
#define IDLE_ROUNDS_CHECK 2	/* the default check's section */
#define IDLE_BUDGET_S	15.0	/* check --idle without --time measures in about this */
#define IDLE_WIN_MIN_S	0.25
#define IDLE_WIN_MAX_S	2.0
#define IDLE_WARMUP_S	0.05	/* after the hold changes */
#define IDLE_REC_MAX	(8 * CPUIDLE_MAX_STATES)
/* Where --idle=states records what it changed, under the root. */
#define IDLE_RECORD	"/run/smtscope/idle-states"
/* The one line said where the hold cannot be had for want of access. */
#define IDLE_NO_ACCESS	"idle hold needs write access to /dev/cpu_dma_latency (root " \
	"or CAP_SYS_ADMIN)"

/* One state's disable flag as --idle=states found it. */
struct idle_rec {
	int	cpu;
	int	state;
	int	orig;		/* its disable flag before */
	char	name[CPUIDLE_NAME_MAX];
};

/* A hold of shallow idle, released on every path. */
struct idle_hold {
	enum idle_how	 how;
	char		 root[256];
	int		 qos_fd;	/* IDLE_QOS while held; -1 */
	int		 held;
	/* IDLE_STATES */
	struct idle_rec	 rec[IDLE_REC_MAX];
	int		 nrec;
	char		 record[4096];	/* the record's path */
	int		 guard_fd;	/* -1 without a guard */
	pid_t		 guard_pid;
};

/* One window: the time per operation, and what the waking CPU did. */
struct idle_win {
	double			us;		/* per round trip or fork; NAN none */
	double			spread;		/* relative, of its sub-windows */
	double			foreign;	/* others' CPU time on the cell's CPUs, in CPUs */
	int			disturbed;
	struct cpuidle_res	res;		/* the waking CPU's residency */
};

/* One kernel on one relation: windows each way, and what they make. */
struct idle_cell {
	int		 state;		/* CHECK_NOT_RUN, CHECK_DONE, CHECK_FAILED */
	char		 error[600];
	int		 cpu;		/* the waking CPU: the partner (the anchor on same-pu) */
	struct idle_win	 win[IDLE_NMODES][IDLE_ROUNDS_MAX];
	int		 nwin[IDLE_NMODES];
	/* idle_cell_finish(): */
	double		 us[IDLE_NMODES];	/* median of the windows; NAN none */
	double		 spread[IDLE_NMODES];	/* relative: the windows' range, or one's own */
	double		 wake_us;		/* us[ASIS] - us[HELD]: the wake-up cost */
	double		 wake_spread_us;	/* how far a round's own difference strays */
	double		 ratio;			/* us[ASIS] / us[HELD] */
	int		 disturbed;		/* a window of it was */
	int		 ndisturbed;		/* how many */
	struct foreign_proc who[4];		/* others in its worst window, largest first */
	int		 nwho;
	double		 foreign;		/* others' CPUs in that window */
	struct cpuidle_res res[IDLE_NMODES];	/* residency over each mode's windows */
};

/* A kernel's row: pipe or fork, a cell per relation. */
struct idle_row {
	char			 kern[64];	/* "pipe", "fork" */
	int			 ends;		/* 2: a round trip between two CPUs */
	struct idle_cell	 cell[REL_COUNT];
};

/* The experiment: how it holds, what the machine shows, the rows. */
struct check_idle {
	enum idle_how	 how;
	int		 section;	/* a section of the default check (pipe, no same-pu) */
	int		 can_hold;	/* the hold can be had here */
	char		 hold_why[4608];	/* else why not */
	char		 driver[96];	/* "haltpoll, governor haltpoll"; "" none */
	char		 states_why[CPUIDLE_WHY_MAX];	/* why no residency, "" when it is read */
	char		 names[CPUIDLE_MAX_STATES][CPUIDLE_NAME_MAX];	/* CPU 0's states */
	unsigned	 latency_us[CPUIDLE_MAX_STATES];
	int		 nnames;
	long long	 qos_before;	/* the PM QoS limit before, us; -1 unknown */
	int		 rounds;
	double		 win_s;		/* the longest window */
	struct idle_row	 rows[2];
	int		 nrows;
	int		 nwindows;	/* planned */
	struct idle_hold hold;
};

/* idle_hold.c */
/* A hold not yet made (how, under root: NULL is cpuidle_root(NULL)). */
void	idle_hold_init(struct idle_hold *, enum idle_how, const char *root);
/*
 * Make ready to hold: IDLE_QOS tries the hold once and lets go; IDLE_STATES
 * refuses a record left by another run, records each deeper state's flag
 * on cpus and starts the guard. -1 with why (IDLE_NO_ACCESS without access).
 */
int	idle_hold_open(struct idle_hold *, const struct cpuset *cpus, char *err,
	    size_t errlen);
/*
 * Can shallow idle be held here, and would it change anything? PM QoS's
 * device tried, and the cpuidle driver looked at; 0, or -1 with why.
 */
int	idle_can_hold(const char *hypervisor, char *why, size_t len);
/* Hold shallow idle now; -1 with why. */
int	idle_hold_on(struct idle_hold *, char *err, size_t errlen);
/* Let go: the descriptor closed, or each flag written back; -1 with why. */
int	idle_hold_off(struct idle_hold *, char *err, size_t errlen);
/* Let go and end the guard (which removes the record); -1 with why. */
int	idle_hold_close(struct idle_hold *, char *err, size_t errlen);
/*
 * Is a record of --idle=states under root? 0 when none (a stale one whose
 * states are all back is removed), -1 with what it says: another smtscope
 * running, or states a previous run left disabled and how to restore them.
 */
int	idle_record_check(const char *root, char *err, size_t errlen);
/*
 * check --idle=restore: write back what the record says and remove it; 0
 * with what was done in msg (or that nothing was left), -1 with why.
 */
int	idle_record_restore(const char *root, char *msg, size_t msglen);

/* idle_record.c: idle residency in recordings (record_run.c hooks it). */
struct idle_track;
struct jsonw;
/* A tracker for a recording of m (hypervisor: cpuinfo's, for the reason's words). */
struct idle_track *idle_track_new(const struct topo *, const char *hypervisor);
void	idle_track_free(struct idle_track *);
/* Add the header's "idle_states" and "idle_unavailable". */
void	idle_track_header(const struct idle_track *, struct jsonw *);
/* Add a sample's "i": each CPU's share per state since the last, in whole percent. */
void	idle_track_sample(struct idle_track *, struct jsonw *);

/* idle_calc.c */
/* The medians, the wake-up cost, its spread and the residency of a cell's windows. */
void	idle_cell_finish(struct idle_cell *);
/* The median of v[0..n) (v is sorted); NAN when n is 0. */
double	idle_median(double *v, int n);
/* The state a residency spent most of its time in, or -1. */
int	idle_res_top(const struct cpuidle_res *);
#endif
