/*
 * scan_report.c: `smtscope check --capacity` as text (80 columns: the plan,
 * a map of every CPU in topology order, the outliers, the CPUs in two
 * levels, others' work, how a core's threads compare, the sums per group,
 * the noise floor), JSON and CSV (one row per kernel and CPU, a unit
 * column).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/jsonw.h"
#include "base/util.h"
#include "exp/capacity/scan.h"
#include "model/machine.h"
#include "report/report.h"
#include "report/fold.h"
#include "report/reports.h"

#define SCAN_COLS	80	/* text fits this */
#define SCAN_TABLE_MAX	64	/* the per-CPU table in text up to this many CPUs */
#define SCAN_LIST_MAX	12	/* CPUs named per list in text; the rest counted */

/* Print lead then text wrapped at SCAN_COLS, continuation lines indented by ind. */
void
scan_report_wrap(FILE *f, const char *lead, int ind, const char *text)
{
	const char	*p = text, *brk;
	int		 col = fprintf(f, "%s", lead), room;

	while (*p != '\0') {
		room = SCAN_COLS - 1 - col;
		if ((int)util_utf8_len(p) > 0 && (int)strlen(p) <= room) {
			fprintf(f, "%s", p);
			break;
		}
		for (brk = p + room; brk > p && !fold_space(p, strlen(p), (size_t)(brk - p));
		    brk--)
			;
		if (brk == p && (brk = strchr(p, ' ')) == NULL) {
			fprintf(f, "%s", p);
			break;
		}
		fprintf(f, "%.*s\n%*s", (int)(brk - p), p, ind, "");
		col = ind;
		p = brk + 1;
	}
	fputc('\n', f);
}

/* A rate in the kernel's displayed unit, three digits. */
static char *
scan_num(const struct rounds *r, double rate, char *buf, size_t len)
{
	return fmt_num(buf, len, rate > 0 ? kernel_display(r->k, rate) : NAN, FMT_SIG3, 0);
}

/* The plan and the facts, before measuring. */
void
scan_report_plan(const struct scan *s, FILE *f)
{
	char	buf[600], how[160];
	int	k;

	fprintf(f, "smtscope check --capacity on %s\n", s->live ? "this machine" :
	    s->m->source_name);
	if (s->ci.brand[0] == '\0' && s->ci.vendor[0] == '\0')
		snprintf(buf, sizeof buf, "not named by %s", s->live ? "this machine" :
		    "the topology");
	else
		snprintf(buf, sizeof buf, "%s (%s)%s%s", s->ci.brand[0] ? s->ci.brand :
		    "unnamed", s->ci.vendor[0] ? s->ci.vendor : "unknown vendor",
		    s->ci.hypervisor[0] ? ", under " : "", s->ci.hypervisor);
	scan_report_wrap(f, "  CPU        ", 13, buf);
	if (s->nallowed < s->nonline)
		snprintf(buf, sizeof buf, "%d of %d online: this process may use CPU%s %s "
		    "only (taskset or a cgroup); the scan measures %s and says nothing of "
		    "the others", s->nallowed, s->nonline, s->nallowed > 1 ? "s" : "",
		    s->allowed, s->nallowed > 1 ? "those" : "it");
	else
		snprintf(buf, sizeof buf, "%d allowed, all online ones (%s)", s->nallowed,
		    s->allowed);
	scan_report_wrap(f, "  CPUs       ", 13, buf);
	if (s->live) {
		snprintf(buf, sizeof buf, "%s%s; CPPC highest_perf %s; ITMT %s",
		    s->mhz_src[0] ? "MHz per CPU from " : "no MHz per CPU here",
		    s->mhz_src, s->fact[s->r[0].cpu[0].cpu].cppc >= 0 ? "per CPU" :
		    "not in sysfs", s->itmt == 1 ? "on" : s->itmt == 0 ? "off" :
		    "not in procfs");
		scan_report_wrap(f, "  clock      ", 13, buf);
	}
	for (k = 0; k < s->nkern; k++) {
		scan_how_text(s, k, how, sizeof how);
		snprintf(buf, sizeof buf, "%s alone on %d CPU%s, %d interleaved rounds, %s: "
		    "%d windows of %.2f s or less", s->r[k].ktext, s->r[k].ncpus,
		    s->r[k].ncpus == 1 ? "" : "s", s->r[k].nrounds, how,
		    s->r[k].nrounds * s->r[k].slots, rounds_slot_s(&s->r[k]));
		scan_report_wrap(f, k == 0 ? "\nPlan: " : "      ", 6, buf);
	}
	snprintf(buf, sizeof buf, "%s; about %.0f s in all", s->how_why, ceil(s->est_s));
	scan_report_wrap(f, "      why: ", 11, buf);
}

