/*
 * treeview.c: the topology area of a frame: the tree (a row per CPU with its
 * bar, percent and loads) or the grid (a cell per core, a mark per CPU),
 * the rows in view as the layout scrolled them.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "ui/compose.h"
#include "ui/countersview.h"
#include "ui/idleview.h"
#include "ui/inferview.h"
#include "ui/paint.h"
#include "ui/treeview.h"

/* Bar segments, in the order they are drawn: smtscope's time by kind, then others'. */
#define TREEVIEW_SEGS	7
static const enum theme_elem treeview_bar_elems[TREEVIEW_SEGS] = {
	THEME_BAR_USER, THEME_BAR_NICE, THEME_BAR_SYSTEM, THEME_BAR_IRQ,
	THEME_BAR_SOFTIRQ, THEME_BAR_STEAL, THEME_BAR_FOREIGN
};
/* A glyph per segment when colors cannot tell them apart. */
static const char *const treeview_bar_ascii[TREEVIEW_SEGS] = { "#", "+", "=", "*", "*", "~", "o" };
/* Others' segment has its own glyph everywhere: a shade, or 'o' in ASCII. */
#define TREEVIEW_FOREIGN_UTF8	"\342\226\222"


/* The style of a CPU's label or mark: cursor, move target, highlight, plain. */
static int
treeview_cpu_attr(const struct paint *d, int pu)
{
	const struct topo_pu	*p = &d->st->host.m->pus[pu];

	if (pu == d->st->sel.cursor)
		return A(d->st->sel.mode == UI_MOVE || d->st->sel.mode == UI_PICK_B ?
		    THEME_MOVE_TARGET : THEME_CURSOR);
	if (cpuset_isset(&d->st->tour.highlight, p->os_index))
		return A(THEME_HIGHLIGHT);
	return A(p->allowed ? THEME_CPU : THEME_CPU_DISALLOWED);
}

/*
 * A CPU's time in the bar's segments, in percent: where others' share is
 * known, smtscope's own user and system time (its processes' utime and
 * stime), then others'; else (a view of another machine) the busy time by
 * kind from /proc/stat.
 */
static void
treeview_segments(const struct paint *d, int pu, double seg[TREEVIEW_SEGS])
{
	const struct cpustat_pct	*p = &d->st->host.pct[pu];
	double				 fg = NAN;

	seg[0] = p->user;
	seg[1] = p->nice;
	seg[2] = p->system;
	seg[3] = p->irq;
	seg[4] = p->softirq;
	seg[5] = p->steal;
	seg[6] = 0;
	if (state_others_known(d->st))
		fg = d->st->others.share[pu];
	if (!isfinite(fg))
		return;
	seg[6] = 100 * fg < p->busy ? 100 * fg : p->busy;
	seg[2] = 100 * d->st->others.sys[pu];
	seg[0] = p->busy - seg[6] - seg[2];
	if (seg[0] < 0)
		seg[0] = 0;
	seg[1] = seg[3] = seg[4] = seg[5] = 0;
}

/* A segment's glyph: a block, others' shade, or a character per kind without colors. */
static const char *
treeview_glyph(const struct paint *d, int i)
{
	if (d->term->bar_glyphs)
		return treeview_bar_ascii[i];
	if (i == TREEVIEW_SEGS - 1)
		return d->term->utf8 ? TREEVIEW_FOREIGN_UTF8 : treeview_bar_ascii[i];
	return d->term->utf8 ? "\342\226\210" : "|";
}

/* A bar of segments in percent, between brackets at x and x + 1 + bw. */
static void
treeview_bar_segs(const struct paint *d, int y, int x, int bw, const double *seg)
{
	double		 cum = 0;
	int		 i, c, from = 0, to;

	paint_text(y, x, d->cols, A(THEME_BAR_FRAME), "[");
	paint_text(y, x + 1 + bw, d->cols, A(THEME_BAR_FRAME), "]");
	if (seg == NULL)
		return;
	for (i = 0; i < TREEVIEW_SEGS; i++) {
		cum += seg[i];
		to = (int)(cum / 100.0 * bw + 0.5);
		if (to > bw)
			to = bw;
		for (c = from; c < to; c++)
			paint_text(y, x + 1 + c, d->cols, A(treeview_bar_elems[i]),
			    treeview_glyph(d, i));
		if (to > from)
			from = to;
	}
}

