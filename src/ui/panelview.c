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
#include "engine/drift_load.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/solo.h"
#include "ui/compose.h"
#include "ui/countersview.h"
#include "ui/paint.h"
#include "ui/panelview.h"
#include "ui/why.h"

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

/* A load's CPUs in their column: "0-3@2", or where it is now ("@2"), or "0,2+". */
static void
panelview_cpus_draw(const struct paint *d, int y, const struct layout_panel *c,
    const struct load *l, int attr)
{
	struct compose	 k;
	char		 all[80], now[24], first[24];

	panelview_load_cpus(l, all, sizeof all);
	now[0] = '\0';
	if (l->spec.floating && l->cur.cpu != -1)
		snprintf(now, sizeof now, "@%d", l->cur.cpu);
	snprintf(first, sizeof first, "%d+", cpuset_next(&l->spec.cpus, 0));
	compose_init(&k, d->term->utf8);
	compose_add(&k, attr, 1, 0, 0, all, now[0] != '\0' ? now : first, NULL);
	compose_fit(&k, c->rate - 1 - c->cpu);
	paint_compose(y, c->cpu, c->rate - 1, &k);
}

/*
 * A rate in the kernel's unit: "412.3 MB/s" (without it when unit is 0); a
 * running load that made no progress shows 0 (others took its CPU), "--"
 * only when none is known.
 */
