/*
 * compare_report.c: `smtscope compare` written out: a text table per
 * group that fits 80 columns (machines wrapped into blocks, the group's
 * median last), the outliers with their reasons and the group's notes;
 * JSON; CSV through the report layer; an SVG heatmap of machines by
 * figures, coloured by how far each is from its group's median.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/compare/compare.h"
#include "model/machine.h"
#include "report/report.h"
#include "base/safefile.h"
#include "base/util.h"
#include "report/fold.h"
#include "report/reports.h"
#include "report/svg.h"

#define COMPARE_COLS		80

/* One line of a group's table: a solo (kernel >= 0) or a cell (cell >= 0). */
struct compare_line {
	int	kernel;
	int	cell;
	char	label[64];
};

/* Does any member of a group have a figure in this line? */
static int
compare_line_has(const struct compare *c, const struct compare_group *g,
    const struct compare_line *l)
{
	const struct compare_fig	*f;
	int				 i;

	for (i = 0; i < g->n; i++) {
		f = l->kernel >= 0 ? compare_solo(&c->m[g->members[i]], l->kernel) :
		    compare_yield(&c->m[g->members[i]], l->cell);
		if (f != NULL && isfinite(f->v))
			return 1;
	}
	return 0;
}

/* The index of a kernel by name, or -1. */
static int
compare_kernel_index(const struct compare *c, const char *name)
{
	int	i;

	for (i = 0; i < c->nkernels; i++)
		if (strcmp(c->kernels[i], name) == 0)
			return i;
	return -1;
}

/* Add a line when the group has a figure in it. */
static void
compare_line_add(const struct compare *c, const struct compare_group *g,
    struct compare_line *lines, int *n, int kernel, int cell)
{
	struct compare_line	*l = &lines[*n];

	l->kernel = kernel;
	l->cell = cell;
	if (kernel >= 0)
		snprintf(l->label, sizeof l->label, "%s alone %s", c->kernels[kernel],
		    c->units[kernel]);
	else
		snprintf(l->label, sizeof l->label, "%s %s", c->rows[cell / REL_COUNT],
		    topo_rel_name(cell % REL_COUNT));
	if (compare_line_has(c, g, l))
		(*n)++;
}

/* The lines of a group: each kernel's solo before its row's relations. */
static struct compare_line *
compare_lines(const struct compare *c, const struct compare_group *g, int *n)
{
	struct compare_line	*lines;
	int			*done, row, r, k;

	lines = xcalloc((size_t)(c->nkernels + c->nrows * REL_COUNT) + 1, sizeof *lines);
	done = xcalloc((size_t)c->nkernels + 1, sizeof *done);
	*n = 0;
	for (row = 0; row < c->nrows; row++) {
		if ((k = compare_kernel_index(c, c->rows[row])) != -1 && !done[k]) {
			done[k] = 1;
			compare_line_add(c, g, lines, n, k, -1);
		}
		for (r = 0; r < REL_COUNT; r++)
			compare_line_add(c, g, lines, n, -1, row * REL_COUNT + r);
	}
	for (k = 0; k < c->nkernels; k++)
		if (!done[k])
			compare_line_add(c, g, lines, n, k, -1);
	free(done);
	return lines;
}

/* A machine's text in a line: "448", "0.64/1.28", with ! and ~ marks; "-" none. */
static void
compare_cell_text(const struct compare_machine *cm, const struct compare_line *l,
    char *buf, size_t len)
{
	const struct compare_fig	*f, *s;
	char				 a[32];

	if (l->kernel >= 0) {
		f = compare_solo(cm, l->kernel);
		if (f == NULL || !isfinite(f->v)) {
			snprintf(buf, len, "-");
			return;
		}
		snprintf(buf, len, "%s%s%s", fmt_num(a, sizeof a, f->v, FMT_SIG3, 0),
		    f->outlier ? "!" : "", f->disturbed ? "~" : "");
		return;
	}
	f = compare_yield(cm, l->cell);
	s = compare_speed(cm, l->cell);
	if (f == NULL || !isfinite(f->v)) {
		snprintf(buf, len, "-");
		return;
	}
	snprintf(buf, len, "%.2f/%.2f%s%s", s != NULL ? s->v : NAN, f->v,
	    f->outlier ? "!" : "", f->disturbed ? "~" : "");
}

