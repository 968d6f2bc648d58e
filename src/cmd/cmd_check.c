/* cmd_check.c: `smtscope check`, the ten-second verdict on new hardware: options and orchestration. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exp/c2c/c2c.h"
#include "exp/capacity/scan.h"
#include "exp/scale/scale.h"
#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "cmd/cmd.h"
#include "model/cpuinfo.h"
#include "exp/infer/infer.h"
#include "base/safefile.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

/* --infer[=PAIRS], long only. */
#define CMD_CHECK_OPT_INFER	0x110
/* --svg FILE, long only. */
#define CMD_CHECK_OPT_SVG	0x111
/* --idle[=qos|states|restore], long only. */
#define CMD_CHECK_OPT_IDLE	0x112
/* --capacity, long only. */
#define CMD_CHECK_OPT_CAPACITY	0x113
/* --scale, long only. */
#define CMD_CHECK_OPT_SCALE	0x114
/* --prom FILE, long only. */
#define CMD_CHECK_OPT_PROM	0x115
/* --health, --expect-cpus N, --expect-smt on|off, long only. */
#define CMD_CHECK_OPT_HEALTH	0x116
#define CMD_CHECK_OPT_EXPCPUS	0x117
#define CMD_CHECK_OPT_EXPSMT	0x118
/* --infer-from-c2c FILE, long only. */
#define CMD_CHECK_OPT_INFERC2C	0x119

static int	cmd_check_exec(int, char **);

