/*
 * test_scale.c: check --scale --prom from figures set by hand on a 4-CPU
 * plan with SMT (nothing measured): a rate and a one-copy ratio only for
 * a step with a round free of others' work, the step and NUMA labels, the
 * SMT yield only where there is SMT and a figure, smtscope_scale_ok 0 when
 * a step had none; a memory kernel's NUMA step labelled with its nodes.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "exp/scale/scale.h"
#include "report/reports.h"
#include "tap.h"

/* The Prometheus text of s in a string; the caller frees it. */
static char *
prom_of(const struct scale *s)
{
	FILE	*f = tmpfile();
	char	*out = xcalloc(1, 65536);

	if (f == NULL)
		return out;
	scale_report_prom(s, f);
	rewind(f);
	out[fread(out, 1, 65535, f)] = '\0';
	fclose(f);
	return out;
}

/* A step's figures as scale_run() leaves them: nfull rounds of 3 free. */
static void
step_set(struct scale_step *st, int nfull, double total, double spread)
{
	st->nfull = nfull;
	st->total = nfull > 0 ? total : NAN;
	st->total_all = total;
	st->spread = nfull > 1 ? spread : NAN;
}

/* The step of a kind, or NULL. */
static struct scale_step *
step_of(struct scale_kernel *kk, enum scale_kind kind)
{
	int	j;

	for (j = 0; j < kk->nsteps; j++)
		if (kk->st[j].kind == kind)
			return &kk->st[j];
	return NULL;
}

int
main(void)
{
	struct scale		*s = xcalloc(1, sizeof *s);
	struct scale_kernel	*kk;
	char			 err[512], *out;

	s->m = topo_load_synthetic("core:2 pu:2", err, sizeof err);
	ok(s->m != NULL && scale_add_kernels(s, "int", err, sizeof err) == 0 &&
	    scale_plan(s, err, sizeof err) == 0, "a 4-CPU plan: %s", s->m ? err : "");
	if (s->m == NULL)
		return tap_done();
	kk = &s->k[0];
	ok(s->smt && step_of(kk, SCALE_ONE) && step_of(kk, SCALE_CORES) &&
	    step_of(kk, SCALE_THREADS), "steps one, cores, threads (SMT %d, %d steps)",
	    s->smt, kk->nsteps);
	if (!step_of(kk, SCALE_ONE) || !step_of(kk, SCALE_CORES) ||
	    !step_of(kk, SCALE_THREADS))
		return tap_done();
	step_set(step_of(kk, SCALE_ONE), 3, 1.0e9, 0.01);
	step_set(step_of(kk, SCALE_CORES), 3, 1.9e9, 0.02);
	step_set(step_of(kk, SCALE_THREADS), 0, 2.2e9, 0);
	kk->eff = 0.95;
	kk->eff_spread = 0.02;
	kk->yield = NAN;
	kk->yield_spread = NAN;
	out = prom_of(s);
	ok(strstr(out, "smtscope_scale_rate_per_second{kernel=\"int\",step=\"one\","
	    "work_unit=\"op\"} 1000000000\n") != NULL && strstr(out,
	    "smtscope_scale_rate_per_second{kernel=\"int\",step=\"cores\",work_unit=\"op\"} "
	    "1900000000\n") != NULL, "the rates of the steps with a figure, with their unit");
	ok(strstr(out, "step=\"threads\",work_unit") == NULL &&
	    strstr(out, "smtscope_scale_one_copy_ratio{kernel=\"int\",step=\"threads\"}") ==
	    NULL, "no rate nor ratio for a step every round of which others disturbed");
	ok(strstr(out, "smtscope_scale_one_copy_ratio{kernel=\"int\",step=\"cores\"} 1.8999999999999999\n") !=
	    NULL || strstr(out, "smtscope_scale_one_copy_ratio{kernel=\"int\",step=\"cores\"} 1.9\n") != NULL,
	    "one per core over one copy: 1.9");
	ok(strstr(out, "smtscope_scale_disturbed_rounds{kernel=\"int\",step=\"threads\"} 3\n") !=
	    NULL && strstr(out, "smtscope_scale_copies{kernel=\"int\",step=\"threads\"} 4\n") !=
	    NULL, "the threads step: 4 copies, 3 rounds disturbed");
	ok(strstr(out, "smtscope_scale_all_core_efficiency_ratio{kernel=\"int\"} 0.94999999999999996\n") !=
	    NULL && strstr(out, "smtscope_scale_smt_yield_ratio") == NULL &&
	    strstr(out, "smtscope_scale_ok 0\n") != NULL && strstr(out,
	    "smtscope_scale_smt 1\n") != NULL, "the efficiency; no yield without its figure, ok 0");
	if (tap_failed)
		printf("%s", out);
	free(out);
	step_set(step_of(kk, SCALE_THREADS), 2, 2.2e9, 0.03);
	kk->yield = 2.2e9 / 1.9e9;
	kk->yield_spread = 0.04;
	out = prom_of(s);
	ok(strstr(out, "smtscope_scale_smt_yield_ratio{kernel=\"int\"} 1.15") != NULL &&
	    strstr(out, "smtscope_scale_smt_yield_spread_ratio{kernel=\"int\"} 0.04") != NULL &&
	    strstr(out, "smtscope_scale_disturbed_rounds{kernel=\"int\",step=\"threads\"} 1\n") !=
	    NULL && strstr(out, "smtscope_scale_ok 1\n") != NULL,
	    "every step measured: the SMT yield, ok 1");
	free(out);
	s->smt = 0;
	out = prom_of(s);
	ok(strstr(out, "smtscope_scale_smt_yield") == NULL && strstr(out,
	    "smtscope_scale_smt 0\n") != NULL, "no SMT: no yield written");
	free(out);
	scale_free(s);
	memset(s, 0, sizeof *s);

	/* A memory kernel on 2 NUMA nodes: the step of one node's cores labelled so. */
	s->m = topo_load_synthetic("numa:2 core:2 pu:2", err, sizeof err);
	ok(s->m != NULL && scale_add_kernels(s, "chase", err, sizeof err) == 0 &&
	    scale_plan(s, err, sizeof err) == 0 && step_of(&s->k[0], SCALE_NODES) != NULL,
	    "a 2-node plan with a NUMA step: %s", s->m ? err : "");
	if (s->m != NULL && step_of(&s->k[0], SCALE_NODES) != NULL) {
		out = prom_of(s);
		ok(strstr(out, "smtscope_scale_copies{kernel=\"chase\",step=\"numa\","
		    "numa_nodes=\"1\"} 2\n") != NULL && strstr(out,
		    "smtscope_scale_rate_per_second") == NULL && strstr(out,
		    "smtscope_scale_ok 0\n") != NULL,
		    "the NUMA step: numa_nodes=\"1\", 2 copies; nothing measured, ok 0");
		if (tap_failed)
			printf("%s", out);
		free(out);
	}
	scale_free(s);
	free(s);
	return tap_done();
}
