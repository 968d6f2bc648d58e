/*
 * recorder.c: the live screen's recording. R starts it: the header carries
 * the loads there are, each with its start event and its solo rate if
 * known; then each refresh writes a sample of the rates the screen's own
 * sampling took, and each action on a load its event. R again, q or a
 * signal ends it with an end event. A file that cannot be written stops
 * the recording with the reason on the status line; the screen goes on.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exp/record/record_run.h"
#include "engine/capacity.h"
#include "engine/solo.h"
#include "ui/message.h"
#include "ui/state.h"
#include "ui/recorder.h"
#include "base/sanitize.h"
#include "base/util.h"

/* The solo rate of a load last written. */
struct recorder_solo {
	int		id;
	uint64_t	end_ns;		/* the measurement it is from */
	double		rate;
};

struct recorder {
	struct record_run	*rr;
	char			 path[512];
	uint64_t		 t0_ns;
	struct load_spec	*specs;		/* the header's loads */
	int			 nspecs;
	struct recorder_solo	*solo;
	int			 nsolo;
	int			 step;		/* the tour's step last written, 0 */
};

/* Why the last recording failed, for the exit status and standard error; "" if none. */
static char	recorder_error[4600];

/*
 * The status line's message (message.c, as control.c sets it; control.c
 * tells this module of its actions, so this one does not call it).
 */
static void __attribute__((format(printf, 3, 4)))
recorder_message(struct ui_state *st, int error, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	message_vset(&st->scr, error, fmt, ap);
	va_end(ap);
}

/* The default name's stem, smtscope-YYYYmmdd-HHMMSS (record.c adds -2, -3... when taken). */
static void
recorder_stem(char *buf, size_t len)
{
	time_t		now = time(NULL);
	struct tm	tm;

	localtime_r(&now, &tm);
	strftime(buf, len, "smtscope-%Y%m%d-%H%M%S", &tm);
}

/* Close the file and forget the recording. */
static int
recorder_close(struct ui_state *st, char *err, size_t errlen)
{
	struct recorder	*r = st->rec;
	int		 rc;

	rc = record_run_free(r->rr, err, errlen);
	free(r->specs);
	free(r->solo);
	free(r);
	st->rec = NULL;
	st->scr.dirty = 1;
	return rc;
}

/* A line could not be written: stop, and say why on the status line. */
static void
recorder_fail(struct ui_state *st, const char *why)
{
	char	err[256];

	recorder_close(st, err, sizeof err);
	recorder_message(st, 1, "recording stopped: %s", why);
	snprintf(recorder_error, sizeof recorder_error, "recording stopped: %s", why);
}

/* A load's place as a load's text: "hash:32k@1", "pipe@0,1", "spin@0-3". */
static void
recorder_text(const struct load_spec *spec, char *buf, size_t len)
{
	char	set[128];

	cpuset_format(&spec->cpus, set, sizeof set);
	snprintf(buf, len, "%s%s%s@%s", spec->k->name, spec->param.text[0] ? ":" : "",
	    spec->param.text, set);
	if (spec->cpu_b != -1)
		snprintf(buf + strlen(buf), len - strlen(buf), ",%d", spec->cpu_b);
}

/* A load's spec for the header: as written, unless it has moved since. */
static void
recorder_spec(struct ui_state *st, const struct load *l, struct load_spec *out)
{
	struct load_spec	was;
	char			err[256];

	*out = l->spec;
	if (loads_parse(st->host.m, l->spec.text, &was, err, sizeof err) == 0 &&
	    cpuset_equal(&was.cpus, &l->spec.cpus) && was.cpu_b == l->spec.cpu_b)
		return;
	recorder_text(&l->spec, out->text, sizeof out->text);
}

/* The baseline of a load's place (capacity.h), or NULL. */
static const struct capacity_base *
recorder_base(struct ui_state *st, const struct ui_loadview *v)
{
	struct load	*l = loads_get(st->host.loads, v->id);
	char		 key[CAPACITY_KEY_LEN];

	if (l == NULL)
		return NULL;
	capacity_key(&l->spec, key, sizeof key);
	return capacity_get(capacity_session(), key);
}

/* Was the baseline a load shows measured by another load? */
static int
recorder_by_other(struct ui_state *st, const struct ui_loadview *v)
{
	struct load	*l = loads_get(st->host.loads, v->id);
	char		 mine[CAPACITY_BY_LEN];

	if (l == NULL)
		return 0;
	snprintf(mine, sizeof mine, "%s#%d", l->spec.k->name, l->id);
	return strcmp(mine, v->base_by) != 0;
}

