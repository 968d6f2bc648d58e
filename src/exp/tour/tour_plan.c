/* tour_plan.c: a tour resolved against a machine: places, relations to named loads, skips. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "exp/idle.h"
#include "exp/tour/tour_plan.h"
#include "base/util.h"

/* The index of a load in a configuration, or -1. */
static int
tour_cfg_find(const struct tour_cfg *c, const char *name)
{
	int	i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].name, name) == 0)
			return i;
	return -1;
}

/* The CPUs that placed loads use, but for one load. */
static void
tour_cfg_busy(const struct tour_cfg *c, const char *except, struct cpuset *busy)
{
	int	i;

	cpuset_zero(busy);
	for (i = 0; i < c->n; i++) {
		if (!c->v[i].placed || (except != NULL && strcmp(c->v[i].name, except) == 0))
			continue;
		cpuset_set(busy, c->v[i].cpu);
		if (c->v[i].cpu_b != -1)
			cpuset_set(busy, c->v[i].cpu_b);
	}
}

/* Is any PU of this core busy? */
static int
tour_core_busy(const struct topo *m, int core, const struct cpuset *busy)
{
	const struct topo_core	*c = &m->cores[core];
	int			 i;

	for (i = c->first_pu; i < c->first_pu + c->npus; i++)
		if (cpuset_isset(busy, m->pus[i].os_index))
			return 1;
	return 0;
}

/* Order of preference among other cores: a shared L3 first. */
static int
tour_rel_rank(enum topo_rel r)
{
	switch (r) {
	case REL_SHARED_L3:
		return 0;
	case REL_SAME_PACKAGE:
		return 1;
	case REL_SHARED_L2:
		return 2;
	default:
		return 3;
	}
}

/* A CPU in relation kind to CPU x; -1 with a note when there is none here. */
static int
tour_relative(const struct topo *m, enum tour_place_kind kind, int x,
    const struct cpuset *busy, char *note, size_t notelen)
{
	const struct topo_pu	*px = topo_pu_by_os(m, x), *pu;
	const struct topo_core	*cx;
	char			 why[160];
	int			 i, j, best = -1, score, best_score = 0;

	if (px == NULL) {
		snprintf(note, notelen, "CPU %d is not on this machine", x);
		return -1;
	}
	cx = &m->cores[px->core];
	if (kind == TOUR_PLACE_SAME_PU)
		return x;
	if (kind == TOUR_PLACE_SIBLING) {
		/* The next allowed thread of the same core, a free one first. */
		for (j = 1; j < cx->npus; j++) {
			i = cx->first_pu + (px - m->pus - cx->first_pu + j) % cx->npus;
			pu = &m->pus[i];
			if (!pu->allowed)
				continue;
			score = cpuset_isset(busy, pu->os_index) ? 1 : 0;
			if (best == -1 || score < best_score) {
				best = pu->os_index;
				best_score = score;
			}
		}
		if (best == -1) {
			topo_no_sibling(m, x, why, sizeof why);
			snprintf(note, notelen, "no SMT sibling of CPU %d here: %s", x, why);
		}
		return best;
	}
	if (kind == TOUR_PLACE_OTHER_PACKAGE && m->npackages <= 1) {
		snprintf(note, notelen, "no other package on this machine (one package)");
		return -1;
	}
	/* Another core: free cores first, then by relation, thread 0 first. */
	for (i = 0; i < m->npus; i++) {
		pu = &m->pus[i];
		if (!pu->allowed || pu->core == px->core)
			continue;
		if (kind == TOUR_PLACE_OTHER_CORE) {
			if (m->cores[pu->core].package != cx->package)
				continue;
			score = tour_rel_rank(topo_relation(m, x, pu->os_index)) * 4;
		} else {
			if (m->cores[pu->core].package == cx->package)
				continue;
			score = 0;
		}
		score += cpuset_isset(busy, pu->os_index) ? 1000 : 0;
		score += tour_core_busy(m, pu->core, busy) ? 100 : 0;
		score += pu->rank < 3 ? pu->rank : 3;
		if (best == -1 || score < best_score) {
			best = pu->os_index;
			best_score = score;
		}
	}
	if (best == -1) {
		if (kind == TOUR_PLACE_OTHER_CORE)
			snprintf(note, notelen, "no other core in CPU %d's package on "
			    "this machine", x);
		else
			snprintf(note, notelen, "no other package with an allowed CPU on "
			    "this machine");
	}
	return best;
}

