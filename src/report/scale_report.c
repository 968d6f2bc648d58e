/*
 * scale_report.c: check --scale as text (the plan, each kernel's steps,
 * the summary, all within 80 columns), JSON (the plan and the figures
 * with their spread), CSV (one row per kernel and step, with its unit)
 * and SVG (one bar per kernel per step: its throughput against one copy).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/jsonw.h"
#include "base/safefile.h"
#include "base/util.h"
#include "exp/scale/scale.h"
#include "model/machine.h"
#include "report/report.h"
#include "report/reports.h"
#include "report/svg.h"

/* "2 cores, 2 logical CPUs, no SMT" and the like. */
static void
scale_machine_words(const struct scale *s, char *buf, size_t len)
{
	snprintf(buf, len, "%d core%s, %d logical CPU%s (%s), %d NUMA node%s",
	    s->ncores, s->ncores == 1 ? "" : "s", s->nthreads, s->nthreads == 1 ? "" :
	    "s", s->smt ? "SMT" : "no SMT", s->nnuma, s->nnuma == 1 ? "" : "s");
}

/* The CPUs of a step in words: "CPU 0", "64 copies, CPUs 0-63". */
static void
scale_cpus_words(const struct scale_step *st, char *buf, size_t len)
{
	struct cpuset	set;
	char		list[4096];
	int		i;

	cpuset_zero(&set);
	for (i = 0; i < st->r.ncpus; i++)
		cpuset_set(&set, st->r.cpu[i].cpu);
	cpuset_format(&set, list, sizeof list);
	if (st->ncopies == 1)
		snprintf(buf, len, "CPU %s", list);
	else if (strlen(list) <= 28)
		snprintf(buf, len, "%d copies, CPUs %s", st->ncopies, list);
	else {
		/* the list cut at a comma */
		for (i = 24; i > 0 && list[i] != ','; i--)
			;
		snprintf(buf, len, "%d copies, CPUs %.*s,...", st->ncopies, i, list);
	}
}

/* Why the SMT yield is empty, "" when it is not. */
static const char *
scale_no_smt(const struct scale *s)
{
	if (s->smt)
		return "";
	if (s->m->summary.smt_width_max > 1)
		return "no allowed core has two allowed CPUs";
	return "no core has a second thread";
}

/* The plan, before it runs. */
void
scale_report_plan(const struct scale *s, FILE *f)
{
	const struct scale_kernel	*kk = &s->k[0];
	char				 words[200], cpus[120];
	int				 j, k;

	scale_machine_words(s, words, sizeof words);
	fprintf(f, "check --scale: %s\n", words);
	fprintf(f, "  kernels:");
	for (k = 0; k < s->nkern; k++)
		fprintf(f, "%s %s", k ? "," : "", s->k[k].text);
	fprintf(f, "; %d rounds a step, all its copies at once\n", s->nrounds);
	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		if (k > 0 && kk->nsteps == s->k[0].nsteps)
			continue;
		fprintf(f, "  steps%s%s:\n", s->nkern > 1 ? " of " : "", s->nkern > 1 ?
		    kk->text : "");
		for (j = 0; j < kk->nsteps; j++) {
			scale_cpus_words(&kk->st[j], cpus, sizeof cpus);
			fprintf(f, "    %-24.24s %s\n", kk->st[j].name, cpus);
		}
	}
	if (!s->smt)
		fprintf(f, "  one per CPU: not a step: %s\n", scale_no_smt(s));
	fprintf(f, "  plan: about %.0f s%s\n", s->est_s, s->dry_run ?
	    " (dry run: nothing measured)" : "");
}

/* A figure in the kernel's display unit, "-" none. */
static const char *
scale_num(const struct rounds *r, double v, char *buf, size_t len)
{
	if (!(v > 0))
		return "-";
	return fmt_num(buf, len, kernel_display(r->k, v), FMT_SIG3, 0);
}

/* A ratio with its spread: "1.21 ±0.04", "n/a". */
static const char *
scale_ratio(double v, double sp, char *buf, size_t len)
{
	if (!isfinite(v))
		snprintf(buf, len, "n/a");
	else if (isfinite(sp) && sp > 0)
		snprintf(buf, len, "%.2f \u00b1%.2f", v, v * sp);
	else
		snprintf(buf, len, "%.2f", v);
	return buf;
}

/* The steps a kernel's verdict figure needs: one copy, all cores, all CPUs. */
static int
scale_needs(const struct scale *s, const struct scale_kernel *kk, int j)
{
	return j == kk->one || j == kk->cores || (s->smt && j == kk->threads);
}

