/*
 * control.c: the screen's actions, asked for by input (keys, mouse) and by
 * scripts (tours, through ui.h): start, stop, pause and move loads, measure
 * their solo rates again (solo.c, through figures.c), move the cursor, open
 * and answer the menus, switch views and themes. Each changes the state and
 * says what it did on the status line; none draws or knows the geometry.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/analysis.h"
#include "engine/capacity.h"
#include "engine/kernels/kernel.h"
#include "engine/solo.h"
#include "ui/chart.h"
#include "ui/control.h"
#include "ui/figures.h"
#include "ui/message.h"
#include "ui/others.h"
#include "ui/recorder.h"
#include "base/util.h"

/* Set the status line's message, printf-style. */
void
control_message(struct ui_state *st, int error, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	message_vset(&st->scr, error, fmt, ap);
	va_end(ap);
}

/* The screen's own news, printf-style: a user's message or the next news replaces it. */
void
control_notice(struct ui_state *st, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	message_vset(&st->scr, 0, fmt, ap);
	va_end(ap);
	st->scr.msg_notice = 1;
}

/* Clear the message. */
void
control_clear_message(struct ui_state *st)
{
	message_clear(&st->scr);
}

/*
 * Old news goes after five seconds; errors stay until the next message, and
 * a message awaiting a solo until it ends (figures_solo_told()).
 */
void
control_expire_message(struct ui_state *st)
{
	if (st->scr.msg_wait_id != 0 && !state_measuring(st, st->scr.msg_wait_id))
		st->scr.msg_wait_id = 0;
	if (st->scr.msg[0] != '\0' && !st->scr.msg_error && st->scr.msg_wait_id == 0 &&
	    util_now_ns() - st->scr.msg_t_ns > 5 * UTIL_NSEC_PER_SEC)
		control_clear_message(st);
}

/* Refuse a load action on a view of another machine; 1 if refused. */
int
control_refuse(struct ui_state *st)
{
	if (!st->host.view_only)
		return 0;
	if (st->replay != NULL)
		control_message(st, 1, "a replay is view only: loads run on the live "
		    "screen (smtscope)");
	else
		control_message(st, 1, "view only: this is another machine's topology "
		    "(-i); loads run only on this machine");
	return 1;
}

/* The chart's events of a new load: it started, and it is the SMT sibling of others. */
static void
control_chart_started(struct ui_state *st, const struct load *l)
{
	struct load	*o;
	int		 i, a = cpuset_next(&l->spec.cpus, 0), b;

	chart_event(st->chart.samples, CHART_EV_START, l->id);
	for (i = 0; i < loads_count(st->host.loads); i++) {
		o = loads_at(st->host.loads, i);
		b = cpuset_next(&o->spec.cpus, 0);
		if (o != l && a != -1 && b != -1 && o->state != LOAD_DEAD &&
		    topo_relation(st->host.m, a, b) == REL_SMT_SIBLING)
			chart_event(st->chart.samples, CHART_EV_SIBLING, o->id);
	}
}

/* S: write the screen as SVG once it is drawn (ui.c does, with curses). */
void
control_snapshot(struct ui_state *st)
{
	st->scr.snapshot_ask = 1;
	st->scr.dirty = 1;
}

/* Toggle the time chart. */
void
control_chart(struct ui_state *st)
{
	if (st->chart.samples == NULL) {
		control_message(st, 0, "no chart: this is a view of another machine");
		return;
	}
	st->chart.on = !st->chart.on;
	control_message(st, 0, "time chart %s", st->chart.on ? "shown where rows are spare" :
	    "hidden");
	st->scr.dirty = 1;
}

/* A load just started needs its solo rate: its place's baseline, or measured; say which. */
static void
control_started_solo(struct ui_state *st, struct load *l)
{
	char	by[64];

	switch (figures_solo_want(st, l, by, sizeof by)) {
	case FIGURES_SOLO_REUSED:
		control_message(st, 0, "started %s#%d (%s): solo rate from this place's "
		    "baseline (%s's)", l->spec.k->name, l->id, l->spec.text, by);
		break;
	case FIGURES_SOLO_SHARED:
		control_message(st, 0, "started %s#%d (%s): its solo rate is %s's, "
		    "measured now at the same place", l->spec.k->name, l->id,
		    l->spec.text, by);
		break;
	default:
		control_message(st, 0, "started %s#%d (%s): measuring its solo rate",
		    l->spec.k->name, l->id, l->spec.text);
		st->scr.msg_wait_id = l->id;
		break;
	}
}
static int control_start_each(struct ui_state *, const char *, int);

