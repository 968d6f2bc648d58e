/* cmd_c2c.c: `smtscope c2c`, core-to-core latency of every pair of CPUs: options and orchestration. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exp/c2c/c2c.h"
#include "cmd/cmd.h"
#include "model/topo.h"
#include "base/safefile.h"
#include "base/util.h"
#include "report/reports.h"

#define CMD_C2C_SVG		0x110
#define CMD_C2C_PER_CORE	0x111
#define CMD_C2C_GROUPS		0x112

static int	cmd_c2c_exec(int, char **);

static const struct cmd_option cmd_c2c_opts[] = {
	{ 'c', "cpus", required_argument, "LIST", "the CPUs (default: every allowed "
	    "CPU), e.g. 0-3,8" },
	{ CMD_C2C_PER_CORE, "per-core", no_argument, NULL, "one CPU per core with each "
	    "other, and with its siblings" },
	{ CMD_C2C_GROUPS, "groups", no_argument, NULL, "one pair per relation class in "
	    "each cache group, and one between each two groups" },
	{ 's', "samples", required_argument, "N", "samples per pair (default "
	    CMD_STR(C2C_DEFAULT_SAMPLES) ")" },
	{ 'r', "round-trips", required_argument, "N", "round trips per sample (default "
	    CMD_STR(C2C_DEFAULT_TRIPS) ")" },
	{ 'm', "mode", required_argument, "MODE", "cas: compare-and-swap ping-pong "
	    "(default); store: a store answered by a reader spinning on loads" },
	{ CMD_OPT_JSON, "json", no_argument, NULL, "one JSON object" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "one row per pair" },
	{ CMD_C2C_SVG, "svg", required_argument, "FILE", "also write the heatmap as SVG "
	    "to FILE" },
	{ 'n', "dry-run", no_argument, NULL, "print the plan (pairs, expected time); "
	    "measure nothing" },
	{ 'i', "input", required_argument, "INPUT", "plan for another "
	    "machine's topology (with --dry-run)" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_c2c_entry = {
	.name = "c2c",
	.usage = "[--cpus LIST] [--per-core|--groups] [--samples N]\n"
	    "                    [--round-trips N] [--mode cas|store] [--json|--csv]\n"
	    "                    [--svg FILE] [--dry-run] [-i FILE.xml|SYNTHETIC]",
	.summary = "core-to-core latency: the all-pairs matrix and its heatmap",
	.options = cmd_c2c_opts,
	.maxargs = 0,
	.about =
	    "How long a cache line takes to travel from one logical CPU to another: two\n"
	    "threads, pinned one on each CPU of a pair, bounce one word alone on its cache\n"
	    "line. Each sample times N round trips; a pair's figure is the median one-way\n"
	    "time over its samples. The matrix is in topology order, then the summary by\n"
	    "relation class and the pairs that do not fit their class. Ctrl-C prints what\n"
	    "was measured. A pair whose threads did not both run where asked has no figure;\n"
	    "a pair others' work ran beside is marked ~.\n",
	.exec = cmd_c2c_exec
};

/* Progress on stderr when it is a terminal: the pair now and the time left. */
static void
cmd_c2c_progress(void *arg, const struct c2c *c, int pair, double left_s)
{
	(void)arg;
	if (pair < 0)
		fprintf(stderr, "\r\033[K");
	else
		fprintf(stderr, "\r\033[Kc2c: CPUs %d and %d (pair %d of %d, about %.*f s "
		    "left)", c->plan.pairs[pair].a, c->plan.pairs[pair].b, pair + 1,
		    c->plan.npairs, left_s < 10 ? 1 : 0, left_s);
	fflush(stderr);
}

