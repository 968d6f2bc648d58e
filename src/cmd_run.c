/* cmd_run.c: `smtscope run`, each load alone (the others paused), then all together. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cmd.h"
#include "kernel.h"
#include "loads.h"
#include "measure.h"
#include "report.h"
#include "solo.h"
#include "topo.h"
#include "util.h"

/* How long a load may take to do its first unit of work. */
#define CMD_RUN_READY_S	30

/* What `run` learns of one load. */
struct run_result {
	struct load_spec	 spec;
	int			 id;
	double			 solo;		/* work units per second, alone */
	double			 solo_share;	/* share of wall time on a CPU, alone */
	double			 rate;		/* together */
	double			 share;
	double			 speed;
	double			 efficiency;
	int			 last_cpu;
	int			 migrations;
	char			 failure[160];
};

static int	cmd_run_exec(int, char **);
static void	cmd_run_help(FILE *);

static const struct option cmd_run_longopts[] = {
	{ "time", required_argument, NULL, 't' },
	{ "json", no_argument, NULL, CMD_OPT_JSON },
	{ "csv", no_argument, NULL, CMD_OPT_CSV },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.usage = "[--time S] [--json|--csv] LOAD...",
	.summary = "measure loads alone, then together: speeds and why",
	.optstring = "t:h",
	.longopts = cmd_run_longopts,
	.maxargs = -1,
	.help = cmd_run_help,
	.exec = cmd_run_exec
};

/* The columns of the report: text titles, and keys for JSON and CSV. */
enum {
	RUN_ID, RUN_NAME, RUN_SPEC, RUN_KERNEL, RUN_PARAM, RUN_CPUS, RUN_FLOATING,
	RUN_UNIT, RUN_HIGHER, RUN_SOLO, RUN_RATE, RUN_SPEED, RUN_SHARE, RUN_EFFIC,
	RUN_LAST_CPU, RUN_MIGRATIONS, RUN_NEIGHBOURS, RUN_NEIGHBORS, RUN_ERROR,
	RUN_NCOLS
};
static const struct report_col cmd_run_cols[RUN_NCOLS] = {
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
	    .style = REPORT_RATE },
	[RUN_RATE] = { .key = "rate", .title = "TOGETHER", .width = 10, .right = 1,
	    .style = REPORT_RATE },
	[RUN_SPEED] = { .key = "speed", .title = "SPEED", .width = 6, .right = 1,
	    .style = REPORT_PCT },
	[RUN_SHARE] = { .key = "cpu_share", .title = "SHARE", .width = 6, .right = 1,
	    .style = REPORT_PCT },
	[RUN_EFFIC] = { .key = "efficiency", .title = "EFFIC", .width = 6, .right = 1,
	    .style = REPORT_PCT },
	[RUN_LAST_CPU] = { .key = "last_cpu" },
	[RUN_MIGRATIONS] = { .key = "migrations" },
	[RUN_NEIGHBOURS] = { .title = "NEIGHBOURS", .gap = 2 },
	[RUN_NEIGHBORS] = { .key = "neighbors" },
	[RUN_ERROR] = { .key = "error" },
};

/* What follows the usage line. */
static void
cmd_run_help(FILE *f)
{
	fprintf(f,
	    "Measure each load alone on its place (the others paused), then all\n"
	    "together, and print each load's speed against its solo rate, the share of\n"
	    "time it got on a CPU, its efficiency per CPU-second, and its neighbours.\n"
	    "\n"
	    "  -t, --time S   seconds of each measurement (default 2)\n"
	    "  --json         one JSON object with a \"loads\" array\n"
	    "  --csv          one row per load; solo and rate in the unit column's unit\n"
	    "\n"
	    "LOAD is KERNEL[:PARAM]@WHERE, e.g. hash@0, chase:1m@core:1.pu:0, pipe@0,1,\n"
	    "hash@all (floating). See smtscope kernels.\n");
}

/* Stop everything after a terminating signal, and die of it. */
static void __attribute__((noreturn))
cmd_run_signalled(struct loads *ls, int sig)
{
	loads_free(ls);
	cmd_die(sig);
}