/*
 * Start a load from its text; its id, or -1 with the reason on the status
 * line. measure: queue its solo rate (a tour measures its own).
 */
int
control_start(struct ui_state *st, const char *text, int measure)
{
	struct load_spec	 spec;
	struct load		*l;
	char			 err[256];
	int			 id;

	if (control_refuse(st))
		return -1;
	if (strstr(text, "@each:") != NULL)
		return control_start_each(st, text, measure);
	if (loads_parse(st->host.m, text, &spec, err, sizeof err) == -1) {
		control_message(st, 1, "%s", err);
		return -1;
	}
	if ((id = loads_start(st->host.loads, &spec, err, sizeof err)) == -1) {
		control_message(st, 1, "%s", err);
		return -1;
	}
	l = loads_get(st->host.loads, id);
	lview_get(&st->lview, id);
	figures_rebase(st, l);
	control_chart_started(st, l);
	recorder_started(st, id);
	st->sel.id = id;
	/* A measurement under way must not see the newcomer. */
	solo_hold(st->host.solo, id);
	if (measure)
		control_started_solo(st, l);
	else
		control_message(st, 0, "started %s#%d (%s)", l->spec.k->name, id,
		    l->spec.text);
	figures_solo_poll(st);
	st->scr.dirty = 1;
	return id;
}

/* Start a load on each CPU of a set ("hash@each:package:0"); the last one's id, or -1. */
static int
control_start_each(struct ui_state *st, const char *text, int measure)
{
	char	**texts = NULL, err[256];
	int	  n = 0, i, id = -1, started = 0;

	if (loads_expand(st->host.m, text, &texts, &n, err, sizeof err) == -1) {
		control_message(st, 1, "%s", err);
		return -1;
	}
	for (i = 0; i < n; i++)
		if ((id = control_start(st, texts[i], measure)) != -1)
			started++;
	if (started == n)
		control_message(st, 0, "started %d loads (%s)%s", n, text, measure ?
		    ": measuring their solo rates" : "");
	loads_expand_free(texts, n);
	return started == n ? id : -1;
}

/* Forget everything the screen knew of a load. */
static void
control_gone(struct ui_state *st, int id)
{
	recorder_gone(st, id);
	solo_forget(st->host.solo, id);
	lview_drop(&st->lview, id);
	if (st->chart.samples != NULL)
		chart_forget(st->chart.samples, id);
	/* Its last moments ran uncounted: others' figures wait a refresh. */
	others_hold(&st->others);
	if (st->sel.id == id)
		st->sel.id = -1;
	if (st->sel.move_id == id && st->sel.mode == UI_MOVE) {
		st->sel.mode = UI_NORMAL;
		st->sel.move_id = -1;
	}
	st->scr.dirty = 1;
}

/* Stop one load. */
void
control_stop(struct ui_state *st, int id)
{
	struct load	*l;
	char		 name[64];

	if (control_refuse(st))
		return;
	if ((l = loads_get(st->host.loads, id)) == NULL)
		return;
	snprintf(name, sizeof name, "%s#%d", l->spec.k->name, id);
	loads_stop(st->host.loads, id);
	control_gone(st, id);
	control_message(st, 0, "stopped %s", name);
}

/* Stop every load. */
void
control_stop_all(struct ui_state *st)
{
	int	n, i;

	if (control_refuse(st))
		return;
	n = loads_count(st->host.loads);
	for (i = 0; i < n; i++) {
		recorder_gone(st, loads_at(st->host.loads, i)->id);
		solo_forget(st->host.solo, loads_at(st->host.loads, i)->id);
		/* As control_gone() does: else the chart keeps each one's series. */
		if (st->chart.samples != NULL)
			chart_forget(st->chart.samples, loads_at(st->host.loads, i)->id);
	}
	loads_stop_all(st->host.loads);
	others_hold(&st->others);
	st->lview.n = 0;
	st->sel.id = -1;
	if (st->sel.mode == UI_MOVE)
		st->sel.mode = UI_NORMAL;
	st->scr.dirty = 1;
	control_message(st, 0, "stopped %d load%s", n, n == 1 ? "" : "s");
}