/* The group's median text in a line. */
static void
compare_median_text(const struct compare_group *g, const struct compare_line *l,
    char *buf, size_t len)
{
	char	a[32];
	double	v = l->kernel >= 0 ? g->solo_med[l->kernel] : g->yield_med[l->cell];

	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (l->kernel >= 0)
		snprintf(buf, len, "%s", fmt_num(a, sizeof a, v, FMT_SIG3, 0));
	else
		snprintf(buf, len, "%.2f/%.2f", g->speed_med[l->cell], v);
}

/* The width of machine j's column in a group's table: its widest cell or name. */
static int
compare_col_w(const struct compare *c, const struct compare_group *g,
    const struct compare_line *lines, int nlines, int j)
{
	char	buf[64];
	int	i, w = report_width(c->m[g->members[j]].name);

	for (i = 0; i < nlines; i++) {
		compare_cell_text(&c->m[g->members[j]], &lines[i], buf, sizeof buf);
		if (report_width(buf) > w)
			w = report_width(buf);
	}
	return w;
}

/*
 * One block of a group's table: machines [from, to) and the median, through
 * the report layer's aligned text (each column as wide as its widest cell).
 */
static void
compare_text_block(const struct compare *c, const struct compare_group *g,
    const struct compare_line *lines, int nlines, int from, int to, FILE *f)
{
	struct report_col	*cols;
	struct report_table	*t;
	char			 buf[64];
	int			 i, j, n = to - from + 2, med = g->n >= COMPARE_MEDIAN_MIN;

	cols = xcalloc((size_t)n, sizeof *cols);
	cols[0].title = "";
	for (j = from; j < to; j++) {
		cols[1 + j - from].title = c->m[g->members[j]].name;
		cols[1 + j - from].gap = 2;
	}
	cols[n - 1].title = med ? "median" : NULL;
	cols[n - 1].gap = 2;
	t = report_new(cols, n);
	for (i = 0; i < nlines; i++) {
		report_add_row(t);
		report_set_text(t, i, 0, "%s", lines[i].label);
		for (j = from; j < to; j++) {
			compare_cell_text(&c->m[g->members[j]], &lines[i], buf, sizeof buf);
			report_set_text(t, i, 1 + j - from, "%s", buf);
		}
		compare_median_text(g, &lines[i], buf, sizeof buf);
		report_set_text(t, i, n - 1, "%s", buf);
	}
	fputc('\n', f);
	report_write_text(t, f);
	report_free(t);
	free(cols);
}

/* The topology most of a group has, in words, with the SMT state its reasons speak of. */
static void
compare_topo_text(const struct compare_group *g, char *buf, size_t len)
{
	const int	*t = g->topo;

	snprintf(buf, len, "%d package%s, %d NUMA node%s, %d cores, %d logical CPUs, %s",
	    t[COMPARE_PACKAGES], t[COMPARE_PACKAGES] == 1 ? "" : "s", t[COMPARE_NUMA],
	    t[COMPARE_NUMA] == 1 ? "" : "s", t[COMPARE_CORES], t[COMPARE_PUS], g->smt);
}

/* Print "lead who: text" (who NULL: "lead text") wrapped at 80 columns, the rest indented by six. */
static void
compare_wrap(FILE *f, const char *lead, const char *who, const char *text)
{
	const char	*p = text, *brk;
	int		 col, room, first = 1;

	col = who != NULL ? fprintf(f, "%s%s: ", lead, who) : fprintf(f, "%s", lead);
	while (*p != '\0') {
		room = COMPARE_COLS - 1 - col;
		if ((int)strlen(p) <= room) {
			fprintf(f, "%s", p);
			break;
		}
		for (brk = p + room; brk > p && !fold_space(p, strlen(p), (size_t)(brk - p));
		    brk--)
			;
		if (brk == p)
			brk = strchr(p + room, ' ') != NULL ? strchr(p + room, ' ') :
			    p + strlen(p);
		if (brk == p + strlen(p) && !first) {
			fprintf(f, "%s", p);
			break;
		}
		fprintf(f, "%.*s\n      ", (int)(brk - p), p);
		col = 6;
		p = *brk == ' ' ? brk + 1 : brk;
		first = 0;
	}
	fputc('\n', f);
}

