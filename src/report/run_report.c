/*
 * run_report.c: `smtscope run` written out through the report layer: a
 * text table with a warning line per disturbed figure, one JSON object, or
 * CSV. It reads a struct run and measures nothing.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/alternate.h"
#include "engine/capacity.h"
#include "engine/kernels/kernel.h"
#include "engine/measure.h"
#include "model/cpuinfo.h"
#include "model/machine.h"
#include "sample/perf.h"
#include "report/report.h"
#include "exp/run/run.h"
#include "engine/solo.h"
#include "engine/split.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

static int	run_split(const struct run_result *, struct split *);

/* The columns of the report: text titles, and keys for JSON and CSV. */
enum {
	RUN_ID, RUN_NAME, RUN_SPEC, RUN_KERNEL, RUN_PARAM, RUN_CPUS, RUN_FLOATING,
	RUN_UNIT, RUN_HIGHER, RUN_SOLO, RUN_SOLO_SHARE, RUN_SOLO_SPREAD,
	RUN_SOLO_TRIES, RUN_SOLO_DISTURBED, RUN_SOLO_FOREIGN, RUN_BASELINE, RUN_RATE, RUN_SPREAD,
	RUN_SPEED, RUN_SPEED_MARK, RUN_SHARE, RUN_EFFIC, RUN_EFFIC_MARK, RUN_UNKNOWN,
	RUN_SPLIT_SHARE, RUN_SPLIT_CAPACITY, RUN_SPLIT_INTERACTION,
	RUN_SOLO_WINDOWS, RUN_TOGETHER_WINDOWS, RUN_SOLO_MHZ, RUN_CAPACITY_MOVED,
	RUN_CAPACITY_CAUSE,
	RUN_DISTURBED, RUN_FOREIGN, RUN_LAST_CPU,
	RUN_MIGRATIONS, RUN_CPUS_SEEN, RUN_IPC, RUN_GHZ, RUN_LLC_MPKI, RUN_CTX_S,
	RUN_MIGR_S, RUN_IVCS_S, RUN_MULTIPLEXED, RUN_SOLO_IPC, RUN_SOLO_GHZ, RUN_COUNTERS_NA,
	RUN_COUNTERS_COST, RUN_NEIGHBOURS, RUN_NEIGHBORS, RUN_ERROR, RUN_NCOLS
};
static const struct report_col run_cols[RUN_NCOLS] = {
	[RUN_ID] = { .key = "id" },
	[RUN_NAME] = { .title = "LOAD", .width = 10 },
	[RUN_SPEC] = { .key = "spec" },
	[RUN_KERNEL] = { .key = "kernel" },
	[RUN_PARAM] = { .key = "param" },
	[RUN_CPUS] = { .key = "cpus", .title = "CPUS", .width = 7 },
	[RUN_FLOATING] = { .key = "floating" },
	[RUN_UNIT] = { .key = "unit", .title = "UNIT", .width = 9 },
	[RUN_HIGHER] = { .key = "higher_is_better" },
	[RUN_SOLO] = { .key = "solo", .title = "SOLO", .width = 10, .right = 1,
	    .style = FMT_RATE },
	[RUN_SOLO_SHARE] = { .key = "solo_share" },
	[RUN_SOLO_SPREAD] = { .key = "solo_spread" },
	[RUN_SOLO_TRIES] = { .key = "solo_tries" },
	[RUN_SOLO_DISTURBED] = { .key = "solo_disturbed" },
	[RUN_SOLO_FOREIGN] = { .key = "solo_foreign" },
	[RUN_BASELINE] = { .key = "baseline" },
	[RUN_RATE] = { .key = "rate", .title = "TOGETHER", .width = 10, .right = 1,
	    .style = FMT_RATE },
	[RUN_SPREAD] = { .key = "spread" },
	[RUN_SPEED] = { .key = "speed", .title = "SPEED", .width = 6, .right = 1,
	    .style = FMT_PCT },
	[RUN_SHARE] = { .key = "cpu_share", .title = "SHARE", .width = 6, .right = 1,
	    .style = FMT_PCT },
	[RUN_EFFIC] = { .key = "efficiency", .title = "EFFIC", .width = 6, .right = 1,
	    .style = FMT_PCT },
	[RUN_SPEED_MARK] = { .key = "speed_mark" },
	[RUN_EFFIC_MARK] = { .key = "efficiency_mark" },
	[RUN_UNKNOWN] = { .key = "speed_unknown" },
	[RUN_SPLIT_SHARE] = { .key = "split_share" },
	[RUN_SPLIT_CAPACITY] = { .key = "split_capacity" },
	[RUN_SPLIT_INTERACTION] = { .key = "split_interaction" },
	[RUN_SOLO_WINDOWS] = { .key = "solo_windows" },
	[RUN_TOGETHER_WINDOWS] = { .key = "together_windows" },
	[RUN_SOLO_MHZ] = { .key = "solo_mhz" },
	[RUN_CAPACITY_MOVED] = { .key = "capacity_moved" },
	[RUN_CAPACITY_CAUSE] = { .key = "capacity_cause" },
	[RUN_DISTURBED] = { .key = "disturbed" },
	[RUN_FOREIGN] = { .key = "foreign" },
	[RUN_LAST_CPU] = { .key = "last_cpu" },
	[RUN_MIGRATIONS] = { .key = "migrations" },
	[RUN_CPUS_SEEN] = { .key = "cpus_seen" },
	[RUN_IPC] = { .key = "ipc" },
	[RUN_GHZ] = { .key = "ghz" },
	[RUN_LLC_MPKI] = { .key = "llc_mpki" },
	[RUN_CTX_S] = { .key = "ctx_switches_per_s" },
	[RUN_MIGR_S] = { .key = "migrations_per_s" },
	[RUN_MULTIPLEXED] = { .key = "counters_multiplexed" },
	[RUN_SOLO_IPC] = { .key = "solo_ipc" },
	[RUN_SOLO_GHZ] = { .key = "solo_ghz" },
	[RUN_COUNTERS_NA] = { .key = "counters_unavailable" },
	[RUN_COUNTERS_COST] = { .key = "counters_cost" },
	[RUN_NEIGHBOURS] = { .title = "NEIGHBOURS", .gap = 2 },
	[RUN_NEIGHBORS] = { .key = "neighbors" },
	[RUN_ERROR] = { .key = "error" },
};

