/*
 * replay.c: a recording read back whole and checked line by line; every
 * refusal names the file and the line.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/sanitize.h"
#include "exp/record/record.h"
#include "exp/record/replay.h"
#include "base/util.h"

/* The most CPUs and loads a header may name (cpuset.h's and loads.h's limits). */
#define REPLAY_CPUS_MAX		65536
#define REPLAY_LOADS_MAX	1024
/* What a recording's samples may take in memory, and how many events it may have. */
#define REPLAY_BYTES_MAX	((size_t)2 << 30)
#define REPLAY_EVENTS_MAX	(1 << 20)
/* The largest load id a recording may carry (its writer counts from 1). */
#define REPLAY_ID_MAX		999999999
/* Work units a second: above any CPU's (a fp load's flops are about 1e11). */
#define REPLAY_RATE_MAX		1e13

/*
 * Copy a string member, or "" when it is missing or not a string, as it is
 * shown (sanitize.h): a recording's control bytes never reach a terminal.
 */
static void
replay_str(char *buf, size_t len, const struct json_val *v)
{
	sanitize(buf, len, json_str(v, ""));
}

/* Fail with "FILE: line N: what"; -1. */
static int __attribute__((format(printf, 4, 5)))
replay_fail(const struct replay *rp, char *err, size_t errlen, const char *fmt, ...)
{
	char	what[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s: line %d: %s", rp->path, rp->lines, what);
	return -1;
}

/*
 * Lay a per-sample matrix of w columns out again with one more column,
 * filled with fill (the samples so far stay where they were).
 */
static void *
replay_widen(void *p, size_t elem, int rows, int caprows, int w, const void *fill)
{
	unsigned char	*n = xreallocarray(NULL, (size_t)(caprows > 0 ? caprows : 1),
			    elem * (size_t)(w + 1));
	int		 r;

	for (r = 0; r < rows; r++) {
		if (w > 0)
			memcpy(n + (size_t)r * (size_t)(w + 1) * elem,
			    (unsigned char *)p + (size_t)r * (size_t)w * elem,
			    (size_t)w * elem);
		memcpy(n + ((size_t)r * (size_t)(w + 1) + (size_t)w) * elem, fill, elem);
	}
	free(p);
	return n;
}

/* A new load, from a header's or a start event's load object; NULL and a message. */
static struct replay_load *
replay_add_load(struct replay *rp, const struct json_val *v, char *err, size_t errlen)
{
	struct replay_load	*l;
	const double		 nan = NAN;
	const char		 none = 0;

	if (v == NULL || v->type != JSON_OBJ || json_str(json_get(v, "load"), NULL) == NULL) {
		replay_fail(rp, err, errlen, "load %d has no \"load\"", rp->nloads + 1);
		return NULL;
	}
	if (rp->nloads == REPLAY_LOADS_MAX) {
		replay_fail(rp, err, errlen, "more than %d loads", REPLAY_LOADS_MAX);
		return NULL;
	}
	if (rp->nloads == rp->loads_cap) {
		rp->loads_cap = rp->loads_cap ? 2 * rp->loads_cap : 8;
		rp->loads = xreallocarray(rp->loads, (size_t)rp->loads_cap, sizeof *rp->loads);
	}
	if (rp->cap > 0) {
		rp->rate = replay_widen(rp->rate, sizeof nan, rp->nsamples, rp->cap,
		    rp->nloads, &nan);
		rp->share = replay_widen(rp->share, sizeof nan, rp->nsamples, rp->cap,
		    rp->nloads, &nan);
		rp->solo = replay_widen(rp->solo, sizeof nan, rp->nsamples, rp->cap,
		    rp->nloads, &nan);
		rp->state = replay_widen(rp->state, 1, rp->nsamples, rp->cap, rp->nloads,
		    &none);
	}
	l = &rp->loads[rp->nloads++];
	memset(l, 0, sizeof *l);
	l->id = -1;
	replay_str(l->load, sizeof l->load, json_get(v, "load"));
	replay_str(l->kernel, sizeof l->kernel, json_get(v, "kernel"));
	replay_str(l->unit, sizeof l->unit, json_get(v, "unit"));
	l->scale = json_num(json_get(v, "scale"), NAN);
	l->higher = json_get(v, "higher") == NULL ||
	    json_get(v, "higher")->type != JSON_FALSE;
	l->solo = NAN;
	return l;
}

/* The header's loads. */
static int
replay_header_loads(struct replay *rp, const struct json_val *a, char *err, size_t errlen)
{
	const struct json_val	*v;

	if (a == NULL || a->type != JSON_ARR || a->n > REPLAY_LOADS_MAX)
		return replay_fail(rp, err, errlen, "\"loads\" is not an array of at most "
		    "%d loads", REPLAY_LOADS_MAX);
	for (v = a->child; v != NULL; v = v->next)
		if (replay_add_load(rp, v, err, errlen) == NULL)
			return -1;
	return 0;
}

/* The header's CPUs: distinct OS indexes. */
static int
replay_header_cpus(struct replay *rp, const struct json_val *cpus, char *err,
    size_t errlen)
{
	const struct json_val	*v;
	int			 i = 0;

	if (cpus == NULL || cpus->type != JSON_ARR || cpus->n < 1 ||
	    cpus->n > REPLAY_CPUS_MAX)
		return replay_fail(rp, err, errlen, "\"cpus\" is not an array of 1 to %d "
		    "CPUs", REPLAY_CPUS_MAX);
	rp->ncpus = cpus->n;
	rp->cpu_os = xcalloc((size_t)rp->ncpus, sizeof *rp->cpu_os);
	for (v = cpus->child; v != NULL; v = v->next, i++) {
		if (v->type != JSON_NUM ||
		    json_int(v, 0, REPLAY_CPUS_MAX - 1, -1, &rp->cpu_os[i]) == -1)
			return replay_fail(rp, err, errlen, "CPU %d of \"cpus\" is not an "
			    "OS index", i + 1);
	}
	return 0;
}

/* The machine object's CPU identity and SMT state, for the screen's header. */
static void
replay_machine(struct replay *rp, const struct json_val *mc)
{
	const struct json_val	*cpu = json_get(mc, "cpu"), *t = json_get(mc, "topology");
	const struct json_val	*on = json_get(t, "smt_on");

	replay_str(rp->vendor, sizeof rp->vendor, json_get(cpu, "vendor"));
	replay_str(rp->codename, sizeof rp->codename, json_get(cpu, "codename"));
	replay_str(rp->hypervisor, sizeof rp->hypervisor, json_get(cpu, "hypervisor"));
	replay_str(rp->smt_control, sizeof rp->smt_control, json_get(t, "smt_control"));
	rp->smt_on = on == NULL ? -1 : on->type == JSON_TRUE ? 1 : on->type == JSON_FALSE ?
	    0 : -1;
}

/* The header: kind, format, machine, CPUs, interval, loads. */
static int
replay_header(struct replay *rp, const struct json_val *h, char *err, size_t errlen)
{
	const struct json_val	*mc = json_get(h, "machine"), *cpus = json_get(h, "cpus");

	if (record_check_header(h, rp->path, err, errlen) == -1)
		return -1;
	rp->interval_s = json_num(json_get(h, "interval"), NAN);
	if (!(rp->interval_s > 0))
		return replay_fail(rp, err, errlen, "no \"interval\" in seconds");
	if (replay_header_cpus(rp, cpus, err, errlen) == -1)
		return -1;
	if (json_str(json_get(h, "xml"), NULL) != NULL)
		rp->xml = xstrdup(json_str(json_get(h, "xml"), ""));
	replay_str(rp->start, sizeof rp->start, json_get(h, "start"));
	replay_str(rp->smtscope, sizeof rp->smtscope, json_get(h, "smtscope"));
	if (mc != NULL) {
		replay_str(rp->host, sizeof rp->host, json_get(mc, "hostname"));
		replay_str(rp->cpu, sizeof rp->cpu, json_get(json_get(mc, "cpu"), "brand"));
		replay_machine(rp, mc);
	}
	return replay_header_loads(rp, json_get(h, "loads"), err, errlen);
}

/* The load of an id, or NULL. */
static struct replay_load *
replay_by_id(struct replay *rp, int id)
{
	int	i;

	for (i = 0; i < rp->nloads; i++)
		if (rp->loads[i].id == id && id > 0)
			return &rp->loads[i];
	return NULL;
}

/* Keep an event for the screen's replay. */
static void
replay_keep(struct replay *rp, const struct json_val *o, enum replay_ev kind,
    const struct replay_load *l, double num, const char *text)
{
	const struct json_val	*b;
	struct replay_event	*e;

	if (rp->nev == rp->ev_cap) {
		rp->ev_cap = rp->ev_cap ? 2 * rp->ev_cap : 32;
		rp->ev = xreallocarray(rp->ev, (size_t)rp->ev_cap, sizeof *rp->ev);
	}
	e = &rp->ev[rp->nev++];
	e->t = json_num(json_get(o, "t"), rp->nsamples > 0 ? rp->t[rp->nsamples - 1] : 0);
	e->sample = rp->nsamples;
	e->kind = kind;
	e->load = l != NULL ? (int)(l - rp->loads) : -1;
	e->num = num;
	e->share = json_num(json_get(o, "share"), NAN);
	e->disturbed = json_get(o, "disturbed") != NULL &&
	    json_get(o, "disturbed")->type == JSON_TRUE;
	e->step = json_num(json_get(o, "step"), NAN);
	/* A solo's baseline: value, spread, when, disturbed (older recordings: none). */
	b = kind == REPLAY_EV_SOLO ? json_get(o, "baseline") : NULL;
	if (b != NULL && b->type != JSON_OBJ)
		b = NULL;
	e->base = b != NULL ? json_num(json_get(b, "value"), NAN) : NAN;
	e->base_spread = b != NULL ? json_num(json_get(b, "spread"), NAN) : NAN;
	e->base_at_s = b != NULL ? json_num(json_get(b, "at_s"), NAN) : NAN;
	e->base_disturbed = b != NULL && json_get(b, "disturbed") != NULL &&
	    json_get(b, "disturbed")->type == JSON_TRUE;
	sanitize(e->text, sizeof e->text, text != NULL ? text : "");
}

/* A start event: of the header's load n, or of a load it carries (one started later). */
static int
replay_start(struct replay *rp, const struct json_val *o, const char *e, char *err,
    size_t errlen)
{
	struct replay_load	*l;
	const struct json_val	*inl = json_get(o, "load");
	int			 id, n;

	if (strcmp(e, "start") == 0 && (json_int(json_get(o, "id"), 1, REPLAY_ID_MAX, 0,
	    &id) == -1 || id == 0 || replay_by_id(rp, id) != NULL))
		return replay_fail(rp, err, errlen, "start event without a new id");
	if (inl != NULL && json_get(o, "n") == NULL) {
		if ((l = replay_add_load(rp, inl, err, errlen)) == NULL)
			return -1;
	} else if (json_int(json_get(o, "n"), 0, rp->nloads - 1, -1, &n) == -1 || n < 0)
		return replay_fail(rp, err, errlen, "%s event of a load the header "
		    "does not have", e);
	else
		l = &rp->loads[n];
	if (strcmp(e, "start") == 0) {
		l->id = id;
		replay_keep(rp, o, REPLAY_EV_START, l, NAN, l->load);
	} else {
		snprintf(l->fate, sizeof l->fate, "failed: %.140s",
		    json_str(json_get(o, "why"), "?"));
		replay_keep(rp, o, REPLAY_EV_FAILED, l, NAN, json_str(json_get(o, "why"),
		    "?"));
	}
	return 0;
}

/* The events of a load by id: their names and what they keep. */
static const struct {
	const char	*name;
	enum replay_ev	 kind;
	const char	*text;		/* the member kept as text, or NULL */
} replay_load_events[] = {
	{ "solo", REPLAY_EV_SOLO, NULL },
	{ "died", REPLAY_EV_DIED, "why" },
	{ "stop", REPLAY_EV_STOP, NULL },
	{ "move", REPLAY_EV_MOVE, "to" },
	{ "pause", REPLAY_EV_PAUSE, NULL },
	{ "resume", REPLAY_EV_RESUME, NULL },
	{ "capacity", REPLAY_EV_CAPACITY, "cause" }
};

/*
 * An event: start, failed, solo, died, stop, move, pause, resume,
 * capacity, step, end; others are left alone.
 */
static int
replay_event(struct replay *rp, const struct json_val *o, const char *e, char *err,
    size_t errlen)
{
	struct replay_load	*l;
	size_t			 i;
	int			 id;

	if (strcmp(e, "start") == 0 || strcmp(e, "failed") == 0)
		return replay_start(rp, o, e, err, errlen);
	if (strcmp(e, "end") == 0) {
		replay_str(rp->end, sizeof rp->end, json_get(o, "why"));
		replay_keep(rp, o, REPLAY_EV_END, NULL, NAN, rp->end);
		return 0;
	}
	if (strcmp(e, "step") == 0) {
		replay_keep(rp, o, REPLAY_EV_STEP, NULL, json_num(json_get(o, "n"), NAN),
		    json_str(json_get(o, "title"), ""));
		return 0;
	}
	for (i = 0; i < sizeof replay_load_events / sizeof replay_load_events[0]; i++)
		if (strcmp(e, replay_load_events[i].name) == 0)
			break;
	if (i == sizeof replay_load_events / sizeof replay_load_events[0])
		return 0;
	if (json_int(json_get(o, "id"), 1, REPLAY_ID_MAX, 0, &id) == -1 ||
	    (l = replay_by_id(rp, id)) == NULL)
		return replay_fail(rp, err, errlen, "%s event of a load that never "
		    "started", e);
	if (replay_load_events[i].kind == REPLAY_EV_MOVE &&
	    json_str(json_get(o, "to"), NULL) == NULL)
		return replay_fail(rp, err, errlen, "move event without \"to\"");
	if (replay_load_events[i].kind == REPLAY_EV_SOLO) {
		l->solo = json_num(json_get(o, "solo"), NAN);
		if (isfinite(l->solo) ? !(l->solo >= 0 && l->solo <= REPLAY_RATE_MAX) :
		    json_get(o, "solo") != NULL && json_get(o, "solo")->type != JSON_NULL)
			return replay_fail(rp, err, errlen, "a solo out of range (from 0 "
			    "to %.0e a second)", REPLAY_RATE_MAX);
		l->solo_disturbed = json_get(o, "disturbed") != NULL &&
		    json_get(o, "disturbed")->type == JSON_TRUE;
	} else if (replay_load_events[i].kind == REPLAY_EV_DIED)
		snprintf(l->fate, sizeof l->fate, "died: %.140s",
		    json_str(json_get(o, "why"), "?"));
	else if (replay_load_events[i].kind == REPLAY_EV_STOP)
		snprintf(l->fate, sizeof l->fate, "stopped");
	replay_keep(rp, o, replay_load_events[i].kind, l, json_num(json_get(o,
	    replay_load_events[i].kind == REPLAY_EV_CAPACITY ? "capacity" : "solo"),
	    NAN), replay_load_events[i].text != NULL ?
	    json_str(json_get(o, replay_load_events[i].text), "?") : NULL);
	return 0;
}

/* A sample's loads: [id, state, rate, share, solo] each. */
static int
replay_sample_loads(struct replay *rp, const struct json_val *a, char *err, size_t errlen)
{
	const struct json_val	*v, *f[5];
	struct replay_load	*l;
	size_t			 row = (size_t)rp->nsamples * (size_t)rp->nloads;
	const char		*st;
	int			 i, id;

	for (v = a->child; v != NULL; v = v->next) {
		if (v->type != JSON_ARR || v->n != 5)
			return replay_fail(rp, err, errlen, "a load of \"l\" is not "
			    "[id,state,rate,share,solo]");
		for (i = 0, f[0] = v->child; i < 4; i++)
			f[i + 1] = f[i]->next;
		if (f[0]->type != JSON_NUM || json_int(f[0], 1, REPLAY_ID_MAX, 0, &id) == -1 ||
		    (l = replay_by_id(rp, id)) == NULL)
			return replay_fail(rp, err, errlen, "a sample of a load that never "
			    "started");
		for (i = 2; i < 5; i++)
			if (f[i]->type != JSON_NUM && f[i]->type != JSON_NULL)
				return replay_fail(rp, err, errlen, "a load's figure is not "
				    "a number or null");
		st = json_str(f[1], "");
		if (strcmp(st, "r") != 0 && strcmp(st, "p") != 0 && strcmp(st, "d") != 0)
			return replay_fail(rp, err, errlen, "a load's state is not \"r\", "
			    "\"p\" or \"d\"");
		/* A rate or solo past any CPU's, a share past two CPUs: not a figure. */
		if ((f[2]->type == JSON_NUM && !(f[2]->num >= 0 && f[2]->num <= REPLAY_RATE_MAX)) ||
		    (f[4]->type == JSON_NUM && !(f[4]->num >= 0 && f[4]->num <= REPLAY_RATE_MAX)) ||
		    (f[3]->type == JSON_NUM && !(f[3]->num >= 0 && f[3]->num <= 2)))
			return replay_fail(rp, err, errlen, "a load's figure is out of range "
			    "(a rate or solo from 0 to %.0e a second, a share from 0 to 2)",
			    REPLAY_RATE_MAX);
		rp->rate[row + (size_t)(l - rp->loads)] = json_num(f[2], NAN);
		rp->share[row + (size_t)(l - rp->loads)] = json_num(f[3], NAN);
		rp->solo[row + (size_t)(l - rp->loads)] = json_num(f[4], NAN);
		rp->state[row + (size_t)(l - rp->loads)] = st[0];
	}
	return 0;
}

/* Room for twice the samples. */
static void
replay_grow(struct replay *rp)
{
	size_t	n;

	rp->cap = rp->cap == 0 ? 64 : 2 * rp->cap;
	rp->t = xreallocarray(rp->t, (size_t)rp->cap, sizeof *rp->t);
	n = (size_t)rp->cap * (size_t)(rp->nloads > 0 ? rp->nloads : 1);
	rp->rate = xreallocarray(rp->rate, n, sizeof *rp->rate);
	rp->share = xreallocarray(rp->share, n, sizeof *rp->share);
	rp->solo = xreallocarray(rp->solo, n, sizeof *rp->solo);
	rp->state = xreallocarray(rp->state, n, 1);
	rp->busy = xreallocarray(rp->busy, (size_t)rp->cap * (size_t)rp->ncpus, 3);
}

/* A sample: its time, every CPU's split, the loads' figures. */
static int
replay_sample(struct replay *rp, const struct json_val *o, char *err, size_t errlen)
{
	const struct json_val	*c = json_get(o, "c"), *l = json_get(o, "l"), *v;
	double			 t = json_num(json_get(o, "t"), NAN);
	signed char		*busy;
	size_t			 i, row;

	if (!(t >= 0) || (rp->nsamples > 0 && t < rp->t[rp->nsamples - 1]))
		return replay_fail(rp, err, errlen, "a sample without a time, or earlier "
		    "than the one before");
	if (c->type != JSON_ARR || c->n != 3 * rp->ncpus)
		return replay_fail(rp, err, errlen, "\"c\" has not 3 figures for each of "
		    "the header's %d CPUs", rp->ncpus);
	for (v = c->child; v != NULL; v = v->next)
		if ((v->type != JSON_NUM || !(v->num >= 0 && v->num <= 100)) &&
		    v->type != JSON_NULL)
			return replay_fail(rp, err, errlen, "a CPU's figure is not a "
			    "percentage or null");
	if (l == NULL || l->type != JSON_ARR)
		return replay_fail(rp, err, errlen, "a sample without its loads (\"l\")");
	/* A small gzip can hold a huge recording: what it takes is capped. */
	if (rp->nsamples == rp->cap && (size_t)(rp->cap > 0 ? 2 * rp->cap : 64) *
	    (sizeof *rp->t + (size_t)rp->nloads * (3 * sizeof *rp->rate + 1) +
	    3 * (size_t)rp->ncpus) > REPLAY_BYTES_MAX)
		return replay_fail(rp, err, errlen, "more than %d samples: more than "
		    "%zu MB to hold for this recording's CPUs and loads", rp->nsamples,
		    REPLAY_BYTES_MAX >> 20);
	if (rp->nsamples == rp->cap)
		replay_grow(rp);
	row = (size_t)rp->nsamples * (size_t)rp->nloads;
	for (i = 0; i < (size_t)rp->nloads; i++) {
		rp->rate[row + i] = rp->share[row + i] = rp->solo[row + i] = NAN;
		rp->state[row + i] = 0;
	}
	busy = rp->busy + (size_t)rp->nsamples * (size_t)rp->ncpus * 3;
	for (v = c->child, i = 0; v != NULL; v = v->next, i++)
		busy[i] = v->type == JSON_NUM ? (signed char)lround(v->num) : -1;
	rp->t[rp->nsamples] = t;
	if (replay_sample_loads(rp, l, err, errlen) == -1)
		return -1;
	rp->nsamples++;
	return 0;
}

/* One line after the header: a sample ("c") or an event ("e"). */
static int
replay_line(struct replay *rp, const struct json_val *o, char *err, size_t errlen)
{
	const char	*e = json_str(json_get(o, "e"), NULL);

	if (json_get(o, "c") != NULL)
		return replay_sample(rp, o, err, errlen);
	if (e != NULL && rp->nev >= REPLAY_EVENTS_MAX)
		return replay_fail(rp, err, errlen, "more than %d events", REPLAY_EVENTS_MAX);
	if (e != NULL)
		return replay_event(rp, o, e, err, errlen);
	if (json_get(o, "kind") != NULL)
		return replay_fail(rp, err, errlen, "a second header: two recordings in "
		    "one file?");
	return replay_fail(rp, err, errlen, "neither a sample (\"c\") nor an event "
	    "(\"e\")");
}

/* Read a recording whole. */
int
replay_read(struct replay *rp, const char *path, char *err, size_t errlen)
{
	struct record_in	*in;
	struct json		*j;
	int			 rc, bad = 0;

	memset(rp, 0, sizeof *rp);
	snprintf(rp->path, sizeof rp->path, "%s", path);
	if ((in = record_open(path, err, errlen)) == NULL)
		return -1;
	while (!bad && (rc = record_next(in, &j, err, errlen)) == RECORD_LINE) {
		rp->lines = record_lineno(in);
		if (rp->lines == 1)
			bad = replay_header(rp, json_root(j), err, errlen) == -1;
		else
			bad = replay_line(rp, json_root(j), err, errlen) == -1;
		json_free(j);
	}
	if (!bad && rc == RECORD_EOF && rp->lines == 0) {
		snprintf(err, errlen, "%s: empty: not a smtscope recording", path);
		bad = 1;
	} else if (!bad && rc == RECORD_TRUNCATED && rp->lines > 0)
		snprintf(rp->warning, sizeof rp->warning, "%s", err);
	else if (!bad && rc != RECORD_EOF)
		bad = 1;
	record_in_free(in);
	if (bad)
		replay_free(rp);
	return bad ? -1 : 0;
}

/* Release what replay_read() made. */
void
replay_free(struct replay *rp)
{
	free(rp->loads);
	free(rp->t);
	free(rp->rate);
	free(rp->share);
	free(rp->solo);
	free(rp->state);
	free(rp->busy);
	free(rp->ev);
	free(rp->cpu_os);
	free(rp->xml);
	rp->loads = NULL;
	rp->t = rp->rate = rp->share = rp->solo = NULL;
	rp->state = NULL;
	rp->busy = NULL;
	rp->ev = NULL;
	rp->cpu_os = NULL;
	rp->xml = NULL;
	rp->nloads = rp->nsamples = rp->cap = rp->nev = rp->loads_cap = rp->ev_cap = 0;
}

/* Order two rates. */
static int
replay_cmp_rates(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of a load's rates over samples [a, b), sorted into buf. */
double
replay_median_rate(const struct replay *rp, int li, int a, int b, double *buf, int *n)
{
	double	r;
	int	i;

	*n = 0;
	for (i = a; i < b; i++)
		if (isfinite(r = rp->rate[(size_t)i * rp->nloads + li]) && r > 0)
			buf[(*n)++] = r;
	qsort(buf, (size_t)*n, sizeof *buf, replay_cmp_rates);
	if (*n == 0)
		return NAN;
	return *n % 2 ? buf[*n / 2] : (buf[*n / 2 - 1] + buf[*n / 2]) / 2;
}
