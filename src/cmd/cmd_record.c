/* cmd_record.c: `smtscope record`: options; the session (loads, solos, refreshes) is record_session.c's. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "exp/record/record.h"
#include "exp/record/record_session.h"
#include "model/topo.h"
#include "base/util.h"

/* The refresh interval by default, in tenths of a second. */
#define CMD_RECORD_DELAY_TENTHS	10

static int	cmd_record_exec(int, char **);

static const struct cmd_option cmd_record_opts[] = {
	{ 'o', "output", required_argument, "FILE", "the recording (%h: the short host "
	    "name, %%: %)" },
	{ 'd', "delay", required_argument, "TENTHS", "refresh interval in tenths of a "
	    "second (1-100, default " CMD_STR(CMD_RECORD_DELAY_TENTHS) ")" },
	{ 't', "time", required_argument, "S", "stop after S seconds of refreshes "
	    "(default: at SIGINT or SIGTERM; the file is complete either way)" },
	{ 'l', "load", required_argument, "LOAD", "a load (repeatable), e.g. hash@0, "
	    "pipe@0,1" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_record_entry = {
	.name = "record",
	.usage = "-o FILE [-d TENTHS] [--time S] [-l LOAD]...",
	.summary = "run loads headless and record every refresh to a file",
	.options = cmd_record_opts,
	.maxargs = 0,
	.about =
	    "Start the loads, measure each one's solo rate once (the others paused),\n"
	    "then write one line per refresh: every CPU's busy time (smtscope's user\n"
	    "and system, others'), every load's state, rate, share and solo; and the\n"
	    "events (started, died, stopped, solo measured). JSON lines, gzip when\n"
	    "FILE ends in .gz; see smtscope-record(5) and smtscope replay --summary.\n",
	.exec = cmd_record_exec
};

/* The options: -o, -d, --time and the loads; CMD_GO or CMD_USAGE. */
static int
cmd_record_options(const struct cmd_args *a, const struct topo *m, char *path,
    size_t pathlen, double *interval_s, double *time_s, struct load_spec **specs,
    int *nspecs)
{
	const char	*s;
	char		 err[4400];
	long		 tenths;
	int		 i;

	if ((s = cmd_args_get(a, 'o')) == NULL)
		return cmd_usage_error("record", "no -o FILE given (e.g. smtscope record "
		    "-o run.jsonl.gz -l hash@0)");
	if (cmd_out_name(s, path, pathlen, err, sizeof err) == -1)
		return cmd_usage_error("record", "%s", err);
	if ((s = cmd_args_get(a, 'd')) != NULL) {
		if (util_parse_long(s, 1, 100, &tenths) == -1)
			return cmd_usage_error("record", "bad -d '%s' (tenths of a second, "
			    "1 to 100)", s);
		*interval_s = (double)tenths / 10;
	}
	if ((s = cmd_args_get(a, 't')) != NULL &&
	    (util_parse_seconds(s, time_s) == -1 || *time_s < 0.1 || *time_s > 1e6))
		return cmd_usage_error("record", "bad --time '%s' (seconds, 0.1 to "
		    "1000000)", s);
	*specs = xcalloc(LOADS_MAX, sizeof **specs);
	for (i = 0; i < a->nopts; i++) {
		if (a->opts[i].ch != 'l')
			continue;
		if (*nspecs == LOADS_MAX / 2)
			return cmd_usage_error("record", "too many loads (at most %d)",
			    LOADS_MAX / 2);
		if (loads_parse(m, a->opts[i].arg, &(*specs)[*nspecs], err,
		    sizeof err) == -1)
			return cmd_usage_error("record", "%s", err);
		(*nspecs)++;
	}
	return CMD_GO;
}

/* Record to path: the session is record_session.c's; on a signal, die of it. */
static int
cmd_record_session(const struct topo *m, const char *path, const struct load_spec *specs,
    int n, double interval_s, double time_s)
{
	struct record_out	*out;
	struct record_tally	 tally;
	char			 err[4400], said[640];
	int			 sig, rc = CMD_OK;

	if ((out = record_create(path, NULL, err, sizeof err)) == NULL)
		return cmd_usage_error("record", "-o %s", err);
	measure_signals_block();
	if (record_session(m, out, specs, n, interval_s, time_s, &sig, &tally, err,
	    sizeof err) == -1) {
		fprintf(stderr, "smtscope: record: %s\n", err);
		rc = CMD_FAIL;
	} else {
		/* One line at the end: what it wrote (on a signal too, before dying of it). */
		record_tally_words(&tally, path, said, sizeof said);
		fprintf(stdout, "Recorded %s\n", said);
		fflush(stdout);
	}
	if (sig > 0)
		cmd_die(sig);
	return rc;
}

/* `smtscope record -o FILE [-d TENTHS] [--time S] [-l LOAD]...`. */
static int
cmd_record_exec(int argc, char **argv)
{
	struct cmd_args		 a;
	struct load_spec	*specs = NULL;
	struct topo		*m;
	char			 path[4096], err[512];
	double			 interval_s = CMD_RECORD_DELAY_TENTHS / 10.0, time_s = 0;
	int			 rc, n = 0;

	if ((rc = cmd_args_parse(&a, &cmd_record_entry, argc, argv)) != CMD_GO)
		return rc;
	if ((m = topo_load_live(err, sizeof err)) == NULL)
		return cmd_usage_error("record", "%s", err);
	rc = cmd_record_options(&a, m, path, sizeof path, &interval_s, &time_s, &specs, &n);
	if (rc == CMD_GO)
		rc = cmd_record_session(m, path, specs, n, interval_s, time_s);
	free(specs);
	topo_free(m);
	return rc;
}
