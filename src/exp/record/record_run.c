/*
 * record_run.c: a recording session's lines. Each CPU's busy time is split
 * as the screen shows it: smtscope's own user and system time (this
 * process and its loads, charged to the CPU each is pinned on, or last ran
 * on) and others' (/proc/stat's busy time less smtscope's own).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/fmt.h"
#include "base/jsonw.h"
#include "base/sanitize.h"
#include "engine/analysis.h"
#include "engine/own.h"
#include "sample/cpustat.h"
#include "sample/foreign.h"
#include "model/machine.h"
#include "exp/record/idle_record.h"
#include "exp/record/record_run.h"
#include "base/util.h"

/* What the session knows of a load. */
struct record_load {
	int	id;
	double	solo;		/* NAN until measured */
	int	dead;		/* its death was written */
};

struct record_run {
	const struct topo	*m;
	struct record_out	*out;
	const struct load_spec	*specs;
	int			 nspecs;
	double			 interval_s;
	uint64_t		 t0_ns;
	uint64_t		 last_ns;	/* the last line's time: lines keep time order */
	time_t			 t0_wall;
	int			 lines;
	int			 refreshes;	/* sample lines written */
	double			 first_t, last_t;	/* their times, from t0 */
	struct strbuf		 sb;
	struct jsonw		 w;		/* the line being written */
	struct record_load	*ld;		/* by id; ids start at 1 */
	int			 nld;
	struct cpustat_sample	 prev;
	struct foreign		*fg;
	struct own		*own;		/* our own CPU time on each CPU (own.c) */
	int			 caller_samples;	/* the screen samples and reaps */
	struct idle_track	*idle;		/* idle residency (idle_record.c) */
};

/* A session writing to out for loads on m. */
struct record_run *
record_run_new(const struct topo *m, struct record_out *out, const struct load_spec *specs,
    int nspecs, double interval_s)
{
	struct record_run	*rr = xcalloc(1, sizeof *rr);

	rr->m = m;
	rr->out = out;
	rr->specs = specs;
	rr->nspecs = nspecs;
	rr->interval_s = interval_s;
	rr->t0_ns = util_now_ns();
	rr->t0_wall = time(NULL);
	strbuf_init(&rr->sb);
	rr->fg = foreign_new(NULL, m->max_os > 0 ? m->max_os : 1);
	rr->own = own_new(m);
	rr->idle = idle_track_new(m, NULL);
	return rr;
}

/* Close the file and free the session. */
int
record_run_free(struct record_run *rr, char *err, size_t errlen)
{
	int	rc;

	if (rr == NULL)
		return 0;
	rc = record_close(rr->out, err, errlen);
	strbuf_free(&rr->sb);
	cpustat_free(&rr->prev);
	foreign_free(rr->fg);
	own_free(rr->own);
	idle_track_free(rr->idle);
	free(rr->ld);
	free(rr);
	return rc;
}

/* Lines written so far. */
int
record_run_lines(const struct record_run *rr)
{
	return rr->lines;
}

/* What was written so far: lines, refreshes and the time they cover. */
void
record_run_tally(const struct record_run *rr, struct record_tally *t)
{
	t->lines = rr->lines;
	t->refreshes = rr->refreshes;
	t->interval_s = rr->interval_s;
	/* As replay --summary says it: the last refresh less the first, one interval more. */
	t->over_s = rr->refreshes > 0 ? rr->last_t - rr->first_t + rr->interval_s : 0;
}

/* "4 refreshes over 2.0 s, 9 lines, to r2.jsonl" (path as given, sanitized). */
void
record_tally_words(const struct record_tally *t, const char *path, char *buf, size_t len)
{
	char	safe[512];

	sanitize(safe, sizeof safe, path);
	snprintf(buf, len, "%d refresh%s over %.1f s, %d line%s, to %s", t->refreshes,
	    t->refreshes == 1 ? "" : "es", t->over_s, t->lines, t->lines == 1 ? "" : "s",
	    safe);
}

/* Start a line: one JSON object. */
static void
record_run_line(struct record_run *rr)
{
	rr->sb.len = 0;
	rr->sb.s[0] = '\0';
	jsonw_init(&rr->w, &rr->sb);
	jsonw_object(&rr->w);
}

