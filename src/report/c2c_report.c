/*
 * c2c_report.c: core-to-core latency as text (the plan, the matrix in
 * topology order, the summary by relation class, the warnings), JSON and
 * CSV, through report.c's records and its one number formatter.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/c2c/c2c.h"
#include "model/machine.h"
#include "report/report.h"
#include "base/util.h"
#include "engine/eta.h"
#include "report/reports.h"

/* The columns of a pair's record, for CSV and the JSON "pairs" array. */
static const struct report_col c2c_pair_cols[] = {
	{ .key = "cpu_a" }, { .key = "cpu_b" }, { .key = "relation" }, { .key = "numa" },
	{ .key = "unit" }, { .key = "ns" }, { .key = "min_ns" }, { .key = "max_ns" }, { .key = "spread" },
	{ .key = "samples" }, { .key = "foreign_cpus" }, { .key = "status" }
};
#define C2C_NPAIRCOLS	(int)(sizeof c2c_pair_cols / sizeof c2c_pair_cols[0])

/*
 * The columns of the summary by class. In text, the fastest and slowest
 * pairs are one range and the counts take short words, so that a row fits
 * 80 columns with a median and its spread of 14 ("~28.5 ns ±3.1%").
 */
static const struct report_col c2c_class_cols[] = {
	{ .key = "class", .title = "class", .width = 15 },
	{ .key = "pairs", .title = "pairs", .right = 1 },
	{ .key = "measured", .title = "measured", .right = 1 },
	{ .key = "median_ns", .title = "median", .right = 1, .unit = 1, .style = FMT_SIG3,
	    .gap = 2 },
	{ .key = "lo_ns", .unit = 1, .style = FMT_SIG3 },
	{ .key = "hi_ns", .unit = 1, .style = FMT_SIG3 },
	{ .title = "range", .right = 1, .gap = 2 },
	{ .key = "out_of_class", .title = "outliers", .right = 1, .gap = 2 },
	{ .key = "disturbed", .title = "disturbed", .right = 1 }
};
/* Pairs named in the text's warnings at most. */
#define C2C_WARN_MAX	20

#define C2C_NCLASSCOLS	(int)(sizeof c2c_class_cols / sizeof c2c_class_cols[0])

/* A pair's status: "ok", "not measured", "failed: why", "disturbed: who". */
static void
c2c_status(const struct c2c *c, int i, char *buf, size_t len)
{
	const struct c2c_result	*r = c->res != NULL ? &c->res[i] : NULL;

	if (r == NULL || r->state == C2C_NOT_RUN)
		snprintf(buf, len, "%s", c->dry_run ? "planned" : "not measured");
	else if (r->state == C2C_FAILED)
		snprintf(buf, len, "failed: %s", r->error);
	else if (r->disturbed)
		snprintf(buf, len, "disturbed: others used %.0f%% of a CPU there%s%s",
		    100 * r->foreign, r->who[0] ? ": " : "", r->who);
	else
		snprintf(buf, len, "ok");
}

/* The NUMA class of a pair in words, "" when unknown. */
static const char *
c2c_numa_word(const struct c2c_pair *p)
{
	return p->numa_same == -1 ? "" : p->numa_same ? "same-node" : "other-node";
}

/* The pairs as records. */
static struct report_table *
c2c_pairs_table(const struct c2c *c)
{
	struct report_table	*t = report_new(c2c_pair_cols, C2C_NPAIRCOLS);
	const struct c2c_pair	*p;
	const struct c2c_result	*r;
	char			 st[512];
	int			 i, row;

	for (i = 0; i < c->plan.npairs; i++) {
		p = &c->plan.pairs[i];
		row = report_add_row(t);
		report_set_num(t, row, 0, p->a, NULL, REPORT_NEUTRAL);
		report_set_num(t, row, 1, p->b, NULL, REPORT_NEUTRAL);
		report_set_text(t, row, 2, "%s", topo_rel_name(p->rel));
		report_set_text(t, row, 3, "%s", c2c_numa_word(p));
		report_set_text(t, row, 4, "ns");
		c2c_status(c, i, st, sizeof st);
		report_set_text(t, row, 11, "%s", st);
		if (c->res == NULL || (r = &c->res[i])->state != C2C_DONE)
			continue;
		report_set_num(t, row, 5, r->ns, "ns", REPORT_LOWER);
		report_set_num(t, row, 6, r->min_ns, "ns", REPORT_LOWER);
		report_set_num(t, row, 7, r->max_ns, "ns", REPORT_LOWER);
		report_set_num(t, row, 8, r->spread, NULL, REPORT_NEUTRAL);
		report_set_num(t, row, 9, r->nsamples, NULL, REPORT_NEUTRAL);
		report_set_num(t, row, 10, r->foreign, NULL, REPORT_NEUTRAL);
	}
	return t;
}