/* The CPUs a load ran on: end A (where it last ran, if floating), end B. */
static int
run_ends(const struct run_result *r, int cpus[2])
{
	int	n = 0;

	cpus[n] = r->spec.floating ? r->last_cpu : cpuset_next(&r->spec.cpus, 0);
	if (cpus[n] != -1)
		n++;
	if (r->spec.cpu_b != -1)
		cpus[n++] = r->spec.cpu_b;
	return n;
}

/* The nearest relation between the CPUs of two loads, or -1 when unknown. */
static int
run_relation(const struct topo *m, const struct run_result *a, const struct run_result *b)
{
	int	ca[2], cb[2], na, nb, x, y, best = -1;

	na = run_ends(a, ca);
	nb = run_ends(b, cb);
	for (x = 0; x < na; x++)
		for (y = 0; y < nb; y++)
			if (best == -1 || (int)topo_relation(m, ca[x], cb[y]) < best)
				best = (int)topo_relation(m, ca[x], cb[y]);
	return best;
}

/* A rate in the kernel's unit, or none, with its spread. */
static void
run_set_rate(struct report_table *t, int row, int col, const struct kernel *k,
    double rate, double spread)
{
	if (!isfinite(rate) || rate <= 0)
		return;
	report_set_num(t, row, col, kernel_display(k, rate), k->unit,
	    k->higher_is_better ? REPORT_HIGHER : REPORT_LOWER);
	report_set_spread(t, row, col, spread);
}

/* The longest list of neighbours the text names one by one (its line's room). */
#define RUN_NEIGHBOURS_MAX	76

/*
 * Load i's neighbours as counts by relation, nearest first, where their
 * names do not fit a line (16 int loads, one a CPU: "shared-l3: 15 loads");
 * a relation with one load keeps its name ("same-pu: hash#2"). The JSON and
 * CSV keep every one.
 */
static void
run_neighbours_count(const struct run *run, int i, struct strbuf *text)
{
	int	j, rel, n[REL_COUNT] = { 0 }, who[REL_COUNT];

	for (j = 0; j < run->n; j++)
		if (j != i && (rel = run_relation(run->m, &run->r[i], &run->r[j])) >= 0 &&
		    rel < REL_COUNT && n[rel]++ == 0)
			who[rel] = j;
	strbuf_free(text);
	strbuf_init(text);
	for (rel = 0; rel < REL_COUNT; rel++) {
		if (n[rel] == 1)
			strbuf_printf(text, "%s%s: %s#%d", text->len ? ", " : "",
			    topo_rel_name(rel), run->r[who[rel]].spec.k->name, who[rel] + 1);
		else if (n[rel] > 1)
			strbuf_printf(text, "%s%s: %d loads", text->len ? ", " : "",
			    topo_rel_name(rel), n[rel]);
	}
}

/* The neighbours of load i by load id: text for people, a list for CSV, an array for JSON. */
static void
run_set_neighbours(struct report_table *t, const struct run *run, int i)
{
	const struct run_result	*r = run->r;
	struct strbuf		 text, csv, json;
	struct jsonw		 w;
	char			 seen[256];
	int			 j, rel;

	strbuf_init(&text);
	strbuf_init(&csv);
	strbuf_init(&json);
	jsonw_init(&w, &json);
	jsonw_array(&w);
	for (j = 0; j < run->n; j++) {
		if (j == i || (rel = run_relation(run->m, &r[i], &r[j])) == -1)
			continue;
		strbuf_printf(&text, "%s%s#%d %s", text.len ? ", " : "", r[j].spec.k->name,
		    j + 1, topo_rel_name(rel));
		strbuf_printf(&csv, "%s%d:%s", csv.len ? ";" : "", j + 1, topo_rel_name(rel));
		jsonw_object(&w);
		jsonw_key_int(&w, "load", j + 1);
		jsonw_key_str(&w, "relation", topo_rel_name(rel));
		jsonw_object_end(&w);
	}
	jsonw_array_end(&w);
	jsonw_finish(&w);
	if (text.len > RUN_NEIGHBOURS_MAX)
		run_neighbours_count(run, i, &text);
	if (text.len == 0)
		strbuf_puts(&text, "none");
	if (r[i].spec.floating) {
		cpuset_format(&r[i].cpus_seen, seen, sizeof seen);
		strbuf_printf(&text, " (floating: last on CPU %d, %d migration%s, ran on %s)",
		    r[i].last_cpu, r[i].migrations, r[i].migrations == 1 ? "" : "s",
		    seen[0] ? seen : "-");
	}
	report_set_text(t, i, RUN_NEIGHBOURS, "%s", text.s);
	report_set_text(t, i, RUN_NEIGHBORS, "%s", csv.s);
	report_set_json(t, i, RUN_NEIGHBORS, json.s);
	strbuf_free(&text);
	strbuf_free(&csv);
	strbuf_free(&json);
}

