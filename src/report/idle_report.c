/*
 * idle_report.c: what waking an idle CPU costs (check --idle, and the
 * default check's section), written out: the plan; the text in the lore's
 * own terms, a line per relation ("idle as is 56.6 µs, held 6.20 µs:
 * waking costs 50.4 µs") with the waking CPU's residency under it; the
 * "idle" member of check's JSON; CSV, a row per kernel, relation and
 * column; and an SVG bar chart.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "base/jsonw.h"
#include "base/safefile.h"
#include "report/report.h"
#include "report/svg.h"
#include "base/util.h"
#include "report/reports.h"

#define IDLE_COLS	80	/* text lines are composed to fit this */
#define IDLE_INDENT	17	/* where a relation's figures start */

static const char *const idle_mode_key[IDLE_NMODES] = { "as_is", "held" };
static const char *const idle_mode_words[IDLE_NMODES] = { "as is", "held" };

/* How the hold is made, in words. */
static const char *
idle_how_words(enum idle_how how)
{
	return how == IDLE_STATES ? "each deeper idle state disabled on the measured CPUs" :
	    "PM QoS: /dev/cpu_dma_latency held at 0";
}

/* A kernel's row in words. */
static const char *
idle_kern_words(const struct idle_row *row)
{
	return row->ends == 2 ? "pipe round trip" : "fork+exit+wait";
}