/* A map cell: "12 9.73!" (the CPU, its median, its mark). */
static void
scan_cell(const struct rounds *r, int i, char *buf, size_t len)
{
	const struct rounds_cpu	*c = &r->cpu[i];
	char			 num[32];

	if (c->n == 0 && c->all > 0)
		snprintf(buf, len, "%d ~%s", c->cpu, scan_num(r, c->all, num, sizeof num));
	else if (c->n == 0)
		snprintf(buf, len, "%d ?", c->cpu);
	else
		snprintf(buf, len, "%d %s%s", c->cpu, scan_num(r, c->median, num, sizeof num),
		    c->outlier ? "!" : c->two_levels ? "=" : "");
}

/* The map: each cache group's CPUs in topology order, as many a line as fit. */
static void
scan_map(const struct scan *s, int k, FILE *f)
{
	const struct rounds	*r = &s->r[k];
	struct scan_group	*g;
	char			 cell[64], name[64], num[32], head[200];
	int			 n = scan_groups(s, k, SCAN_CACHE, &g), w = 0, j, i, col;
	int			 last = 0;

	for (i = 0; i < r->ncpus; i++) {
		scan_cell(r, i, cell, sizeof cell);
		if ((int)strlen(cell) > w)
			w = (int)strlen(cell);
	}
	for (j = 0; j < n; j++) {
		scan_group_name(s, &g[j], name, sizeof name);
		snprintf(head, sizeof head, "  %s: %d CPU%s, sum %s %s", name, g[j].ncpus,
		    g[j].ncpus == 1 ? "" : "s", scan_num(r, g[j].sum, num, sizeof num),
		    r->k->higher_is_better ? r->k->unit : "(rates summed)");
		fprintf(f, "%s\n", head);
		col = 0;
		for (i = 0; i < r->ncpus; i++) {
			if (g[j].id != -1 && scan_group_of(s->m, r->cpu[i].cpu, SCAN_CACHE) !=
			    g[j].id)
				continue;
			scan_cell(r, i, cell, sizeof cell);
			if (col + w + 2 > SCAN_COLS - 4) {
				fputc('\n', f);
				col = 0;
			}
			/* Padded to the cell's width from the second cell on: no trailing blank. */
			col += fprintf(f, "%*s%s", col == 0 ? 4 : 2 + w - last, "", cell);
			last = (int)strlen(cell);
		}
		fputc('\n', f);
	}
	free(g);
}

/* The per-CPU table: median, range, spread between rounds, rounds, note. */
static void
scan_cpu_table(const struct scan *s, int k, FILE *f)
{
	static const struct report_col cols[] = {
		{ NULL, "CPU", 3, 1, 2, 0, FMT_SIG3, 0 },
		{ NULL, "core", 4, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "median", 6, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "min-max", 7, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "moved", 5, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "rounds", 6, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "note", 0, 0, 0, 0, FMT_SIG3, 0 },
	};
	const struct rounds	*r = &s->r[k];
	const struct rounds_cpu	*c;
	struct report_table	*t = report_new(cols, 7);
	char			 a[32], b[32];
	int			 i, row;

	report_set_layout(t, 2, 1);
	for (i = 0; i < r->ncpus; i++) {
		c = &r->cpu[i];
		row = report_add_row(t);
		report_set_text(t, row, 0, "%d", c->cpu);
		report_set_text(t, row, 1, "%d", s->m->cores[topo_pu_by_os(s->m,
		    c->cpu)->core].logical_index);
		if (c->n == 0 && c->all > 0)
			report_set_text(t, row, 2, "~%s", scan_num(r, c->all, a, sizeof a));
		else
			report_set_text(t, row, 2, "%s", scan_num(r, c->median, a, sizeof a));
		if (c->n > 0)
			report_set_text(t, row, 3, "%s-%s", scan_num(r,
			    r->k->higher_is_better ? c->min : c->max, a, sizeof a),
			    scan_num(r, r->k->higher_is_better ? c->max : c->min, b,
			    sizeof b));
		else
			report_set_text(t, row, 3, "-");
		report_set_text(t, row, 4, "%s", isfinite(c->spread) ? fmt_num(a, sizeof a,
		    100 * c->spread, FMT_FIXED, 1) : "-");
		report_set_text(t, row, 5, "%d/%d", c->n, c->n + c->ndisturbed);
		report_set_text(t, row, 6, "%s", c->outlier ? "outlier" : c->two_levels ?
		    "two levels" : c->ndisturbed ? "others' work" : "ok");
	}
	fprintf(f, "\n  Each CPU, %s: median of its undisturbed rounds, their range, how\n"
	    "  far they moved (%% of the median), rounds counted of those measured\n\n",
	    r->k->unit);
	report_write_text(t, f);
	report_free(t);
}

