/*
 * layout_frame.c: a frame's geometry from the state, before it is drawn:
 * the screen's regions (header, caption, topology, chart, panel, info
 * lines, status), the scroll of the topology and the panel, the panel's
 * columns, the boxes (menu, prompt, help). Pure: no curses, no clock; it
 * changes nothing but the layout. layout.c lays the topology out.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "ui/idleview.h"
#include "ui/layout.h"
#include "ui/state.h"
#include "ui/why.h"
#include "model/topo.h"

/* The regions of a screen of rows x cols. */
void
layout_screen(struct layout_screen *s, int rows, int cols, int caption, int nloads)
{
	int	avail, list;

	memset(s, 0, sizeof *s);
	s->rows = rows;
	s->cols = cols;
	s->caption_y = -1;
	if (rows < UI_MIN_ROWS || cols < UI_MIN_COLS) {
		s->too_small = 1;
		return;
	}
	s->header_y = 0;
	s->header_h = 2;
	avail = rows - s->header_h - 2;
	/* A caption may take two thirds: a tour's closing summary needs them. */
	if (caption > rows * 2 / 3 - 4)
		caption = rows * 2 / 3 - 4;
	if (caption > 0) {
		s->caption_y = s->header_h;
		s->caption_h = caption;
		avail -= caption;
	}
	list = nloads < 1 ? 1 : nloads;
	if (list > avail / 3)
		list = avail / 3 < 1 ? 1 : avail / 3;
	s->panel_h = 1 + list;
	s->topo_y = s->header_h + (caption > 0 ? caption : 0);
	s->topo_h = avail - s->panel_h;
	s->panel_y = s->topo_y + s->topo_h;
	s->info_y = rows - 2;
	s->info_h = 1;
	s->status_y = rows - 1;
}

/*
 * The loads panel's columns for the width and the units of the loads shown.
 * The reason in words keeps LAYOUT_WHY_MIN columns: on a narrow screen the
 * history goes first, then EFF, then SHARE, then the rates narrow and SOLO
 * leaves its unit to RATE.
 */
static void
layout_panel(struct layout_panel *c, const struct ui_state *st, int cols)
{
	struct load	*l;
	size_t		 u, umax = 0;
	int		 i, drop;

	/* As wide as the units of the loads shown need, and "measuring solo". */
	for (i = 0; st->host.loads != NULL && (l = loads_at(st->host.loads, i)) != NULL; i++)
		if ((u = strlen(l->spec.k->unit)) > umax)
			umax = u;
	for (drop = 0; drop < 4; drop++) {
		c->rate_w = 8 + (int)umax;
		if (c->rate_w < (drop < 3 ? 15 : 10))
			c->rate_w = drop < 3 ? 15 : 10;
		c->eff_w = drop < 1 ? 7 : 0;
		c->share_w = drop < 2 ? 7 : 0;
		c->solo_unit = drop < 3;
		c->load = 1;
		c->cpu = c->load + 10;
		c->rate = c->cpu + 8;
		c->solo = c->rate + c->rate_w;
		/* "~1234" and a blank, or "measuring" */
		c->speed = c->solo + (c->solo_unit ? c->rate_w : 10);
		c->share = c->speed + 7;
		c->eff = c->share + c->share_w;
		c->hist = c->eff + c->eff_w;
		if (cols - c->hist >= LAYOUT_WHY_MIN)
			break;
	}
	/* The reason in words comes first: it keeps 40 columns. */
	c->hist_w = cols - c->hist - 42;
	if (c->hist_w > 24)
		c->hist_w = 24;
	if (c->hist_w < 8)
		c->hist_w = 0;
	c->why = c->hist + (c->hist_w ? c->hist_w + 2 : 0);
}

/* Keep the selected load in the panel's view. */
static void
layout_panel_scroll(struct ui_layout *lay, const struct ui_state *st)
{
	int	rows = lay->scr.panel_h - 1, n, i;

	n = st->host.loads != NULL ? loads_count(st->host.loads) : 0;
	for (i = 0; i < n; i++)
		if (loads_at(st->host.loads, i)->id == st->sel.id)
			break;
	if (i < n && i < lay->panel_top)
		lay->panel_top = i;
	if (i < n && i >= lay->panel_top + rows)
		lay->panel_top = i - rows + 1;
	if (lay->panel_top > n - rows)
		lay->panel_top = n - rows;
	if (lay->panel_top < 0)
		lay->panel_top = 0;
}

/*
 * Scroll the topology so that the cursor's row is in view. Rows out of view
 * are announced on a row of their own (above, below), never over a row.
 */
