/*
 * chartview.c: the time chart of a frame. Each load's speed against its
 * solo rate (the 100% line drawn) over the last samples, in braille dots
 * (two samples a column, four levels a row) or, in ASCII, the load's digit;
 * each line in its load's colour and named at its right end, so mono reads
 * too. Below: the time axis with the events (S started, M moved, B its
 * sibling started, s solo measured), the busy history of the cursor's
 * core's CPUs, and a strip per floating load of the CPU it ran on.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/loads.h"
#include "ui/chart.h"
#include "ui/chartview.h"
#include "ui/paint.h"

#define CHARTVIEW_LEFT	6	/* "100% " */
#define CHARTVIEW_RIGHT	14	/* " hash#12 100%" */

/* The styles of the loads' lines, by the order they came. */
static const enum theme_elem chartview_colors[] = {
	THEME_SPEED_GOOD, THEME_LOAD, THEME_SPEED_BAD, THEME_LOAD_FLOATING,
	THEME_SPEED_MID, THEME_HIGHLIGHT, THEME_BAR_USER, THEME_BAR_FOREIGN
};
#define CHARTVIEW_NCOLORS	(int)(sizeof chartview_colors / sizeof chartview_colors[0])

/* Braille dot bits: [column of the cell][dot row from the top]. */
static const int chartview_dots[2][4] = {
	{ 0x01, 0x02, 0x04, 0x40 }, { 0x08, 0x10, 0x20, 0x80 }
};

/* What the plot is drawn over. */
struct chartview {
	const struct paint	*d;
	const struct chart	*c;
	int			 x0, w;		/* the plot's columns */
	int			 y0, h;		/* its rows */
	int			 per;		/* samples a column: 2 braille, 1 ASCII */
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

/* A UTF-8 braille cell from its dot bits. */
static void
chartview_braille(int bits, char out[4])
{
	int	cp = 0x2800 + bits;

	out[0] = (char)(0xe0 | (cp >> 12));
	out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[2] = (char)(0x80 | (cp & 0x3f));
	out[3] = '\0';
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

/* One load's line: braille cells (a cell's dots from this load only), or its digit. */
static void
chartview_line(const struct chartview *v, const struct chart_series *s)
{
	const struct paint	*d = v->d;
	char			 cell[4];
	int			 bits, prow, col, j, lv, row, sub = v->per == 2 ? 4 : 1;
	int64_t			 k;
	float			 sp;

	for (col = 0; col < v->w; col++) {
		/* A column's two samples share a cell only when they share its row. */
		bits = 0;
		prow = -1;
		for (j = 0; j < v->per; j++) {
			if ((k = chartview_k(v, col, j)) == -1 ||
			    !isfinite(sp = CHART_AT(s->speed, (uint64_t)k)))
				continue;
			lv = chartview_level(v, sp, sub);
			row = v->h - 1 - lv / sub;
			if (v->per == 2) {
				if (row != prow)
					bits = 0;
				prow = row;
				bits |= chartview_dots[j][sub - 1 - lv % sub];
				chartview_braille(bits, cell);
				paint_text(v->y0 + row, v->x0 + col, d->cols,
				    chartview_attr(d, s), cell);
			} else {
				snprintf(cell, sizeof cell, "%d", s->id % 10);
				paint_text(v->y0 + row, v->x0 + col, d->cols,
				    chartview_attr(d, s), cell);
			}
		}
	}
}

/* The loads' names at the right, each at its line's last height, with its speed. */
static void
chartview_names(const struct chartview *v)
{
	const struct paint	*d = v->d;
	const struct chart_series *s;
	struct load		*l;
	int			 i, row, used[64], x = v->x0 + v->w + 1;
	float			 sp;

	memset(used, 0, sizeof used);
	for (i = 0; i < v->c->ns; i++) {
		s = &v->c->s[i];
		if ((l = loads_get(d->st->host.loads, s->id)) == NULL || v->c->tick == 0)
			continue;
		sp = CHART_AT(s->speed, v->c->tick - 1);
		row = isfinite(sp) ? v->h - 1 - chartview_level(v, sp, 1) : v->h - 1;
		while (row < v->h && row < 64 && used[row])
			row++;
		if (row >= v->h || row >= 64)
			continue;
		used[row] = 1;
		if (isfinite(sp))
			paint_printf(v->y0 + row, x, d->cols, chartview_attr(d, s), "%s#%d %.0f%%",
			    l->spec.k->name, l->id, sp * 100);
		else
			paint_printf(v->y0 + row, x, d->cols, chartview_attr(d, s), "%s#%d --",
			    l->spec.k->name, l->id);
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
	int			 col, level;
	int64_t			 k;
	float			 b;

	paint_printf(y, 0, v->x0, A(THEME_LABEL), "CPU%-2d", d->st->host.m->pus[pu].os_index);
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
	v.w = d->cols - CHARTVIEW_LEFT - CHARTVIEW_RIGHT;
	if (v.w > 256)
		v.w = 256;
	v.y0 = scr->chart_y + 1;
	v.per = d->term->utf8 ? 2 : 1;
	/* The newest sample at the right edge. */
	span = (int64_t)v.w * v.per;
	v.k0 = (int64_t)v.c->tick - span;
	v.ymax = chartview_ymax(&v);
	paint_fill(scr->chart_y, 0, d->cols, A(THEME_PANEL_TITLE));
	paint_printf(scr->chart_y, 1, d->cols, A(THEME_PANEL_TITLE),
	    "SPEED against solo, last %.0f s   S started  M moved  B sibling started  "
	    "s solo measured   C hides", (double)span * d->st->host.delay_tenths / 10.0);
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
