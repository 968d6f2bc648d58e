/*
 * test_scale_verdict.c: check --scale's verdict line (scale_verdict) on
 * made figures: without SMT each kernel's all-core efficiency, with SMT
 * its SMT yield, "not measurable now: others used N CPUs; rerun when quiet"
 * (VERDICT_BUSY, exit status 3) when others' work left a kernel without its
 * figure, the figures that were had first; a failed run is no busy one.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exp/scale/scale.h"
#include "report/reports.h"
#include "tap.h"

/* Kernels int, fp: one copy, one per core, one per CPU, each measured. */
static void
fake(struct scale *s, int smt)
{
	static const char *const names[] = { "int", "fp" };
	int			 k, j;

	memset(s, 0, sizeof *s);
	s->nkern = 2;
	s->smt = smt;
	for (k = 0; k < 2; k++) {
		snprintf(s->k[k].text, sizeof s->k[k].text, "%s", names[k]);
		s->k[k].nsteps = 3;
		s->k[k].one = 0;
		s->k[k].cores = 1;
		s->k[k].threads = smt ? 2 : -1;
		for (j = 0; j < 3; j++)
			s->k[k].st[j].nfull = 3;
	}
	s->k[0].eff = 1.08;
	s->k[1].eff = 0.99;
	s->k[0].yield = smt ? 1.21 : NAN;
	s->k[1].yield = smt ? 1.03 : NAN;
}

int
main(void)
{
	struct scale	s;
	char		v[600];
	enum verdict	r;

	fake(&s, 0);
	r = scale_verdict(&s, v, sizeof v);
	ok(r == VERDICT_TOLD && strcmp(v, "No SMT; all cores over one copy each: int 1.08, "
	    "fp 0.99") == 0, "no SMT: the all-core efficiency per kernel (%d, '%s')", r, v);

	fake(&s, 1);
	r = scale_verdict(&s, v, sizeof v);
	ok(r == VERDICT_TOLD && strcmp(v, "SMT yield (all CPUs over all cores): int 1.21, "
	    "fp 1.03") == 0, "SMT: the yield per kernel (%d, '%s')", r, v);

	/* others' work on the one-per-CPU step of fp: its yield missing */
	s.k[1].yield = NAN;
	s.k[1].st[2].nfull = 0;
	s.k[1].st[2].foreign = 0.52;
	r = scale_verdict(&s, v, sizeof v);
	ok(r == VERDICT_BUSY && strcmp(v, "SMT yield (all CPUs over all cores): int 1.21; "
	    "the rest not measurable now: others used 0.5 CPUs; rerun when quiet") == 0,
	    "one kernel disturbed: the other's figure, then not now (%d, '%s')", r, v);

	/* every kernel disturbed: the words alone */
	fake(&s, 0);
	s.k[0].eff = s.k[1].eff = NAN;
	s.k[0].st[1].nfull = s.k[1].st[1].nfull = 0;
	s.k[0].st[1].foreign = 0.48;
	s.k[1].st[1].foreign = 1.2;
	r = scale_verdict(&s, v, sizeof v);
	ok(r == VERDICT_BUSY && strcmp(v, "not measurable now: others used 1.2 CPUs; "
	    "rerun when quiet") == 0, "all disturbed: the most others used (%d, '%s')", r, v);

	/* a disturbed step not needed for the verdict (a NUMA step) counts not */
	fake(&s, 0);
	s.k[0].st[2].nfull = 0;
	s.k[0].st[2].foreign = 3;
	r = scale_verdict(&s, v, sizeof v);
	ok(r == VERDICT_TOLD, "a step the verdict does not use disturbed: told (%d, '%s')",
	    r, v);

	/* a failed run: said so, not busy (the exit status is 1's) */
	fake(&s, 0);
	s.k[0].eff = s.k[1].eff = NAN;
	s.failed = 1;
	r = scale_verdict(&s, v, sizeof v);
	ok(r == VERDICT_TOLD && strcmp(v, "not measurable: the run failed") == 0,
	    "a failed run: not busy (%d, '%s')", r, v);
	return tap_done();
}