/* The CPUs of a load: "0-3" or "0,1" for people and CSV, [0,1,2,3] for JSON. */
static void
run_set_cpus(struct report_table *t, int row, const struct load_spec *spec)
{
	struct strbuf	json;
	struct jsonw	w;
	char		buf[1024];
	int		cpu;

	cpuset_format(&spec->cpus, buf, sizeof buf);
	if (spec->cpu_b != -1)
		report_set_text(t, row, RUN_CPUS, "%s,%d", buf, spec->cpu_b);
	else
		report_set_text(t, row, RUN_CPUS, "%s", buf);
	strbuf_init(&json);
	jsonw_init(&w, &json);
	jsonw_array(&w);
	CPUSET_FOREACH(cpu, &spec->cpus)
		jsonw_int(&w, cpu);
	if (spec->cpu_b != -1)
		jsonw_int(&w, spec->cpu_b);
	jsonw_array_end(&w);
	jsonw_finish(&w);
	report_set_json(t, row, RUN_CPUS, json.s);
	strbuf_free(&json);
}

/* Foreign processes: "pid:comm:cpu:share;..." for CSV, [{"pid",...}] for JSON. */
static void
run_set_foreign(struct report_table *t, int row, int col, const struct run_foreign *rf)
{
	struct strbuf	csv, json;
	struct jsonw	w;
	char		num[64];
	double		share;
	int		i;

	strbuf_init(&csv);
	strbuf_init(&json);
	jsonw_init(&w, &json);
	jsonw_array(&w);
	for (i = 0; i < rf->nwho; i++) {
		/* A share to a tenth of a percent, the same digits in CSV and JSON. */
		share = round(rf->who[i].share * 1000) / 1000;
		strbuf_printf(&csv, "%s%d:%s:%d:%s", i ? ";" : "", (int)rf->who[i].pid,
		    rf->who[i].comm, rf->who[i].cpu, fmt_num(num, sizeof num, share,
		    FMT_DATA, 0));
		jsonw_object(&w);
		jsonw_key_int(&w, "pid", rf->who[i].pid);
		jsonw_key_str(&w, "comm", rf->who[i].comm);
		jsonw_key_int(&w, "cpu", rf->who[i].cpu);
		jsonw_key_num(&w, "share", share);
		jsonw_object_end(&w);
	}
	jsonw_array_end(&w);
	jsonw_finish(&w);
	report_set_text(t, row, col, "%s", csv.s);
	report_set_json(t, row, col, json.s);
	strbuf_free(&csv);
	strbuf_free(&json);
}

/*
 * The marks of load i's speed and efficiency, a flag each in JSON and CSV
 * ("~", "?" or none); an unknown one is "?" in text and null in JSON, with
 * the reason.
 */
static void
run_set_mark(struct report_table *t, const struct run_result *r, int i)
{
	const char	*m = analysis_mark_text(r->speed_mark);

	if (r->eff_unknown) {
		report_set_text(t, i, RUN_UNKNOWN, "%s", r->mark_why);
		report_set_text(t, i, RUN_EFFIC, "?");
		report_set_json(t, i, RUN_EFFIC, "null");
	}
	if (r->speed_mark == ANALYSIS_CLEAN || !isfinite(r->speed)) {
		report_set_json(t, i, RUN_SPEED_MARK, "null");
		report_set_json(t, i, RUN_EFFIC_MARK, "null");
		return;
	}
	report_set_text(t, i, RUN_SPEED_MARK, "%s", m);
	if (isfinite(r->efficiency))
		report_set_text(t, i, RUN_EFFIC_MARK, "%s", m);
	else
		report_set_json(t, i, RUN_EFFIC_MARK, "null");
	if (r->speed_mark != ANALYSIS_UNKNOWN)
		return;
	report_set_text(t, i, RUN_UNKNOWN, "%s", r->mark_why);
	report_set_text(t, i, RUN_SPEED, "?");
	report_set_json(t, i, RUN_SPEED, "null");
	if (isfinite(r->efficiency)) {
		report_set_text(t, i, RUN_EFFIC, "?");
		report_set_json(t, i, RUN_EFFIC, "null");
	}
}

/* The baseline load i's speed is taken against: JSON's object; CSV its place and whose. */
static void
run_set_baseline(struct report_table *t, const struct run *run, const struct run_result *r,
    int i)
{
	struct strbuf	sb;
	struct jsonw	w;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	capacity_json(isfinite(r->base.rate) ? &r->base : NULL, r->spec.k, run->t0_ns,
	    r->base_reused != 0, &w);
	jsonw_finish(&w);
	if (isfinite(r->base.rate))
		report_set_text(t, i, RUN_BASELINE, "%s by %s", r->base.key, r->base.by);
	report_set_json(t, i, RUN_BASELINE, sb.s);
	strbuf_free(&sb);
}

/* A list of window figures as JSON: in the kernel's unit (k) or as they are (NULL). */
static void
run_set_windows(struct report_table *t, int i, int col, const struct kernel *k,
    const double *v, int n)
{
	struct strbuf	sb;
	struct jsonw	w;
	char		text[ALT_ROUNDS_MAX * 24];
	size_t		used = 0;
	double		x;
	int		j;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_array(&w);
	text[0] = '\0';
	for (j = 0; j < n; j++) {
		x = !isfinite(v[j]) ? NAN : k != NULL ? kernel_display(k, v[j]) : v[j];
		jsonw_num(&w, x);
		snprintf(text + used, sizeof text - used, "%s%.4g", j ? " " : "", x);
		used = strlen(text);
	}
	jsonw_array_end(&w);
	jsonw_finish(&w);
	/* CSV: the figures parted by spaces ("nan" where one is missing). */
	report_set_text(t, i, col, "%s", text);
	report_set_json(t, i, col, sb.s);
	strbuf_free(&sb);
}

