/* cmd_tour.c: `smtscope tour`: --check, --list, then the screen or the headless host. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "model/topo.h"
#include "exp/tour/tour.h"
#include "cmd/tour_host.h"
#include "exp/tour/tour_player.h"
#include "ui/uitour.h"
#include "base/safefile.h"
#include "base/util.h"

#ifndef SMTSCOPE_DATADIR
#define SMTSCOPE_DATADIR "/usr/local/share/smtscope"
#endif

/* The long-only option --svg. */
#define CMD_TOUR_SVG	0x110

static int	cmd_tour_exec(int, char **);

static const struct cmd_option cmd_tour_opts[] = {
	{ 's', "step", required_argument, "S", "every step advances by itself after S "
	    "seconds" },
	{ 'r', "record", required_argument, "FILE", "write the summary as JSON" },
	{ CMD_TOUR_SVG, "svg", required_argument, "FILE", "write the summary as an SVG "
	    "bar chart (speeds, yields)" },
	{ 't', "theme", required_argument, "NAME", "the screen's theme (default: the "
	    "tour's own)" },
	{ 'H', "headless", no_argument, NULL, "print the steps instead of drawing (also "
	    "when stdout is not a terminal)" },
	{ 'c', "check", no_argument, NULL, "parse and report errors (exit 2), and which "
	    "steps this machine (or -i) would skip; run nothing" },
	{ 'i', "input", required_argument, "FILE.xml|SYNTHETIC", "with --check: resolve "
	    "against another topology" },
	{ 'l', "list", no_argument, NULL, "the shipped tours" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_tour_entry = {
	.name = "tour",
	.usage = "[--step S] [--record FILE] [--svg FILE] [-t THEME]\n"
	    "                     [--headless] NAME|FILE\n"
	    "       smtscope tour --check [-i FILE.xml|SYNTHETIC] NAME|FILE...\n"
	    "       smtscope tour --list",
	.summary = "a scripted demo on the live screen, for talks",
	.options = cmd_tour_opts,
	.maxargs = -1,
	.about =
	    "Play a scripted demo: each step has a caption and puts loads on places\n"
	    "that adapt to this machine (sibling-of a, other-core-of a); a place that\n"
	    "does not exist here skips its step with a note. Every speed is measured\n"
	    "against the same load alone, in this run. A summary table ends the tour.\n",
	.notes =
	    "NAME is looked up in the tour directories only (see --list); FILE is a\n"
	    "path with a '/' or ending in .tour. See smtscope-tour(5). The shipped\n"
	    "tours are in\n"
	    "  " SMTSCOPE_DATADIR "/tours\n",
	.exec = cmd_tour_exec
};

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

/* The step's seconds of --step, into opt; CMD_GO or CMD_USAGE. */
static int
cmd_tour_step(const struct cmd_args *a, struct tour_options *opt)
{
	const char	*s;

	if ((s = cmd_args_get(a, 's')) != NULL && (util_parse_seconds(s, &opt->step_s) == -1 ||
	    opt->step_s < 0.2 || opt->step_s > 3600))
		return cmd_usage_error("tour", "bad --step '%s' (seconds, 0.2 to 3600)", s);
	return CMD_GO;
}

/* `smtscope tour [options] NAME|FILE`: --list, --check, or a tour played. */
static int
cmd_tour_exec(int argc, char **argv)
{
	struct cmd_args		 a;
	struct tour_options	 opt;
	struct tour		*t;
	const char		*input;
	char			 err[512];
	int			 rc;

	memset(&opt, 0, sizeof opt);
	if ((rc = cmd_args_parse(&a, &cmd_tour_entry, argc, argv)) != CMD_GO)
		return rc;
	if (cmd_args_has(&a, 'l') && a.argc > 0)
		return cmd_usage_error("tour", "unexpected argument '%s' after --list",
		    a.argv[0]);
	if (cmd_args_has(&a, 'l'))
		return cmd_tour_list();
	if ((rc = cmd_tour_step(&a, &opt)) != CMD_GO)
		return rc;
	if (a.argc == 0)
		return cmd_usage_error("tour", "no tour given (e.g. smtscope tour "
		    "smt-basics; smtscope tour --list)");
	input = cmd_args_get(&a, 'i');
	if (cmd_args_has(&a, 'c'))
		return cmd_tour_check(a.argv, a.argc, input);
	if (input != NULL)
		return cmd_usage_error("tour", "-i is for --check only: a tour runs loads "
		    "on this machine");
	if (a.argc > 1)
		return cmd_usage_error("tour", "one tour at a time");
	if ((rc = cmd_tour_probe(cmd_args_get(&a, 'r'), cmd_args_get(&a,
	    CMD_TOUR_SVG))) != CMD_GO)
		return rc;
	if ((t = tour_load(a.argv[0], err, sizeof err)) == NULL)
		return cmd_usage_error("tour", "%s", err);
	if (!cmd_args_has(&a, 'H') && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO))
		rc = ui_tour(t, &opt, cmd_args_get(&a, 't'), cmd_args_get(&a, 'r'),
		    cmd_args_get(&a, CMD_TOUR_SVG));
	else {
		opt.auto_advance = 1;
		rc = tour_host_run(t, &opt, cmd_args_get(&a, 'r'),
		    cmd_args_get(&a, CMD_TOUR_SVG));
	}
	tour_free(t);
	return rc;
}
