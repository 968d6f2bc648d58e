/*
 * test_infer.c: `check --infer` apart from its measurements: the classifier
 * on sets of figures (the physical models it tells apart, with the spreads
 * such figures have here; a wide set that must stay unclear), the split of
 * separate cores by round trip, and the planner on synthetic and real
 * machines.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exp/infer/infer.h"
#include "tap.h"
#include "topologies.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/report.h"
#include "report/reports.h"
#include "report/reports.h"

/* A set of figures: three repeats of each yield, a window spread, shares. */
static void
fig_set(struct infer_fig *f, const double *compute, const double *contrast, double wsp,
    double share)
{
	int	i;

	memset(f, 0, sizeof *f);
	f->nreps = 3;
	for (i = 0; i < 3; i++) {
		f->yield[INFER_KIND_COMPUTE][i] = compute[i];
		f->yield[INFER_KIND_CONTRAST][i] = contrast[i];
		f->wspread[INFER_KIND_COMPUTE][i] = wsp;
		f->wspread[INFER_KIND_CONTRAST][i] = wsp;
		f->share[i] = share;
	}
	f->rtt_ns = f->rtt_spread = NAN;
}

/* The classifier on the models and on sets that must stay unclear. */
static void
test_classify(void)
{
	/* One CPU shared in time: each kernel does one CPU's work. */
	static const double one_c[] = { 0.99, 1.00, 1.01 }, one_m[] = { 1.00, 0.98, 1.01 };
	/* Two threads of one core, ports saturated: compute about 1.15, contrast near 2. */
	static const double smt_c[] = { 1.15, 1.18, 1.12 }, smt_m[] = { 1.92, 1.95, 1.90 };
	/* Separate cores: both near 2, a little lost to a shared clock limit. */
	static const double cor_c[] = { 1.93, 1.95, 1.94 }, cor_m[] = { 1.96, 1.95, 1.97 };
	/* A host that moves vCPUs: repeats of one pair far apart. */
	static const double fl_c[] = { 1.15, 1.95, 1.55 }, fl_m[] = { 1.90, 1.96, 1.93 };
	/* Between the models: a ratio near its boundary. */
	static const double mid_c[] = { 1.45, 1.50, 1.48 }, mid_m[] = { 1.95, 1.97, 1.96 };
	struct infer_fig	 f;
	struct infer_verdict	 v;

	fig_set(&f, one_c, one_m, 0.01, 0.50);
	infer_classify(&f, &v);
	ok(v.cls == INFER_SAME_PU && v.clear && strstr(v.why, "shared in time") != NULL,
	    "one CPU shared by the guest: same-pu, clear (%s)", v.why);
	fig_set(&f, one_c, one_m, 0.01, 1.00);
	infer_classify(&f, &v);
	ok(v.cls == INFER_SAME_PU && v.clear && strstr(v.why, "host") != NULL,
	    "one host CPU behind two vCPUs that each ran all along: same-pu, the host (%s)",
	    v.why);
	fig_set(&f, smt_c, smt_m, 0.01, 1.00);
	infer_classify(&f, &v);
	ok(v.cls == INFER_SMT && v.clear && fabs(v.ratio - 1.15 / 1.923) < 0.01,
	    "ports shared, latency not: SMT siblings, ratio %.2f (%s)", v.ratio, v.why);
	fig_set(&f, cor_c, cor_m, 0.01, 1.00);
	infer_classify(&f, &v);
	ok(v.cls == INFER_CORES && v.clear, "both near 2: separate cores (%s)", v.why);
	fig_set(&f, fl_c, fl_m, 0.01, 1.00);
	infer_classify(&f, &v);
	ok(!v.clear && v.floating && strstr(v.why, "move") != NULL,
	    "repeats far apart: unclear, the host appears to move vCPUs (%s)", v.why);
	fig_set(&f, mid_c, mid_m, 0.01, 1.00);
	infer_classify(&f, &v);
	ok(v.cls == INFER_UNCLEAR && !v.clear && strstr(v.why, "too near") != NULL,
	    "a ratio near the boundary: unclear (%s)", v.why);
	/* The same SMT figures with windows that disagreed by 20 %: not clear. */
	fig_set(&f, smt_c, smt_m, 0.20, 1.00);
	infer_classify(&f, &v);
	ok(!v.clear, "SMT-like figures with 20%% window spreads stay unclear (%s)", v.why);
	fig_set(&f, smt_c, smt_m, 0.01, 1.00);
	f.disturbed = 1;
	infer_classify(&f, &v);
	ok(v.cls == INFER_UNCLEAR && !v.clear && strstr(v.why, "disturbed") != NULL,
	    "disturbed figures are never classified (%s)", v.why);
	fig_set(&f, smt_c, smt_m, 0.01, 1.00);
	f.yield[INFER_KIND_CONTRAST][0] = f.yield[INFER_KIND_CONTRAST][1] =
	    f.yield[INFER_KIND_CONTRAST][2] = NAN;
	infer_classify(&f, &v);
	ok(v.cls == INFER_UNCLEAR && strcmp(v.why, "not measured") == 0,
	    "no contrast figure: not measured");
	/* The contradiction: one CPU's work in latency, two in compute. */
	fig_set(&f, cor_c, one_m, 0.01, 1.00);
	infer_classify(&f, &v);
	ok(v.cls == INFER_UNCLEAR && strstr(v.why, "contradict") != NULL,
	    "compute 2, contrast 1: a contradiction, unclear (%s)", v.why);
	ok(infer_agrees(INFER_SMT, REL_SHARED_L3) == 0 && infer_agrees(INFER_CORES,
	    REL_SHARED_L3) == 1 && infer_agrees(INFER_SAME_PU, REL_SAME_PU) == 1 &&
	    infer_agrees(INFER_UNCLEAR, REL_SAME_PU) == -1,
	    "agreement with the reported relation");
}