/* A CPU's bar: [smtscope's user and system, others'], or [user ... steal] on a view. */
static void
treeview_bar(const struct paint *d, int y, int x, int bw, int pu)
{
	double	seg[TREEVIEW_SEGS];

	if (!d->st->host.pct_ok[pu]) {
		treeview_bar_segs(d, y, x, bw, NULL);
		return;
	}
	treeview_segments(d, pu, seg);
	treeview_bar_segs(d, y, x, bw, seg);
}

/* A node's CPUs' average time by segment, and their busy share; 0 unless every one is known. */
static int
treeview_average(const struct paint *d, int node, double seg[TREEVIEW_SEGS], double *busy)
{
	double	one[TREEVIEW_SEGS];
	int	first, n, i, k, known = 0;

	memset(seg, 0, TREEVIEW_SEGS * sizeof seg[0]);
	*busy = 0;
	n = layout_meter_cpus(d->st->host.m, node, &first);
	for (i = first; i < first + n; i++) {
		if (!d->st->host.pct_ok[i])
			continue;
		treeview_segments(d, i, one);
		for (k = 0; k < TREEVIEW_SEGS; k++)
			seg[k] += one[k];
		*busy += d->st->host.pct[i].busy;
		known++;
	}
	/* An average of some of them would pass for all of theirs. */
	if (known == 0 || known < n)
		return 0;
	for (k = 0; k < TREEVIEW_SEGS; k++)
		seg[k] /= known;
	*busy /= known;
	return known;
}

/* A node's meter: its CPUs' average bar and busy share ("[███▒▒   ]  41.3%"). */
static void
treeview_meter(const struct paint *d, int y, int x, int bw, int node)
{
	double	seg[TREEVIEW_SEGS], busy;

	if (!treeview_average(d, node, seg, &busy))
		return;
	treeview_bar_segs(d, y, x, bw, seg);
	paint_printf(y, x + bw + 3, d->cols, A(THEME_PERCENT), "%5.1f%%", busy);
}

/*
 * The bars' legend from x to the right edge, as much as fits: smtscope's
 * time and others' (the shade), or the kinds of time of a view.
 */
static void
treeview_legend(const struct paint *d, int y, int x)
{
	static const char *const ours[][2] = {
		{ " smtscope user", " ours" }, { " system", NULL }, { " others", NULL }
	};
	static const int ours_seg[] = { 0, 2, 6 };
	static const char *const view[] = {
		" user", " nice", " system", " irq", " softirq", " steal"
	};
	struct compose	 c;
	char		 g[TREEVIEW_SEGS][16];
	int		 i, known = state_others_known(d->st);

	compose_init(&c, d->term->utf8);
	compose_add(&c, A(THEME_LABEL), 0, 0, 0, "  ", NULL);
	for (i = 0; i < (known ? 3 : 6); i++) {
		snprintf(g[i], sizeof g[i], "%s%s", i > 0 ? " " : "", treeview_glyph(d,
		    known ? ours_seg[i] : i));
		compose_add(&c, A(treeview_bar_elems[known ? ours_seg[i] : i]), 0, 1, 0, g[i],
		    NULL);
		compose_add(&c, A(THEME_LABEL), 2, 0, COMPOSE_TIED, known ? ours[i][0] :
		    view[i], known ? ours[i][1] : NULL, NULL);
	}
	compose_fit(&c, d->cols - x);
	/* All or nothing: a legend that lost a kind would mislead. */
	for (i = 0; i < c.n; i++)
		if (c.e[i].pick < 0)
			return;
	paint_compose(y, x, d->cols, &c);
}

