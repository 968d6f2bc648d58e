/*
 * panelview.c: the loads panel of a frame: a title row, then a row per load
 * (its CPUs, rate, solo rate, speed, share, efficiency, history and why),
 * scrolled by the layout to keep the selected load in view.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/analysis.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/solo.h"
#include "ui/countersview.h"
#include "ui/paint.h"
#include "ui/panelview.h"

/* The figures of a load the screen has not sampled yet. */
static const struct ui_loadview panelview_noview = {
	.id = -1, .rate = NAN, .solo = NAN, .solo_share = NAN, .speed = NAN,
	.share = NAN, .eff = NAN
};

/* A load's CPUs: "3", "0,1" for two ends, "0-3@2" for a floating one. */
static void
panelview_load_cpus(const struct load *l, char *buf, size_t len)
{
	char	set[64];

	cpuset_format(&l->spec.cpus, set, sizeof set);
	if (l->spec.cpu_b != -1)
		snprintf(buf, len, "%s,%d", set, l->spec.cpu_b);
	else if (l->spec.floating && l->cur.cpu != -1)
		snprintf(buf, len, "%s@%d", set, l->cur.cpu);
	else
		snprintf(buf, len, "%s", set);
}

/*
 * A rate in the kernel's unit: "412.3 MB/s"; a running load that made no
 * progress shows 0 (others took its CPU), "--" only when none is known.
 */
static void
panelview_rate(const struct kernel *k, double rate, char *buf, size_t len)
{
	char	num[32];

	if (!isfinite(rate) || rate < 0) {
		snprintf(buf, len, "--");
		return;
	}
	paint_num(num, sizeof num, kernel_display(k, rate));
	snprintf(buf, len, "%s %s", num, k->unit);
}

/* A history of speeds as a sparkline: 120% of solo fills a cell. */
static void
panelview_spark(const struct paint *d, int y, int x, int w, const struct ui_loadview *v)
{
	const char	*const *lv = d->term->utf8 ? paint_levels_utf8 : paint_levels_ascii;
	int		 i, from, level;
	double		 s;

	from = v->nhist > w ? v->nhist - w : 0;
	for (i = from; i < v->nhist; i++, x++) {
		s = v->hist[i];
		if (!isfinite(s))
			continue;
		level = 1 + (int)(s / 1.2 * 7.999);
		if (level > 8)
			level = 8;
		if (level < 1)
			level = 1;
		paint_text(y, x, d->cols, A(THEME_SPARKLINE), lv[level]);
	}
}

/* A ratio as a percentage in six columns, a mark before it: "  ~50%". */
static void
panelview_pct(int y, int x, int end, int attr, const char *mark, double ratio)
{
	char	buf[32];

	snprintf(buf, sizeof buf, "%s%.0f%%", mark, ratio * 100);
	paint_printf(y, x, end, attr, "%6s", buf);
}

/* Why a load runs as it does, in words: held, alone, stalled, or its neighbours. */
void
panelview_why(const struct paint *d, struct load *l, char *buf, size_t len)
{
	struct analysis_others	o;
	int			cur = solo_current(d->st->host.solo);

	if (solo_holds(d->st->host.solo, l->id) && cur != -1)
		snprintf(buf, len, "held while load #%d's solo rate is measured", cur);
	else if (cur == l->id)
		snprintf(buf, len, "running alone: the other loads are held");
	else if (loads_stall(d->st->host.loads, l, buf, len))
		;	/* it does no work, and says why ("fork: ...") */
	else {
		state_others(d->st, &o);
		analysis_why(d->st->host.m, d->st->host.loads, l, &o, buf, len);
	}
}

/*
 * Text of "; "-separated clauses from x to end: as many whole clauses as
 * fit, then a mark that there is more (the info line has it all); a first
 * clause that does not fit is cut.
 */
static void
panelview_clauses(const struct paint *d, int y, int x, int end, int attr,
    const char *text)
{
	const char	*more = d->term->utf8 ? "\342\200\246" : "...";
	const char	*p, *cut = NULL;
	char		 buf[256];
	int		 w = end - x;

	if (layout_width(text) <= w) {
		paint_text(y, x, end, attr, text);
		return;
	}
	for (p = strstr(text, "; "); p != NULL; p = strstr(p + 2, "; ")) {
		snprintf(buf, sizeof buf, "%.*s", (int)(p - text), text);
		if (layout_width(buf) + layout_width(more) > w)
			break;
		cut = p;
	}
	if (cut == NULL) {
		paint_text(y, x, end, attr, text);
		return;
	}
	snprintf(buf, sizeof buf, "%.*s;%s", (int)(cut - text), text, more);
	paint_text(y, x, end, attr, buf);
}