/* The CPUs of a kind, each with its words; the rest counted past SCAN_LIST_MAX. */
static void
scan_list(const struct scan *s, int k, int what, const char *title, FILE *f)
{
	const struct rounds	*r = &s->r[k];
	const struct rounds_cpu	*c;
	char			 line[900], words[700], a[32], b[32];
	int			 i, n = 0, more = 0;

	for (i = 0; i < r->ncpus; i++) {
		c = &r->cpu[i];
		if ((what == 0 && !c->outlier) || (what == 1 && !c->two_levels) ||
		    (what == 2 && c->ndisturbed == 0))
			continue;
		if (n++ == 0)
			fprintf(f, "\n%s\n", title);
		if (n > SCAN_LIST_MAX) {
			more++;
			continue;
		}
		if (what == 0) {
			scan_known(s, k, i, words, sizeof words);
			snprintf(line, sizeof line, "%s %s, %.0f %% below the median (its "
			    "rounds moved %.0f %%)%s%s", scan_num(r, c->median, a, sizeof a),
			    r->k->unit, 100 * c->below, 100 * (isfinite(c->spread) ?
			    c->spread : 0), *words ? "; " : "", words);
		} else if (what == 1)
			scan_levels_text(s, k, i, line, sizeof line);
		else {
			scan_who_text(s, k, i, words, sizeof words);
			snprintf(line, sizeof line, "others' work in %d of %d rounds, not "
			    "capacity%s%s", c->ndisturbed, c->n + c->ndisturbed, *words ?
			    ": " : "", words);
		}
		snprintf(a, sizeof a, "  CPU %d: ", c->cpu);
		scan_report_wrap(f, a, 6, line);
	}
	if (more > 0)
		fprintf(f, "  and %d more (--json or --csv lists every CPU)\n", more);
	(void)b;
}

/* How each core's threads compare, where the machine reports SMT. */
static void
scan_smt(const struct scan *s, int k, FILE *f)
{
	struct scan_group	*g;
	char			 name[64], words[200], lead[80];
	int			 n = scan_groups(s, k, SCAN_CORE, &g), j, shown = 0, alike = 0;

	for (j = 0; j < n; j++) {
		scan_smt_text(s, k, &g[j], words, sizeof words);
		if (*words == '\0')
			continue;
		if (shown == 0)
			fprintf(f, "\nThreads of each core, each alone (SMT reported here):\n");
		if (strstr(words, " alike ") != NULL && ++alike > SCAN_LIST_MAX / 2)
			continue;
		if (++shown > SCAN_LIST_MAX)
			continue;
		scan_group_name(s, &g[j], name, sizeof name);
		snprintf(lead, sizeof lead, "  %s: ", name);
		scan_report_wrap(f, lead, 6, words);
	}
	if (shown > SCAN_LIST_MAX || alike > SCAN_LIST_MAX / 2)
		fprintf(f, "  (%d cores of several threads, %d alike; --json lists each)\n",
		    shown, alike);
	free(g);
}

