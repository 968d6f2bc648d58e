/* state.c: read-only questions about the screen's state, for every file of ui/. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>

#include "engine/analysis.h"
#include "engine/solo.h"
#include "ui/state.h"
#include "model/topo.h"

/* The OS index of the CPU under the cursor. */
int
state_cursor_os(const struct ui_state *st)
{
	if (st->host.m->npus == 0)
		return -1;
	return st->host.m->pus[st->sel.cursor].os_index;
}

/* The screen's figures of a load, or NULL. */
const struct ui_loadview *
state_view(const struct ui_state *st, int id)
{
	return lview_find(&st->lview, id);
}

/* The load at the cursor's CPU: the selected one if it is there, else the first. */
struct load *
state_target(const struct ui_state *st)
{
	struct load	*l, *first = NULL;
	int		 os = state_cursor_os(st), i;

	if (st->host.loads == NULL)
		return NULL;
	for (i = 0; i < loads_count(st->host.loads); i++) {
		l = loads_at(st->host.loads, i);
		if (analysis_load_cpu(l) != os && l->spec.cpu_b != os &&
		    !(l->spec.floating && cpuset_isset(&l->spec.cpus, os) &&
		    l->cur.cpu == -1))
			continue;
		if (l->id == st->sel.id)
			return l;
		if (first == NULL)
			first = l;
	}
	return first;
}

/* Is a load's solo rate queued or being measured? */
int
state_measuring(const struct ui_state *st, int id)
{
	return st->host.solo != NULL && solo_pending(st->host.solo, id);
}

/* Others' shares are measured on this machine, or a recording gives them. */
int
state_others_known(const struct ui_state *st)
{
	return st->others.fg != NULL || st->replay != NULL;
}

/* Others' work on each CPU as analysis_why() reads it: none on a view. */
void
state_others(const struct ui_state *st, struct analysis_others *o)
{
	o->share = state_others_known(st) ? st->others.share : NULL;
	o->who = st->others.who;
}

/*
 * The menu's place as a load's WHERE ("each:package:0") and in words
 * ("each CPU of package 0"); NULL buffers are not filled.
 */
void
state_where(const struct ui_state *st, char *where, size_t wlen, char *words,
    size_t len)
{
	const struct topo	*m = st->host.m;
	const struct topo_pu	*p = &m->pus[st->sel.cursor];
	int			 core = p->core != -1 ? m->cores[p->core].logical_index : -1;
	int			 pkg = p->core != -1 && m->cores[p->core].package != -1 ?
				    m->packages[m->cores[p->core].package].logical_index : -1;
	char			 w[64], t[96];

	switch (st->sel.where) {
	case UI_WHERE_CORE:
		snprintf(w, sizeof w, "each:core:%d", core);
		snprintf(t, sizeof t, "each thread of core %d", core);
		break;
	case UI_WHERE_PACKAGE:
		snprintf(w, sizeof w, "each:package:%d", pkg);
		snprintf(t, sizeof t, "each CPU of package %d", pkg);
		break;
	case UI_WHERE_CORES:
		snprintf(w, sizeof w, "each:cores");
		snprintf(t, sizeof t, "each core's first thread");
		break;
	case UI_WHERE_ALL:
		snprintf(w, sizeof w, "each:all");
		snprintf(t, sizeof t, "every allowed CPU");
		break;
	default:
		snprintf(w, sizeof w, "%d", p->os_index);
		snprintf(t, sizeof t, "CPU %d", p->os_index);
	}
	if (where != NULL)
		snprintf(where, wlen, "%s", w);
	if (words != NULL)
		snprintf(words, len, "%s", t);
}