/* Pause a running load, resume a paused one. */
void
control_pause(struct ui_state *st, int id)
{
	struct load	*l;
	struct load	*m;
	int		 cur;

	if (control_refuse(st) || (l = loads_get(st->host.loads, id)) == NULL)
		return;
	cur = solo_current(st->host.solo);
	m = cur != -1 ? loads_get(st->host.loads, cur) : NULL;
	if (solo_holds(st->host.solo, id)) {
		control_message(st, 0, "%s#%d is held while the solo rate of %s#%d is measured",
		    l->spec.k->name, id, m ? m->spec.k->name : "?", cur);
		return;
	}
	if (l->state == LOAD_RUNNING) {
		if (cur == id) {
			/* Measured once resumed: abandon this one, queue it again. */
			solo_forget(st->host.solo, id);
			solo_queue(st->host.solo, id);
		}
		loads_pause(st->host.loads, id, 1);
		control_message(st, 0, "paused %s#%d", l->spec.k->name, id);
	} else if (l->state == LOAD_PAUSED) {
		if (m != NULL) {
			/* Resume once the measurement is over. */
			solo_hold(st->host.solo, id);
			control_message(st, 0, "%s#%d resumes once the solo rate of %s#%d is measured",
			    l->spec.k->name, id, m->spec.k->name, m->id);
			return;
		}
		loads_pause(st->host.loads, id, 0);
		figures_rebase(st, l);
		control_message(st, 0, "resumed %s#%d", l->spec.k->name, id);
	}
	recorder_paused(st, id);
	st->scr.dirty = 1;
}

/*
 * Does a move make the solo rate stale? A two-ended load's latency depends
 * on where both ends are; a one-ended load's rate on the kind of its core
 * (hybrid P/E parts).
 */
static int
control_solo_moved(struct ui_state *st, const struct load *l, int old_a, int old_b)
{
	const struct topo_pu	*a = topo_pu_by_os(st->host.m, old_a);
	const struct topo_pu	*b = topo_pu_by_os(st->host.m, cpuset_next(&l->spec.cpus, 0));
	enum topo_rel		 was, now;

	if (a == NULL || b == NULL)
		return 1;
	if (old_b != -1) {
		was = topo_relation(st->host.m, old_a, old_b);
		now = topo_relation(st->host.m, b->os_index, l->spec.cpu_b);
		return was != now;
	}
	return st->host.m->cores[a->core].kind != st->host.m->cores[b->core].kind;
}

/* Move a load's end A to a CPU (and end B to cpu_b, -1 keeps it); -1 on error. */
int
control_move(struct ui_state *st, int id, int os_index, int cpu_b)
{
	struct cpuset	 one;
	struct load	*l;
	char		 err[256];
	int		 old_a, old_b;

	if (control_refuse(st) || (l = loads_get(st->host.loads, id)) == NULL)
		return -1;
	old_a = cpuset_next(&l->spec.cpus, 0);
	old_b = l->spec.cpu_b;
	cpuset_zero(&one);
	cpuset_set(&one, os_index);
	if (loads_move(st->host.loads, id, &one, cpu_b, err, sizeof err) == -1) {
		control_message(st, 1, "%s", err);
		return -1;
	}
	figures_rebase(st, l);
	/* Its time of this refresh ran in two places. */
	others_hold(&st->others);
	if (solo_current(st->host.solo) == id) {
		/* Count afresh on the new CPU. */
		solo_restart(st->host.solo, id);
	} else if (control_solo_moved(st, l, old_a, old_b)) {
		/* The old solo rate was for another kind of place: measure it here. */
		lview_get(&st->lview, id)->solo = NAN;
		lview_get(&st->lview, id)->solo_tries = 0;
		figures_solo_want(st, l, err, sizeof err);
		figures_solo_poll(st);
	}
	chart_event(st->chart.samples, CHART_EV_MOVE, id);
	recorder_moved(st, id);
	if (cpu_b != -1)
		control_message(st, 0, "moved %s#%d to CPUs %d,%d", l->spec.k->name, id,
		    os_index, cpu_b);
	else
		control_message(st, 0, "moved %s#%d to CPU %d", l->spec.k->name, id, os_index);
	st->scr.dirty = 1;
	return 0;
}

