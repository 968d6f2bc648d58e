/*
 * test_check.c: `smtscope check` apart from its command: the placement
 * planner on real and synthetic machines, the kernel lists, the whole
 * plan of a check, and its CSV report from cells filled by hand.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/check/check.h"
#include "exp/rounds.h"
#include "tap.h"
#include "topologies.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/report.h"
#include "report/reports.h"

/* Load a synthetic topology; it must work. */
static struct topo *
load_synthetic(const char *desc)
{
	char		 err[512];
	struct topo	*m;

	m = topo_load_synthetic(desc, err, sizeof err);
	ok(m != NULL, "synthetic '%s' loads", desc);
	if (m == NULL)
		printf("# %s\n", err);
	return m;
}

/* Plan with no busy sample; -1 on failure (with a diagnostic). */
static int
plan(const struct topo *m, int anchor, struct check_plan *p)
{
	char	err[512];

	if (check_plan(m, anchor, NULL, 0, p, err, sizeof err) == -1) {
		printf("# %s\n", err);
		return -1;
	}
	return 0;
}

/* Package index of a CPU. */
static int
pkg_of(const struct topo *m, int os)
{
	const struct topo_pu	*pu = topo_pu_by_os(m, os);

	return pu == NULL ? -2 : m->cores[pu->core].package;
}

/* Is every partner in the relation its column says, and allowed? */
static int
plan_consistent(const struct topo *m, const struct check_plan *p)
{
	const struct topo_pu	*pu;
	int			 r, n = 0;

	for (r = 0; r < REL_COUNT; r++) {
		if (p->rel[r].cpu == -1) {
			if (p->rel[r].reason[0] == '\0')
				return 0;
			continue;
		}
		n++;
		pu = topo_pu_by_os(m, p->rel[r].cpu);
		if (pu == NULL || !pu->allowed)
			return 0;
		if ((int)topo_relation(m, p->anchor, p->rel[r].cpu) != r)
			return 0;
	}
	return n == p->npresent;
}

/* Every machine in MANIFEST.tsv plans, with every partner allowed and in its relation. */
static void
test_manifest(void)
{
	char			 path[1024], line[4096], name[256], err[512];
	struct check_plan	 p;
	struct topo		*m;
	FILE			*f;
	int			 n = 0, good = 0;

	snprintf(path, sizeof path, "%s/MANIFEST.tsv", topologies_dir());
	if ((f = fopen(path, "r")) == NULL) {
		skip("%s not found: real-machine topologies are not beside this checkout",
		    path);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "name\t", 5) == 0 ||
		    sscanf(line, "%255[^\t]", name) != 1)
			continue;
		n++;
		snprintf(path, sizeof path, "%s/%s.xml", topologies_dir(), name);
		if ((m = topo_load_xml(path, err, sizeof err)) == NULL) {
			printf("# %s: %s\n", name, err);
			continue;
		}
		if (check_plan(m, -1, NULL, 0, &p, err, sizeof err) == 0 &&
		    plan_consistent(m, &p))
			good++;
		else
			printf("# %s: plan failed or inconsistent: %s\n", name, err);
		topo_free(m);
	}
	fclose(f);
	ok(n > 0 && good == n, "every manifest machine plans consistently (%d of %d)",
	    good, n);
}

/* Skylake 2-socket (the fixture, or the real file): sibling 36, an L3 mate in package 0, a partner in package 1. */
static void
test_skylake(int fixture)
{
	struct topo		*m;
	struct check_plan	 p;

	if ((m = load_shape(fixture, "skylake-2s", "intel-xeon-6140-skylake-2s", 7)) == NULL)
		return;
	ok(plan(m, -1, &p) == 0 && p.anchor == 0, "skylake: anchor 0 (got %d)", p.anchor);
	ok(p.rel[REL_SMT_SIBLING].cpu == 36, "skylake: smt-sibling 36 (got %d)",
	    p.rel[REL_SMT_SIBLING].cpu);
	ok(p.rel[REL_SHARED_L3].cpu != -1 && pkg_of(m, p.rel[REL_SHARED_L3].cpu) == 0,
	    "skylake: shared-l3 CPU %d in package 0", p.rel[REL_SHARED_L3].cpu);
	ok(p.rel[REL_OTHER_PACKAGE].cpu != -1 &&
	    pkg_of(m, p.rel[REL_OTHER_PACKAGE].cpu) == 1,
	    "skylake: other-package CPU %d in package 1", p.rel[REL_OTHER_PACKAGE].cpu);
	ok(p.rel[REL_SAME_PACKAGE].cpu == -1 &&
	    strcmp(p.rel[REL_SAME_PACKAGE].reason, "one cache group in the package") == 0,
	    "skylake: same-package absent: %s", p.rel[REL_SAME_PACKAGE].reason);
	ok(plan_consistent(m, &p), "skylake: every partner in its relation, allowed");
	topo_free(m);
}