/* The loads on a CPU as elements, each in its style: they go from the last, counted. */
static void
treeview_loads_add(const struct paint *d, struct compose *c, int os, char names[][48],
    int max)
{
	struct load	*l;
	int		 i, on, e, n = 0;

	if (d->st->host.loads == NULL)
		return;
	for (i = 0; i < loads_count(d->st->host.loads) && n < max; i++) {
		l = loads_at(d->st->host.loads, i);
		if ((on = paint_load_on(l, os)) == 0)
			continue;
		e = l->state == LOAD_PAUSED ? THEME_PAUSED : on == 2 ? THEME_LOAD_FLOATING :
		    THEME_LOAD;
		snprintf(names[n], 48, "%s%s#%d%s", n > 0 ? " " : "", l->spec.k->name, l->id,
		    on == 2 ? "~" : on == 3 ? "b" : "");
		/* The first one stays while one fits: "hash#1 +3". */
		compose_add(c, A(e), 0, n > 0 ? 1 : 2, COMPOSE_COUNTED, names[n], NULL);
		n++;
	}
}

/* A tree row's CPU from column dx on, up to end: its name, bar, percent, then its loads. */
static void
treeview_tree_cpu(const struct paint *d, int y, int pu, int dx, int end)
{
	const struct layout	*l = &d->lay->topo;
	const struct topo_pu	*p = &d->st->host.m->pus[pu];
	struct compose		 c;
	char			 mhz[32], inf[64], idle[128], names[COMPOSE_MAX][48];

	paint_printf(y, l->cpu_x + dx, end, treeview_cpu_attr(d, pu), "CPU %*d",
	    l->digits, p->os_index);
	treeview_bar(d, y, l->bar_x + dx, l->bar_w, pu);
	if (d->st->host.pct_ok[pu])
		paint_printf(y, l->pct_x + dx, end, A(THEME_PERCENT), "%5.1f%%",
		    d->st->host.pct[pu].busy);
	/* The row's tail, composed: what does not fit goes, the clock first. */
	compose_init(&c, d->term->utf8);
	/* idleview.c's column: each idle state's share of the last refresh (i asked for it). */
	if (idleview_cpu(d->st->iv, p->os_index, idle, sizeof idle - 1)) {
		strcat(idle, " ");
		compose_add(&c, A(THEME_PERCENT), 0, 5, 0, idle, NULL);
	}
	/* The counters' hook (countersview.c): the CPU's clock. */
	if (countersview_cpu(d->st->cv, p->os_index, mhz, sizeof mhz - 1)) {
		strcat(mhz, " ");
		compose_add(&c, A(THEME_PERCENT), 0, 3, 0, mhz, NULL);
	}
	if (!p->allowed)
		compose_add(&c, A(THEME_CPU_DISALLOWED), 4, 0, 0, "not allowed ", "n/a ", NULL);
	/* check --infer's hook (inferview.c): a pair measured unlike the topology. */
	if (inferview_cpu(d->st->infer, d->st->ninfer, p->os_index, d->term->utf8, inf,
	    sizeof inf - 1)) {
		strcat(inf, " ");
		compose_add(&c, A(THEME_HEADER_NOTE), 0, 4, 0, inf, NULL);
	}
	treeview_loads_add(d, &c, p->os_index, names, COMPOSE_MAX - 4);
	if (l->loads_x + dx < end) {
		compose_fit(&c, end - l->loads_x - dx);
		paint_compose(y, l->loads_x + dx, end, &c);
	}
}

/*
 * One tree row: lines and label, then its CPU with its bar, percent and
 * loads; a folded core's row, each of its threads seg_w apart.
 */
static void
treeview_tree_row(const struct paint *d, int y, const struct layout_row *r)
{
	const struct layout	*l = &d->lay->topo;
	int			 j, end;

	paint_text(y, 0, d->cols, A(THEME_TREE), r->text);
	if (r->label_w > 0) {
		/* The label again, in its own style: find its bytes by columns. */
		const char	*s = r->text;
		int		 col = 0;

		while (*s != '\0' && col < r->label_x) {
			s++;
			while (((unsigned char)*s & 0xc0) == 0x80)
				s++;
			col++;
		}
		paint_clip(y, r->label_x, r->label_x + r->label_w, A(THEME_LABEL), s);
	}
	/* A package's, NUMA node's or cache's meter, in the CPUs' bar column. */
	if (r->pu < 0 && r->meter >= 0 && r->text_w < l->bar_x)
		treeview_meter(d, y, l->bar_x, l->bar_w, r->meter);
	for (j = 0; r->pu >= 0 && j < r->npu; j++) {
		end = j + 1 < r->npu ? l->cpu_x + (j + 1) * l->seg_w - 1 : d->cols;
		treeview_tree_cpu(d, y, r->pu + j, j * l->seg_w, end);
	}
}