/* Why a topology place is not on this machine, in words for the audience. */
static void
tour_topo_note(const struct topo *m, const char *text, const char *msg, char *note,
    size_t notelen)
{
	struct cpuset	 set, before;
	char		 prefix[64], err[160], why[160];
	const char	*comp = text, *dot;
	size_t		 len;

	/* Find the first component that does not exist here. */
	cpuset_zero(&before);
	for (;;) {
		dot = strchr(comp, '.');
		len = dot != NULL ? (size_t)(dot - text) : strlen(text);
		snprintf(prefix, sizeof prefix, "%.*s", (int)len, text);
		if (topo_parse_set(m, prefix, &set, err, sizeof err) == -1)
			break;
		before = set;
		if (dot == NULL) {
			snprintf(note, notelen, "%s is not on this machine (%.150s)", text, msg);
			return;
		}
		comp = dot + 1;
	}
	if (strncasecmp(comp, "pu:", 3) == 0 && strcmp(comp, "pu:0") != 0) {
		if (comp == text)
			snprintf(note, notelen, "no %s on this machine", text);
		else {
			/* The state's reason, for the first CPU of the place before it. */
			topo_no_sibling(m, cpuset_next(&before, 0), why, sizeof why);
			snprintf(note, notelen, "no SMT sibling here (%.*s has no %s: %s)",
			    (int)(comp - text - 1), text, comp, why);
		}
	} else if (strncasecmp(comp, "package:", 8) == 0 ||
	    strncasecmp(comp, "socket:", 7) == 0)
		snprintf(note, notelen, "no %.*s on this machine (%d package%s)",
		    (int)(dot != NULL ? dot - comp : (long)strlen(comp)), comp,
		    m->npackages, m->npackages == 1 ? "" : "s");
	else
		snprintf(note, notelen, "%s is not on this machine (%.150s)", text, err);
}

/* Resolve one place to a CPU (or, for highlight, a set); -1 with a note. */
static int
tour_resolve_place(const struct topo *m, const struct tour_cfg *c,
    const struct tour_place *pl, const char *self, struct cpuset *set, int *cpu,
    char *note, size_t notelen)
{
	struct cpuset	 busy;
	char		 msg[200];
	int		 i;

	if (pl->kind == TOUR_PLACE_TOPO) {
		if (set != NULL) {
			if (topo_parse_set(m, pl->text, set, msg, sizeof msg) == -1) {
				tour_topo_note(m, pl->text, msg, note, notelen);
				return -1;
			}
			return 0;
		}
		if (topo_parse_place(m, pl->text, cpu, msg, sizeof msg) == -1) {
			tour_topo_note(m, pl->text, msg, note, notelen);
			return -1;
		}
		return 0;
	}
	if ((i = tour_cfg_find(c, pl->text)) == -1 || !c->v[i].placed) {
		snprintf(note, notelen, "%s is not running here (its step was skipped)",
		    pl->text);
		return -1;
	}
	tour_cfg_busy(c, self, &busy);
	*cpu = tour_relative(m, pl->kind, c->v[i].cpu, &busy, note, notelen);
	if (*cpu == -1)
		return -1;
	if (set != NULL) {
		cpuset_zero(set);
		cpuset_set(set, *cpu);
	}
	return 0;
}

/* An action on a configured load: its spec written for its place. */
void
tour_plan_op(struct tour_op *op, enum tour_action_type type, const struct tour_cfg_load *l)
{
	memset(op, 0, sizeof *op);
	op->type = type;
	snprintf(op->name, sizeof op->name, "%s", l->name);
	op->cpu = l->cpu;
	op->cpu_b = l->cpu_b;
	if (l->cpu_b != -1)
		snprintf(op->spec, sizeof op->spec, "%s@%d,%d", l->kernel, l->cpu, l->cpu_b);
	else
		snprintf(op->spec, sizeof op->spec, "%s@%d", l->kernel, l->cpu);
}