/* Close the line's object and write it. */
static int
record_run_put(struct record_run *rr, char *err, size_t errlen)
{
	jsonw_object_end(&rr->w);
	jsonw_finish(&rr->w);
	if (record_write(rr->out, &rr->sb, err, errlen) == -1)
		return -1;
	rr->lines++;
	return 0;
}

/* The same at a given time (a sample's: when its loads were read). */
static void
record_run_stamp_at(struct record_run *rr, uint64_t t_ns)
{
	if (t_ns < rr->last_ns)
		t_ns = rr->last_ns;
	rr->last_ns = t_ns;
	record_run_line(rr);
	jsonw_key_fixed(&rr->w, "t", (double)(t_ns - rr->t0_ns) / 1e9, 4);
}

/*
 * Start a line with its time, to a ten-thousandth of a second: {"t":12.3456.
 * A replay smooths with the time between refreshes as the screen did, so
 * the time keeps its digits whatever its size (six significant digits
 * would round an hour's stamps to a hundredth).
 */
static void
record_run_stamp(struct record_run *rr)
{
	record_run_stamp_at(rr, util_now_ns());
}

/*
 * A sample's time: when its running loads were last read (the screen
 * smooths their rates with the time between those reads, and a replay
 * with the time between the stamps), else now; never before the line
 * written last (an event between the read and the sample).
 */
static uint64_t
record_run_sample_ns(struct record_run *rr, struct loads *ls)
{
	const struct load	*l;
	uint64_t		 t = 0;
	int			 i;

	for (i = 0; i < loads_count(ls); i++) {
		l = loads_at(ls, i);
		if (l->state == LOAD_RUNNING && l->cur.t_ns > t)
			t = l->cur.t_ns;
	}
	/* No load read since the start: now (stamps never go back: see above). */
	return t > rr->t0_ns ? t : util_now_ns();
}

/* A figure to sig significant digits (the format's promise), or null. */
static void
record_run_num(struct record_run *rr, double v, int sig)
{
	jsonw_num(&rr->w, fmt_round(v, sig));
}

/* A member's figure to sig significant digits, or null. */
static void
record_run_key_num(struct record_run *rr, const char *key, double v, int sig)
{
	jsonw_key(&rr->w, key);
	record_run_num(rr, v, sig);
}

/* An event's name and the load it is about: "e":"stop","id":3 */
static void
record_run_event(struct record_run *rr, const char *name, int id)
{
	record_run_stamp(rr);
	jsonw_key_str(&rr->w, "e", name);
	if (id > 0)
		jsonw_key_int(&rr->w, "id", id);
}

/* A load object: {"load":"hash@0","kernel":"hash","unit":...,"higher":true}. */
static void
record_run_spec(struct record_run *rr, const struct load_spec *spec)
{
	const struct kernel	*k = spec->k;

	jsonw_object(&rr->w);
	jsonw_key_str(&rr->w, "load", spec->text);
	jsonw_key_str(&rr->w, "kernel", k->name);
	jsonw_key_str(&rr->w, "unit", k->unit);
	jsonw_key_str(&rr->w, "work", k->work_unit);
	record_run_key_num(rr, "scale", k->scale, 6);
	jsonw_key_bool(&rr->w, "higher", k->higher_is_better);
	jsonw_object_end(&rr->w);
}

