/*
 * topo_svg.c: `smtscope topo --svg FILE`, the machine as nested boxes for
 * slides, as lstopo draws it: packages, groups, dies, NUMA nodes and the
 * caches shared by more than one core, each a box with its name; cores as
 * boxes holding their own caches (L2, L1d, L1i: a band each, outermost
 * first, as lstopo stacks them) over their SMT threads side by side (siblings
 * visibly one core),
 * each thread named by the OS number taskset takes, its core's kind (P, E)
 * in the core's name; threads this process may not use are greyed; a
 * NUMA node a row across the top of the box it belongs to, as lstopo draws
 * memory. Layout is computed apart from drawing (lstopo's way): one pass
 * sizes and places every box, wrapping a box's children into rows no wider
 * than a row width, the next draws them; the row width is the one whose
 * page comes nearest 16:9 (a slide), tried from the title's width up. With --loads (loadmap.h), each load's label and
 * speed figure as its file gives them sit in the box of each CPU it was
 * pinned to, the boxes widened and deepened to hold them, and legend lines
 * under the title say where they came from. Written through the one SVG
 * writer (svg.c).
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
#define TSVG_MINW	200	/* the row widths tried for a 16:9 page: from this */
#define TSVG_MAXW	8000	/* to this */
#define TSVG_CW		0.61	/* a character's width, in em, on the safe side */
#define TSVG_LOAD_H	14	/* a load's line in a thread's box */
#define TSVG_LEGEND_H	18	/* a legend line under the title */
#define TSVG_CACHE_H	15	/* a core's own cache, a band over its threads */