/* One group: its title, the table in blocks, its outliers and notes. */
static void
compare_text_group(const struct compare *c, int k, FILE *f)
{
	const struct compare_group	*g = &c->groups[k];
	const struct compare_machine	*cm;
	struct compare_line		*lines;
	char				 topo[256], buf[64];
	int				 nlines, lw = 0, mw = 6, w, cw, from, to, i, j;

	compare_topo_text(g, topo, sizeof topo);
	fprintf(f, "\nGroup %d: %s\n  %d machine%s; %s\n", k + 1, g->cpu,
	    g->n, g->n == 1 ? "" : "s", g->n == 1 ? "it has" : "most have");
	compare_wrap(f, "  ", NULL, topo);
	lines = compare_lines(c, g, &nlines);
	/* As many machines a block as fit 80 columns beside the labels and median. */
	for (i = 0; i < nlines; i++)
		if (report_width(lines[i].label) > lw)
			lw = report_width(lines[i].label);
	for (i = 0; i < nlines && g->n >= COMPARE_MEDIAN_MIN; i++) {
		compare_median_text(g, &lines[i], buf, sizeof buf);
		if (report_width(buf) > mw)
			mw = report_width(buf);
	}
	for (from = 0; from < g->n; from = to) {
		w = lw + (g->n >= COMPARE_MEDIAN_MIN ? 2 + mw : 0);
		for (to = from; to < g->n; to++) {
			cw = compare_col_w(c, g, lines, nlines, to);
			if (to > from && w + 2 + cw > COMPARE_COLS)
				break;
			w += 2 + cw;
		}
		compare_text_block(c, g, lines, nlines, from, to, f);
	}
	free(lines);
	for (i = 0, j = 0; i < g->n; i++)
		j += c->m[g->members[i]].nwhy;
	if (j > 0)
		fputc('\n', f);
	for (i = 0; i < g->n; i++) {
		cm = &c->m[g->members[i]];
		for (j = 0; j < cm->nwhy; j++)
			compare_wrap(f, "  ! ", cm->name, cm->why[j]);
	}
	if (g->nnotes > 0)
		fputc('\n', f);
	for (i = 0; i < g->nnotes; i++)
		compare_wrap(f, "  ", "note", g->notes[i]);
}

/* The comparison as text. */
void
compare_report_text(const struct compare *c, FILE *f)
{
	int	i, n = 0;

	for (i = 0; i < c->n; i++)
		n += c->m[i].nwhy > 0;
	fprintf(f, "smtscope compare: %d machine%s in %d group%s (same CPU); %d outlier%s "
	    "at\na tolerance of %.0f %%. ", c->n, c->n == 1 ? "" : "s", c->ngroups,
	    c->ngroups == 1 ? "" : "s", n, n == 1 ? "" : "s", c->tolerance * 100);
	fprintf(f, "Each line: a kernel alone (its solo rate), or a kernel\nand "
	    "relation (speed of the anchor copy vs alone / yield). !: farther than the\n"
	    "tolerance from the group's median (from %d machines up); ~: the machine saw\n"
	    "other work during it.\n", COMPARE_MEDIAN_MIN);
	for (i = 0; i < c->ngroups; i++)
		compare_text_group(c, i, f);
}

/* A figure object: {"value","disturbed","outlier"}, or null. */
static void
compare_json_fig(struct jsonw *w, const struct compare_fig *f)
{
	if (f == NULL || !isfinite(f->v)) {
		jsonw_null(w);
		return;
	}
	jsonw_object(w);
	jsonw_key_num(w, "value", f->v);
	jsonw_key_bool(w, "disturbed", f->disturbed);
	jsonw_key_bool(w, "outlier", f->outlier);
	jsonw_object_end(w);
}

/* "key":{"row":{"relation":figure,...},...} of one machine's cells, by a getter. */
static void
compare_json_cells(struct jsonw *w, const char *key, const struct compare *c,
    const struct compare_machine *cm,
    const struct compare_fig *(*get)(const struct compare_machine *, int))
{
	int	row, r;

	jsonw_key_object(w, key);
	for (row = 0; row < c->nrows; row++) {
		jsonw_key_object(w, c->rows[row]);
		for (r = 0; r < REL_COUNT; r++) {
			jsonw_key(w, topo_rel_name(r));
			compare_json_fig(w, get(cm, row * REL_COUNT + r));
		}
		jsonw_object_end(w);
	}
	jsonw_object_end(w);
}

/* A machine's object. */
static void
compare_json_machine(const struct compare *c, const struct compare_machine *cm,
    struct jsonw *w)
{
	int	i;

