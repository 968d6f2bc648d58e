/*
 * topo_svg.c: `smtscope topo --svg FILE`, the machine as nested boxes for
 * slides, as lstopo draws it: packages, groups, dies, NUMA nodes and the
 * caches shared by more than one core, each a box with its name; cores as
 * boxes holding their SMT threads side by side (siblings visibly one core),
 * each thread named by the OS number taskset takes, its core's kind (P, E)
 * in the core's name; threads this process may not use are greyed. Layout
 * is computed apart from drawing (lstopo's way): one pass sizes and places
 * every box, wrapping a box's children into rows no wider than the page,
 * the next draws them. Written through the one SVG writer (svg.c).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/safefile.h"
#include "base/util.h"
#include "model/topo.h"
#include "report/reports.h"
#include "report/svg.h"

#define TSVG_FONT	"'DejaVu Sans', Helvetica, Arial, sans-serif"
#define TSVG_PAD	6	/* inside a box, around its children */
#define TSVG_HEAD	18	/* a box's name above its children */
#define TSVG_GAP	6	/* between two children */
#define TSVG_PU_H	22	/* a thread's box */
#define TSVG_MAXW	1500	/* a row of children wraps past this, at least */
#define TSVG_CW		0.61	/* a character's width, in em, on the safe side */

/* The boxes as laid out: size, then place, relative to the page. */
struct tsvg {
	const struct topo	*m;
	double			*w, *h, *x, *y;
	char			*shown;		/* the node is a box of its own */
	double			 maxw;		/* rows of children wrap past it */
};

/* Whether a node is a box: all but caches over one core (L1, L2 of a core). */
static int
tsvg_shown(const struct topo *m, const struct topo_node *n)
{
	if (n->type != TOPO_CACHE)
		return 1;
	return n->npus > 0 && m->pus[n->first_pu].core !=
	    m->pus[n->first_pu + n->npus - 1].core;
}

/* A text's width in px at size. */
static double
tsvg_text_w(const char *s, double size)
{
	return TSVG_CW * size * (double)strlen(s);
}

/* The children a box holds: its own, and those of the boxes not shown under it. */
static int
tsvg_children(const struct tsvg *t, int node, int *out, int max)
{
	const struct topo	*m = t->m;
	int			 c, n = 0, k, i, sub[512];

	for (c = m->nodes[node].first_child; c != -1 && n < max; c = m->nodes[c].next_sibling) {
		if (t->shown[c]) {
			out[n++] = c;
			continue;
		}
		k = tsvg_children(t, c, sub, 512);
		for (i = 0; i < k && n < max; i++)
			out[n++] = sub[i];
	}
	return n;
}

/* Size a core: its threads side by side, each as wide as its OS number. */
static void
tsvg_core(struct tsvg *t, int node)
{
	const struct topo_node	*n = &t->m->nodes[node];
	char			 label[64];
	double			 pw = tsvg_text_w("0000", 12) + 8;

	topo_node_label(t->m, n, label, sizeof label);
	t->w[node] = 2 * TSVG_PAD + n->npus * pw + (n->npus - 1) * 3;
	if (tsvg_text_w(label, 11) + 2 * TSVG_PAD > t->w[node])
		t->w[node] = tsvg_text_w(label, 11) + 2 * TSVG_PAD;
	t->h[node] = TSVG_HEAD + TSVG_PU_H + TSVG_PAD;
}

/*
 * How many cores a row takes when a box holds cores alone: as many as fit,
 * spread evenly over the rows they need (18 where 15 fit: 9 and 9, not 15
 * and 3); otherwise no limit but the width.
 */
static int
tsvg_per_row(const struct tsvg *t, const int *kids, int nk)
{
	double	wmax = 0;
	int	i, fit, rows;

	for (i = 0; i < nk; i++) {
		if (t->m->nodes[kids[i]].type != TOPO_CORE)
			return nk + 1;
		if (t->w[kids[i]] > wmax)
			wmax = t->w[kids[i]];
	}
	if (nk == 0)
		return 1;
	fit = (int)((t->maxw - TSVG_PAD) / (wmax + TSVG_GAP));
	if (fit < 1)
		fit = 1;
	rows = (nk + fit - 1) / fit;
	return (nk + rows - 1) / rows;
}

/* Size a box and place its children in it, in rows no wider than t->maxw. */
static void
tsvg_size(struct tsvg *t, int node)
{
	const struct topo_node	*n = &t->m->nodes[node];
	char			 label[128];
	int			 kids[4096], nk, i, per, col = 0;
	double			 x = TSVG_PAD, y = TSVG_HEAD, rowh = 0, w = 0;

	if (n->type == TOPO_CORE) {
		tsvg_core(t, node);
		return;
	}
	topo_node_label(t->m, n, label, sizeof label);
	nk = tsvg_children(t, node, kids, 4096);
	for (i = 0; i < nk; i++)
		tsvg_size(t, kids[i]);
	per = tsvg_per_row(t, kids, nk);
	for (i = 0; i < nk; i++) {
		if (x > TSVG_PAD && (x + t->w[kids[i]] > t->maxw || col == per)) {
			col = 0;
			x = TSVG_PAD;
			y += rowh + TSVG_GAP;
			rowh = 0;
		}
		t->x[kids[i]] = x;
		t->y[kids[i]] = y;
		col++;
		x += t->w[kids[i]] + TSVG_GAP;
		if (x - TSVG_GAP > w)
			w = x - TSVG_GAP;
		if (t->h[kids[i]] > rowh)
			rowh = t->h[kids[i]];
	}
	/* Its name in bold: a sixth wider than the estimate. */
	if (tsvg_text_w(label, 12) * 1.17 + TSVG_PAD > w)
		w = tsvg_text_w(label, 12) * 1.17 + TSVG_PAD;
	t->w[node] = w + TSVG_PAD;
	t->h[node] = y + (nk > 0 ? rowh + TSVG_PAD : 4);
}

