/*
 * check.h: `smtscope check`'s experiment, apart from its command and its
 * report. check_plan.c reads the facts and plans: an anchor CPU, one
 * partner per relation, the rows to measure. check_run.c measures them:
 * each kernel alone on the anchor, beside a copy on each partner, pipe and
 * fork latency; it fills the cells and prints nothing. check_idle.c (with
 * idle_calc.c, check_idle.h) measures waking an idle CPU on the same plan;
 * check.c keeps the warnings every part adds. report/check_report.c
 * writes the result as text, JSON or CSV.
 */
#ifndef SMTSCOPE_CHECK_H
#define SMTSCOPE_CHECK_H

#include <stddef.h>

#include "model/cpuinfo.h"
#include "base/cpuset.h"
#include "engine/analysis.h"
#include "engine/eta.h"
#include "sample/foreign.h"
#include "sample/perf.h"
#include "sample/sensors.h"
#include "sample/sysinfo.h"

struct check_idle;
struct rounds;
#include "model/topo.h"

/* A CPU counts as busy (for choosing the anchor and partners) above this. */
#define CHECK_BUSY_PCT		20.0
/*
 * The default run (no --time) measures in this many seconds, overheads
 * included; each window ends earlier when its figure is known.
 */
#define CHECK_BUDGET_S		12.5
#define CHECK_OVERHEAD_S	0.1	/* per run: move or start, warm-up */
#define CHECK_CELL_MIN_S	0.2	/* the shortest window: four 0.05 s parts that agree */
#define CHECK_WHO_MAX		6	/* foreign processes named per cell */
#define CHECK_SHARE_MIN		0.9	/* below this a load lost CPU time to others */
#define CHECK_BUSY_SAMPLE_S	0.25
#define CHECK_DEFAULT_KERNELS	"hash,int,fp,chase,stream,spin,pipe,fork"
#define CHECK_MAX_KERNELS	16
#define CHECK_MAX_ROWS		32
#define CHECK_MAX_WARN		32

/* Where the partner of one relation runs, or why there is none. */
struct check_placement {
	int	 cpu;		/* partner OS index; -1 when absent */
	char	 reason[128];	/* why absent ("no SMT", "one package"), else "" */
};

/* The plan: an anchor CPU and one partner per relation. */
struct check_plan {
	int			 anchor;	/* OS index */
	char			 anchor_why[128]; /* how it was chosen, for the report */
	struct check_placement	 rel[REL_COUNT];
	int			 npresent;	/* relations with a partner */
};

/* A kernel as asked for: its text ("chase:32k") and its description. */
struct check_kern {
	char			 text[64];
	const struct kernel	*k;
};

/* One measured run on one relation (or a solo, or a latency). */
struct check_cell {
	int			 state;		/* CHECK_NOT_RUN, CHECK_DONE, CHECK_FAILED */
	double			 rate_anchor;	/* work units per second */
	double			 rate_partner;
	double			 share_anchor;	/* share of wall time on a CPU, 0..1 */
	double			 share_partner;
	double			 spread;	/* relative spread of its figure: a rate, a yield */
	/* A pair: the anchor copy alone right before it; 0: the row's solo. */
	double			 solo, solo_share;
	int			 tries;		/* measurements made */
	/* The guard: others' work on its CPUs and their siblings. */
	int			 disturbed;	/* the figure is low: others took CPU time */
	int			 beyond;	/* past physics after a second solo (check_cell_beyond) */
	double			 share_got;	/* CPU share the loads got of what they could */
	double			 foreign;	/* others' CPU time there, in CPUs; NAN unknown */
	double			 steal;		/* the hypervisor's there, in CPUs: not in foreign */
	struct foreign_proc	 who[CHECK_WHO_MAX];	/* largest first */
	int			 nwho;
	double			 ipc_alone;	/* the anchor load's IPC, if CHECK_IPC_ALONE */
	double			 ipc_together;	/* the same in the pair, if CHECK_IPC_TOGETHER */
	unsigned		 ipc_have;
	char			 error[600];
};
#define CHECK_IPC_ALONE		0x1
#define CHECK_IPC_TOGETHER	0x2
#define CHECK_NOT_RUN	0
#define CHECK_DONE	1
#define CHECK_FAILED	2