	jsonw_object(w);
	jsonw_key_str(w, "name", cm->name);
	jsonw_key_str(w, "file", cm->path);
	jsonw_key_str(w, "hostname", cm->hostname);
	jsonw_key_str(w, "smt", cm->smt);
	jsonw_key_int(w, "group", cm->group + 1);
	jsonw_key_bool(w, "outlier", cm->nwhy > 0);
	jsonw_key_array(w, "reasons");
	for (i = 0; i < cm->nwhy; i++)
		jsonw_str(w, cm->why[i]);
	jsonw_array_end(w);
	jsonw_key_object(w, "solo");
	for (i = 0; i < c->nkernels; i++) {
		jsonw_key(w, c->kernels[i]);
		compare_json_fig(w, compare_solo(cm, i));
	}
	jsonw_object_end(w);
	compare_json_cells(w, "yield", c, cm, compare_yield);
	compare_json_cells(w, "speed", c, cm, compare_speed);
	jsonw_object_end(w);
}

/* A group's object: CPU, topology, members, medians, notes. */
static void
compare_json_group(const struct compare *c, const struct compare_group *g,
    struct jsonw *w)
{
	int	i, row, r;

	jsonw_object(w);
	jsonw_key_str(w, "cpu", g->cpu);
	jsonw_key_object(w, "topology");
	jsonw_key_int(w, "packages", g->topo[COMPARE_PACKAGES]);
	jsonw_key_int(w, "numa_nodes", g->topo[COMPARE_NUMA]);
	jsonw_key_int(w, "cores", g->topo[COMPARE_CORES]);
	jsonw_key_int(w, "pus", g->topo[COMPARE_PUS]);
	jsonw_key_int(w, "smt_width", g->topo[COMPARE_WIDTH]);
	jsonw_key_tristate(w, "smt_on", g->topo[COMPARE_SMT_ON]);
	jsonw_key_str(w, "smt", g->smt);
	jsonw_object_end(w);
	jsonw_key_array(w, "machines");
	for (i = 0; i < g->n; i++)
		jsonw_str(w, c->m[g->members[i]].name);
	jsonw_array_end(w);
	jsonw_key_object(w, "median_solo");
	for (i = 0; i < c->nkernels; i++)
		jsonw_key_num(w, c->kernels[i], g->solo_med[i]);
	jsonw_object_end(w);
	jsonw_key_object(w, "median_yield");
	for (row = 0; row < c->nrows; row++) {
		jsonw_key_object(w, c->rows[row]);
		for (r = 0; r < REL_COUNT; r++)
			jsonw_key_num(w, topo_rel_name(r), g->yield_med[row * REL_COUNT + r]);
		jsonw_object_end(w);
	}
	jsonw_object_end(w);
	jsonw_key_array(w, "notes");
	for (i = 0; i < g->nnotes; i++)
		jsonw_str(w, g->notes[i]);
	jsonw_array_end(w);
	jsonw_object_end(w);
}

/* The comparison as one JSON object, written out a megabyte at a time. */
void
compare_report_json(const struct compare *c, FILE *f)
{
	struct strbuf	sb;
	struct jsonw	w;
	int		i, n = 0;

	for (i = 0; i < c->n; i++)
		n += c->m[i].nwhy > 0;
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "compare");
	jsonw_key_int(&w, "format", MACHINE_FORMAT);
	jsonw_key_num(&w, "tolerance", c->tolerance);
	jsonw_key_int(&w, "outliers", n);
	jsonw_key_object(&w, "units");
	for (i = 0; i < c->nkernels; i++)
		jsonw_key_str(&w, c->kernels[i], c->units[i]);
	jsonw_object_end(&w);
	jsonw_key_array(&w, "groups");
	for (i = 0; i < c->ngroups; i++)
		compare_json_group(c, &c->groups[i], &w);
	jsonw_array_end(&w);
	jsonw_key_array(&w, "machines");
	for (i = 0; i < c->n; i++) {
		compare_json_machine(c, &c->m[i], &w);
		if (sb.len > (1u << 20)) {
			fputs(sb.s, f);
			sb.len = 0;
			sb.s[0] = '\0';
		}
	}
	jsonw_array_end(&w);
	jsonw_end_report(&w, f);
}

