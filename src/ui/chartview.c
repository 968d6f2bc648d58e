/*
 * chartview.c: the time chart of a frame. Each load's speed against its
 * solo rate (the 100% line drawn) over the last samples, a sample a column,
 * in half blocks (two levels a row: a line half a row thick, joined from
 * sample to sample, readable on a projector) or, in ASCII, the load's
 * digit; each line in a colour of its own that no verdict uses (chart_1
 * to chart_4) and named at its right end with its speed and marks, so mono
 * reads too. Below: the time axis with the events (S started, M moved, B
 * its sibling started, s solo measured), the busy history of the cursor's
 * core's CPUs, and a strip per floating load of the CPU it ran on.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/analysis.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "ui/chart.h"
#include "ui/chartview.h"
#include "ui/compose.h"
#include "ui/paint.h"

#define CHARTVIEW_LEFT	6	/* "100% " */
#define CHARTVIEW_RIGHT	10	/* " busy 100%": the names may ask for more */

/* The styles of the loads' lines, by the order they came: no verdict's colors. */
static const enum theme_elem chartview_colors[] = {
	THEME_CHART_1, THEME_CHART_2, THEME_CHART_3, THEME_CHART_4
};
#define CHARTVIEW_NCOLORS	(int)(sizeof chartview_colors / sizeof chartview_colors[0])

/* Half blocks: upper, lower, both. */
#define CHARTVIEW_UPPER	"\342\226\200"
#define CHARTVIEW_LOWER	"\342\226\204"
#define CHARTVIEW_FULL	"\342\226\210"

/* What the plot is drawn over. */
struct chartview {
	const struct paint	*d;
	const struct chart	*c;
	int			 x0, w;		/* the plot's columns */
	int			 y0, h;		/* its rows */
	int			 per;		/* samples a column: 1 */
	int			 sub;		/* levels a row: 2 half blocks, 1 ASCII */
	double			 ymax;		/* the top row's speed */
	int64_t			 k0;		/* the first sample shown (< 0: before the first) */
};

/* Sample k of the plot's columns, or -1 when it is not kept. */
static int64_t
chartview_k(const struct chartview *v, int col, int j)
{
	int64_t	k = v->k0 + (int64_t)col * v->per + j;

	return k >= 0 && chart_has(v->c, (uint64_t)k) ? k : -1;
}

/* The style of a load's line. */
static int
chartview_attr(const struct paint *d, const struct chart_series *s)
{
	return A(chartview_colors[s->color % CHARTVIEW_NCOLORS]);
}

/* The dot row (0 the bottom) of a speed, in rows x sub-rows. */
static int
chartview_level(const struct chartview *v, double speed, int sub)
{
	int	n = v->h * sub, level = (int)lround(speed / v->ymax * (n - 1));

	return level < 0 ? 0 : level > n - 1 ? n - 1 : level;
}

/* The 100% line and the axis labels. */
static void
chartview_frame(const struct chartview *v)
{
	const struct paint	*d = v->d;
	int			 row100, x;

	row100 = v->h - 1 - chartview_level(v, 1.0, 1);
	for (x = v->x0; x < v->x0 + v->w; x++)
		paint_text(v->y0 + row100, x, d->cols, A(THEME_BAR_FRAME),
		    d->term->utf8 ? "\302\267" : ".");
	paint_text(v->y0 + row100, 0, v->x0, A(THEME_LABEL), "100%");
	if (row100 != v->h - 1)
		paint_text(v->y0 + v->h - 1, 0, v->x0, A(THEME_LABEL), "  0%");
	if (row100 != 0)
		paint_printf(v->y0, 0, v->x0, A(THEME_LABEL), "%3.0f%%", v->ymax * 100);
}

/* A sample's level (0 the bottom, in half rows), or -1 when there is none. */
static int
chartview_sample(const struct chartview *v, const struct chart_series *s, int col)
{
	int64_t	k;
	float	sp;

	if ((k = chartview_k(v, col, 0)) == -1 || !isfinite(sp = CHART_AT(s->speed,
	    (uint64_t)k)))
		return -1;
	return chartview_level(v, sp, v->sub);
}

/*
 * One load's line: in each column the half rows from its level to the
 * previous sample's (so the line is joined), and the one above its level
 * (so it is never thinner than half a row); in ASCII, its digit.
 */
