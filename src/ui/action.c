/*
 * action.c: what the screen does to loads: start, stop, pause, move, the
 * figures of each refresh, and solo measurement. A load's solo rate is
 * measured on its CPU with every other load paused, by solo.c: one load at
 * a time, 0.2 s for the others to stop, then 1 s of counting.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "solo.h"
#include "ui/ui_internal.h"
#include "util.h"

/* Refuse a load action on a view of another machine; 1 if refused. */
int
action_refuse(struct ui *ui)
{
	if (!ui->view_only)
		return 0;
	ui_message(ui, 1, "view only: this is another machine's topology (-i); "
	    "loads run only on this machine");
	return 1;
}

/* The screen's view of a load, made on first use. */
struct ui_loadview *
action_view(struct ui *ui, int id)
{
	struct ui_loadview	*v;
	int			 i;

	for (i = 0; i < ui->nlv; i++)
		if (ui->lv[i].id == id)
			return &ui->lv[i];
	if (ui->nlv == ui->caplv) {
		ui->caplv = ui->caplv ? ui->caplv * 2 : 16;
		ui->lv = xreallocarray(ui->lv, (size_t)ui->caplv, sizeof *ui->lv);
	}
	v = &ui->lv[ui->nlv++];
	memset(v, 0, sizeof *v);
	v->id = id;
	v->rate = v->solo = v->solo_share = v->speed = v->share = v->eff = NAN;
	v->fresh = 1;
	return v;
}

/* Forget the view of a load. */
static void
action_view_drop(struct ui *ui, int id)
{
	int	i;

	for (i = 0; i < ui->nlv; i++) {
		if (ui->lv[i].id == id) {
			memmove(&ui->lv[i], &ui->lv[i + 1],
			    (size_t)(ui->nlv - i - 1) * sizeof ui->lv[0]);
			ui->nlv--;
			return;
		}
	}
}

/* Is a load's solo rate waiting to be measured or being measured? */
int
action_measuring(struct ui *ui, int id)
{
	return ui->solo != NULL && solo_pending(ui->solo, id);
}

/* Take a fresh starting point for a load's next rate (after start, move, resume). */
static void
action_rebase(struct ui *ui, struct load *l)
{
	loads_rebase(ui->loads, l);
	action_view(ui, l->id)->fresh = 1;
}

