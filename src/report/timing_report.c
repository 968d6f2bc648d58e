/*
 * timing_report.c: `smtscope time` written out, through the report layer.
 * The text compares `all` (SMT siblings busy) with `cores` (siblings idle).
 *
 * JSON report (stdout): { "kind": "time", "command": [argv...], "prepare":
 * str|null, "runs": N, "dry_run": bool, "machine": { machine.c's members,
 * "logical_cpus", "cores", "packages", "smt" }, "placements": [ { "name", "status"
 * ("run"|"same"|"refused"), "cpus", "ncpus", "ncores", "same_as",
 * "reason", "wall_s", "user_s", "sys_s" ({ "median", "min", "max" } or
 * null), "maxrss_kb", "nvcsw_median", "nivcsw_median", "failed_runs",
 * "runs": [ { "order", "wall_s", "user_s", "sys_s", "maxrss_kb", "nvcsw",
 * "nivcsw", "exit_status", "signal", "ok" } ] } ], "all_over_cores":
 * { "speedup", "user_growth", "sys_growth", "sys_contention" } or null,
 * "failed_runs", "notes": [str...] }.
 *
 * CSV report: one row per run, and one per placement not run, with a unit
 * column for the wall, user and sys times.
 */
#include "config.h"

#include <sys/wait.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpuset.h"
#include "model/machine.h"
#include "report/report.h"
#include "exp/time/timing.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

#define TIMING_RSS_NOTE "peak RSS: the largest single process of the " \
	"command's tree (wait4 ru_maxrss), not their sum"

static const char *const timing_report_status[] = { "run", "same", "refused" };

/* Print the command line, words quoted where needed. */
static void
timing_print_argv(const struct timing *c, FILE *f)
{
	int	i;

	for (i = 0; i < c->argc; i++) {
		if (i > 0)
			fputc(' ', f);
		if (c->argv[i][0] != '\0' && strpbrk(c->argv[i], " \t\n'\"$\\;&|<>()*?") == NULL)
			fputs(c->argv[i], f);
		else
			fprintf(f, "'%s'", c->argv[i]);
	}
}

/* Text: the machine and the placements. */
static void
timing_text_plan(const struct timing *c, FILE *f)
{
	const struct timing_place	*pl;
	char				 list[1024], line[2048];
	int				 i;

	fprintf(f, "smtscope time: ");
	if (c->argc > 0)
		timing_print_argv(c, f);
	else
		fputs("(no command: plan only)", f);
	smtstate_headline(&c->m->smt, line, sizeof line);
	fprintf(f, "\nmachine: %s: %s\n", c->m->source_name, line);
	smtstate_words(&c->m->smt, line, sizeof line);
	fprintf(f, "threads: %s\n", line);
	fprintf(f, "\n%-10s %5s %5s  %s\n", "placement", "CPUs", "cores", "CPU list");
	for (i = 0; i < c->nplaces; i++) {
		pl = &c->places[i];
		if (pl->status == TIMING_RUN) {
			cpuset_format(&pl->cpus, list, sizeof list);
			fprintf(f, "%-10s %5d %5d  %s\n", pl->name, pl->ncpus, pl->ncores, list);
		} else
			fprintf(f, "%-10s %s: %s\n", pl->name, pl->status == TIMING_SAME ?
			    "not run again" : "refused", pl->reason);
	}
}