/* Measure solo rates again: one load, or every load with id -1. */
void
control_remeasure(struct ui_state *st, int id)
{
	struct load	*l;
	char		 key[CAPACITY_KEY_LEN], by[64];
	int		 i, n = 0;

	if (control_refuse(st))
		return;
	for (i = 0; i < loads_count(st->host.loads); i++) {
		l = loads_at(st->host.loads, i);
		if ((id != -1 && l->id != id) || l->state == LOAD_DEAD ||
		    state_measuring(st, l->id))
			continue;
		lview_get(&st->lview, l->id)->solo = NAN;
		lview_get(&st->lview, l->id)->solo_tries = 0;
		/* Asked for: this place's baseline is measured afresh, once. */
		capacity_key(&l->spec, key, sizeof key);
		capacity_forget(capacity_session(), key);
		figures_solo_want(st, l, by, sizeof by);
		n++;
	}
	if (n == 0 && solo_current(st->host.solo) == -1)
		control_message(st, 0, "no load to measure");
	else
		control_message(st, 0, "measuring solo rates again");
	figures_solo_poll(st);
	st->scr.dirty = 1;
}

/*
 * Guard the solo rates: say when one was disturbed (others ran on its
 * core), and measure it again once its core is quiet, SOLO_RETRIES times
 * at most. A script (a tour) measures its own.
 */
void
control_solo_guard(struct ui_state *st)
{
	struct ui_loadview	*v;
	struct load		*l;
	char			 why[64];
	int			 i, tell;

	if (st->host.solo == NULL || st->tour.script)
		return;
	/*
	 * These notices wait for a free line: they leave the user's own news
	 * (an action's result, an error) standing, and replace only their own.
	 */
	tell = st->scr.msg[0] == '\0' || st->scr.msg_notice;
	for (i = 0; i < st->lview.n; i++) {
		v = &st->lview.lv[i];
		if (!v->solo_disturbed || (l = loads_get(st->host.loads, v->id)) == NULL ||
		    l->state != LOAD_RUNNING || state_measuring(st, v->id))
			continue;
		if (v->solo_told_ns != v->solo_end_ns && tell) {
			v->solo_told_ns = v->solo_end_ns;
			if (isfinite(v->solo_foreign) && v->solo_foreign > SOLO_FOREIGN_MAX)
				snprintf(why, sizeof why, "others used %.2f CPU on its core",
				    v->solo_foreign);
			else
				snprintf(why, sizeof why, "it ran %.0f%% of the time",
				    100 * v->solo_share);
			control_notice(st, "%s#%d's solo is marked ~: %s%s",
			    l->spec.k->name, v->id, why, v->solo_tries < SOLO_RETRIES ?
			    "; measured again when quiet" : "");
		}
		if (v->solo_tries >= SOLO_RETRIES ||
		    !others_core_quiet(&st->others, &st->host, l))
			continue;
		v->solo_tries++;
		/* An identical load's better solo, or one measured now, serves it. */
		if (figures_solo_want(st, l, why, sizeof why) != FIGURES_SOLO_QUEUED)
			continue;
		if (tell)
			control_notice(st, "its core is quiet: measuring %s#%d's solo "
			    "again (%d of %d)", l->spec.k->name, v->id, v->solo_tries,
			    SOLO_RETRIES);
		figures_solo_poll(st);
	}
}

/* Reap loads that died and say why on the status line. */
void
control_reap(struct ui_state *st)
{
	struct load	*l;
	int		 i;

	if (st->host.loads == NULL || loads_reap(st->host.loads) == 0)
		return;
	for (i = 0; i < loads_count(st->host.loads); i++) {
		l = loads_at(st->host.loads, i);
		if (l->state != LOAD_DEAD)
			continue;
		control_message(st, 1, "%s#%d died: %s", l->spec.k->name, l->id, l->death);
		control_gone(st, l->id);
		loads_forget(st->host.loads, l->id);
		i--;
	}
}


/* The load at the cursor, or NULL and a message saying there is none. */
struct load *
control_target(struct ui_state *st)
{
	struct load	*l;

	if (control_refuse(st))
		return NULL;
	if ((l = state_target(st)) == NULL)
		control_message(st, 1, "no load on CPU %d (a starts one; Tab selects a load)",
		    state_cursor_os(st));
	return l;
}

/* Put the cursor on a CPU by pus[] index. */
void
control_cursor(struct ui_state *st, int pu)
{
	if (pu < 0 || pu >= st->host.m->npus)
		return;
	st->sel.cursor = pu;
	st->scr.dirty = 1;
}

