/* cmd_time.c: `smtscope time [OPTIONS] -- COMMAND [ARGS...]`: options and orchestration. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "base/safefile.h"
#include "exp/time/timing.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

/* --svg FILE, long only. */
#define CMD_TIME_OPT_SVG	0x110

static int	cmd_time_exec(int, char **);

static const struct cmd_option cmd_time_opts[] = {
	{ 'r', "runs", required_argument, "N", "runs per placement (default "
	    CMD_STR(TIMING_RUNS_DEFAULT) "); runs alternate between placements (A B C A "
	    "B C)" },
	{ 'p', "prepare", required_argument, "CMD", "run CMD with /bin/sh -c before each "
	    "run, untimed" },
	{ 'P', "placements", required_argument, "LIST", "comma list (default "
	    TIMING_DEFAULT_PLACEMENTS "); repeatable:\n"
	    "  all     every allowed logical CPU\n"
	    "  cores   one logical CPU per core, siblings idle\n"
	    "  half    half the CPUs of all, as whole cores with every sibling busy, "
	    "spread over packages\n"
	    "  N       N CPUs: one per core in tree order, then second siblings\n"
	    "  cpus=L  the CPUs of L (\"0,2\", \"0-3\", \"core:1\"); takes the rest of "
	    "the LIST" },
	{ 'q', "quiet", no_argument, NULL, "send COMMAND's output nowhere" },
	{ CMD_OPT_JSON, "json", no_argument, NULL, "the report on stdout in JSON "
	    "(COMMAND's stdout then goes to stderr)" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "the report on stdout in CSV (COMMAND's "
	    "stdout then goes to stderr): a row per run, times in the unit column's "
	    "unit (s)" },
	{ 'n', "dry-run", no_argument, NULL, "print the placements, run nothing" },
	{ 'i', "input", required_argument, "INPUT", "plan for another "
	    "machine (implies --dry-run)" },
	{ 'o', "output", required_argument, "FILE", "write the report to FILE (%h: the "
	    "short host name, %%: %)" },
	{ CMD_TIME_OPT_SVG, "svg", required_argument, "FILE", "also write a bar chart of "
	    "the speed per placement" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_time_entry = {
	.name = "time",
	.usage = "[--runs N] [--prepare CMD] [--placements LIST]\n"
	    "                     [--json|--csv] [--quiet] [--dry-run] [-i INPUT] [-o FILE]\n"
	    "                     [--svg FILE]\n"
	    "                     -- COMMAND [ARGS...]",
	.summary = "time a real command on each CPU placement (all, cores, half)",
	.options = cmd_time_opts,
	.in_order = 1,
	.maxargs = -1,
	.about =
	    "Run COMMAND (directly, not through a shell) on each CPU placement, bound\n"
	    "with hwloc, and compare: what SMT gives this workload.\n",
	.notes =
	    "Per run: wall time (monotonic clock), user and sys time, peak RSS (of the\n"
	    "largest single process of the tree), exit status, context switches. The\n"
	    "report gives medians and min-max per placement, the speedup of all over\n"
	    "cores, and the growth of user and sys time from cores to all. COMMAND's\n"
	    "stdin is /dev/null. Exit status: 0, 1 if a run failed, 2 on bad usage or\n"
	    "a command not found.\n",
	.exec = cmd_time_exec
};

/* Fill t from the options and the command; CMD_GO or CMD_USAGE. */
static int
cmd_time_options(const struct cmd_args *a, struct timing *t, enum report_format *fmt)
{
	const char	*s;
	char		 err[4600], path[4096];
	long		 v;
	int		 i;

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	t->nruns = TIMING_RUNS_DEFAULT;
	for (i = 0; i < a->nopts; i++) {
		if (a->opts[i].ch == 'r') {
			if (util_parse_long(a->opts[i].arg, 1, TIMING_RUNS_MAX, &v) == -1)
				return cmd_usage_error("time", "--runs '%s': give a number "
				    "from 1 to %d", a->opts[i].arg, TIMING_RUNS_MAX);
			t->nruns = (int)v;
		} else if (a->opts[i].ch == 'p') {
			if (*a->opts[i].arg == '\0')
				return cmd_usage_error("time", "--prepare needs a command");
			t->prepare = a->opts[i].arg;
		}
	}
	t->output = cmd_args_has(a, 'q') ? TIMING_OUT_QUIET : *fmt != REPORT_TEXT ?
	    TIMING_OUT_STDERR : TIMING_OUT_STDOUT;
	t->dry_run = cmd_args_has(a, 'n') || cmd_args_has(a, 'i');
	t->argv = a->argv;
	t->argc = a->argc;
	if (t->argc == 0 && !t->dry_run)
		return cmd_usage_error("time", "no COMMAND given (smtscope time [OPTIONS] "
		    "-- COMMAND [ARGS...])");
	if (t->argc > 0 && !cmd_args_has(a, 'i') &&
	    timing_find_command(t->argv[0], path, sizeof path, err, sizeof err) == -1)
		return cmd_usage_error("time", "%s", err);
	if ((s = cmd_args_get(a, CMD_TIME_OPT_SVG)) != NULL && t->dry_run)
		return cmd_usage_error("time", "--svg %s: a dry run measures nothing to "
		    "draw", s);
	if (s != NULL && safefile_probe(s, err, sizeof err) == -1)
		return cmd_usage_error("time", "--svg: %s", err);
	return CMD_GO;
}

/* Load the machine and make the placements; CMD_GO or CMD_USAGE. */
static int
cmd_time_plan(const struct cmd_args *a, struct timing *t)
{
	const char	*input = cmd_args_get(a, 'i');
	char		 err[512];
	int		 i, lists = 0;

	t->m = input != NULL ? topo_load_input(input, err, sizeof err) :
	    topo_load_live(err, sizeof err);
	if (t->m == NULL)
		return cmd_usage_error("time", "%s", err);
	for (i = 0; i < a->nopts; i++) {
		if (a->opts[i].ch != 'P')
			continue;
		lists++;
		if (timing_plan_add(t->m, a->opts[i].arg, &t->places, &t->nplaces, err,
		    sizeof err) == -1)
			return cmd_usage_error("time", "%s", err);
	}
	if (lists == 0 && timing_plan_add(t->m, TIMING_DEFAULT_PLACEMENTS, &t->places,
	    &t->nplaces, err, sizeof err) == -1)
		return cmd_usage_error("time", "%s", err);
	timing_plan_dedupe(t->m, t->places, t->nplaces);
	if (timing_plan_runnable(t->places, t->nplaces) == 0)
		return cmd_usage_error("time", "no placement can run here: %s: %s",
		    t->places[0].name, t->places[0].reason);
	return CMD_GO;
}

/* Progress on stderr, when it is a terminal: one line per step. */
static void
cmd_time_progress(void *arg, const char *line)
{
	(void)arg;
	fprintf(stderr, "smtscope: time: %s\n", line);
}

/* Run the command on every placement; CMD_GO, CMD_FAIL, or death by a signal. */
static int
cmd_time_run(struct timing *t)
{
	int	rc;

	rc = timing_run_all(t, isatty(STDERR_FILENO) ? cmd_time_progress : NULL, NULL);
	if (rc == -1) {
		fprintf(stderr, "smtscope: time: %s\n", t->error);
		return CMD_FAIL;
	}
	if (rc > 0) {
		fprintf(stderr, "smtscope: time: interrupted (%s): the command's process "
		    "group was stopped; no report\n", strsignal(rc));
		cmd_die(rc);
	}
	return CMD_GO;
}

/* Write the --svg chart when asked; rc, or CMD_FAIL when it cannot be written. */
static int
cmd_time_svg(const struct cmd_args *a, const struct timing *t, int rc)
{
	const char	*path = cmd_args_get(a, CMD_TIME_OPT_SVG);
	char		 err[4600];

	if (path == NULL || timing_svg_write(t, path, err, sizeof err) == 0)
		return rc;
	fprintf(stderr, "smtscope: time: --svg: %s\n", err);
	return CMD_FAIL;
}

/* `smtscope time [OPTIONS] -- COMMAND [ARGS...]`. */
static int
cmd_time_exec(int argc, char **argv)
{
	struct cmd_args	 a;
	struct timing	 t;
	struct cmd_out	 out;
	enum report_format	 fmt;
	int		 rc;

	memset(&t, 0, sizeof t);
	if ((rc = cmd_args_parse(&a, &cmd_time_entry, argc, argv)) != CMD_GO ||
	    (rc = cmd_time_options(&a, &t, &fmt)) != CMD_GO)
		return rc;
	if ((rc = cmd_out_open(&out, "time", cmd_args_get(&a, 'o'))) != CMD_GO)
		return rc;
	if ((rc = cmd_time_plan(&a, &t)) == CMD_GO &&
	    (t.dry_run || (rc = cmd_time_run(&t)) == CMD_GO)) {
		if (fmt == REPORT_JSON)
			timing_report_json(&t, out.f);
		else if (fmt == REPORT_CSV)
			timing_report_csv(&t, out.f);
		else
			timing_report_text(&t, out.f);
		rc = timing_failed(&t) > 0 ? CMD_FAIL : CMD_OK;
		rc = cmd_time_svg(&a, &t, rc);
	}
	rc = cmd_out_close(&out, "time", rc);
	free(t.runs);
	free(t.places);
	if (t.m != NULL)
		topo_free(t.m);
	return rc;
}
