/* uitour.c: a tour played on the live screen: the player drives the screen's loads. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sample/foreign.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "report/reports.h"
#include "exp/tour/tour_player.h"
#include "ui/ui.h"
#include "ui/uitour.h"
#include "base/util.h"

#define UITOUR_BAR	20	/* the step's progress bar, in characters */

/* The host between the player and the screen. */
struct uitour {
	struct ui		*ui;		/* NULL once the screen is gone */
	const struct tour	*t;
	struct tour_options	 opt;
	struct tour_player	*p;
	struct foreign		*f;		/* others' work, for the player's solos */
	char			 caption[4096];
};

/* Start a load on the screen for the player: the player asks for its solo rate. */
static int
uitour_start(void *arg, const char *name, const char *text, char *err, size_t errlen)
{
	struct uitour	*h = arg;

	(void)name;
	if (h->ui == NULL)
		return -1;
	return ui_load_start(h->ui, text, 0, err, errlen);
}

/* Stop a load for the player. */
static int
uitour_stop(void *arg, int id)
{
	struct uitour	*h = arg;

	return h->ui == NULL ? -1 : ui_load_stop(h->ui, id);
}

/* Move a load for the player. */
static int
uitour_move(void *arg, int id, int cpu, int cpu_b, char *err, size_t errlen)
{
	struct uitour	*h = arg;

	if (h->ui == NULL) {
		snprintf(err, errlen, "the screen is gone");
		return -1;
	}
	return ui_load_move(h->ui, id, cpu, cpu_b, err, errlen);
}

/* Pause or resume a load for the player. */
static int
uitour_pause(void *arg, int id, int pause)
{
	struct uitour	*h = arg;

	return h->ui == NULL ? -1 : ui_load_pause(h->ui, id, pause);
}

