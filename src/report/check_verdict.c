/*
 * check_verdict.c: check's verdict in one line, what SMT is worth per kind
 * of work (each kernel's yield beside itself on the SMT sibling), or why it
 * cannot be told (no sibling, others' work, figures in doubt).
 */
#include "config.h"
#include <math.h>
#include <stdio.h>
#include "engine/analysis.h"
#include "exp/check/check.h"
#include "model/topo.h"
#include "report/reports.h"

/* The verdict line: "SMT yield: int 1.21, fp 1.03" or why not, and its kind. */
enum verdict
check_verdict(const struct check *c, char *buf, size_t len)
{
	const struct check_placement	*sib = &c->plan.rel[REL_SMT_SIBLING];
	const struct check_cell		*cell;
	double				 sa, sb, yield, busy = 0;
	size_t				 n;
	int				 i, known = 0, rows = 0;

	if (sib->cpu < 0) {
		snprintf(buf, len, "SMT yield: not measurable: no SMT sibling (%s)",
		    sib->reason[0] != '\0' ? sib->reason : "none in the plan");
		return VERDICT_TOLD;
	}
	n = (size_t)snprintf(buf, len, "SMT yield:");
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
		known++;
	}
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