/* The solo event of a load if the screen has a rate not written yet; -1 on error. */
static int
recorder_solo(struct ui_state *st, const struct ui_loadview *v, char *err,
    size_t errlen)
{
	struct recorder		*r = st->rec;
	struct recorder_solo	*s = NULL;
	struct solo_result	 res;
	int			 i;

	for (i = 0; i < r->nsolo; i++)
		if (r->solo[i].id == v->id)
			s = &r->solo[i];
	if (!isfinite(v->solo) || (s != NULL && s->end_ns == v->solo_end_ns &&
	    s->rate == v->solo))
		return 0;
	if (s == NULL) {
		r->solo = xreallocarray(r->solo, (size_t)r->nsolo + 1, sizeof *r->solo);
		s = &r->solo[r->nsolo++];
		s->id = v->id;
	}
	s->end_ns = v->solo_end_ns;
	s->rate = v->solo;
	/* The measurer's result, or a rate a tour gave (how it was had is not known). */
	if (st->host.solo == NULL || solo_result(st->host.solo, v->id, &res) == -1 ||
	    res.end_ns != v->solo_end_ns || res.rate != v->solo) {
		memset(&res, 0, sizeof res);
		res.share = res.spread = NAN;
	}
	res.rate = v->solo;
	return record_run_solo(r->rr, v->id, &res, v->solo_disturbed, 1,
	    recorder_base(st, v), recorder_by_other(st, v), err, errlen);
}

/* The header, each load's start and solo, the first readings; -1 with a message. */
static int
recorder_begin(struct ui_state *st, char *err, size_t errlen)
{
	struct recorder	*r = st->rec;
	int		 i;

	if (record_run_header(r->rr, err, errlen) == -1)
		return -1;
	for (i = 0; i < r->nspecs; i++)
		if (record_run_started(r->rr, i, loads_at(st->host.loads, i)->id, NULL, err,
		    errlen) == -1)
			return -1;
	for (i = 0; i < st->lview.n; i++)
		if (loads_get(st->host.loads, st->lview.lv[i].id) != NULL &&
		    recorder_solo(st, &st->lview.lv[i], err, errlen) == -1)
			return -1;
	record_run_begin(r->rr, st->host.loads);
	return 0;
}

/* Start recording to path, or to a dated name here. */
static void
recorder_start(struct ui_state *st, const char *path)
{
	struct recorder		*r;
	struct record_out	*out;
	char			 err[4400], stem[64];
	int			 i, n = loads_count(st->host.loads);

	recorder_stem(stem, sizeof stem);
	if ((out = record_create(path, stem, err, sizeof err)) == NULL) {
		recorder_message(st, 1, "%s", err);
		snprintf(recorder_error, sizeof recorder_error, "%s", err);
		return;
	}
	r = xcalloc(1, sizeof *r);
	snprintf(r->path, sizeof r->path, "%s", record_path(out));
	/* The screen forgets dead loads as it reaps them: all of these run. */
	r->specs = xcalloc((size_t)n + 1, sizeof *r->specs);
	for (i = 0; i < n; i++)
		recorder_spec(st, loads_at(st->host.loads, i), &r->specs[i]);
	r->nspecs = n;
	r->rr = record_run_new(st->host.m, out, r->specs, n, st->host.delay_tenths / 10.0);
	record_run_caller_samples(r->rr);
	r->t0_ns = util_now_ns();
	st->rec = r;
	if (recorder_begin(st, err, sizeof err) == -1) {
		recorder_fail(st, err);
		return;
	}
	recorder_message(st, 0, "recording to %s", r->path);
}

/* Stop recording: the end event (why), the file closed, and say so. */
static void
recorder_stop(struct ui_state *st, const char *why)
{
	struct record_tally	tally;
	char			err[600], path[512];
	int			rc;

	sanitize(path, sizeof path, st->rec->path);
	rc = record_run_finish(st->rec->rr, why, err, sizeof err);
	/* The refreshes it wrote, not only its lines (4 refreshes were "8 lines"). */
	record_run_tally(st->rec->rr, &tally);
	if (recorder_close(st, err, sizeof err) == -1)
		rc = -1;
	if (rc == -1) {
		recorder_message(st, 1, "recording stopped: %s", err);
		snprintf(recorder_error, sizeof recorder_error, "recording stopped: %s", err);
	} else
		/*
		 * The file first: at 80 columns the status line keeps the
		 * message up to its ": " ("recording stopped, NAME"), and the
		 * file is what the user needs (it kept only "recording stopped").
		 */
		recorder_message(st, 0, "recording stopped, %s: %d refresh%s over %.1f s, "
		    "%d line%s", path, tally.refreshes, tally.refreshes == 1 ? "" : "es",
		    tally.over_s, tally.lines, tally.lines == 1 ? "" : "s");
}

/* R: start recording, or stop. */
void
recorder_toggle(struct ui_state *st, const char *path)
{
	if (st->host.view_only)
		return;
	if (st->rec != NULL)
		recorder_stop(st, "key");
	else
		recorder_start(st, path);
}

