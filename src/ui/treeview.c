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

/* A CPU's bar: [smtscope's user and system, others'], or [user ... steal] on a view. */
static void
treeview_bar(const struct paint *d, int y, int x, int bw, int pu)
{
	double		 seg[TREEVIEW_SEGS], cum = 0;
	int		 i, c, from = 0, to;
	const char	*glyph;

	paint_text(y, x, d->cols, A(THEME_BAR_FRAME), "[");
	paint_text(y, x + 1 + bw, d->cols, A(THEME_BAR_FRAME), "]");
	if (!d->st->host.pct_ok[pu])
		return;
	treeview_segments(d, pu, seg);
	for (i = 0; i < TREEVIEW_SEGS; i++) {
		cum += seg[i];
		to = (int)(cum / 100.0 * bw + 0.5);
		if (to > bw)
			to = bw;
		if (d->term->bar_glyphs)
			glyph = treeview_bar_ascii[i];
		else if (i == TREEVIEW_SEGS - 1)
			glyph = d->term->utf8 ? TREEVIEW_FOREIGN_UTF8 : treeview_bar_ascii[i];
		else
			glyph = d->term->utf8 ? "\342\226\210" : "|";
		for (c = from; c < to; c++)
			paint_text(y, x + 1 + c, d->cols, A(treeview_bar_elems[i]), glyph);
		if (to > from)
			from = to;
	}
}

/* The loads on a CPU, each in its style, from column x. */
static void
treeview_loads_at(const struct paint *d, int y, int x, int os)
{
	struct load	*l;
	int		 i, on, e;

	if (d->st->host.loads == NULL)
		return;
	for (i = 0; i < loads_count(d->st->host.loads); i++) {
		l = loads_at(d->st->host.loads, i);
		if ((on = paint_load_on(l, os)) == 0)
			continue;
		e = l->state == LOAD_PAUSED ? THEME_PAUSED : on == 2 ? THEME_LOAD_FLOATING :
		    THEME_LOAD;
		x = paint_printf(y, x, d->cols, A(e), "%s#%d%s", l->spec.k->name, l->id,
		    on == 2 ? "~" : on == 3 ? "b" : "");
		x++;
	}
}

/* One tree row: lines and label, then the CPU with its bar, percent and loads. */
static void
treeview_tree_row(const struct paint *d, int y, const struct layout_row *r)
{
	const struct layout	*l = &d->lay->topo;
	const struct topo_pu	*p;
	char			 mhz[32];
	int			 x;

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
		paint_printf(y, r->label_x, r->label_x + r->label_w, A(THEME_LABEL), "%s", s);
	}
	if (r->pu < 0)
		return;
	p = &d->st->host.m->pus[r->pu];
	paint_printf(y, l->cpu_x, d->cols, treeview_cpu_attr(d, r->pu), "CPU %*d",
	    l->digits, p->os_index);
	treeview_bar(d, y, l->bar_x, l->bar_w, r->pu);
	if (d->st->host.pct_ok[r->pu])
		paint_printf(y, l->pct_x, d->cols, A(THEME_PERCENT), "%5.1f%%",
		    d->st->host.pct[r->pu].busy);
	x = l->loads_x;
	/* idleview.c's column: each idle state's share of the last refresh. */
	if (idleview_cpu(d->st->iv, p->os_index, mhz, sizeof mhz))
		x = paint_text(y, x, d->cols, A(THEME_PERCENT), mhz) + 1;
	/* The counters' hook (countersview.c): the CPU's clock. */
	if (countersview_cpu(d->st->cv, p->os_index, mhz, sizeof mhz))
		x = paint_text(y, x, d->cols, A(THEME_PERCENT), mhz) + 1;
	if (!p->allowed)
		x = paint_text(y, x, d->cols, A(THEME_CPU_DISALLOWED), "not allowed ");
	/* check --infer's hook (inferview.c): a pair measured unlike the topology. */
	if (inferview_cpu(d->st->infer, d->st->ninfer, p->os_index, d->term->utf8, mhz, sizeof mhz))
		x = paint_text(y, x, d->cols, A(THEME_HEADER_NOTE), mhz) + 1;
	treeview_loads_at(d, y, x, p->os_index);
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

/* One grid row: the label, then a cell per core with a mark per CPU. */
static void
treeview_grid_row(const struct paint *d, int y, const struct layout_row *r)
{
	const struct layout		*l = &d->lay->topo;
	const struct layout_cell	*c;
	const struct topo_core		*core;
	const struct topo_pu		*p;
	const char			*g;
	char				 loads[128];
	int				 i, j, x, elem, at, n;

	paint_text(y, 0, d->cols, A(THEME_LABEL), r->text);
	for (i = 0; i < r->ncells; i++) {
		c = &l->cells[r->first_cell + i];
		core = &d->st->host.m->cores[c->core];
		p = &d->st->host.m->pus[c->pu0];
		x = paint_printf(y, c->x, d->cols, A(p->allowed ? THEME_CPU :
		    THEME_CPU_DISALLOWED), "%*d", l->digits, p->os_index);
		if (l->kind_w)
			paint_text(y, x, d->cols, A(THEME_LABEL), core->kind != -1 ?
			    d->st->host.m->kinds[core->kind].label : " ");
		for (j = 0; j < c->npus; j++) {
			const struct layout_spot *s = &l->spots[c->pu0 + j];

			g = treeview_level(d, c->pu0 + j, &elem);
			at = c->pu0 + j == d->st->sel.cursor ||
			    cpuset_isset(&d->st->tour.highlight,
			    d->st->host.m->pus[c->pu0 + j].os_index);
			paint_text(y, s->x, d->cols, at ? treeview_cpu_attr(d, c->pu0 + j) :
			    A(elem), g);
			n = paint_cpu_loads(d, d->st->host.m->pus[c->pu0 + j].os_index, loads,
			    sizeof loads);
			paint_text(y, s->x + 1, d->cols, at ? treeview_cpu_attr(d, c->pu0 + j) :
			    A(THEME_LOAD), n == 0 ? " " : strchr(loads, '~') ? "~" : "*");
			/* idleview.c's mark: the state most of its idle went to. */
			if (l->idle_w > 0) {
				loads[0] = idleview_mark(d->st->iv,
				    d->st->host.m->pus[c->pu0 + j].os_index);
				loads[1] = '\0';
				paint_text(y, s->x + 2, d->cols, A(THEME_PERCENT), loads);
			}
		}
	}
}

/* The topology area: the rows in view. */
void
treeview_draw(const struct paint *d)
{
	const struct layout	*l = &d->lay->topo;
	int			 y, row;

	for (y = 0; y < d->lay->scr.topo_h; y++) {
		row = d->lay->top + y;
		if (row >= l->nrows)
			break;
		if (l->view == LAYOUT_TREE)
			treeview_tree_row(d, d->lay->scr.topo_y + y, &l->rows[row]);
		else
			treeview_grid_row(d, d->lay->scr.topo_y + y, &l->rows[row]);
	}
	/* Say there is more above or below. */
	if (d->lay->top > 0)
		paint_text(d->lay->scr.topo_y, d->cols - 8, d->cols, A(THEME_INFO), "  more ^");
	if (d->lay->top + d->lay->scr.topo_h < l->nrows)
		paint_text(d->lay->scr.topo_y + d->lay->scr.topo_h - 1, d->cols - 8, d->cols,
		    A(THEME_INFO), "  more v");
}