/* The sums per cache group, NUMA node and package (and core, for few cores). */
static void
scan_sums(const struct scan *s, int k, FILE *f)
{
	static const struct report_col cols[] = {
		{ NULL, "group", 10, 0, 2, 0, FMT_SIG3, 0 },
		{ NULL, "CPUs", 4, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "measured", 8, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "sum", 6, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "slowest", 7, 1, 0, 0, FMT_SIG3, 0 },
		{ NULL, "fastest", 7, 1, 0, 0, FMT_SIG3, 0 },
	};
	const struct rounds	*r = &s->r[k];
	struct report_table	*t = report_new(cols, 6);
	struct scan_group	*g;
	char			 name[64], a[32];
	int			 l, j, n, row;

	report_set_layout(t, 2, 1);
	for (l = s->m->ncores <= 16 ? SCAN_CORE : SCAN_CACHE; l < SCAN_NLEVELS; l++) {
		n = scan_groups(s, k, (enum scan_level)l, &g);
		for (j = 0; j < n; j++) {
			row = report_add_row(t);
			scan_group_name(s, &g[j], name, sizeof name);
			report_set_text(t, row, 0, "%s", name);
			report_set_text(t, row, 1, "%d", g[j].ncpus);
			report_set_text(t, row, 2, "%d", g[j].nmeasured);
			report_set_text(t, row, 3, "%s", scan_num(r, g[j].sum, a, sizeof a));
			report_set_text(t, row, 4, "%s", scan_num(r, r->k->higher_is_better ?
			    g[j].lo : g[j].hi, a, sizeof a));
			report_set_text(t, row, 5, "%s", scan_num(r, r->k->higher_is_better ?
			    g[j].hi : g[j].lo, a, sizeof a));
		}
		free(g);
	}
	fprintf(f, "\nSummed per group (each CPU's median alone, %s%s):\n\n", r->k->unit,
	    r->k->higher_is_better ? "" : "; the sum of a time is its rates' sum");
	report_write_text(t, f);
	report_free(t);
}

/* One kernel's results as text. */
static void
scan_text_kernel(const struct scan *s, int k, FILE *f)
{
	const struct rounds	*r = &s->r[k];
	char			 a[32], line[400];

	fprintf(f, "\n%s alone on each CPU, %s (median of %d interleaved rounds), in\n"
	    "topology order: ! below the machine's median past its spread; = two\n"
	    "levels; ~ others' work took it: the rate it got, not capacity\n\n", r->ktext, r->k->unit, r->nrounds);
	scan_map(s, k, f);
	if (r->ncpus <= SCAN_TABLE_MAX)
		scan_cpu_table(s, k, f);
	if (r->nmeasured > 0) {
		snprintf(line, sizeof line, "median %s %s over %d CPU%s; %d outlier%s, %d in "
		    "two levels", scan_num(r, r->median, a, sizeof a), r->k->unit,
		    r->nmeasured, r->nmeasured == 1 ? "" : "s", r->nout, r->nout == 1 ?
		    "" : "s", r->ntwo);
		scan_report_wrap(f, "\nMachine: ", 6, line);
	} else
		fprintf(f, "\nMachine: no CPU measured undisturbed: no capacity figure\n");
	if (isfinite(r->noise))
		snprintf(line, sizeof line, "\u00b1%.1f %%: the largest move of one CPU's "
		    "capacity between rounds (CPU %d); a difference inside it is not "
		    "distinguishable here", 100 * r->noise, r->noise_cpu);
	else
		snprintf(line, sizeof line, "n/a: no CPU has two undisturbed rounds");
	scan_report_wrap(f, "Noise floor: ", 6, line);
	scan_list(s, k, 0, "Outliers (below the machine's median by more than their "
	    "spread):", f);
	scan_list(s, k, 1, "Two levels (rounds apart by more than they wavered):", f);
	scan_list(s, k, 2, "Others' work (a CPU made busy by another process is not "
	    "capacity):", f);
	if (s->m->summary.smt_width_max > 1 && s->how != SCAN_CORES &&
	    s->how != SCAN_SAMPLE)
		scan_smt(s, k, f);
	scan_sums(s, k, f);
}

/* The results as text. */
void
scan_report_text(const struct scan *s, FILE *f)
{
	int	k;

	for (k = 0; k < s->nkern; k++)
		scan_text_kernel(s, k, f);
	if (s->signo != 0)
		fprintf(f, "\nInterrupted by signal %d: the rounds measured are above.\n",
		    s->signo);
	if (s->failed)
		fprintf(f, "\nFailed: %s\n", s->error);
	fprintf(f, "\nThe scan took %.1f s (planned about %.0f s); %d figure%s offered to "
	    "this run's\nbaselines.\n", s->elapsed_s, ceil(s->est_s), s->offered,
	    s->offered == 1 ? "" : "s");
}