/* Zen 4: sibling 192, same-package in another CCD. */
static void
test_zen4(int fixture)
{
	struct topo		*m;
	struct check_plan	 p;
	const struct topo_pu	*a, *b;
	int			 cpu;

	if ((m = load_shape(fixture, "zen4-2s", "amd-epyc-9654-zen4-2s", 5)) == NULL)
		return;
	ok(plan(m, -1, &p) == 0 && p.rel[REL_SMT_SIBLING].cpu == 192,
	    "zen4: smt-sibling 192 (got %d)", p.rel[REL_SMT_SIBLING].cpu);
	cpu = p.rel[REL_SAME_PACKAGE].cpu;
	a = topo_pu_by_os(m, p.anchor);
	b = cpu == -1 ? NULL : topo_pu_by_os(m, cpu);
	ok(b != NULL && m->cores[a->core].package == m->cores[b->core].package &&
	    m->cores[a->core].l3 != m->cores[b->core].l3,
	    "zen4: same-package CPU %d: same package, another CCD's L3", cpu);
	ok(p.rel[REL_SHARED_L3].cpu != -1 && p.rel[REL_OTHER_PACKAGE].cpu != -1,
	    "zen4: shared-l3 %d and other-package %d present", p.rel[REL_SHARED_L3].cpu,
	    p.rel[REL_OTHER_PACKAGE].cpu);
	ok(plan_consistent(m, &p), "zen4: every partner in its relation, allowed");
	topo_free(m);
}

/* Knights Landing SMT4: the sibling is one of the anchor core's three others. */
static void
test_knl(int fixture)
{
	struct topo		*m;
	struct check_plan	 p;
	const struct topo_pu	*a, *b;
	int			 cpu;

	if ((m = load_shape(fixture, "knl", "intel-xeonphi-7210-knl", 4)) == NULL)
		return;
	ok(plan(m, -1, &p) == 0, "knl: plans");
	cpu = p.rel[REL_SMT_SIBLING].cpu;
	a = topo_pu_by_os(m, p.anchor);
	b = cpu == -1 ? NULL : topo_pu_by_os(m, cpu);
	ok(b != NULL && b != a && a->core == b->core && m->cores[a->core].npus == 4,
	    "knl: smt-sibling %d is one of CPU %d's three others", cpu, p.anchor);
	ok(plan_consistent(m, &p), "knl: every partner in its relation, allowed");
	topo_free(m);
}

/* Bulldozer: no SMT; the module mate shares the L2. */
static void
test_bulldozer(void)
{
	struct topo		*m;
	struct check_plan	 p;
	const struct topo_pu	*a, *b;
	int			 cpu;

	if ((m = load_real("amd-opteron-6272-bulldozer-4s", 4)) == NULL)
		return;
	ok(plan(m, -1, &p) == 0 && p.rel[REL_SMT_SIBLING].cpu == -1 &&
	    strcmp(p.rel[REL_SMT_SIBLING].reason, "no SMT") == 0,
	    "bulldozer: smt-sibling absent: %s", p.rel[REL_SMT_SIBLING].reason);
	cpu = p.rel[REL_SHARED_L2].cpu;
	a = topo_pu_by_os(m, p.anchor);
	b = cpu == -1 ? NULL : topo_pu_by_os(m, cpu);
	ok(b != NULL && a->core != b->core && m->cores[a->core].l2 != -1 &&
	    m->cores[a->core].l2 == m->cores[b->core].l2,
	    "bulldozer: shared-l2 CPU %d is the module mate", cpu);
	ok(plan_consistent(m, &p), "bulldozer: every partner in its relation, allowed");
	topo_free(m);
}

/* cgroup-restricted machines: only allowed CPUs; a disallowed --anchor fails. */
static void
test_cgroup(const char *name, int disallowed)
{
	struct topo		*m;
	struct check_plan	 p;
	char			 err[512];
	int			 r, allowed = 1;

	if ((m = load_real(name, 5)) == NULL)
		return;
	ok(plan(m, -1, &p) == 0 && topo_pu_by_os(m, p.anchor)->allowed,
	    "%s: anchor %d is allowed", name, p.anchor);
	for (r = 0; r < REL_COUNT; r++)
		if (p.rel[r].cpu != -1 && !topo_pu_by_os(m, p.rel[r].cpu)->allowed)
			allowed = 0;
	ok(allowed && plan_consistent(m, &p), "%s: only allowed CPUs chosen", name);
	ok(p.rel[REL_OTHER_PACKAGE].cpu == -1 &&
	    strstr(p.rel[REL_OTHER_PACKAGE].reason, "cpuset") != NULL,
	    "%s: other-package absent: %s", name, p.rel[REL_OTHER_PACKAGE].reason);
	ok(check_plan(m, disallowed, NULL, 0, &p, err, sizeof err) == -1 &&
	    strstr(err, "not allowed") != NULL,
	    "%s: --anchor %d refused: %s", name, disallowed, err);
	topo_free(m);
}

