/*
 * layout.c: where everything goes, computed apart from drawing (as lstopo
 * does): the screen's regions, the rows of the tree or the cells of the
 * grid with the spot of every CPU, and each frame's geometry from the
 * state (scrolling, the panel's columns, the menu). Pure: no curses, no
 * clock, and it changes nothing but the layout.
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
#include "base/util.h"
#include "report/reports.h"

/* Tree-drawing pieces, each two columns wide (one for "horizontal"). */
struct layout_glyphs {
	const char	*vert;		/* "│ " */
	const char	*tee;		/* "├─" */
	const char	*ell;		/* "└─" */
	const char	*down;		/* "┬─" */
	const char	*horiz;		/* "─" */
};

static const struct layout_glyphs layout_utf8 = {
	"\342\224\202 ", "\342\224\234\342\224\200", "\342\224\224\342\224\200",
	"\342\224\254\342\224\200", "\342\224\200"
};
static const struct layout_glyphs layout_ascii = { "| ", "|-", "`-", "+-", "-" };

/* Kinds of tree rows before the CPU column is known. */
enum layout_kind {
	LK_LABEL,
	LK_CORE,	/* a core's label and its first CPU */
	LK_SIBLING,	/* a further CPU of the core above */
	LK_BARE,	/* a CPU without a core object */
	LK_NOTE
};

/* A tree row while it is built. */
struct layout_proto {
	struct strbuf	 sb;
	int		 label_x;
	int		 label_w;
	enum layout_kind kind;
	int		 last;		/* siblings: the core's last CPU */
	int		 pu;
	int		 node;
	int		 more;		/* core: has further CPUs */
};

struct layout_builder {
	const struct topo		*m;
	const struct layout_glyphs	*g;
	struct layout_proto		*p;
	int				 n;
	int				 cap;
};

/* Columns a UTF-8 string takes: every byte that does not continue a character. */
int
layout_width(const char *s)
{
	int	w = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

/* Wrap text to width columns at spaces; a newline ends a paragraph. */
int
layout_wrap(const char *text, int width, char lines[][512], int max)
{
	const char	*p = text, *end, *brk;
	int		 n = 0, w;
	size_t		 len;

	if (width < 8)
		width = 8;
	while (*p != '\0' && n < max) {
		end = strchr(p, '\n');
		if (end == NULL)
			end = p + strlen(p);
		/* Take as many characters as fit, breaking at the last space. */
		brk = NULL;
		w = 0;
		for (len = 0; p + len < end; len++) {
			if ((((unsigned char)p[len]) & 0xc0) == 0x80)
				continue;
			if (w == width)
				break;
			if (p[len] == ' ')
				brk = p + len;
			w++;
		}
		if (p + len < end && brk != NULL && brk > p)
			len = (size_t)(brk - p);
		if (len > 511)
			len = 511;
		memcpy(lines[n], p, len);
		lines[n][len] = '\0';
		n++;
		p += len;
		if (p == end && *p == '\n')
			p++;
		else
			while (*p == ' ')
				p++;
	}
	return n;
}

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
	s->status_y = rows - 1;
}

/* A new tree row. */
static struct layout_proto *
layout_add(struct layout_builder *b, enum layout_kind kind, const char *prefix,
    const char *conn, const char *label)
{
	struct layout_proto	*p;

	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 64;
		b->p = xreallocarray(b->p, (size_t)b->cap, sizeof *b->p);
	}
	p = &b->p[b->n++];
	memset(p, 0, sizeof *p);
	strbuf_init(&p->sb);
	strbuf_puts(&p->sb, prefix);
	strbuf_puts(&p->sb, conn);
	p->label_x = layout_width(p->sb.s);
	p->label_w = layout_width(label);
	strbuf_puts(&p->sb, label);
	p->kind = kind;
	p->pu = p->node = -1;
	return p;
}