/* One sample as a JSON object. */
static void
scan_json_sample(const struct rounds *r, const struct rounds_sample *x, struct jsonw *w)
{
	int	j;

	jsonw_object(w);
	jsonw_key_num(w, "rate", x->done && x->rate > 0 ? kernel_display(r->k, x->rate) :
	    NAN);
	jsonw_key_num(w, "spread", x->spread);
	jsonw_key_num(w, "cpu_share", x->share);
	jsonw_key_num(w, "others_cpus", x->foreign);
	jsonw_key_num(w, "steal_cpus", x->steal);
	jsonw_key_num(w, "mhz", x->mhz);
	jsonw_key_bool(w, "disturbed", x->disturbed);
	jsonw_key_num(w, "at_s", x->done ? x->at_s : NAN);
	jsonw_key_array(w, "others");
	for (j = 0; j < x->nwho; j++) {
		jsonw_object(w);
		jsonw_key_str(w, "comm", x->who[j].comm);
		jsonw_key_int(w, "pid", x->who[j].pid);
		jsonw_key_int(w, "cpu", x->who[j].cpu);
		jsonw_key_num(w, "share", x->who[j].share);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
	jsonw_object_end(w);
}

/* One CPU as a JSON object. */
static void
scan_json_cpu(const struct scan *s, int k, int i, struct jsonw *w)
{
	const struct rounds	*r = &s->r[k];
	const struct rounds_cpu	*c = &r->cpu[i];
	char			 words[700];
	int			 j;

	jsonw_object(w);
	jsonw_key_int(w, "cpu", c->cpu);
	jsonw_key_int(w, "core", s->m->cores[topo_pu_by_os(s->m, c->cpu)->core].logical_index);
	jsonw_key_num(w, "median", c->n ? kernel_display(r->k, c->median) : NAN);
	jsonw_key_num(w, "median_all_rounds", c->all > 0 ? kernel_display(r->k, c->all) :
	    NAN);
	jsonw_key_num(w, "min", c->n ? kernel_display(r->k, c->min) : NAN);
	jsonw_key_num(w, "max", c->n ? kernel_display(r->k, c->max) : NAN);
	jsonw_key_num(w, "spread", c->spread);
	jsonw_key_int(w, "rounds", c->n);
	jsonw_key_int(w, "rounds_disturbed", c->ndisturbed);
	jsonw_key_num(w, "mhz", c->mhz);
	jsonw_key_int(w, "cppc_highest_perf", s->fact[c->cpu].cppc);
	jsonw_key_str(w, "kind", s->fact[c->cpu].kind);
	jsonw_key_bool(w, "outlier", c->outlier);
	jsonw_key_num(w, "below_median", c->below);
	scan_known(s, k, i, words, sizeof words);
	jsonw_key_text(w, "known", c->outlier ? words : "");
	jsonw_key_bool(w, "two_levels", c->two_levels);
	jsonw_key_num(w, "level_hi", c->two_levels ? kernel_display(r->k, c->level_hi) : NAN);
	jsonw_key_num(w, "level_lo", c->two_levels ? kernel_display(r->k, c->level_lo) : NAN);
	if (c->two_levels)
		scan_levels_text(s, k, i, words, sizeof words);
	jsonw_key_text(w, "levels", c->two_levels ? words : "");
	scan_who_text(s, k, i, words, sizeof words);
	jsonw_key_text(w, "others_work", words);
	jsonw_key_array(w, "samples");
	for (j = 0; j < r->nrounds; j++)
		scan_json_sample(r, &r->s[(size_t)j * (size_t)r->ncpus + (size_t)i], w);
	jsonw_array_end(w);
	jsonw_object_end(w);
}

/* A kernel's groups at every level. */
static void
scan_json_groups(const struct scan *s, int k, struct jsonw *w)
{
	const struct rounds	*r = &s->r[k];
	struct scan_group	*g;
	char			 name[64], words[200];
	int			 l, j, n;

	jsonw_key_object(w, "groups");
	for (l = 0; l < SCAN_NLEVELS; l++) {
		jsonw_key_array(w, scan_level_name((enum scan_level)l));
		n = scan_groups(s, k, (enum scan_level)l, &g);
		for (j = 0; j < n; j++) {
			jsonw_object(w);
			scan_group_name(s, &g[j], name, sizeof name);
			jsonw_key_str(w, "name", name);
			jsonw_key_int(w, "cpus", g[j].ncpus);
			jsonw_key_int(w, "measured", g[j].nmeasured);
			jsonw_key_num(w, "sum", g[j].nmeasured ? kernel_display(r->k, g[j].sum) :
			    NAN);
			jsonw_key_num(w, "slowest", kernel_display(r->k, g[j].lo));
			jsonw_key_num(w, "fastest", kernel_display(r->k, g[j].hi));
			if (l == SCAN_CORE) {
				scan_smt_text(s, k, &g[j], words, sizeof words);
				jsonw_key_text(w, "threads", words);
			}
			jsonw_object_end(w);
		}
		free(g);
		jsonw_array_end(w);
	}
	jsonw_object_end(w);
}

/* The largest noise floor over the kernels, and whose; NAN none. */
static double
scan_noise(const struct scan *s, int *cpu, int *k)
{
	double	n = NAN;
	int	i;

	*cpu = *k = -1;
	for (i = 0; i < s->nkern; i++)
		if (isfinite(s->r[i].noise) && !(s->r[i].noise <= n)) {
			n = s->r[i].noise;
			*cpu = s->r[i].noise_cpu;
			*k = i;
		}
	return n;
}

/* The whole scan (or its plan) as one JSON object. */
void
scan_report_json(const struct scan *s, FILE *f)
{
	struct machine	 mc;
	struct strbuf	 sb;
	struct jsonw	 w;
	char		 how[160];
	int		 k, i, ncpu, nk;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "check-capacity");
	machine_fill(&mc, s->m, s->live ? &s->ci : NULL, NULL);
	machine_json(&mc, &w);
	jsonw_key_bool(&w, "measured", !s->dry_run);
	jsonw_key_str(&w, "hypervisor", s->ci.hypervisor);
	jsonw_key_int(&w, "cpus_allowed", s->nallowed);
	jsonw_key_int(&w, "cpus_online", s->nonline);
	jsonw_key_str(&w, "allowed", s->allowed);
	jsonw_key_int(&w, "rounds", s->nrounds);
	jsonw_key_str(&w, "how", s->how == SCAN_SERIAL ? "serial" : s->how == SCAN_LANES ?
	    "lanes" : s->how == SCAN_CORES ? "cores" : "sample");
	jsonw_key_str(&w, "how_why", s->how_why);
	jsonw_key_num(&w, "estimate_s", s->est_s);
	jsonw_key_num(&w, "took_s", s->dry_run ? NAN : s->elapsed_s);
	/* The older name, kept so scripts that read it do not break. */
	jsonw_key_num(&w, "elapsed_s", s->dry_run ? NAN : s->elapsed_s);
	jsonw_key_str(&w, "mhz_source", s->mhz_src);
	jsonw_key_tristate(&w, "itmt", s->itmt);
	jsonw_key_num(&w, "noise_floor", s->dry_run ? NAN : scan_noise(s, &ncpu, &nk));
	jsonw_key_array(&w, "kernels");
	for (k = 0; k < s->nkern; k++) {
		jsonw_object(&w);
		jsonw_key_str(&w, "kernel", s->r[k].ktext);
		jsonw_key_str(&w, "unit", s->r[k].k->unit);
		scan_how_text(s, k, how, sizeof how);
		jsonw_key_str(&w, "how", how);
		jsonw_key_int(&w, "windows", s->r[k].nrounds * s->r[k].slots);
		jsonw_key_int(&w, "at_once", s->r[k].parallel ? s->r[k].nlanes : 1);
		jsonw_key_num(&w, "estimate_s", scan_estimate(&s->r[k]));
		if (!s->dry_run) {
			jsonw_key_num(&w, "median", kernel_display(s->r[k].k, s->r[k].median));
			jsonw_key_num(&w, "noise_floor", s->r[k].noise);
			jsonw_key_int(&w, "noise_cpu", s->r[k].noise_cpu);
			jsonw_key_int(&w, "outliers", s->r[k].nout);
			jsonw_key_int(&w, "two_levels", s->r[k].ntwo);
			jsonw_key_array(&w, "cpus");
			for (i = 0; i < s->r[k].ncpus; i++)
				scan_json_cpu(s, k, i, &w);
			jsonw_array_end(&w);
			scan_json_groups(s, k, &w);
		} else {
			jsonw_key_array(&w, "cpus");
			for (i = 0; i < s->r[k].ncpus; i++)
				jsonw_int(&w, s->r[k].cpu[i].cpu);
			jsonw_array_end(&w);
		}
		jsonw_object_end(&w);
	}
	jsonw_array_end(&w);
	jsonw_key_int(&w, "offered", s->offered);
	report_json_signal(&w, s->signo);
	jsonw_key_text(&w, "error", s->error);
	jsonw_end_report(&w, f);
}

