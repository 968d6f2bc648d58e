/*
 * infer.h: `smtscope check --infer`, hidden siblings found by measurement.
 * A hypervisor reports whatever topology it likes: two vCPUs shown as two
 * cores may be one host core's two threads, or one host thread shared in
 * time. For pairs of logical CPUs this measures what tells them apart and
 * classifies each pair beside what the topology reports, never instead of
 * it. infer_plan.c chooses the pairs; infer_run.c measures them;
 * infer_class.c is the classifier (pure arithmetic on the figures, unit-
 * tested on recorded ones); infer_report.c writes text and JSON.
 *
 * The evidence of a pair (a, b): loads of one kernel on a and on b, each
 * measured alone and then together, give a yield (the work of both over
 * their solos: 1 for one CPU shared in time, 2 for two that share nothing).
 *
 *  - compute: int, independent integer chains that fill a core's
 *    execution ports; on one core's two threads it yields well below 2;
 *  - contrast: chase over a working set in a core's own L2, latency-bound,
 *    leaving the ports idle: on one core's two threads it still yields
 *    about 2, on one CPU shared in time about 1;
 *  - the round trip of a cache line between the two CPUs (core-to-core
 *    latency), where it can be measured: lowest between siblings.
 *
 * The classifier's boundaries are the midpoints between the two physical
 * models each figure tells apart, and a call is clear only when the figure
 * lies more than INFER_SIGMAS of its own spread from the boundary; the
 * spread comes from repeating the measurement (see infer_classify()).
 */
#ifndef SMTSCOPE_INFER_H
#define SMTSCOPE_INFER_H

#include <stddef.h>

#include "engine/eta.h"
#include "sample/foreign.h"
#include "model/topo.h"

#define INFER_REPS		3	/* each figure is measured this many times */
#define INFER_REPS_MAX		8
#define INFER_SIGMAS		3.0	/* a clear call: this many spreads from a boundary */
#define INFER_RESOLUTION	0.01	/* the smallest spread of a yield or ratio */
#define INFER_MAX_PAIRS		64
#define INFER_BUDGET_S		24.0	/* the default run's measuring time */
#define INFER_COMPUTE		"int"
#define INFER_CONTRAST		"chase:64k"
#define INFER_WHO_LEN		160

/* What a pair behaves like, by its measurements alone. */
enum infer_class {
	INFER_UNCLEAR,		/* the figures do not decide (why says so) */
	INFER_SAME_PU,		/* one logical CPU shared in time */
	INFER_SMT,		/* two threads of one core */
	INFER_CORES,		/* separate cores; cache sharing not told apart */
	INFER_CORES_NEAR,	/* separate cores, the nearer round-trip class */
	INFER_CORES_FAR		/* separate cores, a farther round-trip class */
};

/* The kinds of yield measured. */
#define INFER_KIND_COMPUTE	0
#define INFER_KIND_CONTRAST	1
#define INFER_KINDS		2

/* The figures of one pair, as measured: nreps of each. NAN where none. */
struct infer_fig {
	double	yield[INFER_KINDS][INFER_REPS_MAX];
	double	wspread[INFER_KINDS][INFER_REPS_MAX]; /* each window's own, relative */
	double	share[INFER_REPS_MAX];	/* the compute loads' mean CPU share together */
	int	nreps;
	double	rtt_ns;			/* one-way cache-line latency (median), NAN none */
	double	rtt_spread;		/* its relative spread, NAN none */
	int	disturbed;		/* others' work left a figure low */
};

/* The classifier's answer, with the figures it used. */
struct infer_verdict {
	enum infer_class cls;
	int		 clear;		/* the call is clear (else unclear, see why) */
	int		 floating;	/* repeats disagree beyond their spread */
	double		 y[INFER_KINDS];	/* mean yields */
	double		 ysp[INFER_KINDS];	/* their spreads */
	double		 ratio, ratio_sp;	/* compute over contrast yield */
	double		 share, share_sp;
	char		 why[320];	/* the evidence in words */
};

/* Where a pair to measure came from. */
enum infer_origin {
	INFER_FROM_TOPOLOGY,	/* chosen from the reported topology */
	INFER_FROM_LIST,	/* --infer=A:B,... */
	INFER_FROM_C2C		/* a c2c result: far below its class's round trip */
};

/* One pair to measure, and what came of it. */
struct infer_pair {
	int			 a, b;		/* OS indexes */
	enum topo_rel		 reported;	/* what the topology says */
	enum infer_origin	 origin;
	double			 c2c_ns;	/* INFER_FROM_C2C: its one-way round trip */
	double			 c2c_class_ns;	/* and its class's median, in the c2c result */
	struct infer_fig	 fig;
	struct infer_verdict	 v;
	int			 measured;
	char			 who[INFER_WHO_LEN];	/* others who disturbed it */
	char			 error[256];
};

