/*
 * check_svg.c: `check --svg`: the co-run matrix as a coloured SVG table for
 * slides: a row per kernel, a column per relation; each cell the speeds of
 * the two copies against alone and their sum, the yield, coloured by it
 * (red: less than one CPU of work, amber: one, green: two). A cell that
 * others' work disturbed is marked ~, a relation this machine lacks n/a.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/util.h"
#include "exp/check/check.h"
#include "model/machine.h"
#include "report/svg.h"
#include "base/safefile.h"
#include "report/reports.h"

#define CHECK_SVG_NAME_W	150
#define CHECK_SVG_CELL_W	118
#define CHECK_SVG_CELL_H	44
#define CHECK_SVG_TOP		124
#define CHECK_SVG_FONT		"'DejaVu Sans', Helvetica, Arial, sans-serif"

/* The yield colour stops: 0.5 red, 1.0 amber, 2.0 green. */
static const double check_svg_stops[][4] = {
	{ 0.5, 224, 102, 102 },
	{ 1.0, 255, 217, 102 },
	{ 2.0, 147, 196, 125 }
};

/* A cell's fill for its yield. */
static void
check_svg_colour(double y, char *buf, size_t len)
{
	const double	(*s)[4] = check_svg_stops;
	double		 f;
	int		 i = 0, k, rgb[3];

	if (y <= s[0][0])
		y = s[0][0];
	if (y >= s[2][0])
		y = s[2][0];
	if (y > s[1][0])
		i = 1;
	f = (y - s[i][0]) / (s[i + 1][0] - s[i][0]);
	for (k = 0; k < 3; k++)
		rgb[k] = (int)lround(s[i][k + 1] + f * (s[i + 1][k + 1] - s[i][k + 1]));
	snprintf(buf, len, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* Is a cell, or a solo it is measured against, disturbed? */
static int
check_svg_disturbed(const struct check *c, const struct check_row *row, int r)
{
	const struct check_solo	*soa = check_find_solo(c, &row->a);
	const struct check_solo	*sob = check_find_solo(c, &row->b);

	return row->cell[r].disturbed || (soa != NULL && soa->cell.disturbed) ||
	    (sob != NULL && sob->cell.disturbed);
}

/*
 * Text for a cell's second line: whole when it takes at most cols
 * characters, else ended at a word with an ellipsis (the tooltip has it
 * whole): never cut in the middle of a word.
 */
static void
check_svg_words(const char *s, int cols, char *buf, size_t len)
{
	int	end = cols;

	if ((int)strlen(s) <= cols) {
		snprintf(buf, len, "%s", s);
		return;
	}
	while (end > 0 && s[end] != ' ')
		end--;
	while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == ',' || s[end - 1] == ':'))
		end--;
	snprintf(buf, len, "%.*s\u2026", end, s);
}

/*
 * A measured cell's tooltip: what ran where, and behind a ~ the warning's
 * words for each part that was disturbed, the cell's own or a solo it is
 * measured against ("hash alone: others used 0.85 CPU: ..."), never a
 * cell's clean figures given as the reason.
 */
static void
check_svg_tip(const struct check *c, const struct check_row *row, int r, char *tip,
    size_t len)
{
	const struct check_kern	*k[2] = { &row->a, &row->b };
	const struct check_solo	*so;
	char			 why[600];
	size_t			 used;
	int			 i;

	/* same-pu: one CPU shared by two loads, never "CPUs 0 and 0". */
	if (c->plan.rel[r].cpu == c->plan.anchor)
		used = (size_t)snprintf(tip, len, "%s on %s (CPU %d shared by two loads)",
		    row->name, topo_rel_name(r), c->plan.anchor);
	else
		used = (size_t)snprintf(tip, len, "%s on %s (CPUs %d and %d)", row->name,
		    topo_rel_name(r), c->plan.anchor, c->plan.rel[r].cpu);
	if (row->cell[r].disturbed && used < len) {
		check_disturbed_why(&row->cell[r], why, sizeof why);
		used += (size_t)snprintf(tip + used, len - used, "; disturbed: %s", why);
	}
	for (i = 0; i < 2 && used < len; i++) {
		so = check_find_solo(c, k[i]);
		if (so == NULL || !so->cell.disturbed ||
		    (i == 1 && so == check_find_solo(c, k[0])))
			continue;
		check_disturbed_why(&so->cell, why, sizeof why);
		used += (size_t)snprintf(tip + used, len - used, "; %s alone, its solo, "
		    "disturbed: %s", k[i]->text, why);
	}
}