/* Every relation exists on a synthetic two-package machine with L2 pairs. */
static void
test_synthetic_full(void)
{
	struct topo		*m;
	struct check_plan	 p;
	int			 r, all = 1;

	if ((m = load_synthetic("pack:2 l3:2 l2:2 core:2 pu:2")) == NULL)
		return;
	ok(plan(m, -1, &p) == 0 && p.anchor == 0, "synthetic: anchor 0");
	for (r = 0; r < REL_COUNT; r++)
		if (p.rel[r].cpu == -1)
			all = 0;
	ok(all && p.npresent == REL_COUNT, "synthetic: all %d relations present",
	    REL_COUNT);
	ok(plan_consistent(m, &p), "synthetic: every partner in its relation");
	ok(plan(m, 5, &p) == 0 && p.anchor == 5 && p.rel[REL_SAME_PU].cpu == 5 &&
	    plan_consistent(m, &p), "synthetic: --anchor 5 plans around CPU 5");
	ok(strcmp(p.anchor_why, "asked for with --anchor") == 0, "synthetic: anchor why: %s",
	    p.anchor_why);
	topo_free(m);
}

/* This machine's shape: two cores, no SMT, one package. */
static void
test_synthetic_nosmt(void)
{
	struct topo		*m;
	struct check_plan	 p;

	if ((m = load_synthetic("pack:1 l3:1 core:2 pu:1")) == NULL)
		return;
	ok(plan(m, -1, &p) == 0 && p.npresent == 2 && p.rel[REL_SAME_PU].cpu == 0 &&
	    p.rel[REL_SHARED_L3].cpu == 1, "2 cores: same-pu 0 and shared-l3 1");
	ok(strcmp(p.rel[REL_SMT_SIBLING].reason, "no SMT") == 0,
	    "2 cores: smt-sibling reason '%s'", p.rel[REL_SMT_SIBLING].reason);
	ok(strcmp(p.rel[REL_OTHER_PACKAGE].reason, "one package") == 0,
	    "2 cores: other-package reason '%s'", p.rel[REL_OTHER_PACKAGE].reason);
	ok(strcmp(p.rel[REL_SHARED_L2].reason, "no shared L2") == 0,
	    "2 cores: shared-l2 reason '%s'", p.rel[REL_SHARED_L2].reason);
	ok(strcmp(p.rel[REL_SAME_PACKAGE].reason, "one cache group in the package") == 0,
	    "2 cores: same-package reason '%s'", p.rel[REL_SAME_PACKAGE].reason);
	topo_free(m);

	if ((m = load_synthetic("pack:1 core:1 pu:1")) == NULL)
		return;
	ok(plan(m, -1, &p) == 0 && p.npresent == 1 &&
	    strcmp(p.rel[REL_SAME_PACKAGE].reason, "one core in the package") == 0,
	    "1 CPU: only same-pu; same-package: %s", p.rel[REL_SAME_PACKAGE].reason);
	topo_free(m);
}

/* A busy sample moves the anchor and partners to idle cores. */
static void
test_busy(void)
{
	struct topo		*m;
	struct check_plan	 p;
	double			 busy[16];
	char			 err[512];
	int			 i;

	if ((m = load_synthetic("pack:1 l3:1 core:4 pu:2")) == NULL)
		return;
	for (i = 0; i < 16; i++)
		busy[i] = 0;
	busy[1] = 90;	/* the sibling of CPU 0 */
	busy[4] = 50;	/* core 2 */
	ok(check_plan(m, -1, busy, 16, &p, err, sizeof err) == 0 && p.anchor == 2 &&
	    strstr(p.anchor_why, "idle core") != NULL,
	    "busy: anchor on the first idle core, CPU 2 (got %d, %s)", p.anchor,
	    p.anchor_why);
	ok(p.rel[REL_SMT_SIBLING].cpu == 3 && p.rel[REL_SHARED_L3].cpu == 6,
	    "busy: sibling 3, shared-l3 on idle core 3 (CPU 6; got %d)",
	    p.rel[REL_SHARED_L3].cpu);
	for (i = 0; i < 8; i++)
		busy[i] = 100;
	ok(check_plan(m, -1, busy, 16, &p, err, sizeof err) == 0 && p.anchor == 0 &&
	    strncmp(p.anchor_why, "no idle core", 12) == 0,
	    "all busy: first allowed CPU, said so (%s)", p.anchor_why);
	ok(check_plan(m, 99, busy, 16, &p, err, sizeof err) == -1 &&
	    strstr(err, "99") != NULL, "--anchor 99 refused: %s", err);
	topo_free(m);
}