static void
chartview_line(const struct chartview *v, const struct chart_series *s)
{
	const struct paint	*d = v->d;
	char			 digit[2];
	int			 col, lv, prev = -1, lo, hi, top, row, half, on[2], n = v->h * v->sub;

	digit[0] = (char)('0' + s->id % 10);
	digit[1] = '\0';
	for (col = 0; col < v->w; col++, prev = lv) {
		if ((lv = chartview_sample(v, s, col)) == -1)
			continue;
		lo = prev == -1 || prev > lv ? lv : prev;
		hi = prev == -1 || prev < lv ? lv : prev;
		if (v->sub == 2 && hi == lo)
			hi = lo + 1 < n ? lo + 1 : lo;
		for (row = v->h - 1 - hi / v->sub; row <= v->h - 1 - lo / v->sub; row++) {
			if (v->sub == 1) {
				paint_clip(v->y0 + row, v->x0 + col, v->x0 + v->w,
				    chartview_attr(d, s), digit);
				continue;
			}
			/* The row's two halves: 2 * (h - 1 - row) is its lower one. */
			for (half = 0; half < 2; half++) {
				top = 2 * (v->h - 1 - row) + 1 - half;
				on[half] = top >= lo && top <= hi;
			}
			paint_clip(v->y0 + row, v->x0 + col, v->x0 + v->w, chartview_attr(d, s),
			    on[0] && on[1] ? CHARTVIEW_FULL : on[0] ? CHARTVIEW_UPPER :
			    CHARTVIEW_LOWER);
		}
	}
}

/*
 * A load's name at its line's end, with its last speed and its mark: ~ on a
 * disturbed solo ("hash#1 ~38%"), ? for a speed that is unknown (past
 * physics, or above 100% of a disturbed solo), never a clean number.
 */
static void
chartview_label(const struct chartview *v, const struct chart_series *s, char *buf,
    size_t len)
{
	const struct ui_loadview	*lv = state_view(v->d->st, s->id);
	struct load			*l = loads_get(v->d->st->host.loads, s->id);
	float				 sp = CHART_AT(s->speed, v->c->tick - 1);
	const char			*mark;

	buf[0] = '\0';
	if (l == NULL || v->c->tick == 0)
		return;
	/* The panel's mark of its speed (figures_mark); a disturbed solo marks the rest. */
	mark = lv != NULL && l->state == LOAD_RUNNING ?
	    analysis_mark_text((enum analysis_mark)lv->mark) : lv != NULL &&
	    lv->solo_disturbed && isfinite(lv->solo) ? "~" : "";
	if (*mark == '?')
		snprintf(buf, len, "%s#%d%s ?", l->spec.k->name, l->id,
		    l->spec.floating ? "~" : "");
	else if (isfinite(sp))
		snprintf(buf, len, "%s#%d%s %s%.0f%%", l->spec.k->name, l->id,
		    l->spec.floating ? "~" : "", mark, sp * 100);
	else
		snprintf(buf, len, "%s#%d%s --", l->spec.k->name, l->id,
		    l->spec.floating ? "~" : "");
}

/* Columns the names at the right take: the longest, within reason. */
static int
chartview_right(const struct chartview *v)
{
	char	buf[96];
	int	i, w = CHARTVIEW_RIGHT;

	for (i = 0; i < v->c->ns; i++) {
		chartview_label(v, &v->c->s[i], buf, sizeof buf);
		if (layout_width(buf) + 1 > w)
			w = layout_width(buf) + 1;
	}
	return w > 22 ? 22 : w;
}

/*
 * The loads' names at the right, each at its line's last height with its
 * speed, or the nearest free row: none is lost while the chart has rows.
 */
static void
chartview_names(const struct chartview *v)
{
	const struct paint	*d = v->d;
	const struct chart_series *s;
	struct compose		 c;
	char			 name[96], id[32];
	int			 i, k, row, used[64], x = v->x0 + v->w + 1;
	float			 sp;

	memset(used, 0, sizeof used);
	for (i = 0; i < v->c->ns; i++) {
		s = &v->c->s[i];
		chartview_label(v, s, name, sizeof name);
		if (name[0] == '\0')
			continue;
		sp = CHART_AT(s->speed, v->c->tick - 1);
		row = isfinite(sp) ? v->h - 1 - chartview_level(v, sp, 1) : v->h - 1;
		row = row < 0 ? 0 : row > 63 ? 63 : row;
		/* Its line's height, else the nearest free row below, else above. */
		for (k = row; k < v->h && k < 64 && used[k]; k++)
			;
		if (k >= v->h || k >= 64)
			for (k = row; k >= 0 && used[k]; k--)
				;
		if (k < 0)
			continue;
		row = k;
		used[row] = 1;
		/* Too long: "#12 ~38%", the name's figure and marks kept. */
		snprintf(id, sizeof id, "%s", strchr(name, '#'));
		compose_init(&c, d->term->utf8);
		compose_add(&c, chartview_attr(d, s), 1, 0, COMPOSE_CLIP, name, id, NULL);
		compose_fit(&c, d->cols - x);
		paint_compose(v->y0 + row, x, d->cols, &c);
	}
}

