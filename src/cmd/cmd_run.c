/* cmd_run.c: `smtscope run`, each load alone (the others paused), then all together. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis.h"
#include "cmd/cmd.h"
#include "sample/cpustat.h"
#include "sample/foreign.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "exp/run.h"
#include "sample/perf.h"
#include "sample/sensors.h"
#include "engine/solo.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

/* How long a load may take to do its first unit of work. */
#define CMD_RUN_READY_S		30
/* A foreign process is named when it took at least this share of a CPU. */
#define CMD_RUN_WHO_MIN		0.02

static int	cmd_run_exec(int, char **);
static void	cmd_run_help(FILE *);

static const struct option cmd_run_longopts[] = {
	{ "time", required_argument, NULL, 't' },
	{ "json", no_argument, NULL, CMD_OPT_JSON },
	{ "csv", no_argument, NULL, CMD_OPT_CSV },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.usage = "[--time S] [--json|--csv] [-o FILE] LOAD...",
	.summary = "measure loads alone, then together: speeds and why",
	.optstring = "t:o:h",
	.longopts = cmd_run_longopts,
	.maxargs = -1,
	.help = cmd_run_help,
	.exec = cmd_run_exec
};

/* What follows the usage line. */
static void
cmd_run_help(FILE *f)
{
	fprintf(f,
	    "Measure each load alone on its place (the others paused), then all\n"
	    "together, and print each load's speed against its solo rate, the share of\n"
	    "time it got on a CPU, its efficiency per CPU-second, and its neighbours.\n"
	    "SPEED = together / solo; EFFIC = SPEED / (SHARE / solo share). A solo that\n"
	    "others disturbed is measured again once its core is quiet; a figure that\n"
	    "stays disturbed is marked ~, with a warning naming the processes.\n"
	    "\n"
	    "  -t, --time S   the longest window (default 2); each ends when its rate\n"
	    "                 is known, \u00b1 how much its parts disagreed\n"
	    "  --json         one JSON object with a \"loads\" array\n"
	    "  --csv          one row per load; solo and rate in the unit column's unit\n"
	    "  -o, --output F write the report to F (%%h: the short host name, %%%%: %%)\n"
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

/* Start every load and wait for its first unit of work; dies of a signal. */
static void
cmd_run_start(struct loads *ls, struct run_result *r, int n)
{
	struct load	*l;
	char		 err[512];
	int		 i, sig;

	for (i = 0; i < n; i++) {
		if ((r[i].id = loads_start(ls, &r[i].spec, err, sizeof err)) == -1) {
			snprintf(r[i].failure, sizeof r[i].failure, "%.511s", err);
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

/* The windows of a run: --time is the longest; each ends when its rate is known. */
static void
cmd_run_windows(double secs, struct solo_stable *stab, struct measure_win *w)
{
	double	sub = secs / 10 < 0.25 ? secs / 10 : 0.25;

	/* Sub-windows long enough that a window never needs STABLE_MAX_SUBS. */
	if (sub < secs / 200)
		sub = secs / 200;
	solo_stable_set(stab, w, secs < 0.5 ? secs : 0.5, secs, sub, 0.03, 4);
}

/* The foreign work on a load's core over the last scanned interval. */
static void
cmd_run_foreign(const struct foreign *f, const struct topo *m, const struct run_result *r,
    struct run_foreign *rf)
{
	struct cpuset	core;

	measure_core_cpus(m, &r->spec, &core);
	rf->cpus = measure_foreign_cpus(f, &core);
	rf->nwho = measure_foreign_on(f, &core, CMD_RUN_WHO_MIN, rf->who, RUN_WHO_MAX);
}

/*
 * A load's counters: with pw NULL, mark where a window starts; else the
 * figures since the mark into pw (NAN where the load has none, and why).
 */
static void
cmd_run_counters(struct loads *ls, struct run_result *r, struct perf_window *pw)
{
	struct load_sample	 now;
	struct load		*l = loads_get(ls, r->id);

	if (l == NULL || l->perf == NULL)
		return;
	if (pw == NULL) {
		loads_peek(ls, l, &r->mark);
		return;
	}
	loads_peek(ls, l, &now);
	perf_window(&r->mark.perf, &now.perf, now.t_ns - r->mark.t_ns, pw);
	if (r->counters_why[0] == '\0')
		snprintf(r->counters_why, sizeof r->counters_why, "%s",
		    perf_load_why(l->perf));
	if (r->counters_why[0] == '\0' && isnan(pw->llc_mpki) && isfinite(pw->ipc))
		snprintf(r->counters_why, sizeof r->counters_why, "no last-level-cache miss "
		    "event on this PMU");
}

/* Each load alone, the others paused, guarded: measured again once its core is quiet. */
static void
cmd_run_solos(struct loads *ls, struct foreign *f, struct run *run)
{
	struct solo_stable	 stab;
	struct measure_win	 w;
	struct solo_result	 res;
	struct run_result	*r;
	struct load		*l;
	uint64_t		 warm_ns, quiet_ns;
	int			 i, sig, cpu_bound;

	cmd_run_windows(run->time_s, &stab, &w);
	warm_ns = (uint64_t)((run->time_s / 4 < 0.25 ? run->time_s / 4 : 0.25) * 1e9);
	quiet_ns = (uint64_t)((run->time_s > 1 ? run->time_s : 1) * 1e9);
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (r->id <= 0)
			continue;
		cpu_bound = kernel_cpu_bound(r->spec.k);
		measure_foreign_scan(f, ls);
		cmd_run_counters(ls, r, NULL);
		sig = solo_measure_guarded(&solo_loads_ops, ls, r->id, warm_ns, &stab,
		    cpu_bound, quiet_ns, &res, &r->solo_tries);
		if (sig > 0)
			cmd_run_signalled(ls, sig);
		cmd_run_counters(ls, r, &r->solo_pw);
		measure_foreign_scan(f, ls);
		if (sig == 0) {
			r->solo = res.rate;
			r->solo_share = res.share;
			r->solo_spread = res.spread;
			r->solo_disturbed = solo_disturbed(&res, cpu_bound);
			cmd_run_foreign(f, run->m, r, &r->solo_foreign);
			/* Others' time over the kept window, from /proc/stat. */
			if (isfinite(res.foreign))
				r->solo_foreign.cpus = res.foreign;
		}
		cmd_run_failure(ls, r);
		if (sig == 0 && !(res.rate > 0) && r->failure[0] == '\0' &&
		    (l = loads_get(ls, r->id)) != NULL &&
		    loads_stall(ls, l, r->failure, sizeof r->failure))
			continue;
		if (sig == 0 && !(res.rate > 0) && r->failure[0] == '\0') {
			r->starved = r->solo_disturbed;
			snprintf(r->failure, sizeof r->failure, "made no progress alone%s",
			    r->starved ? " (others took its CPU, see the warnings)" : "");
		}
	}
}

/* The CPUs of every load and their siblings, busy and foreign over the together phase. */
static void
cmd_run_cpus(struct run *run, const struct cpustat_sample *a,
    const struct cpustat_sample *b, const struct foreign *f)
{
	struct cpustat_pct	pct;
	struct cpuset		all, core;
	int			i, cpu;

	cpuset_zero(&all);
	for (i = 0; i < run->n; i++) {
		measure_core_cpus(run->m, &run->r[i].spec, &core);
		CPUSET_FOREACH(cpu, &core)
			cpuset_set(&all, cpu);
	}
	run->cpus = xcalloc((size_t)cpuset_count(&all) + 1, sizeof *run->cpus);
	CPUSET_FOREACH(cpu, &all) {
		run->cpus[run->ncpus].cpu = cpu;
		run->cpus[run->ncpus].busy = cpustat_delta(a, b, cpu, &pct) == 0 ?
		    pct.busy / 100 : NAN;
		run->cpus[run->ncpus++].foreign_busy = foreign_cpu_share(f, cpu);
	}
}

/* The sensors at the end of the together window: each CPU's clock and temperature, power. */
static void
cmd_run_sensors(struct run *run, const struct sensors *sn)
{
	struct run_cpu	*c;
	int		 i;

	for (i = 0; i < run->ncpus; i++) {
		c = &run->cpus[i];
		c->mhz = c->cpu < sn->ncpu ? sn->cpu[c->cpu].mhz : NAN;
		c->temp_c = c->cpu < sn->ncpu ? sn->cpu[c->cpu].temp_c : NAN;
		c->base_mhz = c->cpu < sn->ncpu ? sn->cpu[c->cpu].base_mhz : NAN;
		c->max_mhz = c->cpu < sn->ncpu ? sn->cpu[c->cpu].max_mhz : NAN;
	}
	run->watts = sensors_watts(sn);
	run->temp_c = sensors_temp(sn);
	snprintf(run->mhz_src, sizeof run->mhz_src, "%s", sn->mhz_src);
	snprintf(run->mhz_why, sizeof run->mhz_why, "%s", sn->mhz_why);
	snprintf(run->temp_why, sizeof run->temp_why, "%s", sn->temp_why);
	snprintf(run->watts_why, sizeof run->watts_why, "%s", sn->watts_why);
}

/* All together: one window that ends when every rate is known; foreign work on each core. */
static void
cmd_run_together(struct loads *ls, struct foreign *f, struct sensors *sn, struct run *run)
{
	struct cpustat_sample	 cs[2];
	struct solo_stable	 stab;
	struct measure_win	 w;
	struct measure_fig	*fig = xcalloc((size_t)run->n, sizeof *fig);
	struct run_result	*r;
	char			 err[256];
	int			*ids = xcalloc((size_t)run->n, sizeof *ids);
	int			 i, sig;
	double			 spread;

	cmd_run_windows(run->time_s, &stab, &w);
	for (i = 0; i < run->n; i++)
		ids[i] = run->r[i].id;
	if ((sig = measure_sleep(w.sub_s)) != 0)
		cmd_run_signalled(ls, sig);
	memset(cs, 0, sizeof cs);
	cpustat_sample(&cs[0], "", err, sizeof err);
	measure_foreign_scan(f, ls);
	sensors_read(sn, util_now_ns());
	for (i = 0; i < run->n; i++)
		cmd_run_counters(ls, &run->r[i], NULL);
	sig = measure_stable(ls, ids, run->n, &w, fig, &spread, &run->together_s);
	for (i = 0; i < run->n; i++)
		cmd_run_counters(ls, &run->r[i], &run->r[i].pw);
	sensors_read(sn, util_now_ns());
	measure_foreign_scan(f, ls);
	cpustat_sample(&cs[1], "", err, sizeof err);
	if (sig != 0)
		cmd_run_signalled(ls, sig);
	cmd_run_cpus(run, &cs[0], &cs[1], f);
	cmd_run_sensors(run, sn);
	cpustat_free(&cs[0]);
	cpustat_free(&cs[1]);
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		r->rate = fig[i].rate;
		r->share = fig[i].share;
		r->spread = fig[i].spread;
		cmd_run_foreign(f, run->m, r, &r->foreign);
		r->disturbed = r->foreign.cpus > SOLO_FOREIGN_MAX;
	}
	free(fig);
	free(ids);
}

/* Measure: each load alone with the others paused, then all together. */
static int
cmd_run_measure(struct loads *ls, struct run *run)
{
	struct run_result	*r;
	struct foreign		*f;
	struct sensors		*sn;
	struct load		*l;
	int			 i, failed = 0;

	f = foreign_new(NULL, run->m->max_os > 0 ? run->m->max_os + 1 : 1);
	sn = sensors_new(NULL);
	cmd_run_start(ls, run->r, run->n);
	cmd_run_solos(ls, f, run);
	cmd_run_together(ls, f, sn, run);
	sensors_free(sn);
	foreign_free(f);
	for (i = 0; i < run->n; i++) {
		r = &run->r[i];
		if (r->id <= 0 || (l = loads_get(ls, r->id)) == NULL ||
		    l->state == LOAD_DEAD) {
			if (r->id > 0)
				cmd_run_failure(ls, r);
			failed = 1;
			continue;
		}
		r->last_cpu = l->cur.cpu;
		r->migrations = l->migrations;
		r->cpus_seen = l->seen;
		r->speed = analysis_speed(r->rate, r->solo);
		r->efficiency = analysis_efficiency(r->speed, r->share, r->solo_share);
		if (!r->starved && (r->failure[0] != '\0' || !isfinite(r->speed)))
			failed = 1;
	}
	return failed;
}

/* The options: --time and the format; CMD_GO or CMD_USAGE. */
static int
cmd_run_options(const struct cmd_args *a, double *secs, enum report_format *fmt)
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
	struct run		 run;
	struct run_result	*r;
	struct topo		*m;
	struct loads		*ls;
	struct cmd_out		 out;
	enum report_format		 fmt;
	char			 err[512];
	int			 i, rc, failed;

	memset(&run, 0, sizeof run);
	run.time_s = 2;
	run.watts = run.temp_c = NAN;
	if ((rc = cmd_args_parse(&a, &cmd_run_entry, argc, argv)) != CMD_GO ||
	    (rc = cmd_run_options(&a, &run.time_s, &fmt)) != CMD_GO)
		return rc;
	if ((m = topo_load_live(err, sizeof err)) == NULL)
		return cmd_usage_error("run", "%s", err);
	if ((rc = cmd_out_open(&out, "run", cmd_args_get(&a, 'o'))) != CMD_GO) {
		topo_free(m);
		return rc;
	}
	run.m = m;
	run.n = a.argc;
	run.r = xcalloc((size_t)run.n, sizeof *run.r);
	for (i = 0; i < run.n; i++) {
		r = &run.r[i];
		if (loads_parse(m, a.argv[i], &r->spec, err, sizeof err) == -1) {
			free(run.r);
			topo_free(m);
			return cmd_out_close(&out, "run", cmd_usage_error("run", "%s", err));
		}
		r->solo = r->solo_share = r->solo_spread = r->rate = r->share = NAN;
		r->spread = r->speed = r->efficiency = NAN;
		r->solo_foreign.cpus = r->foreign.cpus = NAN;
		r->last_cpu = -1;
		perf_window_clear(&r->solo_pw);
		perf_window_clear(&r->pw);
	}
	measure_signals_block();
	ls = loads_new(m);
	failed = cmd_run_measure(ls, &run);
	loads_free(ls);
	run_report(&run, fmt, out.f);
	free(run.cpus);
	free(run.r);
	topo_free(m);
	return cmd_out_close(&out, "run", failed ? CMD_FAIL : CMD_OK);
}