/* The default run's longest windows fit its budget, down to the shortest window. */
static void
test_budget(void)
{
	int	n, fits = 1, worst = 0;
	double	s;

	for (n = 1; n <= 60; n++) {
		s = check_cell_seconds(n);
		if (s < CHECK_CELL_MIN_S || s > 2.0 || (s > CHECK_CELL_MIN_S &&
		    n * (s + CHECK_OVERHEAD_S) > CHECK_BUDGET_S + 1e-9)) {
			fits = 0;
			worst = n;
		}
	}
	ok(fits, "1 to 60 runs fit %.0f s with %.1f s overhead each, or take the shortest "
	    "window (first bad: %d)", CHECK_BUDGET_S, CHECK_OVERHEAD_S, worst);
	ok(fabs(check_cell_seconds(28) - (CHECK_BUDGET_S / 28 - CHECK_OVERHEAD_S)) < 1e-9,
	    "28 runs (this machine's default: 6 solos, 8 rows on 2 relations, 6 solos "
	    "right before a pair): windows of at most %.2f s", check_cell_seconds(28));
}

/* --kernels and --pairs: rows, latency rows, and each malformed list with its message. */
static void
test_lists(void)
{
	static const struct {
		const char	*kernels, *pairs, *msg;
	} bad[] = {
		{ "hash,nope", NULL, "--kernels: unknown kernel 'nope' (see smtscope kernels)" },
		{ ",", NULL, "--kernels ',': an empty item in the list" },
		{ "hash", "hash", "--pairs: 'hash' is not KERNEL+KERNEL" },
		{ "hash", "hash+", "--pairs: 'hash+' is not KERNEL+KERNEL" },
		{ "hash", "hash+nope", "--pairs: unknown kernel 'nope' (see smtscope kernels)" },
		{ "hash", "pipe+hash", "--pairs: pipe has two ends; pairs take one-ended kernels" },
		{ "hash", ",,", "--pairs ',,': an empty item in the list" },
	};
	struct check	*c = xcalloc(1, sizeof *c);
	char		 err[512];
	size_t		 i;
	int		 rc;

	ok(check_add_kernels(c, "hash,pipe,fork,hash,chase:32k", err, sizeof err) == 0 &&
	    c->nrows == 2 && c->nlats == 2 && c->nsolos == 2 &&
	    strcmp(c->rows[1].name, "chase:32k") == 0,
	    "hash,pipe,fork,hash,chase:32k: 2 rows (once each), 2 latency rows");
	ok(check_add_pairs(c, "hash+fp", err, sizeof err) == 0 && c->nrows == 3 &&
	    c->rows[2].pair && strcmp(c->rows[2].name, "hash+fp") == 0 && c->nsolos == 3,
	    "hash+fp: a pair row, fp's solo added");
	free(c);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		c = xcalloc(1, sizeof *c);
		err[0] = '\0';
		rc = check_add_kernels(c, bad[i].kernels, err, sizeof err);
		if (rc == 0 && bad[i].pairs != NULL)
			rc = check_add_pairs(c, bad[i].pairs, err, sizeof err);
		ok(rc == -1 && strcmp(err, bad[i].msg) == 0, "--kernels %s --pairs %s: %s",
		    bad[i].kernels, bad[i].pairs ? bad[i].pairs : "-", err);
		free(c);
	}
}

/* A whole plan for another machine: facts, partners, runs, cell length. */
static void
test_prepare(void)
{
	struct check	*c = xcalloc(1, sizeof *c);
	char		 err[512];

	c->dry_run = 1;
	if ((c->m = load_synthetic("pack:2 l3:2 l2:2 core:2 pu:2")) == NULL) {
		free(c);
		return;
	}
	ok(check_add_kernels(c, "hash,pipe", err, sizeof err) == 0 &&
	    check_prepare(c, -1, err, sizeof err) == 0, "prepare plans (%s)",
	    c->runs_total ? "ok" : err);
	ok(!c->live && c->busy == NULL && c->plan.npresent == REL_COUNT,
	    "a view: no busy sample, every relation has a partner");
	ok(c->runs_total == 1 + 2 * REL_COUNT + (REL_COUNT - 1) &&
	    c->cell_s == check_cell_seconds(18), "1 solo + 2 rows x 6 relations + 5 solos "
	    "right before the hash pairs after the first = 18 runs (got %d), %.2f s cells",
	    c->runs_total, c->cell_s);
	ok(c->nwarn == 1 && strstr(c->warn[0], "a plan only") != NULL,
	    "the one warning says it is a plan only: %s", c->nwarn ? c->warn[0] : "");
	check_free(c);
	c->m = NULL;
	free(c);
	c = xcalloc(1, sizeof *c);
	c->m = load_synthetic("pack:1 core:2 pu:1");
	ok(c->m != NULL && check_add_kernels(c, "chase:1x", err, sizeof err) == 0 &&
	    check_prepare(c, -1, err, sizeof err) == -1 && strstr(err, "1x") != NULL,
	    "a bad kernel parameter is refused before anything runs: %s", err);
	check_free(c);
	free(c);
}