static const struct cmd_option cmd_check_opts[] = {
	{ 'k', "kernels", required_argument, "LIST", "kernels (default "
	    CHECK_DEFAULT_KERNELS ")" },
	{ 'p', "pairs", required_argument, "LIST", "mixed pairs, e.g. hash+fp,chase+fp: "
	    "anchor runs the first" },
	{ 's', "scheduler", no_argument, NULL, "also: do two floating copies stack on "
	    "one core's threads while a whole core is free?" },
	{ 't', "time", required_argument, "S", "the longest window of each cell "
	    "(default: what fits the run in about 15 s)" },
	{ 'a', "anchor", required_argument, "CPU", "the anchor CPU (default: first "
	    "allowed CPU of the first idle core)" },
	{ CMD_OPT_JSON, "json", no_argument, NULL, "one JSON object" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "one row per kernel and relation; rates "
	    "in the unit column's unit, a status column (ok, n/a, failed, disturbed)" },
	{ 'n', "dry-run", no_argument, NULL, "print the facts and the plan; run nothing" },
	{ 'i', "input", required_argument, "INPUT", "plan for another "
	    "machine's topology (with --dry-run)" },
	{ 'o', "output", required_argument, "FILE", "write the report to FILE (%h: the "
	    "short host name, %%: %)" },
	{ CMD_CHECK_OPT_SVG, "svg", required_argument, "FILE", "also write the co-run "
	    "matrix as a coloured SVG table" },
	{ CMD_CHECK_OPT_PROM, "prom", required_argument, "FILE", "also write the "
	    "figures as Prometheus text (for node_exporter's textfile collector), "
	    "replaced whole; a figure not measured is left out" },
	{ CMD_CHECK_OPT_HEALTH, "health", no_argument, NULL, "a node health check "
	    "for Slurm's HealthCheckProgram or NHC, from the topology alone (no load, "
	    "well under a second): one line, exit 0 when the CPUs are as expected, 1 "
	    "with the differences (an offline CPU, a count or SMT state not expected); "
	    "with --capacity also the capacity scan, each outlier CPU a FAIL line "
	    "(exit 1)" },
	{ CMD_CHECK_OPT_EXPCPUS, "expect-cpus", required_argument, "N", "with "
	    "--health: N CPUs online" },
	{ CMD_CHECK_OPT_EXPSMT, "expect-smt", required_argument, "on|off", "with "
	    "--health: SMT on or off (off also accepts the siblings offline)" },
	{ CMD_CHECK_OPT_INFER, "infer", optional_argument, "PAIRS", "hidden siblings: "
	    "what pairs of CPUs behave like, measured (one CPU, SMT siblings, "
	    "separate cores) beside what the topology reports; PAIRS as 0:1,0:2 "
	    "(default: chosen from the topology, about 25 s)" },
	{ CMD_CHECK_OPT_INFERC2C, "infer-from-c2c", required_argument, "FILE", "with "
	    "--infer: also the pairs a saved c2c --json result of this machine finds far "
	    "below their class's round trip (c2c's warning), measured first, each "
	    "labelled where it came from; without it, under a hypervisor, a short c2c "
	    "pass (up to 32 CPUs) finds them in the same run" },
	{ CMD_CHECK_OPT_IDLE, "idle", optional_argument, "HOW", "what waking an idle CPU "
	    "costs: pipe and fork on each relation, with the idle states as is and with "
	    "shallow idle held, in alternating windows (about 15 s); HOW is qos (default: "
	    "PM QoS, /dev/cpu_dma_latency held at 0), states (each deeper state disabled "
	    "on the measured CPUs, written back on exit) or restore (write back what a "
	    "killed run left disabled). The default check has a pipe section of it where "
	    "the hold can be had" },
	{ CMD_CHECK_OPT_CAPACITY, "capacity", no_argument, NULL, "a capacity scan of "
	    "every allowed CPU: each alone with a kernel (int; --kernels int,fp,hash,"
	    "chase,stream) in 3 interleaved rounds: its median, range and spread, the "
	    "outliers, CPUs in two levels, the noise floor, sums per core, cache group, "
	    "NUMA node and package (about 20 s for 16 CPUs)" },
	{ CMD_CHECK_OPT_SCALE, "scale", no_argument, NULL, "the whole machine: each "
	    "kernel (int,fp,chase,stream; --kernels) as one copy, one copy per core "
	    "(siblings idle), cores of 1, 2, 4... NUMA nodes for chase and stream, one "
	    "copy per logical CPU; the all-core efficiency (all cores over cores x one "
	    "copy) and the SMT yield (all CPUs over all cores), empty without SMT "
	    "(about 15 s here; --time S: each window at most)" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_check_entry = {
	.name = "check",
	.usage = "[--kernels LIST] [--pairs LIST] [--scheduler] [--time S]\n"
	    "                      [--anchor CPU] [--json|--csv] [--dry-run]\n"
	    "                      [-i FILE.xml|SYNTHETIC] [-o FILE] [--svg FILE]\n"
	    "                      [--prom FILE]\n"
	    "       smtscope check --infer[=A:B,...] [--infer-from-c2c FILE] [--time S]\n"
	    "                      [--json] [--dry-run] [-i FILE.xml|SYNTHETIC]\n"
	    "       smtscope check --idle[=qos|states|restore] [--kernels pipe,fork]\n"
	    "                      [--time S] [--anchor CPU] [--json|--csv] [--svg FILE]\n"
	    "       smtscope check --capacity [--kernels LIST] [--json|--csv] [--svg FILE]\n"
	    "                      [--prom FILE] [--dry-run] [-i FILE.xml|SYNTHETIC]\n"
	    "                      [-o FILE]\n"
	    "       smtscope check --scale [--kernels LIST] [--time S] [--json|--csv]\n"
	    "                      [--svg FILE] [--prom FILE] [--dry-run]\n"
	    "                      [-i FILE.xml|SYNTHETIC]\n"
	    "       smtscope check --health [--expect-cpus N] [--expect-smt on|off]\n"
	    "                      [--capacity [--kernels LIST]] [-i FILE.xml|SYNTHETIC]",
	.summary = "co-run matrix and SMT yield: the verdict on new hardware",
	.options = cmd_check_opts,
	.maxargs = 0,
	.about =
	    "The co-run matrix: each kernel alone on an anchor CPU, then beside a copy on\n"
	    "the same CPU, its SMT sibling, a core sharing the L2 or L3, another cache\n"
	    "group and another package; speeds vs alone and the yield (work of the pair\n"
	    "over one alone). Then pipe and fork latency on each of those. Each window\n"
	    "ends when its figure is known (\u00b1: how much its parts disagreed); the\n"
	    "default run takes about 15 s. A figure that other work disturbed is marked\n"
	    "~, with a warning naming the processes; a disturbed solo is measured again\n"
	    "once its core is quiet. The last line is the verdict (also --scale's).\n"
	    "Exit status: 0; 1 a failure; 2 bad usage; 3 measured, but others' work left\n"
	    "the verdict unknown (\"not measurable now ...; rerun when quiet\").\n",
	.exec = cmd_check_exec
};

/* Progress on stderr, when it is a terminal: what runs now and the time left. */
static void
cmd_check_progress(void *arg, const char *what, int run, int total, double left_s)
{
	(void)arg;
	if (what == NULL)
		fprintf(stderr, "\r\033[K");
	else
		fprintf(stderr, "\r\033[Kcheck: %s (run %d of %d, about %.0f s left)", what,
		    run, total, left_s);
	fflush(stderr);
}

/* The options of check --idle (after the common ones); CMD_GO or CMD_USAGE. */
static int
cmd_check_idle_options(const struct cmd_args *a, struct check *c)
{
	const char	*how = cmd_args_get(a, CMD_CHECK_OPT_IDLE), *s;
	char		 err[512];

	if (cmd_args_has(a, CMD_CHECK_OPT_PROM))
		return cmd_usage_error("check", "--prom exports the co-run matrix, "
		    "the capacity scan and --scale, not --idle");
	if (cmd_args_has(a, 'p') || cmd_args_has(a, 's'))
		return cmd_usage_error("check", "--idle measures pipe and fork alone: %s "
		    "does not apply", cmd_args_has(a, 'p') ? "--pairs" : "--scheduler");
	c->idle = xcalloc(1, sizeof *c->idle);
	if (how == NULL || strcmp(how, "qos") == 0)
		c->idle->how = IDLE_QOS;
	else if (strcmp(how, "states") == 0)
		c->idle->how = IDLE_STATES;
	else
		return cmd_usage_error("check", "--idle=%s: say qos, states or restore", how);
	if ((s = cmd_args_get(a, 'k')) == NULL)
		s = "pipe,fork";
	if (check_idle_kernels(c, s, err, sizeof err) == -1)
		return cmd_usage_error("check", "%s", err);
	return CMD_GO;
}

/* check --idle=restore: write back what a killed run left disabled. */
static int
cmd_check_idle_restore(const struct cmd_args *a)
{
	static const int	 other[] = { 'k', 'p', 's', 't', 'a', 'n', 'i', 'o',
	    CMD_OPT_JSON, CMD_OPT_CSV, CMD_CHECK_OPT_SVG, CMD_CHECK_OPT_INFER };
	char			 msg[4096];
	size_t			 i;

	for (i = 0; i < sizeof other / sizeof other[0]; i++)
		if (cmd_args_has(a, other[i]))
			return cmd_usage_error("check", "--idle=restore takes no other "
			    "option");
	if (idle_record_restore(NULL, msg, sizeof msg) == -1) {
		fprintf(stderr, "smtscope: check: --idle=restore: %s\n", msg);
		return CMD_FAIL;
	}
	printf("%s\n", msg);
	return CMD_OK;
}

/* --prom FILE: refused on a dry run, probed before any measuring; CMD_GO or CMD_USAGE. */
static int
cmd_check_prom_option(const struct cmd_args *a, int dry_run)
{
	const char	*s = cmd_args_get(a, CMD_CHECK_OPT_PROM);
	char		 err[512];

	if (s != NULL && dry_run)
		return cmd_usage_error("check", "--prom %s: a dry run measures nothing "
		    "to export", s);
	if (s != NULL && safefile_probe(s, err, sizeof err) == -1)
		return cmd_usage_error("check", "--prom: %s", err);
	return CMD_GO;
}

/* Fill the check from the options; the anchor asked for; CMD_GO or CMD_USAGE. */
static int
cmd_check_options(const struct cmd_args *a, struct check *c, enum report_format *fmt)
{
	const char	*s, *input = cmd_args_get(a, 'i');
	char		 err[512];

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	c->sched.asked = cmd_args_has(a, 's');
	c->dry_run = cmd_args_has(a, 'n');
	if ((s = cmd_args_get(a, 't')) != NULL) {
		if (util_parse_seconds(s, &c->cell_s) == -1 || c->cell_s < 0.05 ||
		    c->cell_s > 3600)
			return cmd_usage_error("check", "--time: '%s' is not a number of "
			    "seconds from 0.05 to 3600", s);
		c->time_given = 1;
	}
	if (input != NULL && !c->dry_run)
		return cmd_usage_error("check", "-i %s is another machine's topology: "
		    "loads cannot run there (add --dry-run for the plan)", input);
	if (cmd_args_has(a, CMD_CHECK_OPT_IDLE))
		return cmd_check_idle_options(a, c);
	if ((s = cmd_args_get(a, 'k')) == NULL)
		s = CHECK_DEFAULT_KERNELS;
	/* The default check's idle section: pipe, where the hold can be had. */
	c->idle = xcalloc(1, sizeof *c->idle);
	c->idle->how = IDLE_QOS;
	c->idle->section = 1;
	if (check_add_kernels(c, s, err, sizeof err) == -1 ||
	    ((s = cmd_args_get(a, 'p')) != NULL &&
	    check_add_pairs(c, s, err, sizeof err) == -1))
		return cmd_usage_error("check", "%s", err);
	if ((s = cmd_args_get(a, CMD_CHECK_OPT_SVG)) != NULL && c->dry_run)
		return cmd_usage_error("check", "--svg %s: a dry run measures nothing to "
		    "draw", s);
	if (s != NULL && safefile_probe(s, err, sizeof err) == -1)
		return cmd_usage_error("check", "--svg: %s", err);
	return cmd_check_prom_option(a, c->dry_run);
}

/* Load the machine and plan; CMD_GO, CMD_USAGE, or CMD_FAIL (a refusal). */
static int
cmd_check_plan(const struct cmd_args *a, struct check *c)
{
	const char	*input = cmd_args_get(a, 'i'), *s;
	char		 err[512];
	int		 anchor = -1;

	c->m = input != NULL ? topo_load_input(input, err, sizeof err) :
	    topo_load_live(err, sizeof err);
	if (c->m == NULL)
		return cmd_usage_error("check", "%s", err);
	if ((s = cmd_args_get(a, 'a')) != NULL &&
	    topo_parse_place(c->m, s, &anchor, err, sizeof err) == -1)
		return cmd_usage_error("check", "--anchor: %s", err);
	/* States a killed --idle=states left disabled would skew every figure. */
	if (c->idle != NULL && input == NULL && !c->dry_run &&
	    idle_record_check(NULL, err, sizeof err) == -1) {
		fprintf(stderr, "smtscope: check: %s\n", err);
		return CMD_FAIL;
	}
	if (check_prepare(c, anchor, err, sizeof err) == -1)
		return cmd_usage_error("check", "%s", err);
	/* A live run waits for busy CPUs in check_run(), inside its estimate. */
	if (c->live && c->dry_run && (anchor = check_busy_cpu(c)) != -1)
		check_warn(c, "CPU %d is %.0f%% busy with other work: figures there "
		    "would be low", anchor, check_busy(c->busy, c->nbusy, anchor));
	return CMD_GO;
}

/* Measure; a terminating signal stops the loads and kills us with it. */
static void
cmd_check_measure(struct check *c)
{
	int	sig;

	check_run(c, isatty(STDERR_FILENO) ? cmd_check_progress : NULL, NULL);
	if ((sig = c->signo) == 0)
		return;
	fprintf(stderr, "smtscope: check: interrupted by signal %d (%s); loads "
	    "stopped\n", sig, strsignal(sig));
	check_free(c);
	cmd_die(sig);
}

/* Progress of --infer on stderr, when it is a terminal. */
static void
cmd_check_infer_progress(void *arg, const char *what, double left_s)
{
	(void)arg;
	if (what == NULL)
		fprintf(stderr, "\r\033[K");
	else
		fprintf(stderr, "\r\033[Kcheck --infer: %s (about %.0f s left)", what, left_s);
	fflush(stderr);
}

/*
 * A pair's cache-line round trip for --infer, by c2c's measurer (the
 * compare-and-swap ping-pong): 0 with the one-way median and its spread,
 * -1 with why not, or a signal's number.
 */
static int
cmd_check_rtt(void *arg, int a, int b, double *ns, double *spread, char *why, size_t len)
{
	const struct topo	*m = arg;
	struct c2c_plan		 plan;
	struct c2c_result	 r;
	struct c2c_meter	*mt;
	struct cpuset		 cpus;
	int			 sig;

	memset(&plan, 0, sizeof plan);
	cpuset_zero(&cpus);
	cpuset_set(&cpus, a);
	cpuset_set(&cpus, b);
	if (c2c_plan(m, &cpus, C2C_ALL, &plan, why, len) == -1)
		return -1;
	plan.mode = C2C_CAS;
	plan.samples = C2C_DEFAULT_SAMPLES;
	plan.trips = C2C_DEFAULT_TRIPS;
	if (plan.npairs != 1 || (mt = c2c_meter_new(m, why, len)) == NULL) {
		if (plan.npairs != 1)
			snprintf(why, len, "CPUs %d and %d make no pair to time", a, b);
		c2c_plan_free(&plan);
		return -1;
	}
	sig = c2c_measure_pair(mt, &plan, 0, &r, 1);
	c2c_meter_free(mt);
	c2c_plan_free(&plan);
	if (sig != 0)
		return sig;
	if (r.state != C2C_DONE || r.disturbed) {
		snprintf(why, len, "CPUs %d and %d: %s", a, b, r.state != C2C_DONE ? r.error :
		    "others' work disturbed the round trips");
		return -1;
	}
	*ns = r.ns;
	*spread = r.spread;
	return 0;
}

/*
 * Under a hypervisor, with neither --infer-from-c2c nor pairs given: a short
 * c2c pass (every pair of the allowed CPUs, as `smtscope c2c`, where they are
 * at most INFER_C2C_PASS_CPUS) whose pairs far below their class (c2c's
 * warning) are measured first. A dry run says it would run. 0, or a signal.
 */
static int
cmd_check_infer_c2c_pass(struct infer *inf, struct topo *m, int dry_run)
{
	struct c2c		 c;
	struct c2c_class	 cl[C2C_NCLASSES];
	struct infer_c2c_cand	*cand;
	uint64_t		 t0 = util_now_ns();
	char			 err[512];
	int			 i, k, n = 0, ncpus = 0, sig;

	for (i = 0; i < m->npus; i++)
		ncpus += m->pus[i].allowed != 0;
	if (ncpus < 2 || ncpus > INFER_C2C_PASS_CPUS)
		return 0;
	c2c_init(&c, m, dry_run);
	if (c2c_plan(m, NULL, C2C_ALL, &c.plan, err, sizeof err) == -1 ||
	    c.plan.npairs < 1) {
		c2c_free(&c);
		return 0;
	}
	c.plan.mode = C2C_CAS;
	c.plan.samples = C2C_DEFAULT_SAMPLES;
	c.plan.trips = C2C_DEFAULT_TRIPS;
	if (dry_run) {
		snprintf(inf->c2c_source, sizeof inf->c2c_source, "a c2c pass of %d "
		    "pair%s first, under %s (a dry run measures nothing)", c.plan.npairs,
		    c.plan.npairs == 1 ? "" : "s", inf->hypervisor);
		inf->c2c_dry = 1;
		c2c_free(&c);
		return 0;
	}
	c.res = xcalloc((size_t)c.plan.npairs + 1, sizeof *c.res);
	c2c_run(&c, -1, NULL, NULL, err, sizeof err);
	if ((sig = c.signo) != 0) {
		c2c_free(&c);
		return sig;
	}
	c2c_classes(&c, cl);
	cand = xcalloc((size_t)c.plan.npairs + 1, sizeof *cand);
	for (i = 0; i < c.plan.npairs; i++) {
		k = (int)c.plan.pairs[i].rel;
		if (k < C2C_NCLASSES && c2c_outlier(&c, &cl[k], i) && c.res[i].ns < cl[k].median) {
			cand[n].a = c.plan.pairs[i].a;
			cand[n].b = c.plan.pairs[i].b;
			cand[n].ns = c.res[i].ns;
			cand[n++].class_ns = cl[k].median;
		}
	}
	infer_c2c_add(inf, cand, n, INFER_C2C_MAX);
	snprintf(inf->c2c_source, sizeof inf->c2c_source, "a c2c pass of %d pair%s now, "
	    "under %s (%.1f s)", c.plan.npairs, c.plan.npairs == 1 ? "" : "s", inf->hypervisor,
	    (double)(util_now_ns() - t0) / 1e9);
	free(cand);
	c2c_free(&c);
	return 0;
}

/* The options --infer takes; CMD_GO or CMD_USAGE. */
static int
cmd_check_infer_options(const struct cmd_args *a, struct infer *inf, enum report_format *fmt)
{
	static const int	 other[] = { 'k', 'p', 's', 'a', CMD_CHECK_OPT_SVG,
	    CMD_CHECK_OPT_PROM };
	const char		*s;
	size_t			 i;

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	if (*fmt == REPORT_CSV)
		return cmd_usage_error("check", "--infer writes text or --json, not --csv");
	for (i = 0; i < sizeof other / sizeof other[0]; i++)
		if (cmd_args_has(a, other[i]))
			return cmd_usage_error("check", "--infer measures its own pairs: "
			    "%s does not apply", other[i] == CMD_CHECK_OPT_SVG ? "--svg" :
			    other[i] == CMD_CHECK_OPT_PROM ? "--prom" :
			    other[i] == 'k' ? "-k" : other[i] == 'p' ? "-p" : other[i] == 's' ?
			    "-s" : "-a");
	if ((s = cmd_args_get(a, 't')) != NULL && (util_parse_seconds(s, &inf->window_s) ==
	    -1 || inf->window_s < 0.05 || inf->window_s > 60))
		return cmd_usage_error("check", "--time: '%s' is not a number of seconds "
		    "from 0.05 to 60", s);
	if (cmd_args_get(a, 'i') != NULL && !cmd_args_has(a, 'n'))
		return cmd_usage_error("check", "-i %s is another machine's topology: "
		    "loads cannot run there (add --dry-run for the plan)", cmd_args_get(a, 'i'));
	if (cmd_args_has(a, CMD_CHECK_OPT_INFERC2C) && cmd_args_get(a, CMD_CHECK_OPT_INFER) !=
	    NULL)
		return cmd_usage_error("check", "--infer=PAIRS names the pairs: "
		    "--infer-from-c2c does not apply");
	return CMD_GO;
}

/* `smtscope check --infer`: plan the pairs, measure, classify, report. */
static int
cmd_check_infer(const struct cmd_args *a)
{
	struct infer		*inf = xcalloc(1, sizeof *inf);
	struct cpuinfo		 ci;
	struct topo		*m = NULL;
	enum report_format		 fmt;
	struct cmd_out		 out;
	const char		*input = cmd_args_get(a, 'i');
	const char		*list = cmd_args_get(a, CMD_CHECK_OPT_INFER);
	const char		*c2c = cmd_args_get(a, CMD_CHECK_OPT_INFERC2C);
	char			 err[1024];
	int			 rc, sig;

	out.f = NULL;
	if ((rc = cmd_check_infer_options(a, inf, &fmt)) != CMD_GO ||
	    (rc = cmd_out_open(&out, "check", cmd_args_get(a, 'o'))) != CMD_GO)
		goto out;
	m = input != NULL ? topo_load_input(input, err, sizeof err) :
	    topo_load_live(err, sizeof err);
	if (m == NULL) {
		rc = cmd_usage_error("check", "%s", err);
		goto out;
	}
	inf->m = m;
	if (input == NULL && cpuinfo_read(&ci, NULL) == 0)
		snprintf(inf->hypervisor, sizeof inf->hypervisor, "%s", ci.hypervisor);
	if (c2c != NULL && infer_c2c_load(inf, c2c, C2C_OUTLIER_FACTOR, INFER_C2C_MAX, err,
	    sizeof err) == -1) {
		rc = cmd_usage_error("check", "--infer-from-c2c: %s", err);
		goto out;
	}
	/* under a hypervisor: the hidden siblings a c2c pass finds, first */
	if (c2c == NULL && list == NULL && input == NULL && inf->hypervisor[0] != '\0' &&
	    (sig = cmd_check_infer_c2c_pass(inf, m, cmd_args_has(a, 'n'))) != 0) {
		fprintf(stderr, "smtscope: check: interrupted by signal %d (%s); loads "
		    "stopped\n", sig, strsignal(sig));
		topo_free(m);
		free(inf);
		cmd_die(sig);
	}
	if ((list != NULL ? infer_plan_list(inf, list, err, sizeof err) :
	    infer_plan(inf, INFER_MAX_PAIRS, err, sizeof err)) == -1) {
		rc = cmd_usage_error("check", "%s", err);
		goto out;
	}
	infer_size(inf, INFER_BUDGET_S);
	if (fmt == REPORT_TEXT)
		infer_report_plan(inf, out.f);
	else if (cmd_args_has(a, 'n'))
		infer_report_json(inf, 1, out.f);
	fflush(out.f);
	rc = CMD_OK;
	if (cmd_args_has(a, 'n'))
		goto out;
	infer_run(inf, cmd_check_rtt, m, isatty(STDERR_FILENO) ? cmd_check_infer_progress :
	    NULL, NULL);
	if ((sig = inf->signo) != 0) {
		fprintf(stderr, "smtscope: check: interrupted by signal %d (%s); loads "
		    "stopped\n", sig, strsignal(sig));
		topo_free(m);
		free(inf);
		cmd_die(sig);
	}
	if (fmt == REPORT_JSON)
		infer_report_json(inf, 0, out.f);
	else
		infer_report_text(inf, out.f);
	rc = inf->failed ? CMD_FAIL : CMD_OK;
out:
	rc = cmd_out_close(&out, "check", rc);
	if (m != NULL)
		topo_free(m);
	free(inf);
	return rc;
}

/* Progress of --capacity or --scale (arg: the option) on stderr, when it is a terminal. */
static void
cmd_check_whole_progress(void *arg, const char *what, double left_s)
{
	if (what == NULL)
		fprintf(stderr, "\r\033[K");
	else
		fprintf(stderr, "\r\033[Kcheck %s: %s (about %.0f s left)", (char *)arg, what,
		    left_s);
	fflush(stderr);
}

/*
 * What the whole-machine experiments (--capacity, --scale) refuse alike: -i
 * without --dry-run (loads cannot run on another machine), --svg with it
 * (nothing measured to draw) or where it cannot be written. CMD_GO or
 * CMD_USAGE, the reason said.
 */
static int
cmd_check_whole_options(const struct cmd_args *a, int dry_run)
{
	const char	*v;
	char		 err[512];

	if ((v = cmd_args_get(a, 'i')) != NULL && !dry_run)
		return cmd_usage_error("check", "-i %s is another machine's topology: "
		    "loads cannot run there (add --dry-run for the plan)", v);
	if ((v = cmd_args_get(a, CMD_CHECK_OPT_SVG)) != NULL && dry_run)
		return cmd_usage_error("check", "--svg %s: a dry run measures nothing to "
		    "draw", v);
	if (v != NULL && safefile_probe(v, err, sizeof err) == -1)
		return cmd_usage_error("check", "--svg: %s", err);
	return CMD_GO;
}

/* The topology -i names, else this machine's; NULL with err set. */
static struct topo *
cmd_check_topology(const struct cmd_args *a, char *err, size_t len)
{
	const char	*v = cmd_args_get(a, 'i');

	return v != NULL ? topo_load_input(v, err, len) : topo_load_live(err, len);
}

/* The options --capacity takes; CMD_GO or CMD_USAGE. */
static int
cmd_check_scan_options(const struct cmd_args *a, struct scan *s, enum report_format *fmt)
{
	static const int	 other[] = { 'p', 's', 't', 'a', CMD_CHECK_OPT_INFER,
	    CMD_CHECK_OPT_IDLE };
	static const char *const names[] = { "--pairs", "--scheduler", "--time",
	    "--anchor", "--infer", "--idle" };
	const char		*v;
	char			 err[512];
	size_t			 i;

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	for (i = 0; i < sizeof other / sizeof other[0]; i++)
		if (cmd_args_has(a, other[i]))
			return cmd_usage_error("check", "--capacity measures every CPU alone: "
			    "%s does not apply", names[i]);
	s->dry_run = cmd_args_has(a, 'n');
	if (cmd_check_whole_options(a, s->dry_run) != CMD_GO)
		return CMD_USAGE;
	if (cmd_check_prom_option(a, s->dry_run) != CMD_GO)
		return CMD_USAGE;
	if ((v = cmd_args_get(a, 'k')) == NULL)
		v = SCAN_DEFAULT_KERNELS;
	if (scan_add_kernels(s, v, err, sizeof err) == -1)
		return cmd_usage_error("check", "%s", err);
	if ((s->m = cmd_check_topology(a, err, sizeof err)) == NULL ||
	    scan_plan(s, err, sizeof err) == -1)
		return cmd_usage_error("check", "%s", err);
	return CMD_GO;
}

/* Free the one of --capacity's scan and --scale's steps that was made. */
static void
cmd_check_whole_free(struct scan *sn, struct scale *sc)
{
	if (sn != NULL)
		scan_free(sn);
	if (sc != NULL)
		scale_free(sc);
	free(sn);
	free(sc);
}

/* The options --scale takes; CMD_GO or CMD_USAGE. */
static int
cmd_check_scale_options(const struct cmd_args *a, struct scale *s, enum report_format *fmt)
{
	static const int	 other[] = { 'p', 's', 'a', CMD_CHECK_OPT_INFER,
	    CMD_CHECK_OPT_IDLE, CMD_CHECK_OPT_CAPACITY };
	static const char *const names[] = { "--pairs", "--scheduler", "--anchor",
	    "--infer", "--idle", "--capacity" };
	const char		*v;
	char			 err[512], *end;
	size_t			 i;

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	for (i = 0; i < sizeof other / sizeof other[0]; i++)
		if (cmd_args_has(a, other[i]))
			return cmd_usage_error("check", "--scale measures the whole machine: "
			    "%s does not apply", names[i]);
	s->dry_run = cmd_args_has(a, 'n');
	if (cmd_check_whole_options(a, s->dry_run) != CMD_GO ||
	    cmd_check_prom_option(a, s->dry_run) != CMD_GO)
		return CMD_USAGE;
	if ((v = cmd_args_get(a, 't')) != NULL) {
		s->win_s = strtod(v, &end);
		if (end == v || *end != '\0' || !(s->win_s >= 0.02) || s->win_s > 10)
			return cmd_usage_error("check", "--time %s: seconds from 0.02 to 10",
			    v);
	}
	if ((v = cmd_args_get(a, 'k')) == NULL)
		v = SCALE_DEFAULT_KERNELS;
	if (scale_add_kernels(s, v, err, sizeof err) == -1)
		return cmd_usage_error("check", "%s", err);
	if ((s->m = cmd_check_topology(a, err, sizeof err)) == NULL ||
	    scale_plan(s, err, sizeof err) == -1)
		return cmd_usage_error("check", "%s", err);
	return CMD_GO;
}

/*
 * `smtscope check --capacity` (sn: every CPU alone, in rounds) or `--scale`
 * (sc: each step of each kernel), one of the two: plan, measure, report.
 */
static int
cmd_check_whole(const struct cmd_args *a, struct scan *sn, struct scale *sc)
{
	static char		 capacity[] = "--capacity", scale[] = "--scale";
	struct cmd_out		 out;
	enum report_format	 fmt = REPORT_TEXT;
	const char		*svg = cmd_args_get(a, CMD_CHECK_OPT_SVG);
	const char		*prom = cmd_args_get(a, CMD_CHECK_OPT_PROM);
	void			(*progress)(void *, const char *, double) = NULL;
	char			 err[600];
	int			 rc, sig = 0, dry, failed;

	out.f = NULL;
	if (sn != NULL)
		rc = cmd_check_scan_options(a, sn, &fmt);
	else
		rc = cmd_check_scale_options(a, sc, &fmt);
	if (rc != CMD_GO || (rc = cmd_out_open(&out, "check", cmd_args_get(a, 'o'))) != CMD_GO)
		goto out;
	dry = sn != NULL ? sn->dry_run : sc->dry_run;
	if (fmt == REPORT_TEXT && sn != NULL)
		scan_report_plan(sn, out.f);
	else if (fmt == REPORT_TEXT)
		scale_report_plan(sc, out.f);
	fflush(out.f);
	if (isatty(STDERR_FILENO))
		progress = cmd_check_whole_progress;
	if (!dry && sn != NULL) {
		scan_run(sn, progress, capacity);
		sig = sn->signo;
	} else if (!dry) {
		scale_run(sc, progress, scale);
		sig = sc->signo;
	}
	if (sig != 0) {
		fprintf(stderr, "smtscope: check: interrupted by signal %d (%s); loads stopped\n",
		    sig, strsignal(sig));
		cmd_check_whole_free(sn, sc);
		cmd_die(sig);
	}
	if (fmt == REPORT_JSON)
		sn != NULL ? scan_report_json(sn, out.f) : scale_report_json(sc, out.f);
	else if (fmt == REPORT_CSV)
		sn != NULL ? scan_report_csv(sn, out.f) : scale_report_csv(sc, out.f);
	else if (!dry)
		sn != NULL ? scan_report_text(sn, out.f) : scale_report_text(sc, out.f);
	failed = sn != NULL ? sn->failed : sc->failed;
	rc = failed ? CMD_FAIL : CMD_OK;
	/* others' work left the verdict unknown: exit 3, rerun when quiet */
	if (rc == CMD_OK && !dry && sc != NULL && scale_verdict(sc, err, sizeof err) ==
	    VERDICT_BUSY)
		rc = CMD_BUSY;
	if (svg != NULL && (sn != NULL ? scan_svg_write(sn, svg, err, sizeof err) :
	    scale_svg_write(sc, svg, err, sizeof err)) == -1) {
		fprintf(stderr, "smtscope: check: --svg: %s\n", err);
		rc = CMD_FAIL;
	}
	if (prom != NULL && (sn != NULL ? scan_prom_write(sn, prom, err, sizeof err) :
	    scale_prom_write(sc, prom, err, sizeof err)) == -1) {
		fprintf(stderr, "smtscope: check: --prom: %s\n", err);
		rc = CMD_FAIL;
	}
out:
	rc = cmd_out_close(&out, "check", rc);
	cmd_check_whole_free(sn, sc);
	return rc;
}

/*
 * check --health --capacity: the capacity scan of every allowed CPU on m
 * (the scan's own, freed here); the FAIL lines of its outliers into f, how
 * many, or -1 after a usage error. A terminating signal stops the loads
 * and kills us with it.
 */
static int
cmd_check_health_capacity(const struct cmd_args *a, struct topo *m, FILE *f, char *note,
    size_t len)
{
	struct scan	*sn = xcalloc(1, sizeof *sn);
	const char	*v;
	char		 err[512];
	int		 n, sig;

	sn->m = m;
	if ((v = cmd_args_get(a, 'k')) == NULL)
		v = SCAN_DEFAULT_KERNELS;
	if (scan_add_kernels(sn, v, err, sizeof err) == -1 ||
	    scan_plan(sn, err, sizeof err) == -1) {
		cmd_check_whole_free(sn, NULL);
		(void)cmd_usage_error("check", "%s", err);
		return -1;
	}
	scan_run(sn, NULL, NULL);
	if ((sig = sn->signo) != 0) {
		fprintf(stderr, "smtscope: check: interrupted by signal %d (%s); loads "
		    "stopped\n", sig, strsignal(sig));
		cmd_check_whole_free(sn, NULL);
		cmd_die(sig);
	}
	n = check_health_capacity(sn, f, note, len);
	cmd_check_whole_free(sn, NULL);
	return n;
}

/* `smtscope check --health`: the CPUs against what is expected, one line. */
static int
cmd_check_health(const struct cmd_args *a)
{
	static const int	 other[] = { 'p', 's', 't', 'a', 'n', 'o', CMD_OPT_JSON,
	    CMD_OPT_CSV, CMD_CHECK_OPT_SVG, CMD_CHECK_OPT_PROM, CMD_CHECK_OPT_INFER,
	    CMD_CHECK_OPT_IDLE, CMD_CHECK_OPT_SCALE, CMD_CHECK_OPT_INFERC2C };
	const char		*v, *input = cmd_args_get(a, 'i');
	struct topo		*m;
	char			 err[600], line[1200], note[600];
	long			 n = -1;
	int			 smt = -1, rc, cap = cmd_args_has(a, CMD_CHECK_OPT_CAPACITY);
	int			 nfail = 0;
	size_t			 i;

	for (i = 0; i < sizeof other / sizeof other[0]; i++)
		if (cmd_args_has(a, other[i]))
			return cmd_usage_error("check", "--health reads the topology "
			    "(and with --capacity scans it): it takes --expect-cpus, "
			    "--expect-smt, --capacity, --kernels and -i");
	if (cmd_args_has(a, 'k') && !cap)
		return cmd_usage_error("check", "--health: --kernels goes with --capacity");
	if (cap && input != NULL)
		return cmd_usage_error("check", "--health --capacity: -i %s is another "
		    "machine's topology: loads cannot run there", input);
	if ((v = cmd_args_get(a, CMD_CHECK_OPT_EXPCPUS)) != NULL &&
	    util_parse_long(v, 1, 1L << 20, &n) == -1)
		return cmd_usage_error("check", "--expect-cpus: '%s' is not a number "
		    "of CPUs", v);
	if ((v = cmd_args_get(a, CMD_CHECK_OPT_EXPSMT)) != NULL) {
		if (strcmp(v, "on") == 0)
			smt = 1;
		else if (strcmp(v, "off") == 0)
			smt = 0;
		else
			return cmd_usage_error("check", "--expect-smt %s: say on or off", v);
	}
	m = input != NULL ? topo_load_input(input, err, sizeof err) :
	    topo_load_live(err, sizeof err);
	if (m == NULL) {
		printf("smtscope health: FAIL: %s\n", err);
		return CMD_FAIL;
	}
	rc = check_health(m, (int)n, smt, line, sizeof line) == 0 ? CMD_OK : CMD_FAIL;
	if (rc != CMD_OK)
		printf("%s\n", line);
	note[0] = '\0';
	/* the scan owns the topology from here */
	if (cap && (nfail = cmd_check_health_capacity(a, m, stdout, note,
	    sizeof note)) == -1)
		return CMD_USAGE;
	if (nfail > 0)
		rc = CMD_FAIL;
	if (rc == CMD_OK)
		printf("%s%s%s\n", line, note[0] != '\0' ? "; " : "", note);
	if (!cap)
		topo_free(m);
	return rc;
}

/* `smtscope check`: plan, print the facts, measure, report. */
static int
cmd_check_exec(int argc, char **argv)
{
	struct cmd_args	 a;
	struct check	*c;
	struct cmd_out	 out;
	enum report_format	 fmt;
	const char	*s;
	char		 err[4600];
	int		 rc, idle;

	if ((rc = cmd_args_parse(&a, &cmd_check_entry, argc, argv)) != CMD_GO)
		return rc;
	if (cmd_args_has(&a, CMD_CHECK_OPT_IDLE) && cmd_args_get(&a, CMD_CHECK_OPT_IDLE) !=
	    NULL && strcmp(cmd_args_get(&a, CMD_CHECK_OPT_IDLE), "restore") == 0)
		return cmd_check_idle_restore(&a);
	if (cmd_args_has(&a, CMD_CHECK_OPT_INFER) && cmd_args_has(&a, CMD_CHECK_OPT_IDLE))
		return cmd_usage_error("check", "--infer and --idle are two experiments: "
		    "ask for one");
	if (cmd_args_has(&a, CMD_CHECK_OPT_INFERC2C) && !cmd_args_has(&a, CMD_CHECK_OPT_INFER))
		return cmd_usage_error("check", "--infer-from-c2c goes with --infer");
	if (cmd_args_has(&a, CMD_CHECK_OPT_HEALTH))
		return cmd_check_health(&a);
	if (cmd_args_has(&a, CMD_CHECK_OPT_EXPCPUS) || cmd_args_has(&a,
	    CMD_CHECK_OPT_EXPSMT))
		return cmd_usage_error("check", "--expect-cpus and --expect-smt go "
		    "with --health");
	if (cmd_args_has(&a, CMD_CHECK_OPT_SCALE))
		return cmd_check_whole(&a, NULL, xcalloc(1, sizeof (struct scale)));
	if (cmd_args_has(&a, CMD_CHECK_OPT_CAPACITY))
		return cmd_check_whole(&a, xcalloc(1, sizeof (struct scan)), NULL);
	if (cmd_args_has(&a, CMD_CHECK_OPT_INFER))
		return cmd_check_infer(&a);
	c = xcalloc(1, sizeof *c);
	out.f = NULL;
	if ((rc = cmd_check_options(&a, c, &fmt)) != CMD_GO ||
	    (rc = cmd_out_open(&out, "check", cmd_args_get(&a, 'o'))) != CMD_GO ||
	    (rc = cmd_check_plan(&a, c)) != CMD_GO)
		goto out;
	if (fmt == REPORT_TEXT) {
		check_report_plan(c, out.f);
		fflush(out.f);
	}
	/* check --idle, not the default check's idle section. */
	idle = c->idle != NULL && !c->idle->section;
	if (!c->dry_run)
		cmd_check_measure(c);
	if (fmt == REPORT_JSON)
		check_report_json(c, out.f);
	else if (fmt == REPORT_CSV && idle)
		idle_report_csv(c, out.f);
	else if (fmt == REPORT_CSV)
		check_report_csv(c, out.f);
	else if (!c->dry_run)
		check_report_text(c, out.f);
	rc = c->failed ? CMD_FAIL : CMD_OK;
	/* the verdict "not measurable now" (others' work): exit 3 */
	if (rc == CMD_OK && !c->dry_run && !idle && check_verdict(c, err, sizeof err) ==
	    VERDICT_BUSY)
		rc = CMD_BUSY;
	if ((s = cmd_args_get(&a, CMD_CHECK_OPT_SVG)) != NULL && (idle ?
	    idle_svg_write(c, s, err, sizeof err) : check_svg_write(c, s, err,
	    sizeof err)) == -1) {
		fprintf(stderr, "smtscope: check: --svg: %s\n", err);
		rc = CMD_FAIL;
	}
	if (!idle && (s = cmd_args_get(&a, CMD_CHECK_OPT_PROM)) != NULL &&
	    check_prom_write(c, s, err, sizeof err) == -1) {
		fprintf(stderr, "smtscope: check: --prom: %s\n", err);
		rc = CMD_FAIL;
	}
out:
	rc = cmd_out_close(&out, "check", rc);
	check_free(c);
	free(c);
	return rc;
}
