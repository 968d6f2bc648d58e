/*
 * check_csv.c: `smtscope check --csv`: one row a cell and relation, each
 * figure with its unit column, through the report layer; the speeds as the
 * text and JSON give them (check_known_speeds: unknown stays empty).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/analysis.h"
#include "exp/check/check.h"
#include "engine/kernels/kernel.h"
#include "report/report.h"
#include "base/util.h"
#include "report/reports.h"

/* The columns of check --csv: one row per kernel (or pair) and relation. */
enum {
	CSV_KERNEL, CSV_RELATION, CSV_ANCHOR, CSV_PARTNER, CSV_UNIT, CSV_SOLO,
	CSV_RATE_A, CSV_UNIT_B, CSV_SOLO_B, CSV_RATE_B, CSV_SPEED_A, CSV_SPEED_B,
	CSV_YIELD, CSV_SHARE, CSV_EFFIC, CSV_SPREAD, CSV_FOREIGN, CSV_STATUS, CSV_NCOLS
};
static const struct report_col check_csv_cols[CSV_NCOLS] = {
	{ .key = "kernel" }, { .key = "relation" }, { .key = "anchor" },
	{ .key = "partner" }, { .key = "unit" }, { .key = "solo" },
	{ .key = "rate_anchor" }, { .key = "unit_partner" }, { .key = "solo_partner" },
	{ .key = "rate_partner" }, { .key = "speed_anchor" }, { .key = "speed_partner" },
	{ .key = "yield" }, { .key = "cpu_share" }, { .key = "efficiency" },
	{ .key = "spread" }, { .key = "foreign" }, { .key = "status" }
};

/* A rate in the kernel's displayed unit, when there is one. */
static void
check_csv_rate(struct report_table *t, int row, int col, const struct kernel *k,
    double rate)
{
	if (isfinite(rate) && rate > 0)
		report_set_num(t, row, col, kernel_display(k, rate), k->unit,
		    k->higher_is_better ? REPORT_HIGHER : REPORT_LOWER);
}

/* The first columns of a row (kernel, relation, CPUs), and its status. */
static int
check_csv_row(const struct check *c, struct report_table *t, const char *name, int r,
    const struct check_cell *cell)
{
	struct report_cell	 st;
	struct strbuf		 who;
	char			 why[400], buf[700], share[32];
	int			 i, row = report_add_row(t);

	report_set_text(t, row, CSV_KERNEL, "%s", name);
	report_set_text(t, row, CSV_RELATION, "%s", topo_rel_name(r));
	report_set_num(t, row, CSV_ANCHOR, c->plan.anchor, NULL, REPORT_NEUTRAL);
	memset(&st, 0, sizeof st);
	if (c->plan.rel[r].cpu != -1)
		report_set_num(t, row, CSV_PARTNER, c->plan.rel[r].cpu, NULL, REPORT_NEUTRAL);
	if (c->plan.rel[r].cpu == -1) {
		st.flags = REPORT_NA;
		st.why = (char *)c->plan.rel[r].reason;
	} else if (cell->state == CHECK_FAILED) {
		st.flags = REPORT_FAILED;
		st.why = (char *)cell->error;
	} else if (cell->state == CHECK_DONE && cell->disturbed) {
		st.flags = REPORT_DISTURBED;
		check_disturbed_why(cell, why, sizeof why);
		st.why = why;
	}
	if (cell->state == CHECK_DONE) {
		report_set_num(t, row, CSV_SPREAD, cell->spread, NULL, REPORT_LOWER);
		strbuf_init(&who);
		for (i = 0; i < cell->nwho; i++)
			strbuf_printf(&who, "%s%d:%s:%d:%s", i ? ";" : "",
			    (int)cell->who[i].pid, cell->who[i].comm, cell->who[i].cpu,
			    fmt_num(share, sizeof share, round(cell->who[i].share * 1000) /
			    1000, FMT_DATA, 0));
		report_set_text(t, row, CSV_FOREIGN, "%s", who.s != NULL ? who.s : "");
		strbuf_free(&who);
	}
	if (cell->state == CHECK_NOT_RUN && st.flags == 0)
		report_set_text(t, row, CSV_STATUS, "not measured");
	else {
		report_status(&st, buf, sizeof buf);
		report_set_text(t, row, CSV_STATUS, "%s", buf);
	}
	return row;
}

/* One throughput row and relation: rates in their units, speeds, yield, share. */
static void
check_csv_cell(const struct check *c, struct report_table *t,
    const struct check_row *rw, int r)
{
	const struct check_cell	*cell = &rw->cell[r];
	double			 sa, sb, yield, share, solo_a, solo_b, solo_share;
	char			 why[256];
	int			 row = check_csv_row(c, t, rw->name, r, cell);

	report_set_text(t, row, CSV_UNIT, "%s", rw->a.k->unit);
	report_set_text(t, row, CSV_UNIT_B, "%s", rw->b.k->unit);
	check_cell_solos(c, rw, r, &solo_a, &solo_b, &solo_share);
	if (c->plan.rel[r].cpu != -1)
		check_csv_rate(t, row, CSV_SOLO, rw->a.k, solo_a);
	if (c->plan.rel[r].cpu != -1)
		check_csv_rate(t, row, CSV_SOLO_B, rw->b.k, solo_b);
	if (cell->state != CHECK_DONE)
		return;
	/* An unknown speed (?) is left empty, the status saying why. */
	if (check_known_speeds(c, rw, r, &sa, &sb, &yield, why, sizeof why) ==
	    ANALYSIS_UNKNOWN)
		report_set_text(t, row, CSV_STATUS, "unknown: %s", strstr(why, "unknown: ") != NULL ?
		    strstr(why, "unknown: ") + 9 : why);
	share = cell->share_anchor;
	check_csv_rate(t, row, CSV_RATE_A, rw->a.k, cell->rate_anchor);
	check_csv_rate(t, row, CSV_RATE_B, rw->b.k, cell->rate_partner);
	report_set_num(t, row, CSV_SPEED_A, sa, NULL, REPORT_HIGHER);
	report_set_num(t, row, CSV_SPEED_B, sb, NULL, REPORT_HIGHER);
	report_set_num(t, row, CSV_YIELD, yield, NULL, REPORT_HIGHER);
	report_set_num(t, row, CSV_SHARE, share, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, CSV_EFFIC, analysis_efficiency(sa, share, solo_share), NULL,
	    REPORT_HIGHER);
}

/* One CSV row per kernel and relation; latency rows in the kernel's unit (us). */
void
check_report_csv(const struct check *c, FILE *f)
{
	struct report_table	*t = report_new(check_csv_cols, CSV_NCOLS);
	const struct check_lat	*lat;
	int			 i, r, row;

	for (i = 0; i < c->nrows; i++)
		for (r = 0; r < REL_COUNT; r++)
			check_csv_cell(c, t, &c->rows[i], r);
	for (i = 0; i < c->nlats; i++) {
		lat = &c->lats[i];
		for (r = 0; r < REL_COUNT; r++) {
			row = check_csv_row(c, t, lat->kern.text, r, &lat->cell[r]);
			report_set_text(t, row, CSV_UNIT, "%s", lat->kern.k->unit);
			if (lat->cell[r].state != CHECK_DONE)
				continue;
			check_csv_rate(t, row, CSV_RATE_A, lat->kern.k,
			    lat->cell[r].rate_anchor);
			report_set_num(t, row, CSV_SHARE, lat->cell[r].share_anchor, NULL,
			    REPORT_NEUTRAL);
		}
	}
	report_write_csv(t, f);
	report_free(t);
}