/* Add a node's children below prefix; top level children get no connector. */
static void
layout_tree_children(struct layout_builder *b, int parent, const char *prefix, int top)
{
	const struct topo		*m = b->m;
	const struct topo_node		*n;
	const struct topo_core		*core;
	struct layout_proto		*p;
	char				 label[128], *sub;
	const char			*conn;
	int				 c, last, i;

	for (c = m->nodes[parent].first_child; c != -1; c = n->next_sibling) {
		n = &m->nodes[c];
		last = n->next_sibling == -1;
		conn = top ? "" : last ? b->g->ell : b->g->tee;
		sub = xasprintf("%s%s", prefix, top ? "" : last ? "  " : b->g->vert);
		if (n->type == TOPO_CORE) {
			core = &m->cores[n->index];
			topo_node_label(m, n, label, sizeof label);
			p = layout_add(b, LK_CORE, prefix, conn, label);
			p->node = c;
			p->pu = core->first_pu;
			p->more = core->npus > 1;
			for (i = 1; i < core->npus; i++) {
				p = layout_add(b, LK_SIBLING, sub, "", "");
				p->pu = core->first_pu + i;
				p->last = i == core->npus - 1;
			}
		} else if (n->type == TOPO_PU) {
			p = layout_add(b, LK_BARE, prefix, conn, "");
			p->pu = n->index;
		} else {
			topo_node_label(m, n, label, sizeof label);
			p = layout_add(b, LK_LABEL, prefix, conn, label);
			p->node = c;
			layout_tree_children(b, c, sub, 0);
		}
		free(sub);
	}
}

/* Append n copies of a string. */
static void
layout_repeat(struct strbuf *sb, const char *s, int n)
{
	while (n-- > 0)
		strbuf_puts(sb, s);
}

/* Grow the row array by one row and return it. */
static struct layout_row *
layout_row_add(struct layout *l, char *text, int pu, int node)
{
	struct layout_row	*r;

	if (l->nrows == l->caprows) {
		l->caprows = l->caprows ? l->caprows * 2 : 64;
		l->rows = xreallocarray(l->rows, (size_t)l->caprows, sizeof *l->rows);
	}
	r = &l->rows[l->nrows++];
	memset(r, 0, sizeof *r);
	r->text = text;
	r->text_w = layout_width(text);
	r->pu = pu;
	r->node = node;
	r->first_cell = -1;
	return r;
}

/* The tree: a row per node and per CPU, the CPUs' bars in one column. */
static void
layout_tree(struct layout *l, const struct topo *m)
{
	struct layout_builder	 b;
	struct layout_proto	*p;
	struct layout_row	*r;
	char			 list[256];
	int			 i, w, maxw = 0, rest;

	memset(&b, 0, sizeof b);
	b.m = m;
	b.g = l->utf8 ? &layout_utf8 : &layout_ascii;
	layout_tree_children(&b, 0, "", 1);
	for (i = 0; i < b.n; i++) {
		w = layout_width(b.p[i].sb.s);
		if (b.p[i].kind == LK_CORE && w > maxw)
			maxw = w;
		if (b.p[i].kind == LK_BARE && w > maxw)
			maxw = w;
	}
	/* The CPU column: after the longest core label, a space and a connector. */
	l->cpu_x = maxw + 4;
	for (i = 0; i < b.n; i++) {
		p = &b.p[i];
		w = layout_width(p->sb.s);
		switch (p->kind) {
		case LK_CORE:
			strbuf_puts(&p->sb, " ");
			layout_repeat(&p->sb, b.g->horiz, l->cpu_x - 2 - w - 1);
			strbuf_puts(&p->sb, p->more ? b.g->down : "");
			if (!p->more)
				layout_repeat(&p->sb, b.g->horiz, 2);
			break;
		case LK_SIBLING:
			layout_repeat(&p->sb, " ", l->cpu_x - 2 - w);
			strbuf_puts(&p->sb, p->last ? b.g->ell : b.g->tee);
			break;
		case LK_BARE:
			layout_repeat(&p->sb, w > 0 ? b.g->horiz : " ", l->cpu_x - w);
			break;
		default:
			break;
		}
		r = layout_row_add(l, xstrdup(p->sb.s), p->pu, p->node);
		r->label_x = p->label_x;
		r->label_w = p->label_w;
		strbuf_free(&p->sb);
	}
	free(b.p);
	if (cpuset_count(&m->offline) > 0) {
		cpuset_format(&m->offline, list, sizeof list);
		layout_row_add(l, xasprintf("Offline CPUs: %s", list), -1, -1);
	}
	/* "CPU 123 [bar] 100.0% loads", the bar as wide as fits, within reason. */
	l->bar_x = l->cpu_x + 4 + l->digits + 1;
	rest = l->cols - l->bar_x - 2 - 7 - 18;
	l->bar_w = rest < 8 ? 8 : rest > 40 ? 40 : rest;
	l->pct_x = l->bar_x + l->bar_w + 2 + 1;
	l->loads_x = l->pct_x + 7;
	for (i = 0; i < l->nrows; i++) {
		if (l->rows[i].pu < 0)
			continue;
		l->spots[l->rows[i].pu].row = i;
		l->spots[l->rows[i].pu].x = l->cpu_x;
		l->spots[l->rows[i].pu].w = 4 + l->digits;
	}
}