/* The times of each placement: medians and ranges of wall, user and sys time. */
static void
timing_text_times(const struct timing *c, int prec, FILE *f)
{
	struct report_col	 cols[7];
	struct report_table	*t;
	struct timing_sum	 s;
	const struct timing_stat *st[3];
	char			 lo[32], hi[32];
	int			 i, k, row;

	memset(cols, 0, sizeof cols);
	cols[0].title = "placement";
	cols[0].width = 10;
	for (k = 0; k < 3; k++) {
		cols[1 + 2 * k].title = "median";
		cols[1 + 2 * k].width = 7;
		cols[1 + 2 * k].right = 1;
		cols[1 + 2 * k].style = FMT_FIXED;
		cols[1 + 2 * k].prec = prec;
		cols[2 + 2 * k].title = "min-max";
		cols[2 + 2 * k].width = 14;
	}
	fprintf(f, "\n\n%-10s %-22s %-22s %s\n", "", "   wall s", "   user s", "    sys s");
	t = report_new(cols, 7);
	for (i = 0; i < c->nplaces; i++) {
		if (c->places[i].status != TIMING_RUN)
			continue;
		timing_summarize(c, i, &s);
		st[0] = &s.wall;
		st[1] = &s.user;
		st[2] = &s.sys;
		row = report_add_row(t);
		report_set_text(t, row, 0, "%s", c->places[i].name);
		for (k = 0; k < 3; k++) {
			report_set_num(t, row, 1 + 2 * k, st[k]->median, "s", REPORT_LOWER);
			report_set_text(t, row, 2 + 2 * k, "%s-%s",
			    fmt_num(lo, sizeof lo, st[k]->min, FMT_FIXED, prec),
			    fmt_num(hi, sizeof hi, st[k]->max, FMT_FIXED, prec));
		}
	}
	report_write_text(t, f);
	report_free(t);
}

/* The columns of the second text table. */
static const struct report_col timing_text_more_cols[] = {
	{ .title = "placement", .width = 10 },
	{ .title = "speed", .width = 7, .right = 1 },
	{ .title = "peak RSS", .width = 9, .right = 1 },
	{ .title = "vol csw", .width = 10, .right = 1, .style = FMT_FIXED },
	{ .title = "invol csw", .width = 10, .right = 1, .style = FMT_FIXED },
	{ .title = "failed", .width = 8, .right = 1 },
};

/* Speed against the first placement, peak RSS, context switches, failures. */
static void
timing_text_more(const struct timing *c, FILE *f)
{
	struct report_table	*t = report_new(timing_text_more_cols, 6);
	struct timing_sum	 s;
	double			 first_wall = -1;
	char			 buf[32];
	int			 i, row;

	fputc('\n', f);
	for (i = 0; i < c->nplaces; i++) {
		if (c->places[i].status != TIMING_RUN)
			continue;
		timing_summarize(c, i, &s);
		if (first_wall < 0)
			first_wall = s.wall.median;
		row = report_add_row(t);
		report_set_text(t, row, 0, "%s", c->places[i].name);
		if (s.wall.median > 0)
			report_set_text(t, row, 1, "%sx", fmt_num(buf, sizeof buf,
			    first_wall / s.wall.median, FMT_FIXED, 2));
		util_fmt_bytes(buf, sizeof buf, (uint64_t)s.maxrss_kb * 1024);
		report_set_text(t, row, 2, "%s", buf);
		report_set_num(t, row, 3, s.nvcsw.median, NULL, REPORT_NEUTRAL);
		report_set_num(t, row, 4, s.nivcsw.median, NULL, REPORT_NEUTRAL);
		report_set_text(t, row, 5, "%d of %d", s.failed, s.nruns);
	}
	report_write_text(t, f);
	report_free(t);
	fprintf(f, "speed: the first placement's median wall time over this one's;\n"
	    "context switches: medians; peak RSS: the largest single process of\n"
	    "the command's tree (wait4 ru_maxrss), not their sum\n\n");
}

/* all over cores: what SMT gives this workload, and the growth of user and sys time. */
static void
timing_text_compare(const struct timing *c, FILE *f)
{
	struct timing_cmp	cmp;
	char			buf[200];
	int			i;

	if (timing_compare(c, &cmp)) {
		fprintf(f, "all over cores: %sx the speed", fmt_num(buf, sizeof buf,
		    cmp.speedup, FMT_FIXED, 2));
		if (!cmp.firm)
			fprintf(f, ", not SMT's to claim: %s\n", cmp.why);
		else if (c->m->smt.kind == SMTSTATE_TOPOLOGY_ONLY)
			fprintf(f, " (what the CPUs the topology calls siblings give this "
			    "workload; the kernel does not report them as SMT)\n");
		else
			fprintf(f, " (what SMT gives this workload)\n");
		fprintf(f, "cores to all: user time %+.0f%%, sys time ",
		    (cmp.user_growth - 1) * 100);
		if (cmp.sys_growth > 0)
			fprintf(f, "%+.0f%%\n", (cmp.sys_growth - 1) * 100);
		else if (cmp.sys_all > 0)
			fprintf(f, "from 0 to %s s\n", fmt_num(buf, sizeof buf,
			    cmp.sys_all, FMT_FIXED, 3));
		else
			fprintf(f, "0 on both\n");
		if (cmp.contention)
			fprintf(f, "  sys time grows much more than user time: a sign of "
			    "lock contention in the kernel\n");
	} else if ((i = timing_find_place(c, "cores")) != -1 &&
	    c->places[i].status == TIMING_SAME && c->places[i].same_as >= 0 &&
	    strcmp(c->places[c->places[i].same_as].name, "all") == 0)
	{
		timing_no_smt_why(c->m, buf, sizeof buf);
		fprintf(f, "all over cores: nothing to measure: 'cores' is 'all': %s\n", buf);
	}
}