/*
 * The verdict line: with SMT "SMT yield (all CPUs over all cores): int 1.21,
 * fp 1.03", without "No SMT; all cores over one copy each: int 1.08, fp 0.99",
 * or "not measurable now: others used 0.5 CPUs; rerun when quiet" when others'
 * work left a kernel without its figure (the figures that were had, first).
 */
enum verdict
scale_verdict(const struct scale *s, char *buf, size_t len)
{
	const struct scale_kernel	*kk;
	double				 v, busy = 0;
	size_t				 n;
	int				 k, j, known = 0, missing = 0;

	n = (size_t)snprintf(buf, len, "%s", s->smt ? "SMT yield (all CPUs over all "
	    "cores):" : "No SMT; all cores over one copy each:");
	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		v = s->smt ? kk->yield : kk->eff;
		for (j = 0; j < kk->nsteps; j++)
			if (scale_needs(s, kk, j) && kk->st[j].nfull == 0)
				busy = fmax(busy, kk->st[j].foreign);
		if (!isfinite(v)) {
			missing++;
			continue;
		}
		if (n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s %s %.2f", known ?
			    "," : "", kk->text, v);
		known++;
	}
	if (missing == 0)
		return VERDICT_TOLD;
	if (known == 0)
		n = 0;
	else if (n < len)
		n += (size_t)snprintf(buf + n, len - n, "; the rest ");
	if (n >= len)
		return VERDICT_BUSY;
	if (s->failed)
		snprintf(buf + n, len - n, "not measurable: the run failed");
	else if (busy >= 0.05)
		snprintf(buf + n, len - n, "not measurable now: others used %.1f CPUs; "
		    "rerun when quiet", busy);
	else
		snprintf(buf + n, len - n, "not measurable now: others' work disturbed "
		    "every round; rerun when quiet");
	return s->failed ? VERDICT_TOLD : VERDICT_BUSY;
}

/* The figures, after it ran. */
void
scale_report_text(const struct scale *s, FILE *f)
{
	const struct scale_kernel	*kk;
	const struct scale_step		*st, *one;
	char				 a[32], b[32], c[48], verdict[600];
	int				 k, j;

	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		one = &kk->st[kk->one];
		fprintf(f, "\n%s (%s)%*s copies     total   spread  per copy  x one\n",
		    kk->text, one->r.k->unit, (int)(28 - strlen(kk->text) -
		    strlen(one->r.k->unit) - 3 > 0 ? 28 - strlen(kk->text) -
		    strlen(one->r.k->unit) - 3 : 1), "");
		for (j = 0; j < kk->nsteps; j++) {
			st = &kk->st[j];
			if (isfinite(st->spread))
				snprintf(c, sizeof c, "%.1f %%", 100 * st->spread);
			else
				snprintf(c, sizeof c, "-");
			if (st->nfull == 0 && st->total_all > 0) {
				/* others' work: the rate it got, marked ~ */
				snprintf(c, sizeof c, "~%s", scale_num(&st->r,
				    st->total_all, a, sizeof a));
				fprintf(f, "  %-24.24s %8d %9s %8s %9s", st->name,
				    st->ncopies, c, "-", "-");
			} else
				fprintf(f, "  %-24.24s %8d %9s %8s %9s", st->name,
				    st->ncopies, scale_num(&st->r, st->total, a, sizeof a),
				    c, scale_num(&st->r, st->total / st->ncopies, b,
				    sizeof b));
			if (st->total > 0 && one->total > 0)
				fprintf(f, " %6.2f\n", st->total / one->total);
			else
				fprintf(f, " %6s\n", st->nfull == 0 ? "~" : "-");
			if (st->nfull < st->r.nrounds)
				fprintf(f, "    %d of %d rounds had a copy disturbed by others' "
				    "work%s\n", st->r.nrounds - st->nfull, st->r.nrounds,
				    st->nfull == 0 ? ": no figure" : "");
			if (st->nfull < st->r.nrounds && st->who[0] != '\0')
				fprintf(f, "    most: %s\n", st->who);
		}
	}
	fprintf(f, "\n%-10s %-22s %s\n", "kernel", "all-core efficiency",
	    "SMT yield");
	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		fprintf(f, "%-10.10s %-22s %s\n", kk->text, scale_ratio(kk->eff,
		    kk->eff_spread, a, sizeof a), s->smt ? scale_ratio(kk->yield,
		    kk->yield_spread, b, sizeof b) : "-");
	}
	fprintf(f, "all-core efficiency: all cores' throughput over %d x one copy's\n",
	    s->ncores);
	for (k = 0; k < s->nkern && isfinite(s->k[k].eff); k++)
		;
	if (k < s->nkern)
		fprintf(f, "n/a: a step without one round free of others' work (rerun "
		    "when quiet)\n");
	if (s->smt)
		fprintf(f, "SMT yield: one copy per logical CPU (%d) over one per core "
		    "(%d)\n", s->nthreads, s->ncores);
	else
		fprintf(f, "SMT yield empty: %s\n", scale_no_smt(s));
	if (s->failed)
		fprintf(f, "failed: %s\n", s->error);
	fprintf(f, "took %.1f s\n", s->elapsed_s);
	/* the verdict last (folded, where long, with the rest of the text) */
	scale_verdict(s, verdict, sizeof verdict);
	fprintf(f, "%s\n", verdict);
}