/* Add an action to a plan. */
static void
tour_plan_add(struct tour_plan *pl, enum tour_action_type type,
    const struct tour_cfg_load *l)
{
	pl->ops = xreallocarray(pl->ops, (size_t)pl->nops + 1, sizeof *pl->ops);
	tour_plan_op(&pl->ops[pl->nops++], type, l);
}

/* Remove load i from a configuration. */
static void
tour_cfg_remove(struct tour_cfg *c, int i)
{
	memmove(&c->v[i], &c->v[i + 1], (size_t)(c->n - i - 1) * sizeof c->v[0]);
	c->n--;
}

/* A configured load for a start action, placed (cpu != -1) or not yet. */
static void
tour_plan_newload(struct tour_cfg_load *nl, const struct tour_action *a, int cpu,
    int cpu_b)
{
	memset(nl, 0, sizeof *nl);
	snprintf(nl->name, sizeof nl->name, "%s", a->name);
	snprintf(nl->kernel, sizeof nl->kernel, "%s", a->kernel);
	nl->ends = a->nplaces;
	nl->placed = cpu != -1;
	nl->cpu = cpu;
	nl->cpu_b = cpu_b;
}

/* A start or a move whose places resolved to cpu[]: the actions that do it. */
static void
tour_plan_place(struct tour_plan *pl, const struct tour_action *a, const int *cpu)
{
	struct tour_cfg_load	*l, nl;
	int			 j = tour_cfg_find(&pl->after, a->name), was_placed;

	if (a->type == TOUR_START) {
		/* A name still here (stopped in a skipped step) is replaced. */
		if (j != -1) {
			if (pl->after.v[j].placed)
				tour_plan_add(pl, TOUR_STOP, &pl->after.v[j]);
			tour_cfg_remove(&pl->after, j);
		}
		if (pl->after.n == TOUR_LOADS_MAX)
			return;
		tour_plan_newload(&nl, a, cpu[0], a->nplaces == 2 ? cpu[1] : -1);
		pl->after.v[pl->after.n++] = nl;
		tour_plan_add(pl, TOUR_START, &nl);
		return;
	}
	if (j == -1)
		return;
	l = &pl->after.v[j];
	was_placed = l->placed;
	l->cpu = cpu[0];
	if (a->nplaces == 2)
		l->cpu_b = cpu[1];
	else if (l->ends == 2 && !was_placed)
		l->cpu_b = cpu[0];
	l->placed = 1;
	if (was_placed) {
		tour_plan_add(pl, TOUR_MOVE, l);
		if (a->nplaces == 1)
			pl->ops[pl->nops - 1].cpu_b = -1;
	} else {
		tour_plan_add(pl, TOUR_START, l);
		if (l->paused)
			tour_plan_add(pl, TOUR_PAUSE, l);
	}
}

/* One action of a step; -1 when a place is not on this machine (the step skips). */
static int
tour_plan_action(const struct topo *m, const struct tour_action *a,
    struct tour_plan *pl)
{
	struct tour_cfg_load	*l;
	struct cpuset		 set;
	int			 j, cpu[2];