/* After the screen's refresh: new solo rates, then a sample. */
void
recorder_tick(struct ui_state *st)
{
	char	err[600];
	int	i;

	if (st->rec == NULL)
		return;
	for (i = 0; i < st->lview.n; i++)
		if (loads_get(st->host.loads, st->lview.lv[i].id) != NULL &&
		    recorder_solo(st, &st->lview.lv[i], err, sizeof err) == -1) {
			recorder_fail(st, err);
			return;
		}
	if (record_run_sample(st->rec->rr, st->host.loads, err, sizeof err) == -1)
		recorder_fail(st, err);
}

/* A load started: its start event with its load object. */
void
recorder_started(struct ui_state *st, int id)
{
	struct load	*l;
	char		 err[600];

	if (st->rec == NULL || (l = loads_get(st->host.loads, id)) == NULL)
		return;
	if (record_run_start_load(st->rec->rr, id, &l->spec, err, sizeof err) == -1)
		recorder_fail(st, err);
}

/* A load moved: its new place. */
void
recorder_moved(struct ui_state *st, int id)
{
	struct load	*l;
	char		 err[600], to[256];

	if (st->rec == NULL || (l = loads_get(st->host.loads, id)) == NULL)
		return;
	recorder_text(&l->spec, to, sizeof to);
	if (record_run_move(st->rec->rr, id, to, err, sizeof err) == -1)
		recorder_fail(st, err);
}

/* The user paused or resumed a load: which, from its state now. */
void
recorder_paused(struct ui_state *st, int id)
{
	struct load	*l;
	char		 err[600];

	if (st->rec == NULL || (l = loads_get(st->host.loads, id)) == NULL ||
	    l->state == LOAD_DEAD)
		return;
	if (record_run_pause(st->rec->rr, id, l->state == LOAD_PAUSED, err,
	    sizeof err) == -1)
		recorder_fail(st, err);
}

/* A load goes: died if it is listed dead, else stopped. */
void
recorder_gone(struct ui_state *st, int id)
{
	struct load	*l;
	char		 err[600];
	int		 rc;

	if (st->rec == NULL)
		return;
	l = loads_get(st->host.loads, id);
	if (l != NULL && l->state == LOAD_DEAD)
		rc = record_run_died(st->rec->rr, id, l->death, err, sizeof err);
	else
		rc = record_run_stop(st->rec->rr, id, err, sizeof err);
	if (rc == -1)
		recorder_fail(st, err);
}

/* A load's CPU's capacity moved (drift_load.h): the capacity event. */
void
recorder_capacity(struct ui_state *st, int id, double capacity, double step,
    const char *cause)
{
	char	err[600];

	if (st->rec == NULL || loads_get(st->host.loads, id) == NULL)
		return;
	if (record_run_capacity(st->rec->rr, id, capacity, step, cause, err,
	    sizeof err) == -1)
		recorder_fail(st, err);
}

/* A tour is at a step: an event when it changed (or the recording is new). */
void
recorder_step(struct ui_state *st, int n, const char *title)
{
	char	err[600];

	if (st->rec == NULL || st->rec->step == n)
		return;
	st->rec->step = n;
	if (record_run_step(st->rec->rr, n, title != NULL ? title : "",
	    err, sizeof err) == -1)
		recorder_fail(st, err);
}

/* The screen closes: a stop event for each load, then the end. */
void
recorder_quit(struct ui_state *st)
{
	static const int	 sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	static const char *const names[] = { "SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT" };
	const char		*why = "quit";
	size_t			 i;
	int			 n;

	if (st->rec == NULL)
		return;
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (st->scr.exit_status == 128 + sigs[i])
			why = names[i];
	for (n = 0; n < loads_count(st->host.loads) && st->rec != NULL; n++)
		recorder_gone(st, loads_at(st->host.loads, n)->id);
	if (st->rec != NULL)
		recorder_stop(st, why);
}

/* Did a recording of this screen fail? Why, in buf. */
int
recorder_failed(char *buf, size_t len)
{
	snprintf(buf, len, "%s", recorder_error);
	return recorder_error[0] != '\0';
}

/* The header's mark while recording: " REC 1:05 ", hours when long. */
int
recorder_mark(const struct ui_state *st, char *buf, size_t len)
{
	uint64_t	s;

	if (st->rec == NULL) {
		if (len > 0)
			buf[0] = '\0';
		return 0;
	}
	s = (util_now_ns() - st->rec->t0_ns) / UTIL_NSEC_PER_SEC;
	if (s >= 3600)
		snprintf(buf, len, " REC %u:%02u:%02u ", (unsigned)(s / 3600),
		    (unsigned)(s / 60 % 60), (unsigned)(s % 60));
	else
		snprintf(buf, len, " REC %u:%02u ", (unsigned)(s / 60), (unsigned)(s % 60));
	return (int)strlen(buf);
}