/* One rectangle with two lines of text and a tooltip. */
static void
check_svg_box(FILE *f, int x, int y, const char *fill, const char *l1, const char *l2,
    const char *tip)
{
	svg_group(f, NULL, tip);
	svg_rect(f, x, y, CHECK_SVG_CELL_W, CHECK_SVG_CELL_H, fill,
	    "stroke=\"#ffffff\" stroke-width=\"2\"", NULL);
	svg_text(f, x + CHECK_SVG_CELL_W / 2, y + 19, "text-anchor=\"middle\" "
	    "font-weight=\"bold\"", l1);
	svg_text(f, x + CHECK_SVG_CELL_W / 2, y + 35, "text-anchor=\"middle\" "
	    "font-size=\"11\"", l2);
	svg_group_end(f);
}

/* One cell of the matrix: speeds and yield, n/a, failed or not measured. */
static void
check_svg_cell(FILE *f, const struct check *c, const struct check_row *row, int r,
    int x, int y)
{
	const struct check_cell	*cell = &row->cell[r];
	char			 l1[64], l2[64], tip[800], fill[16], a[16], b[16], yl[16];
	double			 sa, sb, yield;
	int			 which;

	check_cell_speeds(c, row, r, &sa, &sb, &yield);
	if (c->plan.rel[r].cpu == -1) {
		snprintf(tip, sizeof tip, "%s: %s", topo_rel_name(r), c->plan.rel[r].reason);
		check_svg_words(c->plan.rel[r].reason, 17, l2, sizeof l2);
		check_svg_box(f, x, y, "#eeeeee", "n/a", l2, tip);
	} else if (cell->state == CHECK_FAILED) {
		snprintf(tip, sizeof tip, "%s on %s: %s", row->name, topo_rel_name(r),
		    cell->error);
		check_svg_box(f, x, y, "#cccccc", "failed", "see the report", tip);
	} else if (cell->state != CHECK_DONE || !isfinite(yield)) {
		snprintf(tip, sizeof tip, "%s on %s: %s", row->name, topo_rel_name(r),
		    cell->state == CHECK_DONE ? "no solo rate" : "not measured");
		check_svg_box(f, x, y, "#eeeeee", "-", cell->state == CHECK_DONE ?
		    "no solo" : "not measured", tip);
	} else if (check_cell_mark(c, row, r, &which) == ANALYSIS_UNKNOWN) {
		/* Past physics, or above 100% of a disturbed solo: no number, no colour. */
		if (which == 1)
			snprintf(l1, sizeof l1, "%.2f + ?", sa);
		else if (cell->beyond)
			snprintf(l1, sizeof l1, "? + ?");
		else
			snprintf(l1, sizeof l1, "? + %.2f", sb);
		snprintf(tip, sizeof tip, "%s on %s: unknown: %s", row->name, topo_rel_name(r),
		    cell->beyond ? "faster together than alone: its solo ran while the CPU "
		    "was slower" : "above 100% of a solo others disturbed");
		check_svg_box(f, x, y, "#eeeeee", l1, "yield ?", tip);
	} else {
		check_svg_colour(yield, fill, sizeof fill);
		snprintf(l1, sizeof l1, "%s%s + %s", check_svg_disturbed(c, row, r) ? "~" : "",
		    fmt_num(a, sizeof a, sa, FMT_FIXED, 2), fmt_num(b, sizeof b, sb,
		    FMT_FIXED, 2));
		snprintf(l2, sizeof l2, "yield %s", fmt_num(yl, sizeof yl, yield, FMT_FIXED, 2));
		check_svg_tip(c, row, r, tip, sizeof tip);
		check_svg_box(f, x, y, fill, l1, l2, tip);
	}
}