/* Separate cores split by round trip only where the gap is beyond the spread. */
static void
test_split(void)
{
	static const double	 far[] = { 40, 41, 120, 118, 39 }, near[] = { 40, 41, 42 };
	struct infer		*inf = xcalloc(1, sizeof *inf);
	int			 i;

	inf->npairs = 5;
	for (i = 0; i < 5; i++) {
		inf->pairs[i].v.cls = INFER_CORES;
		inf->pairs[i].fig.rtt_ns = far[i];
		inf->pairs[i].fig.rtt_spread = 0.03;
	}
	infer_split_cores(inf);
	ok(inf->pairs[0].v.cls == INFER_CORES_NEAR && inf->pairs[2].v.cls == INFER_CORES_FAR &&
	    inf->pairs[3].v.cls == INFER_CORES_FAR && inf->pairs[4].v.cls == INFER_CORES_NEAR,
	    "40 and 120 ns: a near and a far class");
	inf->npairs = 3;
	for (i = 0; i < 3; i++) {
		inf->pairs[i].v.cls = INFER_CORES;
		inf->pairs[i].fig.rtt_ns = near[i];
	}
	infer_split_cores(inf);
	ok(inf->pairs[0].v.cls == INFER_CORES && inf->pairs[2].v.cls == INFER_CORES,
	    "40 to 42 ns at 3%% spread: one class");
	free(inf);
}

/* Plan on a model; the number of pairs, or -1 with a diagnostic. */
static int
plan_on(struct infer *inf, const struct topo *m, const char *list)
{
	char	err[256];
	int	rc;

	memset(inf, 0, sizeof *inf);
	inf->m = m;
	rc = list != NULL ? infer_plan_list(inf, list, err, sizeof err) :
	    infer_plan(inf, INFER_MAX_PAIRS, err, sizeof err);
	if (rc == -1) {
		printf("# %s\n", err);
		return -1;
	}
	infer_size(inf, INFER_BUDGET_S);
	return inf->npairs;
}

