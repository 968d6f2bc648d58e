/*
 * tour_player_query.c: what a host reads of the player: the step, its
 * title, caption, note and status, its figures, and how far the step's
 * measuring window is.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/measure.h"
#include "exp/tour/tour_plan.h"
#include "exp/tour/tour_player.h"
#include "exp/tour/tour_player_state.h"

/* Is the tour over? */
int
tour_player_done(const struct tour_player *p)
{
	return p->phase == PH_DONE;
}

/* The current step. */
int
tour_player_step(const struct tour_player *p)
{
	return p->step;
}

/* The tour played. */
const struct tour *
tour_player_tour(const struct tour_player *p)
{
	return p->t;
}

/* The current step's title, or "Summary" at the end. */
const char *
tour_player_title(const struct tour_player *p)
{
	return p->step >= p->t->nsteps ? "Summary" : p->t->steps[p->step].title;
}

/* The current step's caption: paragraphs separated by "\n". */
const char *
tour_player_caption(const struct tour_player *p)
{
	return p->step >= p->t->nsteps ? "" : p->t->steps[p->step].caption;
}

/* The current step's skip or failure note, or NULL. */
const char *
tour_player_note(const struct tour_player *p)
{
	if (p->step >= p->t->nsteps || p->res[p->step].note[0] == '\0')
		return NULL;
	return p->res[p->step].note;
}

/* What the player is doing now. */
const char *
tour_player_status(const struct tour_player *p)
{
	return p->status;
}

/* Why a step would be skipped on this topology, or "". */
const char *
tour_player_skip_note(const struct tour_player *p, int step)
{
	return step < 0 || step >= p->t->nsteps || !p->plan[step].skipped ? "" :
	    p->plan[step].note;
}

/* The solo rate the player has for a load of the host's, or NAN. */
double
tour_player_solo_of(const struct tour_player *p, int id)
{
	int	i;

	for (i = 0; i < p->nlive; i++)
		if (p->live[i].id == id)
			return tour_solo_rate(&p->solos, p->live[i].spec);
	return NAN;
}

/* Was the solo the player has for a load of the host's disturbed? */
int
tour_player_solo_disturbed(const struct tour_player *p, int id)
{
	const struct tour_solo	*so;
	int			 i;

	for (i = 0; i < p->nlive; i++)
		if (p->live[i].id == id)
			return (so = tour_solo_find(&p->solos, p->live[i].spec)) != NULL &&
			    so->disturbed;
	return 0;
}

/* A step's own time: --step, its wait, the tour's default, or 0 (a key). */
double
tour_player_step_time(const struct tour_player *p, int step)
{
	if (p->opt.step_s > 0)
		return p->opt.step_s;
	if (p->t->steps[step].wait_s > 0)
		return p->t->steps[step].wait_s;
	if (p->t->wait_s > 0)
		return p->t->wait_s;
	return p->opt.auto_advance ? p->opt.default_s : 0;
}

/*
 * What a tour played through will take, from its plan here: each step that
 * runs its own time (one that waits for a key counts none), and each new
 * placement's setup (timed here, measure_setup_s) and solo, its window as
 * the player sets it, with the settling before it.
 */
double
tour_player_estimate(const struct tour_player *p)
{
	struct load_spec	 spec;
	char			 seen[TOUR_LOADS_MAX * 4][96], err[256];
	double			 total = 0, step_s, solo_s, settle_s;
	int			 k, i, j, nseen = 0;

	for (k = 0; k < p->t->nsteps; k++) {
		if (p->plan[k].skipped)
			continue;
		step_s = tour_player_step_time(p, k);
		/* The player's solo window and settling (tour_player.c). */
		solo_s = step_s / 2 <= 0 || step_s / 2 > 1 ? 1 : fmax(step_s / 2, 0.5);
		if (p->opt.solo_s > 0)
			solo_s = p->opt.solo_s;
		settle_s = step_s > 0 && step_s / 5 < 0.5 ? step_s / 5 : 0.5;
		total += step_s;
		for (i = 0; i < p->plan[k].nops; i++) {
			if (p->plan[k].ops[i].type != TOUR_START &&
			    p->plan[k].ops[i].type != TOUR_MOVE)
				continue;
			for (j = 0; j < nseen && strcmp(seen[j], p->plan[k].ops[i].spec); j++)
				;
			if (j < nseen || nseen == TOUR_LOADS_MAX * 4)
				continue;
			snprintf(seen[nseen++], sizeof seen[0], "%s", p->plan[k].ops[i].spec);
			total += settle_s + solo_s;
			if (p->plan[k].ops[i].type == TOUR_START && loads_parse(p->m,
			    p->plan[k].ops[i].spec, &spec, err, sizeof err) == 0)
				total += measure_setup_s(&spec);
		}
	}
	return total;
}

/* What played out beyond the estimate's plan: quiet waits, solos measured again, setup. */
void
tour_player_costs(const struct tour_player *p, double *waited_s, int *again,
    double *again_s, double *setup_s)
{
	*waited_s = p->waited_s;
	*again = p->again;
	*again_s = p->again_s;
	*setup_s = p->setup_s;
}

/* A step's figures. */
const struct tour_step_result *
tour_player_result(const struct tour_player *p, int step)
{
	return step < 0 || step >= p->t->nsteps ? NULL : &p->res[step];
}

/* How far the current step is, in words, and its window's fraction done. */
double
tour_player_progress(const struct tour_player *p, double now, char *buf, size_t len)
{
	const struct tour_step_result	*r;
	double				 done, total;

	buf[0] = '\0';
	if (p->step >= p->t->nsteps)
		return -1;
	r = &p->res[p->step];
	switch (p->phase) {
	case PH_READY:
		snprintf(buf, len, "starting");
		return -1;
	case PH_SOLO:
	case PH_QUIET:
		snprintf(buf, len, "measuring solo");
		return -1;
	case PH_SETTLE:
		snprintf(buf, len, "settling");
		return 0;
	case PH_WINDOW:
		total = p->t_end - p->t_win0;
		done = now - p->t_win0;
		done = done < 0 ? 0 : done > total ? total : done;
		snprintf(buf, len, "measuring %.1f/%.1f s", done, total);
		return total > 0 ? done / total : 0;
	case PH_HOLD:
		if (r->note[0] != '\0')
			snprintf(buf, len, "%s", r->note);
		else if (r->measured)
			snprintf(buf, len, "measured");
		else
			snprintf(buf, len, "no load running");
		return r->measured ? 1 : -1;
	default:
		return -1;
	}
}
