/* cmd_tour.c: `smtscope tour`: options, --check, --list, then the screen or the headless host. */
#include "config.h"

#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "model/topo.h"
#include "exp/tour.h"
#include "cmd/tour_host.h"
#include "exp/tour_player.h"
#include "ui/uitour.h"
#include "base/safefile.h"
#include "base/util.h"

#ifndef SMTSCOPE_DATADIR
#define SMTSCOPE_DATADIR "/usr/local/share/smtscope"
#endif

/* Print the help of `smtscope tour`; CMD_OK. */
static int
cmd_tour_help(void)
{
	printf("usage: smtscope tour [--step S] [--record FILE] [--svg FILE] [-t THEME]\n"
	    "                     [--headless] NAME|FILE\n"
	    "       smtscope tour --check [-i FILE.xml|SYNTHETIC] NAME|FILE...\n"
	    "       smtscope tour --list\n"
	    "\n"
	    "Play a scripted demo: each step has a caption and puts loads on places\n"
	    "that adapt to this machine (sibling-of a, other-core-of a); a place that\n"
	    "does not exist here skips its step with a note. Every speed is measured\n"
	    "against the same load alone, in this run. A summary table ends the tour.\n"
	    "\n"
	    "  -s, --step S      every step advances by itself after S seconds\n"
	    "  -r, --record FILE write the summary as JSON\n"
	    "      --svg FILE    write the summary as an SVG bar chart (speeds, yields)\n"
	    "  -t, --theme NAME  the screen's theme (default: the tour's own)\n"
	    "  -H, --headless    print the steps instead of drawing (also when stdout\n"
	    "                    is not a terminal)\n"
	    "  -c, --check       parse and report errors (exit 2), and which steps this\n"
	    "                    machine (or -i) would skip; run nothing\n"
	    "  -i, --input X     with --check: resolve against another topology\n"
	    "  -l, --list        the shipped tours\n"
	    "\n"
	    "NAME is looked up in the tour directories only (see --list; the shipped\n"
	    "ones in %s/tours); FILE is a path with a '/' or\n"
	    "ending in .tour. See smtscope-tour(5).\n", SMTSCOPE_DATADIR);
	return CMD_OK;
}

/* Can the files the tour writes be written? Asked before it runs; CMD_GO or CMD_USAGE. */
static int
cmd_tour_probe(const char *record, const char *svg)
{
	char	err[4400];

	if (record != NULL && safefile_probe(record, err, sizeof err) == -1)
		return cmd_usage_error("tour", "-r: %s", err);
	if (svg != NULL && safefile_probe(svg, err, sizeof err) == -1)
		return cmd_usage_error("tour", "--svg: %s", err);
	return CMD_GO;
}

/* `smtscope tour --check`: parse each, and say what would be skipped. */
static int
cmd_tour_check(char **files, int n, const char *input)
{
	struct tour_player	*p;
	struct tour		*t;
	struct topo		*m = NULL;
	const char		*note;
	char			 err[512];
	int			 i, j, rc = CMD_OK;

	if (input != NULL && (m = topo_load_input(input, err, sizeof err)) == NULL)
		return cmd_usage_error("tour", "%s", err);
	if (input == NULL)
		m = topo_load_live(err, sizeof err);
	for (i = 0; i < n; i++) {
		if ((t = tour_load(files[i], err, sizeof err)) == NULL) {
			fprintf(stderr, "smtscope: tour: %s\n", err);
			rc = CMD_USAGE;
			continue;
		}
		printf("%s: ok: %s, %d step%s\n", t->path, t->name, t->nsteps,
		    t->nsteps == 1 ? "" : "s");
		if (m != NULL) {
			p = tour_player_new(t, m, NULL, NULL, NULL);
			for (j = 0; j < t->nsteps; j++) {
				note = tour_player_skip_note(p, j);
				if (*note != '\0')
					printf("  step %d (%s) is skipped %s: %s\n", j + 1,
					    t->steps[j].title, input != NULL ? "there" :
					    "here", note);
			}
			tour_player_free(p);
		}
		tour_free(t);
	}
	topo_free(m);
	return rc;
}

/* Was a tour file of this name listed from an earlier directory (which wins, as for `tour NAME`)? */
static int
cmd_tour_seen(char **seen, int n, const char *name)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strcmp(seen[i], name) == 0)
			return 1;
	return 0;
}

