/*
 * replayview.c: a recording on the live screen. The whole recording is
 * read first (replay.c); showing a sample sets the screen's state from it
 * alone (the CPUs' splits, the loads present with their places, states and
 * figures, smoothed over the samples before as the live screen smooths),
 * so a seek costs the same as a step. The recorded loads are held by a
 * supervisor that never runs them (loads_replay_add()).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis.h"
#include "model/cpuinfo.h"
#include "exp/record/replay.h"
#include "ui/chart.h"
#include "ui/control.h"
#include "ui/figures.h"
#include "ui/replayview.h"
#include "base/util.h"

/* Speeds are powers of two: 1/8x to 16x. */
#define REPLAYVIEW_SLOWEST	(-3)
#define REPLAYVIEW_FASTEST	4
/* The samples a load's smoothed figures start from (the weight of older ones < 1%). */
#define REPLAYVIEW_MEMORY	40
/* < and > seek this far, in seconds of the recording. */
#define REPLAYVIEW_SEEK_S	10.0

struct replayview {
	struct replay		 rp;
	int			 pos;		/* the sample shown; -1 none yet */
	int			 playing;
	int			 speed;		/* log2 of the speed */
	uint64_t		 wall0;		/* when sample pos was shown at this speed */
	int			*pu;		/* a recorded CPU's pus[] index, -1 none */
	unsigned char		*ok;		/* a load's text parses here */
	char			(*place)[160];	/* where each load is shown now */
};

/* The recording's length in seconds: every refresh's interval, the first one's too. */
static double
replayview_length(const struct replayview *rv)
{
	/* The first refresh's interval too: as replay --summary's "over N s". */
	return rv->rp.t[rv->rp.nsamples - 1] - rv->rp.t[0] + rv->rp.interval_s;
}