	switch (a->type) {
	case TOUR_START:
	case TOUR_MOVE:
		for (j = 0; j < a->nplaces; j++)
			if (tour_resolve_place(m, &pl->after, &a->place[j], a->name,
			    NULL, &cpu[j], pl->note, sizeof pl->note) == -1)
				return -1;
		tour_plan_place(pl, a, cpu);
		break;
	case TOUR_STOP:
		if ((j = tour_cfg_find(&pl->after, a->name)) == -1)
			break;
		if (pl->after.v[j].placed)
			tour_plan_add(pl, TOUR_STOP, &pl->after.v[j]);
		tour_cfg_remove(&pl->after, j);
		break;
	case TOUR_STOP_ALL:
		while (pl->after.n > 0) {
			if (pl->after.v[0].placed)
				tour_plan_add(pl, TOUR_STOP, &pl->after.v[0]);
			tour_cfg_remove(&pl->after, 0);
		}
		break;
	case TOUR_PAUSE:
	case TOUR_RESUME:
		if ((j = tour_cfg_find(&pl->after, a->name)) == -1)
			break;
		l = &pl->after.v[j];
		l->paused = a->type == TOUR_PAUSE;
		if (l->placed)
			tour_plan_add(pl, a->type, l);
		break;
	case TOUR_HIGHLIGHT:
		if (tour_resolve_place(m, &pl->after, &a->place[0], NULL, &set, &j,
		    pl->note, sizeof pl->note) == -1)
			return -1;
		CPUSET_FOREACH(j, &set)
			cpuset_set(&pl->highlight, j);
		break;
	case TOUR_IDLE:
		/* Here, whether idle can be held; another machine's is not known. */
		j = strcmp(a->name, "held") == 0;
		if (j && topo_is_live(m) && idle_can_hold(NULL, pl->note, sizeof pl->note) == -1)
			return -1;
		pl->after.idle_held = j;
		pl->ops = xreallocarray(pl->ops, (size_t)pl->nops + 1, sizeof *pl->ops);
		memset(&pl->ops[pl->nops], 0, sizeof pl->ops[0]);
		pl->ops[pl->nops].type = TOUR_IDLE;
		snprintf(pl->ops[pl->nops].name, sizeof pl->ops[0].name, "%s", a->name);
		pl->ops[pl->nops++].cpu = j;
		break;
	}
	return 0;
}

/* A stop in a skipped step: it applies, and the step's note says so ("mem is stopped all the same"). */
static void
tour_plan_skipped_stop(struct tour_plan *pl, const struct tour_action *a)
{
	size_t	used;
	int	j, n = 0;

	while ((j = a->type == TOUR_STOP_ALL ? (pl->after.n > 0 ? 0 : -1) :
	    tour_cfg_find(&pl->after, a->name)) != -1) {
		if (pl->after.v[j].placed) {
			tour_plan_add(pl, TOUR_STOP, &pl->after.v[j]);
			used = strlen(pl->note);
			snprintf(pl->note + used, sizeof pl->note - used, "%s%s",
			    n++ ? ", " : "; ", pl->after.v[j].name);
		}
		tour_cfg_remove(&pl->after, j);
		if (a->type == TOUR_STOP)
			break;
	}
	if (n > 0) {
		used = strlen(pl->note);
		snprintf(pl->note + used, sizeof pl->note - used, " %s stopped all the same",
		    n == 1 ? "is" : "are");
	}
}

/* Resolve one step from the configuration before it; fills pl. */
void
tour_plan_step(const struct topo *m, const struct tour_step *s,
    const struct tour_cfg *before, struct tour_plan *pl)
{
	const struct tour_action	*a;
	struct tour_cfg_load		 nl;
	int				 i;

	memset(pl, 0, sizeof *pl);
	pl->after = *before;
	cpuset_zero(&pl->highlight);
	for (i = 0; i < s->nactions && !pl->skipped; i++)
		if (tour_plan_action(m, &s->actions[i], pl) == -1)
			pl->skipped = 1;
	if (!pl->skipped)
		return;

	/*
	 * Skipped: nothing starts or moves, but its starts name loads a later
	 * move may place, and its stops still stop: no load runs past the
	 * script's stop (the next steps would carry it beside their own).
	 */
	free(pl->ops);
	pl->ops = NULL;
	pl->nops = 0;
	cpuset_zero(&pl->highlight);
	pl->after = *before;
	for (i = 0; i < s->nactions; i++) {
		a = &s->actions[i];
		if (a->type == TOUR_STOP || a->type == TOUR_STOP_ALL) {
			tour_plan_skipped_stop(pl, a);
			continue;
		}
		if (a->type != TOUR_START || tour_cfg_find(&pl->after, a->name) != -1 ||
		    pl->after.n == TOUR_LOADS_MAX)
			continue;
		tour_plan_newload(&nl, a, -1, -1);
		pl->after.v[pl->after.n++] = nl;
	}
}