/* `smtscope tour --list`: the tours with their titles, each name once (the first found). */
static int
cmd_tour_list(void)
{
	struct dirent	*de;
	char		 dirs[TOUR_NDIRS][XDG_DIR_LEN];
	struct tour	*t;
	DIR		*d;
	char		 err[512], *path, **seen = NULL;
	size_t		 len;
	int		 i, nd = tour_dirs(dirs, TOUR_NDIRS), found = 0, nseen = 0;

	for (i = 0; i < nd; i++) {
		if ((d = opendir(dirs[i])) == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			len = strlen(de->d_name);
			if (len < 6 || strcmp(de->d_name + len - 5, ".tour") != 0 ||
			    cmd_tour_seen(seen, nseen, de->d_name))
				continue;
			seen = xreallocarray(seen, (size_t)nseen + 1, sizeof *seen);
			seen[nseen++] = xstrdup(de->d_name);
			path = xasprintf("%s/%s", dirs[i], de->d_name);
			if ((t = tour_load(path, err, sizeof err)) != NULL) {
				printf("%-20s %s  (%s)\n", t->name, t->title, path);
				tour_free(t);
				found++;
			} else
				printf("%-20.*s broken: %s\n", (int)(len - 5), de->d_name, err);
			free(path);
		}
		closedir(d);
	}
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	if (found == 0)
		for (i = 0; i < nd; i++)
			printf("%s %s\n", i == 0 ? "no tours found in" : "            nor in",
			    dirs[i]);
	return CMD_OK;
}

/* The options of `smtscope tour`. */
static const struct option cmd_tour_longopts[] = {
	{ "step", required_argument, NULL, 's' },
	{ "record", required_argument, NULL, 'r' },
	{ "svg", required_argument, NULL, 'S' },
	{ "theme", required_argument, NULL, 't' },
	{ "headless", no_argument, NULL, 'H' },
	{ "check", no_argument, NULL, 'c' },
	{ "input", required_argument, NULL, 'i' },
	{ "list", no_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* `smtscope tour [options] NAME|FILE`. */
int
cmd_tour(int argc, char **argv)
{
	struct tour_options	 opt;
	struct tour		*t;
	const char		*record = NULL, *input = NULL, *theme = NULL, *svg = NULL;
	char			 err[512];
	int			 ch, check = 0, headless = 0, list = 0, help = 0, rc;

	memset(&opt, 0, sizeof opt);
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":s:r:t:Hci:lh", cmd_tour_longopts, NULL)) != -1) {
		switch (ch) {
		case 's':
			if (util_parse_seconds(optarg, &opt.step_s) == -1 ||
			    opt.step_s < 0.2 || opt.step_s > 3600)
				return cmd_usage_error("tour", "bad --step '%s' (seconds, 0.2 "
				    "to 3600)", optarg);
			break;
		case 'r':
			record = optarg;
			break;
		case 'S':
			svg = optarg;
			break;
		case 't':
			theme = optarg;
			break;
		case 'H':
			headless = 1;
			break;
		case 'c':
			check = 1;
			break;
		case 'i':
			input = optarg;
			break;
		case 'l':
			list = 1;
			break;
		case 'h':
			help = 1;
			break;
		case ':':
			return cmd_usage_error("tour", "option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			return cmd_usage_error("tour", "unknown option '%s' (see smtscope tour "
			    "--help)", argv[optind - 1]);
		}
	}
	if ((help || list) && optind < argc)
		return cmd_usage_error("tour", "unexpected argument '%s' after %s",
		    argv[optind], help ? "--help" : "--list");
	if (help || list)
		return help ? cmd_tour_help() : cmd_tour_list();
	if (optind == argc)
		return cmd_usage_error("tour", "no tour given (e.g. smtscope tour "
		    "smt-basics; smtscope tour --list)");
	if ((rc = cmd_tour_probe(record, svg)) != CMD_GO)
		return rc;
	if (check)
		return cmd_tour_check(argv + optind, argc - optind, input);
	if (input != NULL)
		return cmd_usage_error("tour", "-i is for --check only: a tour runs loads "
		    "on this machine");
	if (argc - optind > 1)
		return cmd_usage_error("tour", "one tour at a time");
	if ((t = tour_load(argv[optind], err, sizeof err)) == NULL)
		return cmd_usage_error("tour", "%s", err);
	if (!headless && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO))
		rc = ui_tour(t, &opt, theme, record, svg);
	else {
		opt.auto_advance = 1;
		rc = tour_host_run(t, &opt, record, svg);
	}
	tour_free(t);
	return rc;
}