/* A row of the matrix: a kernel beside a copy of itself, or a mixed pair. */
struct check_row {
	struct check_kern	 a, b;
	int			 pair;		/* from --pairs */
	char			 name[130];	/* "hash", "hash+fp" */
	struct check_cell	 cell[REL_COUNT];
};

/* A solo baseline of one kernel on the anchor. */
struct check_solo {
	struct check_kern	 kern;
	struct check_cell	 cell;
};

/* A latency row: pipe or fork, one figure per relation. */
struct check_lat {
	struct check_kern	 kern;
	struct check_cell	 cell[REL_COUNT];
};

/* The --scheduler experiment. */
struct check_sched {
	int			 asked;
	int			 applies;
	char			 reason[128];	/* why it does not apply */
	struct cpuset		 cpus;		/* two whole cores */
	struct check_kern	 kern;
	int			 samples;	/* both CPUs known */
	int			 stacked;	/* both on one core */
	int			 state;
	char			 error[600];
};

/* What this machine can count and sense (read with the facts, live only). */
struct check_sources {
	struct perf_caps	caps;
	char			mhz_src[32];	/* "cpufreq", "/proc/cpuinfo", "" */
	char			mhz_why[SENSORS_WHY_MAX];
	char			temp_src[96];	/* "coretemp", "k10temp Tctl", "" */
	char			temp_why[SENSORS_WHY_MAX];
	int			rapl;		/* package energy counters readable */
	char			watts_why[SENSORS_WHY_MAX];
};

/* One check: the machine, its facts, the plan, and the cells measured. */
struct check {
	struct topo		*m;		/* owned */
	int			 live;
	int			 dry_run;
	int			 time_given;
	double			 cell_s;
	struct cpuinfo		 ci;
	struct sysinfo		 si;
	int			 have_si;
	struct check_sources	 src;		/* valid when have_si */
	double			*busy;		/* by OS index, NULL when no sample */
	int			 nbusy;
	struct check_plan	 plan;
	struct check_row	 rows[CHECK_MAX_ROWS];
	int			 nrows;
	struct check_solo	 solos[CHECK_MAX_ROWS];
	int			 nsolos;
	struct check_lat	 lats[2];
	int			 nlats;
	struct check_sched	 sched;
	struct check_idle	*idle;		/* waking an idle CPU (idle.h); NULL: not asked */
	struct rounds		*noise;		/* the noise rounds (check_noise.c); NULL none */
	char			*warn[CHECK_MAX_WARN];
	int			 nwarn;
	int			 runs_total;
	int			 runs_done;
	double			 est_windows_s;	/* the plan's windows and their overheads */
	double			 est_setup_s;	/* its loads' setup, timed here; 0 not timed */
	double			 est_wait_s;	/* a wait for busy CPUs to go quiet */
	double			 estimate_s;	/* all of it: what check says it takes */
	uint64_t		 start_ns;	/* check_prepare began: its sampling counts */
	double			 est_prep_s;	/* check_prepare's own time, done already */
	struct eta		 eta;		/* the estimate as it runs, and at the end */
	int			 failed;	/* a cell failed */
	int			 signo;		/* a terminating signal stopped the run */
};

