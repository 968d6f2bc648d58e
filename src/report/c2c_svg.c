/*
 * c2c_svg.c: the core-to-core latency matrix as an SVG heatmap, ready for a
 * slide: every CPU labelled on both axes in topology order, a colour scale
 * in ns beside it (one swatch where every figure is the same), same-CPU and
 * unmeasured cells in their own greys. A plan (nothing measured) colours
 * its pairs by relation, with a key. SVG is text: no library.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "exp/c2c/c2c.h"
#include "base/util.h"
#include "base/safefile.h"
#include "report/svg.h"
#include "report/reports.h"

#define C2C_SVG_TITLE	58	/* the title's three lines */
#define C2C_SVG_LEGEND	190	/* the colour scale, right of the matrix */
#define C2C_SVG_AREA	720.0	/* the matrix's side at most, in px */
#define C2C_SVG_FIGURES	24.0	/* cells this wide show their figure */
#define C2C_SVG_MINCELL	7.0	/* a cell's side at least: a 6 px label each */
#define C2C_SVG_SWATCH	18.0	/* a key's swatch, and its line's height */

/* Where the matrix is, and the size of its labels. */
struct c2c_svg_geo {
	double	cs;		/* a cell's side */
	double	fs;		/* the labels' font size */
	double	left, top;	/* the matrix's corner */
	int	plan;		/* a plan (--dry-run): pairs by relation */
};

/* A plan's cells by relation (Okabe-Ito: told apart without colour vision too). */
static const char *const c2c_svg_rel_fill[REL_COUNT] = {
	[REL_SAME_PU] = "#505050", [REL_SMT_SIBLING] = "#d55e00",
	[REL_SHARED_L2] = "#e69f00", [REL_SHARED_L3] = "#56b4e9",
	[REL_SAME_PACKAGE] = "#009e73", [REL_OTHER_PACKAGE] = "#0072b2"
};

/* Key colours of the scale (viridis): fastest first. */
static const int c2c_svg_stops[][3] = {
	{ 68, 1, 84 }, { 59, 82, 139 }, { 33, 145, 140 }, { 94, 201, 98 }, { 253, 231, 37 }
};
#define C2C_SVG_NSTOPS	(int)(sizeof c2c_svg_stops / sizeof c2c_svg_stops[0])

/* The colour of v on the scale from lo to hi. */
void
c2c_svg_colour(double v, double lo, double hi, int rgb[3])
{
	double	x = hi > lo ? (v - lo) / (hi - lo) : 0, pos, f;
	int	i, k;

	if (!isfinite(x) || x < 0)
		x = 0;
	if (x > 1)
		x = 1;
	pos = x * (C2C_SVG_NSTOPS - 1);
	i = (int)floor(pos);
	if (i >= C2C_SVG_NSTOPS - 1)
		i = C2C_SVG_NSTOPS - 2;
	f = pos - i;
	for (k = 0; k < 3; k++)
		rgb[k] = (int)lround(c2c_svg_stops[i][k] +
		    f * (c2c_svg_stops[i + 1][k] - c2c_svg_stops[i][k]));
}

/* The range of the measured figures; 0 if there is none. */
static int
c2c_svg_range(const struct c2c *c, double *lo, double *hi)
{
	int	i, n = 0;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; c->res != NULL && i < c->plan.npairs; i++) {
		if (c->res[i].state != C2C_DONE || !isfinite(c->res[i].ns))
			continue;
		n++;
		if (c->res[i].ns < *lo)
			*lo = c->res[i].ns;
		if (c->res[i].ns > *hi)
			*hi = c->res[i].ns;
	}
	return n;
}