/* Columns a UTF-8 string takes (each character one). */
static int
idle_width(const char *s)
{
	int	n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

/*
 * A line composer: elements joined by sep, broken between elements (never
 * inside one) at IDLE_COLS, each new line indented.
 */
struct idle_line {
	FILE	*f;
	int	 col;
	int	 indent;
	int	 any;
};

/* Start a line at column col (what is already printed), continuing at indent. */
static void
idle_line_start(struct idle_line *l, FILE *f, int col, int indent)
{
	l->f = f;
	l->col = col;
	l->indent = indent;
	l->any = 0;
}

/* Add an element after sep; a new line first when it would not fit. */
static void
idle_line_add(struct idle_line *l, const char *sep, const char *elem)
{
	int	w = idle_width(elem), s = l->any ? idle_width(sep) : 0;

	if (l->any && l->col + s + w > IDLE_COLS) {
		/* The separator's trailing space is not carried to the new line. */
		fprintf(l->f, "%.*s\n%*s", (int)strcspn(sep, " "), sep, l->indent, "");
		l->col = l->indent;
	} else if (l->any) {
		fputs(sep, l->f);
		l->col += s;
	}
	fputs(elem, l->f);
	l->col += w;
	l->any = 1;
}

/* Add each word of a sentence as an element. */
static void
idle_line_words(struct idle_line *l, const char *text)
{
	char	*copy = xstrdup(text), *w, *save = NULL;

	for (w = strtok_r(copy, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save))
		idle_line_add(l, " ", w);
	free(copy);
}

/* End the line. */
static void
idle_line_end(struct idle_line *l)
{
	fputc('\n', l->f);
}

/* The plan of the experiment, as text (the idle driver and states are in the facts). */
void
idle_report_plan(const struct check *c, FILE *f)
{
	const struct check_idle	*ci = c->idle;
	char			 e[128], n[32];
	struct idle_line	 l;
	int			 i, r;

	fprintf(f, "\nIdle, what waking an idle CPU costs: ");
	idle_line_start(&l, f, 37, 4);
	for (i = 0; i < ci->nrows && ci->nwindows > 0; i++)
		idle_line_add(&l, i ? ", " : " ", ci->rows[i].kern);
	idle_line_add(&l, " ", ci->nwindows > 0 ? "on" : ci->section ?
	    "no section in this check" : "nothing to measure");
	for (r = 0, i = 0; r < REL_COUNT && ci->nwindows > 0; r++)
		if (check_idle_rel(c, r))
			idle_line_add(&l, i++ ? ", " : " ", topo_rel_name(r));
	idle_line_end(&l);
	/* Why there is no hold is one line, whole, as the warnings are. */
	fprintf(f, "  hold      %s\n", ci->can_hold ? idle_how_words(ci->how) : ci->hold_why);
	if (ci->states_why[0] != '\0') {
		fprintf(f, "  residency ");
		idle_line_start(&l, f, 12, 12);
		idle_line_words(&l, ci->states_why);
		idle_line_end(&l);
	}
	if (ci->nwindows == 0)
		return;
	snprintf(e, sizeof e, "  windows   %d of %s s or less: %d round%s %s\n", ci->nwindows,
	    fmt_num(n, sizeof n, ci->win_s > 0 ? ci->win_s : c->cell_s, FMT_FIXED, 2),
	    ci->rounds, ci->rounds == 1 ? "" : "s", ci->can_hold ?
	    "each way, in alternation" : "as is alone");
	fputs(e, f);
}

/* A time in µs: "56.6 µs". */
static char *
idle_us(char *buf, size_t len, double us)
{
	char	n[32];

	snprintf(buf, len, "%s \u00b5s", fmt_num(n, sizeof n, us, FMT_SIG3, 0));
	return buf;
}

/*
 * What holding the CPU awake changed, in words that add up: "waking costs
 * 50.4 ±3.1 µs", "(no more than its spread)" where it is within it, and
 * where held was slower, "no waking cost seen: held was slower here by
 * 10.2 ±8.44 µs" (never a negative cost).
 */
static char *
idle_wake_words(const struct idle_cell *cell, char *buf, size_t len)
{
	char	w[32], sp[32];
	int	spread = isfinite(cell->wake_spread_us);

	fmt_num(w, sizeof w, fabs(cell->wake_us), FMT_SIG3, 0);
	if (spread)
		fmt_num(sp, sizeof sp, cell->wake_spread_us, FMT_SIG3, 0);
	if (cell->wake_us < 0)
		snprintf(buf, len, "no waking cost seen: held was slower here by %s%s%s \u00b5s%s",
		    w, spread ? " \u00b1" : "", spread ? sp : "",
		    spread && -cell->wake_us <= cell->wake_spread_us ?
		    " (no more than its spread)" : "");
	else
		snprintf(buf, len, "waking costs %s%s%s \u00b5s%s", w, spread ? " \u00b1" : "",
		    spread ? sp : "", spread && cell->wake_us <= cell->wake_spread_us ?
		    " (no more than its spread)" : "");
	return buf;
}

/*
 * The residency of one column, as elements: "CPU 1 as is: haltpoll idle 71%
 * (6919/s), POLL 0%", the entries per second where there were any.
 */
static void
idle_text_res(const struct check_idle *ci, const struct idle_cell *cell, int m,
    struct idle_line *l)
{
	const struct cpuidle_res	*res = &cell->res[m];
	char				 e[160];
	double				 per_s;
	size_t				 used;
	int				 k, n;

	if (m == IDLE_ASIS)
		n = snprintf(e, sizeof e, "CPU %d as is:%s", cell->cpu, res->nstates == 0 ?
		    " residency n/a" : "");
	else
		n = snprintf(e, sizeof e, "held:%s", res->nstates == 0 ? " n/a" : "");
	if (res->nstates == 0)
		idle_line_add(l, m ? "; " : "", e);
	/* The column's head goes with its first state: never alone at a line's end. */
	for (k = 0; k < res->nstates; k++) {
		per_s = (double)res->usage[k] * 1e9 / (double)res->wall_ns;
		used = k == 0 ? (size_t)n + 1 : 0;
		if (k == 0)
			e[n] = ' ';
		used += (size_t)snprintf(e + used, sizeof e - used, "%s %.0f%%", k < ci->nnames ?
		    ci->names[k] : "?", 100 * res->share[k]);
		if (per_s >= 0.5 && used < sizeof e)
			snprintf(e + used, sizeof e - used, " (%.0f/s)", per_s);
		idle_line_add(l, k ? ", " : m ? "; " : "", e);
	}
}

/* One relation's line, in the lore's terms, and its residency under it. */
static void
idle_text_cell(const struct check *c, const struct idle_cell *cell, int r, FILE *f)
{
	const struct check_idle	*ci = c->idle;
	struct idle_line	 l;
	char			 a[48], h[48], e[200];

	fprintf(f, "  %-*s", IDLE_INDENT - 2, topo_rel_name(r));
	idle_line_start(&l, f, IDLE_INDENT, IDLE_INDENT);
	if (cell->state == CHECK_FAILED) {
		snprintf(e, sizeof e, "failed: %s", cell->error);
		idle_line_add(&l, "", e);
		idle_line_end(&l);
		return;
	}
	if (cell->state != CHECK_DONE) {
		idle_line_add(&l, "", "not measured");
		idle_line_end(&l);
		return;
	}
	snprintf(e, sizeof e, "%sidle as is %s", cell->disturbed ? "~" : "",
	    idle_us(a, sizeof a, cell->us[IDLE_ASIS]));
	idle_line_add(&l, "", e);
	if (!ci->can_hold) {
		idle_line_add(&l, ", ", "held n/a");
		idle_line_end(&l);
		return;
	}
	snprintf(e, sizeof e, "held %s:", idle_us(h, sizeof h, cell->us[IDLE_HELD]));
	idle_line_add(&l, ", ", e);
	idle_line_words(&l, idle_wake_words(cell, e, sizeof e));
	idle_line_end(&l);
	fprintf(f, "%*s", IDLE_INDENT, "");
	idle_line_start(&l, f, IDLE_INDENT, IDLE_INDENT);
	idle_text_res(ci, cell, IDLE_ASIS, &l);
	idle_text_res(ci, cell, IDLE_HELD, &l);
	idle_line_end(&l);
}

/* The results as text: a block per kernel, a line per relation. */
void
idle_report_text(const struct check *c, FILE *f)
{
	const struct check_idle	*ci = c->idle;
	struct idle_line	 l;
	char			 head[400];
	int			 i, r, disturbed = 0;

	if (ci == NULL || ci->nwindows == 0)
		return;
	fprintf(f, "\n");
	idle_line_start(&l, f, 0, 0);
	if (ci->can_hold)
		snprintf(head, sizeof head, "Waking an idle CPU: each relation with the idle "
		    "states as is, and with shallow idle held (%s), in alternating windows; "
		    "the residency is the waking CPU's (the partner's, the anchor's on "
		    "same-pu).", idle_how_words(ci->how));
	else
		snprintf(head, sizeof head, "Waking an idle CPU: each relation with the idle "
		    "states as is alone (no hold: the plan above says why); the residency is "
		    "the waking CPU's (the partner's, the anchor's on same-pu).");
	idle_line_words(&l, head);
	idle_line_end(&l);
	for (i = 0; i < ci->nrows; i++) {
		fprintf(f, "\n%s, anchor CPU %d:\n", idle_kern_words(&ci->rows[i]),
		    c->plan.anchor);
		for (r = 0; r < REL_COUNT; r++) {
			if (!check_idle_rel(c, r))
				continue;
			idle_text_cell(c, &ci->rows[i].cell[r], r, f);
			disturbed |= ci->rows[i].cell[r].disturbed;
		}
	}
	if (ci->states_why[0] != '\0')
		fprintf(f, "(residency n/a: %s)\n", ci->states_why);
	if (disturbed)
		fprintf(f, "(~: other work ran on the CPUs in a window of it: see the "
		    "warnings)\n");
}

/* A residency: [{"state":..,"share":..,"usage":..,"per_s":..}], or null. */
static void
idle_json_res(struct jsonw *w, const struct check_idle *ci, const struct cpuidle_res *res)
{
	int	k;

	if (res->nstates == 0) {
		jsonw_null(w);
		return;
	}
	jsonw_array(w);
	for (k = 0; k < res->nstates; k++) {
		jsonw_object(w);
		jsonw_key_str(w, "state", k < ci->nnames ? ci->names[k] : "");
		jsonw_key_num(w, "share", fmt_round(res->share[k], 3));
		jsonw_key_int(w, "usage", (long long)res->usage[k]);
		jsonw_key_num(w, "per_s", round((double)res->usage[k] * 1e9 /
		    (double)res->wall_ns));
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* A cell's windows of one column: [{"us":..,"spread":..,"foreign_cpus":..,"disturbed":..}]. */
static void
idle_json_wins(struct jsonw *w, const struct idle_cell *cell, int m)
{
	const struct idle_win	*win;
	int			 i;

	jsonw_array(w);
	for (i = 0; i < cell->nwin[m]; i++) {
		win = &cell->win[m][i];
		jsonw_object(w);
		jsonw_key_num(w, "us", win->us);
		jsonw_key_num(w, "spread", win->spread);
		jsonw_key_num(w, "foreign_cpus", win->foreign);
		jsonw_key_bool(w, "disturbed", win->disturbed);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* One cell: both columns, the wake-up cost, the windows and the residency. */
static void
idle_json_cell(const struct check *c, struct jsonw *w, const struct idle_cell *cell, int r)
{
	const struct check_idle	*ci = c->idle;
	char			 key[32];
	int			 m, done = cell->state == CHECK_DONE;

	jsonw_object(w);
	jsonw_key_int(w, "partner", c->plan.rel[r].cpu);
	jsonw_key_int(w, "cpu", check_idle_cpu(c, r));
	for (m = 0; m < IDLE_NMODES; m++) {
		snprintf(key, sizeof key, "%s_us", idle_mode_key[m]);
		jsonw_key_num(w, key, done ? cell->us[m] : NAN);
		snprintf(key, sizeof key, "%s_spread", idle_mode_key[m]);
		jsonw_key_num(w, key, done ? cell->spread[m] : NAN);
	}
	jsonw_key_num(w, "wake_us", done ? cell->wake_us : NAN);
	jsonw_key_num(w, "wake_spread_us", done ? cell->wake_spread_us : NAN);
	jsonw_key_num(w, "ratio", done ? cell->ratio : NAN);
	jsonw_key_bool(w, "disturbed", cell->disturbed);
	jsonw_key_object(w, "windows");
	for (m = 0; m < IDLE_NMODES; m++) {
		jsonw_key(w, idle_mode_key[m]);
		idle_json_wins(w, cell, m);
	}
	jsonw_object_end(w);
	jsonw_key_object(w, "residency");
	for (m = 0; m < IDLE_NMODES; m++) {
		jsonw_key(w, idle_mode_key[m]);
		idle_json_res(w, ci, &cell->res[m]);
	}
	jsonw_object_end(w);
	if (cell->state == CHECK_FAILED)
		jsonw_key_str(w, "error", cell->error);
	else if (done && !ci->can_hold)
		jsonw_key_str(w, "error", "held: n/a");
	else
		jsonw_key_str(w, "error", done ? NULL : "not measured");
	jsonw_object_end(w);
}

/* Add the "idle" member of check's JSON. */
void
idle_report_json(const struct check *c, struct jsonw *w)
{
	const struct check_idle	*ci = c->idle;
	int			 i, r;

	jsonw_key_object(w, "idle");
	jsonw_key_str(w, "how", ci->how == IDLE_STATES ? "states" : "qos");
	jsonw_key_bool(w, "section", ci->section);
	jsonw_key_bool(w, "hold", ci->can_hold);
	jsonw_key_text(w, "hold_unavailable", ci->can_hold ? "" : ci->hold_why);
	jsonw_key_text(w, "driver", ci->driver);
	jsonw_key_text(w, "residency_unavailable", ci->states_why);
	jsonw_key_array(w, "states");
	for (i = 0; i < ci->nnames; i++) {
		jsonw_object(w);
		jsonw_key_str(w, "name", ci->names[i]);
		jsonw_key_int(w, "latency_us", ci->latency_us[i]);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
	jsonw_key_num(w, "qos_before_us", ci->qos_before >= 0 ? (double)ci->qos_before : NAN);
	jsonw_key_int(w, "rounds", ci->rounds);
	jsonw_key_int(w, "windows", ci->nwindows);
	jsonw_key_num(w, "window_seconds", ci->win_s > 0 ? ci->win_s : c->cell_s);
	jsonw_key_str(w, "unit", "us");
	jsonw_key_object(w, "results");
	for (i = 0; i < ci->nrows && !c->dry_run; i++) {
		jsonw_key_object(w, ci->rows[i].kern);
		for (r = 0; r < REL_COUNT; r++) {
			jsonw_key(w, topo_rel_name(r));
			if (check_idle_rel(c, r) && ci->nwindows > 0)
				idle_json_cell(c, w, &ci->rows[i].cell[r], r);
			else
				jsonw_null(w);
		}
		jsonw_object_end(w);
	}
	jsonw_object_end(w);
	jsonw_object_end(w);
}

/* The columns of check --idle --csv: a row per kernel, relation and column. */
enum {
	ICSV_KERNEL, ICSV_RELATION, ICSV_ANCHOR, ICSV_CPU, ICSV_IDLE, ICSV_UNIT, ICSV_US,
	ICSV_SPREAD,
	ICSV_WAKE, ICSV_WAKE_SPREAD, ICSV_RATIO, ICSV_RES, ICSV_STATUS, ICSV_NCOLS
};
static const struct report_col idle_csv_cols[ICSV_NCOLS] = {
	{ .key = "kernel" }, { .key = "relation" }, { .key = "anchor" }, { .key = "cpu" },
	{ .key = "idle" }, { .key = "unit" }, { .key = "us" }, { .key = "spread" }, { .key = "wake_us" },
	{ .key = "wake_spread_us" }, { .key = "ratio" }, { .key = "residency" },
	{ .key = "status" }
};

/* "POLL:0.01:120;haltpoll idle:0.81:35012": each state's share and entries per second. */
static void
idle_csv_res(const struct check_idle *ci, const struct cpuidle_res *res, char *buf,
    size_t len)
{
	char	s[32], p[32];
	size_t	used = 0;
	int	k;

	buf[0] = '\0';
	for (k = 0; k < res->nstates && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s:%s:%s", k ? ";" : "",
		    k < ci->nnames ? ci->names[k] : "?", fmt_num(s, sizeof s,
		    round(res->share[k] * 1000) / 1000, FMT_DATA, 0), fmt_num(p, sizeof p,
		    round((double)res->usage[k] * 1e9 / (double)res->wall_ns), FMT_DATA, 0));
}

/* One row: a kernel on a relation, one column. */
static void
idle_csv_row(const struct check *c, struct report_table *t, const struct idle_row *row,
    int r, int m)
{
	const struct check_idle	*ci = c->idle;
	const struct idle_cell	*cell = &row->cell[r];
	char			 res[1024];
	int			 i = report_add_row(t);

	report_set_text(t, i, ICSV_KERNEL, "%s", row->kern);
	report_set_text(t, i, ICSV_RELATION, "%s", topo_rel_name(r));
	report_set_num(t, i, ICSV_ANCHOR, c->plan.anchor, NULL, REPORT_NEUTRAL);
	report_set_num(t, i, ICSV_CPU, check_idle_cpu(c, r), NULL, REPORT_NEUTRAL);
	report_set_text(t, i, ICSV_IDLE, "%s", idle_mode_key[m]);
	report_set_text(t, i, ICSV_UNIT, "us");
	if (cell->state == CHECK_FAILED) {
		report_set_text(t, i, ICSV_STATUS, "failed: %s", cell->error);
		return;
	}
	if (cell->state != CHECK_DONE || (m == IDLE_HELD && !ci->can_hold)) {
		report_set_text(t, i, ICSV_STATUS, "%s%s", cell->state != CHECK_DONE ?
		    "not measured" : "n/a: ", cell->state != CHECK_DONE ? "" : ci->hold_why);
		return;
	}
	report_set_num(t, i, ICSV_US, cell->us[m], "us", REPORT_LOWER);
	report_set_num(t, i, ICSV_SPREAD, cell->spread[m], NULL, REPORT_LOWER);
	if (ci->can_hold) {
		report_set_num(t, i, ICSV_WAKE, cell->wake_us, "us", REPORT_LOWER);
		report_set_num(t, i, ICSV_WAKE_SPREAD, cell->wake_spread_us, NULL, REPORT_LOWER);
		report_set_num(t, i, ICSV_RATIO, cell->ratio, NULL, REPORT_NEUTRAL);
	}
	idle_csv_res(ci, &cell->res[m], res, sizeof res);
	report_set_text(t, i, ICSV_RES, "%s", res);
	report_set_text(t, i, ICSV_STATUS, "%s", cell->disturbed ? "disturbed: other work "
	    "ran on its CPUs" : "ok");
}

/* One CSV row per kernel, relation and column (as_is, held). */
void
idle_report_csv(const struct check *c, FILE *f)
{
	const struct check_idle	*ci = c->idle;
	struct report_table	*t = report_new(idle_csv_cols, ICSV_NCOLS);
	int			 i, r, m;

	for (i = 0; i < ci->nrows; i++)
		for (r = 0; r < REL_COUNT; r++)
			for (m = 0; m < IDLE_NMODES && check_idle_rel(c, r); m++)
				idle_csv_row(c, t, &ci->rows[i], r, m);
	report_write_csv(t, f);
	report_free(t);
}

/* One cell's two bars: as is, and held with the wake-up cost beside it. */
static int
idle_svg_cell(const struct check *c, const struct idle_row *row, int r, struct svg_bar *b)
{
	const struct idle_cell	*cell = &row->cell[r];
	char			 a[24], w[128];
	int			 m;

	for (m = 0; m < IDLE_NMODES; m++) {
		memset(&b[m], 0, sizeof b[m]);
		b[m].kind = m == IDLE_ASIS ? 2 : 0;
		b[m].value = cell->state == CHECK_DONE && (m == IDLE_ASIS || c->idle->can_hold) ?
		    cell->us[m] : NAN;
		snprintf(b[m].label, sizeof b[m].label, "idle %s", idle_mode_words[m]);
		if (!isfinite(b[m].value))
			snprintf(b[m].text, sizeof b[m].text, "%s", cell->state == CHECK_FAILED ?
			    "failed" : m == IDLE_HELD && !c->idle->can_hold ? "n/a: no hold" :
			    "not measured");
		else if (m == IDLE_HELD && isfinite(cell->wake_us))
			snprintf(b[m].text, sizeof b[m].text, "%s: %s",
			    idle_us(a, sizeof a, cell->us[m]), idle_wake_words(cell, w, sizeof w));
		else
			idle_us(b[m].text, sizeof b[m].text, cell->us[m]);
	}
	/* same-pu: one CPU shared by two loads, never "CPUs 0 and 0". */
	if (check_idle_cpu(c, r) == c->plan.anchor)
		snprintf(b[0].group, sizeof b[0].group, "%s on %s (CPU %d shared by two "
		    "loads)", idle_kern_words(row), topo_rel_name(r), c->plan.anchor);
	else
		snprintf(b[0].group, sizeof b[0].group, "%s on %s (CPUs %d and %d)",
		    idle_kern_words(row), topo_rel_name(r), c->plan.anchor,
		    check_idle_cpu(c, r));
	return IDLE_NMODES;
}

/* The experiment as an SVG bar chart, written whole to path; -1 and why. */
int
idle_svg_write(const struct check *c, const char *path, char *err, size_t errlen)
{
	const struct check_idle	*ci = c->idle;
	struct svg_bar		*b = xcalloc((size_t)(ci->nrows * REL_COUNT * IDLE_NMODES + 1),
				    sizeof *b);
	struct safefile		 sf;
	char			 note[300];
	int			 i, r, n = 0, rc;

	for (i = 0; i < ci->nrows; i++)
		for (r = 0; r < REL_COUNT; r++)
			if (check_idle_rel(c, r))
				n += idle_svg_cell(c, &ci->rows[i], r, &b[n]);
	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1) {
		free(b);
		return -1;
	}
	snprintf(note, sizeof note, "Microseconds per operation, lower is better; held: "
	    "%.200s.", ci->can_hold ? idle_how_words(ci->how) : ci->hold_why);
	rc = svg_bars_ref(sf.f, "smtscope check --idle: what waking an idle CPU costs", note,
	    b, n, 0, "0 \u00b5s");
	free(b);
	if (safefile_close(&sf, rc == 0, err, errlen) == -1)
		return -1;
	if (rc != 0)
		snprintf(err, errlen, "cannot write %s", path);
	return rc == 0 ? 0 : -1;
}