/* Record why a load failed, if it died. */
static void
cmd_run_failure(struct loads *ls, struct run_result *r)
{
	struct load	*l = loads_get(ls, r->id);

	if (r->failure[0] != '\0')
		return;
	if (l == NULL)
		snprintf(r->failure, sizeof r->failure, "stopped");
	else if (l->state == LOAD_DEAD)
		snprintf(r->failure, sizeof r->failure, "%s", l->death);
}

/* The CPUs a load ran on: end A (where it last ran, if floating), end B. */
static int
cmd_run_ends(const struct run_result *r, int cpus[2])
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
cmd_run_relation(const struct topo *m, const struct run_result *a,
    const struct run_result *b)
{
	int	ca[2], cb[2], na, nb, x, y, best = -1;

	na = cmd_run_ends(a, ca);
	nb = cmd_run_ends(b, cb);
	for (x = 0; x < na; x++)
		for (y = 0; y < nb; y++)
			if (best == -1 || (int)topo_relation(m, ca[x], cb[y]) < best)
				best = (int)topo_relation(m, ca[x], cb[y]);
	return best;
}

/* Start every load and wait for its first unit of work; dies of a signal. */
static void
cmd_run_start(struct loads *ls, struct run_result *r, int n)
{
	struct load	*l;
	char		 err[512];
	int		 i, sig;

	for (i = 0; i < n; i++) {
		if ((r[i].id = loads_start(ls, &r[i].spec, err, sizeof err)) == -1) {
			snprintf(r[i].failure, sizeof r[i].failure, "%.159s", err);
			continue;
		}
		if ((sig = measure_wait_ready(ls, r[i].id, CMD_RUN_READY_S)) > 0)
			cmd_run_signalled(ls, sig);
		l = loads_get(ls, r[i].id);
		if (sig == -1 && l != NULL && l->state != LOAD_DEAD) {
			snprintf(r[i].failure, sizeof r[i].failure, "did no work in its "
			    "first %d s (its setup never finished)", CMD_RUN_READY_S);
			loads_stop(ls, r[i].id);
			r[i].id = -1;
		}
	}
}

/* Measure: each load alone with the others paused, then all together. */
static int
cmd_run_measure(struct loads *ls, struct run_result *r, int n, double secs)
{
	struct solo_result	 res;
	struct load		*l;
	uint64_t		 warm_ns, secs_ns = (uint64_t)(secs * 1e9);
	int			 i, sig, failed = 0;

	warm_ns = (uint64_t)((secs / 4 < 0.25 ? secs / 4 : 0.25) * 1e9);
	cmd_run_start(ls, r, n);
	for (i = 0; i < n; i++) {
		if (r[i].id <= 0)
			continue;
		sig = solo_measure(&solo_loads_ops, ls, r[i].id, warm_ns, secs_ns, &res);
		if (sig > 0)
			cmd_run_signalled(ls, sig);
		if (sig == 0) {
			r[i].solo = res.rate;
			r[i].solo_share = res.share;
		}
		cmd_run_failure(ls, &r[i]);
	}
	if ((sig = measure_sleep((double)warm_ns / 1e9)) != 0 ||
	    (sig = measure_window(ls, secs)) != 0)
		cmd_run_signalled(ls, sig);
	for (i = 0; i < n; i++) {
		if (r[i].id <= 0 || (l = loads_get(ls, r[i].id)) == NULL ||
		    l->state == LOAD_DEAD) {
			if (r[i].id > 0)
				cmd_run_failure(ls, &r[i]);
			failed = 1;
			continue;
		}
		r[i].rate = analysis_rate(&l->prev, &l->cur);
		r[i].share = analysis_share(&l->prev, &l->cur);
		r[i].last_cpu = l->cur.cpu;
		r[i].migrations = l->migrations;
		r[i].speed = analysis_speed(r[i].rate, r[i].solo);
		r[i].efficiency = analysis_efficiency(r[i].speed, r[i].share, r[i].solo_share);
		if (r[i].failure[0] != '\0' || !isfinite(r[i].speed))
			failed = 1;
	}
	return failed;
}

/* A rate in the kernel's unit, or none. */
static void
cmd_run_set_rate(struct report_table *t, int row, int col, const struct kernel *k,
    double rate)
{
	if (isfinite(rate) && rate > 0)
		report_set_num(t, row, col, kernel_display(k, rate), k->unit,
		    k->higher_is_better ? REPORT_HIGHER : REPORT_LOWER);
}