/* The fastest to the slowest pair for people: "27.0-31.2 ns", "29.2 ns" or "-". */
static void
c2c_range(double lo, double hi, char *buf, size_t len)
{
	char	a[32], b[32];

	if (!isfinite(lo) || !isfinite(hi)) {
		snprintf(buf, len, "-");
		return;
	}
	fmt_num(a, sizeof a, lo, FMT_SIG3, 0);
	fmt_num(b, sizeof b, hi, FMT_SIG3, 0);
	if (strcmp(a, b) == 0)
		snprintf(buf, len, "%s ns", a);
	else
		snprintf(buf, len, "%s-%s ns", a, b);
}

/* The summary by class as records: classes that have pairs. */
static struct report_table *
c2c_class_table(const struct c2c *c, const struct c2c_class *cl)
{
	struct report_table	*t = report_new(c2c_class_cols, C2C_NCLASSCOLS);
	char			 range[80];
	int			 k, row;

	for (k = 0; k < C2C_NCLASSES; k++) {
		if (cl[k].npairs == 0)
			continue;
		row = report_add_row(t);
		report_set_text(t, row, 0, "%s", cl[k].name);
		report_set_num(t, row, 1, cl[k].npairs, NULL, REPORT_NEUTRAL);
		report_set_num(t, row, 2, cl[k].nmeasured, NULL, REPORT_NEUTRAL);
		report_set_num(t, row, 3, cl[k].median, "ns", REPORT_LOWER);
		/* A spread needs two pairs: one pair's "±0.0%" is no spread. */
		if (cl[k].nmeasured >= 2)
			report_set_spread(t, row, 3, cl[k].spread);
		report_set_num(t, row, 4, cl[k].lo, "ns", REPORT_LOWER);
		report_set_num(t, row, 5, cl[k].hi, "ns", REPORT_LOWER);
		c2c_range(cl[k].lo, cl[k].hi, range, sizeof range);
		report_set_text(t, row, 6, "%s", range);
		report_set_num(t, row, 7, cl[k].nout, NULL, REPORT_NEUTRAL);
		report_set_num(t, row, 8, cl[k].ndisturbed, NULL, REPORT_NEUTRAL);
		if (cl[k].from_disturbed)
			report_set_flag(t, row, 3, REPORT_DISTURBED, "every pair disturbed");
		if (cl[k].nmeasured == 0)
			report_set_flag(t, row, 3, REPORT_NA, "%s",
			    c->dry_run ? "planned" : "no pair measured");
	}
	return t;
}

/* A duration for people: "0.04 s", "2.5 s", "52 s", "6 min 8 s", "2 h 3 min". */
static void
c2c_fmt_duration(char *buf, size_t len, double s)
{
	long	t = lround(s);

	if (!isfinite(s))
		snprintf(buf, len, "unknown");
	else if (s < 10)
		snprintf(buf, len, "%.*f s", s < 1 ? 2 : 1, s);
	else if (t < 60)
		snprintf(buf, len, "%ld s", t);
	else if (t < 3600)
		snprintf(buf, len, "%ld min %ld s", t / 60, t % 60);
	else
		snprintf(buf, len, "%ld h %ld min", t / 3600, t / 60 % 60);
}