/* Text: results, comparisons, failures. */
static void
timing_text_results(const struct timing *c, FILE *f)
{
	const struct timing_run	*r;
	char			 what[128];
	int			 i, prec = 3, failed;

	fprintf(f, "\n%d run%s per placement, alternating between placements",
	    c->nruns, c->nruns == 1 ? "" : "s");
	if (c->prepare != NULL)
		fprintf(f, "; before each, untimed: %s", c->prepare);
	/* Milliseconds matter for short commands, not for long ones. */
	for (i = 0; i < c->nrun; i++)
		if (c->runs[i].wall_s >= 10)
			prec = 2;
	timing_text_times(c, prec, f);
	timing_text_more(c, f);
	timing_text_compare(c, f);
	if ((failed = timing_failed(c)) == 0) {
		fprintf(f, "all %d runs succeeded\n", c->nrun);
		return;
	}
	fprintf(f, "FAILED: %d of %d runs did not succeed:\n", failed, c->nrun);
	for (i = 0; i < c->nrun; i++) {
		r = &c->runs[i];
		if (timing_run_ok(r))
			continue;
		timing_status_str(r->status, what, sizeof what);
		fprintf(f, "  run %d on %s: %s\n", r->order, c->places[r->place].name, what);
	}
}

/* The report as text: the plan, then the results (or why there are none). */
void
timing_report_text(const struct timing *c, FILE *f)
{
	char	took[512];

	timing_text_plan(c, f);
	if (!c->dry_run) {
		timing_text_results(c, f);
		eta_took(&c->eta, took, sizeof took);
		fprintf(f, "\nThe runs %s, from the first run's time.\n", took);
	} else if (!topo_is_live(c->m))
		fprintf(f, "\nplanned for another machine: nothing was run\n");
	else
		fprintf(f, "\ndry run: nothing was run\n");
	fflush(f);
}

/* JSON: a "key":{median, min, max} member. */
static void
timing_json_stat(struct jsonw *w, const char *key, const struct timing_stat *st)
{
	jsonw_key_object(w, key);
	jsonw_key_num(w, "median", st->median);
	jsonw_key_num(w, "min", st->min);
	jsonw_key_num(w, "max", st->max);
	jsonw_object_end(w);
}

