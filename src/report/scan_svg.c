/*
 * scan_svg.c: the capacity scan as an SVG heatmap by topology: one row of
 * cells per cache group (its package and NUMA node in its label), each
 * CPU a cell coloured by its median alone on the scale of the machine's
 * range (c2c's perceptual scale), its figure in it; outliers outlined,
 * CPUs in two levels split, others' work hatched grey. Per kernel, one
 * block under the other.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/safefile.h"
#include "exp/capacity/scan.h"
#include "report/reports.h"
#include "report/svg.h"

#define SCAN_SVG_LEFT	120	/* the groups' labels */
#define SCAN_SVG_CELL	44	/* a CPU's cell */
#define SCAN_SVG_ROW	40
#define SCAN_SVG_PER	24	/* cells a row at most */
#define SCAN_SVG_HEAD	62	/* a kernel's title */

/* The rows a kernel's block takes: each cache group's CPUs, SCAN_SVG_PER a row. */
static int
scan_svg_rows(const struct scan *s, int k)
{
	struct scan_group	*g;
	int			 n = scan_groups(s, k, SCAN_CACHE, &g), j, rows = 0;

	for (j = 0; j < n; j++)
		rows += (g[j].ncpus + SCAN_SVG_PER - 1) / SCAN_SVG_PER;
	free(g);
	return rows;
}

/* The range of the CPUs' medians. */
static void
scan_svg_range(const struct rounds *r, double *lo, double *hi)
{
	int	i;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; i < r->ncpus; i++)
		if (r->cpu[i].n > 0) {
			*lo = fmin(*lo, r->cpu[i].median);
			*hi = fmax(*hi, r->cpu[i].median);
		}
}

/* One CPU's cell. */
static void
scan_svg_cell(FILE *f, const struct rounds *r, int i, double x, double y, double lo,
    double hi)
{
	const struct rounds_cpu	*c = &r->cpu[i];
	char			 fill[16], title[200], num[32];
	const char		*ink;
	int			 rgb[3];

	fmt_num(num, sizeof num, c->n ? kernel_display(r->k, c->median) : NAN, FMT_SIG3, 0);
	snprintf(title, sizeof title, "CPU %d: %s %s%s%s", c->cpu, num, r->k->unit,
	    c->outlier ? ", outlier" : "", c->two_levels ? ", two levels" : c->n == 0 &&
	    c->ndisturbed ? ", others' work" : "");
	if (c->n == 0)
		snprintf(fill, sizeof fill, "#bbbbbb");
	else {
		c2c_svg_colour(c->median, lo, hi, rgb);
		snprintf(fill, sizeof fill, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
	}
	svg_rect(f, x, y, SCAN_SVG_CELL - 2, SCAN_SVG_ROW - 2, fill, c->outlier ?
	    "stroke=\"#d00000\" stroke-width=\"3\"" : c->two_levels ?
	    "stroke=\"#ff8c00\" stroke-width=\"3\" stroke-dasharray=\"4 2\"" : NULL, title);
	if (c->n == 0)
		snprintf(title, sizeof title, "~%s", c->all > 0 ? fmt_num(num, sizeof num,
		    kernel_display(r->k, c->all), FMT_SIG3, 0) : "");
	ink = c->n == 0 ? "font-size=\"11\" fill=\"#000000\"" :
	    "font-size=\"11\" fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"0.3\"";
	svg_textf(f, x + 3, y + 14, ink, "%d", c->cpu);
	svg_text(f, x + 3, y + 30, ink, c->n ? num : title);
}

/* One kernel's block from y; the y under it. */
static double
scan_svg_kernel(FILE *f, const struct scan *s, int k, double y)
{
	const struct rounds	*r = &s->r[k];
	struct scan_group	*g;
	char			 name[64], a[32], b[32];
	double			 lo, hi, x;
	int			 n = scan_groups(s, k, SCAN_CACHE, &g), j, i, col;

	scan_svg_range(r, &lo, &hi);
	svg_textf(f, 12, y + 20, "font-size=\"14\" font-weight=\"bold\"", "%s alone on "
	    "each CPU, %s: median of %d rounds", r->ktext, r->k->unit, r->nrounds);
	if (isfinite(lo))
		svg_textf(f, 12, y + 38, NULL, "colour from %s to %s %s; red outline: "
		    "outlier; orange dashes: two levels", fmt_num(a, sizeof a, kernel_display(r->k, lo), FMT_SIG3, 0),
		    fmt_num(b, sizeof b, kernel_display(r->k, hi), FMT_SIG3, 0), r->k->unit);
	else
		svg_text(f, 12, y + 38, NULL, "no CPU measured undisturbed");
	if (isfinite(r->noise))
		svg_textf(f, 12, y + 52, NULL, "grey: others' work (~ the rate it got); "
		    "noise floor \u00b1%.1f %% (the largest move of one CPU between rounds)",
		    100 * r->noise);
	else
		svg_text(f, 12, y + 52, NULL, "grey: others' work (~ the rate it got); "
		    "noise floor n/a (no CPU has two undisturbed rounds)");
	y += SCAN_SVG_HEAD;
	for (j = 0; j < n; j++) {
		scan_group_name(s, &g[j], name, sizeof name);
		svg_text(f, 12, y + 24, NULL, name);
		col = 0;
		for (i = 0; i < r->ncpus; i++) {
			if (scan_group_of(s->m, r->cpu[i].cpu, SCAN_CACHE) != g[j].id)
				continue;
			if (col == SCAN_SVG_PER) {
				col = 0;
				y += SCAN_SVG_ROW;
			}
			x = SCAN_SVG_LEFT + col++ * SCAN_SVG_CELL;
			scan_svg_cell(f, r, i, x, y, lo, hi);
		}
		y += SCAN_SVG_ROW;
	}
	free(g);
	return y + 12;
}

/* The heatmap as an SVG document. */
int
scan_svg_write(const struct scan *s, const char *path, char *err, size_t errlen)
{
	struct svg_page	 pg = { 0, 0, "smtscope check --capacity",
	    "DejaVu Sans, Helvetica, Arial, sans-serif", 11, "#ffffff" };
	struct safefile	 sf;
	double		 y = 8;
	int		 k, per = 1;

	for (k = 0; k < s->nkern; k++)
		per = s->r[k].ncpus > per ? s->r[k].ncpus : per;
	if (per > SCAN_SVG_PER)
		per = SCAN_SVG_PER;
	pg.w = fmax(SCAN_SVG_LEFT + per * SCAN_SVG_CELL + 24, 720);
	pg.h = 16;
	for (k = 0; k < s->nkern; k++)
		pg.h += SCAN_SVG_HEAD + scan_svg_rows(s, k) * SCAN_SVG_ROW + 12;
	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	svg_begin(sf.f, &pg);
	for (k = 0; k < s->nkern; k++)
		y = scan_svg_kernel(sf.f, s, k, y);
	svg_end(sf.f);
	return safefile_close(&sf, 1, err, errlen);
}