/* The verdict in JSON: "verdict_busy" (exit status 3) and "verdict". */
static void
scale_json_verdict(const struct scale *s, struct jsonw *w)
{
	char	verdict[600];

	jsonw_key_bool(w, "verdict_busy", scale_verdict(s, verdict, sizeof verdict) ==
	    VERDICT_BUSY);
	jsonw_key_str(w, "verdict", verdict);
}

/* The whole run (or its plan) as one JSON object. */
void
scale_report_json(const struct scale *s, FILE *f)
{
	const struct scale_kernel	*kk;
	const struct scale_step		*st;
	struct machine			 mc;
	struct strbuf			 sb;
	struct jsonw			 w;
	int				 k, j, i;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "check-scale");
	machine_fill(&mc, s->m, NULL, NULL);
	machine_json(&mc, &w);
	jsonw_key_bool(&w, "measured", !s->dry_run);
	jsonw_key_str(&w, "allowed", s->allowed);
	jsonw_key_int(&w, "cores", s->ncores);
	jsonw_key_int(&w, "cpus", s->nthreads);
	jsonw_key_int(&w, "numa_nodes", s->nnuma);
	jsonw_key_bool(&w, "smt", s->smt);
	jsonw_key_text(&w, "smt_why_empty", scale_no_smt(s));
	jsonw_key_int(&w, "rounds", s->nrounds);
	jsonw_key_num(&w, "estimate_s", s->est_s);
	jsonw_key_num(&w, "took_s", s->dry_run ? NAN : s->elapsed_s);
	if (!s->dry_run)
		scale_json_verdict(s, &w);
	jsonw_key_array(&w, "kernels");
	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		jsonw_object(&w);
		jsonw_key_str(&w, "kernel", kk->text);
		jsonw_key_str(&w, "unit", kk->st[0].r.k->unit);
		jsonw_key_num(&w, "all_core_efficiency", kk->eff);
		jsonw_key_num(&w, "all_core_efficiency_spread", kk->eff_spread);
		jsonw_key_num(&w, "smt_yield", kk->yield);
		jsonw_key_num(&w, "smt_yield_spread", kk->yield_spread);
		jsonw_key_array(&w, "steps");
		for (j = 0; j < kk->nsteps; j++) {
			st = &kk->st[j];
			jsonw_object(&w);
			jsonw_key_str(&w, "step", st->name);
			jsonw_key_str(&w, "kind", st->kind == SCALE_ONE ? "one" :
			    st->kind == SCALE_NODES ? "numa" : st->kind == SCALE_CORES ?
			    "cores" : "threads");
			if (st->kind == SCALE_NODES)
				jsonw_key_int(&w, "numa_nodes", st->nodes);
			jsonw_key_int(&w, "copies", st->ncopies);
			jsonw_key_array(&w, "cpus");
			for (i = 0; i < st->r.ncpus; i++)
				jsonw_int(&w, st->r.cpu[i].cpu);
			jsonw_array_end(&w);
			jsonw_key_num(&w, "estimate_s", scale_step_estimate(st));
			if (!s->dry_run) {
				jsonw_key_int(&w, "rounds_full", st->nfull);
				jsonw_key_num(&w, "total", st->total > 0 ?
				    kernel_display(st->r.k, st->total) : NAN);
				jsonw_key_num(&w, "min", st->lo > 0 ?
				    kernel_display(st->r.k, st->lo) : NAN);
				jsonw_key_num(&w, "max", st->hi > 0 ?
				    kernel_display(st->r.k, st->hi) : NAN);
				jsonw_key_num(&w, "spread", st->spread);
				jsonw_key_num(&w, "total_all_rounds", st->total_all > 0 ?
				    kernel_display(st->r.k, st->total_all) : NAN);
				jsonw_key_text(&w, "disturbed_by", st->who);
			}
			jsonw_object_end(&w);
		}
		jsonw_array_end(&w);
		jsonw_object_end(&w);
	}
	jsonw_array_end(&w);
	jsonw_key_int(&w, "offered", s->offered);
	report_json_signal(&w, s->signo);
	jsonw_key_text(&w, "error", s->error);
	jsonw_end_report(&w, f);
}