/* The header line: the machine, its CPUs and topology, the interval, the loads. */
int
record_run_header(struct record_run *rr, char *err, size_t errlen)
{
	struct machine	 mc;
	struct tm	 tm;
	char		 date[64], *xml;
	size_t		 xlen;
	int		 i;

	if ((xml = topo_export_xml(rr->m, &xlen, err, errlen)) == NULL)
		return -1;
	gmtime_r(&rr->t0_wall, &tm);
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
	machine_fill(&mc, rr->m, NULL, NULL);
	record_run_line(rr);
	jsonw_key_str(&rr->w, "kind", "record");
	jsonw_key_int(&rr->w, "format", RECORD_FORMAT);
	jsonw_key_str(&rr->w, "smtscope", SMTSCOPE_VERSION);
	jsonw_key_str(&rr->w, "start", date);
	record_run_key_num(rr, "interval", rr->interval_s, 3);
	machine_json(&mc, &rr->w);
	jsonw_key_array(&rr->w, "cpus");
	for (i = 0; i < rr->m->npus; i++)
		jsonw_int(&rr->w, rr->m->pus[i].os_index);
	jsonw_array_end(&rr->w);
	jsonw_key_array(&rr->w, "loads");
	for (i = 0; i < rr->nspecs; i++)
		record_run_spec(rr, &rr->specs[i]);
	jsonw_array_end(&rr->w);
	idle_track_header(rr->idle, &rr->w);
	jsonw_key_str(&rr->w, "xml", xml);
	free(xml);
	return record_run_put(rr, err, errlen);
}

/* The session's entry for a load id, made when new. */
static struct record_load *
record_run_load(struct record_run *rr, int id)
{
	int	i;

	for (i = 0; i < rr->nld; i++)
		if (rr->ld[i].id == id)
			return &rr->ld[i];
	rr->ld = xreallocarray(rr->ld, (size_t)rr->nld + 1, sizeof *rr->ld);
	rr->ld[rr->nld].id = id;
	rr->ld[rr->nld].solo = NAN;
	rr->ld[rr->nld].dead = 0;
	return &rr->ld[rr->nld++];
}

/* Event: load n of the header started as id, or failed to. */
int
record_run_started(struct record_run *rr, int n, int id, const char *why, char *err,
    size_t errlen)
{
	if (id > 0) {
		record_run_load(rr, id);
		record_run_event(rr, "start", id);
		jsonw_key_int(&rr->w, "n", n);
	} else {
		record_run_event(rr, "failed", 0);
		jsonw_key_int(&rr->w, "n", n);
		jsonw_key_str(&rr->w, "why", why);
	}
	return record_run_put(rr, err, errlen);
}

/* Event: a load's solo was measured. */
int
record_run_solo(struct record_run *rr, int id, const struct solo_result *res,
    int disturbed, int tries, const struct capacity_base *b, int reused, char *err,
    size_t errlen)
{
	record_run_load(rr, id)->solo = res->rate;
	record_run_event(rr, "solo", id);
	record_run_key_num(rr, "solo", res->rate, 6);
	record_run_key_num(rr, "share", res->share, 3);
	record_run_key_num(rr, "spread", res->spread, 2);
	jsonw_key_bool(&rr->w, "disturbed", disturbed);
	jsonw_key_int(&rr->w, "tries", tries);
	if (b != NULL) {
		/* The place's baseline it stands on: whose, and what the place has shown. */
		jsonw_key_object(&rr->w, "baseline");
		jsonw_key_str(&rr->w, "place", b->key);
		jsonw_key_text(&rr->w, "by", b->by);
		jsonw_key_bool(&rr->w, "reused", reused);
		record_run_key_num(rr, "value", b->rate, 6);
		record_run_key_num(rr, "spread", b->spread, 2);
		record_run_key_num(rr, "at_s", b->at_ns >= rr->t0_ns ?
		    (double)(b->at_ns - rr->t0_ns) / 1e9 : NAN, 4);
		jsonw_key_bool(&rr->w, "disturbed", b->disturbed);
		record_run_key_num(rr, "min", b->lo, 6);
		record_run_key_num(rr, "max", b->hi, 6);
		jsonw_key_int(&rr->w, "measurements", b->n);
		jsonw_object_end(&rr->w);
	}
	return record_run_put(rr, err, errlen);
}

/* Event: a load's CPU's capacity was seen to move (drift.h). */
int
record_run_capacity(struct record_run *rr, int id, double capacity, double step,
    const char *cause, char *err, size_t errlen)
{
	record_run_event(rr, "capacity", id);
	record_run_key_num(rr, "capacity", capacity, 3);
	record_run_key_num(rr, "step", step, 3);
	jsonw_key_text(&rr->w, "cause", cause);
	return record_run_put(rr, err, errlen);
}

