/* cmd_run.c: `smtscope run` (loads alone, then together) and `smtscope kernels`. */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cmd.h"
#include "kernel.h"
#include "loads.h"
#include "measure.h"
#include "topo.h"
#include "util.h"

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

/* `smtscope kernels`: the loads, their units and parameters. */
int
cmd_kernels(int argc, char **argv)
{
	const struct kernel	*k;
	int			 i;

	if (argc > 1) {
		if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
			printf("usage: smtscope kernels\n\nList the synthetic loads with their "
			    "units and parameters.\n");
			return CMD_OK;
		}
		return cmd_usage_error("kernels", "unexpected argument '%s'", argv[1]);
	}
	printf("%-8s %-10s %-6s %-24s %s\n", "KERNEL", "UNIT", "BETTER", "PARAMETER",
	    "WHAT IT DOES");
	for (i = 0; (k = kernel_all[i]) != NULL; i++)
		printf("%-8s %-10s %-6s %-24s %s\n", k->name, k->unit,
		    k->higher_is_better ? "higher" : "lower",
		    k->param_help != NULL ? k->param_help : "-", k->desc);
	printf("\nA load is KERNEL[:PARAM]@WHERE: WHERE is a CPU (3), a topology place "
	    "(core:1.pu:0),\na set where the load floats (0-3, all), or for pipe two "
	    "CPUs (pipe@0,1).\n");
	return CMD_OK;
}

/* Print the help of `smtscope run`. */
static void
cmd_run_help(void)
{
	printf("usage: smtscope run [--time S] [--json] LOAD...\n"
	    "\n"
	    "Measure each load alone on its place (the others paused), then all\n"
	    "together, and print each load's speed against its solo rate, the share of\n"
	    "time it got on a CPU, its efficiency per CPU-second, and its neighbours.\n"
	    "\n"
	    "  -t, --time S   seconds of each measurement (default 2)\n"
	    "  --json         one JSON object with a \"loads\" array\n"
	    "\n"
	    "LOAD is KERNEL[:PARAM]@WHERE, e.g. hash@0, chase:1m@core:1.pu:0, pipe@0,1,\n"
	    "hash@all (floating). See smtscope kernels.\n");
}

/* How long a load may take to do its first unit of work. */
#define CMD_RUN_READY_S	30

/* Stop everything after a terminating signal, and die of it. */
static void __attribute__((noreturn))
cmd_run_signalled(struct loads *ls, int sig)
{
	sigset_t	set;

	loads_free(ls);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);
}