enum {
	SLCSV_KERNEL, SLCSV_STEP, SLCSV_COPIES, SLCSV_UNIT, SLCSV_TOTAL, SLCSV_MIN,
	SLCSV_MAX, SLCSV_SPREAD, SLCSV_XONE, SLCSV_EFF, SLCSV_YIELD, SLCSV_STATUS,
	SLCSV_NCOLS
};
static const struct report_col scale_csv_cols[SLCSV_NCOLS] = {
	{ "kernel", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "step", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "copies", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "unit", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "total", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "min", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "max", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "spread", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "x_one_copy", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "all_core_efficiency", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "smt_yield", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "status", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
};

/* One CSV row per kernel and step. */
void
scale_report_csv(const struct scale *s, FILE *f)
{
	struct report_table		*t = report_new(scale_csv_cols, SLCSV_NCOLS);
	const struct scale_kernel	*kk;
	const struct scale_step		*st, *one;
	int				 k, j, row;

	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		one = &kk->st[kk->one];
		for (j = 0; j < kk->nsteps; j++) {
			st = &kk->st[j];
			row = report_add_row(t);
			report_set_text(t, row, SLCSV_KERNEL, "%s", kk->text);
			report_set_text(t, row, SLCSV_STEP, "%s", st->name);
			report_set_text(t, row, SLCSV_COPIES, "%d", st->ncopies);
			report_set_text(t, row, SLCSV_UNIT, "%s", st->r.k->unit);
			report_set_num(t, row, SLCSV_TOTAL, st->total > 0 ?
			    kernel_display(st->r.k, st->total) : NAN, NULL, REPORT_NEUTRAL);
			report_set_num(t, row, SLCSV_MIN, st->lo > 0 ?
			    kernel_display(st->r.k, st->lo) : NAN, NULL, REPORT_NEUTRAL);
			report_set_num(t, row, SLCSV_MAX, st->hi > 0 ?
			    kernel_display(st->r.k, st->hi) : NAN, NULL, REPORT_NEUTRAL);
			report_set_num(t, row, SLCSV_SPREAD, st->spread, NULL,
			    REPORT_NEUTRAL);
			report_set_num(t, row, SLCSV_XONE, st->total > 0 && one->total > 0 ?
			    st->total / one->total : NAN, NULL, REPORT_NEUTRAL);
			report_set_num(t, row, SLCSV_EFF, kk->eff, NULL, REPORT_NEUTRAL);
			report_set_num(t, row, SLCSV_YIELD, kk->yield, NULL, REPORT_NEUTRAL);
			report_set_text(t, row, SLCSV_STATUS, "%s", s->dry_run ?
			    "planned" : st->nfull > 0 ? "ok" : "disturbed: others' work");
		}
	}
	report_write_csv(t, f);
	report_free(t);
}

/* One bar per kernel per step: its throughput against one copy's. */
int
scale_svg_write(const struct scale *s, const char *path, char *err, size_t errlen)
{
	const struct scale_kernel	*kk;
	const struct scale_step		*st, *one;
	struct svg_bar			*b;
	struct safefile			 sf;
	char				 v[32];
	int				 k, j, n = 0, rc;

	b = xcalloc((size_t)s->nkern * SCALE_MAX_STEPS + 1, sizeof *b);
	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		one = &kk->st[kk->one];
		for (j = 0; j < kk->nsteps; j++, n++) {
			st = &kk->st[j];
			if (j == 0)
				snprintf(b[n].group, sizeof b[n].group, "%s (%s)%s%s", kk->text,
				    st->r.k->unit, s->smt ? "" : "; SMT yield empty: ",
				    s->smt ? "" : "no second threads");
			snprintf(b[n].label, sizeof b[n].label, "%s (%d)", st->name,
			    st->ncopies);
			b[n].value = st->total > 0 && one->total > 0 ? st->total /
			    one->total : NAN;
			b[n].kind = 1;
			snprintf(b[n].text, sizeof b[n].text, "%s %s, x%.2f",
			    scale_num(&st->r, st->total, v, sizeof v), st->r.k->unit,
			    b[n].value);
		}
	}
	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1) {
		free(b);
		return -1;
	}
	svg_bars_ref(sf.f, "smtscope check --scale", "Each step's throughput (all its "
	    "copies at once) against one copy on one CPU.", b, n, 1.0, "1 = one copy");
	rc = safefile_close(&sf, 1, err, errlen);
	free(b);
	return rc;
}
