/*
 * cmd_replay.c: `smtscope replay`, a recording read back: played on the
 * live screen, view only, or its summary printed headless (--summary).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "exp/record/replay.h"
#include "ui/ui.h"
#include "report/reports.h"

/* The long-only options --summary and --snapshot. */
#define CMD_REPLAY_SUMMARY	0x103
#define CMD_REPLAY_SNAPSHOT	0x104

static int	cmd_replay_exec(int, char **);

static const struct cmd_option cmd_replay_opts[] = {
	{ 't', "theme", required_argument, "NAME|FILE", "color theme (default, mono, "
	    "light, projector, a file)" },
	{ 'v', "view", required_argument, "VIEW", "start in the tree or the grid" },
	{ CMD_REPLAY_SNAPSHOT, "snapshot", required_argument, "FILE", "the file S writes "
	    "the screen to as SVG" },
	{ CMD_REPLAY_SUMMARY, "summary", no_argument, NULL, "print, headless, the "
	    "recording's host and date, its loads and, per tenth of the recording, each "
	    "load's slowest, median and fastest rate and the median's speed vs solo" },
	{ CMD_OPT_JSON, "json", no_argument, NULL, "the summary as one JSON object" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "the summary's table as CSV" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_replay_entry = {
	.name = "replay",
	.usage = "[-t THEME] [-v tree|grid] [--snapshot FILE] FILE\n"
	    "       smtscope replay --summary [--json|--csv] FILE",
	.summary = "play a recording on the screen, or print its speeds over time",
	.options = cmd_replay_opts,
	.maxargs = 1,
	.about =
	    "Read a recording of smtscope record (plain or .gz; smtscope-record(5)).\n"
	    "\n"
	    "Without --summary it plays on the live screen, view only, marked REPLAY\n"
	    "with the recording's host and date: its machine's topology, every CPU's\n"
	    "time, its loads where they ran with their speeds, at the recorded pace.\n"
	    "Keys: Space pause/play, . and , step, + and - faster/slower (1/8x-16x),\n"
	    "> and < 10 s forward/back, 0-9 go to that tenth, ? help, q quit.\n",
	.exec = cmd_replay_exec
};

/* Play the recording on the screen. */
static int
cmd_replay_screen(const struct cmd_args *a)
{
	struct ui_options	 o;
	const char		*v;

	memset(&o, 0, sizeof o);
	o.replay = a->argv[0];
	o.theme = cmd_args_get(a, 't');
	o.snapshot = cmd_args_get(a, CMD_REPLAY_SNAPSHOT);
	if ((v = cmd_args_get(a, 'v')) != NULL) {
		if (strcmp(v, "tree") != 0 && strcmp(v, "grid") != 0)
			return cmd_usage_error("replay", "-v: '%s' is not a view (tree, "
			    "grid)", v);
		o.view = v;
	}
	return ui_run(&o);
}

/* `smtscope replay [--summary [--json|--csv]] FILE`. */
static int
cmd_replay_exec(int argc, char **argv)
{
	struct cmd_args	 a;
	struct replay	 rp;
	enum report_format	 fmt;
	char		 err[8192];
	int		 rc;

	if ((rc = cmd_args_parse(&a, &cmd_replay_entry, argc, argv)) != CMD_GO)
		return rc;
	if (cmd_args_format(&a, &fmt) != 0)
		return CMD_USAGE;
	if (a.argc == 0)
		return cmd_usage_error("replay", "no recording given (e.g. smtscope replay "
		    "run.jsonl.gz)");
	if (!cmd_args_has(&a, CMD_REPLAY_SUMMARY)) {
		if (fmt != REPORT_TEXT)
			return cmd_usage_error("replay", "--json and --csv go with "
			    "--summary");
		return cmd_replay_screen(&a);
	}
	if (replay_read(&rp, a.argv[0], err, sizeof err) == -1)
		return cmd_usage_error("replay", "%s", err);
	if (rp.warning[0] != '\0')
		fprintf(stderr, "smtscope: replay: %s; the summary covers the lines "
		    "before it\n", rp.warning);
	replay_summary(&rp, fmt, stdout);
	replay_free(&rp);
	return CMD_OK;
}