/* The figures of load i, marked where others disturbed them. */
static void
run_set_figures(struct report_table *t, const struct run *run, const struct run_result *r,
    int i)
{
	const struct kernel	*k = r->spec.k;
	struct split		 sp;

	run_set_rate(t, i, RUN_SOLO, k, r->solo, r->solo_spread);
	report_set_num(t, i, RUN_SOLO_SHARE, r->solo_share, NULL, REPORT_NEUTRAL);
	report_set_num(t, i, RUN_SOLO_SPREAD, r->solo_spread, NULL, REPORT_LOWER);
	report_set_num(t, i, RUN_SOLO_TRIES, r->solo_tries, NULL, REPORT_NEUTRAL);
	report_set_bool(t, i, RUN_SOLO_DISTURBED, r->solo_disturbed);
	run_set_foreign(t, i, RUN_SOLO_FOREIGN, &r->solo_foreign);
	run_set_baseline(t, run, r, i);
	run_set_rate(t, i, RUN_RATE, k, r->rate, r->spread);
	report_set_num(t, i, RUN_SPREAD, r->spread, NULL, REPORT_LOWER);
	report_set_num(t, i, RUN_SPEED, r->speed, NULL, REPORT_HIGHER);
	report_set_num(t, i, RUN_SHARE, r->share, NULL, REPORT_NEUTRAL);
	report_set_num(t, i, RUN_EFFIC, r->efficiency, NULL, REPORT_HIGHER);
	/* SPEED = SHARE x CAPACITY x INTERACTION; capacity from the solo windows. */
	run_split(r, &sp);
	report_set_num(t, i, RUN_SPLIT_SHARE, sp.share, NULL, REPORT_NEUTRAL);
	report_set_num(t, i, RUN_SPLIT_CAPACITY, sp.capacity, NULL, REPORT_NEUTRAL);
	report_set_num(t, i, RUN_SPLIT_INTERACTION, sp.interaction, NULL, REPORT_HIGHER);
	run_set_windows(t, i, RUN_SOLO_WINDOWS, k, r->solo_w, run->rounds);
	run_set_windows(t, i, RUN_TOGETHER_WINDOWS, k, r->tog_w, run->rounds);
	run_set_windows(t, i, RUN_SOLO_MHZ, NULL, r->solo_w_mhz, run->rounds);
	report_set_num(t, i, RUN_CAPACITY_MOVED, r->cap.moved, NULL, REPORT_NEUTRAL);
	if (r->cap.cause[0] != '\0')
		report_set_text(t, i, RUN_CAPACITY_CAUSE, "%s", r->cap.cause);
	report_set_bool(t, i, RUN_DISTURBED, r->disturbed);
	run_set_foreign(t, i, RUN_FOREIGN, &r->foreign);
	if (r->solo_disturbed) {
		report_set_flag(t, i, RUN_SOLO, REPORT_DISTURBED, "solo disturbed");
		report_set_flag(t, i, RUN_SPEED, REPORT_DISTURBED, "solo disturbed");
		report_set_flag(t, i, RUN_EFFIC, REPORT_DISTURBED, "solo disturbed");
	}
	if (r->disturbed) {
		report_set_flag(t, i, RUN_RATE, REPORT_DISTURBED, "others on its core");
		report_set_flag(t, i, RUN_SPEED, REPORT_DISTURBED, "others on its core");
	}
	run_set_mark(t, r, i);
}

/* The counters of load i: together, and IPC and GHz alone; the reason where none. */
static void
run_set_counters(struct report_table *t, const struct run_result *r, int i)
{
	struct strbuf	text, json;
	struct jsonw	w;
	int		cpu;

	report_set_num(t, i, RUN_IPC, r->pw.ipc, NULL, REPORT_HIGHER);
	report_set_num(t, i, RUN_GHZ, r->pw.ghz, "GHz", REPORT_HIGHER);
	report_set_num(t, i, RUN_LLC_MPKI, r->pw.llc_mpki, NULL, REPORT_LOWER);
	report_set_num(t, i, RUN_CTX_S, r->pw.ctx_per_s, "/s", REPORT_NEUTRAL);
	report_set_num(t, i, RUN_MIGR_S, r->pw.migr_per_s, "/s", REPORT_NEUTRAL);
	report_set_num(t, i, RUN_IVCS_S, r->pw.ivcs_per_s, "/s", REPORT_NEUTRAL);
	report_set_bool(t, i, RUN_MULTIPLEXED, r->pw.multiplexed || r->solo_pw.multiplexed);
	report_set_num(t, i, RUN_SOLO_IPC, r->solo_pw.ipc, NULL, REPORT_HIGHER);
	report_set_num(t, i, RUN_SOLO_GHZ, r->solo_pw.ghz, "GHz", REPORT_HIGHER);
	if (r->counters_why[0] != '\0')
		report_set_text(t, i, RUN_COUNTERS_NA, "%s", r->counters_why);
	if (r->counters_cost[0] != '\0')
		report_set_text(t, i, RUN_COUNTERS_COST, "%s", r->counters_cost);
	strbuf_init(&text);
	strbuf_init(&json);
	jsonw_init(&w, &json);
	jsonw_array(&w);
	CPUSET_FOREACH(cpu, &r->cpus_seen) {
		strbuf_printf(&text, "%s%d", text.len > 0 ? "," : "", cpu);
		jsonw_int(&w, cpu);
	}
	jsonw_array_end(&w);
	jsonw_finish(&w);
	report_set_text(t, i, RUN_CPUS_SEEN, "%s", text.s);
	report_set_json(t, i, RUN_CPUS_SEEN, json.s);
	strbuf_free(&text);
	strbuf_free(&json);
}

