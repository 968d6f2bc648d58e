/*
 * layout.c: where everything goes, computed apart from drawing (as lstopo
 * does): the rows of the tree or the cells of the grid with the spot of
 * every CPU, for a width. layout_frame.c places them in a frame. Pure: no
 * curses, no clock, and it changes nothing but the layout.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/layout.h"
#include "model/topo.h"
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

#define LAYOUT_FOLD_BAR		12	/* the least bar of a folded core's thread */
#define LAYOUT_FOLD_LOADS	16	/* and the room for its loads' names */

/* Kinds of tree rows before the CPU column is known. */
enum layout_kind {
	LK_LABEL,
	LK_CORE,	/* a core's label and its first CPU */
	LK_SIBLING,	/* a further CPU of the core above */
	LK_BARE,	/* a CPU without a core object */
	LK_NOTE,
	LK_CACHES	/* the own caches of the cores below it, as lstopo's L2 + L1d + L1i */
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
	const struct topo_core		*prev = NULL;
	char				 label[128], *sub;
	const char			*conn;
	int				 c, last, i;

	for (c = m->nodes[parent].first_child; c != -1; c = n->next_sibling) {
		n = &m->nodes[c];
		last = n->next_sibling == -1;
		conn = top ? "" : last ? b->g->ell : b->g->tee;
		sub = xasprintf("%s%s", prefix, top ? "" : last ? "  " : b->g->vert);
		if (n->type != TOPO_CORE)
			prev = NULL;
		if (n->type == TOPO_CORE) {
			core = &m->cores[n->index];
			/* Folded: the cores' own caches once for a run of cores that share them. */
			if (core->ncaches > 0 && (prev == NULL || !topo_caches_same(prev, core))) {
				topo_caches_words(core, label + 11, sizeof label - 11);
				memcpy(label, "each core: ", 11);
				layout_add(b, LK_CACHES, prefix, top ? "" : b->g->tee, label);
			}
			prev = core;
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
	r->meter = -1;
	r->npu = pu >= 0;
	return r;
}

/* The CPUs a node's meter averages: its own, or a NUMA node's parent's. */
int
layout_meter_cpus(const struct topo *m, int node, int *first)
{
	const struct topo_node	*n = &m->nodes[node];

	if (n->type == TOPO_NUMA && n->npus == 0 && n->parent >= 0)
		n = &m->nodes[n->parent];
	*first = n->first_pu;
	return n->npus;
}

/*
 * Give a row the meter of its node (htop's average meters): packages, NUMA
 * nodes, groups, dies and shared caches over more than one core, unless an
 * ancestor already shows the same CPUs. metered[] marks the nodes that do.
 */
static void
layout_meter(struct layout_row *r, const struct topo *m, char *metered)
{
	const struct topo_node	*n;
	int			 first, npus, a, af, an;

	if (r->node < 0)
		return;
	n = &m->nodes[r->node];
	if (n->type == TOPO_CORE || n->type == TOPO_PU || n->type == TOPO_MACHINE ||
	    (n->type == TOPO_CACHE && n->cache_level < 2))
		return;
	npus = layout_meter_cpus(m, r->node, &first);
	if (npus < 2 || m->pus[first].core == m->pus[first + npus - 1].core)
		return;
	for (a = n->parent; a >= 0; a = m->nodes[a].parent) {
		an = layout_meter_cpus(m, a, &af);
		if (metered[a] && af == first && an == npus)
			return;
	}
	r->meter = r->node;
	metered[r->node] = 1;
}

/* Meters on the rows that stand for a node (layout_meter()). */
static void
layout_meters(struct layout *l, const struct topo *m)
{
	char	*metered = xcalloc((size_t)(m->nnodes > 0 ? m->nnodes : 1), 1);
	int	 i;

	for (i = 0; i < l->nrows; i++)
		if (l->view == LAYOUT_TREE || l->rows[i].ncells == 0)
			layout_meter(&l->rows[i], m, metered);
	free(metered);
}

/*
 * The CPUs' columns of the tree: "CPU 123 [bar] 100.0% loads" from cpu_x,
 * the bar as wide as fits within reason (60 columns). Where a core's
 * threads all fit side by side with a bar of LAYOUT_FOLD_BAR and room for
 * their loads, they share the core's row (seg_w apart), as htop's meters
 * share a line: 16 to 64 CPUs then use a wide screen's width, in half the
 * rows.
 */
static void
layout_tree_columns(struct layout *l, const struct topo *m)
{
	int	i, smt = 1, fixed = 4 + l->digits + 1 + 3 + 7, rest, seg;

	for (i = 0; i < m->ncores; i++)
		if (m->cores[i].npus > smt)
			smt = m->cores[i].npus;
	l->seg_w = 0;
	seg = (l->cols - l->cpu_x) / smt;
	if (smt > 1 && smt <= 8 && seg - fixed - LAYOUT_FOLD_LOADS >= LAYOUT_FOLD_BAR) {
		l->seg_w = seg;
		rest = seg - fixed - LAYOUT_FOLD_LOADS;
	} else
		rest = l->cols - l->cpu_x - fixed - 18;
	l->bar_x = l->cpu_x + 4 + l->digits + 1;
	l->bar_w = rest < 8 ? 8 : rest > 60 ? 60 : rest;
	l->pct_x = l->bar_x + l->bar_w + 2 + 1;
	l->loads_x = l->pct_x + 7;
}

/* The tree: a row per node and per CPU, the CPUs' bars in one column. */
static void
layout_tree(struct layout *l, const struct topo *m)
{
	struct layout_builder	 b;
	struct layout_proto	*p;
	struct layout_row	*r;
	char			 list[256];
	int			 i, j, w, maxw = 0;

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
	layout_tree_columns(l, m);
	for (i = 0; i < b.n; i++) {
		p = &b.p[i];
		w = layout_width(p->sb.s);
		/* Folded: a core's threads side by side on its row, as htop's meters. */
		if (l->seg_w > 0 && p->kind == LK_SIBLING) {
			strbuf_free(&p->sb);
			continue;
		}
		if (l->seg_w > 0)
			p->more = 0;
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
		if (l->seg_w > 0 && p->kind == LK_CORE)
			r->npu = m->cores[m->pus[p->pu].core].npus;
		strbuf_free(&p->sb);
	}
	free(b.p);
	if (cpuset_count(&m->offline) > 0) {
		cpuset_format(&m->offline, list, sizeof list);
		layout_row_add(l, xasprintf("Offline CPUs: %s", list), -1, -1);
	}
	for (i = 0; i < l->nrows; i++)
		for (j = 0; l->rows[i].pu >= 0 && j < l->rows[i].npu; j++) {
			l->spots[l->rows[i].pu + j].row = i;
			l->spots[l->rows[i].pu + j].x = l->cpu_x + j * l->seg_w;
			l->spots[l->rows[i].pu + j].w = 4 + l->digits;
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

/*
 * Where the cores of a row fit as many to a row with every CPU named, the
 * cells name them ("  0▆  192▆"); where they fit with room to spare, each
 * CPU gets a bar ("  0[▆▆  ] 192[▆   ]"). widest: the most cores a row holds.
 */
static void
layout_grid_wide(struct layout *l, int widest)
{
	int	avail = l->cols - l->label_w, per, cell, b;

	per = avail / l->cell_w;
	if (per > widest)
		per = widest;
	if (per < 1)
		return;
	cell = avail / per;
	/* Named: each CPU its number, its mark and its load's mark. */
	if (l->kind_w + l->smt_max * (l->digits + 2 + l->idle_w) + 1 > cell)
		return;
	l->grid_mode = LAYOUT_GRID_NAMED;
	l->cpu_w = l->digits + 2 + l->idle_w;
	/* Bars: a number, "[", the bar, "]", the load's mark (and idle's); a bar of 3 at least. */
	b = (cell - l->kind_w - 1) / l->smt_max - l->digits - 3 - l->idle_w;
	if (b >= 3) {
		l->grid_mode = LAYOUT_GRID_BARS;
		l->gbar_w = b > 12 ? 12 : b;
		l->cpu_w = l->digits + 3 + l->gbar_w + l->idle_w;
	}
	l->cell_w = l->kind_w + l->smt_max * l->cpu_w + 1;
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
	l->grid_mode = LAYOUT_GRID_MARKS;
	/* Without the blank after each cell (a CPU's load mark still separates). */
	w = layout_grid_widest(m);
	if (l->label_w + w * l->cell_w > l->cols &&
	    l->label_w + w * (l->cell_w - 1) <= l->cols)
		l->cell_w--;
	layout_grid_wide(l, w);
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

/* Does the grid show a core: any of its CPUs passes the filter (f)? */
static int
layout_grid_shows(const struct layout *l, const struct topo *m, const struct topo_core *c)
{
	int	j;

	if (!l->filtered)
		return 1;
	for (j = c->first_pu; j < c->first_pu + c->npus; j++)
		if (cpuset_isset(&l->only, m->pus[j].os_index))
			return 1;
	return 0;
}

/* How many of the cores from i on, shown, share its row node. */
static int
layout_grid_run(const struct layout *l, const struct topo *m, int i, int rownode)
{
	int	n = 0;

	for (; i < m->ncores && layout_grid_rownode(m, &m->cores[i]) == rownode; i++)
		n += layout_grid_shows(l, m, &m->cores[i]);
	return n;
}

/*
 * The grid: a header row per package (and Group, die, outer cache, with the
 * NUMA nodes under each), then the cores of each last-level cache or Group
 * on their own lines, a cell per core with a mark per CPU. A group that
 * needs more than one line is split evenly: its lines differ by a core at most.
 */
static void
layout_grid(struct layout *l, const struct topo *m)
{
	const struct topo_core	*c;
	struct layout_row	*r;
	int			 heads[16], prev[16], np = 0, nh, i, j, k, per, fit, col = 0;
	int			 rn, prn = -2, run = 0, x, lines = 1, line = 0;

	layout_grid_columns(l, m);
	fit = (l->cols - l->label_w) / l->cell_w;
	if (fit < 1)
		fit = 1;
	per = fit;
	for (i = 0; i < m->ncores; i++) {
		c = &m->cores[i];
		/* Filtered out: its CPUs have no spot (row -1). */
		if (!layout_grid_shows(l, m, c))
			continue;
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
				run = layout_grid_run(l, m, i, rn);
				lines = (run + fit - 1) / fit;
				line = 0;
			}
			/* The first run % lines lines take one core more than the rest. */
			per = run / lines + (line < run % lines);
			line++;
			layout_grid_row(l, m, rn, 2 * (nh > 0 ? nh : 1), rn != prn || k < nh);
			prn = rn;
			col = 0;
		}
		x = l->label_w + col * l->cell_w;
		layout_cell_add(l, i, x, c->first_pu, c->npus);
		for (j = 0; j < c->npus; j++) {
			l->spots[c->first_pu + j].row = l->nrows - 1;
			if (l->grid_mode == LAYOUT_GRID_MARKS) {
				l->spots[c->first_pu + j].x = x + l->digits + l->kind_w + 1 +
				    (2 + l->idle_w) * j;
				l->spots[c->first_pu + j].w = 2 + l->idle_w;
			} else {
				l->spots[c->first_pu + j].x = x + l->kind_w + l->cpu_w * j;
				l->spots[c->first_pu + j].w = l->cpu_w;
			}
		}
		col++;
	}
}

/* Lay the topology out for a width. */
void
layout_build(struct layout *l, const struct topo *m, enum layout_view view, int cols,
    int utf8)
{
	struct cpuset	only = l->only;
	char		buf[32];
	int		i, idle_w = l->idle_w, filtered = l->filtered;

	layout_free(l);
	l->idle_w = idle_w;
	l->filtered = filtered && view == LAYOUT_GRID;
	l->only = only;
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
	layout_meters(l, m);
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
	if (l->view == LAYOUT_TREE && l->rows[row].npu > 1 && x >= l->cpu_x) {
		/* Folded: the thread under the click. */
		i = (x - l->cpu_x) / l->seg_w;
		return l->rows[row].pu + (i < l->rows[row].npu ? i : l->rows[row].npu - 1);
	}
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