/* check.c */
/* Keep a warning for the report (once). */
void	check_warn(struct check *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* check_plan.c */
/*
 * Plan the placements from the model alone. anchor is an OS index (already
 * asked for with --anchor) or -1 to pick the first allowed CPU of the first
 * idle core. busy_pct[0..nbusy) is a busy sample by OS index (NULL when
 * there is none, e.g. for another machine's topology): idle cores are
 * preferred for the anchor and every partner. Only allowed CPUs are chosen.
 * Returns -1 with a message when the anchor is not usable or no CPU is.
 */
int	check_plan(const struct topo *, int anchor, const double *busy_pct, int nbusy,
	    struct check_plan *, char *err, size_t errlen);
/* Measuring seconds per cell for a default run of nruns measurements. */
double	check_cell_seconds(int nruns);
/* Busy percent of a CPU in a sample; 0 when unknown. */
double	check_busy(const double *busy_pct, int nbusy, int os);
/* Add the --kernels list: throughput kernels become rows, pipe and fork latency rows. */
int	check_add_kernels(struct check *, const char *list, char *err, size_t errlen);
/* Add the --pairs list ("hash+fp,chase+fp"): the anchor runs the first. */
int	check_add_pairs(struct check *, const char *list, char *err, size_t errlen);
/*
 * Read the facts of c->m, sample the busy CPUs (live only), plan around
 * anchor (-1: choose), check every kernel's parameter on the anchor, plan
 * --scheduler, count the runs and size the cells. -1 and err when it
 * cannot be planned.
 */
int	check_prepare(struct check *, int anchor, char *err, size_t errlen);
/* Wait briefly for the planned CPUs to go quiet, else warn (live runs); the seconds waited. */
double	check_wait_quiet(struct check *);
/* The CPU of the plan busy with other work now, or -1. */
int	check_busy_cpu(const struct check *);
/* The solo baseline of a kernel, or NULL. */
const struct check_solo *check_find_solo(const struct check *, const struct check_kern *);
/* Why a disturbed cell is: "a load got 52% of its CPU; others: smtscope-hog (4242) 48% of CPU 1". */
void	check_disturbed_why(const struct check_cell *, char *buf, size_t len);
/*
 * The solo rates a row's cell is measured against: the anchor copy's alone
 * right before the pair (the partner's too when both run one kernel), else
 * the row's solos; NAN unknown. The solo's share comes with the anchor's.
 */
void	check_cell_solos(const struct check *, const struct check_row *, int rel,
	    double *solo_a, double *solo_b, double *share_a);
/* Speeds of a row's cell against the solo rates: anchor, partner, yield; NAN unknown. */
void	check_cell_speeds(const struct check *, const struct check_row *, int rel,
	    double *speed_a, double *speed_b, double *yield);
/*
 * Past what physics allows: the anchor copy ran faster beside its partner
 * than alone on the same CPU, or two copies time-sharing one CPU did more
 * than one CPU's work, by more than CHECK_BEYOND and the cell's own spread.
 * Then its solo was taken while the CPU ran slower than during the pair (a
 * host changing the virtual CPU's speed, a frequency still rising). The
 * partner's speed is not held to it: another core may be faster.
 */
#define CHECK_BEYOND	0.08
#define CHECK_BEYOND_ANCHOR	1	/* the anchor copy beat its solo */
#define CHECK_BEYOND_SHARED	2	/* one CPU time-shared did more than its work */
/* 0 within physics, else which bound the cell passed (CHECK_BEYOND_*). */
int	check_cell_beyond(const struct check *, const struct check_row *, int rel);
/*
 * The warning for a cell past physics, naming the bound it passed:
 * "hash on same-pu: the two copies time-sharing one CPU did 1.22 of its
 * work alone, more than 1: ...".
 */
void	check_beyond_why(const struct check *, const struct check_row *, int rel,
	    char *, size_t);
/*
 * The mark of a row's cell on every surface (analysis.h): unknown ? when it
 * is past physics after a second solo (its beyond), or a copy's speed is
 * above 100% of a solo others disturbed (which copy in *which: 0 the
 * anchor's, 1 the partner's; may be NULL); marked ~ when others disturbed
 * it or a solo it rests on; else clean.
 */
enum analysis_mark check_cell_mark(const struct check *, const struct check_row *, int rel,
	    int *which);
/* Free what a check holds. */
void	check_free(struct check *);

/* check_noise.c: the noise floor, the plan's CPUs alone in rounds over the check. */
#define CHECK_NOISE_ROUNDS	3
/* Plan the noise rounds (not for check --idle); their seconds, 0 none. */
double	check_noise_plan(struct check *);
/* Measure noise round k (check's own loads stopped); the figures after the last. */
void	check_noise_round(struct check *, int k);
/* The noise floor (the largest move of one CPU between rounds), whose; NAN none. */
double	check_noise_floor(const struct check *, int *cpu);
void	check_noise_free(struct check *);

/* check_run.c */
/*
 * Measure everything in the plan, blocking the terminating signals: fills
 * the cells, c->failed and, when a signal came, c->signo (every load is
 * stopped by then). progress, if not NULL, hears what runs now ("hash on
 * smt-sibling (CPUs 0 and 4)"), its number, the total and the seconds
 * left; what is NULL at the end.
 */
void	check_run(struct check *, void (*progress)(void *arg, const char *what,
	    int run, int total, double left_s), void *arg);

#endif
