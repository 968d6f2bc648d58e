/* cmd_live.c: `smtscope` without a command: the live screen's options, then the screen. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "loads.h"
#include "topo.h"
#include "ui/ui.h"
#include "util.h"

/* The usage line and options; smtscope(1) says the same. */
static void
cmd_live_help(FILE *f)
{
	fprintf(f,
	    "usage: smtscope [-d TENTHS] [-t THEME] [-l LOAD]... [-i FILE.xml|SYNTHETIC]\n"
	    "\n"
	    "The live screen: the CPU topology with per-CPU load, and synthetic loads\n"
	    "pinned to logical CPUs with their speed against running alone.\n"
	    "\n"
	    "Options:\n"
	    "  -d, --delay TENTHS              refresh interval in tenths of a second (1-100, default 10)\n"
	    "  -t, --theme NAME|FILE           color theme: default, mono, light, projector, or a file\n"
	    "  -l, --load KERNEL[:PARAM]@WHERE start a load at launch (repeatable), e.g. hash@0\n"
	    "  -i, --input FILE.xml|SYNTHETIC  view another machine's topology (no loads)\n"
	    "  -h, --help                      this help\n"
	    "\n"
	    "Press ? on the screen for the keys. Commands: smtscope --help. See smtscope(1).\n");
}

/* smtscope [-d TENTHS] [-t THEME] [-l LOAD]... [-i FILE.xml|SYNTHETIC] */
int
cmd_live(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "delay", required_argument, NULL, 'd' },
		{ "theme", required_argument, NULL, 't' },
		{ "load", required_argument, NULL, 'l' },
		{ "input", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct ui_options	 o;
	struct load_spec	 spec;
	struct topo		*m;
	char			 err[512];
	long			 v;
	int			 c, i, rc;

	memset(&o, 0, sizeof o);
	o.delay_tenths = 10;
	o.loads = xcalloc((size_t)argc + 1, sizeof *o.loads);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":d:t:l:i:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd':
			if (util_parse_long(optarg, 1, 100, &v) == -1) {
				free(o.loads);
				return cmd_usage_error(NULL, "-d: expected a refresh interval "
				    "of 1 to 100 tenths of a second, got '%s'", optarg);
			}
			o.delay_tenths = (int)v;
			break;
		case 't':
			o.theme = optarg;
			break;
		case 'l':
			o.loads[o.nloads++] = optarg;
			break;
		case 'i':
			o.input = optarg;
			break;
		case 'h':
			cmd_live_help(stdout);
			free(o.loads);
			return CMD_OK;
		case ':':
			free(o.loads);
			return cmd_usage_error(NULL, "option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			free(o.loads);
			return cmd_usage_error(NULL, "unknown option '%s' (see smtscope --help)",
			    argv[optind - 1]);
		}
	}
	if (optind < argc) {
		free(o.loads);
		return cmd_usage_error(NULL, "unexpected argument '%s' (see smtscope --help)",
		    argv[optind]);
	}
	if (o.input != NULL && o.nloads > 0) {
		free(o.loads);
		return cmd_usage_error(NULL, "-l: loads run only on this machine, "
		    "not on a view (-i)");
	}
	/* Check the loads before the screen starts, so errors read as usage. */
	if (o.nloads > 0) {
		if ((m = topo_load_live(err, sizeof err)) == NULL) {
			fprintf(stderr, "smtscope: %s\n", err);
			free(o.loads);
			return CMD_FAIL;
		}
		for (i = 0; i < o.nloads; i++) {
			if (loads_parse(m, o.loads[i], &spec, err, sizeof err) == -1) {
				topo_free(m);
				free(o.loads);
				return cmd_usage_error(NULL, "-l: %s", err);
			}
		}
		topo_free(m);
	}
	rc = ui_run(&o);
	free(o.loads);
	return rc;
}