/* The neighbours of load i: text for people, a list for CSV, an array for JSON. */
static void
cmd_run_set_neighbours(struct report_table *t, const struct topo *m,
    const struct run_result *r, int n, int i)
{
	struct strbuf	text, csv, json;
	int		j, rel;

	strbuf_init(&text);
	strbuf_init(&csv);
	strbuf_init(&json);
	strbuf_puts(&json, "[");
	for (j = 0; j < n; j++) {
		if (j == i || (rel = cmd_run_relation(m, &r[i], &r[j])) == -1)
			continue;
		strbuf_printf(&text, "%s%s#%d %s", text.len ? ", " : "", r[j].spec.k->name,
		    j + 1, topo_rel_name(rel));
		strbuf_printf(&csv, "%s%d:%s", csv.len ? ";" : "", j + 1, topo_rel_name(rel));
		strbuf_printf(&json, "%s{\"load\":%d,\"relation\":\"%s\"}",
		    json.len > 1 ? "," : "", j + 1, topo_rel_name(rel));
	}
	strbuf_puts(&json, "]");
	if (text.len == 0)
		strbuf_puts(&text, "none");
	if (r[i].spec.floating)
		strbuf_printf(&text, " (floating: last on CPU %d, %d migrations)",
		    r[i].last_cpu, r[i].migrations);
	report_set_text(t, i, RUN_NEIGHBOURS, "%s", text.s);
	report_set_text(t, i, RUN_NEIGHBORS, "%s", csv.s);
	report_set_json(t, i, RUN_NEIGHBORS, json.s);
	strbuf_free(&text);
	strbuf_free(&csv);
	strbuf_free(&json);
}

/* The CPUs of a load: "0-3" or "0,1" for people and CSV, [0,1,2,3] for JSON. */
static void
cmd_run_set_cpus(struct report_table *t, int row, const struct load_spec *spec)
{
	struct strbuf	json;
	char		buf[1024];
	int		cpu;

	cpuset_format(&spec->cpus, buf, sizeof buf);
	if (spec->cpu_b != -1)
		report_set_text(t, row, RUN_CPUS, "%s,%d", buf, spec->cpu_b);
	else
		report_set_text(t, row, RUN_CPUS, "%s", buf);
	strbuf_init(&json);
	strbuf_puts(&json, "[");
	CPUSET_FOREACH(cpu, &spec->cpus)
		strbuf_printf(&json, "%s%d", json.len > 1 ? "," : "", cpu);
	if (spec->cpu_b != -1)
		strbuf_printf(&json, ",%d", spec->cpu_b);
	strbuf_puts(&json, "]");
	report_set_json(t, row, RUN_CPUS, json.s);
	strbuf_free(&json);
}

/* One row of records per load. */
static struct report_table *
cmd_run_table(const struct topo *m, const struct run_result *r, int n)
{
	struct report_table	*t = report_new(cmd_run_cols, RUN_NCOLS);
	const struct kernel	*k;
	int			 i;

	for (i = 0; i < n; i++) {
		k = r[i].spec.k;
		report_add_row(t);
		report_set_num(t, i, RUN_ID, i + 1, NULL, REPORT_NEUTRAL);
		report_set_text(t, i, RUN_NAME, "%s#%d", k->name, i + 1);
		report_set_text(t, i, RUN_SPEC, "%s", r[i].spec.text);
		report_set_text(t, i, RUN_KERNEL, "%s", k->name);
		if (r[i].spec.param.text[0] != '\0')
			report_set_text(t, i, RUN_PARAM, "%s", r[i].spec.param.text);
		cmd_run_set_cpus(t, i, &r[i].spec);
		report_set_text(t, i, RUN_FLOATING, "%s", r[i].spec.floating ? "true" :
		    "false");
		report_set_json(t, i, RUN_FLOATING, r[i].spec.floating ? "true" : "false");
		report_set_text(t, i, RUN_UNIT, "%s", k->unit);
		report_set_text(t, i, RUN_HIGHER, "%s", k->higher_is_better ? "true" :
		    "false");
		report_set_json(t, i, RUN_HIGHER, k->higher_is_better ? "true" : "false");
		cmd_run_set_rate(t, i, RUN_SOLO, k, r[i].solo);
		cmd_run_set_rate(t, i, RUN_RATE, k, r[i].rate);
		report_set_num(t, i, RUN_SPEED, r[i].speed, NULL, REPORT_HIGHER);
		report_set_num(t, i, RUN_SHARE, r[i].share, NULL, REPORT_NEUTRAL);
		report_set_num(t, i, RUN_EFFIC, r[i].efficiency, NULL, REPORT_HIGHER);
		report_set_num(t, i, RUN_LAST_CPU, r[i].last_cpu, NULL, REPORT_NEUTRAL);
		report_set_num(t, i, RUN_MIGRATIONS, r[i].migrations, NULL, REPORT_NEUTRAL);
		cmd_run_set_neighbours(t, m, r, n, i);
		if (r[i].failure[0] != '\0') {
			report_set_text(t, i, RUN_ERROR, "%s", r[i].failure);
			report_set_note(t, i, "FAILED: %s", r[i].failure);
		}
	}
	return t;
}