/* One cell: its fill by state and figure (a plan's by relation); disturbed ones crossed out. */
static void
c2c_svg_cell(FILE *f, const struct c2c *c, const struct c2c_svg_geo *g, int i, int j,
    double lo, double hi)
{
	const struct c2c_result	*r = NULL;
	const char		*fill = "#ffffff", *what = "not in the plan";
	char			 buf[64], title[128], ns[32], attrs[128];
	int			 k = c->plan.cell[i * c->plan.ncpus + j], rgb[3];
	double			 cs = g->cs, x = g->left + j * cs, y = g->top + i * cs;

	if (i == j) {
		fill = "#505050";
		what = "same CPU: not measured";
	} else if (k != -1 && c->res != NULL && (r = &c->res[k])->state == C2C_DONE) {
		c2c_svg_colour(r->ns, lo, hi, rgb);
		snprintf(buf, sizeof buf, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
		fill = buf;
		what = NULL;
	} else if (k != -1 && r != NULL && r->state == C2C_FAILED) {
		fill = "#d00000";
		what = "failed";
	} else if (k != -1 && g->plan) {
		/* A plan: the pair's relation, as the key says. */
		fill = c2c_svg_rel_fill[c->plan.pairs[k].rel];
		snprintf(buf, sizeof buf, "%s, not measured",
		    topo_rel_name(c->plan.pairs[k].rel));
		what = buf;
	} else if (k != -1) {
		fill = "#d8d8d8";
		what = "not measured";
	}
	if (what != NULL)
		snprintf(title, sizeof title, "CPUs %d and %d: %s", c->plan.cpus[i],
		    c->plan.cpus[j], what);
	else
		snprintf(title, sizeof title, "CPUs %d and %d: %s ns%s", c->plan.cpus[i],
		    c->plan.cpus[j], fmt_num(ns, sizeof ns, r->ns, FMT_FIXED, 1),
		    r->disturbed ? " (disturbed)" : "");
	svg_rect(f, x, y, cs, cs, fill, NULL, title);
	if (r != NULL && r->state == C2C_DONE && cs >= C2C_SVG_FIGURES) {
		/* White on dark cells, black on light ones. */
		snprintf(attrs, sizeof attrs, "text-anchor=\"middle\" dominant-baseline="
		    "\"middle\" font-size=\"9\" fill=\"%s\"", rgb[0] * 299 + rgb[1] * 587 +
		    rgb[2] * 114 < 128000 ? "#ffffff" : "#000000");
		svg_text(f, x + cs / 2, y + cs / 2, attrs, fmt_num(ns, sizeof ns, r->ns,
		    FMT_FIXED, r->ns < 100 ? 1 : 0));
	}
	if (r != NULL && r->state == C2C_DONE && r->disturbed)
		svg_line(f, x, y + cs, x + cs, y, "stroke=\"#ffffff\" stroke-width=\"1\"");
}

/* Lines between cache groups (thin) and packages (thick), across and down. */
static void
c2c_svg_groups(FILE *f, const struct c2c *c, const struct c2c_svg_geo *g)
{
	const struct topo_pu	*a, *b;
	const char		*stroke;
	double			 p, side = g->cs * c->plan.ncpus;
	int			 i, pkg;

	for (i = 1; i < c->plan.ncpus; i++) {
		a = topo_pu_by_os(c->m, c->plan.cpus[i - 1]);
		b = topo_pu_by_os(c->m, c->plan.cpus[i]);
		if (a == NULL || b == NULL || a->core < 0 || b->core < 0)
			continue;
		pkg = c->m->cores[a->core].package != c->m->cores[b->core].package;
		if (!pkg && c2c_group_key(c->m, c->plan.cpus[i - 1]) ==
		    c2c_group_key(c->m, c->plan.cpus[i]))
			continue;
		p = i * g->cs;
		stroke = pkg ? "stroke=\"#000000\" stroke-width=\"2\"" :
		    "stroke=\"#000000\" stroke-width=\"0.75\"";
		svg_line(f, g->left + p, g->top, g->left + p, g->top + side, stroke);
		svg_line(f, g->left, g->top + p, g->left + side, g->top + p, stroke);
	}
}

/* The widest CPU number of the plan, in characters. */
static int
c2c_svg_digits(const struct c2c *c)
{
	char	buf[16];
	int	i, n, max = 1;

	for (i = 0; i < c->plan.ncpus; i++)
		if ((n = snprintf(buf, sizeof buf, "%d", c->plan.cpus[i])) > max)
			max = n;
	return max;
}

/* Every CPU's label on both axes, in a font that fits its cell. */
static void
c2c_svg_labels(FILE *f, const struct c2c *c, const struct c2c_svg_geo *g)
{
	double	p;
	char	rot[160], x[32], y[32], fs[32];
	int	i;

	fmt_num(fs, sizeof fs, g->fs, FMT_DATA, 0);
	for (i = 0; i < c->plan.ncpus; i++) {
		p = i * g->cs + g->cs / 2;
		snprintf(rot, sizeof rot, "text-anchor=\"end\" dominant-baseline=\"middle\" "
		    "font-size=\"%s\"", fs);
		svg_textf(f, g->left - 4, g->top + p, rot, "%d", c->plan.cpus[i]);
		snprintf(rot, sizeof rot, "text-anchor=\"start\" dominant-baseline=\"middle\" "
		    "font-size=\"%s\" transform=\"rotate(-90 %s %s)\"", fs,
		    fmt_num(x, sizeof x, g->left + p, FMT_DATA, 0),
		    fmt_num(y, sizeof y, g->top - 4, FMT_DATA, 0));
		svg_textf(f, g->left + p, g->top - 4, rot, "%d", c->plan.cpus[i]);
	}
}

/* The relations a plan has pairs of, as flags (1 << rel). */
static unsigned
c2c_svg_rels(const struct c2c *c)
{
	unsigned	rels = 0;
	int		i;

	for (i = 0; i < c->plan.npairs; i++)
		rels |= 1u << c->plan.pairs[i].rel;
	return rels;
}

/* The height of the colour scale (or one swatch, or the plan's key of relations). */
static double
c2c_svg_scale_h(const struct c2c *c, const struct c2c_svg_geo *g, double side,
    double lo, double hi, int have)
{
	unsigned	rels = c2c_svg_rels(c);
	int		r, n = 0;

	if (have && hi > lo)
		return side < 200 ? side : 200;
	if (!g->plan)
		return C2C_SVG_SWATCH;
	for (r = 0; r < REL_COUNT; r++)
		n += (rels >> r) & 1;
	return n > 0 ? n * C2C_SVG_SWATCH : C2C_SVG_SWATCH;
}

/*
 * The scale: a gradient with ticks in ns; one swatch and its figure where
 * every pair measured the same (one pair); a plan's relations, each a swatch.
 */
static void
c2c_svg_scale(FILE *f, const struct c2c *c, const struct c2c_svg_geo *g, double x,
    double y0, double bh, double lo, double hi, int n)
{
	unsigned	rels = c2c_svg_rels(c);
	int		i, rgb[3], steps = 64, ticks = 5, k = 0;
	double		v;
	char		fill[16], num[32];

	if (n > 0 && hi > lo) {
		svg_text(f, x, y0 - 8, NULL, "one-way ns");
		for (i = 0; i < steps; i++) {
			c2c_svg_colour(lo + (hi - lo) * i / (steps - 1), lo, hi, rgb);
			snprintf(fill, sizeof fill, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
			svg_rect(f, x, y0 + bh * i / steps, 18, bh / steps + 0.5, fill, NULL,
			    NULL);
		}
		for (i = 0; i < ticks; i++) {
			v = lo + (hi - lo) * i / (ticks - 1);
			svg_text(f, x + 24, y0 + bh * i / (ticks - 1),
			    "dominant-baseline=\"middle\"", fmt_num(num, sizeof num, v,
			    FMT_FIXED, 1));
		}
	} else if (n > 0) {
		svg_text(f, x, y0 - 8, NULL, "one-way ns");
		c2c_svg_colour(lo, lo, hi, rgb);
		snprintf(fill, sizeof fill, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
		svg_rect(f, x, y0, 12, 12, fill, NULL, NULL);
		fmt_num(num, sizeof num, lo, FMT_FIXED, 1);
		if (n == 1)
			svg_textf(f, x + 18, y0 + 10, NULL, "%s ns, one pair", num);
		else
			svg_textf(f, x + 18, y0 + 10, NULL, "%s ns, all %d pairs", num, n);
	} else if (g->plan && c->plan.npairs > 0) {
		svg_text(f, x, y0 - 8, NULL, "pairs by relation");
		for (i = 0; i < REL_COUNT; i++) {
			if (!((rels >> i) & 1))
				continue;
			svg_rect(f, x, y0 + k * C2C_SVG_SWATCH, 12, 12, c2c_svg_rel_fill[i],
			    NULL, NULL);
			svg_text(f, x + 18, y0 + k * C2C_SVG_SWATCH + 10, NULL,
			    topo_rel_name(i));
			k++;
		}
	} else {
		svg_text(f, x, y0 - 8, NULL, "one-way ns");
		svg_text(f, x, y0 + 10, NULL, c->plan.npairs > 0 ? "no figure yet" : "no pair");
	}
}

/* The scale or key, then the greys' meanings. */
static void
c2c_svg_legend(FILE *f, const struct c2c *c, const struct c2c_svg_geo *g, double x,
    double y0, double side, double lo, double hi, int n)
{
	double	bh = c2c_svg_scale_h(c, g, side, lo, hi, n > 0);

	c2c_svg_scale(f, c, g, x, y0, bh, lo, hi, n);
	y0 += bh + 24;
	svg_rect(f, x, y0, 12, 12, "#505050", NULL, NULL);
	svg_text(f, x + 18, y0 + 10, NULL, "same CPU");
	svg_rect(f, x, y0 + 18, 12, 12, g->plan ? "#ffffff" : "#d8d8d8",
	    g->plan ? "stroke=\"#d8d8d8\"" : NULL, NULL);
	svg_text(f, x + 18, y0 + 28, NULL, g->plan ? "not in the plan" : "not measured");
	svg_rect(f, x, y0 + 36, 12, 12, "#d00000", NULL, NULL);
	svg_text(f, x + 18, y0 + 46, NULL, "failed");
	/* The stroke across a cell (c2c_svg_cell) says its pair was disturbed. */
	svg_rect(f, x, y0 + 54, 12, 12, "#404040", NULL, NULL);
	svg_line(f, x, y0 + 66, x + 12, y0 + 54, "stroke=\"#ffffff\" stroke-width=\"1\"");
	svg_text(f, x + 18, y0 + 64, NULL, "disturbed (others ran)");
}

/*
 * The title: what, on what, how; written when f is not NULL. Returns the
 * width it takes, estimated at 0.61 em a character (a tenth more in bold).
 */
static double
c2c_svg_title(FILE *f, const struct c2c *c)
{
	char	l[3][400];
	double	w, max = 0;
	int	i;

	snprintf(l[0], sizeof l[0], "Core-to-core latency: %s", c->machine);
	if (c->dry_run)
		snprintf(l[1], sizeof l[1], "%s, median of %d samples of %d round trips: "
		    "the plan of %d pairs, coloured by relation", c->plan.mode == C2C_CAS ?
		    "compare-and-swap" : "store/load", c->plan.samples, c->plan.trips,
		    c->plan.npairs);
	else
		snprintf(l[1], sizeof l[1], "%s, median of %d samples of %d round trips; %d "
		    "of %d pairs measured", c->plan.mode == C2C_CAS ? "compare-and-swap" :
		    "store/load", c->plan.samples, c->plan.trips, c->ndone, c->plan.npairs);
	l[2][0] = '\0';
	if (c->hypervisor[0])
		snprintf(l[2], sizeof l[2], "Under %s: the host's placement of the virtual "
		    "CPUs decides what is measured", c->hypervisor);
	for (i = 0; i < 3; i++) {
		w = 8 + 0.61 * (i == 0 ? 15 * 1.1 : 11) * (double)strlen(l[i]) + 8;
		if (w > max)
			max = w;
		if (f != NULL && l[i][0] != '\0')
			svg_text(f, 8, 18 + 17 * i - (i > 0), i == 0 ? "font-size=\"15\" "
			    "font-weight=\"bold\"" : NULL, l[i]);
	}
	return max;
}

/* The heatmap as an SVG document. */
int
c2c_svg_write(const struct c2c *c, const char *path, char *err, size_t errlen)
{
	struct svg_page		 pg = { 0, 0, NULL, "DejaVu Sans, Helvetica, Arial, sans-serif",
	    11, "#ffffff" };
	struct c2c_svg_geo	 g;
	struct safefile		 sf;
	FILE			*f;
	double			 side, lo, hi, label;
	int			 n, i, j;

	g.cs = C2C_SVG_AREA / (c->plan.ncpus > 0 ? c->plan.ncpus : 1);
	if (g.cs > 28)
		g.cs = 28;
	if (g.cs < C2C_SVG_MINCELL)
		g.cs = C2C_SVG_MINCELL;
	/* Every CPU labelled: a smaller font where the cells are small. */
	g.fs = g.cs - 1 < 11 ? floor(g.cs - 1) : 11;
	label = 0.61 * g.fs * c2c_svg_digits(c);
	g.left = ceil(8 + label + 4 + 4);
	g.top = ceil(C2C_SVG_TITLE + label + 4 + 8);
	if (g.top < C2C_SVG_TITLE + 18)
		g.top = C2C_SVG_TITLE + 18;	/* room for the scale's heading */
	side = g.cs * c->plan.ncpus;
	n = c2c_svg_range(c, &lo, &hi);
	g.plan = c->dry_run && n == 0;
	/* Sized to its content: the matrix and its legend, and the title's lines. */
	pg.w = ceil(g.left + side + C2C_SVG_LEGEND + 24);
	if (c2c_svg_title(NULL, c) > pg.w)
		pg.w = ceil(c2c_svg_title(NULL, c));
	pg.h = ceil(g.top + fmax(side, c2c_svg_scale_h(c, &g, side, lo, hi, n > 0) + 24 + 66) +
	    24);
	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	f = sf.f;
	svg_begin(f, &pg);
	c2c_svg_title(f, c);
	c2c_svg_labels(f, c, &g);
	for (i = 0; i < c->plan.ncpus; i++)
		for (j = 0; j < c->plan.ncpus; j++)
			c2c_svg_cell(f, c, &g, i, j, lo, hi);
	c2c_svg_groups(f, c, &g);
	c2c_svg_legend(f, c, &g, g.left + side + 24, g.top, side, lo, hi, n);
	svg_end(f);
	/* safefile_close() checks the stream's errors too. */
	return safefile_close(&sf, 1, err, errlen);
}