/* The time axis, with the events of the loads marked where they happened. */
static void
chartview_axis(const struct chartview *v, int y)
{
	const struct paint	*d = v->d;
	const struct chart_series *s;
	const struct chart_event *e;
	char			 mark[2];
	int			 x, i, attr;
	double			 secs;

	for (x = v->x0; x < v->x0 + v->w; x++)
		paint_text(y, x, d->cols, A(THEME_BAR_FRAME), d->term->utf8 ?
		    "\342\224\200" : "-");
	/* Solo marks first: a start or move in the same column is drawn over them. */
	for (i = 0; i < 2 * v->c->nev; i++) {
		e = &v->c->ev[i % v->c->nev];
		if ((e->kind == CHART_EV_SOLO) != (i < v->c->nev))
			continue;
		if ((int64_t)e->tick < v->k0)
			continue;
		x = v->x0 + (int)(((int64_t)e->tick - v->k0) / v->per);
		if (x >= v->x0 + v->w)
			x = v->x0 + v->w - 1;
		s = chart_series(v->c, e->id);
		attr = s != NULL ? chartview_attr(d, s) : A(THEME_LABEL);
		mark[0] = (char)e->kind;
		mark[1] = '\0';
		paint_text(y, x, d->cols, attr | A_BOLD, mark);
	}
	secs = (double)(v->w * v->per) * d->st->host.delay_tenths / 10.0;
	paint_printf(y, 0, v->x0, A(THEME_LABEL), "-%.0fs", secs);
	paint_text(y, v->x0 + v->w + 1, d->cols, A(THEME_LABEL), "now");
}

/* A row of busy levels of one CPU, one sample a column. */
static void
chartview_busy(const struct chartview *v, int y, int pu)
{
	const struct paint	*d = v->d;
	const char *const	*lv = d->term->utf8 ? paint_levels_utf8 : paint_levels_ascii;
	char			 label[16];
	int			 col, level;
	int64_t			 k;
	float			 b;

	snprintf(label, sizeof label, "CPU%d", d->st->host.m->pus[pu].os_index);
	if (layout_width(label) >= v->x0)
		snprintf(label, sizeof label, "%d", d->st->host.m->pus[pu].os_index);
	paint_text(y, 0, v->x0, A(THEME_LABEL), label);
	for (col = 0; col < v->w; col++) {
		if ((k = chartview_k(v, col, v->per - 1)) == -1 ||
		    !isfinite(b = v->c->busy[(size_t)pu * CHART_N + (uint64_t)k % CHART_N]))
			continue;
		level = b < 1.0f ? 0 : 1 + (int)(b * 7.999f / 100.0f);
		paint_text(y, v->x0 + col, d->cols, A(THEME_BAR_USER), lv[level > 8 ? 8 : level]);
	}
	paint_printf(y, v->x0 + v->w + 1, d->cols, A(THEME_LABEL), "busy %.0f%%",
	    d->st->host.pct_ok[pu] ? d->st->host.pct[pu].busy : 0.0);
}

/* A floating load's strip: the CPU it ran on, a character a column. */
static void
chartview_strip(const struct chartview *v, int y, const struct chart_series *s,
    const struct load *l)
{
	const struct paint	*d = v->d;
	char			 ch[2];
	int			 col, cpu;
	int64_t			 k;

	paint_printf(y, 0, v->x0, chartview_attr(d, s), "#%d~", l->id);
	for (col = 0; col < v->w; col++) {
		if ((k = chartview_k(v, col, v->per - 1)) == -1 ||
		    (cpu = CHART_AT(s->cpu, (uint64_t)k)) < 0)
			continue;
		ch[0] = cpu < 10 ? (char)('0' + cpu) : (char)('a' + (cpu - 10) % 26);
		ch[1] = '\0';
		paint_text(y, v->x0 + col, d->cols, chartview_attr(d, s), ch);
	}
	paint_printf(y, v->x0 + v->w + 1, d->cols, A(THEME_LABEL), "%s#%d CPU",
	    l->spec.k->name, l->id);
}