/* The columns of --csv: one row per kernel and CPU. */
enum {
	SCSV_KERNEL, SCSV_CPU, SCSV_CORE, SCSV_CACHE, SCSV_NUMA, SCSV_PACKAGE, SCSV_UNIT,
	SCSV_MEDIAN, SCSV_MIN, SCSV_MAX, SCSV_SPREAD, SCSV_ROUNDS, SCSV_DISTURBED,
	SCSV_TWO, SCSV_HI, SCSV_LO, SCSV_OUTLIER, SCSV_BELOW, SCSV_MHZ, SCSV_NOISE,
	SCSV_STATUS, SCSV_NCOLS
};
static const struct report_col scan_csv_cols[SCSV_NCOLS] = {
	{ "kernel", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "cpu", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "core", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "cache", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "numa", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "package", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "unit", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "median", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "min", NULL, 0, 0, 0, 0, FMT_DATA, 0 }, { "max", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "moved", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "rounds", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "rounds_disturbed", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "two_levels", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "level_hi", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "level_lo", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "outlier", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "below_median", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "mhz", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "noise_floor", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
	{ "status", NULL, 0, 0, 0, 0, FMT_DATA, 0 },
};

/* One kernel's CPU as a CSV row. */
static void
scan_csv_row(const struct scan *s, int k, int i, struct report_table *t)
{
	const struct rounds	*r = &s->r[k];
	const struct rounds_cpu	*c = &r->cpu[i];
	char			 who[700], name[64];
	struct scan_group	 g;
	int			 row = report_add_row(t), l;

	report_set_text(t, row, SCSV_KERNEL, "%s", r->ktext);
	report_set_text(t, row, SCSV_CPU, "%d", c->cpu);
	for (l = 0; l < SCAN_NLEVELS; l++) {
		memset(&g, 0, sizeof g);
		g.level = (enum scan_level)l;
		g.id = scan_group_of(s->m, c->cpu, (enum scan_level)l);
		scan_group_name(s, &g, name, sizeof name);
		report_set_text(t, row, SCSV_CORE + l, "%s", name);
	}
	report_set_text(t, row, SCSV_UNIT, "%s", r->k->unit);
	report_set_num(t, row, SCSV_MEDIAN, c->n ? kernel_display(r->k, c->median) : NAN,
	    NULL, REPORT_NEUTRAL);
	report_set_num(t, row, SCSV_MIN, c->n ? kernel_display(r->k, c->min) : NAN, NULL,
	    REPORT_NEUTRAL);
	report_set_num(t, row, SCSV_MAX, c->n ? kernel_display(r->k, c->max) : NAN, NULL,
	    REPORT_NEUTRAL);
	report_set_num(t, row, SCSV_SPREAD, c->spread, NULL, REPORT_NEUTRAL);
	report_set_text(t, row, SCSV_ROUNDS, "%d", c->n);
	report_set_text(t, row, SCSV_DISTURBED, "%d", c->ndisturbed);
	report_set_bool(t, row, SCSV_TWO, c->two_levels);
	report_set_num(t, row, SCSV_HI, c->two_levels ? kernel_display(r->k, c->level_hi) :
	    NAN, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, SCSV_LO, c->two_levels ? kernel_display(r->k, c->level_lo) :
	    NAN, NULL, REPORT_NEUTRAL);
	report_set_bool(t, row, SCSV_OUTLIER, c->outlier);
	report_set_num(t, row, SCSV_BELOW, c->below, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, SCSV_MHZ, c->mhz, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, SCSV_NOISE, r->noise, NULL, REPORT_NEUTRAL);
	scan_who_text(s, k, i, who, sizeof who);
	if (c->n == 0)
		report_set_text(t, row, SCSV_STATUS, "%s%s", c->ndisturbed ?
		    "disturbed: others' work: " : "n/a: not measured", who);
	else
		report_set_text(t, row, SCSV_STATUS, "ok");
}

/* One CSV row per kernel and CPU. */
void
scan_report_csv(const struct scan *s, FILE *f)
{
	struct report_table	*t = report_new(scan_csv_cols, SCSV_NCOLS);
	int			 k, i;

	for (k = 0; k < s->nkern; k++)
		for (i = 0; i < s->r[k].ncpus; i++)
			scan_csv_row(s, k, i, t);
	report_write_csv(t, f);
	report_free(t);
}