/* The planner on synthetic machines: lists, places, errors, windows. */
static void
test_plan_synthetic(void)
{
	struct infer	*inf = xcalloc(1, sizeof *inf);
	struct topo	*m;
	char		 err[256];

	m = topo_load_synthetic("package:1 core:2 pu:1", err, sizeof err);
	ok(m != NULL, "a 2-CPU synthetic machine loads");
	if (m == NULL) {
		free(inf);
		return;
	}
	ok(plan_on(inf, m, NULL) == 1 && inf->pairs[0].a == 0 && inf->pairs[0].b == 1,
	    "two CPUs: the one pair 0:1");
	ok(inf->window_s >= 0.2 && inf->window_s <= 1.0 &&
	    infer_estimate(inf) <= INFER_BUDGET_S + 1, "its windows fit the budget: %.2f s, "
	    "about %.1f s", inf->window_s, infer_estimate(inf));
	ok(plan_on(inf, m, "0:0,0:1") == 2 && inf->pairs[0].reported == REL_SAME_PU &&
	    inf->pairs[1].a == 0 && inf->pairs[1].b == 1, "--infer=0:0,0:1: two pairs, the "
	    "first on one CPU");
	ok(plan_on(inf, m, "core:0.pu:0:core:1.pu:0") == 1 && inf->pairs[0].b == 1,
	    "places with colons in them");
	ok(plan_on(inf, m, "1:0,0:1") == 1, "the same pair twice counts once");
	memset(inf, 0, sizeof *inf);
	inf->m = m;
	ok(infer_plan_list(inf, "0-1", err, sizeof err) == -1 && strstr(err, "0-1") != NULL,
	    "'0-1' is refused, naming it: %s", err);
	memset(inf, 0, sizeof *inf);
	inf->m = m;
	ok(infer_plan_list(inf, "0:7", err, sizeof err) == -1 && strstr(err, "7") != NULL,
	    "a CPU that is not there is refused: %s", err);
	topo_free(m);
	m = topo_load_synthetic("package:1 core:1 pu:1", err, sizeof err);
	memset(inf, 0, sizeof *inf);
	inf->m = m;
	ok(m != NULL && infer_plan(inf, INFER_MAX_PAIRS, err, sizeof err) == -1 &&
	    strstr(err, "two") != NULL, "one CPU: nothing to pair, said so: %s", err);
	if (m != NULL)
		topo_free(m);
	free(inf);
}

/* The planner on big machines (fixture 1, or the real files): representatives, within the budget. */
static void
test_plan_real(int fixture)
{
	struct infer	*inf = xcalloc(1, sizeof *inf);
	struct topo	*m;
	int		 i, sib = 0, agree = 1;

	if ((m = load_shape(fixture, "skylake-2s", "intel-xeon-6140-skylake-2s", 4)) != NULL) {
		ok(plan_on(inf, m, NULL) > 1 && infer_estimate(inf) <= INFER_BUDGET_S + 1,
		    "Skylake 2x18x2: %d representative pairs in about %.0f s", inf->npairs,
		    infer_estimate(inf));
		for (i = 0; i < inf->npairs; i++) {
			sib |= inf->pairs[i].a == 0 && inf->pairs[i].b == 36 &&
			    inf->pairs[i].reported == REL_SMT_SIBLING;
			agree &= inf->pairs[i].reported ==
			    topo_relation(m, inf->pairs[i].a, inf->pairs[i].b);
		}
		ok(sib, "its pairs include CPUs 0 and 36, reported SMT siblings");
		ok(agree, "each pair carries its reported relation");
		topo_free(m);
	}
	if ((m = load_shape(fixture, "zen4-2s", "amd-epyc-9654-zen4-2s", 2)) != NULL) {
		ok(plan_on(inf, m, NULL) > 1 && inf->npairs <= INFER_MAX_PAIRS &&
		    infer_estimate(inf) <= INFER_BUDGET_S + 1,
		    "Zen4 384 CPUs: %d pairs in about %.0f s", inf->npairs, infer_estimate(inf));
		topo_free(m);
	}
	free(inf);
}