/* One row of records per load. */
static struct report_table *
run_table(const struct run *run)
{
	struct report_table	*t = report_new(run_cols, RUN_NCOLS);
	const struct run_result	*r;
	const struct kernel	*k;
	int			 i;

	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		k = r->spec.k;
		report_add_row(t);
		report_set_num(t, i, RUN_ID, i + 1, NULL, REPORT_NEUTRAL);
		report_set_text(t, i, RUN_NAME, "%s#%d", k->name, i + 1);
		report_set_text(t, i, RUN_SPEC, "%s", r->spec.text);
		report_set_text(t, i, RUN_KERNEL, "%s", k->name);
		if (r->spec.param.text[0] != '\0')
			report_set_text(t, i, RUN_PARAM, "%s", r->spec.param.text);
		run_set_cpus(t, i, &r->spec);
		report_set_bool(t, i, RUN_FLOATING, r->spec.floating);
		report_set_text(t, i, RUN_UNIT, "%s", k->unit);
		report_set_bool(t, i, RUN_HIGHER, k->higher_is_better);
		run_set_figures(t, run, r, i);
		report_set_num(t, i, RUN_LAST_CPU, r->last_cpu, NULL, REPORT_NEUTRAL);
		report_set_num(t, i, RUN_MIGRATIONS, r->migrations, NULL, REPORT_NEUTRAL);
		run_set_counters(t, r, i);
		run_set_neighbours(t, run, i);
		if (r->failure[0] != '\0') {
			report_set_text(t, i, RUN_ERROR, "%s", r->failure);
			report_set_note(t, i, "FAILED: %s", r->failure);
		}
	}
	return t;
}

/*
 * What follows "others used 0.52 CPU on its core": who they were (": smtscope-hog
 * (4242) 48% of CPU 1"), or why none is named; then the hypervisor's steal
 * there ("; the hypervisor gave ..."), which others' CPUs leave out. Where
 * others used next to nothing and steal is the reason, steal alone.
 */
static void
run_who(const struct run_foreign *rf, char *buf, size_t len)
{
	char	who[400], steal[100];

	measure_foreign_text(rf->who, rf->nwho < 5 ? rf->nwho : 5, who, sizeof who);
	measure_steal_text(rf->steal, steal, sizeof steal);
	if (who[0] == '\0' && !(rf->cpus < RUN_UNNAMED_MIN && steal[0] != '\0'))
		snprintf(who, sizeof who, "no single process (short tasks or interrupts)");
	else if (who[0] != '\0' && isfinite(rf->unnamed) && rf->unnamed >= RUN_UNNAMED_MIN)
		snprintf(who + strlen(who), sizeof who - strlen(who), "; %.2f CPU no process "
		    "accounts for (short tasks or interrupts)", rf->unnamed);
	snprintf(buf, len, "%s%s%s%s", who[0] != '\0' ? ": " : "", who,
	    steal[0] != '\0' ? "; " : "", steal);
}

/* One warning line per disturbed figure, naming the foreign processes. */
static void
run_warnings(const struct run *run, FILE *f)
{
	const struct run_result	*r;
	char			 who[512];
	int			 i, n = 0;

	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (r->solo_disturbed) {
			if (n++ == 0)
				fprintf(f, "\nWarnings (~: a figure other work disturbed):\n");
			run_who(&r->solo_foreign, who, sizeof who);
			fprintf(f, "  ! %s#%d solo: got %.0f%% of its CPU, others used %.2f "
			    "CPU on its core%s; %s\n", r->spec.k->name, i + 1,
			    100 * r->solo_share, r->solo_foreign.cpus, who,
			    r->solo_tries > 1 ? "no quieter window came in time" :
			    "no quiet window came");
		}
		if (r->disturbed) {
			if (n++ == 0)
				fprintf(f, "\nWarnings (~: a figure other work disturbed):\n");
			run_who(&r->foreign, who, sizeof who);
			fprintf(f, "  ! %s#%d together: others used %.2f CPU on its core%s\n",
			    r->spec.k->name, i + 1, r->foreign.cpus, who);
		}
		if (r->speed_mark == ANALYSIS_UNKNOWN) {
			if (n++ == 0)
				fprintf(f, "\nWarnings (~: a figure other work disturbed):\n");
			fprintf(f, "  ? %s#%d %s\n", r->spec.k->name, i + 1, r->mark_why);
		}
	}
}