/* Fill a cell as a run would. */
static void
fill(struct check_cell *cell, double ra, double rb, double sa, double sb)
{
	cell->state = CHECK_DONE;
	cell->rate_anchor = ra;
	cell->rate_partner = rb;
	cell->share_anchor = sa;
	cell->share_partner = sb;
	cell->spread = 0.01;
	cell->tries = 1;
	cell->disturbed = 0;
	cell->share_got = NAN;
	cell->foreign = 0;
}

/* CSV from cells filled by hand: units, values in the unit shown, statuses. */
static void
test_csv(void)
{
	struct check	*c = xcalloc(1, sizeof *c);
	char		 err[512], out[8192];
	FILE		*f = tmpfile();
	size_t		 n;

	if (f == NULL || (c->m = load_synthetic("pack:1 l3:1 core:2 pu:1")) == NULL) {
		free(c);
		return;
	}
	c->time_given = 1;
	c->cell_s = 1;
	if (check_add_kernels(c, "hash,pipe", err, sizeof err) == -1 ||
	    check_prepare(c, -1, err, sizeof err) == -1) {
		ok(0, "plan for the CSV: %s", err);
		return;
	}
	fill(&c->solos[0].cell, 600000000.0, NAN, 1, NAN);
	fill(&c->rows[0].cell[REL_SAME_PU], 300000000.0, 300000000.0, 0.5, 0.5);
	fill(&c->rows[0].cell[REL_SHARED_L3], 600000000.0, 600000000.0, 1, 0.8);
	c->rows[0].cell[REL_SHARED_L3].disturbed = 1;
	c->rows[0].cell[REL_SHARED_L3].share_got = 0.8;
	c->rows[0].cell[REL_SHARED_L3].foreign = 0.2;
	c->rows[0].cell[REL_SHARED_L3].nwho = 1;
	c->rows[0].cell[REL_SHARED_L3].who[0].pid = 4242;
	c->rows[0].cell[REL_SHARED_L3].who[0].cpu = 1;
	c->rows[0].cell[REL_SHARED_L3].who[0].share = 0.2;
	snprintf(c->rows[0].cell[REL_SHARED_L3].who[0].comm, 16, "smtscope-hog");
	fill(&c->lats[0].cell[REL_SAME_PU], 200000, NAN, 1, NAN);
	c->lats[0].cell[REL_SHARED_L3].state = CHECK_FAILED;
	snprintf(c->lats[0].cell[REL_SHARED_L3].error, sizeof c->lats[0].cell[0].error,
	    "pipe@0,1: killed by signal 9");
	check_report_csv(c, f);
	rewind(f);
	n = fread(out, 1, sizeof out - 1, f);
	out[n] = '\0';
	fclose(f);
	ok(strncmp(out, "kernel,relation,anchor,partner,unit,solo,rate_anchor,unit_partner,"
	    "solo_partner,rate_partner,speed_anchor,speed_partner,yield,cpu_share,"
	    "efficiency,spread,foreign,status\n", 164) == 0, "the header names the unit "
	    "column, the spread and the foreign processes");
	ok(strstr(out, "\nhash,same-pu,0,0,MB/s,600,300,MB/s,600,300,"
	    "0.5,0.5,1,0.5,1,0.01,,ok\n") != NULL, "same-pu: MB/s, speeds 0.5, yield 1, "
	    "efficiency 1 (half the speed on half the CPU), ok");
	ok(strstr(out, "\nhash,smt-sibling,0,,MB/s,,,MB/s,,,,,,,,,,n/a: no SMT\n") != NULL,
	    "smt-sibling: n/a with the reason");
	ok(strstr(out, ",4242:smtscope-hog:1:0.2,disturbed: a load got 80% of its CPU; "
	    "others used 0.20 CPU: smtscope-hog (4242) 20% of CPU 1\n") != NULL,
	    "shared-l3: disturbed, the foreign process named");
	ok(strstr(out, "\npipe,same-pu,0,0,us/round trip,,5,,,,,,,1,,0.01,,ok\n") != NULL,
	    "pipe: 5 us per round trip in the unit column's unit");
	ok(strstr(out, "\npipe,shared-l3,0,1,us/round trip,,,,,,,,,,,,,"
	    "failed: pipe@0,1: killed by signal 9\n") == NULL &&
	    strstr(out, "\"failed: pipe@0,1: killed by signal 9\"") != NULL,
	    "a failure with a comma is quoted");
	if (tap_failed)
		printf("%s", out);
	check_free(c);
	free(c);
}