/* A fresh sample for the player, leaving the screen's own samples alone. */
static int
uitour_sample(void *arg, int id, struct load_sample *out)
{
	struct uitour	*h = arg;
	struct loads	*ls;
	struct load	*l;

	if (h->ui == NULL || (ls = ui_loads(h->ui)) == NULL ||
	    (l = loads_get(ls, id)) == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(ls, l, out);
	return 0;
}

/* The screen's measurer: the screen shows the player's solo measurements. */
static struct solo *
uitour_solo(void *arg)
{
	struct uitour	*h = arg;

	return h->ui == NULL ? NULL : ui_solo(h->ui);
}

/* Emphasise the CPUs a step is about. */
static void
uitour_highlight(void *arg, const struct cpuset *cpus)
{
	struct uitour	*h = arg;

	if (h->ui != NULL)
		ui_highlight(h->ui, cpus);
}

/* Note every process's CPU time now (the player marks a solo's ends). */
static void
uitour_foreign_mark(void *arg)
{
	struct uitour		*h = arg;
	const struct topo	*m;
	struct loads		*ls;

	if (h->ui == NULL || (ls = ui_loads(h->ui)) == NULL)
		return;
	if (h->f == NULL) {
		m = ui_topo(h->ui);
		h->f = foreign_new(NULL, m->max_os > 0 ? m->max_os : 1);
	}
	measure_foreign_scan(h->f, ls);
}

/* Others' work on a load's core between the last two marks, and who. */
static double
uitour_foreign(void *arg, int id, struct foreign_proc *who, int max, int *n)
{
	struct uitour	*h = arg;
	struct loads	*ls;
	struct load	*l;
	struct cpuset	 core;

	*n = 0;
	if (h->ui == NULL || h->f == NULL || (ls = ui_loads(h->ui)) == NULL ||
	    (l = loads_get(ls, id)) == NULL || foreign_interval_s(h->f) <= 0)
		return NAN;
	measure_core_cpus(ui_topo(h->ui), &l->spec, &core);
	*n = measure_foreign_on(h->f, &core, 0.02, who, max);
	return measure_foreign_cpus(h->f, &core);
}

static const struct tour_ops uitour_ops = {
	.start = uitour_start,
	.stop = uitour_stop,
	.move = uitour_move,
	.pause = uitour_pause,
	.sample = uitour_sample,
	.highlight = uitour_highlight,
	.event = NULL,
	.solo = uitour_solo,
	.foreign_mark = uitour_foreign_mark,
	.foreign = uitour_foreign,
};

/* Tell the screen the solo rates the player has for its loads' places. */
static void
uitour_solos(struct uitour *h)
{
	struct loads	*ls = ui_loads(h->ui);
	double		 rate;
	int		 i, id;

	for (i = 0; ls != NULL && i < loads_count(ls); i++) {
		id = loads_at(ls, i)->id;
		/* A twin's solo is its partner's, the mark with it. */
		if (isfinite(rate = tour_player_solo_of(h->p, id)))
			ui_load_set_solo(h->ui, id, rate, tour_player_solo_disturbed(h->p, id));
	}
}

/* The step's progress: "[########        ] measuring 2.1/4.0 s", or its state. */
static void
uitour_progress(struct uitour *h, double now, char *buf, size_t len)
{
	char	words[320], bar[UITOUR_BAR + 1];
	double	f = tour_player_progress(h->p, now, words, sizeof words);
	int	i, n;

	if (f < 0) {
		snprintf(buf, len, "%s", words);
		return;
	}
	n = (int)(f * UITOUR_BAR + 0.5);
	for (i = 0; i < UITOUR_BAR; i++)
		bar[i] = i < n ? '#' : '.';
	bar[UITOUR_BAR] = '\0';
	snprintf(buf, len, "[%s] %s", bar, words);
}

/* The caption: step title, its text, a skip note, what is measured, the window. */
static void
uitour_caption(struct uitour *h, double now)
{
	const char	*note = tour_player_note(h->p), *status = tour_player_status(h->p);
	char		*buf = NULL, prog[400];
	size_t		 len = 0;
	FILE		*f;

	if (tour_player_done(h->p)) {
		if ((f = open_memstream(&buf, &len)) == NULL)
			return;
		fprintf(f, "End of the tour; q quits.\n");
		tour_report_summary(h->p, f);
		fclose(f);
		snprintf(h->caption, sizeof h->caption, "%s", buf);
		free(buf);
	} else {
		uitour_progress(h, now, prog, sizeof prog);
		/* The note is in the progress line once the step holds. */
		if (note != NULL && strcmp(note, prog) == 0)
			note = NULL;
		snprintf(h->caption, sizeof h->caption, "Step %d of %d: %s\n%s%s%s%s%s\n%s",
		    tour_player_step(h->p) + 1, h->t->nsteps, tour_player_title(h->p),
		    tour_player_caption(h->p),
		    note != NULL ? "\n" : "", note != NULL ? note : "",
		    status != NULL && *status != '\0' ? "\n" : "",
		    status != NULL ? status : "", prog);
	}
	ui_caption(h->ui, h->caption);
}

/* The screen's step function: begin, tick, next or back, then caption. */
static int
uitour_step(struct ui *ui, void *arg)
{
	struct uitour	*h = arg;
	double		 now = (double)util_now_ns() / 1e9, deadline;

	h->ui = ui;
	if (h->p == NULL) {
		h->p = tour_player_new(h->t, ui_topo(ui), &uitour_ops, h, &h->opt);
		deadline = tour_player_begin(h->p, now);
	} else if (ui_step_reason(ui) == UI_REASON_NEXT)
		deadline = tour_player_next(h->p, now);
	else if (ui_step_reason(ui) == UI_REASON_PREV)
		deadline = tour_player_prev(h->p, now);
	else
		deadline = tour_player_tick(h->p, now);
	uitour_solos(h);
	uitour_caption(h, now);
	if (!tour_player_done(h->p))
		ui_record_step(ui, tour_player_step(h->p) + 1, tour_player_title(h->p));
	if (tour_player_done(h->p)) {
		/* The screen's measurer is the user's again, with its own windows. */
		if (ui_solo(ui) != NULL)
			solo_set_windows(ui_solo(ui), SOLO_SETTLE_NS, SOLO_WINDOW_NS);
		return UI_STEP_DONE;
	}
	if (isinf(deadline))
		return UI_STEP_KEY;
	now = (double)util_now_ns() / 1e9;
	return deadline <= now ? 0 : (int)((deadline - now) * 1000) + 1;
}

/* The screen closes: end the tour while its loads and measurer are still there. */
static void
uitour_finish(struct ui *ui, void *arg)
{
	struct uitour	*h = arg;

	(void)ui;
	if (h->p != NULL)
		tour_player_quit(h->p);
	h->ui = NULL;
}

/* Play a tour on the live screen; the summary stays until q. */
int
ui_tour(const struct tour *t, const struct tour_options *opt, const char *theme,
    const char *record, const char *svg)
{
	struct ui_options	 o;
	struct uitour		 h;
	int			 rc;

	memset(&h, 0, sizeof h);
	h.t = t;
	h.opt = *opt;
	memset(&o, 0, sizeof o);
	o.theme = theme != NULL ? theme : t->theme;
	o.step = uitour_step;
	o.step_arg = &h;
	o.finish = uitour_finish;
	o.tour_keys = 1;
	rc = ui_run(&o);
	if (h.f != NULL)
		foreign_free(h.f);
	if (h.p == NULL)
		return rc;
	/* The summary stays on the terminal after q, as a report would. */
	tour_report_summary(h.p, stdout);
	fflush(stdout);
	if (record != NULL && tour_report_record(h.p, record) == -1)
		rc = 1;
	if (svg != NULL && tour_report_svg(h.p, svg) == -1)
		rc = 1;
	tour_player_free(h.p);
	return rc;
}