/* The "cpus" member: busy and foreign fractions of each CPU involved. */
static void
run_json_cpus(const struct run *run, struct jsonw *w)
{
	int	i;

	jsonw_key_array(w, "cpus");
	for (i = 0; i < run->ncpus; i++) {
		jsonw_object(w);
		jsonw_key_int(w, "cpu", run->cpus[i].cpu);
		jsonw_key_num(w, "busy", run->cpus[i].busy);
		jsonw_key_num(w, "foreign_busy", run->cpus[i].foreign_busy);
		jsonw_key_num(w, "mhz", run->cpus[i].mhz);
		jsonw_key_num(w, "base_mhz", run->cpus[i].base_mhz);
		jsonw_key_num(w, "max_mhz", run->cpus[i].max_mhz);
		jsonw_key_num(w, "temp_c", run->cpus[i].temp_c);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* The sensors: where MHz came from, the package temperature and power, or why not. */
static void
run_json_sensors(const struct run *run, struct jsonw *w)
{
	int	have_mhz = run->mhz_src[0] != '\0';

	jsonw_key_text(w, "mhz_source", run->mhz_src);
	jsonw_key_text(w, "mhz_unavailable", have_mhz ? NULL : run->mhz_why);
	jsonw_key_text(w, "mhz_note", have_mhz ? run->mhz_why : NULL);
	jsonw_key_num_why(w, "temp_c", run->temp_c, "temp_unavailable", run->temp_why);
	jsonw_key_num_why(w, "watts", run->watts, "watts_unavailable", run->watts_why);
}

/* The whole run as one JSON object. */
static void
run_json(const struct run *run, const struct report_table *t, FILE *f)
{
	struct machine	mc;
	struct strbuf	sb;
	struct jsonw	w;
	char		took[512], plan[128];

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	machine_fill(&mc, run->m, NULL, NULL);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "run");
	machine_json(&mc, &w);
	jsonw_key_num(&w, "time_s", run->time_s);
	jsonw_key_num(&w, "together_s", run->together_s);
	jsonw_key_num(&w, "estimate_s", run->estimate_s);
	jsonw_key_int(&w, "rounds", run->rounds);
	alt_plan_words(run->rounds, plan, sizeof plan);
	jsonw_key_str(&w, "windows", plan);
	jsonw_key_num(&w, "took_s", run->eta.took_s);
	eta_took(&run->eta, took, sizeof took);
	jsonw_key_text(&w, "took", took);
	jsonw_key_str(&w, "solo_method", "each load alone on its CPUs in this run, the "
	    "others paused, in rounds with the together windows: the mean of its solo "
	    "windows");
	jsonw_key_str(&w, "efficiency", "speed / (cpu_share / solo_share)");
	run_json_cpus(run, &w);
	run_json_sensors(run, &w);
	jsonw_key(&w, "loads");
	report_write_json(t, &w);
	jsonw_end_report(&w, f);
}

/* One line per load of its counters (alone -> together), the reason once, and the sensors. */
static void
run_text_counters(const struct run *run, FILE *f)
{
	const struct run_result	*r;
	const char		*why = NULL;
	char			 solo[160], tog[160], mhz[256];
	size_t			 used = 0;
	int			 i;

	fprintf(f, "\nCounters (alone -> together):\n");
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		perf_format(&r->solo_pw, solo, sizeof solo);
		perf_format(&r->pw, tog, sizeof tog);
		fprintf(f, "  %s#%d  %s -> %s\n", r->spec.k->name, i + 1,
		    solo[0] ? solo : "-", tog[0] ? tog : "-");
		if (why == NULL && r->counters_why[0] != '\0')
			why = r->counters_why;
		if (r->counters_cost[0] != '\0')
			fprintf(f, "  %s#%d: %s\n", r->spec.k->name, i + 1, r->counters_cost);
	}
	if (why != NULL)
		fprintf(f, "  n/a: %s\n", why);
	mhz[0] = '\0';
	for (i = 0; i < run->ncpus && used + 24 < sizeof mhz; i++) {
		if (!isfinite(run->cpus[i].mhz))
			continue;
		snprintf(mhz + used, sizeof mhz - used, "%s%d:%.0f", used ? " " : "",
		    run->cpus[i].cpu, run->cpus[i].mhz);
		used = strlen(mhz);
	}
	fprintf(f, "Sensors: MHz %s%s%s%s; ", mhz[0] ? mhz : "n/a", run->mhz_why[0] ? " (" :
	    "", run->mhz_why, run->mhz_why[0] ? ")" : "");
	if (isfinite(run->temp_c))
		fprintf(f, "%.0f C; ", run->temp_c);
	else
		fprintf(f, "temperature n/a: %s; ", run->temp_why);
	if (isfinite(run->watts))
		fprintf(f, "%.1f W\n", run->watts);
	else
		fprintf(f, "power n/a: %s\n", run->watts_why);
}

/*
 * Load i's neighbours in the screen's words (analysis_reason()): the
 * nearest other loads ("shares CPU 0 with hash#2", "sibling CPU 1 runs
 * fp#3", "alone on its core; L3 shared with int#2"); others' work on its
 * core, where it took a share, in *others ("hash#2, smtscope-hog (4242)").
 */