/* The measurer pauses (1) or resumes (0) a load; -1 if it is gone. */
static int
action_solo_pause(void *arg, int id, int pause)
{
	struct ui	*ui = arg;
	struct load	*l = loads_get(ui->loads, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	if (pause != (l->state == LOAD_PAUSED) && loads_pause(ui->loads, id, pause) == -1)
		return -1;
	if (!pause)
		action_rebase(ui, l);
	ui->dirty = 1;
	return 0;
}

/* The measurer's fresh sample of a load, the screen's own samples left alone. */
static int
action_solo_sample(void *arg, int id, struct load_sample *out)
{
	struct ui	*ui = arg;
	struct load	*l = loads_get(ui->loads, id);

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(ui->loads, l, out);
	return 0;
}

/* The loads running now, for the measurer. */
static int
action_solo_running(void *arg, int *ids, int max)
{
	struct ui	*ui = arg;
	struct load	*l;
	int		 i, n = 0;

	for (i = 0; i < loads_count(ui->loads) && n < max; i++) {
		l = loads_at(ui->loads, i);
		if (l->state == LOAD_RUNNING)
			ids[n++] = l->id;
	}
	return n;
}

/* How the screen's solo measurer reaches its loads. */
const struct solo_ops action_solo_ops = {
	.pause = action_solo_pause,
	.sample = action_solo_sample,
	.running = action_solo_running,
};

/* Advance the solo measurement; the views take every new result. */
void
action_solo_poll(struct ui *ui)
{
	struct ui_loadview	*v;
	struct solo_result	 r;
	int			 i, id;

	if (ui->solo == NULL)
		return;
	while (solo_poll(ui->solo, util_now_ns(), &id, &r) == 1)
		ui->dirty = 1;
	/* Results come here whoever polled them (a tour shares the measurer). */
	for (i = 0; i < ui->nlv; i++) {
		v = &ui->lv[i];
		if (solo_result(ui->solo, v->id, &r) == -1 || r.end_ns == v->solo_end_ns)
			continue;
		v->solo_end_ns = r.end_ns;
		v->solo = r.rate;
		v->solo_share = r.share;
		ui->dirty = 1;
	}
}

/* When the solo measurement next needs attention; 0 if it does not. */
uint64_t
action_deadline(struct ui *ui)
{
	return ui->solo != NULL ? solo_deadline(ui->solo) : 0;
}

/*
 * Start a load from its text; its id, or -1 with the reason on the status
 * line. measure: queue its solo rate (a tour measures its own).
 */
int
action_start(struct ui *ui, const char *text, int measure)
{
	struct load_spec	 spec;
	struct load		*l;
	char			 err[256];
	int			 id;

	if (action_refuse(ui))
		return -1;
	if (loads_parse(ui->m, text, &spec, err, sizeof err) == -1) {
		ui_message(ui, 1, "%s", err);
		return -1;
	}
	if ((id = loads_start(ui->loads, &spec, err, sizeof err)) == -1) {
		ui_message(ui, 1, "%s", err);
		return -1;
	}
	l = loads_get(ui->loads, id);
	action_view(ui, id);
	action_rebase(ui, l);
	ui->sel_id = id;
	/* A measurement under way must not see the newcomer. */
	solo_hold(ui->solo, id);
	if (measure) {
		solo_queue(ui->solo, id);
		ui_message(ui, 0, "started %s#%d (%s): measuring its solo rate",
		    l->spec.k->name, id, l->spec.text);
	} else
		ui_message(ui, 0, "started %s#%d (%s)", l->spec.k->name, id,
		    l->spec.text);
	action_solo_poll(ui);
	ui->relayout = 1;
	ui->dirty = 1;
	return id;
}

/* Forget everything the screen knew of a load. */
static void
action_gone(struct ui *ui, int id)
{
	solo_forget(ui->solo, id);
	action_view_drop(ui, id);
	if (ui->sel_id == id)
		ui->sel_id = -1;
	if (ui->move_id == id && ui->mode == UI_MOVE) {
		ui->mode = UI_NORMAL;
		ui->move_id = -1;
	}
	ui->relayout = 1;
	ui->dirty = 1;
}

/* Stop one load. */
void
action_stop(struct ui *ui, int id)
{
	struct load	*l;
	char		 name[64];

	if (action_refuse(ui))
		return;
	if ((l = loads_get(ui->loads, id)) == NULL)
		return;
	snprintf(name, sizeof name, "%s#%d", l->spec.k->name, id);
	loads_stop(ui->loads, id);
	action_gone(ui, id);
	ui_message(ui, 0, "stopped %s", name);
}

/* Stop every load. */
void
action_stop_all(struct ui *ui)
{
	int	n, i;

	if (action_refuse(ui))
		return;
	n = loads_count(ui->loads);
	for (i = 0; i < n; i++)
		solo_forget(ui->solo, loads_at(ui->loads, i)->id);
	loads_stop_all(ui->loads);
	ui->nlv = 0;
	ui->sel_id = -1;
	if (ui->mode == UI_MOVE)
		ui->mode = UI_NORMAL;
	ui->relayout = 1;
	ui->dirty = 1;
	ui_message(ui, 0, "stopped %d load%s", n, n == 1 ? "" : "s");
}

/* Pause a running load, resume a paused one. */
void
action_pause(struct ui *ui, int id)
{
	struct load	*l;
	struct load	*m;
	int		 cur;

	if (action_refuse(ui) || (l = loads_get(ui->loads, id)) == NULL)
		return;
	cur = solo_current(ui->solo);
	m = cur != -1 ? loads_get(ui->loads, cur) : NULL;
	if (solo_holds(ui->solo, id)) {
		ui_message(ui, 0, "%s#%d is held while the solo rate of %s#%d is measured",
		    l->spec.k->name, id, m ? m->spec.k->name : "?", cur);
		return;
	}
	if (l->state == LOAD_RUNNING) {
		if (cur == id) {
			/* Measured once resumed: abandon this one, queue it again. */
			solo_forget(ui->solo, id);
			solo_queue(ui->solo, id);
		}
		loads_pause(ui->loads, id, 1);
		ui_message(ui, 0, "paused %s#%d", l->spec.k->name, id);
	} else if (l->state == LOAD_PAUSED) {
		if (m != NULL) {
			/* Resume once the measurement is over. */
			solo_hold(ui->solo, id);
			ui_message(ui, 0, "%s#%d resumes once the solo rate of %s#%d is measured",
			    l->spec.k->name, id, m->spec.k->name, m->id);
			return;
		}
		loads_pause(ui->loads, id, 0);
		action_rebase(ui, l);
		ui_message(ui, 0, "resumed %s#%d", l->spec.k->name, id);
	}
	ui->dirty = 1;
}

/*
 * Does a move make the solo rate stale? A two-ended load's latency depends
 * on where both ends are; a one-ended load's rate on the kind of its core
 * (hybrid P/E parts).
 */
static int
action_solo_moved(struct ui *ui, const struct load *l, int old_a, int old_b)
{
	const struct topo_pu	*a = topo_pu_by_os(ui->m, old_a);
	const struct topo_pu	*b = topo_pu_by_os(ui->m, cpuset_next(&l->spec.cpus, 0));
	enum topo_rel		 was, now;

	if (a == NULL || b == NULL)
		return 1;
	if (old_b != -1) {
		was = topo_relation(ui->m, old_a, old_b);
		now = topo_relation(ui->m, b->os_index, l->spec.cpu_b);
		return was != now;
	}
	return ui->m->cores[a->core].kind != ui->m->cores[b->core].kind;
}

/* Move a load's end A to a CPU (and end B to cpu_b, -1 keeps it); -1 on error. */
int
action_move(struct ui *ui, int id, int os_index, int cpu_b)
{
	struct cpuset	 one;
	struct load	*l;
	char		 err[256];
	int		 old_a, old_b;

	if (action_refuse(ui) || (l = loads_get(ui->loads, id)) == NULL)
		return -1;
	old_a = cpuset_next(&l->spec.cpus, 0);
	old_b = l->spec.cpu_b;
	cpuset_zero(&one);
	cpuset_set(&one, os_index);
	if (loads_move(ui->loads, id, &one, cpu_b, err, sizeof err) == -1) {
		ui_message(ui, 1, "%s", err);
		return -1;
	}
	action_rebase(ui, l);
	if (solo_current(ui->solo) == id) {
		/* Count afresh on the new CPU. */
		solo_restart(ui->solo, id);
	} else if (action_solo_moved(ui, l, old_a, old_b)) {
		/* The old solo rate was for another kind of place: measure it here. */
		action_view(ui, id)->solo = NAN;
		solo_queue(ui->solo, id);
		action_solo_poll(ui);
	}
	if (cpu_b != -1)
		ui_message(ui, 0, "moved %s#%d to CPUs %d,%d", l->spec.k->name, id,
		    os_index, cpu_b);
	else
		ui_message(ui, 0, "moved %s#%d to CPU %d", l->spec.k->name, id, os_index);
	ui->relayout = 1;
	ui->dirty = 1;
	return 0;
}

/* Measure solo rates again: one load, or every load with id -1. */
void
action_remeasure(struct ui *ui, int id)
{
	struct load	*l;
	int		 i, n = 0;

	if (action_refuse(ui))
		return;
	for (i = 0; i < loads_count(ui->loads); i++) {
		l = loads_at(ui->loads, i);
		if ((id != -1 && l->id != id) || l->state == LOAD_DEAD ||
		    action_measuring(ui, l->id))
			continue;
		action_view(ui, l->id)->solo = NAN;
		solo_queue(ui->solo, l->id);
		n++;
	}
	if (n == 0 && solo_current(ui->solo) == -1)
		ui_message(ui, 0, "no load to measure");
	else
		ui_message(ui, 0, "measuring solo rates again");
	action_solo_poll(ui);
	ui->dirty = 1;
}

/* Reap loads that died and say why on the status line. */
void
action_reap(struct ui *ui)
{
	struct load	*l;
	int		 i;

	if (ui->loads == NULL || loads_reap(ui->loads) == 0)
		return;
	for (i = 0; i < loads_count(ui->loads); i++) {
		l = loads_at(ui->loads, i);
		if (l->state != LOAD_DEAD)
			continue;
		ui_message(ui, 1, "%s#%d died: %s", l->spec.k->name, l->id, l->death);
		action_gone(ui, l->id);
		loads_forget(ui->loads, l->id);
		i--;
	}
}

/* Push a value onto a load's history. */
static void
action_hist_push(struct ui_loadview *v, double x)
{
	if (v->nhist == UI_HIST) {
		memmove(v->hist, v->hist + 1, (UI_HIST - 1) * sizeof v->hist[0]);
		v->nhist--;
	}
	v->hist[v->nhist++] = x;
}

/* A refresh: sample every load and compute its figures. */
void
action_tick(struct ui *ui)
{
	struct ui_loadview	*v;
	struct load		*l;
	double			 rate, share, dt, alpha;
	int			 i;

	if (ui->loads == NULL)
		return;
	/* loads_sample() shifts cur into prev; the view keeps its own start. */
	loads_sample(ui->loads);
	for (i = 0; i < loads_count(ui->loads); i++) {
		l = loads_at(ui->loads, i);
		v = action_view(ui, l->id);
		if (l->state != LOAD_RUNNING) {
			action_hist_push(v, NAN);
			continue;
		}
		dt = (double)(l->cur.t_ns - l->prev.t_ns) / 1e9;
		if (v->fresh && dt < ui->delay_tenths / 40.0) {
			/* Moved or resumed just now: count on to the next refresh. */
			l->cur = l->prev;
			continue;
		}
		rate = analysis_rate(&l->prev, &l->cur);
		share = analysis_share(&l->prev, &l->cur);
		/* About a second of memory, whatever the refresh interval. */
		alpha = dt >= 1.0 ? 1.0 : dt < 0.2 ? 0.2 : dt;
		if (v->fresh) {
			v->rate = rate;
			v->share = share;
			v->fresh = 0;
		} else {
			v->rate = analysis_smooth(v->rate, rate, alpha);
			v->share = analysis_smooth(v->share, share, alpha);
		}
		v->speed = analysis_speed(v->rate, v->solo);
		/* Per CPU-second against per CPU-second alone. */
		v->eff = analysis_efficiency(v->speed, v->share, v->solo_share);
		action_hist_push(v, solo_current(ui->solo) == l->id ? NAN : v->speed);
	}
}

/* The load at the cursor's CPU: the selected one if it is there, else the first. */
struct load *
action_target(struct ui *ui)
{
	struct load	*l, *first = NULL;
	int		 os = ui_cursor_os(ui), i;

	if (ui->loads == NULL)
		return NULL;
	for (i = 0; i < loads_count(ui->loads); i++) {
		l = loads_at(ui->loads, i);
		if (analysis_load_cpu(l) != os && l->spec.cpu_b != os &&
		    !(l->spec.floating && cpuset_isset(&l->spec.cpus, os) &&
		    l->cur.cpu == -1))
			continue;
		if (l->id == ui->sel_id)
			return l;
		if (first == NULL)
			first = l;
	}
	return first;
}