/* The facts and the plan, as text. */
void
c2c_report_plan(const struct c2c *c, FILE *f)
{
	int	counts[REL_COUNT], i, first;
	char	dur[64], line[2048];

	fprintf(f, "CPU: %s%s%s; topology: %s\n", c->machine, c->hypervisor[0] ?
	    ", under " : "", c->hypervisor, c->m->source_name);
	smtstate_headline(&c->m->smt, line, sizeof line);
	fprintf(f, "  %s\n", line);
	smtstate_words(&c->m->smt, line, sizeof line);
	fprintf(f, "  %s\n", line);
	fprintf(f, "Core-to-core latency: %s, %d samples of %d round trips per pair\n",
	    c->plan.mode == C2C_CAS ? "compare-and-swap ping-pong" :
	    "store answered by a spinning reader", c->plan.samples, c->plan.trips);
	memset(counts, 0, sizeof counts);
	for (i = 0; i < c->plan.npairs; i++)
		counts[c->plan.pairs[i].rel]++;
	fprintf(f, "Plan: %d pair%s of %d CPUs (%s", c->plan.npairs,
	    c->plan.npairs == 1 ? "" : "s", c->plan.ncpus,
	    c->plan.sel == C2C_PER_CORE ? "one CPU per core with each other, and with its "
	    "siblings" : c->plan.sel == C2C_GROUPS ? "one pair per relation class in and "
	    "between cache groups" : "every pair");
	if (c->plan.sel == C2C_GROUPS)
		fprintf(f, ", %d groups", c->plan.ngroups);
	fprintf(f, ")\n  by relation:");
	for (i = 0, first = 1; i < REL_COUNT; i++) {
		if (counts[i] > 0)
			fprintf(f, "%s %s %d", first ? "" : ",", topo_rel_name(i), counts[i]);
		first &= counts[i] == 0;
	}
	c2c_fmt_duration(dur, sizeof dur, c->est_s);
	fprintf(f, "\nExpected time: about %s (%s)\n", dur, c->est_how);
	if (c->hypervisor[0])
		fprintf(f, "Under %s the host's placement of the virtual CPUs decides what "
		    "is measured: CPU numbers here need not be cores there.\n",
		    c->hypervisor);
	if (!topo_is_live(c->m))
		fprintf(f, "This is another machine's topology: the plan only, nothing "
		    "is measured.\n");
}

/* Width of the matrix's cells: the widest CPU number or figure, at least 4. */
static int
c2c_cell_width(const struct c2c *c)
{
	char	num[64];
	int	i, w = 4, n;

	for (i = 0; i < c->plan.ncpus; i++)
		if ((n = snprintf(num, sizeof num, "%d", c->plan.cpus[i]) + 1) > w)
			w = n;
	for (i = 0; c->res != NULL && i < c->plan.npairs; i++) {
		if (c->res[i].state != C2C_DONE)
			continue;
		n = (int)strlen(fmt_num(num, sizeof num, c->res[i].ns, FMT_SIG3, 0)) +
		    1 + c->res[i].disturbed;
		if (n > w)
			w = n;
	}
	return w;
}

/* One cell of the matrix: "-" same CPU, "." not planned, "?" not yet, "!" failed. */
static void
c2c_cell_text(const struct c2c *c, int row, int col, char *buf, size_t len)
{
	const struct c2c_result	*r;
	char			 num[64];
	int			 i = c->plan.cell[row * c->plan.ncpus + col];

	if (row == col)
		snprintf(buf, len, "-");
	else if (i == -1)
		snprintf(buf, len, ".");
	else if (c->res == NULL || (r = &c->res[i])->state == C2C_NOT_RUN)
		snprintf(buf, len, "?");
	else if (r->state == C2C_FAILED)
		snprintf(buf, len, "!");
	else
		snprintf(buf, len, "%s%s", r->disturbed ? "~" : "",
		    fmt_num(num, sizeof num, r->ns, FMT_SIG3, 0));
}

