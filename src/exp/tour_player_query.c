/*
 * tour_player_query.c: what a host reads of the player: the step, its
 * title, caption, note and status, its figures, and how far the step's
 * measuring window is.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "exp/tour_plan.h"
#include "exp/tour_player.h"
#include "exp/tour_player_state.h"

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