/* JSON: the runs of one placement. */
static void
timing_json_runs(const struct timing *c, int i, struct jsonw *w)
{
	const struct timing_run	*r;
	int			 k;

	jsonw_key_array(w, "runs");
	for (k = 0; k < c->nrun; k++) {
		r = &c->runs[k];
		if (r->place != i)
			continue;
		jsonw_object(w);
		jsonw_key_int(w, "order", r->order);
		jsonw_key_num(w, "wall_s", r->wall_s);
		jsonw_key_num(w, "user_s", r->user_s);
		jsonw_key_num(w, "sys_s", r->sys_s);
		jsonw_key_int(w, "maxrss_kb", r->maxrss_kb);
		jsonw_key_int(w, "nvcsw", r->nvcsw);
		jsonw_key_int(w, "nivcsw", r->nivcsw);
		jsonw_key(w, "exit_status");
		if (WIFEXITED(r->status))
			jsonw_int(w, WEXITSTATUS(r->status));
		else
			jsonw_null(w);
		jsonw_key(w, "signal");
		if (WIFSIGNALED(r->status))
			jsonw_int(w, WTERMSIG(r->status));
		else
			jsonw_null(w);
		jsonw_key_bool(w, "ok", timing_run_ok(r));
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* JSON: one placement with its runs. */
static void
timing_json_place(const struct timing *c, int i, struct jsonw *w)
{
	const struct timing_place	*pl = &c->places[i];
	struct timing_sum		 s;
	char				 list[1024];

	cpuset_format(&pl->cpus, list, sizeof list);
	jsonw_object(w);
	jsonw_key_str(w, "name", pl->name);
	jsonw_key_str(w, "status", timing_report_status[pl->status]);
	jsonw_key_str(w, "cpus", list);
	jsonw_key_int(w, "ncpus", pl->ncpus);
	jsonw_key_int(w, "ncores", pl->ncores);
	jsonw_key_str(w, "same_as", pl->same_as >= 0 ? c->places[pl->same_as].name : NULL);
	jsonw_key_text(w, "reason", pl->reason);
	timing_summarize(c, i, &s);
	if (s.nruns == 0) {
		jsonw_key_null(w, "wall_s");
		jsonw_key_null(w, "user_s");
		jsonw_key_null(w, "sys_s");
		jsonw_key_null(w, "maxrss_kb");
		jsonw_key_null(w, "nvcsw_median");
		jsonw_key_null(w, "nivcsw_median");
		jsonw_key_int(w, "failed_runs", 0);
	} else {
		timing_json_stat(w, "wall_s", &s.wall);
		timing_json_stat(w, "user_s", &s.user);
		timing_json_stat(w, "sys_s", &s.sys);
		jsonw_key_int(w, "maxrss_kb", s.maxrss_kb);
		jsonw_key_num(w, "nvcsw_median", s.nvcsw.median);
		jsonw_key_num(w, "nivcsw_median", s.nivcsw.median);
		jsonw_key_int(w, "failed_runs", s.failed);
	}
	timing_json_runs(c, i, w);
	jsonw_object_end(w);
}

/* JSON: the machine object, with the shape of the CPUs the command may use. */
static void
timing_json_machine(const struct timing *c, struct jsonw *w)
{
	struct machine	mc;

	machine_fill(&mc, c->m, NULL, NULL);
	jsonw_key_object(w, "machine");
	machine_json_members(&mc, w);
	jsonw_key_int(w, "logical_cpus", cpuset_count(&c->m->allowed));
	jsonw_key_int(w, "cores", timing_count_cores(c->m, &c->m->allowed));
	jsonw_key_int(w, "packages", c->m->npackages);
	jsonw_key_bool(w, "smt", timing_has_smt(c->m));
	jsonw_object_end(w);
}

/* The whole report as JSON. */
void
timing_report_json(const struct timing *c, FILE *f)
{
	struct timing_cmp	cmp;
	struct strbuf		b;
	struct jsonw		w;
	int			i;

	strbuf_init(&b);
	jsonw_init(&w, &b);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "time");
	jsonw_key_array(&w, "command");
	for (i = 0; i < c->argc; i++)
		jsonw_str(&w, c->argv[i]);
	jsonw_array_end(&w);
	jsonw_key_str(&w, "prepare", c->prepare);
	jsonw_key_int(&w, "runs", c->nruns);
	jsonw_key_bool(&w, "dry_run", c->dry_run);
	/* The time taken, against the estimate made from the first run. */
	jsonw_key_num(&w, "estimate_s", c->dry_run ? NAN : c->eta.first_s);
	jsonw_key_num(&w, "took_s", c->dry_run ? NAN : c->eta.took_s);
	timing_json_machine(c, &w);
	jsonw_key_array(&w, "placements");
	for (i = 0; i < c->nplaces; i++)
		timing_json_place(c, i, &w);
	jsonw_array_end(&w);
	jsonw_key(&w, "all_over_cores");
	if (timing_compare(c, &cmp)) {
		jsonw_object(&w);
		jsonw_key_num(&w, "speedup", cmp.speedup);
		jsonw_key_num(&w, "user_growth", cmp.user_growth);
		jsonw_key_num(&w, "sys_growth", cmp.sys_growth > 0 ? cmp.sys_growth : NAN);
		jsonw_key_bool(&w, "sys_contention", cmp.contention);
		jsonw_key_bool(&w, "firm", cmp.firm);
		jsonw_key_str(&w, "why", cmp.firm ? NULL : cmp.why);
		jsonw_object_end(&w);
	} else
		jsonw_null(&w);
	jsonw_key_int(&w, "failed_runs", timing_failed(c));
	jsonw_key_array(&w, "notes");
	jsonw_str(&w, TIMING_RSS_NOTE);
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	strbuf_puts(&b, "\n");
	fputs(b.s, f);
	fflush(f);
	strbuf_free(&b);
}


/* The columns of time --csv. */
enum {
	TCSV_PLACEMENT, TCSV_STATUS, TCSV_CPUS, TCSV_NCPUS, TCSV_NCORES, TCSV_ORDER,
	TCSV_UNIT, TCSV_WALL, TCSV_USER, TCSV_SYS, TCSV_MAXRSS, TCSV_NVCSW, TCSV_NIVCSW,
	TCSV_EXIT, TCSV_SIGNAL, TCSV_REASON, TCSV_NCOLS
};
static const struct report_col timing_csv_cols[TCSV_NCOLS] = {
	{ .key = "placement" }, { .key = "status" }, { .key = "cpus" },
	{ .key = "ncpus" }, { .key = "ncores" }, { .key = "order" }, { .key = "unit" },
	{ .key = "wall" }, { .key = "user" }, { .key = "sys" }, { .key = "maxrss_kb" },
	{ .key = "nvcsw" }, { .key = "nivcsw" }, { .key = "exit_status" },
	{ .key = "signal" }, { .key = "reason" }
};

/* A CSV row's placement columns. */
static int
timing_csv_row(struct report_table *t, const struct timing_place *pl)
{
	char	list[1024];
	int	row = report_add_row(t);

	cpuset_format(&pl->cpus, list, sizeof list);
	report_set_text(t, row, TCSV_PLACEMENT, "%s", pl->name);
	report_set_text(t, row, TCSV_STATUS, "%s", timing_report_status[pl->status]);
	report_set_text(t, row, TCSV_CPUS, "%s", list);
	report_set_num(t, row, TCSV_NCPUS, pl->ncpus, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, TCSV_NCORES, pl->ncores, NULL, REPORT_NEUTRAL);
	return row;
}

/* One run's row: times in seconds (the unit column), RSS, switches, status. */
static void
timing_csv_run(struct report_table *t, const struct timing_place *pl,
    const struct timing_run *r)
{
	int	row = timing_csv_row(t, pl);

	report_set_num(t, row, TCSV_ORDER, r->order, NULL, REPORT_NEUTRAL);
	report_set_text(t, row, TCSV_UNIT, "s");
	report_set_num(t, row, TCSV_WALL, r->wall_s, "s", REPORT_LOWER);
	report_set_num(t, row, TCSV_USER, r->user_s, "s", REPORT_LOWER);
	report_set_num(t, row, TCSV_SYS, r->sys_s, "s", REPORT_LOWER);
	report_set_num(t, row, TCSV_MAXRSS, r->maxrss_kb, "kB", REPORT_LOWER);
	report_set_num(t, row, TCSV_NVCSW, r->nvcsw, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, TCSV_NIVCSW, r->nivcsw, NULL, REPORT_NEUTRAL);
	if (WIFEXITED(r->status))
		report_set_num(t, row, TCSV_EXIT, WEXITSTATUS(r->status), NULL,
		    REPORT_NEUTRAL);
	else if (WIFSIGNALED(r->status))
		report_set_num(t, row, TCSV_SIGNAL, WTERMSIG(r->status), NULL,
		    REPORT_NEUTRAL);
}

/* The report as CSV: one row per run, one per placement not run. */
void
timing_report_csv(const struct timing *c, FILE *f)
{
	struct report_table	*t = report_new(timing_csv_cols, TCSV_NCOLS);
	int			 i, k, rows, row;

	for (i = 0; i < c->nplaces; i++) {
		for (k = rows = 0; k < c->nrun; k++) {
			if (c->runs[k].place == i) {
				timing_csv_run(t, &c->places[i], &c->runs[k]);
				rows++;
			}
		}
		if (rows > 0)
			continue;
		row = timing_csv_row(t, &c->places[i]);
		if (c->places[i].reason[0] != '\0')
			report_set_text(t, row, TCSV_REASON, "%s", c->places[i].reason);
	}
	report_write_csv(t, f);
	report_free(t);
	fflush(f);
}