/* A box's fill by its kind. */
static const char *
tsvg_fill(const struct topo_node *n)
{
	switch (n->type) {
	case TOPO_MACHINE:
		return "#ffffff";
	case TOPO_PACKAGE:
		return "#e8f0fe";
	case TOPO_GROUP:
	case TOPO_DIE:
		return "#eef7ee";
	case TOPO_NUMA:
		return "#fff4d6";
	case TOPO_CACHE:
		return n->cache_level >= 3 ? "#f3e8fd" : "#fde8f0";
	default:
		return "#dddddd";
	}
}

/* Draw a core at (x, y): its box, its name, a box per thread with its OS number. */
static void
tsvg_draw_core(const struct tsvg *t, int node, double x, double y, FILE *f)
{
	const struct topo_node	*n = &t->m->nodes[node];
	const struct topo_pu	*p;
	char			 label[64], tip[160];
	double			 pw = tsvg_text_w("0000", 12) + 8;
	int			 i;

	topo_node_label(t->m, n, label, sizeof label);
	svg_rect(f, x, y, t->w[node], t->h[node], "#d9d9d9", "stroke=\"#555555\"", NULL);
	svg_text(f, x + TSVG_PAD, y + 13, "font-size=\"11\"", label);
	for (i = 0; i < n->npus; i++) {
		p = &t->m->pus[n->first_pu + i];
		snprintf(tip, sizeof tip, "CPU %d (L#%d), thread %d of %s%s", p->os_index,
		    p->logical_index, i, label, p->allowed ? "" : ": not allowed here");
		svg_rect(f, x + TSVG_PAD + i * (pw + 3), y + TSVG_HEAD, pw, TSVG_PU_H - 2,
		    p->allowed ? "#ffffff" : "#eeeeee", "stroke=\"#333333\"", tip);
		svg_textf(f, x + TSVG_PAD + i * (pw + 3) + pw / 2, y + TSVG_HEAD + 15,
		    p->allowed ? "font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\"" :
		    "font-size=\"12\" fill=\"#888888\" text-anchor=\"middle\"", "%d", p->os_index);
	}
}

/* Draw a box and what it holds, its origin at (x0, y0). */
static void
tsvg_draw(const struct tsvg *t, int node, double x0, double y0, FILE *f)
{
	const struct topo_node	*n = &t->m->nodes[node];
	char			 label[128];
	int			 kids[4096], nk, i;

	if (n->type == TOPO_CORE) {
		tsvg_draw_core(t, node, x0, y0, f);
		return;
	}
	topo_node_label(t->m, n, label, sizeof label);
	svg_rect(f, x0, y0, t->w[node], t->h[node], tsvg_fill(n), "stroke=\"#333333\"",
	    NULL);
	svg_text(f, x0 + TSVG_PAD, y0 + 14, "font-size=\"12\" font-weight=\"bold\"", label);
	nk = tsvg_children(t, node, kids, 4096);
	for (i = 0; i < nk; i++)
		tsvg_draw(t, kids[i], x0 + t->x[kids[i]], y0 + t->y[kids[i]], f);
}

/* Write the machine's topology as SVG to path, titled; -1 and err on failure. */
int
topo_svg_write(const struct topo *m, const char *title, const char *path, char *err,
    size_t errlen)
{
	struct svg_page	 pg = { 0, 0, NULL, TSVG_FONT, 12, "#ffffff" };
	struct safefile	 sf;
	struct tsvg	 t;
	int		 i, root = 0, rc;

	t.m = m;
	/* Wider rows for bigger machines: about a slide's shape at 384 CPUs. */
	t.maxw = 130 * sqrt((double)m->npus);
	if (t.maxw < TSVG_MAXW)
		t.maxw = TSVG_MAXW;
	t.w = xcalloc((size_t)m->nnodes + 1, sizeof *t.w);
	t.h = xcalloc((size_t)m->nnodes + 1, sizeof *t.h);
	t.x = xcalloc((size_t)m->nnodes + 1, sizeof *t.x);
	t.y = xcalloc((size_t)m->nnodes + 1, sizeof *t.y);
	t.shown = xcalloc((size_t)m->nnodes + 1, 1);
	for (i = 0; i < m->nnodes; i++) {
		t.shown[i] = (char)tsvg_shown(m, &m->nodes[i]);
		if (m->nodes[i].parent == -1)
			root = i;
	}
	tsvg_size(&t, root);
	pg.w = ceil(t.w[root] + 20);
	if (tsvg_text_w(title, 16) * 1.1 + 20 > pg.w)
		pg.w = ceil(tsvg_text_w(title, 16) * 1.1 + 20);
	pg.h = ceil(t.h[root] + 50);
	rc = safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen);
	if (rc == 0) {
		svg_begin(sf.f, &pg);
		svg_text(sf.f, 10, 22, "font-size=\"16\" font-weight=\"bold\"", title);
		tsvg_draw(&t, root, 10, 36, sf.f);
		svg_end(sf.f);
		rc = safefile_close(&sf, 1, err, errlen);
	}
	free(t.w);
	free(t.h);
	free(t.x);
	free(t.y);
	free(t.shown);
	return rc;
}
