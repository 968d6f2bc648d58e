/* cmd_run.c: `smtscope run`: options and the loads; the measuring is run_measure.c's. */
#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "exp/run/run.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

/* The longest window, by default, in seconds. */
#define CMD_RUN_TIME_S	2
/* --counters, long only. */
#define CMD_RUN_OPT_COUNTERS	0x110

static int	cmd_run_exec(int, char **);

static const struct cmd_option cmd_run_opts[] = {
	{ 't', "time", required_argument, "S", "the longest window (default "
	    CMD_STR(CMD_RUN_TIME_S) "), solo or together, of each round; each ends when "
	    "its rate is known, \u00b1 how much its parts disagreed" },
	{ CMD_OPT_JSON, "json", no_argument, NULL, "one JSON object with a \"loads\" "
	    "array" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "one row per load; solo and rate in the "
	    "unit column's unit" },
	{ 'o', "output", required_argument, "FILE", "write the report to FILE (%h: the "
	    "short host name, %%: %)" },
	{ CMD_RUN_OPT_COUNTERS, "counters", no_argument, NULL, "hardware counters (IPC, "
	    "GHz) on pipe and fork loads too, where a PMU counts: they slow each of "
	    "their switches, which the report says" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.usage = "[--time S] [--json|--csv] [-o FILE] [--counters] LOAD...",
	.summary = "measure loads alone and together, in turn: speeds and why",
	.options = cmd_run_opts,
	.maxargs = -1,
	.about =
	    "Measure each load alone on its place (the others paused), then all\n"
	    "together, in " CMD_STR(ALT_ROUNDS) " rounds (solo, together, solo, together), "
	    "and print each load's\nspeed against its solo rate (the mean of its solo "
	    "windows), the share of time\nit got on a CPU, its efficiency per CPU-second, "
	    "and its neighbours. A drift of\nthe CPU between the windows falls into the "
	    "solo's spread and CAPACITY (how\nthe solos moved, with its cause where "
	    "measured), not into the speed.\n"
	    "SPEED = together / solo; EFFIC = SPEED / (SHARE / solo share). A solo that\n"
	    "others disturbed is measured again once its core is quiet; a figure that\n"
	    "stays disturbed is marked ~, with a warning naming the processes.\n",
	.notes =
	    "LOAD is KERNEL[:PARAM]@WHERE, e.g. hash@0, chase:1m@core:1.pu:0, pipe@0,1,\n"
	    "hash@all (floating). See smtscope kernels.\n",
	.exec = cmd_run_exec
};

/* Progress on stderr when it is a terminal: the plan's time, what runs now, the time left. */
static void
cmd_run_progress(void *arg, const char *what, double left_s)
{
	const struct run	*run = arg;

	if (what == NULL)
		fprintf(stderr, "\r\033[K");
	else
		fprintf(stderr, "\r\033[Krun, %d rounds (about %.0f s): %s (about %.0f s "
		    "left)", run->rounds, run->estimate_s, what, left_s);
	fflush(stderr);
}

/* The options: --time and the format; CMD_GO or CMD_USAGE. */
static int
cmd_run_options(const struct cmd_args *a, double *secs, enum report_format *fmt)
{
	const char	*s;

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	if ((s = cmd_args_get(a, 't')) != NULL &&
	    (util_parse_seconds(s, secs) == -1 || *secs < 0.05 || *secs > 3600))
		return cmd_usage_error("run", "bad --time '%s' (seconds, 0.05 to 3600)", s);
	if (a->argc == 0)
		return cmd_usage_error("run", "no load given (e.g. smtscope run hash@0 "
		    "hash@1)");
	if (a->argc > LOADS_MAX / 2)
		return cmd_usage_error("run", "too many loads (at most %d)", LOADS_MAX / 2);
	return CMD_GO;
}

/* `smtscope run [--time S] [--json|--csv] LOAD...`. */
static int
cmd_run_exec(int argc, char **argv)
{
	struct cmd_args		 a;
	struct run		 run;
	struct topo		*m;
	struct cmd_out		 out;
	enum report_format	 fmt;
	double			 time_s = CMD_RUN_TIME_S;
	char			 err[512], **texts = NULL;
	int			 i, rc, failed, sig, n = 0;

	if ((rc = cmd_args_parse(&a, &cmd_run_entry, argc, argv)) != CMD_GO ||
	    (rc = cmd_run_options(&a, &time_s, &fmt)) != CMD_GO)
		return rc;
	if ((m = topo_load_live(err, sizeof err)) == NULL)
		return cmd_usage_error("run", "%s", err);
	if ((rc = cmd_out_open(&out, "run", cmd_args_get(&a, 'o'))) != CMD_GO) {
		topo_free(m);
		return rc;
	}
	/* A load on each CPU of a set ("hash@each:cores") is one load per CPU. */
	for (i = 0; i < a.argc; i++)
		if (loads_expand(m, a.argv[i], &texts, &n, err, sizeof err) == -1) {
			loads_expand_free(texts, n);
			topo_free(m);
			return cmd_out_close(&out, "run", cmd_usage_error("run", "%s", err));
		}
	run_init(&run, m, time_s, n);
	run.counters = cmd_args_has(&a, CMD_RUN_OPT_COUNTERS);
	for (i = 0; i < run.n; i++) {
		if (loads_parse(m, texts[i], &run.r[i].spec, err, sizeof err) == -1) {
			loads_expand_free(texts, n);
			run_free(&run);
			topo_free(m);
			return cmd_out_close(&out, "run", cmd_usage_error("run", "%s", err));
		}
	}
	loads_expand_free(texts, n);
	run_plan(&run);
	if (isatty(STDERR_FILENO)) {
		run.progress = cmd_run_progress;
		run.arg = &run;
	}
	measure_signals_block();
	failed = run_measure(&run, &sig);
	if (sig > 0)
		cmd_die(sig);
	run_report(&run, fmt, out.f);
	run_free(&run);
	topo_free(m);
	return cmd_out_close(&out, "run", failed ? CMD_FAIL : CMD_OK);
}