static void
layout_scroll(struct ui_layout *lay, int cursor)
{
	int	row, h, max, pass, above, below;

	lay->more_above = lay->more_below = 0;
	if (lay->topo.nspots == 0 || lay->scr.topo_h <= 0)
		return;
	if (lay->topo.nrows > lay->scr.topo_h && lay->scr.topo_h >= 3)
		lay->more_below = 1;
	row = lay->topo.spots[cursor].row;
	for (pass = 0; pass < 3; pass++) {
		h = lay->scr.topo_h - lay->more_above - lay->more_below;
		/* Show the labels above the first CPU too. */
		if (cursor == 0)
			lay->top = 0;
		if (row < lay->top)
			lay->top = row;
		if (row >= lay->top + h)
			lay->top = row - h + 1;
		max = lay->topo.nrows - h;
		if (lay->top > max)
			lay->top = max;
		if (lay->top < 0)
			lay->top = 0;
		if (lay->scr.topo_h < 3)
			break;
		above = lay->top > 0;
		below = lay->top + h < lay->topo.nrows;
		if (above == lay->more_above && below == lay->more_below)
			break;
		lay->more_above = above;
		lay->more_below = below;
	}
}

/* The kernel menu and the parameter prompt, at the top of the topology. */
static void
layout_boxes(struct ui_layout *lay, int cols)
{
	const struct kernel	*k;
	int			 n, w = 0, e;

	/* As wide as its widest entry ("1 spin    loop/s  ..."), where there is room. */
	for (n = 0; (k = kernel_all[n]) != NULL; n++) {
		e = 2 + 26 + layout_width(k->desc) + (k->param_help != NULL ? 12 :
		    k->ends == 2 ? 12 : 0) + 2;
		if (e > w)
			w = e;
	}
	lay->menu_n = n;
	lay->menu.w = cols - 2 < w ? cols - 2 : w;
	lay->menu.h = n + 2;
	lay->menu.y = lay->scr.topo_y + 1;
	lay->menu.x = (cols - lay->menu.w) / 2;
	lay->param.w = cols - 4 < 76 ? cols - 4 : 76;
	lay->param.h = 4;
	lay->param.y = lay->scr.topo_y + 1;
	lay->param.x = (cols - lay->param.w) / 2;
}

/*
 * The help's box: over the whole screen but its first and last rows (80
 * columns on a wide one, centered); help_place() wraps its text inside.
 */
static void
layout_help(struct ui_layout *lay, int rows, int cols)
{
	struct layout_box	*b = &lay->help;

	b->w = cols < 84 ? cols : 80;
	b->h = rows - 2;
	b->x = (cols - b->w) / 2;
	b->y = 1;
	lay->help_page = b->h - 2;
	lay->help_n = 0;
	lay->help_top = 0;
}

/* The view shown: the one chosen, else the tree if it fits. */
static enum layout_view
layout_pick_view(struct ui_layout *lay, const struct ui_state *st, int cols, int utf8)
{
	struct layout	tree;

	if (lay->tree_rows == 0) {
		/* The tree's rows do not depend on the width: count them once. */
		memset(&tree, 0, sizeof tree);
		layout_build(&tree, st->host.m, LAYOUT_TREE, cols, utf8);
		lay->tree_rows = tree.nrows;
		layout_free(&tree);
	}
	lay->auto_view = lay->tree_rows <= lay->scr.topo_h ? LAYOUT_TREE : LAYOUT_GRID;
	/* The filter (f) is the grid's. */
	if (st->scr.filter != LAYOUT_FILTER_NONE)
		return LAYOUT_GRID;
	return st->scr.view_chosen ? st->scr.view : lay->auto_view;
}

/*
 * Rows the topology does not need go to the loads the panel would hide,
 * then to the time chart (when shown and there are enough of them): every
 * one the topology spares but a blank row under it. Without loads the
 * chart shows the CPUs' busy history.
 */
static void
layout_spare(struct ui_layout *lay, int nloads, int chart)
{
	struct layout_screen	*s = &lay->scr;
	int			 spare, hidden;

	s->chart_y = -1;
	s->chart_h = 0;
	if (s->too_small)
		return;
	spare = s->topo_h - lay->topo.nrows;
	hidden = nloads - (s->panel_h - 1);
	if (spare > 0 && hidden > 0) {
		if (hidden > spare)
			hidden = spare;
		s->topo_h -= hidden;
		s->panel_y -= hidden;
		s->panel_h += hidden;
		spare -= hidden;
	}
	if (!chart || spare < LAYOUT_CHART_MIN + 1)
		return;
	/* Every row the topology spares, but a blank one under it. */
	s->chart_h = spare - 1;
	s->chart_y = s->panel_y - s->chart_h;
	s->topo_h -= s->chart_h;
}

