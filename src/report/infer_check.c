/* infer_check.c: the hidden-siblings reading of a finished `check`: its own int and chase cells classified. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exp/check/check.h"
#include "exp/infer/infer.h"
#include "report/reports.h"
#include "engine/kernels/kernel.h"

/* The row of a kernel beside a copy of itself, or NULL. */
static const struct check_row *
infer_check_row(const struct check *c, const char *kernel)
{
	int	i;

	for (i = 0; i < c->nrows; i++)
		if (!c->rows[i].pair && c->rows[i].a.k != NULL &&
		    strcmp(c->rows[i].a.k->name, kernel) == 0)
			return &c->rows[i];
	return NULL;
}

/* One relation's figures from the check's cells: 0, or -1 when one is missing. */
static int
infer_check_fig(const struct check *c, const struct check_row *rows[2], int rel,
    struct infer_fig *f)
{
	const struct check_cell	*cell;
	double			 sa, sb, y;
	int			 k;

	memset(f, 0, sizeof *f);
	f->nreps = 1;
	f->rtt_ns = f->rtt_spread = NAN;
	for (k = 0; k < INFER_KINDS; k++) {
		cell = &rows[k]->cell[rel];
		check_cell_speeds(c, rows[k], rel, &sa, &sb, &y);
		if (!isfinite(y))
			return -1;
		f->yield[k][0] = y;
		f->wspread[k][0] = cell->spread;
		f->disturbed |= cell->disturbed;
		if (k == INFER_KIND_COMPUTE)
			f->share[0] = (cell->share_anchor + cell->share_partner) / 2;
	}
	return 0;
}

/* The pairs check's text shows: under a hypervisor, siblings only the topology reports, or a contradiction. */
int
infer_check_pairs(const struct check *c, struct infer_check_pair *out)
{
	const struct check_row	*rows[INFER_KINDS];
	struct infer_check_pair	*p;
	int			 rel, n = 0, always;

	rows[INFER_KIND_COMPUTE] = infer_check_row(c, "int");
	rows[INFER_KIND_CONTRAST] = infer_check_row(c, "chase");
	always = c->ci.hypervisor[0] != '\0' || c->m->smt.kind == SMTSTATE_TOPOLOGY_ONLY;
	for (rel = 0; rel < REL_COUNT; rel++) {
		p = &out[n];
		memset(p, 0, sizeof *p);
		p->rel = rel;
		p->anchor = c->plan.anchor;
		p->partner = c->plan.rel[rel].cpu;
		if (rows[0] == NULL || rows[1] == NULL || p->partner < 0 ||
		    infer_check_fig(c, rows, rel, &p->fig) == -1)
			continue;
		infer_classify(&p->fig, &p->v);
		p->agrees = infer_agrees(p->v.cls, (enum topo_rel)rel);
		if (always || (p->v.clear && p->agrees == 0))
			n++;
	}
	return n;
}

/* Does check's text show the block? */
int
infer_check_shown(const struct check *c)
{
	struct infer_check_pair	pairs[REL_COUNT];

	return infer_check_pairs(c, pairs) > 0 || c->ci.hypervisor[0] != '\0';
}

/*
 * Under a hypervisor, where the topology's siblings are not the kernel's,
 * or where a relation's int and chase cells clearly contradict the
 * reported topology: what each measured pair behaves like, from this
 * run's cells (one measurement each; --infer repeats them).
 */
void
infer_check_section(const struct check *c, FILE *f)
{
	struct infer_check_pair	 pairs[REL_COUNT], *p;
	const char		*hyp = c->ci.hypervisor;
	char			 who[64];
	int			 i, n = infer_check_pairs(c, pairs);

	if (n > 0)
		fprintf(f, "\nWhat the pairs behave like, from this run's int and chase "
		    "cells%s%s%s:\n", hyp[0] != '\0' ? " (under " : "", hyp,
		    hyp[0] != '\0' ? ")" : "");
	for (i = 0; i < n; i++) {
		p = &pairs[i];
		/* A load and its neighbour on one CPU is one CPU, not "CPUs 1 and 1". */
		if (p->anchor == p->partner)
			snprintf(who, sizeof who, "CPU %d shared by two loads", p->anchor);
		else
			snprintf(who, sizeof who, "CPUs %d and %d", p->anchor, p->partner);
		if (!p->v.clear)
			fprintf(f, "  %s (reported %s): unclear: %s\n", who,
			    topo_rel_name((enum topo_rel)p->rel), p->v.why);
		else
			fprintf(f, "  %s (reported %s) behave%s as %s (int yield %.2f, "
			    "chase %.2f)%s\n", who, topo_rel_name((enum topo_rel)p->rel),
			    p->anchor == p->partner ? "s" : "", infer_class_name(p->v.cls),
			    p->fig.yield[0][0], p->fig.yield[1][0], p->agrees == 0 ?
			    ": NOT what the topology reports" : "");
	}
	if (n > 0)
		fprintf(f, "  One measurement each; smtscope check --infer repeats them for a "
		    "firm call.\n");
	else if (hyp[0] != '\0')
		fprintf(f, "\nUnder %s the host may put these vCPUs on one core's threads: "
		    "smtscope check --infer\nmeasures what pairs of them behave like.\n", hyp);
}