/* One load's row in the panel. */
static void
panelview_load_row(const struct paint *d, int y, const struct layout_panel *c, struct load *l)
{
	const struct ui_loadview *v = state_view(d->st, l->id);
	const char		*mark;
	char			 buf[256];
	int			 sel = l->id == d->st->sel.id, base, held, cur, dist, narrow, why;

	if (v == NULL)
		v = &panelview_noview;

	base = sel ? A(THEME_PANEL_SELECTED) : A(THEME_NORMAL);
	paint_fill(y, 0, d->cols, base);
	paint_printf(y, c->load, c->cpu, base, "%s#%d", l->spec.k->name, l->id);
	panelview_load_cpus(l, buf, sizeof buf);
	paint_text(y, c->cpu, c->rate - 1, base, buf);
	cur = solo_current(d->st->host.solo);
	held = solo_holds(d->st->host.solo, l->id);
	if (l->state == LOAD_PAUSED)
		paint_text(y, c->rate, c->solo, A(THEME_PAUSED), held ? "held" : "paused");
	else {
		panelview_rate(l->spec.k, v->rate, buf, sizeof buf);
		paint_text(y, c->rate, c->solo - 1, base, buf);
	}
	/* A disturbed solo, and what is derived from it, carry a ~ and their own style. */
	mark = v->solo_disturbed && isfinite(v->solo) ? "~" : "";
	dist = sel ? base : A(THEME_DISTURBED);
	narrow = c->rate_w < 15;
	if (cur == l->id)
		paint_text(y, c->solo, c->speed, A(THEME_MEASURING), narrow ? "measuring" :
		    "measuring solo");
	else if (state_measuring(d->st, l->id))
		paint_text(y, c->solo, c->speed, A(THEME_MEASURING), narrow ? "queued" :
		    "solo queued");
	else {
		panelview_rate(l->spec.k, v->solo, buf, sizeof buf);
		paint_printf(y, c->solo, c->speed - 1, *mark ? dist : base, "%s%s", mark, buf);
	}
	if (l->state == LOAD_RUNNING && cur != l->id) {
		if (isfinite(v->speed))
			panelview_pct(y, c->speed, c->share, *mark ? dist : sel ? base :
			    A(paint_speed_elem(v->speed)), mark, v->speed);
		if (isfinite(v->share) && c->share_w)
			panelview_pct(y, c->share, c->eff, base, "", v->share);
		if (isfinite(v->eff) && c->eff_w)
			panelview_pct(y, c->eff, c->hist, *mark ? dist : base, mark, v->eff);
	}
	if (c->hist_w)
		panelview_spark(d, y, c->hist, c->hist_w, v);
	/* The counters' hook (countersview.c): IPC, GHz before the WHY. */
	why = c->why;
	if (countersview_load(d->st->cv, l->id, d->cols >= COUNTERSVIEW_WIDE, buf, sizeof buf))
		why = paint_text(y, c->why, d->cols, base, buf) + 1;
	panelview_why(d, l, buf, sizeof buf);
	panelview_clauses(d, y, why, d->cols, base, buf);
}

/* The loads panel: a title row, then a row per load (scrolled to the selection). */
void
panelview_draw(const struct paint *d)
{
	const struct layout_panel	*c = &d->lay->panel;
	char				 more[64], cols[64];
	int				 y = d->lay->scr.panel_y, n, i, top, x = c->why;
	int				 rows = d->lay->scr.panel_h - 1, t = A(THEME_PANEL_TITLE);

	paint_fill(y, 0, d->cols, t);
	paint_text(y, c->load, d->cols, t, "LOAD");
	paint_text(y, c->cpu, d->cols, t, "CPU");
	paint_text(y, c->rate, d->cols, t, "RATE");
	paint_text(y, c->solo, d->cols, t, "SOLO");
	paint_text(y, c->speed, d->cols, t, "SPEED");
	if (c->share_w)
		paint_text(y, c->share, d->cols, t, "SHARE");
	if (c->eff_w)
		paint_text(y, c->eff, d->cols, t, "  EFF");
	if (c->hist_w)
		paint_text(y, c->hist, d->cols, t, "HISTORY");
	/* The counters' hook (countersview.c): their columns' titles. */
	if (countersview_title(d->st->cv, d->cols >= COUNTERSVIEW_WIDE, cols, sizeof cols))
		x = paint_text(y, c->why, d->cols, t, cols) + 1;
	paint_text(y, x, d->cols, t, "WHY");
	n = d->st->host.loads != NULL ? loads_count(d->st->host.loads) : 0;
	if (n == 0) {
		paint_text(y + 1, 1, d->cols, A(THEME_INFO), d->st->host.view_only ?
		    "no loads: this is a view of another machine" :
		    "no loads: press a to start one on the cursor's CPU");
		return;
	}
	/* The layout scrolled the list to keep the selected load in view. */
	top = d->lay->panel_top;
	for (i = 0; i < rows && top + i < n; i++)
		panelview_load_row(d, y + 1 + i, c, loads_at(d->st->host.loads, top + i));
	/* Loads out of view are announced, with the key that brings them. */
	more[0] = '\0';
	if (top > 0)
		snprintf(more, sizeof more, " +%d above", top);
	if (top + rows < n)
		snprintf(more + strlen(more), sizeof more - strlen(more), " +%d more",
		    n - top - rows);
	if (more[0] != '\0') {
		snprintf(more + strlen(more), sizeof more - strlen(more), ", Tab ");
		paint_text(y, d->cols - layout_width(more), d->cols, t, more);
	}
}
