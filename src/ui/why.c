/*
 * why.c: why a load runs as it does, in words, whole: first why its speed
 * is unknown, when it is; then held, alone, stalled, or its neighbours
 * (analysis_why()). The panel's column, the info lines and the help each
 * show it in the room they have; none makes its own.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "engine/analysis.h"
#include "engine/drift_load.h"
#include "engine/loads.h"
#include "engine/solo.h"
#include "engine/split.h"
#include "ui/state.h"
#include "ui/why.h"

/* Does the solo measurer hold any load but this one? */
static int
why_holds_others(const struct ui_state *st, int id)
{
	int	i;

	for (i = 0; i < st->lview.n; i++)
		if (st->lview.lv[i].id != id && solo_holds(st->host.solo, st->lview.lv[i].id))
			return 1;
	return 0;
}

/*
 * The WHY from the figures where the speed is below its baseline's range:
 * the largest of share, capacity and interaction with its size (split.h),
 * in place of the neighbours' words in buf, which it takes in. Where its
 * CPU's capacity was seen to move (drift_load.h), the shown speed is
 * against what the CPU gives now: the split takes it back to the
 * baseline's, and the capacity's clause names its cause.
 */
static void
why_figures(const struct ui_state *st, const struct load *l,
    const struct ui_loadview *v, char *buf, size_t len)
{
	struct split_words	w = { NULL, NULL, NULL };
	struct split		sp;
	char			near[512], fig[640];
	double			cap;

	if (v == NULL || l->state != LOAD_RUNNING || v->mark == ANALYSIS_UNKNOWN)
		return;
	cap = drift_load_capacity(&v->drift);
	if (split_compute(drift_load_marked(&v->drift) ? v->speed * cap : v->speed, 1.0,
	    v->share, v->solo_share, cap, &sp) != 0)
		return;
	snprintf(near, sizeof near, "%s", buf);
	w.near = near;
	w.hypervisor = st->host.ci.hypervisor;
	if (drift_load_why(&v->drift, &sp, v->solo_spread, &w, fig, sizeof fig))
		snprintf(buf, len, "%s", fig);
}

/* Why a load runs as it does, whole. */
void
why_text(const struct ui_state *st, struct load *l, char *buf, size_t len)
{
	const struct ui_loadview *v = state_view(st, l->id);
	struct analysis_others	o;
	int			cur = solo_current(st->host.solo), n;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (v != NULL && (v->mark == ANALYSIS_UNKNOWN || v->eff_unknown) &&
	    l->state == LOAD_RUNNING &&
	    cur != l->id && (n = snprintf(buf, len, "%s; ", v->mark_why)) > 0 &&
	    (size_t)n < len) {
		buf += n;
		len -= (size_t)n;
	}
	if (solo_holds(st->host.solo, l->id) && cur != -1)
		snprintf(buf, len, "held while load #%d's solo rate is measured", cur);
	else if (cur == l->id)
		snprintf(buf, len, "%s", why_holds_others(st, l->id) ?
		    "running alone: the other loads are held" :
		    "running alone: its solo rate is measured");
	else if (loads_stall(st->host.loads, l, buf, len))
		;	/* it does no work, and says why ("fork: ...") */
	else {
		state_others(st, &o);
		analysis_why(st->host.m, st->host.loads, l, &o, buf, len);
		why_figures(st, l, v, buf, len);
	}
}