/* The matrix, rows and columns in topology order. */
static void
c2c_matrix_text(const struct c2c *c, FILE *f)
{
	char	cell[64];
	int	w = c2c_cell_width(c), i, j;

	fprintf(f, "One-way latency in ns, median of each pair's samples; CPUs in "
	    "topology order\n(SMT siblings adjacent, cores by cache group and package). "
	    "- same CPU, not measured;\n. not in the plan; ? not measured yet; "
	    "! failed; ~ disturbed by other work.\n\n");
	fprintf(f, "%*s", w, "");
	for (j = 0; j < c->plan.ncpus; j++)
		fprintf(f, "%*d", w, c->plan.cpus[j]);
	fputc('\n', f);
	for (i = 0; i < c->plan.ncpus; i++) {
		fprintf(f, "%*d", w, c->plan.cpus[i]);
		for (j = 0; j < c->plan.ncpus; j++) {
			c2c_cell_text(c, i, j, cell, sizeof cell);
			fprintf(f, "%*s", w, cell);
		}
		fputc('\n', f);
	}
}

/* Warn when a nearer class is slower than a farther one. */
static void
c2c_order_warnings(const struct c2c_class *cl, FILE *f)
{
	int	a, b;

	for (a = REL_SMT_SIBLING; a < REL_COUNT; a++)
		for (b = a + 1; b < REL_COUNT; b++)
			if (isfinite(cl[a].median) && isfinite(cl[b].median) &&
			    cl[a].median > cl[b].median * 1.1)
				fprintf(f, "warning: %s pairs (median %.1f ns) are slower than "
				    "%s pairs (%.1f ns): the topology and the hardware disagree\n",
				    cl[a].name, cl[a].median, cl[b].name, cl[b].median);
}

/* The warnings: pairs out of their class, failed, disturbed; the class order. */
static void
c2c_warnings_text(const struct c2c *c, const struct c2c_class *cl, FILE *f)
{
	const struct c2c_pair	*p;
	const struct c2c_class	*k;
	char			 st[512];
	int			 i, n = 0;

	for (i = 0; c->res != NULL && i < c->plan.npairs; i++) {
		p = &c->plan.pairs[i];
		k = &cl[p->rel];
		if (!c2c_outlier(c, k, i) && c->res[i].state != C2C_FAILED &&
		    !c->res[i].disturbed)
			continue;
		if (n++ >= C2C_WARN_MAX)
			continue;
		if (c2c_outlier(c, k, i))
			fprintf(f, "warning: CPUs %d and %d (%s): %.1f ns, %.1fx the class "
			    "median %.1f ns\n", p->a, p->b, k->name, c->res[i].ns,
			    c->res[i].ns / k->median, k->median);
		else {
			c2c_status(c, i, st, sizeof st);
			fprintf(f, "warning: CPUs %d and %d: %s\n", p->a, p->b, st);
		}
	}
	if (n > C2C_WARN_MAX)
		fprintf(f, "... and %d more pairs out of class, failed or disturbed "
		    "(--json or --csv lists every pair)\n", n - C2C_WARN_MAX);
	c2c_order_warnings(cl, f);
}

/* How long the measurement took against its estimate, and why when well past it. */
static void
c2c_took(const struct c2c *c, char *buf, size_t len)
{
	struct eta	e;

	eta_start(&e, c->est_s, 0, 0, 0);
	e.took_s = c->elapsed_s;
	eta_took(&e, buf, len);
}

/* The matrix, the summary by class and the warnings, as text. */
void
c2c_report_text(const struct c2c *c, FILE *f)
{
	struct c2c_class	 cl[C2C_NCLASSES];
	struct report_table	*t;
	char			 took[512];

	c2c_matrix_text(c, f);
	c2c_classes(c, cl);
	fprintf(f, "\nBy relation class: the median of the pairs' medians \u00b1 half the "
	    "middle 80%%,\nthe range from the fastest pair to the slowest; pairs others "
	    "disturbed left\nout, unless all were (then ~); outliers: pairs out of their "
	    "class:\n");
	t = c2c_class_table(c, cl);
	report_write_text(t, f);
	report_free(t);
	if (c->plan.nnuma < 2)
		fprintf(f, "(one NUMA node: no NUMA classes)\n");
	fputc('\n', f);
	c2c_warnings_text(c, cl, f);
	if (c->ndone < c->plan.npairs && !c->dry_run)
		fprintf(f, "Partial: %d of %d pair%s measured%s.\n", c->ndone, c->plan.npairs,
		    c->plan.npairs == 1 ? "" : "s", c->signo != 0 ? " before the signal" : "");
	if (c->hypervisor[0])
		fprintf(f, "Under %s: the host's placement of the virtual CPUs decides what "
		    "was measured.\n", c->hypervisor);
	if (c->live && c->ndone > 0) {
		c2c_took(c, took, sizeof took);
		fprintf(f, "The measurement %s.\n", took);
	}
}