/* Rate of load id over the last window, or NAN when it died. */
static double
cmd_run_rate(struct loads *ls, int id, double *share, int *cpu, int *migrations)
{
	struct load	*l = loads_get(ls, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return NAN;
	if (share != NULL)
		*share = analysis_share(&l->prev, &l->cur);
	if (cpu != NULL)
		*cpu = l->cur.cpu;
	if (migrations != NULL)
		*migrations = l->migrations;
	return analysis_rate(&l->prev, &l->cur);
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

/* Print a value in a kernel's unit, or "-". */
static void
cmd_run_value(struct strbuf *sb, const struct kernel *k, double rate, int width)
{
	if (!isfinite(rate) || rate <= 0)
		strbuf_printf(sb, "%*s", width, "-");
	else
		strbuf_printf(sb, "%*.*f", width, kernel_display(k, rate) < 10 ? 3 : 1,
		    kernel_display(k, rate));
}

/* Print a ratio as a percentage, or "-". */
static void
cmd_run_pct(struct strbuf *sb, double v, int width)
{
	if (!isfinite(v))
		strbuf_printf(sb, "%*s", width, "-");
	else
		strbuf_printf(sb, "%*.0f%%", width - 1, v * 100);
}

/* The CPUs of a load as written in reports: "0", "0-3", "0,1" for two ends. */
static void
cmd_run_cpus(const struct load_spec *spec, char *buf, size_t len)
{
	size_t	used;

	cpuset_format(&spec->cpus, buf, len);
	if (spec->cpu_b != -1) {
		used = strlen(buf);
		snprintf(buf + used, len - used, ",%d", spec->cpu_b);
	}
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

/* The report as a table. */
static void
cmd_run_text(const struct topo *m, const struct run_result *r, int n, double secs)
{
	struct strbuf	sb;
	char		cpus[64], name[32];
	int		i, j, rel, first;

	strbuf_init(&sb);
	strbuf_printf(&sb, "Solo: each load alone on its CPUs in this run, the others "
	    "paused. Then all together. %.1f s each.\n\n", secs);
	strbuf_printf(&sb, "%-10s %-7s %-9s %10s %10s %6s %6s %6s  %s\n", "LOAD", "CPUS",
	    "UNIT", "SOLO", "TOGETHER", "SPEED", "SHARE", "EFFIC", "NEIGHBOURS");
	for (i = 0; i < n; i++) {
		cmd_run_cpus(&r[i].spec, cpus, sizeof cpus);
		snprintf(name, sizeof name, "%s#%d", r[i].spec.k->name, i + 1);
		strbuf_printf(&sb, "%-10s %-7s %-9s ", name, cpus, r[i].spec.k->unit);
		cmd_run_value(&sb, r[i].spec.k, r[i].solo, 10);
		strbuf_puts(&sb, " ");
		cmd_run_value(&sb, r[i].spec.k, r[i].rate, 10);
		strbuf_puts(&sb, " ");
		cmd_run_pct(&sb, r[i].speed, 6);
		strbuf_puts(&sb, " ");
		cmd_run_pct(&sb, r[i].share, 6);
		strbuf_puts(&sb, " ");
		cmd_run_pct(&sb, r[i].efficiency, 6);
		strbuf_puts(&sb, "  ");
		first = 1;
		for (j = 0; j < n; j++) {
			if (j == i || (rel = cmd_run_relation(m, &r[i], &r[j])) == -1)
				continue;
			strbuf_printf(&sb, "%s%s#%d %s", first ? "" : ", ", r[j].spec.k->name,
			    j + 1, topo_rel_name(rel));
			first = 0;
		}
		if (first)
			strbuf_puts(&sb, "none");
		if (r[i].spec.floating)
			strbuf_printf(&sb, " (floating: last on CPU %d, %d migrations)",
			    r[i].last_cpu, r[i].migrations);
		strbuf_puts(&sb, "\n");
		if (r[i].failure[0] != '\0')
			strbuf_printf(&sb, "%-10s FAILED: %s\n", "", r[i].failure);
	}
	fputs(sb.s, stdout);
	strbuf_free(&sb);
}

/* A number in a kernel's displayed unit for JSON, or null. */
static void
cmd_run_json_value(struct strbuf *sb, const struct kernel *k, double rate)
{
	if (!isfinite(rate) || rate <= 0)
		strbuf_puts(sb, "null");
	else
		strbuf_json_num(sb, kernel_display(k, rate));
}

/* The report as one JSON object with a "loads" array. */
static void
cmd_run_json(const struct topo *m, const struct run_result *r, int n, double secs)
{
	struct strbuf	sb;
	int		i, j, cpu, rel, first;

	strbuf_init(&sb);
	strbuf_printf(&sb, "{\"time_s\":");
	strbuf_json_num(&sb, secs);
	strbuf_puts(&sb, ",\"solo_method\":\"each load alone on its CPUs in this run, "
	    "the others paused\",\"loads\":[");
	for (i = 0; i < n; i++) {
		const struct kernel *k = r[i].spec.k;

		strbuf_printf(&sb, "%s{\"id\":%d,\"spec\":", i ? "," : "", i + 1);
		strbuf_json_str(&sb, r[i].spec.text);
		strbuf_puts(&sb, ",\"kernel\":");
		strbuf_json_str(&sb, k->name);
		strbuf_puts(&sb, ",\"param\":");
		strbuf_json_str(&sb, r[i].spec.param.text[0] ? r[i].spec.param.text : NULL);
		strbuf_puts(&sb, ",\"cpus\":[");
		first = 1;
		CPUSET_FOREACH(cpu, &r[i].spec.cpus) {
			strbuf_printf(&sb, "%s%d", first ? "" : ",", cpu);
			first = 0;
		}
		if (r[i].spec.cpu_b != -1)
			strbuf_printf(&sb, ",%d", r[i].spec.cpu_b);
		strbuf_printf(&sb, "],\"floating\":%s,\"unit\":", r[i].spec.floating ?
		    "true" : "false");
		strbuf_json_str(&sb, k->unit);
		strbuf_printf(&sb, ",\"higher_is_better\":%s,\"solo\":",
		    k->higher_is_better ? "true" : "false");
		cmd_run_json_value(&sb, k, r[i].solo);
		strbuf_puts(&sb, ",\"rate\":");
		cmd_run_json_value(&sb, k, r[i].rate);
		strbuf_puts(&sb, ",\"speed\":");
		strbuf_json_num(&sb, r[i].speed);
		strbuf_puts(&sb, ",\"cpu_share\":");
		strbuf_json_num(&sb, r[i].share);
		strbuf_puts(&sb, ",\"efficiency\":");
		strbuf_json_num(&sb, r[i].efficiency);
		strbuf_printf(&sb, ",\"last_cpu\":%d,\"migrations\":%d,\"neighbors\":[",
		    r[i].last_cpu, r[i].migrations);
		first = 1;
		for (j = 0; j < n; j++) {
			if (j == i || (rel = cmd_run_relation(m, &r[i], &r[j])) == -1)
				continue;
			strbuf_printf(&sb, "%s{\"load\":%d,\"relation\":", first ? "" : ",", j);
			strbuf_json_str(&sb, topo_rel_name(rel));
			strbuf_puts(&sb, "}");
			first = 0;
		}
		strbuf_puts(&sb, "],\"error\":");
		strbuf_json_str(&sb, r[i].failure[0] ? r[i].failure : NULL);
		strbuf_puts(&sb, "}");
	}
	strbuf_puts(&sb, "]}\n");
	fputs(sb.s, stdout);
	strbuf_free(&sb);
}

/* `smtscope run [--time S] [--json] LOAD...`. */
int
cmd_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "time", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct run_result	*r;
	struct topo		*m;
	struct loads		*ls;
	char			 err[512];
	double			 secs = 2, warm;
	int			 json = 0, ch, i, n, sig, failed = 0;

	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":t:jh", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			if (util_parse_seconds(optarg, &secs) == -1 || secs < 0.05 ||
			    secs > 3600)
				return cmd_usage_error("run", "bad --time '%s' (seconds, "
				    "0.05 to 3600)", optarg);
			break;
		case 'j':
			json = 1;
			break;
		case 'h':
			cmd_run_help();
			return CMD_OK;
		case ':':
			return cmd_usage_error("run", "option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			return cmd_usage_error("run", "unknown option '%s' (see smtscope run "
			    "--help)", argv[optind - 1]);
		}
	}
	n = argc - optind;
	if (n == 0)
		return cmd_usage_error("run", "no load given (e.g. smtscope run hash@0 hash@1)");
	if (n > LOADS_MAX / 2)
		return cmd_usage_error("run", "too many loads (at most %d)", LOADS_MAX / 2);
	if ((m = topo_load_live(err, sizeof err)) == NULL)
		return cmd_usage_error("run", "%s", err);
	r = xcalloc((size_t)n, sizeof *r);
	for (i = 0; i < n; i++) {
		if (loads_parse(m, argv[optind + i], &r[i].spec, err, sizeof err) == -1) {
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
	warm = secs / 4 < 0.25 ? secs / 4 : 0.25;
	/* Alone: start each in turn, measure it, then pause it. */
	for (i = 0; i < n; i++) {
		if ((r[i].id = loads_start(ls, &r[i].spec, err, sizeof err)) == -1) {
			snprintf(r[i].failure, sizeof r[i].failure, "%.159s", err);
			continue;
		}
		if ((sig = measure_wait_ready(ls, r[i].id, CMD_RUN_READY_S)) > 0)
			cmd_run_signalled(ls, sig);
		if (sig == -1 && loads_get(ls, r[i].id) != NULL &&
		    loads_get(ls, r[i].id)->state != LOAD_DEAD) {
			snprintf(r[i].failure, sizeof r[i].failure, "did no work in its "
			    "first %d s (its setup never finished)", CMD_RUN_READY_S);
			loads_stop(ls, r[i].id);
			r[i].id = -1;
			continue;
		}
		if ((sig = measure_sleep(warm)) != 0 || (sig = measure_window(ls, secs)) != 0)
			cmd_run_signalled(ls, sig);
		r[i].solo = cmd_run_rate(ls, r[i].id, &r[i].solo_share, NULL, NULL);
		cmd_run_failure(ls, &r[i]);
		loads_pause(ls, r[i].id, 1);
	}
	/* Together. */
	for (i = 0; i < n; i++)
		if (r[i].id > 0)
			loads_pause(ls, r[i].id, 0);
	if ((sig = measure_sleep(warm)) != 0 || (sig = measure_window(ls, secs)) != 0)
		cmd_run_signalled(ls, sig);
	for (i = 0; i < n; i++) {
		if (r[i].id <= 0) {
			failed = 1;
			continue;
		}
		r[i].rate = cmd_run_rate(ls, r[i].id, &r[i].share, &r[i].last_cpu,
		    &r[i].migrations);
		r[i].speed = analysis_speed(r[i].rate, r[i].solo);
		r[i].efficiency = analysis_efficiency(r[i].speed, r[i].share, r[i].solo_share);
		cmd_run_failure(ls, &r[i]);
		if (r[i].failure[0] != '\0' || !isfinite(r[i].speed))
			failed = 1;
	}
	loads_free(ls);
	if (json)
		cmd_run_json(m, r, n, secs);
	else
		cmd_run_text(m, r, n, secs);
	free(r);
	topo_free(m);
	return failed ? CMD_FAIL : CMD_OK;
}
