/* cmd_replay.c: `smtscope replay`, a recording read back: for now its summary, headless. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "replay.h"

/* The long-only option --summary. */
#define CMD_REPLAY_SUMMARY	0x103

static int	cmd_replay_exec(int, char **);
static void	cmd_replay_help(FILE *);

static const struct option cmd_replay_longopts[] = {
	{ "summary", no_argument, NULL, CMD_REPLAY_SUMMARY },
	{ "json", no_argument, NULL, CMD_OPT_JSON },
	{ "csv", no_argument, NULL, CMD_OPT_CSV },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

const struct cmd_entry cmd_replay_entry = {
	.name = "replay",
	.usage = "--summary [--json|--csv] FILE",
	.summary = "read a recording back: each load's speed over time",
	.optstring = "h",
	.longopts = cmd_replay_longopts,
	.maxargs = 1,
	.help = cmd_replay_help,
	.exec = cmd_replay_exec
};

/* What follows the usage line. */
static void
cmd_replay_help(FILE *f)
{
	fprintf(f,
	    "Read a recording of smtscope record (plain or .gz; smtscope-record(5)).\n"
	    "\n"
	    "  --summary      print, headless, the recording's host and date, its loads\n"
	    "                 and, per tenth of the recording, each load's slowest,\n"
	    "                 median and fastest rate and the median's speed vs solo\n"
	    "  --json         the summary as one JSON object\n"
	    "  --csv          the summary's table as CSV\n"
	    "\n"
	    "Replay on the live screen is not built yet: use --summary.\n");
}

/* `smtscope replay --summary [--json|--csv] FILE`. */
static int
cmd_replay_exec(int argc, char **argv)
{
	struct cmd_args	 a;
	struct replay	 rp;
	enum cmd_format	 fmt;
	char		 err[8192];
	int		 rc;

	if ((rc = cmd_args_parse(&a, &cmd_replay_entry, argc, argv)) != CMD_GO)
		return rc;
	if (cmd_args_format(&a, &fmt) != 0)
		return CMD_USAGE;
	if (a.argc == 0)
		return cmd_usage_error("replay", "no recording given (e.g. smtscope replay "
		    "--summary run.jsonl.gz)");
	if (!cmd_args_has(&a, CMD_REPLAY_SUMMARY))
		return cmd_usage_error("replay", "replay on the screen is not built yet; "
		    "use smtscope replay --summary %s", a.argv[0]);
	if (replay_read(&rp, a.argv[0], err, sizeof err) == -1)
		return cmd_usage_error("replay", "%s", err);
	if (rp.warning[0] != '\0')
		fprintf(stderr, "smtscope: replay: %s; the summary covers the lines "
		    "before it\n", rp.warning);
	replay_summary(&rp, fmt, stdout);
	replay_free(&rp);
	return CMD_OK;
}