/* Write the report as text, one JSON object, or CSV. */
static void
cmd_run_report(const struct topo *m, const struct run_result *r, int n, double secs,
    enum cmd_format fmt)
{
	struct report_table	*t = cmd_run_table(m, r, n);
	struct strbuf		 sb;

	switch (fmt) {
	case CMD_TEXT:
		printf("Solo: each load alone on its CPUs in this run, the others paused. "
		    "Then all together. %.1f s each.\n\n", secs);
		report_write_text(t, stdout);
		break;
	case CMD_JSON:
		strbuf_init(&sb);
		strbuf_puts(&sb, "{\"time_s\":");
		report_json_num(&sb, secs);
		strbuf_puts(&sb, ",\"solo_method\":\"each load alone on its CPUs in this "
		    "run, the others paused\",\"loads\":");
		report_write_json(t, &sb);
		strbuf_puts(&sb, "}\n");
		fputs(sb.s, stdout);
		strbuf_free(&sb);
		break;
	case CMD_CSV:
		report_write_csv(t, stdout);
		break;
	}
	report_free(t);
}

/* The options: --time and the format; CMD_GO or CMD_USAGE. */
static int
cmd_run_options(const struct cmd_args *a, double *secs, enum cmd_format *fmt)
{
	const char	*s;

	if (cmd_args_format(a, fmt) != 0)
		return CMD_USAGE;
	if ((s = cmd_args_get(a, 't')) != NULL &&
	    (util_parse_seconds(s, secs) == -1 || *secs < 0.05 || *secs > 3600))
		return cmd_usage_error("run", "bad --time '%s' (seconds, 0.05 to 3600)", s);
	if (a->argc == 0)
		return cmd_usage_error("run", "no load given (e.g. smtscope run hash@0 "
		    "hash@1)");
	if (a->argc > LOADS_MAX / 2)
		return cmd_usage_error("run", "too many loads (at most %d)", LOADS_MAX / 2);
	return CMD_GO;
}

/* `smtscope run [--time S] [--json|--csv] LOAD...`. */
static int
cmd_run_exec(int argc, char **argv)
{
	struct cmd_args		 a;
	struct run_result	*r;
	struct topo		*m;
	struct loads		*ls;
	enum cmd_format		 fmt;
	char			 err[512];
	double			 secs = 2;
	int			 i, n, rc, failed;

	if ((rc = cmd_args_parse(&a, &cmd_run_entry, argc, argv)) != CMD_GO ||
	    (rc = cmd_run_options(&a, &secs, &fmt)) != CMD_GO)
		return rc;
	if ((m = topo_load_live(err, sizeof err)) == NULL)
		return cmd_usage_error("run", "%s", err);
	n = a.argc;
	r = xcalloc((size_t)n, sizeof *r);
	for (i = 0; i < n; i++) {
		if (loads_parse(m, a.argv[i], &r[i].spec, err, sizeof err) == -1) {
			free(r);
			topo_free(m);
			return cmd_usage_error("run", "%s", err);
		}
		r[i].solo = r[i].solo_share = r[i].rate = r[i].share = NAN;
		r[i].speed = r[i].efficiency = NAN;
		r[i].last_cpu = -1;
	}
	measure_signals_block();
	ls = loads_new(m);
	failed = cmd_run_measure(ls, r, n, secs);
	loads_free(ls);
	cmd_run_report(m, r, n, secs, fmt);
	free(r);
	topo_free(m);
	return failed ? CMD_FAIL : CMD_OK;
}
