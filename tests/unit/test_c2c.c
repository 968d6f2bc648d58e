/* test_c2c.c: the core-to-core latency planner, classes and outliers; no measurement. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/c2c/c2c.h"
#include "tap.h"
#include "topologies.h"
#include "model/topo.h"
#include "report/reports.h"

/* The number of pairs a selection plans on a model; -1 if it fails. */
static int
count_pairs(const struct topo *m, enum c2c_select sel)
{
	struct c2c_plan	p;
	char		err[256];
	int		n;

	memset(&p, 0, sizeof p);
	if (c2c_plan(m, NULL, sel, &p, err, sizeof err) == -1)
		return -1;
	n = p.npairs;
	c2c_plan_free(&p);
	return n;
}

/* Pair counts for all, --per-core and --groups on a real machine. */
static void
test_real_counts(const char *name, int all, int per_core, int groups)
{
	struct topo	*m = load_real(name, 4);

	if (m == NULL)
		return;
	ok(count_pairs(m, C2C_ALL) == all, "%s: every pair: %d (want %d)", name,
	    count_pairs(m, C2C_ALL), all);
	ok(count_pairs(m, C2C_PER_CORE) == per_core, "%s: --per-core: %d (want %d)", name,
	    count_pairs(m, C2C_PER_CORE), per_core);
	ok(count_pairs(m, C2C_GROUPS) == groups, "%s: --groups: %d (want %d)", name,
	    count_pairs(m, C2C_GROUPS), groups);
	topo_free(m);
}

/* The pair of two CPUs in a plan, or NULL. */
static const struct c2c_pair *
find_pair(const struct c2c_plan *p, int a, int b)
{
	int	i;

	for (i = 0; i < p->npairs; i++)
		if ((p->pairs[i].a == a && p->pairs[i].b == b) ||
		    (p->pairs[i].a == b && p->pairs[i].b == a))
			return &p->pairs[i];
	return NULL;
}

/* Skylake: siblings 0 and 36 adjacent and related as such; other relations. */
static void
test_skylake_relations(void)
{
	struct topo		*m = load_real("intel-xeon-6140-skylake-2s", 7);
	const struct c2c_pair	*q;
	struct c2c_plan		 p;
	char			 err[256];
	int			 rc, counts[REL_COUNT], i;

	if (m == NULL)
		return;
	memset(&p, 0, sizeof p);
	rc = c2c_plan(m, NULL, C2C_ALL, &p, err, sizeof err);
	ok(rc == 0 && p.ncpus == 72 && p.cpus[0] == 0 && p.cpus[1] == 36,
	    "skylake: rows in topology order, siblings adjacent (0, 36, ...)");
	q = find_pair(&p, 0, 36);
	ok(q != NULL && q->rel == REL_SMT_SIBLING, "skylake: CPUs 0 and 36 are smt-siblings");
	q = find_pair(&p, 0, 2);
	ok(q != NULL && q->rel == REL_SHARED_L3, "skylake: CPUs 0 and 2 share the L3");
	q = find_pair(&p, 0, 1);
	ok(q != NULL && q->rel == REL_OTHER_PACKAGE, "skylake: CPUs 0 and 1 are on two "
	    "packages");
	ok(q != NULL && q->numa_same == -1, "skylake: one NUMA node, no NUMA class");
	c2c_plan_free(&p);
	memset(&p, 0, sizeof p);
	c2c_plan(m, NULL, C2C_GROUPS, &p, err, sizeof err);
	memset(counts, 0, sizeof counts);
	for (i = 0; i < p.npairs; i++)
		counts[p.pairs[i].rel]++;
	ok(p.ngroups == 2 && counts[REL_SMT_SIBLING] == 2 && counts[REL_SHARED_L3] == 2 &&
	    counts[REL_OTHER_PACKAGE] == 1, "skylake --groups: 2 groups; 2 sibling, 2 L3, "
	    "1 other-package pairs");
	c2c_plan_free(&p);
	topo_free(m);
}

/* Zen1: eight NUMA nodes, so pairs have a NUMA class. */
static void
test_numa(void)
{
	struct topo		*m = load_real("amd-epyc-7451-zen1-2s", 3);
	const struct c2c_pair	*q;
	struct c2c_plan		 p;
	char			 err[256];

	if (m == NULL)
		return;
	memset(&p, 0, sizeof p);
	c2c_plan(m, NULL, C2C_ALL, &p, err, sizeof err);
	q = find_pair(&p, 0, 3);
	ok(q != NULL && q->rel == REL_SAME_PACKAGE && q->numa_same == 1,
	    "zen1: CPUs 0 and 3: two L3s of one NUMA node");
	q = find_pair(&p, 0, 6);
	ok(q != NULL && q->rel == REL_SAME_PACKAGE && q->numa_same == 0,
	    "zen1: CPUs 0 and 6: one package, two NUMA nodes");
	c2c_plan_free(&p);
	topo_free(m);
}

