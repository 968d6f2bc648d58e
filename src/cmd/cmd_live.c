/* cmd_live.c: `smtscope [-d TENTHS] [-t THEME] [-l LOAD]... [-i INPUT]`, the live screen. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "engine/loads.h"
#include "ui/rc.h"
#include "model/topo.h"
#include "ui/ui.h"
#include "base/util.h"

/* The long-only options. */
#define CMD_LIVE_SNAPSHOT	0x110
#define CMD_LIVE_RECORD		0x111
#define CMD_LIVE_INFER_FROM	0x112
#define CMD_LIVE_COUNTERS	0x113
/* The refresh interval by default, in tenths of a second. */
#define CMD_LIVE_DELAY_TENTHS	10

static int	cmd_live_exec(int, char **);

static const struct cmd_option cmd_live_opts[] = {
	{ 'd', "delay", required_argument, "TENTHS", "refresh interval in tenths of a "
	    "second (1-100, default " CMD_STR(CMD_LIVE_DELAY_TENTHS) ")" },
	{ 't', "theme", required_argument, "NAME|FILE", "color theme: default, mono, "
	    "light, projector, or a file" },
	{ 'l', "load", required_argument, "LOAD", "start a load at launch (repeatable), "
	    "e.g. hash@0, chase:1m@core:1.pu:0, pipe@0,1" },
	{ 'i', "input", required_argument, "FILE.xml|SYNTHETIC", "view another machine's "
	    "topology (no loads)" },
	{ 'v', "view", required_argument, "VIEW", "start in a view: tree, grid, or c2c "
	    "(core-to-core latency heatmap)" },
	{ CMD_LIVE_SNAPSHOT, "snapshot", required_argument, "FILE", "the file S writes "
	    "the screen to as SVG (default smtscope-YYYYmmdd-HHMMSS.svg here)" },
	{ CMD_LIVE_RECORD, "record", required_argument, "FILE", "record the session from "
	    "the start (R on the screen starts and stops; default name "
	    "smtscope-YYYYmmdd-HHMMSS.jsonl.gz here)" },
	{ CMD_LIVE_INFER_FROM, "infer-from", required_argument, "FILE", "mark on the tree "
	    "the pairs that a smtscope check --infer --json result of this machine "
	    "measured unlike the topology" },
	{ 'n', "no-config", no_argument, NULL, "neither read nor write the settings file "
	    "($XDG_CONFIG_HOME/smtscope/smtscoperc)" },
	{ CMD_LIVE_COUNTERS, "counters", no_argument, NULL, "hardware counters (IPC, GHz) "
	    "on pipe and fork loads too, where a PMU counts: they slow each of their "
	    "switches" },
	{ 'V', "version", no_argument, NULL, "print the version" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_live_entry = {
	.name = NULL,
	.usage = "[-d TENTHS] [-t THEME] [-l LOAD]... [-i FILE.xml|SYNTHETIC]\n"
	    "                [-v VIEW] [--snapshot FILE] [--infer-from FILE] [--record FILE]\n"
	    "                [-n] [--counters] [-V]",
	.summary = "the live screen",
	.options = cmd_live_opts,
	.maxargs = 0,
	.about =
	    "The live screen: the CPU topology with per-CPU load, and synthetic loads\n"
	    "pinned to logical CPUs with their speed against running alone.\n",
	.notes =
	    "Press ? on the screen for the keys. Commands: smtscope --help. See smtscope(1).\n",
	.exec = cmd_live_exec
};

/* The live screen's options for smtscope --help, which lists the commands too. */
void
cmd_live_options_help(FILE *f)
{
	cmd_options_help(cmd_live_opts, f);
}

/* Check the loads against this machine before the screen starts, so errors read as usage. */
static int
cmd_live_check_loads(const struct ui_options *o)
{
	struct load_spec	 spec;
	char			**texts = NULL;
	int			  n = 0;
	struct topo		*m;
	char			 err[512];
	int			 i, rc = CMD_GO;

	if (o->nloads == 0)
		return CMD_GO;
	if ((m = topo_load_live(err, sizeof err)) == NULL) {
		fprintf(stderr, "smtscope: %s\n", err);
		return CMD_FAIL;
	}
	/* A load on each CPU of a set ("hash@each:package:0") is checked CPU by CPU. */
	for (i = 0; i < o->nloads && rc == CMD_GO; i++)
		if (loads_expand(m, o->loads[i], &texts, &n, err, sizeof err) == -1)
			rc = cmd_usage_error(NULL, "-l: %s", err);
	for (i = 0; i < n && rc == CMD_GO; i++)
		if (loads_parse(m, texts[i], &spec, err, sizeof err) == -1)
			rc = cmd_usage_error(NULL, "-l: %s", err);
	loads_expand_free(texts, n);
	topo_free(m);
	return rc;
}

/* Fill the screen's options from the command line; CMD_GO or an exit status. */
static int
cmd_live_options(const struct cmd_args *a, struct ui_options *o)
{
	long	v;
	int	i;

	o->delay_tenths = CMD_LIVE_DELAY_TENTHS;
	for (i = 0; i < a->nopts; i++) {
		switch (a->opts[i].ch) {
		case 'd':
			if (util_parse_long(a->opts[i].arg, 1, 100, &v) == -1)
				return cmd_usage_error(NULL, "-d: expected a refresh interval "
				    "of 1 to 100 tenths of a second, got '%s'", a->opts[i].arg);
			o->delay_tenths = (int)v;
			break;
		case 't':
			o->theme = a->opts[i].arg;
			break;
		case 'l':
			o->loads[o->nloads++] = a->opts[i].arg;
			break;
		case 'i':
			o->input = a->opts[i].arg;
			break;
		case 'v':
			o->view = a->opts[i].arg;
			if (strcmp(o->view, "tree") != 0 && strcmp(o->view, "grid") != 0 &&
			    strcmp(o->view, "c2c") != 0)
				return cmd_usage_error(NULL, "-v: '%s' is not a view (tree, "
				    "grid, c2c)", o->view);
			break;
		case CMD_LIVE_SNAPSHOT:
			o->snapshot = a->opts[i].arg;
			break;
		case CMD_LIVE_INFER_FROM:
			o->infer_from = a->opts[i].arg;
			break;
		case CMD_LIVE_RECORD:
			o->record = a->opts[i].arg;
			break;
		case CMD_LIVE_COUNTERS:
			o->counters = 1;
			break;
		}
	}
	if (o->input != NULL && o->nloads > 0)
		return cmd_usage_error(NULL, "-l: loads run only on this machine, "
		    "not on a view (-i)");
	if (o->input != NULL && o->record != NULL)
		return cmd_usage_error(NULL, "--record: a recording is of this machine, "
		    "not of a view (-i)");
	return cmd_live_check_loads(o);
}

/*
 * Read the settings file (unless -n) into what the command line left
 * unset (the screen chooses the theme: -t, else NO_COLOR or a terminal
 * without colours, else the file's); a malformed line is told on stderr
 * and on the status line.
 */
static void
cmd_live_settings(const struct cmd_args *a, struct ui_options *o, struct rc *rc,
    char *path, size_t pathlen, char *notice, size_t noticelen)
{
	rc_init(rc);
	if (cmd_args_has(a, 'n') || rc_path(path, pathlen) == -1)
		return;
	o->rc = rc;
	o->rc_path = path;
	if (rc_read(rc, path, notice, noticelen) != 0) {
		fprintf(stderr, "smtscope: %s\n", notice);
		o->notice = notice;
	}
	if (!cmd_args_has(a, 'd') && rc->delay_tenths > 0)
		o->delay_tenths = rc->delay_tenths;
	if (o->view == NULL && rc->view[0] != '\0' && strcmp(rc->view, "auto") != 0)
		o->view = rc->view;
}

/* The live screen: parse, check the loads, run the screen. */
static int
cmd_live_exec(int argc, char **argv)
{
	struct cmd_args		 a;
	struct ui_options	 o;
	struct rc		 rcfile;
	char			 path[4096], notice[4600];
	int			 rc;

	memset(&o, 0, sizeof o);
	if ((rc = cmd_args_parse(&a, &cmd_live_entry, argc, argv)) != CMD_GO)
		return rc;
	if (cmd_args_has(&a, 'V')) {
		printf("smtscope %s\n", SMTSCOPE_VERSION);
		return CMD_OK;
	}
	o.loads = xcalloc((size_t)a.nopts + 1, sizeof *o.loads);
	if ((rc = cmd_live_options(&a, &o)) == CMD_GO) {
		cmd_live_settings(&a, &o, &rcfile, path, sizeof path, notice,
		    sizeof notice);
		rc = ui_run(&o);
	}
	free(o.loads);
	return rc;
}
