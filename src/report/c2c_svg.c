/*
 * c2c_svg.c: the core-to-core latency matrix as an SVG heatmap, ready for a
 * slide: CPUs labelled on both axes in topology order, a colour scale in
 * ns beside it, same-CPU and unmeasured cells in their own greys. SVG is
 * text: no library.
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

#define C2C_SVG_LEFT	56	/* room for the row labels */
#define C2C_SVG_TOP	76	/* the title and the column labels */
#define C2C_SVG_LEGEND	150	/* the colour scale, right of the matrix */
#define C2C_SVG_AREA	720.0	/* the matrix's side at most, in px */
#define C2C_SVG_KEY	90	/* the legend's four keys under its scale */
#define C2C_SVG_FIGURES	24.0	/* cells this wide show their figure */

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

/* One cell: its fill by state and figure; disturbed ones crossed out. */
static void
c2c_svg_cell(FILE *f, const struct c2c *c, int i, int j, double cs, double lo, double hi)
{
	const struct c2c_result	*r = NULL;
	const char		*fill = "#ffffff", *what = "not in the plan";
	char			 buf[64], title[128], ns[32], attrs[128];
	int			 k = c->plan.cell[i * c->plan.ncpus + j], rgb[3];
	double			 x = C2C_SVG_LEFT + j * cs, y = C2C_SVG_TOP + i * cs;

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
c2c_svg_groups(FILE *f, const struct c2c *c, double cs)
{
	const struct topo_pu	*a, *b;
	const char		*stroke;
	double			 p, side = cs * c->plan.ncpus;
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
		p = i * cs;
		stroke = pkg ? "stroke=\"#000000\" stroke-width=\"2\"" :
		    "stroke=\"#000000\" stroke-width=\"0.75\"";
		svg_line(f, C2C_SVG_LEFT + p, C2C_SVG_TOP, C2C_SVG_LEFT + p,
		    C2C_SVG_TOP + side, stroke);
		svg_line(f, C2C_SVG_LEFT, C2C_SVG_TOP + p, C2C_SVG_LEFT + side,
		    C2C_SVG_TOP + p, stroke);
	}
}

/* The CPU labels on both axes, as many as fit. */
static void
c2c_svg_labels(FILE *f, const struct c2c *c, double cs)
{
	int	i, every = (int)ceil(12.0 / cs);
	double	p;
	char	rot[96], x[32];

	if (every < 1)
		every = 1;
	for (i = 0; i < c->plan.ncpus; i += every) {
		p = i * cs + cs / 2;
		svg_textf(f, C2C_SVG_LEFT - 4, C2C_SVG_TOP + p, "text-anchor=\"end\" "
		    "dominant-baseline=\"middle\"", "%d", c->plan.cpus[i]);
		snprintf(rot, sizeof rot, "text-anchor=\"start\" transform=\"rotate(-90 %s "
		    "%d)\"", fmt_num(x, sizeof x, C2C_SVG_LEFT + p, FMT_DATA, 0),
		    C2C_SVG_TOP - 4);
		svg_textf(f, C2C_SVG_LEFT + p, C2C_SVG_TOP - 4, rot, "%d", c->plan.cpus[i]);
	}
}

/* The colour scale with ticks in ns, and the greys' meanings. */
static void
c2c_svg_legend(FILE *f, double x, double h, double lo, double hi, int have)
{
	int	i, rgb[3], steps = 64, ticks = 5;
	double	y0 = C2C_SVG_TOP, bh = h < 200 ? h : 200, v;
	char	fill[16], num[32];

	if (!(hi > lo))
		ticks = 1;
	svg_text(f, x, y0 - 8, NULL, "one-way ns");
	for (i = 0; have && i < steps; i++) {
		c2c_svg_colour(lo + (hi - lo) * i / (steps - 1), lo, hi, rgb);
		snprintf(fill, sizeof fill, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
		svg_rect(f, x, y0 + bh * i / steps, 18, bh / steps + 0.5, fill, NULL, NULL);
	}
	for (i = 0; have && i < ticks; i++) {
		v = ticks > 1 ? lo + (hi - lo) * i / (ticks - 1) : lo;
		svg_text(f, x + 24, y0 + (ticks > 1 ? bh * i / (ticks - 1) : 0),
		    "dominant-baseline=\"middle\"", fmt_num(num, sizeof num, v, FMT_FIXED, 1));
	}
	if (!have)
		svg_text(f, x, y0 + 10, NULL, "no figure yet");
	y0 += bh + 24;
	svg_rect(f, x, y0, 12, 12, "#505050", NULL, NULL);
	svg_text(f, x + 18, y0 + 10, NULL, "same CPU");
	svg_rect(f, x, y0 + 18, 12, 12, "#d8d8d8", NULL, NULL);
	svg_text(f, x + 18, y0 + 28, NULL, "not measured");
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
	snprintf(l[1], sizeof l[1], "%s, median of %d samples of %d round trips; %d of %d "
	    "pairs measured", c->plan.mode == C2C_CAS ? "compare-and-swap" : "store/load",
	    c->plan.samples, c->plan.trips, c->ndone, c->plan.npairs);
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
	struct svg_page	 pg = { 0, 0, NULL, "DejaVu Sans, Helvetica, Arial, sans-serif", 11,
	    "#ffffff" };
	struct safefile	 sf;
	FILE		*f;
	double		 cs = C2C_SVG_AREA / (c->plan.ncpus > 0 ? c->plan.ncpus : 1), lo, hi;
	double		 side;
	int		 have, i, j;

	if (cs > 28)
		cs = 28;
	if (cs < 2)
		cs = 2;
	side = cs * c->plan.ncpus;
	have = c2c_svg_range(c, &lo, &hi) > 0;
	/* Sized to its content: the matrix and its legend, and the title's lines. */
	pg.w = ceil(C2C_SVG_LEFT + side + C2C_SVG_LEGEND + 24);
	if (c2c_svg_title(NULL, c) > pg.w)
		pg.w = ceil(c2c_svg_title(NULL, c));
	pg.h = ceil(C2C_SVG_TOP + side + C2C_SVG_KEY + 24);
	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	f = sf.f;
	svg_begin(f, &pg);
	c2c_svg_title(f, c);
	c2c_svg_labels(f, c, cs);
	for (i = 0; i < c->plan.ncpus; i++)
		for (j = 0; j < c->plan.ncpus; j++)
			c2c_svg_cell(f, c, i, j, cs, lo, hi);
	c2c_svg_groups(f, c, cs);
	c2c_svg_legend(f, C2C_SVG_LEFT + side + 24, side, lo, hi, have);
	svg_end(f);
	/* safefile_close() checks the stream's errors too. */
	return safefile_close(&sf, 1, err, errlen);
}