/* A synthetic machine: counts, --cpus, errors. */
static void
test_synthetic(void)
{
	struct topo	*m;
	struct c2c_plan	 p;
	struct cpuset	 set;
	char		 err[256];
	int		 rc;

	m = topo_load_synthetic("package:2 core:2 pu:2", err, sizeof err);
	ok(m != NULL, "a synthetic 2x2x2 machine loads");
	if (m == NULL)
		return;
	ok(count_pairs(m, C2C_ALL) == 28, "8 CPUs: 28 pairs");
	ok(count_pairs(m, C2C_PER_CORE) == 10, "4 cores of 2: --per-core 6 + 4 = 10 pairs");
	ok(count_pairs(m, C2C_GROUPS) == 5, "2 packages: --groups 2 + 2 + 1 = 5 pairs");
	memset(&p, 0, sizeof p);
	cpuset_zero(&set);
	cpuset_set(&set, 0);
	cpuset_set(&set, 1);
	rc = c2c_plan(m, &set, C2C_ALL, &p, err, sizeof err);
	ok(rc == 0 && p.npairs == 1 && p.ncpus == 2, "--cpus 0,1: one pair");
	ok(p.cell[0] == -1 && p.cell[1] == 0 && p.cell[2] == 0 && p.cell[3] == -1,
	    "the matrix: no pair on the diagonal, the pair both ways");
	c2c_plan_free(&p);
	cpuset_zero(&set);
	cpuset_set(&set, 3);
	rc = c2c_plan(m, &set, C2C_ALL, &p, err, sizeof err);
	ok(rc == -1 && strstr(err, "two CPUs") != NULL, "one CPU: an error (%s)", err);
	c2c_plan_free(&p);
	cpuset_set(&set, 99);
	rc = c2c_plan(m, &set, C2C_ALL, &p, err, sizeof err);
	ok(rc == -1 && strstr(err, "99") != NULL, "a CPU that is not there: named (%s)", err);
	c2c_plan_free(&p);
	topo_free(m);
}

/* Results by hand: class medians, an outlier, a disturbed pair left out. */
static void
test_classes(void)
{
	struct c2c_class	 cl[C2C_NCLASSES];
	struct topo		*m;
	struct c2c		 c;
	char			 err[256];
	int			 i, slow = -1;

	m = topo_load_synthetic("package:1 core:8 pu:1", err, sizeof err);
	if (m == NULL) {
		ok(0, "a synthetic 8-core machine loads: %s", err);
		return;
	}
	memset(&c, 0, sizeof c);
	c.m = m;
	c2c_plan(m, NULL, C2C_ALL, &c.plan, err, sizeof err);
	c.res = calloc((size_t)c.plan.npairs, sizeof *c.res);
	for (i = 0; i < c.plan.npairs; i++) {
		c.res[i].state = C2C_DONE;
		c.res[i].ns = 50 + i % 3;
		if (c.plan.pairs[i].a == 2 && c.plan.pairs[i].b == 5)
			c.res[slow = i].ns = 400;
	}
	c.res[0].disturbed = 1;
	c.res[0].ns = 9000;
	c.ndone = c.plan.npairs;
	c2c_classes(&c, cl);
	i = c.plan.pairs[1].rel;
	ok(cl[i].npairs == 28 && cl[i].nmeasured == 28 && cl[i].ndisturbed == 1,
	    "one class of 28 pairs, all measured, one disturbed (%s)", cl[i].name);
	ok(fabs(cl[i].median - 51) < 1e-9, "its median leaves the disturbed pair out: %g",
	    cl[i].median);
	ok(slow != -1 && c2c_outlier(&c, &cl[i], slow), "the 400 ns pair is out of its class");
	ok(!c2c_outlier(&c, &cl[i], 1) && !c2c_outlier(&c, &cl[i], 0) && cl[i].nout == 1,
	    "the others are not; the disturbed one is not counted");
	free(c.res);
	c.res = NULL;
	c2c_free(&c);
	topo_free(m);
}

/* Quantiles and the colour scale's ends. */
static void
test_numbers(void)
{
	double	v[] = { 3, 1, 2, 10 };
	int	lo[3], hi[3];

	ok(fabs(c2c_quantile(v, 3, 0.5) - 2) < 1e-12, "median of 3 1 2 is 2");
	ok(fabs(c2c_quantile(v, 4, 0.5) - 2.5) < 1e-12, "median of 1 2 3 10 is 2.5");
	ok(isnan(c2c_quantile(v, 0, 0.5)), "no sample: no median");
	c2c_svg_colour(10, 10, 20, lo);
	c2c_svg_colour(20, 10, 20, hi);
	ok(lo[0] == 68 && lo[2] == 84 && hi[0] == 253 && hi[1] == 231,
	    "the scale runs from dark (fast) to yellow (slow)");
}

/*
 * The class table of a two-socket machine of eight NUMA nodes, every class
 * there, with figures as wide as they come: a median "~31.8 ns ±7.3%" (every
 * sibling pair disturbed), four-digit ranges, thousands of pairs. Each row
 * is one line within 80 columns (issue 37: "disturbed" folded at 80).
 */
