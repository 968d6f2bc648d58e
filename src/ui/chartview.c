/*
 * chartview.c: the time chart of a frame. Each load's speed against its
 * solo rate (the 100% line dotted) since launch, as btop draws its graphs:
 * a thin line of braille dots, 2 by 4 a cell, joined from sample to sample,
 * or, in ASCII, the load's digit; each line in a colour of its own that no
 * verdict uses (chart_1 to chart_4, apart in every theme) and named at its
 * right end with its speed and marks, so mono reads too. Where lines meet in
 * a cell, the first load's colour shows. The time axis starts at launch and
 * widens until the window is full, then scrolls: its label says the time
 * shown. Below: the axis with the events (S started, M moved, B its
 * sibling started, s solo measured), the busy history of the cursor's
 * core's CPUs, and a strip per floating load of the CPU it ran on. With no
 * load, the busy history of as many CPUs as the rows hold.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis.h"
#include "engine/drift_load.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "ui/chart.h"
#include "ui/chartview.h"
#include "ui/compose.h"
#include "ui/paint.h"
#include "base/util.h"

#define CHARTVIEW_LEFT	6	/* "100% " */
#define CHARTVIEW_RIGHT	10	/* " busy 100%": the names may ask for more */
#define CHARTVIEW_MAXW	(CHART_N / 2)	/* cells: two samples each at most */

/* The styles of the loads' lines, by the order they came: no verdict's colors. */
static const enum theme_elem chartview_colors[] = {
	THEME_CHART_1, THEME_CHART_2, THEME_CHART_3, THEME_CHART_4
};
#define CHARTVIEW_NCOLORS	(int)(sizeof chartview_colors / sizeof chartview_colors[0])

/* A braille cell's dot bits, by column (0 left) and dot row (0 top). */
static const unsigned char chartview_braille[2][4] = {
	{ 0x01, 0x02, 0x04, 0x40 }, { 0x08, 0x10, 0x20, 0x80 }
};

/* What the plot is drawn over. */
struct chartview {
	const struct paint	*d;
	const struct chart	*c;
	int			 x0, w;		/* the plot's columns */
	int			 y0, h;		/* its rows */
	int			 dx, dy;	/* dots a cell: 2 x 4 braille, 1 x 1 ASCII */
	int			 W;		/* dot columns: w * dx */
	int			 n;		/* samples shown: since launch, at most W */
	double			 ymax;		/* the top row's speed */
	int64_t			 k0;		/* the first sample shown */
	unsigned char		*dots;		/* w * h: braille bits, or 1 (ASCII) */
	short			*owner;		/* w * h: the series whose colour shows */
	int			 speed;		/* loads: their speeds; none: the CPUs' busy history */
};

/* The dot column of sample k: spread over the width until it is full. */
static int
chartview_x(const struct chartview *v, int64_t k)
{
	if (v->n <= 1)
		return v->W - 1;
	if (v->n < v->W)
		return (int)((k - v->k0) * (v->W - 1) / (v->n - 1));
	return (int)(k - v->k0);
}

/* The sample a plot's cell column shows (its last), or -1 when not kept. */
static int64_t
chartview_k(const struct chartview *v, int col)
{
	int64_t	k;
	int	x = col * v->dx + v->dx - 1;

	if (v->n == 0)
		return -1;
	if (v->n <= 1)
		k = v->k0;
	else if (v->n < v->W)
		k = v->k0 + ((int64_t)x * (v->n - 1) + (v->W - 1) / 2) / (v->W - 1);
	else
		k = v->k0 + x;
	return k >= 0 && chart_has(v->c, (uint64_t)k) ? k : -1;
}