static void
panelview_rate(const struct kernel *k, double rate, int unit, char *buf, size_t len)
{
	char	num[32];

	if (!isfinite(rate) || rate < 0) {
		snprintf(buf, len, "--");
		return;
	}
	paint_num(num, sizeof num, kernel_display(k, rate));
	snprintf(buf, len, "%s%s%s", num, unit ? " " : "", unit ? k->unit : "");
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

/* A ratio as a percentage in six columns, a mark before it: "  ~50%"; "?" unknown. */
static void
panelview_pct(int y, int x, int end, int attr, const char *mark, double ratio)
{
	char	buf[32];

	if (strcmp(mark, "?") == 0)
		snprintf(buf, sizeof buf, "?");
	else
		snprintf(buf, sizeof buf, "%s%.0f%%", mark, ratio * 100);
	paint_printf(y, x, end, attr, "%6s", buf);
}

/* The short form of a WHY that is one sentence, or NULL. */
static const char *
panelview_why_short(const char *why, char *buf, size_t len)
{
	int	id;

	if (sscanf(why, "held while load #%d's solo rate is measured", &id) == 1) {
		snprintf(buf, len, "held for #%d's solo", id);
		return buf;
	}
	if (strcmp(why, "running alone: the other loads are held") == 0)
		return "alone: others held";
	if (strcmp(why, "running alone: its solo rate is measured") == 0)
		return "alone: solo measured";
	return NULL;
}

/* Where a head's neighbour begins (" with cc1", " runs hash#2"), or NULL. */
static const char *
panelview_why_with(const char *head)
{
	static const char *const words[] = { " busy with ", " with ", " runs ", NULL };
	const char	*p;
	int		 i;

	for (i = 0; words[i] != NULL; i++)
		if ((p = strstr(head, words[i])) != NULL)
			return p;
	return NULL;
}

/*
 * An item in fewer words: without its process ids ("cc1 (6347) 13%" as
 * "cc1 13%"), others' work in short words ("other processes" as
 * "others"); NULL if it has neither.
 */
static const char *
panelview_why_brief(const char *item, char *buf, size_t len)
{
	static const char *const words[][2] = {
		{ "other processes", "others" },
		{ "short-lived processes", "short-lived" },
	};
	const char	*p = item, *q;
	size_t		 used = 0, i, n, k;
	int		 cut = 0;

	buf[0] = '\0';
	while (*p != '\0' && used + 1 < len) {
		for (i = 0; i < sizeof words / sizeof words[0]; i++) {
			n = strlen(words[i][0]);
			k = strlen(words[i][1]);
			if (strncmp(p, words[i][0], n) == 0 && used + k < len)
				break;
		}
		if (i < sizeof words / sizeof words[0]) {
			memcpy(buf + used, words[i][1], k + 1);
			used += k;
			p += n;
			cut = 1;
			continue;
		}
		q = p + 2;
		if (p[0] == ' ' && p[1] == '(' && *q >= '0' && *q <= '9') {
			while (*q >= '0' && *q <= '9')
				q++;
			if (*q == ')') {
				p = q + 1;
				cut = 1;
				continue;
			}
		}
		buf[used++] = *p++;
		buf[used] = '\0';
	}
	return cut ? buf : NULL;
}

/*
 * The first clause when it names no neighbour: whole, without process ids
 * or in its short words, then its cause alone ("192% of a solo, others
 * slowed" of "speed unknown: 192% of a solo, others slowed": the mark in
 * SPEED says the head); where even that does not fit, its first words,
 * ended at a word with the ellipsis. Never a count.
 */
static void
panelview_why_first(struct compose *c, struct panelview_why *w, const char *brief,
    int attr)
{
	const char	*f[3], *colon = strstr(w->part[0], ": ");
	int		 n = 0;

	f[n++] = w->part[0];
	if (brief == NULL)
		brief = panelview_why_short(w->part[0], w->part_short, sizeof w->part_short);
	if (brief != NULL)
		f[n++] = brief;
	if (colon != NULL && colon > w->part[0] && colon[2] != '\0') {
		snprintf(w->colon, sizeof w->colon, "%s", colon + 2);
		f[n++] = w->colon;
	}
	compose_add(c, attr, 1, 0, COMPOSE_CLIP, f[0], n > 1 ? f[1] : NULL,
	    n > 2 ? f[2] : NULL, NULL);
}

/*
 * A WHY as elements of a line: its first clause ("shares CPU 0 with fp#2")
 * stays whole, in fewer words where it must; each further neighbour (",
 * cc1 (6347) 13%") and each further clause ("; sibling CPU 1 busy with
 * ...") may go, counted in "+N", from the last, never leaving a neighbour
 * without its clause; the first clause's neighbour last of all, where even
 * its brief form does not fit. Never an ellipsis while the head fits.
 * drop: the further parts' priority against the line's other elements;
 * with_drop: the first clause's neighbour's (above drop).
 */
void
panelview_why_add(struct compose *c, struct panelview_why *w, int attr, int drop,
    int with_drop)
{
	const char	*p = w->text, *semi, *comma, *end, *brief, *with;
	int		 n = 0;

	while (*p != '\0' && n < PANELVIEW_WHY_PARTS) {
		semi = strstr(p + (n > 0), "; ");
		comma = strstr(p + (n > 0), ", ");
		end = comma != NULL && (semi == NULL || comma < semi) ? comma : semi;
		if (end == NULL)
			end = p + strlen(p);
		snprintf(w->part[n], sizeof w->part[n], "%.*s", (int)(end - p), p);
		brief = panelview_why_brief(w->part[n], w->brief[n], sizeof w->brief[n]);
		if (n == 0 && (with = panelview_why_with(w->part[0])) != NULL) {
			/* The head stays; " with cc1" takes its brief form first. */
			snprintf(w->head, sizeof w->head, "%.*s", (int)(with - w->part[0]),
			    w->part[0]);
			compose_add(c, attr, 0, 0, 0, w->head, NULL);
			/* Counted, the last to go: where even its brief form is too wide. */
			compose_add(c, attr, 1, with_drop, COMPOSE_COUNTED, with, brief != NULL ?
			    brief + (with - w->part[0]) : NULL, NULL);
		} else if (n == 0)
			panelview_why_first(c, w, brief, attr);
		else
			compose_add(c, attr, 1, drop, COMPOSE_COUNTED, w->part[n], brief, NULL);
		n++;
		p = end;
	}
}

/* A load's WHY composed in columns x to end, drawn. */
static void
panelview_why_draw(const struct paint *d, int y, int x, int end, int attr, struct load *l)
{
	struct panelview_why	w;
	struct compose		c;

	why_text(d->st, l, w.text, sizeof w.text);
	compose_init(&c, d->term->utf8);
	/* What does not fit is marked by the ellipsis: the info lines have it whole. */
	compose_more_ellipsis(&c);
	panelview_why_add(&c, &w, attr, 1, 2);
	compose_fit(&c, end - x);
	paint_compose(y, x, end, &c);
}

/* One load's row in the panel. */
static void
panelview_load_row(const struct paint *d, int y, const struct layout_panel *c, struct load *l)
{
	const struct ui_loadview *v = state_view(d->st, l->id);
	const char		*mark;
	char			 buf[256], cmark[8];
	int			 sel = l->id == d->st->sel.id, base, held, cur, dist, narrow, why;

	if (v == NULL)
		v = &panelview_noview;

	base = sel ? A(THEME_PANEL_SELECTED) : A(THEME_NORMAL);
	paint_fill(y, 0, d->cols, base);
	paint_printf(y, c->load, c->cpu, base, "%s#%d", l->spec.k->name, l->id);
	panelview_cpus_draw(d, y, c, l, base);
	cur = solo_current(d->st->host.solo);
	held = solo_holds(d->st->host.solo, l->id);
	if (l->state == LOAD_PAUSED)
		paint_text(y, c->rate, c->solo, A(THEME_PAUSED), held ? "held" : "paused");
	else {
		panelview_rate(l->spec.k, v->rate, 1, buf, sizeof buf);
		paint_text(y, c->rate, c->solo - 1, base, buf);
	}
	/*
	 * A disturbed solo, and what is derived from it, carry a ~ and their own
	 * style; a speed past physics or above 100% of a disturbed solo reads ?.
	 */
	mark = v->solo_disturbed && isfinite(v->solo) ? "~" : "";
	dist = sel ? base : A(THEME_DISTURBED);
	narrow = !c->solo_unit;
	if (cur == l->id)
		paint_text(y, c->solo, c->speed, A(THEME_MEASURING), narrow ? "measuring" :
		    "measuring solo");
	else if (state_measuring(d->st, l->id))
		paint_text(y, c->solo, c->speed, A(THEME_MEASURING), narrow ? "queued" :
		    "solo queued");
	else {
		panelview_rate(l->spec.k, v->solo, c->solo_unit, buf, sizeof buf);
		paint_printf(y, c->solo, c->speed - 1, *mark ? dist : base, "%s%s", mark, buf);
	}
	if (v->mark != ANALYSIS_CLEAN)
		mark = analysis_mark_text((enum analysis_mark)v->mark);
	/* Its CPU's capacity moved: taken against what the CPU gives now (*). */
	if (strcmp(mark, "?") != 0 && drift_load_marked(&v->drift)) {
		snprintf(cmark, sizeof cmark, "%s%s", mark, drift_load_mark(&v->drift));
		mark = cmark;
	}
	if (l->state == LOAD_RUNNING && cur != l->id) {
		if (isfinite(v->speed))
			panelview_pct(y, c->speed, c->share, *mark ? dist : sel ? base :
			    A(paint_speed_elem(v->speed)), mark, v->speed);
		if (isfinite(v->share) && c->share_w)
			panelview_pct(y, c->share, c->eff, base, "", v->share);
		if (isfinite(v->eff) && c->eff_w)
			panelview_pct(y, c->eff, c->hist, *mark || v->eff_unknown ? dist : base,
			    v->eff_unknown ? "?" : mark, v->eff);
	}
	if (c->hist_w)
		panelview_spark(d, y, c->hist, c->hist_w, v);
	/* The counters' hook (countersview.c): IPC, GHz before the WHY. */
	why = c->why;
	if (countersview_load(d->st->cv, l->id, d->cols >= COUNTERSVIEW_WIDE, buf, sizeof buf))
		why = paint_text(y, c->why, d->cols, base, buf) + 1;
	panelview_why_draw(d, y, why, d->cols, base, l);
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
