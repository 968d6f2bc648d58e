/* uitour.c: a tour played on the live screen: the player drives the screen's loads. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tour_host.h"
#include "tour_player.h"
#include "ui/ui.h"
#include "ui/uitour.h"
#include "util.h"

/* The host between the player and the screen. */
struct uitour {
	struct ui		*ui;		/* NULL once the screen is gone */
	const struct tour	*t;
	struct tour_options	 opt;
	struct tour_player	*p;
	struct tour_names	 names;
	char			 caption[4096];
};

/* Start a load on the screen for the player. */
static int
uitour_start(void *arg, const char *name, const char *text, char *err, size_t errlen)
{
	struct uitour	*h = arg;
	int		 id;

	if (h->ui == NULL)
		return -1;
	if (h->names.n == TOUR_LOADS_MAX) {
		snprintf(err, errlen, "too many loads");
		return -1;
	}
	if ((id = ui_load_start(h->ui, text, err, errlen)) == -1)
		return -1;
	return tour_names_add(&h->names, name, id);
}

/* Stop a load for the player. */
static int
uitour_stop(void *arg, const char *name)
{
	struct uitour	*h = arg;
	int		 id = tour_names_id(&h->names, name, 1);

	if (h->ui == NULL || id == -1)
		return -1;
	return ui_load_stop(h->ui, id);
}

/* Move a load for the player: "3", or "3,5" for a two-ended load. */
static int
uitour_move(void *arg, const char *name, int cpu, int cpu_b, char *err, size_t errlen)
{
	struct uitour	*h = arg;
	char		 where[32];
	int		 id = tour_names_id(&h->names, name, 0);

	if (h->ui == NULL || id == -1) {
		snprintf(err, errlen, "no load %s", name);
		return -1;
	}
	if (cpu_b != -1)
		snprintf(where, sizeof where, "%d,%d", cpu, cpu_b);
	else
		snprintf(where, sizeof where, "%d", cpu);
	return ui_load_move(h->ui, id, where, err, errlen);
}

/* Pause or resume a load for the player. */
static int
uitour_pause(void *arg, const char *name, int pause)
{
	struct uitour	*h = arg;
	int		 id = tour_names_id(&h->names, name, 0);

	if (h->ui == NULL || id == -1)
		return -1;
	return ui_load_pause(h->ui, id, pause);
}

/* A fresh sample for the player, leaving the screen's own samples alone. */
static int
uitour_sample(void *arg, const char *name, struct load_sample *out)
{
	struct uitour		*h = arg;
	struct loads		*ls;
	struct load		*l;
	int			 id = tour_names_id(&h->names, name, 0);

	if (h->ui == NULL || id == -1 || (ls = ui_loads(h->ui)) == NULL)
		return -1;
	loads_reap(ls);
	if ((l = loads_get(ls, id)) == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(ls, l, out);
	return 0;
}

/* Emphasise the CPUs a step is about. */
static void
uitour_highlight(void *arg, const struct cpuset *cpus)
{
	struct uitour	*h = arg;

	if (h->ui != NULL)
		ui_highlight(h->ui, cpus);
}

static const struct tour_ops uitour_ops = {
	.start = uitour_start,
	.stop = uitour_stop,
	.move = uitour_move,
	.pause = uitour_pause,
	.sample = uitour_sample,
	.highlight = uitour_highlight,
	.event = NULL,
};

/* Give the screen's loads the solo rates the player measured. */
static void
uitour_solos(struct uitour *h)
{
	const struct tour_step_result	*r;
	int				 i, id, step = tour_player_step(h->p);

	if (step < 0 || (r = tour_player_result(h->p, step)) == NULL)
		return;
	for (i = 0; i < r->nloads; i++)
		if (isfinite(r->loads[i].solo) &&
		    (id = tour_names_id(&h->names, r->loads[i].name, 0)) != -1)
			ui_load_set_solo(h->ui, id, r->loads[i].solo);
}

/* The caption: step title, its text, a skip note, what is being measured. */
static void
uitour_caption(struct uitour *h)
{
	const char	*note = tour_player_note(h->p), *status = tour_player_status(h->p);
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f;

	if (tour_player_done(h->p)) {
		if ((f = open_memstream(&buf, &len)) == NULL)
			return;
		fprintf(f, "End of the tour; q quits.\n");
		tour_host_summary(h->p, f);
		fclose(f);
		snprintf(h->caption, sizeof h->caption, "%s", buf);
		free(buf);
	} else
		snprintf(h->caption, sizeof h->caption, "Step %d of %d: %s\n%s%s%s%s%s",
		    tour_player_step(h->p) + 1, h->t->nsteps, tour_player_title(h->p),
		    tour_player_caption(h->p),
		    note != NULL ? "\n" : "", note != NULL ? note : "",
		    status != NULL && *status != '\0' ? "\n" : "",
		    status != NULL ? status : "");
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
	uitour_caption(h);
	if (tour_player_done(h->p))
		return UI_STEP_DONE;
	if (isinf(deadline))
		return UI_STEP_KEY;
	now = (double)util_now_ns() / 1e9;
	return deadline <= now ? 0 : (int)((deadline - now) * 1000) + 1;
}

/* Play a tour on the live screen; the summary stays until q. */
int
ui_tour(const struct tour *t, const struct tour_options *opt, const char *theme,
    const char *record)
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
	o.tour_keys = 1;
	o.solo_manual = 1;
	rc = ui_run(&o);
	h.ui = NULL;
	if (h.p == NULL)
		return rc;
	tour_player_quit(h.p);
	if (record != NULL && tour_host_record(h.p, record) == -1)
		rc = 1;
	tour_player_free(h.p);
	return rc;
}