/* The top of the plot: 125% or the largest speed shown, in quarters, at most 300%. */
static double
chartview_ymax(const struct chartview *v)
{
	double		 m = 1.25;
	int64_t		 k;
	float		 sp;
	int		 i;

	for (i = 0; i < v->c->ns; i++)
		for (k = v->k0 > 0 ? v->k0 : 0; k < (int64_t)v->c->tick; k++)
			if (chart_has(v->c, (uint64_t)k) &&
			    isfinite(sp = CHART_AT(v->c->s[i].speed, (uint64_t)k)) && sp > m)
				m = sp;
	m = ceil(m * 4) / 4;
	return m > 3 ? 3 : m;
}

/* The floating loads, at most max, into ls; how many. */
static int
chartview_floating(const struct paint *d, struct load **ls, int max)
{
	struct loads	*all = d->st->host.loads;
	struct load	*l;
	int		 i, n = 0;

	for (i = 0; all != NULL && i < loads_count(all) && n < max; i++) {
		l = loads_at(all, i);
		if (l->spec.floating && l->state != LOAD_DEAD)
			ls[n++] = l;
	}
	return n;
}

/* The chart's title row: what it shows, then the events' legend as far as it fits. */
static void
chartview_title(const struct paint *d, int y, double secs)
{
	static const char *const ev[] = {
		"   S started", "  M moved", "  B sibling started", "  s solo measured",
		"   C hides"
	};
	struct compose	c;
	char		title[96];
	int		i, t = A(THEME_PANEL_TITLE);

	snprintf(title, sizeof title, " SPEED against solo, last %.0f s", secs);
	compose_init(&c, d->term->utf8);
	compose_add(&c, t, 0, 0, COMPOSE_CLIP, title, NULL);
	for (i = 0; i < 5; i++)
		compose_add(&c, t, 0, 5 - i, 0, ev[i], NULL);
	compose_fit(&c, d->cols);
	paint_fill(y, 0, d->cols, t);
	paint_compose(y, 0, d->cols, &c);
}

/* Draw the chart in the layout's chart rows. */
void
chartview_draw(const struct paint *d)
{
	const struct layout_screen	*scr = &d->lay->scr;
	const struct topo_core		*core;
	struct chartview		 v;
	struct load			*fl[3];
	int64_t				 span;
	int				 nbusy, nfl, i, y;

	/* The help box is read alone: the chart waits behind it. */
	if (scr->chart_h <= 0 || d->st->chart.samples == NULL || d->st->sel.mode == UI_HELP)
		return;
	memset(&v, 0, sizeof v);
	v.d = d;
	v.c = d->st->chart.samples;
	core = &d->st->host.m->cores[d->st->host.m->pus[d->st->sel.cursor].core];
	nbusy = core->npus < 4 ? core->npus : 4;
	nfl = chartview_floating(d, fl, 3);
	v.h = scr->chart_h - 2 - nbusy - nfl;
	while (v.h < 3 && (nfl > 0 || nbusy > 0)) {
		if (nfl > 0)
			nfl--;
		else
			nbusy--;
		v.h++;
	}
	v.x0 = CHARTVIEW_LEFT;
	v.w = d->cols - CHARTVIEW_LEFT - chartview_right(&v);
	if (v.w > 256)
		v.w = 256;
	v.y0 = scr->chart_y + 1;
	v.per = 1;
	v.sub = d->term->utf8 ? 2 : 1;
	/* The newest sample at the right edge. */
	span = (int64_t)v.w * v.per;
	v.k0 = (int64_t)v.c->tick - span;
	v.ymax = chartview_ymax(&v);
	chartview_title(d, scr->chart_y, (double)span * d->st->host.delay_tenths / 10.0);
	chartview_frame(&v);
	/* Where lines cross, the first load's stays on top: drawn last. */
	for (i = v.c->ns - 1; i >= 0; i--)
		chartview_line(&v, &v.c->s[i]);
	chartview_names(&v);
	y = v.y0 + v.h;
	chartview_axis(&v, y++);
	for (i = 0; i < nbusy; i++)
		chartview_busy(&v, y++, core->first_pu + i);
	for (i = 0; i < nfl; i++)
		if (chart_series(v.c, fl[i]->id) != NULL)
			chartview_strip(&v, y++, chart_series(v.c, fl[i]->id), fl[i]);
}