/* A result written by infer_report_json() reads back; others are refused by name. */
static void
test_load(void)
{
	static const double	 smt_c[] = { 1.15, 1.18, 1.12 }, smt_m[] = { 1.92, 1.95, 1.90 };
	struct infer		*inf = xcalloc(1, sizeof *inf);
	struct infer_mark	 mk[4];
	struct topo		*m, *other;
	char			 path[] = "/tmp/smtscope-infer-XXXXXX", err[512];
	FILE			*f;
	int			 fd, n;

	m = topo_load_synthetic("package:1 core:2 pu:1", err, sizeof err);
	other = topo_load_synthetic("package:1 core:3 pu:1", err, sizeof err);
	if (m == NULL || other == NULL || (fd = mkstemp(path)) == -1) {
		ok(0, "fixtures for the load test");
		free(inf);
		return;
	}
	inf->m = m;
	plan_on(inf, m, "0:1");
	fig_set(&inf->pairs[0].fig, smt_c, smt_m, 0.01, 1.0);
	inf->pairs[0].measured = 1;
	infer_classify(&inf->pairs[0].fig, &inf->pairs[0].v);
	f = fdopen(fd, "w");
	infer_report_json(inf, 0, f);
	fclose(f);
	n = infer_load(path, m, mk, 4, err, sizeof err);
	ok(n == 1 && mk[0].a == 0 && mk[0].b == 1 && mk[0].cls == INFER_SMT && mk[0].clear &&
	    mk[0].agrees == 0 && strstr(mk[0].evidence, "1.15") != NULL,
	    "its own JSON reads back: 0:1 SMT siblings, clear, against the topology (%s)",
	    n == -1 ? err : mk[0].evidence);
	ok(infer_load(path, other, mk, 4, err, sizeof err) == -1 && strstr(err, path) != NULL &&
	    strstr(err, "3") != NULL, "a machine of another size is refused: %s", err);
	f = fopen(path, "w");
	fputs("{\"kind\":\"check\"}", f);
	fclose(f);
	ok(infer_load(path, m, mk, 4, err, sizeof err) == -1 && strstr(err, "kind 'check'"),
	    "a check result that is not --infer is refused: %s", err);
	f = fopen(path, "w");
	fputs("{\"kind\":", f);
	fclose(f);
	ok(infer_load(path, m, mk, 4, err, sizeof err) == -1 && strstr(err, path) != NULL,
	    "a truncated file is refused, naming it: %s", err);
	unlink(path);
	ok(infer_load(path, m, mk, 4, err, sizeof err) == -1 && strstr(err, path) != NULL,
	    "a missing file: %s", err);
	topo_free(m);
	topo_free(other);
	free(inf);
}

/*
 * The pair table as text, with its widest cells: a pair of 127:255, the
 * topology's other-package, cores-near, yields "1.88 ±1.0%", a round trip of
 * "1234 ns". Each row is one line within 80 columns (issue 37: CONFIDENCE
 * folded at 80); the call opens the line under it.
 */
static void
test_text_width(void)
{
	static const double	 c_c[] = { 1.86, 1.88, 1.90 }, c_m[] = { 1.96, 1.98, 2.00 };
	struct infer		*inf = xcalloc(1, sizeof *inf);
	struct topo		*m;
	char			 err[512], line[1024];
	FILE			*f;
	int			 i, rows = 0, w, widest = 0, call = 0;

	m = topo_load_synthetic("package:2 core:64 pu:2", err, sizeof err);
	if (m == NULL || plan_on(inf, m, "127:255,0:1") != 2) {
		ok(0, "a 256-CPU machine and two pairs: %s", m == NULL ? err : "no plan");
		topo_free(m);
		free(inf);
		return;
	}
	for (i = 0; i < 2; i++) {
		fig_set(&inf->pairs[i].fig, c_c, c_m, 0.01, 1.0);
		inf->pairs[i].fig.rtt_ns = 1234;
		inf->pairs[i].measured = 1;
		infer_classify(&inf->pairs[i].fig, &inf->pairs[i].v);
		inf->pairs[i].v.cls = INFER_CORES_NEAR;
	}
	if ((f = tmpfile()) == NULL) {
		ok(0, "a temporary file for the text");
		ok(0, "(skipped with it)");
		topo_free(m);
		free(inf);
		return;
	}
	infer_report_text(inf, f);
	rewind(f);
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "PAIR ", 5) != 0 && !(line[0] >= '0' && line[0] <= '9' &&
		    strchr(line, ':') != NULL && strchr(line, ':') < strchr(line, ' ')))
			continue;
		rows++;
		if ((w = report_width(line)) > widest)
			widest = w;
		if (w > 80)
			printf("# %d columns: %s\n", w, line);
		if (strncmp(line, "127:255 ", 8) == 0 && fgets(line, sizeof line, f) != NULL)
			call = strncmp(line, "        clear: ", 15) == 0;
	}
	fclose(f);
	ok(rows == 3 && widest <= 80 && widest >= 70,
	    "the pair table: a header and 2 rows, at most 80 columns (%d rows, %d)", rows,
	    widest);
	ok(call, "the call opens the line under the pair: clear");
	topo_free(m);
	free(inf);
}

/* Run every group of assertions and print the plan. */
int
main(void)
{
	test_classify();
	test_split();
	test_plan_synthetic();
	test_plan_real(1);
	test_plan_real(0);
	test_load();
	test_text_width();
	return tap_done();
}