/* "0:12", "1:02:03". */
static void
replayview_clock(double s, char *buf, size_t len)
{
	long	t = s > 0 ? (long)(s + 0.5) : 0;

	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

/* Check the loads' texts against the recorded topology; the first refusal in err. */
static void
replayview_check_loads(struct ui_state *st, struct replayview *rv, char *err,
    size_t errlen)
{
	struct load_spec	 spec;
	char			 why[256];
	int			 i;

	err[0] = '\0';
	rv->ok = xcalloc((size_t)rv->rp.nloads + 1, 1);
	rv->place = xcalloc((size_t)rv->rp.nloads + 1, sizeof *rv->place);
	for (i = 0; i < rv->rp.nloads; i++) {
		rv->ok[i] = loads_parse(st->host.m, rv->rp.loads[i].load, &spec, why,
		    sizeof why) == 0;
		if (!rv->ok[i] && err[0] == '\0')
			snprintf(err, errlen, "the recording's load %s is not shown: %s",
			    rv->rp.loads[i].load, why);
	}
}

/* Read a recording and build the screen's model from its topology. */
int
replayview_open(struct ui_state *st, const char *path, char *err, size_t errlen)
{
	struct replayview	*rv = xcalloc(1, sizeof *rv);
	const struct topo_pu	*pu;
	const char		*name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	int			 i;

	if (replay_read(&rv->rp, path, err, errlen) == -1) {
		free(rv);
		return -1;
	}
	if (rv->rp.xml == NULL)
		snprintf(err, errlen, "%s: line 1: no \"xml\": the recording has no "
		    "topology to show", path);
	else if (rv->rp.nsamples == 0)
		snprintf(err, errlen, "%s: no sample: the recording ended before its "
		    "first refresh", path);
	else
		st->host.m = topo_load_xmlbuffer(rv->rp.xml, name, err, errlen);
	if (st->host.m == NULL) {
		replay_free(&rv->rp);
		free(rv);
		return -1;
	}
	rv->pu = xcalloc((size_t)rv->rp.ncpus, sizeof *rv->pu);
	for (i = 0; i < rv->rp.ncpus; i++)
		rv->pu[i] = (pu = topo_pu_by_os(st->host.m, rv->rp.cpu_os[i])) != NULL ?
		    (int)(pu - st->host.m->pus) : -1;
	rv->pos = -1;
	rv->playing = 1;
	st->replay = rv;
	return 0;
}

/* Release the replay. */
void
replayview_free(struct ui_state *st)
{
	struct replayview	*rv = st->replay;

	if (rv == NULL)
		return;
	replay_free(&rv->rp);
	free(rv->pu);
	free(rv->ok);
	free(rv->place);
	free(rv);
	st->replay = NULL;
}

/* Every CPU's busy split at sample k: smtscope's user and system, others'. */
static void
replayview_cpus(struct ui_state *st, const struct replayview *rv, int k)
{
	const signed char	*b;
	struct cpustat_pct	*p;
	int			 i, pu;

	st->others.cpus = st->others.max = 0;
	for (i = 0; i < rv->rp.ncpus; i++) {
		if ((pu = rv->pu[i]) == -1)
			continue;
		b = rv->rp.busy + ((size_t)k * (size_t)rv->rp.ncpus + (size_t)i) * 3;
		st->others.who[pu][0] = '\0';
		if (b[0] < 0 || b[1] < 0 || b[2] < 0) {
			st->host.pct_ok[pu] = 0;
			st->others.share[pu] = NAN;
			continue;
		}
		p = &st->host.pct[pu];
		memset(p, 0, sizeof *p);
		p->busy = b[0] + b[1] + b[2] > 100 ? 100 : b[0] + b[1] + b[2];
		p->user = b[0] + b[2];
		p->system = b[1];
		st->host.pct_ok[pu] = 1;
		st->others.share[pu] = b[2] / 100.0;
		st->others.sys[pu] = b[1] / 100.0;
		st->others.cpus += b[2] / 100.0;
		if (b[2] / 100.0 > st->others.max)
			st->others.max = b[2] / 100.0;
	}
}

/* The last event of a kind for load li at or before sample k, or NULL. */
static const struct replay_event *
replayview_last(const struct replayview *rv, int li, enum replay_ev kind, int k)
{
	const struct replay_event	*e = NULL;
	int				 i;

	for (i = 0; i < rv->rp.nev && rv->rp.ev[i].sample <= k; i++)
		if (rv->rp.ev[i].load == li && rv->rp.ev[i].kind == kind)
			e = &rv->rp.ev[i];
	return e;
}

/* A load's figures at sample k, smoothed over the samples before as the live screen does. */
static void
replayview_figures(struct ui_state *st, const struct replayview *rv, int li, int k)
{
	const struct replay		*rp = &rv->rp;
	const struct replay_event	*solo = replayview_last(rv, li, REPLAY_EV_SOLO, k);
	struct ui_loadview		*v = lview_get(&st->lview, rp->loads[li].id);
	double				 alpha, dt, r, sh;
	size_t				 at;
	int				 j, fresh = 1;

	v->rate = v->share = v->speed = v->eff = NAN;
	v->nhist = 0;
	v->solo = rp->solo[(size_t)k * (size_t)rp->nloads + (size_t)li];
	v->solo_share = solo != NULL ? solo->share : NAN;
	v->solo_disturbed = solo != NULL && solo->disturbed;
	for (j = k - REPLAYVIEW_MEMORY < 0 ? 0 : k - REPLAYVIEW_MEMORY; j <= k; j++) {
		at = (size_t)j * (size_t)rp->nloads + (size_t)li;
		if (rp->state[at] == 0)
			continue;
		r = rp->rate[at];
		sh = rp->share[at];
		if (rp->state[at] != 'r' || !isfinite(r) || !isfinite(sh)) {
			fresh = 1;
			if (j > k - UI_HIST)
				v->hist[v->nhist++] = NAN;
			continue;
		}
		/* About a second of memory, from the time between the refreshes. */
		dt = j > 0 ? rp->t[j] - rp->t[j - 1] : rp->interval_s;
		alpha = dt >= 1.0 ? 1.0 : dt < 0.2 ? 0.2 : dt;
		v->rate = fresh ? r : analysis_smooth(v->rate, r, alpha);
		v->share = fresh ? sh : analysis_smooth(v->share, sh, alpha);
		fresh = 0;
		if (j > k - UI_HIST)
			v->hist[v->nhist++] = analysis_speed(v->rate, rp->solo[at]);
	}
	v->fresh = fresh;
	v->speed = analysis_speed(v->rate, v->solo);
	at = (size_t)k * (size_t)rp->nloads + (size_t)li;
	v->raw = rp->state[at] == 'r' ? analysis_speed(rp->rate[at], v->solo) : NAN;
	v->eff = analysis_efficiency(v->speed, v->share, v->solo_share);
}

/* Where load li is at sample k: its last move, else where it started. */
static const char *
replayview_place(const struct replayview *rv, int li, int k)
{
	const struct replay_event	*e = replayview_last(rv, li, REPLAY_EV_MOVE, k);

	return e != NULL ? e->text : rv->rp.loads[li].load;
}

/* Does the screen hold exactly the loads of sample k, in the recording's order? */
static int
replayview_same_loads(struct ui_state *st, const struct replayview *rv, int k)
{
	const struct replay	*rp = &rv->rp;
	struct load		*l;
	int			 li, n = 0;

	for (li = 0; li < rp->nloads; li++) {
		if (!rv->ok[li] || rp->state[(size_t)k * (size_t)rp->nloads + (size_t)li] == 0)
			continue;
		if ((l = loads_at(st->host.loads, n++)) == NULL || l->id != rp->loads[li].id)
			return 0;
	}
	return n == loads_count(st->host.loads);
}

/* Hold the loads of sample k (the ones gone lose their figures). */
static void
replayview_hold(struct ui_state *st, struct replayview *rv, int k)
{
	const struct replay	*rp = &rv->rp;
	struct load_spec	 spec;
	char			 err[256];
	int			 li, id;

	if (replayview_same_loads(st, rv, k))
		return;
	while (loads_count(st->host.loads) > 0) {
		id = loads_at(st->host.loads, 0)->id;
		loads_forget(st->host.loads, id);
		lview_drop(&st->lview, id);
	}
	for (li = 0; li < rp->nloads; li++) {
		rv->place[li][0] = '\0';
		if (!rv->ok[li] || rp->state[(size_t)k * (size_t)rp->nloads + (size_t)li] == 0)
			continue;
		if (loads_parse(st->host.m, rp->loads[li].load, &spec, err, sizeof err) == 0 &&
		    loads_replay_add(st->host.loads, &spec, rp->loads[li].id, err,
		    sizeof err) != -1)
			snprintf(rv->place[li], sizeof rv->place[li], "%s", rp->loads[li].load);
	}
}

/* The loads of sample k: which, where, in what state, with what figures. */
static void
replayview_loads(struct ui_state *st, struct replayview *rv, int k)
{
	const struct replay		*rp = &rv->rp;
	const struct replay_event	*e;
	struct load_spec		 spec;
	struct load			*l;
	const char			*place;
	char				 err[256], c;
	int				 li;

	replayview_hold(st, rv, k);
	for (li = 0; li < rp->nloads; li++) {
		if ((l = loads_get(st->host.loads, rp->loads[li].id)) == NULL || !rv->ok[li])
			continue;
		place = replayview_place(rv, li, k);
		if (strcmp(place, rv->place[li]) != 0 && loads_parse(st->host.m, place, &spec,
		    err, sizeof err) == 0) {
			l->spec = spec;
			l->prev.cpu = l->cur.cpu = spec.floating ? -1 :
			    cpuset_next(&spec.cpus, 0);
			snprintf(rv->place[li], sizeof rv->place[li], "%s", place);
		}
		c = rp->state[(size_t)k * (size_t)rp->nloads + (size_t)li];
		l->state = c == 'p' ? LOAD_PAUSED : c == 'd' ? LOAD_DEAD : LOAD_RUNNING;
		if (l->state == LOAD_DEAD && (e = replayview_last(rv, li, REPLAY_EV_DIED,
		    k + 1)) != NULL)
			snprintf(l->death, sizeof l->death, "%.127s", e->text);
		replayview_figures(st, rv, li, k);
	}
	figures_mark(st);
}

/* The status line's word for what happened between the samples shown (a, k]. */
static void
replayview_tell(struct ui_state *st, const struct replayview *rv, int a, int k)
{
	const struct replay_event	*e = NULL;
	const struct replay_load	*l;
	int				 i;

	for (i = 0; i < rv->rp.nev; i++)
		if (rv->rp.ev[i].sample > a && rv->rp.ev[i].sample <= k &&
		    rv->rp.ev[i].kind != REPLAY_EV_END)
			e = &rv->rp.ev[i];
	if (e == NULL)
		return;
	l = e->load >= 0 ? &rv->rp.loads[e->load] : NULL;
	switch (e->kind) {
	case REPLAY_EV_STEP:
		control_message(st, 0, "step %.0f: %s", e->num, e->text);
		break;
	case REPLAY_EV_FAILED:
		control_message(st, 1, "%s failed: %s", l->load, e->text);
		break;
	case REPLAY_EV_DIED:
		control_message(st, 1, "%s#%d died: %s", l->kernel, l->id, e->text);
		break;
	case REPLAY_EV_CAPACITY:
		control_message(st, 0, "%s#%d: its CPU gives %.0f %% of its baseline: %s",
		    l->kernel, l->id, 100 * e->num, e->text);
		break;
	default:
		control_message(st, 0, "%s#%d %s%s%s", l->kernel, l->id,
		    e->kind == REPLAY_EV_START ? "started: " : e->kind == REPLAY_EV_STOP ?
		    "stopped" : e->kind == REPLAY_EV_MOVE ? "moved: " :
		    e->kind == REPLAY_EV_PAUSE ? "paused" : e->kind == REPLAY_EV_RESUME ?
		    "resumed" : "", e->kind == REPLAY_EV_START || e->kind == REPLAY_EV_MOVE ?
		    e->text : "", e->kind == REPLAY_EV_SOLO ? "solo rate measured" : "");
		break;
	}
}

/* The chart's marks of the events right before sample j; a load stopped or dead leaves it. */
static void
replayview_chart_events(struct ui_state *st, const struct replayview *rv, int j)
{
	const struct replay_event	*e;
	int				 i, id;

	for (i = 0; i < rv->rp.nev; i++) {
		e = &rv->rp.ev[i];
		if (e->sample != j || e->load < 0)
			continue;
		id = rv->rp.loads[e->load].id;
		if (e->kind == REPLAY_EV_START)
			chart_event(st->chart.samples, CHART_EV_START, id);
		else if (e->kind == REPLAY_EV_MOVE)
			chart_event(st->chart.samples, CHART_EV_MOVE, id);
		else if (e->kind == REPLAY_EV_SOLO)
			chart_event(st->chart.samples, CHART_EV_SOLO, id);
		else if (e->kind == REPLAY_EV_STOP || e->kind == REPLAY_EV_DIED)
			chart_forget(st->chart.samples, id);
	}
}

/* Set the state from sample j and take it into the chart. */
static void
replayview_apply(struct ui_state *st, struct replayview *rv, int j)
{
	replayview_chart_events(st, rv, j);
	replayview_cpus(st, rv, j);
	replayview_loads(st, rv, j);
	chart_record(st->chart.samples, &st->host, &st->lview);
}

/*
 * Show sample k; tell: say what happened since the sample shown before.
 * Forward, the samples between go into the chart; else the chart is made
 * again from the samples it keeps before k.
 */
static void
replayview_show(struct ui_state *st, int k, int tell)
{
	struct replayview	*rv = st->replay;
	int			 was = rv->pos, j;

	if (k > was && was >= 0)
		for (j = was + 1; j <= k; j++)
			replayview_apply(st, rv, j);
	else {
		chart_free(st->chart.samples);
		st->chart.samples = chart_new(st->host.m->npus);
		for (j = k - CHART_N + 1 > 0 ? k - CHART_N + 1 : 0; j <= k; j++)
			replayview_apply(st, rv, j);
	}
	rv->pos = k;
	rv->wall0 = util_now_ns();
	if (tell && k > was)
		replayview_tell(st, rv, was, k);
	st->scr.dirty = 1;
}

/* The header's identity from the recording's machine object, where the XML has none. */
static void
replayview_identity(struct ui_state *st, const struct replay *rp)
{
	struct cpuinfo	*ci = &st->host.ci;

	if (rp->cpu[0] != '\0')
		snprintf(ci->brand, sizeof ci->brand, "%s", rp->cpu);
	if (rp->vendor[0] != '\0')
		snprintf(ci->vendor, sizeof ci->vendor, "%s", rp->vendor);
	/* A codename recorded under a generic brand was libcpuid's guess (cpuinfo.h). */
	if (rp->codename[0] != '\0' && cpuinfo_brand_names_model(ci->brand))
		snprintf(ci->codename, sizeof ci->codename, "%s", rp->codename);
	if (rp->hypervisor[0] != '\0')
		snprintf(ci->hypervisor, sizeof ci->hypervisor, "%s", rp->hypervisor);
	/* The recorded kernel's word on SMT, against the recorded topology (smtstate.h). */
	if (rp->smt_control[0] != '\0') {
		snprintf(ci->smt_control, sizeof ci->smt_control, "%s", rp->smt_control);
		topo_smt_compute(&st->host.m->smt, st->host.m, 0, rp->smt_control, -1, "");
	}
}

/* Start playing from the first sample. */
void
replayview_start(struct ui_state *st)
{
	struct replayview	*rv = st->replay;
	char			 err[512];
	long			 tenths = lround(rv->rp.interval_s * 10);

	st->host.delay_tenths = tenths < 1 ? 1 : tenths > 100 ? 100 : (int)tenths;
	st->host.loads = loads_new(st->host.m);
	st->chart.samples = chart_new(st->host.m->npus);
	st->chart.on = 1;
	replayview_identity(st, &rv->rp);
	replayview_check_loads(st, rv, err, sizeof err);
	replayview_show(st, 0, 0);
	if (err[0] != '\0')
		control_message(st, 1, "%s", err);
	else if (rv->rp.warning[0] != '\0')
		control_message(st, 1, "%s; the replay ends before it", rv->rp.warning);
}

/* When sample j is due at the speed, from the sample shown. */
static uint64_t
replayview_due(const struct replayview *rv, int j)
{
	double	dt = (rv->rp.t[j] - rv->rp.t[rv->pos]) / ldexp(1.0, rv->speed);

	return rv->wall0 + (uint64_t)(dt > 0 ? dt * 1e9 : 0);
}

/* When the next sample is due; 0 when paused or at the end. */
uint64_t
replayview_deadline(const struct ui_state *st)
{
	const struct replayview	*rv = st->replay;

	if (rv == NULL || !rv->playing || rv->pos + 1 >= rv->rp.nsamples)
		return 0;
	return replayview_due(rv, rv->pos + 1);
}

/* Show the samples that came due (the latest, when the screen fell behind). */
void
replayview_poll(struct ui_state *st)
{
	struct replayview	*rv = st->replay;
	uint64_t		 now = util_now_ns(), due;
	int			 k;

	if (rv == NULL || !rv->playing)
		return;
	for (k = rv->pos; k + 1 < rv->rp.nsamples && replayview_due(rv, k + 1) <= now; k++)
		;
	if (k == rv->pos)
		return;
	due = replayview_due(rv, k);
	replayview_show(st, k, 1);
	/* Keep the recording's pace: the next is due from when this one was. */
	rv->wall0 = due;
	if (k + 1 == rv->rp.nsamples) {
		rv->playing = 0;
		control_message(st, 0, "the end of the recording%s%s%s: Space plays it "
		    "again", rv->rp.end[0] != '\0' ? " (" : ", cut short",
		    rv->rp.end, rv->rp.end[0] != '\0' ? ")" : "");
	}
}

/* The first sample at or after time t (seconds of the recording), or the last. */
static int
replayview_at(const struct replayview *rv, double t)
{
	int	lo = 0, hi = rv->rp.nsamples - 1, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (rv->rp.t[mid] < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Seek to sample k, playing on if it was. */
static void
replayview_seek(struct ui_state *st, int k)
{
	struct replayview	*rv = st->replay;
	char			 at[32], of[32];

	replayview_show(st, k, 0);
	replayview_clock(rv->rp.t[k] - rv->rp.t[0], at, sizeof at);
	replayview_clock(replayview_length(rv), of, sizeof of);
	control_message(st, 0, "at %s of %s", at, of);
}

/* Space: pause, or play (from the start again at the end). */
static void
replayview_play_pause(struct ui_state *st, struct replayview *rv)
{
	if (rv->playing) {
		rv->playing = 0;
		control_message(st, 0, "paused: Space plays, . and , step");
		return;
	}
	if (rv->pos + 1 >= rv->rp.nsamples)
		replayview_show(st, 0, 0);
	rv->playing = 1;
	rv->wall0 = util_now_ns();
	control_message(st, 0, "playing at %gx", ldexp(1.0, rv->speed));
}

/* The replay's keys. */
int
replayview_key(struct ui_state *st, int key)
{
	struct replayview	*rv = st->replay;
	double			 t;

	if (rv == NULL || st->sel.mode != UI_NORMAL)
		return 0;
	t = rv->rp.t[rv->pos];
	switch (key) {
	case ' ':
		replayview_play_pause(st, rv);
		break;
	case '.':
	case ',':
		rv->playing = 0;
		if (key == '.' && rv->pos + 1 < rv->rp.nsamples)
			replayview_show(st, rv->pos + 1, 1);
		else if (key == ',' && rv->pos > 0)
			replayview_show(st, rv->pos - 1, 0);
		break;
	case '+':
	case '=':
	case '-':
		if ((key == '-' && rv->speed > REPLAYVIEW_SLOWEST) ||
		    (key != '-' && rv->speed < REPLAYVIEW_FASTEST))
			rv->speed += key == '-' ? -1 : 1;
		rv->wall0 = util_now_ns();
		control_message(st, 0, "speed %gx", ldexp(1.0, rv->speed));
		break;
	case '<':
	case '>':
		replayview_seek(st, replayview_at(rv, t + (key == '<' ? -REPLAYVIEW_SEEK_S :
		    REPLAYVIEW_SEEK_S)));
		break;
	default:
		if (key < '0' || key > '9')
			return 0;
		replayview_seek(st, replayview_at(rv, rv->rp.t[0] +
		    replayview_length(rv) * (key - '0') / 10.0));
		break;
	}
	st->scr.dirty = 1;
	return 1;
}

/* The header's mark. */
int
replayview_note(const struct ui_state *st, int form, char *buf, size_t len)
{
	const struct replayview	*rv = st->replay;
	char			 at[32], of[32], date[64], state[32];

	if (rv == NULL)
		return 0;
	replayview_clock(rv->rp.t[rv->pos] - rv->rp.t[0], at, sizeof at);
	replayview_clock(replayview_length(rv), of, sizeof of);
	/* "2026-11-30T19:04:47Z" as "2026-11-30 19:04 UTC". */
	if (strlen(rv->rp.start) >= 16 && rv->rp.start[10] == 'T')
		snprintf(date, sizeof date, "%.10s %.5s UTC", rv->rp.start,
		    rv->rp.start + 11);
	else
		snprintf(date, sizeof date, "%s", rv->rp.start[0] ? rv->rp.start :
		    "date unknown");
	if (rv->playing)
		snprintf(state, sizeof state, "playing %gx", ldexp(1.0, rv->speed));
	else
		snprintf(state, sizeof state, "paused");
	if (form == 0)
		snprintf(buf, len, " REPLAY of %s, %s: %s, %s of %s ", rv->rp.host[0] ?
		    rv->rp.host : "an unnamed host", date, state, at, of);
	else if (form == 1)
		snprintf(buf, len, " REPLAY %.24s %s, %s, %s/%s ", rv->rp.host, date, state,
		    at, of);
	else
		snprintf(buf, len, " REPLAY %.16s %.10s %s/%s ", rv->rp.host, date, at, of);
	return 1;
}

/* The help's lines for a replay. */
const char *const *
replayview_help(void)
{
	static const char *const lines[] = {
		"A replay shows a recording (smtscope record) as the screen showed it:",
		"its machine, every CPU's time, its loads with their speeds. View only.",
		"",
		"Space              pause or play (at the end: from the start again)",
		". and ,            one refresh forward or back (and pause)",
		"+ and -            play faster or slower (1/8x to 16x)",
		"> and <            10 s of the recording forward or back",
		"0 to 9             go to that tenth of the recording",
		"Arrows, h j k l    move the cursor over logical CPUs",
		"Tab                select the next load",
		"v                  switch between the tree and the grid",
		"S                  write the screen as SVG",
		"t                  next theme",
		"? or F1            this help",
		"q or F10           quit",
		"",
		"Bars: smtscope's user and system time, then others', as recorded.",
		"SPEED = rate / solo rate, smoothed as the live screen smooths it.",
		NULL
	};

	return lines;
}