/* The matrix as JSON: rows of numbers, null where there is no figure. */
static void
c2c_matrix_json(const struct c2c *c, struct jsonw *w)
{
	const struct c2c_result	*r;
	int			 i, j, k;

	jsonw_key_array(w, "matrix");
	for (i = 0; i < c->plan.ncpus; i++) {
		jsonw_array(w);
		for (j = 0; j < c->plan.ncpus; j++) {
			k = i == j ? -1 : c->plan.cell[i * c->plan.ncpus + j];
			r = k != -1 && c->res != NULL ? &c->res[k] : NULL;
			jsonw_num(w, r != NULL && r->state == C2C_DONE ? r->ns : NAN);
		}
		jsonw_array_end(w);
	}
	jsonw_array_end(w);
}

/* The head of the JSON object: facts and plan. */
static void
c2c_json_head(const struct c2c *c, struct jsonw *w)
{
	struct machine	mc;
	char		took[512];
	int		i;

	/* Self-describing as every result: kind and the machine object. */
	machine_fill(&mc, c->m, NULL, NULL);
	jsonw_key_str(w, "kind", "c2c");
	machine_json(&mc, w);
	jsonw_key_str(w, "cpu", c->machine);
	jsonw_key_str(w, "hypervisor", c->hypervisor);
	jsonw_key_str(w, "topology", c->m->source_name);
	jsonw_key_bool(w, "measured", c->live);
	jsonw_key_str(w, "mode", c2c_mode_name(c->plan.mode));
	jsonw_key_str(w, "selection", c2c_select_name(c->plan.sel));
	jsonw_key_int(w, "samples", c->plan.samples);
	jsonw_key_int(w, "round_trips", c->plan.trips);
	jsonw_key_num(w, "estimate_s", c->est_s);
	jsonw_key_num(w, "took_s", c->live ? c->elapsed_s : NAN);
	/* The older name, kept so scripts that read it do not break. */
	jsonw_key_num(w, "elapsed_s", c->live ? c->elapsed_s : NAN);
	c2c_took(c, took, sizeof took);
	jsonw_key_text(w, "took", c->live && c->ndone > 0 ? took : "");
	jsonw_key_int(w, "pairs_planned", c->plan.npairs);
	jsonw_key_int(w, "pairs_measured", c->ndone);
	report_json_signal(w, c->signo);
	jsonw_key_array(w, "cpus");
	for (i = 0; i < c->plan.ncpus; i++)
		jsonw_int(w, c->plan.cpus[i]);
	jsonw_array_end(w);
}

/* The whole run as one JSON object. */
void
c2c_report_json(const struct c2c *c, FILE *f)
{
	struct c2c_class	 cl[C2C_NCLASSES];
	struct report_table	*t;
	struct strbuf		 sb;
	struct jsonw		 w;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	c2c_json_head(c, &w);
	jsonw_key(&w, "pairs");
	t = c2c_pairs_table(c);
	report_write_json(t, &w);
	report_free(t);
	c2c_classes(c, cl);
	jsonw_key(&w, "classes");
	t = c2c_class_table(c, cl);
	report_write_json(t, &w);
	report_free(t);
	c2c_matrix_json(c, &w);
	jsonw_end_report(&w, f);
}

/* One CSV row per pair. */
void
c2c_report_csv(const struct c2c *c, FILE *f)
{
	struct report_table	*t = c2c_pairs_table(c);

	report_write_csv(t, f);
	report_free(t);
}