/* The title: the machine, its shape, the anchor. */
static void
check_svg_title(FILE *f, const struct check *c)
{
	const struct topo_summary	*sum = &c->m->summary;
	struct strbuf			 sb;
	char				 host[256];

	strbuf_init(&sb);
	strbuf_puts(&sb, "smtscope check");
	if (machine_short_hostname(host, sizeof host) == 0)
		strbuf_printf(&sb, " on %s", host);
	strbuf_printf(&sb, ": %s", c->ci.brand[0] != '\0' ? c->ci.brand :
	    "unknown CPU model");
	if (c->ci.hypervisor[0] != '\0')
		strbuf_printf(&sb, " under %s", c->ci.hypervisor);
	svg_text(f, 10, 26, "font-size=\"18\" font-weight=\"bold\"", sb.s);
	strbuf_free(&sb);
	svg_textf(f, 10, 48, "fill=\"#555555\"", "%d package%s, %d core%s, %d logical "
	    "CPU%s; the anchor is CPU %d; a column per partner.", sum->packages,
	    sum->packages == 1 ? "" : "s", sum->cores, sum->cores == 1 ? "" : "s",
	    sum->pus, sum->pus == 1 ? "" : "s", c->plan.anchor);
	svg_text(f, 10, 66, "fill=\"#555555\"", "Each cell: the anchor copy's speed + "
	    "the partner's (1.00 = as fast as alone), and their sum, the yield.");
	svg_text(f, 10, 84, "fill=\"#555555\"", "Colour by yield: red below 1, amber 1 "
	    "(one CPU of work), green 2 (two whole CPUs).");
	svg_text(f, 10, 102, "fill=\"#555555\"", "~ disturbed by others' work; ? unknown "
	    "(past physics, or above 100% of a disturbed solo).");
}

/* Write the co-run matrix as an SVG table to f; -1 on a write error. */
static int
check_svg_table(FILE *f, const struct check *c)
{
	struct svg_page	pg = { 0, 0, NULL, CHECK_SVG_FONT, 13, "#ffffff" };
	int		i, r, w = CHECK_SVG_NAME_W + REL_COUNT * CHECK_SVG_CELL_W + 20, y;

	pg.w = w < 900 ? 900 : w;
	pg.h = CHECK_SVG_TOP + c->nrows * CHECK_SVG_CELL_H + 20;
	svg_begin(f, &pg);
	check_svg_title(f, c);
	for (r = 0; r < REL_COUNT; r++)
		svg_text(f, CHECK_SVG_NAME_W + r * CHECK_SVG_CELL_W + CHECK_SVG_CELL_W / 2,
		    CHECK_SVG_TOP - 8, "text-anchor=\"middle\" font-weight=\"bold\"",
		    topo_rel_name(r));
	for (i = 0; i < c->nrows; i++) {
		y = CHECK_SVG_TOP + i * CHECK_SVG_CELL_H;
		svg_text(f, CHECK_SVG_NAME_W - 10, y + 27, "text-anchor=\"end\" "
		    "font-weight=\"bold\"", c->rows[i].name);
		for (r = 0; r < REL_COUNT; r++)
			check_svg_cell(f, c, &c->rows[i], r, CHECK_SVG_NAME_W + r *
			    CHECK_SVG_CELL_W, y);
	}
	return svg_end(f);
}

/* Write the co-run matrix to path, whole or not at all; -1 and why. */
int
check_svg_write(const struct check *c, const char *path, char *err, size_t errlen)
{
	struct safefile	sf;
	int		bad;

	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	bad = check_svg_table(sf.f, c);
	if (safefile_close(&sf, !bad, err, errlen) == -1)
		return -1;
	if (bad)
		snprintf(err, errlen, "cannot write %s", path);
	return bad ? -1 : 0;
}