/* The level glyph of a CPU's busy share, and the style of its main kind of time. */
static const char *
treeview_level(const struct paint *d, int pu, int *elem)
{
	const struct cpustat_pct	*p = &d->st->host.pct[pu];
	double				 seg[TREEVIEW_SEGS];
	int				 i, best = 0, level;

	*elem = THEME_BAR_FRAME;
	if (!d->st->host.pct_ok[pu])
		return d->term->utf8 ? paint_levels_utf8[0] : paint_levels_ascii[0];
	treeview_segments(d, pu, seg);
	for (i = 1; i < TREEVIEW_SEGS; i++)
		if (seg[i] > seg[best])
			best = i;
	level = p->busy < 1.0 ? 0 : 1 + (int)(p->busy * 7.999 / 100.0);
	if (level > 8)
		level = 8;
	if (level > 0)
		*elem = treeview_bar_elems[best];
	return d->term->utf8 ? paint_levels_utf8[level] : paint_levels_ascii[level];
}

/* The style of a grid CPU's mark: the cursor's or the highlight's, else its time's. */
static int
treeview_grid_attr(const struct paint *d, int pu, int elem)
{
	if (pu == d->st->sel.cursor ||
	    cpuset_isset(&d->st->tour.highlight, d->st->host.m->pus[pu].os_index))
		return treeview_cpu_attr(d, pu);
	return A(elem);
}

/* A grid CPU's load mark: "*" a load, "~" a floating one, blank none. */
static const char *
treeview_grid_load(const struct paint *d, int pu)
{
	char	loads[128];
	int	n;

	n = paint_cpu_loads(d, d->st->host.m->pus[pu].os_index, loads, sizeof loads);
	return n == 0 ? " " : strchr(loads, '~') ? "~" : "*";
}

/* One core's cell: the first CPU's number and a mark per CPU, or each CPU named, or a bar each. */
static void
treeview_grid_cell(const struct paint *d, int y, const struct layout_cell *c)
{
	const struct layout		*l = &d->lay->topo;
	const struct topo		*m = d->st->host.m;
	const struct topo_core		*core = &m->cores[c->core];
	const struct layout_spot	*s;
	const char			*kind, *g;
	char				 mark[2];
	int				 j, x, elem, pu, cpu;

	kind = core->kind != -1 ? m->kinds[core->kind].label : " ";
	if (l->grid_mode == LAYOUT_GRID_MARKS) {
		x = paint_printf(y, c->x, d->cols, A(m->pus[c->pu0].allowed ? THEME_CPU :
		    THEME_CPU_DISALLOWED), "%*d", l->digits, m->pus[c->pu0].os_index);
		if (l->kind_w)
			paint_text(y, x, d->cols, A(THEME_LABEL), kind);
	} else if (l->kind_w)
		paint_text(y, c->x, d->cols, A(THEME_LABEL), kind);
	for (j = 0; j < c->npus; j++) {
		pu = c->pu0 + j;
		s = &l->spots[pu];
		g = treeview_level(d, pu, &elem);
		cpu = A(m->pus[pu].allowed ? THEME_CPU : THEME_CPU_DISALLOWED);
		x = s->x;
		/* Named: the number carries the cursor, as the tree's "CPU 3" does. */
		if (l->grid_mode != LAYOUT_GRID_MARKS)
			x = paint_printf(y, x, d->cols, pu == d->st->sel.cursor ||
			    cpuset_isset(&d->st->tour.highlight, m->pus[pu].os_index) ?
			    treeview_cpu_attr(d, pu) : cpu, "%*d", l->digits,
			    m->pus[pu].os_index);
		if (l->grid_mode == LAYOUT_GRID_BARS) {
			treeview_bar(d, y, x, l->gbar_w, pu);
			x += l->gbar_w + 2;
		} else
			x = paint_text(y, x, d->cols, treeview_grid_attr(d, pu, elem), g);
		x = paint_text(y, x, d->cols, l->grid_mode == LAYOUT_GRID_MARKS ?
		    treeview_grid_attr(d, pu, THEME_LOAD) : A(THEME_LOAD),
		    treeview_grid_load(d, pu));
		/* idleview.c's mark: the state most of its idle went to. */
		if (l->idle_w > 0) {
			mark[0] = idleview_mark(d->st->iv, m->pus[pu].os_index);
			mark[1] = '\0';
			paint_text(y, x, d->cols, A(THEME_PERCENT), mark);
		}
	}
}

