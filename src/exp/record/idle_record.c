/*
 * idle_record.c: idle residency in recordings (smtscope-record(5)): the
 * header names CPU 0's idle states (or says why there are none), and each
 * sample carries, per CPU in the header's order, each state's share of the
 * interval in whole percent (null for a state the CPU could not enter: its
 * disable flag set), from the cpuidle time counters' deltas. record_run.c
 * hooks it: a session's tracker, its header members and a sample's member.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsonw.h"
#include "exp/record/idle_record.h"
#include "sample/cpuidle.h"
#include "base/util.h"

struct idle_track {
	const struct topo	*m;
	char			 why[CPUIDLE_WHY_MAX];	/* no states: why; "" when read */
	struct cpuidle_cpu	*prev;			/* by pus[] index */
};

/* A tracker for a recording of m, its first readings taken. */
struct idle_track *
idle_track_new(const struct topo *m, const char *hypervisor)
{
	struct idle_track	*t = xcalloc(1, sizeof *t);
	char			 drv[96];
	int			 i;

	t->m = m;
	if (cpuidle_driver(NULL, hypervisor, drv, sizeof drv, t->why, sizeof t->why) == -1)
		return t;
	t->prev = xcalloc((size_t)(m->npus > 0 ? m->npus : 1), sizeof *t->prev);
	for (i = 0; i < m->npus; i++)
		cpuidle_read(NULL, m->pus[i].os_index, &t->prev[i]);
	return t;
}

/* Release a tracker. */
void
idle_track_free(struct idle_track *t)
{
	if (t == NULL)
		return;
	free(t->prev);
	free(t);
}

/* The header's members: "idle_states" (CPU 0's names, or null) and "idle_unavailable" (why, or null). */
void
idle_track_header(const struct idle_track *t, struct jsonw *w)
{
	int	k;

	if (t->why[0] != '\0' || t->m->npus == 0 || t->prev[0].nstates == 0)
		jsonw_key_null(w, "idle_states");
	else {
		jsonw_key_array(w, "idle_states");
		for (k = 0; k < t->prev[0].nstates; k++)
			jsonw_str(w, t->prev[0].st[k].name);
		jsonw_array_end(w);
	}
	jsonw_key_text(w, "idle_unavailable", t->why);
}

/* A sample's member "i": [[0,71],...] per CPU, null where unknown; nothing without states. */
void
idle_track_sample(struct idle_track *t, struct jsonw *w)
{
	struct cpuidle_cpu	now;
	struct cpuidle_res	res;
	int			i, k;

	if (t->why[0] != '\0')
		return;
	jsonw_key_array(w, "i");
	for (i = 0; i < t->m->npus; i++) {
		if (cpuidle_read(NULL, t->m->pus[i].os_index, &now) > 0 &&
		    cpuidle_delta(&t->prev[i], &now, &res) == 0) {
			jsonw_array(w);
			for (k = 0; k < res.nstates; k++)
				if (now.st[k].disabled)
					jsonw_null(w);
				else
					jsonw_int(w, (long long)lround(100 * res.share[k]));
			jsonw_array_end(w);
		} else
			jsonw_null(w);
		t->prev[i] = now;
	}
	jsonw_array_end(w);
}