/* f: the grid's next filter (every CPU, CPUs with loads, busy ones, the cursor's package). */
void
control_filter(struct ui_state *st)
{
	static const char *const words[] = { "every CPU", "only CPUs with loads",
	    "only busy CPUs (10% or more)", "only the cursor's package" };
	const struct topo_pu	*p = &st->host.m->pus[st->sel.cursor];

	st->scr.filter = (st->scr.filter + 1) % LAYOUT_FILTER_N;
	if (st->scr.filter == LAYOUT_FILTER_PACKAGE) {
		if (p->core == -1 || st->host.m->cores[p->core].package == -1)
			st->scr.filter = LAYOUT_FILTER_NONE;
		else
			st->scr.filter_pkg = st->host.m->cores[p->core].package;
	}
	control_message(st, 0, "the grid shows %s (f: next)", words[st->scr.filter]);
	st->scr.dirty = 1;
}

/* #: type a CPU to go to. */
void
control_goto_begin(struct ui_state *st)
{
	st->sel.mode = UI_GOTO;
	st->sel.input[0] = '\0';
	st->sel.input_len = 0;
	st->scr.dirty = 1;
}

/* A key of the go-to prompt: a character, Backspace (-1), Enter ('\n'). */
void
control_goto_key(struct ui_state *st, int ch)
{
	char	err[256];
	int	os;

	st->scr.dirty = 1;
	if (ch == '\n') {
		st->sel.mode = UI_NORMAL;
		if (topo_parse_place(st->host.m, st->sel.input, &os, err, sizeof err) == -1 ||
		    control_cursor_os(st, os) == -1)
			control_message(st, 1, "go to: %s", err);
	} else if (ch == -1) {
		if (st->sel.input_len > 0)
			st->sel.input[--st->sel.input_len] = '\0';
	} else if (ch >= 0x21 && ch < 0x7f && st->sel.input_len + 1 < (int)sizeof st->sel.input) {
		st->sel.input[st->sel.input_len++] = (char)ch;
		st->sel.input[st->sel.input_len] = '\0';
	}
}

/* Put the cursor on a CPU by OS index. */
int
control_cursor_os(struct ui_state *st, int os_index)
{
	const struct topo_pu	*pu = topo_pu_by_os(st->host.m, os_index);

	if (pu == NULL)
		return -1;
	control_cursor(st, (int)(pu - st->host.m->pus));
	return 0;
}

/* Select a load; follow: put the cursor on its CPU. */
void
control_select(struct ui_state *st, int id, int follow)
{
	struct load	*l;

	if (st->host.loads == NULL || (l = loads_get(st->host.loads, id)) == NULL)
		return;
	st->sel.id = id;
	if (follow && analysis_load_cpu(l) != -1)
		control_cursor_os(st, analysis_load_cpu(l));
	st->scr.dirty = 1;
}

/* Select the next load and put the cursor on it. */
void
control_select_next(struct ui_state *st)
{
	int	i, n;

	if (st->host.loads == NULL || (n = loads_count(st->host.loads)) == 0)
		return;
	for (i = 0; i < n; i++)
		if (loads_at(st->host.loads, i)->id == st->sel.id)
			break;
	control_select(st, loads_at(st->host.loads, i >= n ? 0 : (i + 1) % n)->id, 1);
}

/* Show the tree or the grid, whatever fits. */
void
control_view(struct ui_state *st, enum layout_view view)
{
	st->scr.view = view;
	st->scr.view_chosen = 1;
	st->scr.dirty = 1;
}

/*
 * Switch from the view shown to the other one, and say so. A view chosen is
 * the one shown from the next frame on (the filter aside, which is the
 * grid's): a second v read before that frame is laid out turns back from it,
 * not from the view still drawn, so that v v in one burst chooses nothing.
 */
void
control_toggle_view(struct ui_state *st, enum layout_view shown)
{
	if (st->scr.view_chosen && st->scr.filter == LAYOUT_FILTER_NONE)
		shown = st->scr.view;
	control_view(st, shown == LAYOUT_TREE ? LAYOUT_GRID : LAYOUT_TREE);
	control_message(st, 0, "%s view", st->scr.view == LAYOUT_TREE ? "tree" : "grid");
}