static void
run_near(const struct run *run, int i, char *buf, size_t len, char *others, size_t olen)
{
	const struct run_result	*r = run->r, *me = &run->r[i];
	char			 names[256];
	size_t			 used = 0, oused = 0;
	int			 j, rel, best = -1, cpu = -1, ca[2], cb[2];

	for (j = 0; j < run->n; j++)
		if (j != i && (rel = run_relation(run->m, me, &r[j])) != -1 &&
		    (best == -1 || rel < best))
			best = rel;
	names[0] = others[0] = '\0';
	for (j = 0; j < run->n; j++) {
		if (j == i || run_relation(run->m, me, &r[j]) != best)
			continue;
		if (cpu == -1 && run_ends(me, ca) > 0 && run_ends(&r[j], cb) > 0)
			cpu = best == REL_SAME_PU ? ca[0] : cb[0];
		snprintf(names + used, sizeof names - used, "%s%s#%d", used ? ", " : "",
		    r[j].spec.k->name, j + 1);
		used = strlen(names);
	}
	if (best == REL_SAME_PU) {
		snprintf(others, olen, "%s", names);
		oused = strlen(others);
	}
	for (j = 0; j < me->foreign.nwho && oused + 2 < olen; j++) {
		if (me->foreign.who[j].share < ANALYSIS_OTHERS_MIN)
			continue;
		snprintf(others + oused, olen - oused, "%s%s (%d)", oused ? ", " : "",
		    me->foreign.who[j].comm, (int)me->foreign.who[j].pid);
		oused = strlen(others);
	}
	if (best == -1 || best >= REL_SAME_PACKAGE)
		snprintf(buf, len, "alone on its core");
	else if (best == REL_SHARED_L3)
		snprintf(buf, len, "alone on its core; L3 shared with %s", names);
	else if (best == REL_SAME_PU)
		snprintf(buf, len, "shares CPU %d with %s", cpu, names);
	else
		snprintf(buf, len, "%s CPU %d runs %s", best == REL_SMT_SIBLING ? "sibling" :
		    "L2 mate", cpu, names);
}

/* One window's rate in the kernel's unit, 4 digits, "-" where none (a static buffer). */
static const char *
run_win(const struct kernel *k, double rate)
{
	static char	buf[32];

	if (!isfinite(rate) || rate <= 0)
		return "-";
	rate = kernel_display(k, rate);
	snprintf(buf, sizeof buf, "%.*f", rate >= 1000 ? 0 : rate >= 100 ? 1 : rate >= 10 ?
	    2 : 3, rate);
	return buf;
}

/* A factor of the split as a percentage, "n/a" where unknown. */
static const char *
run_factor(double v, char *buf, size_t len)
{
	if (isfinite(v))
		snprintf(buf, len, "%.0f%%", 100 * v);
	else
		snprintf(buf, len, "n/a");
	return buf;
}

/*
 * A run's split, its INTERACTION unknown (NAN) where it is past physics: a
 * CPU-bound load cannot do more than its CPU gives it, so an INTERACTION
 * above 100 % plus the spreads says the CAPACITY taken (the solo windows'
 * mean) did not hold in its together windows: the CPU moved within the run.
 * 1 when so.
 */
static int
run_split(const struct run_result *r, struct split *sp)
{
	double	spread = r->solo_spread;

	split_compute(r->speed, 1.0, r->share, r->solo_share, r->cap.capacity, sp);
	if (isfinite(r->spread) && (!isfinite(spread) || r->spread > spread))
		spread = r->spread;
	return split_bound(sp, spread, kernel_cpu_bound(r->spec.k));
}

/*
 * Each load's speed split in three and why, from the figures (split.h):
 * "  hash#1  50% x n/a x 101%  -50 %: got 50 % of its CPU; others: hash#2".
 * An unknown speed (?) names no size: its reason is in the warnings.
 */
static void
run_text_why(const struct run *run, FILE *f)
{
	const struct run_result	*r;
	struct split_words	 w = { NULL, NULL, NULL };
	struct cpuinfo		 ci;
	struct split		 sp;
	char			 near[400], others[256], why[800], a[16], b[16], c[16], name[48];
	int			 i, nw = 0, l, past;

	for (i = 0; i < run->n; i++)	/* the names' column as wide as the widest */
		if ((l = snprintf(NULL, 0, "%s#%d", run->r[i].spec.k->name, i + 1)) > nw)
			nw = l;
	memset(&ci, 0, sizeof ci);
	if (topo_is_live(run->m))
		cpuinfo_read(&ci, NULL);
	fprintf(f, "\nWhy (SPEED = SHARE x CAPACITY x INTERACTION; SHARE: its CPU time "
	    "over alone,\nCAPACITY: its CPU's over the together windows, from the solos "
	    "on each side,\nover the solos' mean; n/a: fewer than two solo windows):\n");
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		past = run_split(r, &sp);
		run_near(run, i, near, sizeof near, others, sizeof others);
		w.near = near;
		w.others = others;
		w.hypervisor = ci.hypervisor;
		if (r->failure[0] != '\0')
			snprintf(why, sizeof why, "failed");
		else if (r->speed_mark == ANALYSIS_UNKNOWN || !isfinite(r->speed))
			snprintf(why, sizeof why, "speed unknown (?): %s", near);
		else if (!split_why(&sp, r->solo_spread, &w, why, sizeof why) &&
		    r->speed < 1 && isfinite(r->solo_spread) && r->solo_spread > SPLIT_FLOOR)
			/*
			 * Below 100 % but inside its baseline's range: no cause
			 * named, and not "alone on its core" beside a slow speed.
			 */
			snprintf(why, sizeof why, "within its baseline's \u00b1%.0f%%%s%s",
			    100 * r->solo_spread, strncmp(near, "alone on its core", 17) != 0 ?
			    "; " : near[17] == ';' ? ";" : "", strncmp(near, "alone on its core",
			    17) != 0 ? near : near + 17 + (near[17] == ';'));
		else if (why[0] == '\0')
			snprintf(why, sizeof why, "%s", near);
		/* The CPU moved across the run beyond the solos' own spread: by how much, why. */
		if (r->cap.beyond && r->failure[0] == '\0' && strlen(why) + 80 < sizeof why)
			snprintf(why + strlen(why), sizeof why - strlen(why), "; its CPU moved "
			    "%+.0f %% across the run: %s", 100 * r->cap.moved, r->cap.cause);
		if (past && r->failure[0] == '\0' && strlen(why) + 100 < sizeof why)
			snprintf(why + strlen(why), sizeof why - strlen(why), "; interaction ?: "
			    "past 100 %%, its CPU moved within the run (the solos' capacity did "
			    "not hold in its together windows)");
		snprintf(name, sizeof name, "%s#%d", r->spec.k->name, i + 1);
		fprintf(f, "  %-*s  %4s x %4s x %4s  %s\n", nw, name,
		    run_factor(sp.share, a, sizeof a), run_factor(sp.capacity, b, sizeof b),
		    past ? "?" : run_factor(sp.interaction, c, sizeof c), why);
	}
}