/* Add a grid cell to the last row. */
static void
layout_cell_add(struct layout *l, int core, int x, int pu0, int npus)
{
	struct layout_row	*r = &l->rows[l->nrows - 1];

	l->cells = xreallocarray(l->cells, (size_t)l->ncells + 1, sizeof *l->cells);
	l->cells[l->ncells].core = core;
	l->cells[l->ncells].x = x;
	l->cells[l->ncells].pu0 = pu0;
	l->cells[l->ncells].npus = npus;
	if (r->first_cell == -1)
		r->first_cell = l->ncells;
	r->ncells++;
	l->ncells++;
}

/* The node a core's grid row is for: the nearest cache of level 3 or more, or Group, above it. */
static int
layout_grid_rownode(const struct topo *m, const struct topo_core *c)
{
	const struct topo_node	*n;
	int			 i;

	for (i = m->nodes[c->node].parent; i > 0; i = n->parent) {
		n = &m->nodes[i];
		if ((n->type == TOPO_CACHE && n->cache_level >= 3) || n->type == TOPO_GROUP)
			return i;
		if (n->type == TOPO_PACKAGE)
			break;
	}
	return -1;
}

/*
 * The nodes a core's row sits under, outermost first, that get a header
 * row: packages always, and any Group, die, NUMA-holding or cache node above
 * the row's that is not just its only child again.
 */
static int
layout_grid_heads(const struct topo *m, int rownode, const struct topo_core *c,
    int *heads, int max)
{
	const struct topo_node	*n;
	int			 chain[32], nc = 0, i, from, nh = 0;

	from = rownode != -1 ? m->nodes[rownode].parent : m->nodes[c->node].parent;
	for (i = from; i > 0 && nc < 32; i = m->nodes[i].parent)
		chain[nc++] = i;
	for (i = nc - 1; i >= 0 && nh < max; i--) {
		n = &m->nodes[chain[i]];
		/* A die or group that holds just the row's CPUs says nothing more. */
		if (n->type != TOPO_PACKAGE && rownode != -1 &&
		    n->npus == m->nodes[rownode].npus)
			continue;
		if (n->type == TOPO_PACKAGE || n->type == TOPO_GROUP || n->type == TOPO_DIE ||
		    (n->type == TOPO_CACHE && n->cache_level >= 3))
			heads[nh++] = chain[i];
	}
	return nh;
}

/* A header's text: its label, then those of the NUMA nodes under it. */
static char *
layout_grid_head_text(const struct topo *m, int node, int indent)
{
	struct strbuf	 sb;
	char		 label[128];
	int		 c;

	strbuf_init(&sb);
	topo_node_label(m, &m->nodes[node], label, sizeof label);
	strbuf_printf(&sb, "%*s%s", indent, "", label);
	for (c = m->nodes[node].first_child; c != -1; c = m->nodes[c].next_sibling) {
		if (m->nodes[c].type != TOPO_NUMA)
			continue;
		topo_node_label(m, &m->nodes[c], label, sizeof label);
		strbuf_printf(&sb, "  %s", label);
	}
	return sb.s;
}