/* Use a theme: load it, fall back to the built-in one with a message on error. */
int
control_use_theme(struct ui_state *st, const char *spec)
{
	struct theme	t;
	char		err[512];

	st->scr.theme_gen++;
	st->scr.dirty = 1;
	if (theme_load(&t, spec, err, sizeof err) == -1) {
		theme_builtin(&st->scr.theme, !st->scr.colors);
		control_message(st, 1, "%s; using the %s theme", err, st->scr.theme.name);
		return -1;
	}
	st->scr.theme = t;
	return 0;
}

/* The next theme in the list. */
void
control_cycle_theme(struct ui_state *st)
{
	char	names[THEME_MAX_LIST][64];
	int	n, i;

	n = theme_list(names, THEME_MAX_LIST);
	for (i = 0; i < n; i++)
		if (strcmp(names[i], st->scr.theme.name) == 0)
			break;
	i = i >= n ? 0 : (i + 1) % n;
	if (n > 0 && control_use_theme(st, names[i]) == 0)
		control_message(st, 0, "theme %s%s", st->scr.theme.name,
		    st->scr.colors ? "" : " (this terminal has no colors)");
}

/* Set or clear the caption. */
void
control_caption(struct ui_state *st, const char *text)
{
	snprintf(st->tour.caption, sizeof st->tour.caption, "%s", text != NULL ? text : "");
	st->tour.caption_gen++;
	st->scr.dirty = 1;
}

/* Set or clear the highlighted CPUs. */
void
control_highlight(struct ui_state *st, const struct cpuset *set)
{
	if (set != NULL)
		st->tour.highlight = *set;
	else
		cpuset_zero(&st->tour.highlight);
	st->scr.dirty = 1;
}

/* Repaint the whole terminal. */
void
control_redraw(struct ui_state *st)
{
	st->scr.redraw = 1;
	st->scr.dirty = 1;
}

/* Open the kernel menu for the cursor's CPU. */
void
control_menu_open(struct ui_state *st)
{
	char	err[256];

	if (control_refuse(st))
		return;
	if (topo_check_cpu(st->host.m, state_cursor_os(st), err, sizeof err) == -1) {
		control_message(st, 1, "%s", err);
		return;
	}
	st->sel.mode = UI_MENU;
	st->scr.dirty = 1;
}

/* The menu's place, the next (dir 1) or the one before (-1); a CPU's alone for two ends. */
void
control_menu_where(struct ui_state *st, int dir)
{
	const struct topo_pu	*p = &st->host.m->pus[st->sel.cursor];

	st->sel.where = (st->sel.where + dir + UI_WHERE_N) % UI_WHERE_N;
	/* Without a core or a package, their places are skipped. */
	if ((st->sel.where == UI_WHERE_CORE || st->sel.where == UI_WHERE_PACKAGE) &&
	    (p->core == -1 || st->host.m->cores[p->core].package == -1))
		st->sel.where = dir > 0 ? UI_WHERE_CORES : UI_WHERE_CPU;
	st->scr.dirty = 1;
}

/* Put the menu's selection on entry i. */
void
control_menu_select(struct ui_state *st, int i)
{
	st->sel.menu = i;
	st->scr.dirty = 1;
}

/* Start the chosen kernel, or ask for what it still needs. */
static void
control_pick_done(struct ui_state *st)
{
	char	text[128];

	st->sel.mode = UI_NORMAL;
	st->scr.dirty = 1;
	if (st->sel.pick_k->ends == 2 && st->sel.pick_a == -1) {
		st->sel.pick_a = state_cursor_os(st);
		st->sel.mode = UI_PICK_B;
		return;
	}
	snprintf(text, sizeof text, "%s%s%s@%d", st->sel.pick_k->name,
	    st->sel.pick_param[0] ? ":" : "", st->sel.pick_param,
	    st->sel.pick_k->ends == 2 ? st->sel.pick_a : state_cursor_os(st));
	/* A load on each CPU of a set (the menu's Left Right). */
	if (st->sel.pick_k->ends == 1 && st->sel.where != UI_WHERE_CPU)
		state_where(st, strchr(text, '@') + 1, sizeof text - (size_t)(strchr(text,
		    '@') + 1 - text), NULL, 0);
	if (st->sel.pick_k->ends == 2)
		snprintf(text + strlen(text), sizeof text - strlen(text), ",%d",
		    state_cursor_os(st));
	control_start(st, text, 1);
}

