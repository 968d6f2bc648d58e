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

#include "json.h"
#include "record.h"
#include "replay.h"
#include "util.h"

/* The most CPUs and loads a header may name (cpuset.h's and loads.h's limits). */
#define REPLAY_CPUS_MAX		65536
#define REPLAY_LOADS_MAX	1024

/* Copy a string member, or "" when it is missing or not a string. */
static void
replay_str(char *buf, size_t len, const struct json_val *v)
{
	snprintf(buf, len, "%s", json_str(v, ""));
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

/* The header's loads. */
static int
replay_header_loads(struct replay *rp, const struct json_val *a, char *err, size_t errlen)
{
	const struct json_val	*v;
	struct replay_load	*l;

	if (a == NULL || a->type != JSON_ARR || a->n > REPLAY_LOADS_MAX)
		return replay_fail(rp, err, errlen, "\"loads\" is not an array of at most "
		    "%d loads", REPLAY_LOADS_MAX);
	rp->loads = xcalloc((size_t)a->n + 1, sizeof *rp->loads);
	for (v = a->child; v != NULL; v = v->next) {
		if (v->type != JSON_OBJ || json_str(json_get(v, "load"), NULL) == NULL)
			return replay_fail(rp, err, errlen, "load %d of the header has no "
			    "\"load\"", rp->nloads + 1);
		l = &rp->loads[rp->nloads++];
		l->id = -1;
		replay_str(l->load, sizeof l->load, json_get(v, "load"));
		replay_str(l->kernel, sizeof l->kernel, json_get(v, "kernel"));
		replay_str(l->unit, sizeof l->unit, json_get(v, "unit"));
		l->scale = json_num(json_get(v, "scale"), NAN);
		l->higher = json_get(v, "higher") == NULL ||
		    json_get(v, "higher")->type != JSON_FALSE;
		l->solo = NAN;
	}
	return 0;
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
	if (cpus == NULL || cpus->type != JSON_ARR || cpus->n < 1 ||
	    cpus->n > REPLAY_CPUS_MAX)
		return replay_fail(rp, err, errlen, "\"cpus\" is not an array of 1 to %d "
		    "CPUs", REPLAY_CPUS_MAX);
	rp->ncpus = cpus->n;
	replay_str(rp->start, sizeof rp->start, json_get(h, "start"));
	replay_str(rp->smtscope, sizeof rp->smtscope, json_get(h, "smtscope"));
	if (mc != NULL) {
		replay_str(rp->host, sizeof rp->host, json_get(mc, "hostname"));
		replay_str(rp->cpu, sizeof rp->cpu, json_get(json_get(mc, "cpu"), "brand"));
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

/* An event: start, failed, solo, died, stop, end; others are left alone. */
static int
replay_event(struct replay *rp, const struct json_val *o, const char *e, char *err,
    size_t errlen)
{
	struct replay_load	*l;
	double			 id = json_num(json_get(o, "id"), NAN);
	double			 n = json_num(json_get(o, "n"), NAN);

	if (strcmp(e, "start") == 0 || strcmp(e, "failed") == 0) {
		if (!(n >= 0 && n < rp->nloads) || n != floor(n))
			return replay_fail(rp, err, errlen, "%s event of a load the header "
			    "does not have", e);
		l = &rp->loads[(int)n];
		if (strcmp(e, "start") == 0 && (!(id >= 1 && id < 1e9) ||
		    replay_by_id(rp, (int)id) != NULL))
			return replay_fail(rp, err, errlen, "start event without a new id");
		if (strcmp(e, "start") == 0)
			l->id = (int)id;
		else
			snprintf(l->fate, sizeof l->fate, "failed: %.140s",
			    json_str(json_get(o, "why"), "?"));
		return 0;
	}
	if (strcmp(e, "end") == 0) {
		replay_str(rp->end, sizeof rp->end, json_get(o, "why"));
		return 0;
	}
	if (strcmp(e, "solo") != 0 && strcmp(e, "died") != 0 && strcmp(e, "stop") != 0)
		return 0;
	if (!(id >= 1 && id < 1e9) || (l = replay_by_id(rp, (int)id)) == NULL)
		return replay_fail(rp, err, errlen, "%s event of a load that never "
		    "started", e);
	if (strcmp(e, "solo") == 0) {
		l->solo = json_num(json_get(o, "solo"), NAN);
		l->solo_disturbed = json_get(o, "disturbed") != NULL &&
		    json_get(o, "disturbed")->type == JSON_TRUE;
	} else if (strcmp(e, "died") == 0)
		snprintf(l->fate, sizeof l->fate, "died: %.140s",
		    json_str(json_get(o, "why"), "?"));
	else
		snprintf(l->fate, sizeof l->fate, "stopped");
	return 0;
}

/* A sample's loads: [id, state, rate, share, solo] each. */
static int
replay_sample_loads(struct replay *rp, const struct json_val *a, char *err, size_t errlen)
{
	const struct json_val	*v, *f[5];
	struct replay_load	*l;
	double			*rate = rp->rate + (size_t)rp->nsamples * rp->nloads;
	double			*share = rp->share + (size_t)rp->nsamples * rp->nloads;
	int			 i;

	for (v = a->child; v != NULL; v = v->next) {
		if (v->type != JSON_ARR || v->n != 5)
			return replay_fail(rp, err, errlen, "a load of \"l\" is not "
			    "[id,state,rate,share,solo]");
		for (i = 0, f[0] = v->child; i < 4; i++)
			f[i + 1] = f[i]->next;
		if (f[0]->type != JSON_NUM || (l = replay_by_id(rp, (int)f[0]->num)) ==
		    NULL || f[0]->num != floor(f[0]->num))
			return replay_fail(rp, err, errlen, "a sample of a load that never "
			    "started");
		for (i = 2; i < 5; i++)
			if (f[i]->type != JSON_NUM && f[i]->type != JSON_NULL)
				return replay_fail(rp, err, errlen, "a load's figure is not "
				    "a number or null");
		rate[l - rp->loads] = json_num(f[2], NAN);
		share[l - rp->loads] = json_num(f[3], NAN);
	}
	return 0;
}

/* A sample: its time, every CPU's split, the loads' figures. */
static int
replay_sample(struct replay *rp, const struct json_val *o, char *err, size_t errlen)
{
	const struct json_val	*c = json_get(o, "c"), *l = json_get(o, "l"), *v;
	double			 t = json_num(json_get(o, "t"), NAN);
	size_t			 i, n;

	if (!(t >= 0) || (rp->nsamples > 0 && t < rp->t[rp->nsamples - 1]))
		return replay_fail(rp, err, errlen, "a sample without a time, or earlier "
		    "than the one before");
	if (c->type != JSON_ARR || c->n != 3 * rp->ncpus)
		return replay_fail(rp, err, errlen, "\"c\" has not 3 figures for each of "
		    "the header's %d CPUs", rp->ncpus);
	for (v = c->child; v != NULL; v = v->next)
		if (v->type != JSON_NUM && v->type != JSON_NULL)
			return replay_fail(rp, err, errlen, "a CPU's figure is not a number "
			    "or null");
	if (l == NULL || l->type != JSON_ARR)
		return replay_fail(rp, err, errlen, "a sample without its loads (\"l\")");
	if (rp->nsamples == rp->cap) {
		rp->cap = rp->cap == 0 ? 64 : 2 * rp->cap;
		rp->t = xreallocarray(rp->t, (size_t)rp->cap, sizeof *rp->t);
		n = (size_t)rp->cap * (size_t)(rp->nloads > 0 ? rp->nloads : 1);
		rp->rate = xreallocarray(rp->rate, n, sizeof *rp->rate);
		rp->share = xreallocarray(rp->share, n, sizeof *rp->share);
	}
	for (i = 0; i < (size_t)rp->nloads; i++) {
		rp->rate[(size_t)rp->nsamples * rp->nloads + i] = NAN;
		rp->share[(size_t)rp->nsamples * rp->nloads + i] = NAN;
	}
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
	rp->loads = NULL;
	rp->t = rp->rate = rp->share = NULL;
	rp->nloads = rp->nsamples = rp->cap = 0;
}