/* A whole number option in [lo, hi]; -1 with a usage error. */
static int
cmd_c2c_number(const struct cmd_args *a, int ch, const char *name, long lo, long hi,
    int *out)
{
	const char	*s = cmd_args_get(a, ch);
	long		 v;

	if (s == NULL)
		return 0;
	if (util_parse_long(s, lo, hi, &v) == -1) {
		cmd_usage_error("c2c", "%s: '%s' is not a whole number from %ld to %ld", name,
		    s, lo, hi);
		return -1;
	}
	*out = (int)v;
	return 0;
}

/* The options into the plan's settings; CMD_GO or CMD_USAGE. */
static int
cmd_c2c_options(const struct cmd_args *a, struct c2c *c, enum report_format *fmt)
{
	const char	*s;
	char		 err[4400];

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	c->plan.samples = C2C_DEFAULT_SAMPLES;
	c->plan.trips = C2C_DEFAULT_TRIPS;
	if (cmd_c2c_number(a, 's', "--samples", 1, C2C_MAX_SAMPLES, &c->plan.samples) == -1 ||
	    cmd_c2c_number(a, 'r', "--round-trips", 1, C2C_MAX_TRIPS, &c->plan.trips) == -1)
		return CMD_USAGE;
	if ((s = cmd_args_get(a, 'm')) != NULL && c2c_mode_parse(s, &c->plan.mode) == -1)
		return cmd_usage_error("c2c", "--mode: '%s' is not cas or store", s);
	if (cmd_args_has(a, CMD_C2C_PER_CORE) && cmd_args_has(a, CMD_C2C_GROUPS))
		return cmd_usage_error("c2c", "--per-core and --groups cannot go together");
	if ((s = cmd_args_get(a, 'i')) != NULL && !cmd_args_has(a, 'n'))
		return cmd_usage_error("c2c", "-i %s is another machine's topology: nothing "
		    "can be measured there (add --dry-run for the plan)", s);
	if ((s = cmd_args_get(a, CMD_C2C_SVG)) != NULL && *s == '\0')
		return cmd_usage_error("c2c", "--svg: the file name is empty");
	if (s != NULL && safefile_probe(s, err, sizeof err) == -1)
		return cmd_usage_error("c2c", "--svg: %s", err);
	return CMD_GO;
}

/* Load the machine and plan the pairs; CMD_GO or CMD_USAGE. */
static int
cmd_c2c_plan(const struct cmd_args *a, struct c2c *c, struct topo **m)
{
	const char	*input = cmd_args_get(a, 'i'), *s;
	struct cpuset	 set;
	enum c2c_select	 sel = C2C_ALL;
	struct c2c_plan	 keep = c->plan;
	char		 err[512];

	*m = input != NULL ? topo_load_input(input, err, sizeof err) :
	    topo_load_live(err, sizeof err);
	if (*m == NULL)
		return cmd_usage_error("c2c", "%s", err);
	if ((s = cmd_args_get(a, 'c')) != NULL &&
	    topo_parse_set(*m, s, &set, err, sizeof err) == -1)
		return cmd_usage_error("c2c", "--cpus: %s", err);
	if (cmd_args_has(a, CMD_C2C_PER_CORE))
		sel = C2C_PER_CORE;
	else if (cmd_args_has(a, CMD_C2C_GROUPS))
		sel = C2C_GROUPS;
	c2c_init(c, *m, cmd_args_has(a, 'n'));
	if (c2c_plan(*m, s != NULL ? &set : NULL, sel, &c->plan, err, sizeof err) == -1)
		return cmd_usage_error("c2c", "%s%s", s != NULL ? "--cpus: " : "", err);
	c->plan.mode = keep.mode;
	c->plan.samples = keep.samples;
	c->plan.trips = keep.trips;
	c->res = xcalloc((size_t)c->plan.npairs + 1, sizeof *c->res);
	c->est_s = c->plan.npairs * c2c_pair_seconds(&c->plan, C2C_ASSUME_NS);
	snprintf(c->est_how, sizeof c->est_how, "if a one-way trip takes %.0f ns and a "
	    "pair %.0f ms to set up; %s", C2C_ASSUME_NS, C2C_ASSUME_SETUP_S * 1e3,
	    c->live ? "the first pair times it" : "a live run times it");
	return CMD_GO;
}