/* The columns of compare --csv: one row per machine and figure. */
enum {
	CCSV_MACHINE, CCSV_FILE, CCSV_GROUP, CCSV_KERNEL, CCSV_RELATION, CCSV_UNIT,
	CCSV_SOLO, CCSV_SPEED, CCSV_YIELD, CCSV_MEDIAN, CCSV_OUTLIER, CCSV_DISTURBED,
	CCSV_NCOLS
};
static const struct report_col compare_csv_cols[CCSV_NCOLS] = {
	{ .key = "machine" }, { .key = "file" }, { .key = "group" }, { .key = "kernel" },
	{ .key = "relation" }, { .key = "unit" }, { .key = "solo" }, { .key = "speed" },
	{ .key = "yield" }, { .key = "median" }, { .key = "outlier" },
	{ .key = "disturbed" }
};

/* The first columns of a CSV row and its flags. */
static int
compare_csv_row(struct report_table *t, const struct compare_machine *cm,
    const char *kernel, const char *rel, const struct compare_fig *f, double med)
{
	int	row = report_add_row(t);

	report_set_text(t, row, CCSV_MACHINE, "%s", cm->name);
	report_set_text(t, row, CCSV_FILE, "%s", cm->path);
	report_set_num(t, row, CCSV_GROUP, cm->group + 1, NULL, REPORT_NEUTRAL);
	report_set_text(t, row, CCSV_KERNEL, "%s", kernel);
	report_set_text(t, row, CCSV_RELATION, "%s", rel);
	report_set_num(t, row, CCSV_MEDIAN, med, NULL, REPORT_NEUTRAL);
	report_set_text(t, row, CCSV_OUTLIER, "%s", f->outlier ? "true" : "false");
	report_set_text(t, row, CCSV_DISTURBED, "%s", f->disturbed ? "true" : "false");
	return row;
}

/* One CSV row per machine and figure it has: solos, then speeds and yields. */
void
compare_report_csv(const struct compare *c, FILE *f)
{
	struct report_table		*t = report_new(compare_csv_cols, CCSV_NCOLS);
	const struct compare_machine	*cm;
	const struct compare_group	*g;
	const struct compare_fig	*fig;
	int				 i, k, cell, row;

	for (i = 0; i < c->n; i++) {
		cm = &c->m[i];
		g = &c->groups[cm->group];
		for (k = 0; k < cm->nsolo; k++) {
			if (!isfinite((fig = compare_solo(cm, k))->v))
				continue;
			row = compare_csv_row(t, cm, c->kernels[k], "alone", fig, g->solo_med[k]);
			report_set_text(t, row, CCSV_UNIT, "%s", c->units[k]);
			report_set_num(t, row, CCSV_SOLO, fig->v, c->units[k], REPORT_NEUTRAL);
		}
		for (cell = 0; cell < cm->ncells; cell++) {
			if (!isfinite((fig = compare_yield(cm, cell))->v))
				continue;
			row = compare_csv_row(t, cm, c->rows[cell / REL_COUNT],
			    topo_rel_name(cell % REL_COUNT), fig, g->yield_med[cell]);
			report_set_num(t, row, CCSV_SPEED, compare_speed(cm, cell)->v, NULL,
			    REPORT_HIGHER);
			report_set_num(t, row, CCSV_YIELD, fig->v, NULL, REPORT_HIGHER);
		}
	}
	report_write_csv(t, f);
	report_free(t);
}

/*
 * Whether a unit reads lower-is-better: a time per something (ns/load, the
 * chase kernel's; us/op), where the rates (MB/s, ops/s) and yields read
 * higher-is-better.
 */
static int
compare_unit_lower(const char *unit)
{
	static const char *const times[] = { "ns/", "us/", "\u00b5s/", "ms/", "s/" };
	size_t	i;

	for (i = 0; unit != NULL && i < sizeof times / sizeof times[0]; i++)
		if (strncmp(unit, times[i], strlen(times[i])) == 0)
			return 1;
	return 0;
}

/*
 * The fill of a heatmap cell: grey none; white at the median, red worse,
 * blue better, in the unit's direction (lower is better for a time).
 */
static void
compare_svg_fill(const struct compare *c, const struct compare_fig *fig, double med,
    int lower, char *buf, size_t len)
{
	double	d, a;
	int	lo;

	if (fig == NULL || !isfinite(fig->v) || !isfinite(med) || med == 0) {
		snprintf(buf, len, "#d0d0d0");
		return;
	}
	d = (fig->v - med) / fabs(med);
	if (lower)
		d = -d;
	a = fabs(d) / (2 * c->tolerance);
	a = a > 1 ? 1 : a;
	lo = (int)(255 - 200 * a);
	snprintf(buf, len, d < 0 ? "#ff%02x%02x" : "#%02x%02xff", lo, lo);
}