/* A report of c in a string (check_report_json or _csv); the caller frees it. */
static char *
report_string(const struct check *c, void (*report)(const struct check *, FILE *))
{
	FILE	*f = tmpfile();
	char	*out = xcalloc(1, 16384);

	if (f == NULL)
		return out;
	report(c, f);
	rewind(f);
	out[fread(out, 1, 16383, f)] = '\0';
	fclose(f);
	return out;
}

/*
 * A cell past physics in the JSON and CSV: its speeds, yield and
 * efficiency unknown (null, empty), never a number beside the ? (issue 24).
 */
static void
test_beyond_reports(struct check *c, struct check_row *row)
{
	char	*out;

	fill(&row->cell[REL_SHARED_L3], 8.82e9, 8.78e9, 1, 1);
	row->cell[REL_SHARED_L3].beyond = check_cell_beyond(c, row, REL_SHARED_L3);
	out = report_string(c, check_report_json);
	ok(strstr(out, "\"rate_anchor\":8.82,\"rate_partner\":8.78,"
	    "\"speed_anchor\":null,\"speed_partner\":null,\"yield\":null,") != NULL &&
	    strstr(out, "\"efficiency\":null,") != NULL, "json: the rates kept, the speeds, "
	    "yield and efficiency of a cell past physics null");
	ok(strstr(out, "\"error\":\"no solo rate\"") == NULL, "json: an unknown speed is "
	    "not called an error");
	ok(strstr(out, "\"speed_mark\":\"?\",\"speed_unknown\":\"int on shared-l3: unknown: "
	    "faster together than alone (1.42, yield") != NULL, "json: its mark is ? with the "
	    "reason beside it");
	ok(strstr(out, "\"speed_mark\":null,\"speed_unknown\":null") != NULL,
	    "json: a clean cell has neither");
	if (tap_failed)
		printf("%s\n", out);
	free(out);
	out = report_string(c, check_report_csv);
	ok(strstr(out, "\nint,shared-l3,0,1,Gop/s,6.23,8.82,Gop/s,6.23,8.78,,,,1,,0.01,,"
	    "\"unknown: faster together than alone (1.42, yield 2.83): its solo ran while "
	    "the CPU was slower\"\n") != NULL, "csv: rates kept, speeds, yield and "
	    "efficiency empty, the status says unknown and why");
	if (tap_failed)
		printf("%s\n", out);
	free(out);
}

/* Cells past physics: the anchor faster than alone, one CPU doing more than one CPU's work. */
static void
test_beyond(void)
{
	struct check	*c = xcalloc(1, sizeof *c);
	struct check_row *row;
	char		 err[512], why[400];

	if ((c->m = load_synthetic("pack:1 l3:1 core:2 pu:1")) == NULL) {
		free(c);
		return;
	}
	c->time_given = 1;
	c->cell_s = 1;
	if (check_add_kernels(c, "int", err, sizeof err) == -1 ||
	    check_prepare(c, -1, err, sizeof err) == -1) {
		ok(0, "plan for the bounds: %s", err);
		return;
	}
	row = &c->rows[0];
	fill(&c->solos[0].cell, 6.23e9, NAN, 1, NAN);
	/* Seen on a 16-CPU KVM guest: a solo of 6.23 where the CPU later gave 8.8. */
	fill(&row->cell[REL_SHARED_L3], 8.82e9, 8.78e9, 1, 1);
	fill(&row->cell[REL_SAME_PU], 4.06e9, 4.09e9, 0.5, 0.5);
	ok(check_cell_beyond(c, row, REL_SHARED_L3) == CHECK_BEYOND_ANCHOR, "shared-l3: the "
	    "anchor copy at 1.42 of its solo is past physics");
	ok(check_cell_beyond(c, row, REL_SAME_PU) == CHECK_BEYOND_SHARED, "same-pu: 0.65 + "
	    "0.66 = 1.31 of one CPU is past physics, by the pair's sum");
	/* The sentence names the bound that was passed (issue 23: it named the anchor's). */
	check_beyond_why(c, row, REL_SAME_PU, why, sizeof why);
	ok(strstr(why, "time-sharing one CPU did 1.31 of its work alone (0.65 + 0.66)") !=
	    NULL && strstr(why, "anchor copy ran") == NULL, "same-pu: the warning names the "
	    "pair's sum: %s", why);
	check_beyond_why(c, row, REL_SHARED_L3, why, sizeof why);
	ok(strstr(why, "the anchor copy ran 1.42 of its speed alone") != NULL,
	    "shared-l3: the warning names the anchor's speed: %s", why);
	fill(&row->cell[REL_SHARED_L3], 6.2e9, 6.85e9, 1, 1);
	ok(!check_cell_beyond(c, row, REL_SHARED_L3), "shared-l3: a partner 10%% faster "
	    "than the anchor's solo is not (another core may be faster)");
	fill(&row->cell[REL_SAME_PU], 3.2e9, 3.3e9, 0.5, 0.5);
	ok(!check_cell_beyond(c, row, REL_SAME_PU), "same-pu: 1.04 of one CPU is within "
	    "the tolerance");
	fill(&row->cell[REL_SAME_PU], 3.4e9, 3.4e9, 0.5, 0.5);
	row->cell[REL_SAME_PU].spread = 0.12;
	ok(!check_cell_beyond(c, row, REL_SAME_PU), "same-pu: 1.09 with a spread of 12%% "
	    "is within its own noise");
	row->cell[REL_SAME_PU].solo = 8.8e9;
	row->cell[REL_SAME_PU].solo_share = 1;
	fill(&row->cell[REL_SAME_PU], 4.06e9, 4.09e9, 0.5, 0.5);
	ok(!check_cell_beyond(c, row, REL_SAME_PU), "same-pu against a solo measured again "
	    "(8.8): 0.93 is within");
	test_beyond_reports(c, row);
	check_free(c);
	free(c);
}