/* Columns the info line's CPU part takes at least: "  |  CPU 3: core 1, sibling 7". */
static int
layout_info_cpu_w(const struct ui_state *st)
{
	const struct topo	*m = st->host.m;
	const struct topo_pu	*p = &m->pus[st->sel.cursor];
	const struct topo_core	*core = &m->cores[p->core];
	char			 buf[64];
	int			 w;

	w = snprintf(buf, sizeof buf, "  |  CPU %d: core %d", p->os_index,
	    core->logical_index);
	if (core->npus > 1)
		w += 10 + core->npus * (snprintf(buf, sizeof buf, " %d", p->os_index) + 1);
	return w;
}

/*
 * The cursor's load's WHY, whole: on the info line where it fits there
 * beside its CPU's part, else on lines of its own above it (the rows come
 * from the topology), the last of LAYOUT_INFO_LINES ending with where to
 * read the rest (the help, ?, begins with it).
 */
static void
layout_info(struct ui_layout *lay, const struct ui_state *st, int cols, int utf8)
{
	char		 text[1024], lines[8][512], last[512];
	struct load	*l;
	int		 n, extra;

	lay->info_n = 0;
	if (lay->scr.too_small || (l = state_target(st)) == NULL)
		return;
	n = snprintf(text, sizeof text, "CPU %d %s#%d: ", state_cursor_os(st),
	    l->spec.k->name, l->id);
	why_text(st, l, text + n, sizeof text - (size_t)n);
	if (layout_width(text) + layout_info_cpu_w(st) <= cols)
		return;
	n = layout_wrap(text, cols - 1, lines, 8);
	if (n > LAYOUT_INFO_LINES) {
		n = LAYOUT_INFO_LINES;
		memcpy(last, lines[n - 1], sizeof last);
		layout_wrap(last, cols - 1 - 16, lines + n - 1, 1);
		strcat(lines[n - 1], utf8 ? " \342\200\246 ? reads it" : " ... ? reads it");
	}
	/* The topology keeps three rows. */
	extra = lay->scr.topo_h - 3 < n ? lay->scr.topo_h - 3 : n;
	if (extra <= 0)
		return;
	memcpy(lay->info_line, lines, sizeof lay->info_line);
	lay->info_n = extra;
	lay->scr.info_h += extra;
	lay->scr.info_y -= extra;
	lay->scr.topo_h -= extra;
	lay->scr.panel_y -= extra;
}

/* Is the line from line to end a sentence's (not a table's row: indented, or columns)? */
static int
layout_prose(const char *line, const char *end)
{
	const char	*two = strstr(line, "  ");

	return end > line && line[0] != ' ' && (two == NULL || two >= end) &&
	    memchr(line, ' ', (size_t)(end - line)) != NULL;
}

/*
 * A caption's text reflowed: a line that goes on with a small letter
 * continues its sentence ("measured\nin this run" reads "measured in this
 * run"), so the wrap to the screen's width breaks it once, not twice; a
 * table's rows (indented, or blank-separated columns) stay as they are.
 */
static void
layout_reflow(const char *in, char *out, size_t len)
{
	const char	*line = in;
	size_t		 n = 0;

	for (; *in != '\0' && n + 1 < len; in++) {
		if (*in == '\n' && in[1] >= 'a' && in[1] <= 'z' && layout_prose(line, in)) {
			out[n++] = ' ';
			line = in + 1;
			continue;
		}
		if (*in == '\n')
			line = in + 1;
		out[n++] = *in;
	}
	out[n] = '\0';
}

/*
 * An ended tour's summary takes the topology's rows as it needs them
 * (the tree is not what is read then), three kept; what does not fit
 * scrolls (script.h's caption_top, kept in range here).
 */
static void
layout_summary(struct ui_layout *lay, const struct ui_state *st)
{
	struct layout_screen	*s = &lay->scr;
	int			 more, max;

	lay->caption_top = 0;
	if (s->too_small || !st->tour.ended || s->caption_y < 0)
		return;
	more = lay->ncaption - s->caption_h;
	if (more > s->topo_h - 3)
		more = s->topo_h - 3;
	if (more > 0) {
		s->caption_h += more;
		s->topo_y += more;
		s->topo_h -= more;
	}
	max = lay->ncaption - s->caption_h;
	lay->caption_top = st->tour.caption_top < max ? st->tour.caption_top : max;
	if (lay->caption_top < 0)
		lay->caption_top = 0;
}