/* The most cores under one row node: a row holds them all where it can. */
static int
layout_grid_widest(const struct topo *m)
{
	int	i, run = 0, best = 1, prev = -2, r;

	for (i = 0; i < m->ncores; i++) {
		r = layout_grid_rownode(m, &m->cores[i]);
		run = r == prev ? run + 1 : 1;
		prev = r;
		if (run > best)
			best = run;
	}
	return best;
}

/* The grid's columns: the label's width and a core's cell, narrowed where that keeps a group on one row. */
static void
layout_grid_columns(struct layout *l, const struct topo *m)
{
	const struct topo_core	*c;
	char			 label[128];
	int			 i, w, nh, heads[16], r;

	l->smt_max = 1;
	l->label_w = 2;
	l->kind_w = m->nkinds > 1 ? 1 : 0;
	for (i = 0; i < m->ncores; i++) {
		c = &m->cores[i];
		if (c->npus > l->smt_max)
			l->smt_max = c->npus;
		r = layout_grid_rownode(m, c);
		nh = layout_grid_heads(m, r, c, heads, 16);
		label[0] = '\0';
		if (r != -1)
			topo_node_label(m, &m->nodes[r], label, sizeof label);
		w = 2 * (nh > 0 ? nh : 1) + layout_width(label) + (label[0] != '\0');
		if (w > l->label_w)
			l->label_w = w;
	}
	l->cell_w = l->digits + l->kind_w + 1 + (2 + l->idle_w) * l->smt_max + 1;
	/* Without the blank after each cell (a CPU's load mark still separates). */
	w = layout_grid_widest(m);
	if (l->label_w + w * l->cell_w > l->cols &&
	    l->label_w + w * (l->cell_w - 1) <= l->cols)
		l->cell_w--;
}

/* Start a row of cells with its label. */
static void
layout_grid_row(struct layout *l, const struct topo *m, int rownode, int indent, int labelled)
{
	struct layout_row	*r;
	char			 label[128];

	label[0] = '\0';
	if (labelled && rownode != -1)
		topo_node_label(m, &m->nodes[rownode], label, sizeof label);
	r = layout_row_add(l, xasprintf("%*s%-*s", indent, "", l->label_w - indent, label),
	    -1, labelled ? rownode : -1);
	r->label_x = indent;
	r->label_w = layout_width(label);
}

/* How many of the cores from i on share its row node. */
static int
layout_grid_run(const struct topo *m, int i, int rownode)
{
	int	n = 0;

	while (i + n < m->ncores && layout_grid_rownode(m, &m->cores[i + n]) == rownode)
		n++;
	return n;
}

/*
 * The grid: a header row per package (and Group, die, outer cache, with the
 * NUMA nodes under each), then the cores of each last-level cache or Group
 * on their own lines, a cell per core with a mark per CPU. A group that
 * needs more than one line is split evenly: no core alone on a line.
 */