/* Event: a load started later, its load object inline. */
int
record_run_start_load(struct record_run *rr, int id, const struct load_spec *spec,
    char *err, size_t errlen)
{
	record_run_load(rr, id);
	record_run_event(rr, "start", id);
	jsonw_key(&rr->w, "load");
	record_run_spec(rr, spec);
	return record_run_put(rr, err, errlen);
}

/* Event: a load moved to a place written as a load's text ("hash@1"). */
int
record_run_move(struct record_run *rr, int id, const char *to, char *err, size_t errlen)
{
	record_run_event(rr, "move", id);
	jsonw_key_str(&rr->w, "to", to);
	return record_run_put(rr, err, errlen);
}

/* Event: a load paused (pause 1) or resumed (0). */
int
record_run_pause(struct record_run *rr, int id, int pause, char *err, size_t errlen)
{
	record_run_event(rr, pause ? "pause" : "resume", id);
	return record_run_put(rr, err, errlen);
}

/* Event: a load stopped by smtscope (at the end) or the user. */
int
record_run_stop(struct record_run *rr, int id, char *err, size_t errlen)
{
	record_run_load(rr, id)->dead = 1;
	record_run_event(rr, "stop", id);
	return record_run_put(rr, err, errlen);
}

/* Event: a load died, once. */
int
record_run_died(struct record_run *rr, int id, const char *why, char *err,
    size_t errlen)
{
	struct record_load	*rl = record_run_load(rr, id);

	if (rl->dead)
		return 0;
	rl->dead = 1;
	record_run_event(rr, "died", id);
	jsonw_key_str(&rr->w, "why", why);
	return record_run_put(rr, err, errlen);
}

/* Event: a tour's step n (from 1) began. */
int
record_run_step(struct record_run *rr, int n, const char *title, char *err,
    size_t errlen)
{
	record_run_event(rr, "step", 0);
	jsonw_key_int(&rr->w, "n", n);
	jsonw_key_str(&rr->w, "title", title);
	return record_run_put(rr, err, errlen);
}

/* Event: the end, the loads left as they are. */
int
record_run_finish(struct record_run *rr, const char *why, char *err, size_t errlen)
{
	record_run_event(rr, "end", 0);
	jsonw_key_str(&rr->w, "why", why);
	return record_run_put(rr, err, errlen);
}

/* The caller samples and reaps the loads itself (the screen). */
void
record_run_caller_samples(struct record_run *rr)
{
	rr->caller_samples = 1;
}

/* Start the refreshes: the first readings of CPUs and loads. */
void
record_run_begin(struct record_run *rr, struct loads *ls)
{
	char	err[256];

	cpustat_free(&rr->prev);
	if (cpustat_sample(&rr->prev, NULL, err, sizeof err) == -1)
		memset(&rr->prev, 0, sizeof rr->prev);
	own_tick(rr->own, rr->fg, ls);
	if (!rr->caller_samples)
		loads_sample(ls);
}

/* Did /proc/stat count a tick of a CPU (by OS index) between two samples? */
static int
record_run_ticked(const struct cpustat_sample *a, const struct cpustat_sample *b, int os)
{
	const struct cpustat_times	*x, *y;

	if (os >= a->ncpu || os >= b->ncpu)
		return 0;
	x = &a->cpu[os];
	y = &b->cpu[os];
	return x->user + x->nice + x->system + x->idle + x->iowait + x->irq + x->softirq +
	    x->steal != y->user + y->nice + y->system + y->idle + y->iowait + y->irq +
	    y->softirq + y->steal;
}

/*
 * One CPU's busy split in whole percent: smtscope's user and system,
 * others'; nulls when it could not be read, or no tick went by (a screen's
 * first refresh just after R).
 */
static void
record_run_cpu(struct record_run *rr, const struct cpustat_sample *cur, int i,
    uint64_t wall_ns)
{
	struct cpustat_pct	pct;
	double			busy, others, sys;

	if (wall_ns == 0 || !record_run_ticked(&rr->prev, cur, rr->m->pus[i].os_index) ||
	    cpustat_delta(&rr->prev, cur, rr->m->pus[i].os_index, &pct) == -1) {
		jsonw_null(&rr->w);
		jsonw_null(&rr->w);
		jsonw_null(&rr->w);
		return;
	}
	busy = pct.busy / 100;
	own_split(rr->own, i, busy, wall_ns, &others, &sys);
	jsonw_num(&rr->w, round(100 * (busy - others - sys)));
	jsonw_num(&rr->w, round(100 * sys));
	jsonw_num(&rr->w, round(100 * others));
}

