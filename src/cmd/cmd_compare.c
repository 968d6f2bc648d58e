/* cmd_compare.c: `smtscope compare`, many machines' check results side by side: options and orchestration. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "base/safefile.h"
#include "cmd/cmd.h"
#include "exp/compare/compare.h"
#include "base/util.h"
#include "report/reports.h"

/* --svg FILE, long only. */
#define CMD_COMPARE_SVG	0x110

static int	cmd_compare_exec(int, char **);

/* Whether path is a directory (a result directory given where FILE goes). */
static int
cmd_compare_is_dir(const char *path)
{
	struct stat	st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static const struct cmd_option cmd_compare_opts[] = {
	{ 't', "tolerance", required_argument, "PCT", "how far from the median a "
	    "figure may be (default " CMD_STR(COMPARE_TOLERANCE_PCT) ")" },
	{ 'W', "ignore-warnings", no_argument, NULL, "warnings the machines reported "
	    "make no outlier" },
	{ CMD_OPT_JSON, "json", no_argument, NULL, "one JSON object" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "one row per machine and figure" },
	{ CMD_COMPARE_SVG, "svg", required_argument, "FILE", "also write a heatmap of "
	    "machines by figures (-: the heatmap alone, to stdout or -o)" },
	{ 'o', "output", required_argument, "FILE", "write to FILE (%h: the short host "
	    "name, %%: %)" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_compare_entry = {
	.name = "compare",
	.usage = "[--tolerance PCT] [--ignore-warnings] [--json|--csv]\n"
	    "                        [--svg FILE] [-o FILE] FILE...|DIR",
	.summary = "many machines' check results side by side, with the outliers",
	.options = cmd_compare_opts,
	.maxargs = -1,
	.about =
	    "Read the results of `smtscope check --json` from many machines (files, or\n"
	    "every *.json of a directory) and print each machine's solo rates, speeds\n"
	    "and yields side by side, per kernel and relation. Machines with the same\n"
	    "CPU form a group; in each, a machine is an outlier when its topology,\n"
	    "microcode, BIOS or kernel differs from most of the group's, when a solo\n"
	    "rate or a yield is more than the tolerance from the group's median (from\n"
	    "3 machines up), or when it reported a warning most of the group did not.\n"
	    "Exit status: 0 no outlier, 1 some, 2 bad input.\n",
	.exec = cmd_compare_exec
};

/*
 * What --svg's argument is: none, "-" (the heatmap alone, to stdout or
 * -o), a FILE to write beside the report, or a result to compare (a .json,
 * a directory): the old form, when --svg took no FILE, kept.
 */
enum cmd_compare_svg { SVG_NONE, SVG_STDOUT, SVG_FILE, SVG_OLD };

/* Whether s names a result to compare rather than an SVG to write. */
static int
cmd_compare_is_result(const char *s)
{
	size_t	len = strlen(s);

	return (len >= 5 && strcmp(s + len - 5, ".json") == 0) || cmd_compare_is_dir(s);
}

/* --svg's argument read and checked before anything is written; CMD_GO or CMD_USAGE. */
static int
cmd_compare_svg(const char *s, enum report_format fmt, enum cmd_compare_svg *svg)
{
	char	err[4600];

	*svg = s == NULL ? SVG_NONE : strcmp(s, "-") == 0 ? SVG_STDOUT :
	    cmd_compare_is_result(s) ? SVG_OLD : SVG_FILE;
	if ((*svg == SVG_STDOUT || *svg == SVG_OLD) && fmt != REPORT_TEXT)
		return cmd_usage_error("compare", "--svg %s, --json and --csv: choose one "
		    "(or --svg FILE beside them)", s);
	if (*svg != SVG_FILE)
		return CMD_GO;
	if (s[0] == '-')
		return cmd_usage_error("compare", "--svg %s: --svg takes a FILE (--svg - "
		    "for the heatmap alone on stdout)", s);
	if (safefile_probe(s, err, sizeof err) == -1)
		return cmd_usage_error("compare", "--svg: %s", err);
	return CMD_GO;
}

/* The options; CMD_GO or CMD_USAGE. */
static int
cmd_compare_options(const struct cmd_args *a, struct compare *c, enum report_format *fmt,
    enum cmd_compare_svg *svg)
{
	const char	*s;
	double		 pct;
	char		*end;

	if (cmd_args_format(a, fmt) != 0 ||
	    cmd_compare_svg(cmd_args_get(a, CMD_COMPARE_SVG), *fmt, svg) != CMD_GO)
		return CMD_USAGE;
	c->tolerance = COMPARE_TOLERANCE;
	if ((s = cmd_args_get(a, 't')) != NULL) {
		pct = strtod(s, &end);
		if (end == s || *end != '\0' || !(pct > 0 && pct <= 1000))
			return cmd_usage_error("compare", "--tolerance: '%s' is not a "
			    "percentage from 0 to 1000", s);
		c->tolerance = pct / 100;
	}
	c->use_warnings = !cmd_args_has(a, 'W');
	if (a->argc == 0 && *svg != SVG_OLD)
		return cmd_usage_error("compare", "no result given (smtscope compare "
		    "FILE...|DIR)");
	return CMD_GO;
}

/* Write --svg FILE when asked; rc, or CMD_FAIL when it cannot be written. */
static int
cmd_compare_svg_file(const struct cmd_args *a, const struct compare *c, int rc)
{
	const char	*path = cmd_args_get(a, CMD_COMPARE_SVG);
	char		 err[4600];

	if (path == NULL || strcmp(path, "-") == 0 || cmd_compare_is_result(path) ||
	    compare_svg_write(c, path, err, sizeof err) == 0)
		return rc;
	fprintf(stderr, "smtscope: compare: --svg: %s\n", err);
	return CMD_FAIL;
}

/* `smtscope compare [OPTIONS] FILE...|DIR`. */
static int
cmd_compare_exec(int argc, char **argv)
{
	struct cmd_args	 a;
	struct compare	 c;
	struct cmd_out	 out;
	enum report_format	 fmt;
	char		 err[8192];
	enum cmd_compare_svg	 svg;
	int		 i, rc, outliers;

	memset(&c, 0, sizeof c);
	if ((rc = cmd_args_parse(&a, &cmd_compare_entry, argc, argv)) != CMD_GO ||
	    (rc = cmd_compare_options(&a, &c, &fmt, &svg)) != CMD_GO)
		return rc;
	for (i = svg == SVG_OLD ? -1 : 0; i < a.argc; i++) {
		if (compare_add_path(&c, i < 0 ? cmd_args_get(&a, CMD_COMPARE_SVG) : a.argv[i],
		    err, sizeof err) == -1) {
			compare_free(&c);
			return cmd_usage_error("compare", "%s", err);
		}
	}
	if ((rc = cmd_out_open(&out, "compare", cmd_args_get(&a, 'o'))) != CMD_GO) {
		compare_free(&c);
		return rc;
	}
	outliers = compare_analyse(&c);
	if (svg == SVG_STDOUT || svg == SVG_OLD)
		(void)compare_report_svg(&c, out.f);
	else if (fmt == REPORT_JSON)
		compare_report_json(&c, out.f);
	else if (fmt == REPORT_CSV)
		compare_report_csv(&c, out.f);
	else
		compare_report_text(&c, out.f);
	rc = cmd_out_close(&out, "compare", outliers > 0 ? CMD_FAIL : CMD_OK);
	rc = cmd_compare_svg_file(&a, &c, rc);
	compare_free(&c);
	return rc;
}
