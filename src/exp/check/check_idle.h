/*
 * check_idle.h: what waking an idle CPU costs (check --idle, and a section
 * of the default check). Pipe round trips and fork+exit+wait on each
 * relation of the check's plan, each measured in windows that alternate,
 * in one run, between the idle states as the system has them and shallow
 * idle held (exp/idle.h); per relation the two times, their difference
 * (the wake-up cost) with its spread, and the waking CPU's idle residency
 * in each. check_idle.c plans and measures; idle_calc.c is the
 * arithmetic; report/idle_report.c prints.
 */
#ifndef SMTSCOPE_CHECK_IDLE_H
#define SMTSCOPE_CHECK_IDLE_H

#include "exp/check/check.h"
#include "exp/idle.h"
#include "model/topo.h"
#include "sample/cpuidle.h"
#include "sample/foreign.h"

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

/* check_idle.c */
struct loads;
/*
 * Plan waking an idle CPU on the check's plan (check_prepare() calls it
 * when c->idle is set): how holds (IDLE_QOS, IDLE_STATES), section the
 * default check's own (pipe alone, not on same-pu, only where the hold
 * can be had), kernels a list of pipe and fork (NULL: both). Reads the
 * idle driver and states, tries the hold, counts the windows. -1 and err
 * for a kernel it does not take (a usage error).
 */
int	check_idle_prepare(struct check *, char *err, size_t errlen);
/* The seconds its windows take as planned (for the estimate); 0 without it. */
double	check_idle_seconds(const struct check *);
/* Parse --kernels for --idle into c->idle's rows; -1 and err. */
int	check_idle_kernels(struct check *, const char *list, char *err, size_t errlen);
/*
 * Measure it with the check's loads and foreign scanner: the hold made,
 * the windows in alternation, the hold let go on every path (c->signo
 * set by a signal). say, if not NULL, hears what runs now.
 */
void	check_idle_run(struct check *, struct loads *, struct foreign *,
	    void (*say)(void *arg, const char *what), void *arg);
/* The CPU a cell's wake-ups land on: the partner, or the anchor on same-pu. */
int	check_idle_cpu(const struct check *, int rel);
/* Is a relation measured by the idle experiment (planned, and not same-pu in a section)? */
int	check_idle_rel(const struct check *, int rel);
/* idle_calc.c */
/* The medians, the wake-up cost, its spread and the residency of a cell's windows. */
void	idle_cell_finish(struct idle_cell *);
/* The median of v[0..n) (v is sorted); NAN when n is 0. */
double	idle_median(double *v, int n);
/* The state a residency spent most of its time in, or -1. */
int	idle_res_top(const struct cpuidle_res *);
#endif
