/*
 * check_verdict.c: check's verdict in one line, what SMT is worth per kind
 * of work (each kernel's yield beside itself on the SMT sibling), or why it
 * cannot be told (no sibling, others' work, figures in doubt). A yield
 * inside the noise floor of check's rounds (issue 35: how far one CPU's
 * capacity moved between them) is said to be so, in the line's shortest
 * form that keeps it within 80 columns: within the floor of 1, SMT's gain
 * is not told apart from none; both copies within it of alone, the yield
 * is not told apart from 2.
 */
#include "config.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "base/util.h"
#include "engine/analysis.h"
#include "exp/check/check.h"
#include "model/topo.h"
#include "report/report.h"
#include "report/reports.h"

/* The widest a verdict line may be, its newline aside. */
#define VERDICT_COLS	79

/*
 * Where a row's sibling yield stands against the floor: 1 not told apart
 * from 1 (no gain), 2 not told apart from 2 (as if alone), 0 told apart.
 */
static int
check_verdict_noise(const struct check *c, const struct check_row *row, double floor)
{
	double	sa, sb, yield;

	if (!isfinite(floor))
		return 0;
	check_cell_speeds(c, row, REL_SMT_SIBLING, &sa, &sb, &yield);
	if (!isfinite(yield))
		return 0;
	if (fabs(yield - 1) <= floor)
		return 1;
	if (fmax(fabs(1 - sa), fabs(1 - sb)) <= floor)
		return 2;
	return 0;
}

/*
 * The words for the yields inside the floor after the figures in buf, in
 * the first form within the width: named in words; marked "*" in the
 * figures (marked); the figures outside only (outside, "" none) and the
 * names of those inside. all: every yield is inside; ones, twos: the
 * kernels not told apart from 1 and from 2.
 */
static void
check_verdict_floor(char *buf, size_t len, const char *marked, const char *outside,
    int all, const char *ones, const char *twos, double floor)
{
	static const char *const noise[] = { "this machine's noise", "noise" };
	char	line[800], pm[40];
	int	i;

	snprintf(pm, sizeof pm, "\u00b1%.1f %%", 100 * floor);
	for (i = 0; i < 4; i++) {
		if (i == 3)
			snprintf(line, sizeof line, "SMT yield:%s%s %s%s%s within noise %s",
			    outside, outside[0] != '\0' ? ";" : "", ones, ones[0] != '\0' &&
			    twos[0] != '\0' ? ", " : "", twos, pm);
		else if (i == 2)
			snprintf(line, sizeof line, "%s; *: within noise %s", marked, pm);
		else if (ones[0] != '\0' && twos[0] != '\0')
			snprintf(line, sizeof line, "%s; within %s %s: %s not told apart "
			    "from 1, %s from 2", buf, noise[i], pm, ones, twos);
		else
			snprintf(line, sizeof line, "%s%s%s within %s %s: not told apart "
			    "from %d", buf, all ? "," : "; ", all ? "" : ones[0] != '\0' ?
			    ones : twos, noise[i], pm, ones[0] != '\0' ? 1 : 2);
		if (report_width(line) <= VERDICT_COLS)
			break;
	}
	snprintf(buf, len, "%s", line);
}

/* The verdict line: "SMT yield: int 1.21, fp 1.03" or why not, and its kind. */
enum verdict
check_verdict(const struct check *c, char *buf, size_t len)
{
	const struct check_placement	*sib = &c->plan.rel[REL_SMT_SIBLING];
	const struct check_cell		*cell;
	double				 sa, sb, yield, busy = 0, floor;
	size_t				 n;
	int				 i, in, known = 0, rows = 0, inside = 0;
	char				 marked[400], outside[400] = "";
	char				 ones[200] = "", twos[200] = "";

	if (sib->cpu < 0) {
		snprintf(buf, len, "SMT yield: not measurable: no SMT sibling (%s)",
		    sib->reason[0] != '\0' ? sib->reason : "none in the plan");
		return VERDICT_TOLD;
	}
	floor = c->dry_run ? NAN : check_noise_floor(c, NULL);
	n = (size_t)snprintf(buf, len, "SMT yield:");
	snprintf(marked, sizeof marked, "SMT yield:");
	for (i = 0; i < c->nrows && n < len; i++) {
		cell = &c->rows[i].cell[REL_SMT_SIBLING];
		if (c->rows[i].pair || cell->state != CHECK_DONE)
			continue;
		rows++;
		if (isfinite(cell->foreign) && cell->foreign > busy)
			busy = cell->foreign;
		check_cell_speeds(c, &c->rows[i], REL_SMT_SIBLING, &sa, &sb, &yield);
		if (!isfinite(yield) ||
		    check_cell_mark(c, &c->rows[i], REL_SMT_SIBLING, NULL) != ANALYSIS_CLEAN)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s %s %.2f", known ? "," : "",
		    c->rows[i].name, yield);
		in = check_verdict_noise(c, &c->rows[i], floor);
		util_catf(marked, sizeof marked, "%s %s %.2f%s", known ? "," : "",
		    c->rows[i].name, yield, in ? "*" : "");
		if (!in)
			util_catf(outside, sizeof outside, "%s %s %.2f", known - inside > 0 ?
			    "," : "", c->rows[i].name, yield);
		else
			util_catf(in == 1 ? ones : twos, sizeof ones, "%s%s",
			    (in == 1 ? ones : twos)[0] != '\0' ? ", " : "", c->rows[i].name);
		inside += in != 0;
		known++;
	}
	if (known > 0 && inside > 0 && n < len)
		check_verdict_floor(buf, len, marked, outside, inside == known, ones, twos,
		    floor);
	if (known > 0)
		return VERDICT_TOLD;
	if (rows == 0) {
		snprintf(buf, len, "SMT yield: not measurable: no kernel ran beside "
		    "itself on the sibling");
		return VERDICT_TOLD;
	}
	if (busy > 0)
		snprintf(buf, len, "SMT yield: not measurable now: others used %.1f "
		    "CPUs; rerun when quiet", busy);
	else
		snprintf(buf, len, "SMT yield: not measurable now: sibling figures "
		    "in doubt; rerun when quiet");
	return VERDICT_BUSY;
}