/* A run: the machine, its pairs, the windows. */
struct infer {
	const struct topo	*m;
	struct infer_pair	 pairs[INFER_MAX_PAIRS];
	int			 npairs;
	int			 explicit_pairs;	/* from --infer=LIST */
	int			 nc2c;		/* pairs from a c2c result, first */
	char			 c2c_file[256];	/* that result, "" none */
	char			 c2c_source[300]; /* where they came from in words, "" none:
						   the file (sanitized), "a c2c pass of 120
						   pairs now"; a dry run's "a c2c pass ... first" */
	int			 c2c_dry;	/* a dry run: the pass only planned */
	int			 reps;
	double			 window_s;	/* the longest window */
	char			 hypervisor[32];	/* "KVM", "" none */
	char			 rtt_unavailable[160];	/* why no round trips, "" */
	int			 signo;
	int			 failed;
	double			 elapsed_s;
	struct eta		 eta;		/* its estimate as it runs, and at the end */
};

/* infer_plan.c */
/*
 * The pairs from the model: every pair of allowed CPUs on a small machine,
 * else one per reported relation class and a few within each core group,
 * at most max. -1 and a message when there is no pair to measure.
 */
int	infer_plan(struct infer *, int max, char *err, size_t errlen);
/* Add the pair a:b unless it is there or the plan holds max; 1 if added. */
int	infer_add(struct infer *, int a, int b, int max);
/* The pairs of a list "0:0,0:1" (OS indexes or places); -1 and a message. */
int	infer_plan_list(struct infer *, const char *list, char *err, size_t errlen);
/* Words of where a pair came from: "from c2c: 8 ns against 80 ns". */
void	infer_origin_words(const struct infer_pair *, char *buf, size_t len);
/* The JSON token of where it came from: "topology", "list", "c2c". */
const char *infer_origin_token(enum infer_origin);
/* Windows that fit the plan in budget_s (or window_s if already set). */
void	infer_size(struct infer *, double budget_s);
/* Seconds the plan is expected to take. */
double	infer_estimate(const struct infer *);

/* infer_class.c */
/* Classify one pair from its figures alone. */
void	infer_classify(const struct infer_fig *, struct infer_verdict *);
/* Split the separate-core pairs by round trip into a near and a far class. */
void	infer_split_cores(struct infer *);
/* "same logical CPU", "SMT siblings", "separate cores", ... */
const char *infer_class_name(enum infer_class);
/* The short token for JSON: "same-pu", "smt", "cores", "cores-near", ... */
const char *infer_class_token(enum infer_class);
/* Does the class agree with the reported relation? 1 yes, 0 no, -1 cannot say. */
int	infer_agrees(enum infer_class, enum topo_rel reported);

/* infer_run.c */
/*
 * The round trip of a pair, if the caller can measure it: 0 with the one-
 * way latency and its relative spread, -1 with why not (a message), or a
 * signal's number.
 */
typedef int (*infer_rtt_fn)(void *arg, int a, int b, double *ns, double *spread,
    char *why, size_t whylen);
/*
 * Measure every pair, blocking the terminating signals (a signal stops it
 * with inf->signo set, every load stopped). progress, if not NULL, hears
 * what runs and the seconds left; NULL at the end.
 */
void	infer_run(struct infer *, infer_rtt_fn rtt, void *rtt_arg,
	    void (*progress)(void *arg, const char *what, double left_s), void *arg);

/* infer_c2c.c */
#define INFER_C2C_MAX		8	/* candidates taken from a c2c result at most */
#define INFER_C2C_PASS_CPUS	32	/* a c2c pass of every pair up to this many CPUs */

/* A candidate: a pair and its one-way round trip against its class's median. */
struct infer_c2c_cand {
	int	a, b;
	double	ns, class_ns;
};
/* Candidates into the plan, fastest against their class first (sorts c); how many. */
int	infer_c2c_add(struct infer *, struct infer_c2c_cand *c, int n, int max);
/*
 * The candidate pairs of a saved `c2c --json` result measured on this
 * machine: pairs faster than their class's median by factor or more (c2c's
 * warning, C2C_OUTLIER_FACTOR), fastest against their class first, added
 * to the plan before any other (at most max). How many, or -1 with a
 * message naming the file and what is wrong.
 */
int	infer_c2c_load(struct infer *, const char *path, double factor, int max,
	    char *err, size_t errlen);

/* infer_load.c */
struct json_val;
/* Is a result (its root) this machine's, by its topology summary? 0, or -1 with why. */
int	infer_load_machine(const struct json_val *root, const struct topo *, const char *path,
	    const char *what, char *err, size_t errlen);
/* A pair as a result file says it behaved, for the screen's marks. */
struct infer_mark {
	int			 a, b;		/* OS indexes */
	enum infer_class	 cls;
	int			 clear;
	int			 agrees;	/* with the topology here: 1, 0, -1 */
	char			 evidence[64];
};
/*
 * Read a `check --infer --json` result measured on this machine (its
 * topology summary and host): the pairs into marks[0..max); how many, or
 * -1 with a message naming the file and what is wrong.
 */
int	infer_load(const char *path, const struct topo *, struct infer_mark *marks,
	    int max, char *err, size_t errlen);
#endif