/* The loads of a sample: [id,state,rate,share,solo] each. */
static void
record_run_loads(struct record_run *rr, struct loads *ls)
{
	struct load	*l;
	int		 i;

	jsonw_key_array(&rr->w, "l");
	for (i = 0; i < loads_count(ls); i++) {
		l = loads_at(ls, i);
		jsonw_array(&rr->w);
		jsonw_int(&rr->w, l->id);
		jsonw_str(&rr->w, l->state == LOAD_RUNNING ? "r" : l->state == LOAD_PAUSED ?
		    "p" : "d");
		record_run_num(rr, l->state == LOAD_DEAD ? NAN :
		    analysis_rate(&l->prev, &l->cur), 6);
		record_run_num(rr, l->state == LOAD_DEAD ? NAN :
		    analysis_share(&l->prev, &l->cur), 3);
		record_run_num(rr, record_run_load(rr, l->id)->solo, 6);
		jsonw_array_end(&rr->w);
	}
	jsonw_array_end(&rr->w);
}

/* A died event for each load that died since the last refresh. */
static int
record_run_deaths(struct record_run *rr, struct loads *ls, char *err, size_t errlen)
{
	struct load	*l;
	int		 i;

	for (i = 0; i < loads_count(ls); i++) {
		l = loads_at(ls, i);
		if (l->state == LOAD_DEAD &&
		    record_run_died(rr, l->id, l->death, err, errlen) == -1)
			return -1;
	}
	return 0;
}

/* One refresh: a sample line, then the deaths. */
int
record_run_sample(struct record_run *rr, struct loads *ls, char *err, size_t errlen)
{
	struct cpustat_sample	cur;
	char			cerr[256];
	uint64_t		wall_ns = 0;
	int			i;

	if (!rr->caller_samples) {
		loads_sample(ls);
		loads_reap(ls);
	}
	own_tick(rr->own, rr->fg, ls);
	memset(&cur, 0, sizeof cur);
	if (cpustat_sample(&cur, NULL, cerr, sizeof cerr) == 0 && rr->prev.ncpu > 0 &&
	    cur.t_ns > rr->prev.t_ns)
		wall_ns = cur.t_ns - rr->prev.t_ns;
	record_run_stamp_at(rr, record_run_sample_ns(rr, ls));
	jsonw_key_array(&rr->w, "c");
	for (i = 0; i < rr->m->npus; i++)
		record_run_cpu(rr, &cur, i, wall_ns);
	jsonw_array_end(&rr->w);
	record_run_loads(rr, ls);
	idle_track_sample(rr->idle, &rr->w);
	if (cur.ncpu > 0) {
		cpustat_free(&rr->prev);
		rr->prev = cur;
	}
	if (record_run_put(rr, err, errlen) == -1)
		return -1;
	rr->last_t = (double)(rr->last_ns - rr->t0_ns) / 1e9;
	if (rr->refreshes++ == 0)
		rr->first_t = rr->last_t;
	return record_run_deaths(rr, ls, err, errlen);
}

/* Stop every load (a stop event each), then the end event. */
int
record_run_end(struct record_run *rr, struct loads *ls, const char *why, char *err,
    size_t errlen)
{
	struct load	*l;
	int		 rc = 0;

	loads_reap(ls);
	if (record_run_deaths(rr, ls, err, errlen) == -1)
		rc = -1;
	while (loads_count(ls) > 0) {
		l = loads_at(ls, 0);
		if (rc == 0 && l->state != LOAD_DEAD)
			rc = record_run_stop(rr, l->id, err, errlen);
		if (l->state == LOAD_DEAD)
			loads_forget(ls, l->id);
		else
			loads_stop(ls, l->id);
	}
	if (rc == 0)
		rc = record_run_finish(rr, why, err, errlen);
	return rc;
}