/* Choose menu entry i: its parameter next, or its second CPU, or start it. */
void
control_menu_choose(struct ui_state *st, int i)
{
	st->sel.menu = i;
	st->sel.pick_k = kernel_all[i];
	st->sel.pick_param[0] = '\0';
	st->sel.pick_a = -1;
	if (st->sel.pick_k->param_help != NULL) {
		st->sel.mode = UI_PARAM;
		st->sel.input[0] = '\0';
		st->sel.input_len = 0;
		st->scr.dirty = 1;
		return;
	}
	control_pick_done(st);
}

/* A key in the parameter prompt: a character, Backspace (-1), Enter ('\n'). */
void
control_param_key(struct ui_state *st, int ch)
{
	st->scr.dirty = 1;
	if (ch == '\n') {
		snprintf(st->sel.pick_param, sizeof st->sel.pick_param, "%s", st->sel.input);
		control_pick_done(st);
	} else if (ch == -1) {
		if (st->sel.input_len > 0)
			st->sel.input[--st->sel.input_len] = '\0';
	} else if (ch >= 0x21 && ch < 0x7f && ch != '@' &&
	    st->sel.input_len + 1 < (int)sizeof st->sel.input) {
		st->sel.input[st->sel.input_len++] = (char)ch;
		st->sel.input[st->sel.input_len] = '\0';
	}
}

/* Enter on a CPU: the place of a move, or the second end of a new load. */
void
control_pick_here(struct ui_state *st)
{
	struct load	*l;
	int		 id = st->sel.move_id;

	if (st->sel.mode != UI_MOVE) {
		control_pick_done(st);
		return;
	}
	st->sel.mode = UI_NORMAL;
	st->sel.move_id = -1;
	st->scr.dirty = 1;
	if (st->host.loads == NULL || (l = loads_get(st->host.loads, id)) == NULL)
		return;
	if (st->sel.move_b)
		control_move(st, id, analysis_load_cpu(l), state_cursor_os(st));
	else
		control_move(st, id, state_cursor_os(st), -1);
}

/* m: choose where the load at the cursor goes (its end B if the cursor is there). */
void
control_move_begin(struct ui_state *st)
{
	struct load	*l;
	int		 os = state_cursor_os(st);

	if ((l = control_target(st)) == NULL)
		return;
	st->sel.move_id = l->id;
	st->sel.id = l->id;
	st->sel.mode = UI_MOVE;
	st->sel.move_b = l->spec.cpu_b == os && analysis_load_cpu(l) != os;
	/* The status line asks "move hash#1 to:" with its keys: said once. */
	control_clear_message(st);
}

/* Leave a mode; a choice of CPU says it was cancelled. */
void
control_cancel(struct ui_state *st)
{
	if (st->sel.mode == UI_MOVE || st->sel.mode == UI_PICK_B)
		control_message(st, 0, "cancelled");
	st->sel.mode = UI_NORMAL;
	st->sel.move_id = -1;
	st->scr.dirty = 1;
}

/* Scroll an ended tour's summary to a line (the layout keeps it in range). */
void
control_summary_scroll(struct ui_state *st, int top)
{
	st->tour.caption_top = top;
	st->scr.dirty = 1;
}

/* Close an ended tour's summary: the screen is the user's (q prints it again). */
void
control_summary_close(struct ui_state *st)
{
	st->tour.ended = 0;
	st->tour.caption[0] = '\0';
	st->tour.caption_gen++;
	st->scr.dirty = 1;
}

/* Show the help from its first line, or hide it. */
void
control_help(struct ui_state *st, int show)
{
	st->sel.mode = show ? UI_HELP : UI_NORMAL;
	if (show)
		st->sel.help_top = 0;
	st->scr.dirty = 1;
}

/* Scroll the help to a line (input.c keeps it within the text, by the layout). */
void
control_help_scroll(struct ui_state *st, int top)
{
	st->sel.help_top = top < 0 ? 0 : top;
	st->scr.dirty = 1;
}

/* Leave the screen with a status. */
void
control_quit(struct ui_state *st, int status)
{
	st->scr.quit = 1;
	st->scr.exit_status = status;
}

/* Ask the script for the next or the previous step now. */
void
control_step(struct ui_state *st, enum ui_ask ask)
{
	if (st->tour.script)
		st->tour.ask = ask;
}