/* One machine's row of the heatmap. */
static void
compare_svg_row(const struct compare *c, const struct compare_machine *cm,
    const struct compare_line *lines, int nlines, int y, FILE *f)
{
	const struct compare_group	*g = &c->groups[cm->group];
	const struct compare_fig	*fig;
	char				 fill[16], text[64], title[512];
	int				 i;

	svg_textf(f, 4, y + 11, NULL, "%s%s", cm->name, cm->nwhy > 0 ? " !" : "");
	for (i = 0; i < nlines; i++) {
		fig = lines[i].kernel >= 0 ? compare_solo(cm, lines[i].kernel) :
		    compare_yield(cm, lines[i].cell);
		compare_svg_fill(c, fig, lines[i].kernel >= 0 ?
		    g->solo_med[lines[i].kernel] : g->yield_med[lines[i].cell],
		    lines[i].kernel >= 0 && compare_unit_lower(c->units[lines[i].kernel]),
		    fill, sizeof fill);
		compare_cell_text(cm, &lines[i], text, sizeof text);
		snprintf(title, sizeof title, "%s: %s %s", cm->name, lines[i].label, text);
		svg_rect(f, 160 + 16 * i, y, 14, 14, fill, fig != NULL && fig->outlier ?
		    "stroke=\"#000\" stroke-width=\"2\"" : NULL, title);
	}
}

/* The heatmap: machines (by group) down, solos and yields across; -1 on a write error. */
int
compare_report_svg(const struct compare *c, FILE *f)
{
	struct svg_page		 pg = { 0, 0, NULL, "monospace", 11, "#fff" };
	struct compare_group	 all;
	struct compare_line	*lines;
	char			 rot[64], head[256];
	int			 nlines, i, k, y, rc;

	memset(&all, 0, sizeof all);
	all.members = xcalloc((size_t)c->n + 1, sizeof *all.members);
	for (k = 0; k < c->ngroups; k++)
		for (i = 0; i < c->groups[k].n; i++)
			all.members[all.n++] = c->groups[k].members[i];
	lines = compare_lines(c, &all, &nlines);
	snprintf(head, sizeof head, "smtscope compare: %d machines; red worse, blue better "
	    "than the group's median (full at %.0f %%; a time lower is better); boxed: outlier", c->n,
	    200 * c->tolerance);
	/* As wide as its columns, its title and its groups' headings (0.61 em a character). */
	pg.w = 160 + 16 * nlines + 20;
	if (8 + 11 * 0.61 * (double)strlen(head) > pg.w)
		pg.w = 8 + ceil(11 * 0.61 * (double)strlen(head));
	for (k = 0; k < c->ngroups; k++)
		if (8 + 11 * 0.67 * (double)(strlen(c->groups[k].cpu) + 10) > pg.w)
			pg.w = 8 + ceil(11 * 0.67 * (double)(strlen(c->groups[k].cpu) + 10));
	pg.h = 150 + 16 * c->n + 14 * c->ngroups + 20;
	svg_begin(f, &pg);
	svg_text(f, 4, 14, NULL, head);
	for (i = 0; i < nlines; i++) {
		/* Rotated about its own corner: x and y are in the transform. */
		snprintf(rot, sizeof rot, "transform=\"rotate(-60 %d 140)\"",
		    160 + 16 * i + 10);
		svg_text(f, 160 + 16 * i + 10, 140, rot, lines[i].label);
	}
	y = 150;
	for (k = 0; k < c->ngroups; k++) {
		svg_textf(f, 4, y + 11, "font-weight=\"bold\"", "Group %d: %s", k + 1,
		    c->groups[k].cpu);
		y += 14;
		for (i = 0; i < c->groups[k].n; i++, y += 16)
			compare_svg_row(c, &c->m[c->groups[k].members[i]], lines, nlines, y, f);
	}
	rc = svg_end(f);
	free(lines);
	free(all.members);
	return rc;
}

/* The heatmap written whole to path; -1 and why. */
int
compare_svg_write(const struct compare *c, const char *path, char *err, size_t errlen)
{
	struct safefile	sf;
	int		bad;

	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	bad = compare_report_svg(c, sf.f) != 0;
	if (safefile_close(&sf, !bad, err, errlen) == -1)
		return -1;
	if (bad)
		snprintf(err, errlen, "cannot write %s", path);
	return bad ? -1 : 0;
}