static void
layout_grid(struct layout *l, const struct topo *m)
{
	const struct topo_core	*c;
	struct layout_row	*r;
	int			 heads[16], prev[16], np = 0, nh, i, j, k, per, fit, col = 0;
	int			 rn, prn = -2, run = 0, x, lines;

	layout_grid_columns(l, m);
	fit = (l->cols - l->label_w) / l->cell_w;
	if (fit < 1)
		fit = 1;
	per = fit;
	for (i = 0; i < m->ncores; i++) {
		c = &m->cores[i];
		rn = layout_grid_rownode(m, c);
		nh = layout_grid_heads(m, rn, c, heads, 16);
		for (k = 0; k < nh && k < np && heads[k] == prev[k]; k++)
			;
		for (j = k; j < nh; j++) {
			r = layout_row_add(l, layout_grid_head_text(m, heads[j], 2 * j), -1,
			    heads[j]);
			r->label_x = 2 * j;
			r->label_w = r->text_w - 2 * j;
			prev[j] = heads[j];
		}
		np = nh;
		if (rn != prn || k < nh || col == per) {
			if (rn != prn || k < nh) {
				run = layout_grid_run(m, i, rn);
				lines = (run + fit - 1) / fit;
				per = (run + lines - 1) / lines;
			}
			layout_grid_row(l, m, rn, 2 * (nh > 0 ? nh : 1), rn != prn || k < nh);
			prn = rn;
			col = 0;
		}
		x = l->label_w + col * l->cell_w;
		layout_cell_add(l, i, x, c->first_pu, c->npus);
		for (j = 0; j < c->npus; j++) {
			l->spots[c->first_pu + j].row = l->nrows - 1;
			l->spots[c->first_pu + j].x = x + l->digits + l->kind_w + 1 +
			    (2 + l->idle_w) * j;
			l->spots[c->first_pu + j].w = 2 + l->idle_w;
		}
		col++;
	}
}

/* Lay the topology out for a width. */
void
layout_build(struct layout *l, const struct topo *m, enum layout_view view, int cols,
    int utf8)
{
	char	buf[32];
	int	i, idle_w = l->idle_w;

	layout_free(l);
	l->idle_w = idle_w;
	l->view = view;
	l->cols = cols;
	l->utf8 = utf8;
	snprintf(buf, sizeof buf, "%d", m->max_os > 0 ? m->max_os - 1 : 0);
	l->digits = (int)strlen(buf);
	l->nspots = m->npus;
	l->spots = xcalloc((size_t)(m->npus ? m->npus : 1), sizeof *l->spots);
	for (i = 0; i < m->npus; i++)
		l->spots[i].row = -1;
	if (view == LAYOUT_GRID)
		layout_grid(l, m);
	else
		layout_tree(l, m);
}

/* Release a layout's arrays. */
void
layout_free(struct layout *l)
{
	int	i;

	for (i = 0; i < l->nrows; i++)
		free(l->rows[i].text);
	free(l->rows);
	free(l->cells);
	free(l->spots);
	memset(l, 0, sizeof *l);
}

/* The CPU whose spot covers a row and column. */
int
layout_pu_at(const struct layout *l, int row, int x)
{
	const struct layout_cell	*c;
	int				 i, j;

	if (row < 0 || row >= l->nrows)
		return -1;
	if (l->view == LAYOUT_TREE)
		return l->rows[row].pu;	/* the whole row selects its CPU */
	for (i = 0; i < l->rows[row].ncells; i++) {
		c = &l->cells[l->rows[row].first_cell + i];
		if (x < c->x || x >= c->x + l->cell_w)
			continue;
		/* The number selects the first CPU, a mark its own. */
		for (j = c->npus - 1; j > 0; j--)
			if (x >= l->spots[c->pu0 + j].x)
				break;
		return c->pu0 + j;
	}
	return -1;
}

/* The CPU on the nearest row above or below with the nearest column. */
int
layout_vertical(const struct layout *l, int pu, int dir)
{
	const struct layout_spot	*s = &l->spots[pu];
	int				 i, best = pu, brow = -1, bdx = 0, dx;

	for (i = 0; i < l->nspots; i++) {
		const struct layout_spot *o = &l->spots[i];

		if (o->row < 0 || (dir < 0 ? o->row >= s->row : o->row <= s->row))
			continue;
		dx = o->x > s->x ? o->x - s->x : s->x - o->x;
		if (brow == -1 || (dir < 0 ? o->row > brow : o->row < brow) ||
		    (o->row == brow && dx < bdx)) {
			best = i;
			brow = o->row;
			bdx = dx;
		}
	}
	return best;
}