/* Where the grid's meters go: two columns after the widest heading. */
static int
treeview_grid_meter_x(const struct layout *l)
{
	int	i, x = 0;

	for (i = 0; i < l->nrows; i++)
		if (l->rows[i].meter >= 0 && l->rows[i].text_w > x)
			x = l->rows[i].text_w;
	return x + 2;
}

/* The grid's meters' bars: 30 columns at most, 8 at least (else none: 0). */
static int
treeview_grid_meter_w(const struct paint *d, int x)
{
	int	bw = d->cols - x - 10;

	return bw > 30 ? 30 : bw >= 8 ? bw : 0;
}

/* One grid row: a heading (with its meter), or the label and a cell per core. */
static void
treeview_grid_row(const struct paint *d, int y, const struct layout_row *r)
{
	const struct layout	*l = &d->lay->topo;
	int			 i, x, bw;

	paint_text(y, 0, d->cols, A(THEME_LABEL), r->text);
	for (i = 0; i < r->ncells; i++)
		treeview_grid_cell(d, y, &l->cells[r->first_cell + i]);
	if (r->meter < 0)
		return;
	x = treeview_grid_meter_x(l);
	if ((bw = treeview_grid_meter_w(d, x)) > 0)
		treeview_meter(d, y, x, bw, r->meter);
}

/* The rows out of view, said on a row of their own. */
static void
treeview_more(const struct paint *d, int y, int n, int below)
{
	struct compose	c;
	char		long_[96], short_[32];

	snprintf(long_, sizeof long_, "  %s %d more row%s %s (%s)", below ? "v" : "^", n,
	    n == 1 ? "" : "s", below ? "below" : "above", below ? "PgDn, End" : "PgUp, Home");
	snprintf(short_, sizeof short_, "  %s %d more", below ? "v" : "^", n);
	compose_init(&c, d->term->utf8);
	compose_add(&c, A(THEME_INFO), 1, 0, COMPOSE_CLIP, long_, short_, NULL);
	compose_fit(&c, d->cols);
	paint_compose(y, 0, d->cols, &c);
}

/* The topology area: the rows in view, the bars' legend on the first where it fits. */
void
treeview_draw(const struct paint *d)
{
	const struct layout	*l = &d->lay->topo;
	const struct layout_row	*r;
	int			 y, row, y0, h, end;

	y0 = d->lay->scr.topo_y + d->lay->more_above;
	h = d->lay->scr.topo_h - d->lay->more_above - d->lay->more_below;
	for (y = 0; y < h; y++) {
		row = d->lay->top + y;
		if (row >= l->nrows)
			break;
		if (l->view == LAYOUT_TREE)
			treeview_tree_row(d, y0 + y, &l->rows[row]);
		else
			treeview_grid_row(d, y0 + y, &l->rows[row]);
	}
	if (d->lay->more_above)
		treeview_more(d, d->lay->scr.topo_y, d->lay->top, 0);
	if (d->lay->more_below)
		treeview_more(d, y0 + h, l->nrows - d->lay->top - h, 1);
	if (d->lay->top >= l->nrows || h <= 0)
		return;
	r = &l->rows[d->lay->top];
	if (r->pu >= 0 || r->ncells > 0)
		return;
	if (l->view == LAYOUT_TREE)
		end = r->meter >= 0 ? l->loads_x - 1 : r->text_w;
	else if (r->meter >= 0 && (h = treeview_grid_meter_w(d, treeview_grid_meter_x(l))) > 0)
		end = treeview_grid_meter_x(l) + h + 9;
	else
		end = r->text_w;
	if (end < d->cols)
		treeview_legend(d, y0, end);
}