static void
test_class_width(void)
{
	struct topo	*m = load_real("amd-epyc-7451-zen1-2s", 3);
	struct c2c	 c;
	char		 err[256], line[1024];
	FILE		*f;
	int		 i, t = 0, rows = 0, w, widest = 0;
	static const double base[REL_COUNT] = { 0, 28, 60, 110, 240, 1150 };

	if (m == NULL)
		return;
	memset(&c, 0, sizeof c);
	c.m = m;
	c2c_plan(m, NULL, C2C_ALL, &c.plan, err, sizeof err);
	c.res = calloc((size_t)c.plan.npairs, sizeof *c.res);
	for (i = 0; i < c.plan.npairs; i++) {
		c.res[i].state = C2C_DONE;
		c.res[i].ns = base[c.plan.pairs[i].rel] * (1 + (i % 9) / 50.0) + i % 7;
		c.res[i].disturbed = c.plan.pairs[i].rel == REL_SMT_SIBLING;
		c.res[i].foreign = NAN;
	}
	c.ndone = c.plan.npairs;
	if ((f = tmpfile()) == NULL) {
		ok(0, "a temporary file for the text");
		ok(0, "(skipped with it)");
		free(c.res);
		c.res = NULL;
		c2c_free(&c);
		topo_free(m);
		return;
	}
	c2c_report_text(&c, f);
	rewind(f);
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "class ", 6) == 0)
			t = 1;
		else if (t && line[0] == '\0')
			break;
		if (!t)
			continue;
		rows += line[0] != '(';
		if ((w = report_width(line)) > widest)
			widest = w;
		if (w > 80)
			printf("# %d columns: %s\n", w, line);
	}
	fclose(f);
	ok(rows == 1 + 6 && widest <= 80 && widest >= 75,
	    "zen1 classes: a header and 6 rows, at most 80 columns (%d rows, %d)",
	    rows, widest);
	ok(c.plan.nnuma == 8, "zen1: 8 NUMA nodes, so both NUMA classes");
	free(c.res);
	c.res = NULL;
	c2c_free(&c);
	topo_free(m);
}

/*
 * The heatmap of one pair (as on a two-CPU machine): its scale one swatch
 * labelled with the figure, not a flat gradient with a tick over it. Kept
 * in $SMTSCOPE_SVG_OUT/c2c-one.svg when set (tests/cli/c2csvg.sh reads it).
 */
static void
test_svg_one(void)
{
	const char	*dir = getenv("SMTSCOPE_SVG_OUT");
	struct topo	*m;
	struct c2c	 c;
	char		 err[256], path[512], *text = NULL;
	FILE		*f;
	long		 n;

	if ((m = topo_load_synthetic("package:1 core:2 pu:1", err, sizeof err)) == NULL) {
		ok(0, "a synthetic two-core machine loads");
		return;
	}
	memset(&c, 0, sizeof c);
	c.m = m;
	snprintf(c.machine, sizeof c.machine, "a synthetic machine");
	c2c_plan(m, NULL, C2C_ALL, &c.plan, err, sizeof err);
	c.plan.samples = 15;
	c.plan.trips = 1000;
	c.res = calloc((size_t)c.plan.npairs, sizeof *c.res);
	c.res[0].state = C2C_DONE;
	c.res[0].ns = 1851.2;
	c.res[0].foreign = NAN;
	c.ndone = 1;
	/* Without $SMTSCOPE_SVG_OUT, beside the test and removed after. */
	snprintf(path, sizeof path, "%s/c2c-one.svg", dir != NULL ? dir : "tests/out");
	snprintf(err, sizeof err, "no error");
	ok(c.plan.npairs == 1 && c2c_svg_write(&c, path, err, sizeof err) == 0,
	    "one pair: the SVG is written (%s)", err);
	if ((f = fopen(path, "r")) != NULL && fseek(f, 0, SEEK_END) == 0 &&
	    (n = ftell(f)) > 0 && (text = calloc(1, (size_t)n + 1)) != NULL) {
		rewind(f);
		text[fread(text, 1, (size_t)n, f)] = '\0';
	}
	if (f != NULL)
		fclose(f);
	ok(text != NULL && strstr(text, ">1851.2 ns, one pair</text>") != NULL,
	    "one pair: its swatch says 1851.2 ns, one pair");
	free(text);
	if (dir == NULL)
		remove(path);
	free(c.res);
	c.res = NULL;
	c2c_free(&c);
	topo_free(m);
}

int
main(void)
{
	test_numbers();
	test_synthetic();
	test_classes();
	test_real_counts("intel-xeon-6140-skylake-2s", 2556, 666, 5);
	test_real_counts("intel-xeon-e5-4620v2-ivybridge-12s", 18336, 4656, 90);
	test_real_counts("amd-epyc-9654-zen4-2s", 73536, 18528, 324);
	test_skylake_relations();
	test_numa();
	test_class_width();
	test_svg_one();
	return tap_done();
}