/*
 * Each load's windows in the order taken (alternate.h): its solos, its
 * together windows, and how far its CPU moved between the first solo and
 * the last: "  hash#1  alone 782, 770  together 391, 385 MB/s  moved -2 %".
 */
static void
run_text_windows(const struct run *run, FILE *f)
{
	const struct run_result	*r;
	char			 plan[128], a[96], b[96], name[48];
	size_t			 ua, ub;
	int			 i, k, nw = 0, l;

	alt_plan_words(run->rounds, plan, sizeof plan);
	fprintf(f, "\nWindows (%s; a solo's rate is their mean;\n"
	    "  moved: the last solo over the first, per CPU-second it got; ~: others'\n"
	    "  work in its solo windows, so not told from the CPU's capacity):\n", plan);
	for (i = 0; i < run->n; i++)
		if ((l = snprintf(NULL, 0, "%s#%d", run->r[i].spec.k->name, i + 1)) > nw)
			nw = l;
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		a[0] = b[0] = '\0';
		ua = ub = 0;
		for (k = 0; k < run->rounds; k++) {
			snprintf(a + ua, sizeof a - ua, "%s%s", k ? ", " : "", run_win(r->spec.k,
			    r->solo_w[k]));
			ua = strlen(a);
			snprintf(b + ub, sizeof b - ub, "%s%s", k ? ", " : "", run_win(r->spec.k,
			    r->tog_w[k]));
			ub = strlen(b);
		}
		snprintf(name, sizeof name, "%s#%d", r->spec.k->name, i + 1);
		fprintf(f, "  %-*s  alone %s  together %s %s", nw, name, a, b, r->spec.k->unit);
		if (isfinite(r->cap.moved))
			fprintf(f, "  moved %s%+.0f %%\n", !r->cap.beyond &&
			    r->cap.cause[0] != '\0' ? "~" : "", 100 * r->cap.moved);
		else
			fprintf(f, "  moved n/a\n");
	}
}

/* Which loads' speeds stand on another's baseline: one line each, where any. */
static void
run_text_baselines(const struct run *run, FILE *f)
{
	const struct run_result	*r, *o;
	int			 i, first = 1;

	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (r->base_reused <= 0 || r->base_reused > run->n)
			continue;
		o = &run->r[r->base_reused - 1];
		if (first)
			fprintf(f, "\nBaselines (one per place, shared by identical loads):\n");
		first = 0;
		fprintf(f, "  %s#%d takes %s#%d's solo at %s\n", r->spec.k->name, i + 1,
		    o->spec.k->name, r->base_reused, r->base.key);
	}
}

/* Write the report as text, one JSON object, or CSV. */
void
run_report(const struct run *run, enum report_format fmt, FILE *f)
{
	struct report_table	*t = run_table(run);
	char			 line[2048], took[512], plan[24], quiet[24], secs[24];

	switch (fmt) {
	case REPORT_TEXT:
		eta_seconds(run->estimate_s, plan, sizeof plan);
		/* --time as given, to a thousandth: 0.05, 1, 3600 (never 3.6e+03). */
		snprintf(secs, sizeof secs, "%.3f", run->time_s);
		while (strchr(secs, '.') != NULL && (secs[strlen(secs) - 1] == '0' ||
		    secs[strlen(secs) - 1] == '.'))
			secs[strlen(secs) - 1] = '\0';
		eta_seconds(run_quiet_s(run->time_s), quiet, sizeof quiet);
		/* The machine as every command names it (smtstate.h). */
		smtstate_headline(&run->m->smt, line, sizeof line);
		fprintf(f, "Machine: %s\n", line);
		smtstate_words(&run->m->smt, line, sizeof line);
		fprintf(f, "Threads: %s\n", line);
		fprintf(f, "Solo: each load alone on its CPUs in this run, the others paused; "
		    "then all\ntogether, in %d rounds: solo and together windows in turn, so "
		    "that a drift of\nthe CPU falls into the solo's spread and CAPACITY, not "
		    "the speed. Each window\nends when its rate is known, within --time "
		    "%s s; the plan: about %s\n(more where a disturbed solo waits, up to %s "
		    "each time, for a quiet\nwindow and is measured again). \u00b1: how much "
		    "its parts and rounds disagreed.\nSPEED = together / solo; EFFIC = SPEED / "
		    "(SHARE / solo share).\n\n", run->rounds, secs, plan, quiet);
		report_write_text(t, f);
		run_text_windows(run, f);
		run_text_why(run, f);
		run_text_baselines(run, f);
		run_text_counters(run, f);
		run_warnings(run, f);
		eta_took(&run->eta, took, sizeof took);
		fprintf(f, "\nThe run %s.\n", took);
		break;
	case REPORT_JSON:
		run_json(run, t, f);
		break;
	case REPORT_CSV:
		report_write_csv(t, f);
		break;
	}
	report_free(t);
}