/* Rounds of the noise floor filled by hand: CPU i's three rates. */
static void
noise_fill(struct check *c, const double rates[][3])
{
	int	i, k;

	for (i = 0; i < c->noise->ncpus; i++)
		for (k = 0; k < c->noise->nrounds; k++) {
			struct rounds_sample *x = rounds_at(c->noise, k, i);

			x->done = 1;
			x->rate = rates[i][k];
			x->share = 1;
			x->spread = 0.005;
			x->mhz = NAN;
		}
	rounds_calc(c->noise);
}

/* check's noise floor: a relation inside it is not distinguishable (issue 35). */
static void
test_noise(void)
{
	static const double	moved[][3] = { { 6.0e9, 6.3e9, 5.99e9 }, { 6.1e9, 6.1e9, 6.1e9 } };
	static const double	still[][3] = { { 6.0e9, 6.01e9, 6.0e9 }, { 6.1e9, 6.1e9, 6.1e9 } };
	struct check		*c = xcalloc(1, sizeof *c);
	char			 err[512], *out;

	if ((c->m = load_synthetic("pack:1 l3:1 core:2 pu:1")) == NULL) {
		free(c);
		return;
	}
	c->time_given = 1;
	c->cell_s = 1;
	if (check_add_kernels(c, "int", err, sizeof err) == -1 ||
	    check_prepare(c, -1, err, sizeof err) == -1 || c->noise == NULL) {
		ok(0, "plan for the noise floor: %s", err);
		return;
	}
	ok(c->noise->ncpus == 2 && c->noise->nrounds == 3, "the noise rounds: the plan's "
	    "2 CPUs, 3 rounds");
	fill(&c->solos[0].cell, 6.0e9, NAN, 1, NAN);
	fill(&c->rows[0].cell[REL_SAME_PU], 3.0e9, 3.0e9, 0.5, 0.5);
	fill(&c->rows[0].cell[REL_SHARED_L3], 5.9e9, 5.95e9, 1, 1);
	noise_fill(c, moved);
	ok(fabs(check_noise_floor(c, NULL) - 0.31 / 6.0) < 1e-9, "floor %.4f: CPU 0 moved "
	    "5.99 to 6.3 over 6.0", check_noise_floor(c, NULL));
	out = report_string(c, check_report_json);
	ok(strstr(out, "\"distinguishable\":false,\"noise\":\"not distinguishable here "
	    "(this machine's capacity moved \u00b15.2 % between rounds)\"") != NULL,
	    "json: shared-l3, 1.7 %% from alone, is not distinguishable");
	ok(strstr(out, "\"not_distinguishable\":[{\"kernel\":\"int\",\"relation\":"
	    "\"shared-l3\"") != NULL && strstr(out, "\"distinguishable\":null") != NULL,
	    "json: the noise object lists it; same-pu (time-shared) is not judged");
	if (tap_failed)
		printf("%s\n", out);
	free(out);
	out = report_string(c, check_report_text);
	ok(strstr(out, "Not distinguishable here (this machine's capacity moved \u00b15.2 % "
	    "between rounds):\n  int on shared-l3 (1.7 % from alone)") != NULL, "text: the "
	    "relation inside the floor, in words");
	free(out);
	noise_fill(c, still);
	out = report_string(c, check_report_json);
	ok(strstr(out, "\"distinguishable\":true,\"noise\":null") != NULL &&
	    strstr(out, "\"not_distinguishable\":[]") != NULL, "a floor of 0.2 %%: "
	    "1.7 %% from alone is distinguishable");
	free(out);
	check_free(c);
	free(c);
}

/*
 * The verdict line and the noise floor (issue 35, point 5): a sibling
 * yield inside the floor says so within 80 columns, one outside does not.
 */