/* The seconds the plot shows: from its first sample to now. */
static double
chartview_secs(const struct chartview *v)
{
	return (double)(v->n > 1 ? v->n - 1 : 0) * v->d->st->host.delay_tenths / 10.0;
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

/* A glyph across the plot's columns on row y, drawn at once. */
static void
chartview_repeat(const struct chartview *v, int y, int attr, const char *glyph)
{
	char	buf[CHARTVIEW_MAXW * 4 + 1];
	size_t	n = strlen(glyph), used = 0;
	int	x;

	for (x = 0; x < v->w && used + n < sizeof buf; x++, used += n)
		memcpy(buf + used, glyph, n);
	buf[used] = '\0';
	paint_clip(y, v->x0, v->x0 + v->w, attr, buf);
}

/* The 100% line and the axis labels. */
static void
chartview_frame(const struct chartview *v)
{
	const struct paint	*d = v->d;
	int			 row100;

	row100 = v->h - 1 - chartview_level(v, 1.0, 1);
	chartview_repeat(v, v->y0 + row100, A(THEME_BAR_FRAME), d->term->utf8 ? "\302\267" :
	    ".");
	paint_text(v->y0 + row100, 0, v->x0, A(THEME_LABEL), "100%");
	if (row100 != v->h - 1)
		paint_text(v->y0 + v->h - 1, 0, v->x0, A(THEME_LABEL), "  0%");
	if (row100 != 0)
		paint_printf(v->y0, 0, v->x0, A(THEME_LABEL), "%3.0f%%", v->ymax * 100);
}

/* Set one dot of series i (dot column x, dot row y from the top). */
static void
chartview_dot(struct chartview *v, int i, int x, int y)
{
	int	cell;

	if (x < 0 || x >= v->W || y < 0 || y >= v->h * v->dy)
		return;
	cell = (y / v->dy) * v->w + x / v->dx;
	v->dots[cell] |= v->dx == 2 ? chartview_braille[x % 2][y % 4] : 1;
	v->owner[cell] = (short)i;
}

/* A segment of series i's line from dot (x0, y0) to (x1, y1), every dot between. */
static void
chartview_segment(struct chartview *v, int i, int x0, int y0, int x1, int y1)
{
	int	dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1;
	int	sy = y0 < y1 ? 1 : -1, err = dx + dy, e2;

	for (;;) {
		chartview_dot(v, i, x0, y0);
		if (x0 == x1 && y0 == y1)
			return;
		e2 = 2 * err;
		if (e2 >= dy) {
			err += dy;
			x0 += sx;
		}
		if (e2 <= dx) {
			err += dx;
			y0 += sy;
		}
	}
}

/* Series i's line into the plot's dots: each sample joined to the one before it. */
static void
chartview_line(struct chartview *v, int i)
{
	const struct chart_series	*s = &v->c->s[i];
	int				 px = -1, py = -1, x, y, H = v->h * v->dy;
	int64_t				 k;
	float				 sp;

	for (k = v->k0; k < (int64_t)v->c->tick; k++) {
		if (!chart_has(v->c, (uint64_t)k) || !isfinite(sp = CHART_AT(s->speed,
		    (uint64_t)k))) {
			px = -1;
			continue;
		}
		x = chartview_x(v, k);
		y = H - 1 - chartview_level(v, sp, v->dy);
		if (px == -1)
			chartview_dot(v, i, x, y);
		else
			chartview_segment(v, i, px, py, x, y);
		px = x;
		py = y;
	}
}

/*
 * Every load's line, then the cells drawn: braille dots of every line
 * that passes, in the colour of the first load among them; in ASCII, the
 * first load's digit.
 */
static void
chartview_lines(struct chartview *v)
{
	const struct paint	*d = v->d;
	const struct chart_series *s;
	char			 run[CHARTVIEW_MAXW * 4 + 1];
	size_t			 used;
	int			 i, x, y, k, end;

	v->dots = xcalloc((size_t)(v->w * v->h), 1);
	v->owner = xcalloc((size_t)(v->w * v->h), sizeof *v->owner);
	/* Where lines cross, the first load's stays on top: drawn last. */
	for (i = v->c->ns - 1; i >= 0; i--)
		chartview_line(v, i);
	for (y = 0; y < v->h; y++)
		for (x = 0; x < v->w; x = end) {
			end = x + 1;
			if (v->dots[y * v->w + x] == 0)
				continue;
			/* A run of cells of one load's colour, drawn at once. */
			s = &v->c->s[v->owner[y * v->w + x]];
			for (used = 0, end = x; end < v->w && used + 4 < sizeof run; end++) {
				if (v->dots[y * v->w + end] == 0 ||
				    v->owner[y * v->w + end] != v->owner[y * v->w + x])
					break;
				k = v->dots[y * v->w + end];
				if (v->dx == 2) {
					/* U+2800 + the dots, in UTF-8. */
					run[used++] = (char)0xe2;
					run[used++] = (char)(0xa0 | (k >> 6));
					run[used++] = (char)(0x80 | (k & 0x3f));
				} else
					run[used++] = (char)('0' + s->id % 10);
			}
			run[used] = '\0';
			paint_clip(v->y0 + y, v->x0 + x, v->x0 + v->w, chartview_attr(d, s), run);
		}
	free(v->dots);
	free(v->owner);
	v->dots = NULL;
	v->owner = NULL;
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
	char				 cmark[8];

	buf[0] = '\0';
	if (l == NULL || v->c->tick == 0)
		return;
	/* The panel's mark of its speed (figures_mark); a disturbed solo marks the rest. */
	mark = lv != NULL && l->state == LOAD_RUNNING ?
	    analysis_mark_text((enum analysis_mark)lv->mark) : lv != NULL &&
	    lv->solo_disturbed && isfinite(lv->solo) ? "~" : "";
	/* Its CPU's capacity moved: the speed is against what it gives now. */
	if (*mark != '?' && lv != NULL && l->state == LOAD_RUNNING &&
	    drift_load_marked(&lv->drift)) {
		snprintf(cmark, sizeof cmark, "%s%s", mark, drift_load_mark(&lv->drift));
		mark = cmark;
	}
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

	chartview_repeat(v, y, A(THEME_BAR_FRAME), d->term->utf8 ? "\342\224\200" : "-");
	/* Solo marks first: a start or move in the same column is drawn over them. */
	for (i = 0; i < 2 * v->c->nev; i++) {
		e = &v->c->ev[i % v->c->nev];
		if ((e->kind == CHART_EV_SOLO) != (i < v->c->nev))
			continue;
		if ((int64_t)e->tick < v->k0 || v->n == 0)
			continue;
		/* Marked at the sample it came before, or now when none has come yet. */
		x = v->x0 + chartview_x(v, (int64_t)e->tick < v->k0 + v->n ?
		    (int64_t)e->tick : v->k0 + v->n - 1) / v->dx;
		if (x >= v->x0 + v->w)
			x = v->x0 + v->w - 1;
		s = chart_series(v->c, e->id);
		attr = s != NULL ? chartview_attr(d, s) : A(THEME_LABEL);
		mark[0] = (char)e->kind;
		mark[1] = '\0';
		paint_text(y, x, d->cols, attr | A_BOLD, mark);
	}
	paint_printf(y, 0, v->x0, A(THEME_LABEL), "-%.0fs", chartview_secs(v));
	paint_text(y, v->x0 + v->w + 1, d->cols, A(THEME_LABEL), "now");
}

/* A row of busy levels of one CPU, one sample a column. */
static void
chartview_busy(const struct chartview *v, int y, int pu)
{
	const struct paint	*d = v->d;
	const char *const	*lv = d->term->utf8 ? paint_levels_utf8 : paint_levels_ascii;
	const char		*g;
	char			 label[16], row[CHARTVIEW_MAXW * 4 + 1];
	size_t			 used, n;
	int			 col, level;
	int64_t			 k;
	float			 b;

	snprintf(label, sizeof label, "CPU%d", d->st->host.m->pus[pu].os_index);
	if (layout_width(label) >= v->x0)
		snprintf(label, sizeof label, "%d", d->st->host.m->pus[pu].os_index);
	paint_text(y, 0, v->x0, A(THEME_LABEL), label);
	/* The row as one text: a level a column, a blank where none is kept. */
	for (col = 0, used = 0; col < v->w; col++) {
		if ((k = chartview_k(v, col)) == -1 ||
		    !isfinite(b = v->c->busy[(size_t)pu * CHART_N + (uint64_t)k % CHART_N]))
			g = " ";
		else {
			level = b < 1.0f ? 0 : 1 + (int)(b * 7.999f / 100.0f);
			g = lv[level > 8 ? 8 : level];
		}
		n = strlen(g);
		memcpy(row + used, g, n);
		used += n;
	}
	row[used] = '\0';
	paint_clip(y, v->x0, v->x0 + v->w, A(THEME_BAR_USER), row);
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
		if ((k = chartview_k(v, col)) == -1 ||
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
		for (k = v->k0; k < (int64_t)v->c->tick; k++)
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

/*
 * The chart's title row: what it shows and the time it covers (since
 * launch until the window is full), then the events' legend as it fits.
 */
static void
chartview_title(const struct chartview *v, int y)
{
	static const char *const ev[] = {
		"   S started", "  M moved", "  B sibling started", "  s solo measured",
		"   C hides"
	};
	const struct paint	*d = v->d;
	struct compose		 c;
	char			 title[96];
	int			 i, t = A(THEME_PANEL_TITLE);

	snprintf(title, sizeof title, " %s, %s %.0f s", v->speed ?
	    "SPEED against solo" : "BUSY of each CPU", v->k0 == 0 ? "since launch" : "last",
	    chartview_secs(v));
	compose_init(&c, d->term->utf8);
	compose_add(&c, t, 0, 0, COMPOSE_CLIP, title, NULL);
	for (i = v->speed ? 0 : 4; i < 5; i++)
		compose_add(&c, t, 0, 5 - i, 0, ev[i], NULL);
	compose_fit(&c, d->cols);
	paint_fill(y, 0, d->cols, t);
	paint_compose(y, 0, d->cols, &c);
}

/* The plot's columns and the samples it shows: since launch, spread, until it is full. */
static void
chartview_span(struct chartview *v)
{
	v->x0 = CHARTVIEW_LEFT;
	v->w = v->d->cols - CHARTVIEW_LEFT - chartview_right(v);
	v->dx = v->d->term->utf8 ? 2 : 1;
	v->dy = v->d->term->utf8 ? 4 : 1;
	if (v->w * v->dx > CHART_N)
		v->w = CHART_N / v->dx;
	v->W = v->w * v->dx;
	v->n = v->c->tick < (uint64_t)v->W ? (int)v->c->tick : v->W;
	v->k0 = (int64_t)v->c->tick - v->n;
}

/* Without loads: the busy history of as many CPUs as the rows hold, the cursor's first. */
static void
chartview_idle(struct chartview *v, int y, int rows)
{
	const struct topo	*m = v->d->st->host.m;
	int			 i, first = v->d->st->sel.cursor;

	if (first + rows > m->npus)
		first = m->npus - rows > 0 ? m->npus - rows : 0;
	chartview_axis(v, y++);
	for (i = 0; i < rows - 1 && first + i < m->npus; i++)
		chartview_busy(v, y++, first + i);
}

/* Draw the chart in the layout's chart rows. */
void
chartview_draw(const struct paint *d)
{
	const struct layout_screen	*scr = &d->lay->scr;
	const struct topo_core		*core;
	struct chartview		 v;
	struct load			*fl[3];
	int				 nbusy, nfl, i, y;

	/* The help box is read alone: the chart waits behind it. */
	if (scr->chart_h <= 0 || d->st->chart.samples == NULL || d->st->sel.mode == UI_HELP)
		return;
	memset(&v, 0, sizeof v);
	v.d = d;
	v.c = d->st->chart.samples;
	chartview_span(&v);
	v.speed = v.c->ns > 0 || (d->st->host.loads != NULL &&
	    loads_count(d->st->host.loads) > 0);
	chartview_title(&v, scr->chart_y);
	if (!v.speed) {
		chartview_idle(&v, scr->chart_y + 1, scr->chart_h - 1);
		return;
	}
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
	v.y0 = scr->chart_y + 1;
	v.ymax = chartview_ymax(&v);
	chartview_frame(&v);
	chartview_lines(&v);
	chartview_names(&v);
	y = v.y0 + v.h;
	chartview_axis(&v, y++);
	for (i = 0; i < nbusy; i++)
		chartview_busy(&v, y++, core->first_pu + i);
	for (i = 0; i < nfl; i++)
		if (chart_series(v.c, fl[i]->id) != NULL)
			chartview_strip(&v, y++, chart_series(v.c, fl[i]->id), fl[i]);
}