/*
 * The loads panel's columns for the width and the units of the loads shown.
 * The reason in words keeps LAYOUT_WHY_MIN columns: on a narrow screen the
 * history goes first, then EFF, then SHARE, then the rates narrow.
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
		c->load = 1;
		c->cpu = c->load + 10;
		c->rate = c->cpu + 8;
		c->solo = c->rate + c->rate_w;
		c->speed = c->solo + c->rate_w;
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

/* Scroll the topology so that the cursor's row is in view. */
static void
layout_scroll(struct ui_layout *lay, int cursor)
{
	int	row, h = lay->scr.topo_h, max;

	if (lay->topo.nspots == 0 || h <= 0)
		return;
	row = lay->topo.spots[cursor].row;
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
}

/* The kernel menu and the parameter prompt, at the top of the topology. */
static void
layout_boxes(struct ui_layout *lay, int cols)
{
	int	n;

	for (n = 0; kernel_all[n] != NULL; n++)
		;
	lay->menu_n = n;
	lay->menu.w = cols - 4 < 86 ? cols - 4 : 86;
	lay->menu.h = n + 2;
	lay->menu.y = lay->scr.topo_y + 1;
	lay->menu.x = (cols - lay->menu.w) / 2;
	lay->param.w = cols - 4 < 76 ? cols - 4 : 76;
	lay->param.h = 4;
	lay->param.y = lay->scr.topo_y + 1;
	lay->param.x = (cols - lay->param.w) / 2;
}

/* The view shown: the one chosen, else the tree if it fits. */
static enum layout_view
layout_pick_view(struct ui_layout *lay, const struct ui_state *st, int cols, int utf8)
{
	struct layout	tree;

	if (st->scr.view_chosen)
		return st->scr.view;
	if (lay->tree_rows == 0) {
		/* The tree's rows do not depend on the width: count them once. */
		memset(&tree, 0, sizeof tree);
		layout_build(&tree, st->host.m, LAYOUT_TREE, cols, utf8);
		lay->tree_rows = tree.nrows;
		layout_free(&tree);
	}
	return lay->tree_rows <= lay->scr.topo_h ? LAYOUT_TREE : LAYOUT_GRID;
}

/*
 * Rows the topology does not need go to the loads the panel would hide,
 * then to the time chart (when shown and there are enough of them).
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
	if (!chart || spare < LAYOUT_CHART_MIN)
		return;
	/* Leave a blank row under the topology. */
	s->chart_h = spare - 1;
	s->chart_y = s->panel_y - s->chart_h;
	s->topo_h -= spare;
}

/* Lay a frame out for the state on a terminal of rows x cols. */
void
layout_update(struct ui_layout *lay, const struct ui_state *st, int rows, int cols,
    int utf8)
{
	enum layout_view	view;
	int			nloads, idle_w;

	nloads = st->host.loads != NULL ? loads_count(st->host.loads) : 0;
	if (lay->caption_gen != st->tour.caption_gen || lay->caption_cols != cols) {
		lay->ncaption = layout_wrap(st->tour.caption, cols - 2, lay->caption_line,
		    UI_CAPTION_LINES);
		lay->caption_gen = st->tour.caption_gen;
		lay->caption_cols = cols;
	}
	layout_screen(&lay->scr, rows, cols, lay->ncaption, nloads);
	view = layout_pick_view(lay, st, cols, utf8);
	/* The grid's cells widen by a mark per CPU with the idle column. */
	idle_w = view == LAYOUT_GRID && idleview_on(st->iv);
	if (lay->topo.nrows == 0 || lay->topo.cols != cols || lay->topo.view != view ||
	    lay->topo.utf8 != utf8 || lay->topo.idle_w != idle_w) {
		lay->topo.idle_w = idle_w;
		layout_build(&lay->topo, st->host.m, view, cols, utf8);
	}
	layout_spare(lay, nloads, st->chart.on && st->chart.samples != NULL);
	layout_scroll(lay, st->sel.cursor);
	layout_panel(&lay->panel, st, cols);
	layout_panel_scroll(lay, st);
	layout_boxes(lay, cols);
}

/* Release what a frame's layout holds. */
void
layout_release(struct ui_layout *lay)
{
	layout_free(&lay->topo);
	memset(lay, 0, sizeof *lay);
}
