/* cmd_record.c: `smtscope record`, loads run headless and every refresh written to a file. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "exp/record_run.h"
#include "engine/solo.h"
#include "model/topo.h"
#include "base/util.h"

/* How long a load may take to do its first unit of work. */
#define CMD_RECORD_READY_S	30
/* A solo's window: from 0.5 s, ended when its rate is known, at most 2 s. */
#define CMD_RECORD_SOLO_MIN_S	0.5
#define CMD_RECORD_SOLO_MAX_S	2.0

static int	cmd_record_exec(int, char **);
static void	cmd_record_help(FILE *);

static const struct option cmd_record_longopts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "delay", required_argument, NULL, 'd' },
	{ "time", required_argument, NULL, 't' },
	{ "load", required_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

const struct cmd_entry cmd_record_entry = {
	.name = "record",
	.usage = "-o FILE [-d TENTHS] [--time S] [-l LOAD]...",
	.summary = "run loads headless and record every refresh to a file",
	.optstring = "o:d:t:l:h",
	.longopts = cmd_record_longopts,
	.maxargs = 0,
	.help = cmd_record_help,
	.exec = cmd_record_exec
};

/* What follows the usage line. */
static void
cmd_record_help(FILE *f)
{
	fprintf(f,
	    "Start the loads, measure each one's solo rate once (the others paused),\n"
	    "then write one line per refresh: every CPU's busy time (smtscope's user\n"
	    "and system, others'), every load's state, rate, share and solo; and the\n"
	    "events (started, died, stopped, solo measured). JSON lines, gzip when\n"
	    "FILE ends in .gz; see smtscope-record(5) and smtscope replay --summary.\n"
	    "\n"
	    "  -o, --output FILE   the recording (%%h: the short host name, %%%%: %%)\n"
	    "  -d, --delay TENTHS  refresh interval in tenths of a second (1-100,\n"
	    "                      default 10)\n"
	    "  -t, --time S        stop after S seconds of refreshes (default: at\n"
	    "                      SIGINT or SIGTERM; the file is complete either way)\n"
	    "  -l, --load LOAD     a load (repeatable), e.g. hash@0, pipe@0,1\n");
}

/* The options: -o, -d, --time and the loads; CMD_GO or CMD_USAGE. */
static int
cmd_record_options(const struct cmd_args *a, const struct topo *m, char *path,
    size_t pathlen, double *interval_s, double *time_s, struct load_spec **specs,
    int *nspecs)
{
	const char	*s;
	char		 err[4400];
	long		 tenths;
	int		 i;

	if ((s = cmd_args_get(a, 'o')) == NULL)
		return cmd_usage_error("record", "no -o FILE given (e.g. smtscope record "
		    "-o run.jsonl.gz -l hash@0)");
	if (cmd_out_name(s, path, pathlen, err, sizeof err) == -1)
		return cmd_usage_error("record", "%s", err);
	if ((s = cmd_args_get(a, 'd')) != NULL) {
		if (util_parse_long(s, 1, 100, &tenths) == -1)
			return cmd_usage_error("record", "bad -d '%s' (tenths of a second, "
			    "1 to 100)", s);
		*interval_s = (double)tenths / 10;
	}
	if ((s = cmd_args_get(a, 't')) != NULL &&
	    (util_parse_seconds(s, time_s) == -1 || *time_s < 0.1 || *time_s > 1e6))
		return cmd_usage_error("record", "bad --time '%s' (seconds, 0.1 to "
		    "1000000)", s);
	*specs = xcalloc(LOADS_MAX, sizeof **specs);
	for (i = 0; i < a->nopts; i++) {
		if (a->opts[i].ch != 'l')
			continue;
		if (*nspecs == LOADS_MAX / 2)
			return cmd_usage_error("record", "too many loads (at most %d)",
			    LOADS_MAX / 2);
		if (loads_parse(m, a->opts[i].arg, &(*specs)[*nspecs], err,
		    sizeof err) == -1)
			return cmd_usage_error("record", "%s", err);
		(*nspecs)++;
	}
	return CMD_GO;
}

/* Write the end, stop everything, close; on a signal, die of it. */
static int
cmd_record_finish(struct record_run *rr, struct loads *ls, int sig, int failed)
{
	char	err[4400], why[32];
	int	rc = failed ? CMD_FAIL : CMD_OK;

	snprintf(why, sizeof why, "%s", sig == SIGINT ? "SIGINT" : sig == SIGTERM ?
	    "SIGTERM" : sig == SIGHUP ? "SIGHUP" : failed ? "error" : "time");
	if (record_run_end(rr, ls, why, err, sizeof err) == -1 && !failed) {
		fprintf(stderr, "smtscope: record: %s\n", err);
		rc = CMD_FAIL;
	}
	loads_free(ls);
	if (record_run_free(rr, err, sizeof err) == -1 && rc == CMD_OK) {
		fprintf(stderr, "smtscope: record: %s\n", err);
		rc = CMD_FAIL;
	}
	if (sig > 0)
		cmd_die(sig);
	return rc;
}

/* Start each load and wait for its first unit of work; a signal's number, -1, or 0. */
static int
cmd_record_start(struct record_run *rr, struct loads *ls, const struct load_spec *specs,
    int n, int *ids, char *err, size_t errlen)
{
	struct load	*l;
	char		 why[512];
	int		 i, sig;

	for (i = 0; i < n; i++) {
		if ((ids[i] = loads_start(ls, &specs[i], why, sizeof why)) != -1 &&
		    (sig = measure_wait_ready(ls, ids[i], CMD_RECORD_READY_S)) != 0) {
			if (sig > 0)
				return sig;
			l = loads_get(ls, ids[i]);
			if (l != NULL && l->state == LOAD_DEAD)
				snprintf(why, sizeof why, "%s", l->death);
			else
				snprintf(why, sizeof why, "did no work in its first %d s",
				    CMD_RECORD_READY_S);
			loads_stop(ls, ids[i]);
			ids[i] = -1;
		}
		if (record_run_started(rr, i, ids[i], why, err, errlen) == -1)
			return -1;
	}
	return 0;
}

/* Each load's solo, once, the others paused: a signal's number, -1, or 0. */
static int
cmd_record_solos(struct record_run *rr, struct loads *ls, const int *ids, int n,
    char *err, size_t errlen)
{
	struct solo_stable	 stab;
	struct measure_win	 w;
	struct solo_result	 res;
	struct load		*l;
	int			 i, sig, tries;

	solo_stable_set(&stab, &w, CMD_RECORD_SOLO_MIN_S, CMD_RECORD_SOLO_MAX_S, 0.25,
	    0.03, 4);
	for (i = 0; i < n; i++) {
		if (ids[i] <= 0 || (l = loads_get(ls, ids[i])) == NULL ||
		    l->state == LOAD_DEAD)
			continue;
		sig = solo_measure_guarded(&solo_loads_ops, ls, ids[i], SOLO_SETTLE_NS,
		    &stab, kernel_cpu_bound(l->spec.k), 1000000000ULL, &res, &tries);
		if (sig > 0)
			return sig;
		if (sig == 0 && record_run_solo(rr, ids[i], &res,
		    solo_disturbed(&res, kernel_cpu_bound(l->spec.k)), tries, err,
		    errlen) == -1)
			return -1;
	}
	return 0;
}

/* The refreshes, each at its time from the first, until --time or a signal. */
static int
cmd_record_loop(struct record_run *rr, struct loads *ls, double interval_s, double time_s,
    char *err, size_t errlen)
{
	uint64_t	start, next;
	long		k;
	int		sig;

	record_run_begin(rr, ls);
	start = util_now_ns();
	for (k = 1; time_s <= 0 || (double)k * interval_s <= time_s + 1e-9; k++) {
		next = start + (uint64_t)((double)k * interval_s * 1e9);
		if ((sig = measure_sleep((double)(next - util_now_ns()) / 1e9 > 0 ?
		    (double)(next - util_now_ns()) / 1e9 : 0)) != 0)
			return sig;
		if (record_run_sample(rr, ls, err, errlen) == -1)
			return -1;
	}
	return 0;
}

/* Record: the header, the loads started, their solos, the refreshes, the end. */
static int
cmd_record_session(const struct topo *m, const char *path, const struct load_spec *specs,
    int n, double interval_s, double time_s)
{
	struct record_out	*out;
	struct record_run	*rr;
	struct loads		*ls;
	char			 err[4400];
	int			*ids, sig;

	if ((out = record_create(path, NULL, err, sizeof err)) == NULL)
		return cmd_usage_error("record", "-o %s", err);
	measure_signals_block();
	rr = record_run_new(m, out, specs, n, interval_s);
	if (record_run_header(rr, err, sizeof err) == -1) {
		fprintf(stderr, "smtscope: record: %s\n", err);
		record_run_free(rr, err, sizeof err);
		return CMD_FAIL;
	}
	ls = loads_new(m);
	ids = xcalloc((size_t)n + 1, sizeof *ids);
	sig = cmd_record_start(rr, ls, specs, n, ids, err, sizeof err);
	if (sig == 0)
		sig = cmd_record_solos(rr, ls, ids, n, err, sizeof err);
	if (sig == 0)
		sig = cmd_record_loop(rr, ls, interval_s, time_s, err, sizeof err);
	free(ids);
	if (sig == -1)
		fprintf(stderr, "smtscope: record: %s\n", err);
	return cmd_record_finish(rr, ls, sig > 0 ? sig : 0, sig == -1);
}

/* `smtscope record -o FILE [-d TENTHS] [--time S] [-l LOAD]...`. */
static int
cmd_record_exec(int argc, char **argv)
{
	struct cmd_args		 a;
	struct load_spec	*specs = NULL;
	struct topo		*m;
	char			 path[4096], err[512];
	double			 interval_s = 1, time_s = 0;
	int			 rc, n = 0;

	if ((rc = cmd_args_parse(&a, &cmd_record_entry, argc, argv)) != CMD_GO)
		return rc;
	if ((m = topo_load_live(err, sizeof err)) == NULL)
		return cmd_usage_error("record", "%s", err);
	rc = cmd_record_options(&a, m, path, sizeof path, &interval_s, &time_s, &specs, &n);
	if (rc == CMD_GO)
		rc = cmd_record_session(m, path, specs, n, interval_s, time_s);
	free(specs);
	topo_free(m);
	return rc;
}