/* Time the first pair: the estimate for the rest comes from it. */
static void
cmd_c2c_first(struct c2c *c)
{
	char	err[512];
	int	n = c->plan.npairs;

	err[0] = '\0';
	c2c_run(c, 1, isatty(STDERR_FILENO) ? cmd_c2c_progress : NULL, NULL, err,
	    sizeof err);
	if (c->ndone == 1 && c->res[0].state == C2C_DONE) {
		c->est_s = c->res[0].secs * n;
		snprintf(c->est_how, sizeof c->est_how, "the first pair took %.1f ms",
		    c->res[0].secs * 1e3);
	}
}

/* Write the report in its format, and the SVG when asked; CMD_OK or CMD_FAIL. */
static int
cmd_c2c_report(const struct cmd_args *a, const struct c2c *c, enum report_format fmt)
{
	const char	*svg = cmd_args_get(a, CMD_C2C_SVG);
	char		 err[4400];

	if (fmt == REPORT_JSON)
		c2c_report_json(c, stdout);
	else if (fmt == REPORT_CSV)
		c2c_report_csv(c, stdout);
	else if (!c->dry_run)
		c2c_report_text(c, stdout);
	if (svg != NULL && c2c_svg_write(c, svg, err, sizeof err) == -1) {
		fprintf(stderr, "smtscope: c2c: %s\n", err);
		return CMD_FAIL;
	}
	return CMD_OK;
}

/* Measure; a terminating signal prints what was measured and kills us with it. */
static int
cmd_c2c_measure(const struct cmd_args *a, struct c2c *c, enum report_format fmt)
{
	char	err[512];
	int	sig, i;

	err[0] = '\0';
	if (c->signo == 0)
		c2c_run(c, -1, isatty(STDERR_FILENO) ? cmd_c2c_progress : NULL, NULL, err,
		    sizeof err);
	if (err[0] != '\0') {
		fprintf(stderr, "smtscope: c2c: %s\n", err);
		return CMD_FAIL;
	}
	if ((sig = c->signo) != 0) {
		cmd_c2c_report(a, c, fmt);
		fprintf(stderr, "smtscope: c2c: interrupted by signal %d (%s) after %d of %d "
		    "pair%s\n", sig, strsignal(sig), c->ndone, c->plan.npairs,
		    c->plan.npairs == 1 ? "" : "s");
		c2c_free(c);
		cmd_die(sig);
	}
	for (i = 0; i < c->plan.npairs; i++)
		if (c->res[i].state == C2C_FAILED)
			return CMD_FAIL;
	return CMD_OK;
}

/* `smtscope c2c`: plan, print the plan, measure, report. */
static int
cmd_c2c_exec(int argc, char **argv)
{
	struct cmd_args	 a;
	struct c2c	 c;
	struct topo	*m = NULL;
	enum report_format	 fmt;
	int		 rc, rc2;

	if ((rc = cmd_args_parse(&a, &cmd_c2c_entry, argc, argv)) != CMD_GO)
		return rc;
	memset(&c, 0, sizeof c);
	if ((rc = cmd_c2c_options(&a, &c, &fmt)) != CMD_GO ||
	    (rc = cmd_c2c_plan(&a, &c, &m)) != CMD_GO)
		goto out;
	if (c.live)
		cmd_c2c_first(&c);
	if (fmt == REPORT_TEXT) {
		c2c_report_plan(&c, stdout);
		fputc('\n', stdout);
		fflush(stdout);
	}
	rc = CMD_OK;
	if (c.live)
		rc = cmd_c2c_measure(&a, &c, fmt);
	rc2 = cmd_c2c_report(&a, &c, fmt);
	if (rc == CMD_OK)
		rc = rc2;
out:
	c2c_free(&c);
	topo_free(m);
	return rc;
}