/*
 * The grid's filter (f): the CPUs it shows, into set; 0 without a filter.
 * The cursor's CPU always shows, so the cursor has a place.
 */
static int
layout_filter(const struct ui_state *st, struct cpuset *set)
{
	const struct topo	*m = st->host.m;
	const struct topo_core	*c;
	struct load		*l;
	int			 i, j;

	cpuset_zero(set);
	if (st->scr.filter == LAYOUT_FILTER_NONE)
		return 0;
	for (i = 0; st->scr.filter == LAYOUT_FILTER_LOADS && st->host.loads != NULL &&
	    (l = loads_at(st->host.loads, i)) != NULL; i++)
		if (l->state != LOAD_DEAD) {
			cpuset_set(set, l->cur.cpu >= 0 ? l->cur.cpu :
			    cpuset_next(&l->spec.cpus, 0));
			if (l->spec.cpu_b >= 0)
				cpuset_set(set, l->spec.cpu_b);
		}
	for (i = 0; st->scr.filter == LAYOUT_FILTER_BUSY && i < m->npus; i++)
		if (st->host.pct_ok[i] && st->host.pct[i].busy >= LAYOUT_BUSY_PCT)
			cpuset_set(set, m->pus[i].os_index);
	for (i = 0; st->scr.filter == LAYOUT_FILTER_PACKAGE && i < m->ncores; i++) {
		c = &m->cores[i];
		if (c->package == st->scr.filter_pkg)
			for (j = c->first_pu; j < c->first_pu + c->npus; j++)
				cpuset_set(set, m->pus[j].os_index);
	}
	cpuset_set(set, m->pus[st->sel.cursor].os_index);
	return 1;
}

/* Lay a frame out for the state on a terminal of rows x cols. */
void
layout_update(struct ui_layout *lay, const struct ui_state *st, int rows, int cols,
    int utf8)
{
	enum layout_view	view;
	char			reflow[sizeof st->tour.caption];
	struct cpuset		only;
	int			nloads, idle_w, filtered;

	nloads = st->host.loads != NULL ? loads_count(st->host.loads) : 0;
	if (lay->caption_gen != st->tour.caption_gen || lay->caption_cols != cols ||
	    lay->caption_ended != st->tour.ended) {
		/* An ended tour's summary is prose and tables: reflowed; a step's lines stay. */
		if (st->tour.ended)
			layout_reflow(st->tour.caption, reflow, sizeof reflow);
		else
			snprintf(reflow, sizeof reflow, "%s", st->tour.caption);
		lay->caption_ended = st->tour.ended;
		lay->ncaption = layout_wrap(reflow, cols - 2, lay->caption_line,
		    UI_CAPTION_LINES);
		lay->caption_gen = st->tour.caption_gen;
		lay->caption_cols = cols;
	}
	layout_screen(&lay->scr, rows, cols, lay->ncaption, nloads);
	layout_summary(lay, st);
	layout_info(lay, st, cols, utf8);
	view = layout_pick_view(lay, st, cols, utf8);
	/* The grid's cells widen by a mark per CPU with the idle column. */
	idle_w = view == LAYOUT_GRID && idleview_on(st->iv);
	filtered = layout_filter(st, &only) && view == LAYOUT_GRID;
	if (lay->topo.nrows == 0 || lay->topo.cols != cols || lay->topo.view != view ||
	    lay->topo.utf8 != utf8 || lay->topo.idle_w != idle_w ||
	    lay->topo.filtered != filtered || (filtered &&
	    !cpuset_equal(&lay->topo.only, &only))) {
		lay->topo.idle_w = idle_w;
		lay->topo.filtered = filtered;
		lay->topo.only = only;
		layout_build(&lay->topo, st->host.m, view, cols, utf8);
	}
	layout_spare(lay, nloads, st->chart.on && st->chart.samples != NULL);
	layout_scroll(lay, st->sel.cursor);
	layout_panel(&lay->panel, st, cols);
	layout_panel_scroll(lay, st);
	layout_boxes(lay, cols);
	if (st->sel.mode == UI_HELP && !lay->scr.too_small)
		layout_help(lay, rows, cols);
}

/* Release what a frame's layout holds. */
void
layout_release(struct ui_layout *lay)
{
	layout_free(&lay->topo);
	memset(lay, 0, sizeof *lay);
}