static void
test_verdict_noise(void)
{
	static const double	moved[][3] = { { 6.0e9, 6.3e9, 5.99e9 }, { 6.1e9, 6.1e9, 6.1e9 },
				    { 6.0e9, 6.0e9, 6.0e9 }, { 6.0e9, 6.0e9, 6.0e9 } };
	static const double	still[][3] = { { 6.0e9, 6.01e9, 6.0e9 }, { 6.1e9, 6.1e9, 6.1e9 },
				    { 6.0e9, 6.0e9, 6.0e9 }, { 6.0e9, 6.0e9, 6.0e9 } };
	struct check		*c = xcalloc(1, sizeof *c);
	char			 err[512], line[512], *out;
	int			 i;

	if ((c->m = load_synthetic("pack:1 l3:1 core:2 pu:2")) == NULL) {
		free(c);
		return;
	}
	c->time_given = 1;
	c->cell_s = 1;
	if (check_add_kernels(c, "int", err, sizeof err) == -1 ||
	    check_prepare(c, -1, err, sizeof err) == -1 || c->noise == NULL ||
	    c->noise->ncpus > 4 || c->noise->nrounds != 3 ||
	    c->plan.rel[REL_SMT_SIBLING].cpu < 0) {
		ok(0, "plan for the verdict's noise: %s", err);
		return;
	}
	fill(&c->solos[0].cell, 6.0e9, NAN, 1, NAN);
	for (i = 0; i < REL_COUNT; i++)
		c->rows[0].cell[i].state = CHECK_NOT_RUN;
	/* Made figures: 3.1 + 3.14 over 6.0, a yield of 1.04. */
	fill(&c->rows[0].cell[REL_SMT_SIBLING], 3.1e9, 3.14e9, 1, 1);
	noise_fill(c, moved);
	check_verdict(c, line, sizeof line);
	ok(strcmp(line, "SMT yield: int 1.04, within this machine's noise \u00b15.2 %: "
	    "not told apart from 1") == 0 && report_width(line) <= 80, "inside a floor of "
	    "5.2 %%, the verdict says 1.04 is not told apart from 1: %s", line);
	out = report_string(c, check_report_json);
	ok(strstr(out, "\"verdict\":\"SMT yield: int 1.04, within this machine's noise") !=
	    NULL, "json: the verdict says so too");
	if (tap_failed)
		printf("%s\n", out);
	free(out);
	noise_fill(c, still);
	check_verdict(c, line, sizeof line);
	ok(strcmp(line, "SMT yield: int 1.04") == 0, "outside a floor of 0.2 %%, the "
	    "verdict is the figure alone: %s", line);
	/* Five kernels inside: the marked form, still within 80 columns. */
	check_free(c);
	free(c);
	c = xcalloc(1, sizeof *c);
	c->m = load_synthetic("pack:1 l3:1 core:2 pu:2");
	c->time_given = 1;
	c->cell_s = 1;
	if (c->m == NULL || check_add_kernels(c, "int,fp,hash,chase,stream", err,
	    sizeof err) == -1 || check_prepare(c, -1, err, sizeof err) == -1 ||
	    c->noise == NULL || c->noise->ncpus > 4 || c->noise->nrounds != 3) {
		ok(0, "plan of five kernels: %s", err);
		return;
	}
	for (i = 0; i < c->nsolos; i++)
		fill(&c->solos[i].cell, 6.0e9, NAN, 1, NAN);
	for (i = 0; i < c->nrows; i++) {
		int	r;

		for (r = 0; r < REL_COUNT; r++)
			c->rows[i].cell[r].state = CHECK_NOT_RUN;
		fill(&c->rows[i].cell[REL_SMT_SIBLING], 3.1e9, i == 0 ? 4.9e9 : 3.14e9, 1, 1);
	}
	noise_fill(c, moved);
	check_verdict(c, line, sizeof line);
	ok(strcmp(line, "SMT yield: int 1.33; fp, hash, chase, stream within noise "
	    "\u00b15.2 %") == 0 && report_width(line) < 80, "five kernels, four inside: "
	    "those inside named, in %d columns: %s",
	    report_width(line), line);
	check_free(c);
	free(c);
}

int
main(void)
{
	test_manifest();
	test_skylake(1);
	test_skylake(0);
	test_zen4(1);
	test_zen4(0);
	test_knl(1);
	test_knl(0);
	test_bulldozer();
	test_cgroup("amd-opteron-6134-cgroup2", 8);
	test_cgroup("amd-opteron-8347-cgroup-cpuless-numa", 4);
	test_synthetic_full();
	test_synthetic_nosmt();
	test_busy();
	test_budget();
	test_lists();
	test_prepare();
	test_csv();
	test_beyond();
	test_noise();
	test_verdict_noise();
	return tap_done();
}