/* The boxes as laid out: size, then place, relative to the page. */
struct tsvg {
	const struct topo	*m;
	const struct loadmap	*lm;		/* the loads drawn; NULL none */
	double			*w, *h, *x, *y;
	double			*pw;		/* a core's threads' width */
	int			*lines;		/* a core's most loads in one thread */
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

/* The k-th load pinned to CPU os as its line ("hash#1 ~71%"); 0 none left. */
static int
tsvg_load_line(const struct tsvg *t, int os, int k, char *buf, size_t len)
{
	const struct loadmap_load	*l;
	int				 i;

	for (i = 0; t->lm != NULL && i < t->lm->nloads; i++) {
		l = &t->lm->loads[i];
		if (l->floating || !cpuset_isset(&l->cpus, os) || k-- > 0)
			continue;
		snprintf(buf, len, "%s %s", l->label, l->figure);
		return 1;
	}
	return 0;
}

/* A core's own cache as lstopo names it: "L2 1MB", "L1d 48KB". */
static void
tsvg_cache_label(const struct topo_cache *c, char *buf, size_t len)
{
	char	size[32] = "";

	if (c->bytes)
		util_fmt_bytes(size, sizeof size, c->bytes);
	snprintf(buf, len, "L%d%s%s%s", c->level, c->kind == 'd' ? "d" :
	    c->kind == 'i' ? "i" : "", *size ? " " : "", size);
}

/* Size a core: its caches' bands, its threads side by side, each as wide as its OS number and loads. */
static void
tsvg_core(struct tsvg *t, int node)
{
	const struct topo_node	*n = &t->m->nodes[node];
	const struct topo_core	*core = &t->m->cores[n->index];
	char			 label[64], line[128];
	double			 pw = tsvg_text_w("0000", 12) + 8;
	int			 i, k;

	topo_node_label(t->m, n, label, sizeof label);
	t->lines[node] = 0;
	for (i = 0; i < n->npus; i++)
		for (k = 0; tsvg_load_line(t, t->m->pus[n->first_pu + i].os_index, k, line,
		    sizeof line); k++) {
			if (tsvg_text_w(line, 11) + 12 > pw)
				pw = tsvg_text_w(line, 11) + 12;
			if (k + 1 > t->lines[node])
				t->lines[node] = k + 1;
		}
	t->pw[node] = pw;
	t->w[node] = 2 * TSVG_PAD + n->npus * pw + (n->npus - 1) * 3;
	if (tsvg_text_w(label, 11) + 2 * TSVG_PAD > t->w[node])
		t->w[node] = tsvg_text_w(label, 11) + 2 * TSVG_PAD;
	for (i = 0; i < core->ncaches; i++) {
		tsvg_cache_label(&core->caches[i], line, sizeof line);
		if (tsvg_text_w(line, 10) + 2 * TSVG_PAD + 8 > t->w[node])
			t->w[node] = tsvg_text_w(line, 10) + 2 * TSVG_PAD + 8;
	}
	t->h[node] = TSVG_HEAD + core->ncaches * TSVG_CACHE_H + TSVG_PU_H +
	    t->lines[node] * TSVG_LOAD_H + TSVG_PAD;
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

/* Whether a node is memory (lstopo's): a NUMA node with nothing under it. */
static int
tsvg_memory(const struct topo *m, int node)
{
	return m->nodes[node].type == TOPO_NUMA && m->nodes[node].first_child == -1;
}

/*
 * Size a box and place its children in it: its memory (NUMA nodes) in a
 * row across its top, as lstopo draws them, stretched to its width; the
 * others under it in rows no wider than t->maxw.
 */
static void
tsvg_size(struct tsvg *t, int node)
{
	const struct topo_node	*n = &t->m->nodes[node];
	char			 label[128];
	int			 kids[4096], mem[64], nk, nmem = 0, i, j, per, col = 0;
	double			 x = TSVG_PAD, y = TSVG_HEAD, rowh = 0, w = 0, memw = 0;
	double			 memh = 0, each;

	if (n->type == TOPO_CORE) {
		tsvg_core(t, node);
		return;
	}
	topo_node_label(t->m, n, label, sizeof label);
	nk = tsvg_children(t, node, kids, 4096);
	for (i = 0; i < nk; i++)
		tsvg_size(t, kids[i]);
	/* The memory apart (when there is more under the box than memory). */
	for (i = j = 0; i < nk; i++) {
		if (tsvg_memory(t->m, kids[i]) && nmem < 64 && nk > 1) {
			mem[nmem++] = kids[i];
			memw += t->w[kids[i]] + (nmem > 1 ? TSVG_GAP : 0);
			if (t->h[kids[i]] > memh)
				memh = t->h[kids[i]];
		} else
			kids[j++] = kids[i];
	}
	nk = j;
	if (nmem > 0 && nk > 0)
		y += memh + TSVG_GAP;
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
	if (memw + TSVG_PAD > w)
		w = memw + TSVG_PAD;
	/* The memory row: the box's width, what is over shared evenly. */
	each = nmem > 0 ? (w - TSVG_PAD - memw) / nmem : 0;
	for (i = 0, x = TSVG_PAD; i < nmem; i++) {
		t->x[mem[i]] = x;
		t->y[mem[i]] = TSVG_HEAD;
		t->w[mem[i]] += each;
		t->h[mem[i]] = memh;
		x += t->w[mem[i]] + TSVG_GAP;
	}
	t->w[node] = w + TSVG_PAD;
	t->h[node] = y + (nk > 0 ? rowh + TSVG_PAD : nmem > 0 ? memh + TSVG_PAD : 4);
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

/*
 * Draw a core at (x, y): its box, its name, a box per thread with its OS
 * number and, under it, the loads pinned to it.
 */
static void
tsvg_draw_core(const struct tsvg *t, int node, double x, double y, FILE *f)
{
	const struct topo_node	*n = &t->m->nodes[node];
	const struct topo_core	*core = &t->m->cores[n->index];
	const struct topo_pu	*p;
	char			 label[64], tip[160], line[128];
	double			 pw = t->pw[node], ph = TSVG_PU_H - 2 + t->lines[node] *
				    TSVG_LOAD_H;
	int			 i, k;

	topo_node_label(t->m, n, label, sizeof label);
	svg_rect(f, x, y, t->w[node], t->h[node], "#d9d9d9", "stroke=\"#555555\"", NULL);
	svg_text(f, x + TSVG_PAD, y + 13, "font-size=\"11\"", label);
	for (i = 0; i < core->ncaches; i++) {
		tsvg_cache_label(&core->caches[i], line, sizeof line);
		svg_rect(f, x + TSVG_PAD, y + TSVG_HEAD + i * TSVG_CACHE_H,
		    t->w[node] - 2 * TSVG_PAD, TSVG_CACHE_H - 2, "#fde8f0",
		    "stroke=\"#555555\"", NULL);
		svg_text(f, x + TSVG_PAD + 4, y + TSVG_HEAD + i * TSVG_CACHE_H + 10,
		    "font-size=\"10\"", line);
	}
	y += core->ncaches * TSVG_CACHE_H;
	for (i = 0; i < n->npus; i++) {
		p = &t->m->pus[n->first_pu + i];
		snprintf(tip, sizeof tip, "CPU %d (L#%d), thread %d of %s%s", p->os_index,
		    p->logical_index, i, label, p->allowed ? "" : ": not allowed here");
		svg_rect(f, x + TSVG_PAD + i * (pw + 3), y + TSVG_HEAD, pw, ph,
		    p->allowed ? "#ffffff" : "#eeeeee", "stroke=\"#333333\"", tip);
		svg_textf(f, x + TSVG_PAD + i * (pw + 3) + pw / 2, y + TSVG_HEAD + 15,
		    p->allowed ? "font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\"" :
		    "font-size=\"12\" fill=\"#888888\" text-anchor=\"middle\"", "%d", p->os_index);
		for (k = 0; tsvg_load_line(t, p->os_index, k, line, sizeof line); k++)
			svg_text(f, x + TSVG_PAD + i * (pw + 3) + 4, y + TSVG_HEAD + 15 +
			    (k + 1) * TSVG_LOAD_H, "font-size=\"11\" fill=\"#7a1f00\"", line);
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

/*
 * The legend's lines, at most max: where the loads came from and what
 * their figures are, then each load not drawn in a CPU's box (floating)
 * or drawn where it ended (moved). Their number.
 */
static int
tsvg_legend(const struct loadmap *lm, char (*line)[512], int max)
{
	const struct loadmap_load	*l;
	const char			*base = strrchr(lm->path, '/');
	int				 i, n = 1;

	snprintf(line[0], sizeof line[0], "Loads of the %s %.200s", lm->kind,
	    base != NULL ? base + 1 : lm->path);
	if (*lm->host != '\0' && *lm->date != '\0')
		util_catf(line[0], sizeof line[0], " (host %s, started %s)", lm->host,
		    lm->date);
	else if (*lm->host != '\0' || *lm->date != '\0')
		util_catf(line[0], sizeof line[0], " (%s%s%s)", *lm->host != '\0' ?
		    "host " : "started ", lm->host, lm->date);
	util_catf(line[0], sizeof line[0], ": %s; ~ solo disturbed, ? unknown%s",
	    lm->rule, lm->nloads == 0 ? "; it holds no load" : "");
	for (i = 0; i < lm->nloads && n < max; i++) {
		l = &lm->loads[i];
		if (l->floating)
			snprintf(line[n++], sizeof line[0], "%s %s: floating over CPUs %s, "
			    "in no one CPU's box", l->label, l->figure, l->place);
		else if (l->moved > 0)
			snprintf(line[n++], sizeof line[0], "%s %s: moved %d time%s, drawn "
			    "where it ended (CPUs %s)", l->label, l->figure, l->moved,
			    l->moved == 1 ? "" : "s", l->place);
	}
	return n;
}

/* Lay the boxes out in rows of t->maxw and size the page to them, its title and legend. */
static void
tsvg_page(struct tsvg *t, int root, const char *title, char (*legend)[512], int nleg,
    struct svg_page *pg)
{
	int	i;

	tsvg_size(t, root);
	pg->w = ceil(t->w[root] + 20);
	if (tsvg_text_w(title, 16) * 1.1 + 20 > pg->w)
		pg->w = ceil(tsvg_text_w(title, 16) * 1.1 + 20);
	for (i = 0; i < nleg; i++)
		if (tsvg_text_w(legend[i], 12) + 20 > pg->w)
			pg->w = ceil(tsvg_text_w(legend[i], 12) + 20);
	pg->h = ceil(t->h[root] + 50 + nleg * TSVG_LEGEND_H);
}

/* Write the machine's topology as SVG to path, titled, with lm's loads (NULL none). */
int
topo_svg_write(const struct topo *m, const char *title, const struct loadmap *lm,
    const char *path, char *err, size_t errlen)
{
	struct svg_page	 pg = { 0, 0, NULL, TSVG_FONT, 12, "#ffffff" };
	struct safefile	 sf;
	struct tsvg	 t;
	char		 legend[16][512];
	double		 maxw, minw, d, best = 0, bestw = TSVG_MINW;
	int		 i, root = 0, rc, nleg = 0;

	t.m = m;
	t.lm = lm;
	if (lm != NULL)
		nleg = tsvg_legend(lm, legend, 16);
	t.w = xcalloc((size_t)m->nnodes + 1, sizeof *t.w);
	t.h = xcalloc((size_t)m->nnodes + 1, sizeof *t.h);
	t.x = xcalloc((size_t)m->nnodes + 1, sizeof *t.x);
	t.y = xcalloc((size_t)m->nnodes + 1, sizeof *t.y);
	t.pw = xcalloc((size_t)m->nnodes + 1, sizeof *t.pw);
	t.lines = xcalloc((size_t)m->nnodes + 1, sizeof *t.lines);
	t.shown = xcalloc((size_t)m->nnodes + 1, 1);
	for (i = 0; i < m->nnodes; i++) {
		t.shown[i] = (char)tsvg_shown(m, &m->nodes[i]);
		if (m->nodes[i].parent == -1)
			root = i;
	}
	/*
	 * The row width whose page is nearest a slide's 16:9; never narrower
	 * than the title and legend, which set the page's width anyway.
	 */
	minw = tsvg_text_w(title, 16) * 1.1 - 2 * TSVG_PAD;
	for (i = 0; i < nleg; i++)
		if (tsvg_text_w(legend[i], 12) - 2 * TSVG_PAD > minw)
			minw = tsvg_text_w(legend[i], 12) - 2 * TSVG_PAD;
	if (minw < TSVG_MINW)
		minw = TSVG_MINW;
	for (i = 0, maxw = minw; maxw < TSVG_MAXW; maxw *= 1.06) {
		t.maxw = maxw;
		tsvg_page(&t, root, title, legend, nleg, &pg);
		d = fabs(log(pg.w / pg.h / (16.0 / 9)));
		if (i++ == 0 || d < best - 1e-9) {
			best = d;
			bestw = maxw;
		}
	}
	t.maxw = i > 0 ? bestw : minw;
	tsvg_page(&t, root, title, legend, nleg, &pg);
	rc = safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen);
	if (rc == 0) {
		svg_begin(sf.f, &pg);
		svg_text(sf.f, 10, 22, "font-size=\"16\" font-weight=\"bold\"", title);
		for (i = 0; i < nleg; i++)
			svg_text(sf.f, 10, 22 + (i + 1) * TSVG_LEGEND_H, "font-size=\"12\"",
			    legend[i]);
		tsvg_draw(&t, root, 10, 36 + nleg * TSVG_LEGEND_H, sf.f);
		svg_end(sf.f);
		rc = safefile_close(&sf, 1, err, errlen);
	}
	free(t.w);
	free(t.h);
	free(t.x);
	free(t.y);
	free(t.pw);
	free(t.lines);
	free(t.shown);
	return rc;
}
