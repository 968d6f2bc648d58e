/* cmd_compare.c: `smtscope compare`, many machines' check results side by side: options and orchestration. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "exp/compare.h"
#include "base/util.h"
#include "report/reports.h"

/* The long-only option --svg. */
#define CMD_COMPARE_SVG	0x110

static int	cmd_compare_exec(int, char **);

static const struct cmd_option cmd_compare_opts[] = {
	{ 't', "tolerance", required_argument, "PCT", "how far from the median a "
	    "figure may be (default " CMD_STR(COMPARE_TOLERANCE_PCT) ")" },
	{ 'W', "ignore-warnings", no_argument, NULL, "warnings the machines reported "
	    "make no outlier" },
	{ CMD_OPT_JSON, "json", no_argument, NULL, "one JSON object" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "one row per machine and figure" },
	{ CMD_COMPARE_SVG, "svg", no_argument, NULL, "a heatmap of machines by figures" },
	{ 'o', "output", required_argument, "FILE", "write to FILE (%h: the short host "
	    "name, %%: %)" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_compare_entry = {
	.name = "compare",
	.usage = "[--tolerance PCT] [--ignore-warnings] [--json|--csv|--svg]\n"
	    "                        [-o FILE] FILE...|DIR",
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

/* The options; CMD_GO or CMD_USAGE. */
static int
cmd_compare_options(const struct cmd_args *a, struct compare *c, enum report_format *fmt,
    int *svg)
{
	const char	*s;
	double		 pct;
	char		*end;

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	*svg = cmd_args_has(a, CMD_COMPARE_SVG);
	if (*svg && *fmt != REPORT_TEXT)
		return cmd_usage_error("compare", "--svg, --json and --csv: choose one");
	c->tolerance = COMPARE_TOLERANCE;
	if ((s = cmd_args_get(a, 't')) != NULL) {
		pct = strtod(s, &end);
		if (end == s || *end != '\0' || !(pct > 0 && pct <= 1000))
			return cmd_usage_error("compare", "--tolerance: '%s' is not a "
			    "percentage from 0 to 1000", s);
		c->tolerance = pct / 100;
	}
	c->use_warnings = !cmd_args_has(a, 'W');
	if (a->argc == 0)
		return cmd_usage_error("compare", "no result given (smtscope compare "
		    "FILE...|DIR)");
	return CMD_GO;
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
	int		 i, rc, svg, outliers;

	memset(&c, 0, sizeof c);
	if ((rc = cmd_args_parse(&a, &cmd_compare_entry, argc, argv)) != CMD_GO ||
	    (rc = cmd_compare_options(&a, &c, &fmt, &svg)) != CMD_GO)
		return rc;
	for (i = 0; i < a.argc; i++) {
		if (compare_add_path(&c, a.argv[i], err, sizeof err) == -1) {
			compare_free(&c);
			return cmd_usage_error("compare", "%s", err);
		}
	}
	if ((rc = cmd_out_open(&out, "compare", cmd_args_get(&a, 'o'))) != CMD_GO) {
		compare_free(&c);
		return rc;
	}
	outliers = compare_analyse(&c);
	if (svg)
		compare_report_svg(&c, out.f);
	else if (fmt == REPORT_JSON)
		compare_report_json(&c, out.f);
	else if (fmt == REPORT_CSV)
		compare_report_csv(&c, out.f);
	else
		compare_report_text(&c, out.f);
	compare_free(&c);
	return cmd_out_close(&out, "compare", outliers > 0 ? CMD_FAIL : CMD_OK);
}
