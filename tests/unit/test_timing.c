/*
 * test_timing.c: `smtscope time` apart from its command: the placement
 * planner, the statistics, PATH search, the runner on real commands, and
 * the summaries and CSV report of runs filled by hand.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "topologies.h"
#include "exp/time/timing.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

/* Load a synthetic topology; it must work. */
static struct topo *
load_syn(const char *desc)
{
	char		 err[512];
	struct topo	*m;

	m = topo_load_synthetic(desc, err, sizeof err);
	if (m == NULL) {
		printf("# %s\n", err);
		exit(1);
	}
	return m;
}

/* Plan a list, dedupe it; the number of placements, or -1 with err printed. */
static int
plan(const struct topo *m, const char *list, struct timing_place **places)
{
	char	err[512];
	int	n = 0;

	*places = NULL;
	if (timing_plan_add(m, list, places, &n, err, sizeof err) == -1) {
		printf("# %s\n", err);
		free(*places);
		*places = NULL;
		return -1;
	}
	timing_plan_dedupe(m, *places, n);
	return n;
}

/* Does set hold exactly one allowed CPU of every core that has one? */
static int
one_per_core(const struct topo *m, const struct cpuset *set)
{
	int	c, i, k;

	for (c = 0; c < m->ncores; c++) {
		k = 0;
		for (i = m->cores[c].first_pu; i < m->cores[c].first_pu + m->cores[c].npus; i++)
			if (cpuset_isset(set, m->pus[i].os_index))
				k++;
		if (k != (m->cores[c].nallowed > 0))
			return 0;
	}
	return 1;
}

/* Is every core touched by set wholly in it (all its allowed siblings)? */
static int
whole_cores(const struct topo *m, const struct cpuset *set)
{
	int	c, i, k;

	for (c = 0; c < m->ncores; c++) {
		k = 0;
		for (i = m->cores[c].first_pu; i < m->cores[c].first_pu + m->cores[c].npus; i++)
			if (m->pus[i].allowed && cpuset_isset(set, m->pus[i].os_index))
				k++;
		if (k != 0 && k != m->cores[c].nallowed)
			return 0;
	}
	return 1;
}

/* CPUs of set in package p. */
static int
in_package(const struct topo *m, const struct cpuset *set, int p)
{
	const struct topo_pu	*pu;
	int			 cpu, n = 0;

	CPUSET_FOREACH(cpu, set)
		if ((pu = topo_pu_by_os(m, cpu)) != NULL && m->cores[pu->core].package == p)
			n++;
	return n;
}

/* The default placements on a 2-package SMT2 synthetic machine. */
static void
test_synthetic_smt2(void)
{
	struct topo		*m = load_syn("package:2 core:4 pu:2");
	struct timing_place	*p;
	int			 n;

	n = plan(m, "all,cores,half", &p);
	ok(n == 3, "package:2 core:4 pu:2: three placements (got %d)", n);
	if (n != 3)
		goto out;
	ok(p[0].status == TIMING_RUN && p[0].ncpus == 16 && p[0].ncores == 8,
	    "all: 16 CPUs on 8 cores (got %d on %d)", p[0].ncpus, p[0].ncores);
	ok(p[1].status == TIMING_RUN && p[1].ncpus == 8 && p[1].ncores == 8 &&
	    one_per_core(m, &p[1].cpus), "cores: 8 CPUs, one per core (got %d on %d)",
	    p[1].ncpus, p[1].ncores);
	ok(p[2].status == TIMING_RUN && p[2].ncpus == 8 && p[2].ncores == 4 &&
	    whole_cores(m, &p[2].cpus), "half: 8 CPUs on 4 whole cores (got %d on %d)",
	    p[2].ncpus, p[2].ncores);
	ok(in_package(m, &p[2].cpus, 0) == 4 && in_package(m, &p[2].cpus, 1) == 4,
	    "half: spread evenly over the 2 packages (%d + %d)",
	    in_package(m, &p[2].cpus, 0), in_package(m, &p[2].cpus, 1));
	ok(timing_plan_runnable(p, n) == 3, "all three run");
out:
	free(p);
	if (n != 3) {
		topo_free(m);
		return;
	}

	n = plan(m, "3,10", &p);
	ok(n == 2 && p[0].ncpus == 3 && p[0].ncores == 3,
	    "3: three CPUs on three cores");
	ok(n == 2 && p[1].ncpus == 10 && p[1].ncores == 8,
	    "10: one per core on all 8 cores, then 2 siblings (got %d on %d)",
	    p[1].ncpus, p[1].ncores);
	free(p);

	n = plan(m, "cores,8,all,16,all", &p);
	ok(n == 5 && p[1].status == TIMING_SAME && p[1].same_as == 0,
	    "8 is the same CPUs as cores: not run again");
	ok(n == 5 && p[3].status == TIMING_SAME && p[3].same_as == 2 &&
	    p[4].status == TIMING_SAME && p[4].same_as == 2,
	    "16 and a second all are the same CPUs as all");
	ok(n == 5 && strstr(p[1].reason, "'cores'") != NULL, "the reason names it: %s",
	    n == 5 ? p[1].reason : "");
	ok(timing_plan_runnable(p, n) == 2, "two placements run");
	free(p);

	n = plan(m, "all,cpus=0,2", &p);
	ok(n == 2 && p[1].ncpus == 2 && cpuset_isset(&p[1].cpus, 0) &&
	    cpuset_isset(&p[1].cpus, 2) && strcmp(p[1].name, "cpus=0,2") == 0,
	    "cpus=0,2 takes the rest of the list: CPUs 0 and 2");
	free(p);
	n = plan(m, "cpus=core:1", &p);
	ok(n == 1 && p[0].ncpus == 2 && p[0].ncores == 1,
	    "cpus=core:1: a place, both siblings of core 1");
	free(p);
	topo_free(m);
}

/* SMT4 and odd shapes. */
static void
test_synthetic_other(void)
{
	struct topo		*m;
	struct timing_place	*p;
	int			 n;

	m = load_syn("package:2 core:2 pu:4");
	n = plan(m, "cores,half", &p);
	ok(n == 2 && p[0].ncpus == 4 && p[1].ncpus == 8 && p[1].ncores == 2 &&
	    whole_cores(m, &p[1].cpus) && in_package(m, &p[1].cpus, 0) == 4,
	    "package:2 core:2 pu:4: half is 8 CPUs on 2 whole cores, one per package");
	free(p);
	topo_free(m);

	m = load_syn("core:1 pu:2");
	n = plan(m, "all,cores,half", &p);
	ok(n == 3 && p[2].status == TIMING_REFUSED && p[2].reason[0] != '\0',
	    "core:1 pu:2: half (1 CPU) is less than a whole core, refused: %s",
	    n == 3 ? p[2].reason : "");
	ok(n == 3 && p[1].status == TIMING_RUN && p[1].ncpus == 1,
	    "core:1 pu:2: cores is 1 CPU and differs from all");
	free(p);
	topo_free(m);
}

/* Without SMT, cores equals all and half is refused. */
static void
test_synthetic_nosmt(void)
{
	struct topo		*m = load_syn("package:1 core:4 pu:1");
	struct timing_place	*p;
	int			 n;

	n = plan(m, "all,cores,half", &p);
	ok(n == 3, "package:1 core:4 pu:1: three placements");
	if (n != 3)
		goto out;
	ok(p[1].status == TIMING_SAME && p[1].same_as == 0 &&
	    strstr(p[1].reason, "no SMT") != NULL,
	    "no SMT: cores is the same as all, not run twice: %s", p[1].reason);
	ok(p[2].status == TIMING_REFUSED && strstr(p[2].reason, "no SMT") != NULL,
	    "no SMT: half is refused: %s", p[2].reason);
	ok(p[2].ncpus == 0, "a refused placement has no CPUs");
	ok(timing_plan_runnable(p, n) == 1, "only all runs");
out:
	free(p);
	n = plan(m, "half", &p);
	ok(n == 1 && timing_plan_runnable(p, n) == 0, "half alone: nothing runnable");
	free(p);
	topo_free(m);
}

/* Words that make no sense are errors, with a message. */
static void
test_bad_words(void)
{
	static const char	*bad[] = {
		"foo", "0", "17", "-1", "all,,cores", "", "cpus=", "cpus=99", "cpus=0,99",
		"2x", "all,", "Cores"
	};
	struct topo		*m = load_syn("package:2 core:4 pu:2");
	struct timing_place	*p = NULL;
	char			 err[512];
	size_t			 i;
	int			 n;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		n = 0;
		err[0] = '\0';
		ok(timing_plan_add(m, bad[i], &p, &n, err, sizeof err) == -1 &&
		    err[0] != '\0', "'%s' is refused: %s", bad[i], err);
		free(p);
		p = NULL;
	}
	n = 0;
	ok(timing_plan_add(m, "16", &p, &n, err, sizeof err) == 0 && n == 1,
	    "16 (every CPU) is accepted");
	free(p);
	topo_free(m);
}

/*
 * The machines named in the issue: their shapes from the fixtures (fixture
 * 1) or the real files (0); the rest of the real ones only from the files.
 */
static void
test_real(int fixture)
{
	struct timing_place	*p;
	struct topo		*m;
	int			 n;

	if ((m = load_shape(fixture, "skylake-2s", "intel-xeon-6140-skylake-2s", 1)) != NULL) {
		n = plan(m, "all,cores,half", &p);
		ok(n == 3 && p[0].ncpus == 72, "Skylake 2S: all is 72 CPUs");
		ok(n == 3 && p[1].ncpus == 36 && p[1].ncores == 36 &&
		    one_per_core(m, &p[1].cpus),
		    "Skylake 2S: cores is 36 CPUs, one per core (got %d on %d)",
		    p[1].ncpus, p[1].ncores);
		ok(n == 3 && p[2].ncpus == 36 && p[2].ncores == 18 &&
		    whole_cores(m, &p[2].cpus),
		    "Skylake 2S: half is 36 CPUs on 18 whole cores (got %d on %d)",
		    p[2].ncpus, p[2].ncores);
		ok(n == 3 && in_package(m, &p[2].cpus, 0) == 18 &&
		    in_package(m, &p[2].cpus, 1) == 18,
		    "Skylake 2S: half has 9 cores in each package");
		free(p);
		topo_free(m);
	}
	if ((m = load_shape(fixture, "knl", "intel-xeonphi-7210-knl", 1)) != NULL) {
		n = plan(m, "all,cores,half", &p);
		ok(n == 3 && p[1].ncpus == 64 && p[1].ncores == 64,
		    "KNL: cores is 64 CPUs on 64 cores");
		ok(n == 3 && p[2].ncpus == 128 && p[2].ncores == 32 &&
		    whole_cores(m, &p[2].cpus),
		    "KNL: half is 128 CPUs on 32 whole 4-thread cores (got %d on %d)",
		    p[2].ncpus, p[2].ncores);
		free(p);
		topo_free(m);
	}
	if (!fixture && (m = load_real("intel-xeon-x7460-dunnington-4s", 1)) != NULL) {
		n = plan(m, "all,cores,half", &p);
		ok(n == 3 && p[1].status == TIMING_SAME && p[1].same_as == 0,
		    "Dunnington (no SMT): cores equals all, not run twice");
		ok(n == 3 && p[2].status == TIMING_REFUSED && p[2].reason[0] != '\0',
		    "Dunnington (no SMT): half refused: %s", n == 3 ? p[2].reason : "");
		free(p);
		topo_free(m);
	}
	if ((m = load_shape(fixture, "hybrid-laptop", "intel-core-i7-1370p-raptorlake-hybrid",
	    1)) != NULL) {
		n = plan(m, "all,cores,half", &p);
		ok(n == 3 && p[0].ncpus == 20 && p[1].ncpus == 14 &&
		    p[2].ncpus == 10 && p[2].ncores == 5 && whole_cores(m, &p[2].cpus),
		    "Raptor Lake hybrid: all 20, cores 14, half 10 on 5 whole P-cores "
		    "(got %d, %d, %d on %d)", p[0].ncpus, p[1].ncpus, p[2].ncpus,
		    p[2].ncores);
		free(p);
		topo_free(m);
	}
	if (!fixture && (m = load_real("intel-xeon-netburst-4s2c2t-offline", 1)) != NULL) {
		n = plan(m, "all,cores,half", &p);
		ok(n == 3 && p[0].ncpus == 12 && p[1].ncpus == 7 &&
		    p[2].ncpus == 6 && whole_cores(m, &p[2].cpus),
		    "NetBurst with offline CPUs: all 12, cores 7, half 6 as whole cores "
		    "(got %d, %d, %d)", p[0].ncpus, p[1].ncpus, p[2].ncpus);
		free(p);
		topo_free(m);
	}
	if (!fixture && (m = load_real("amd-opteron-6134-cgroup2", 1)) != NULL) {
		n = plan(m, "all,cores", &p);
		ok(n == 2 && p[0].ncpus == 6 && p[1].status == TIMING_SAME,
		    "cgroup-restricted Opteron: all is the 6 allowed CPUs, cores the same");
		free(p);
		topo_free(m);
	}
}

/* Median, min, max. */
static void
test_stat(void)
{
	struct timing_stat	st;
	double			odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };

	timing_stat_compute(odd, 3, &st);
	ok(st.median == 2 && st.min == 1 && st.max == 3, "median of 3 1 2 is 2, range 1-3");
	timing_stat_compute(even, 4, &st);
	ok(st.median == 2.5 && st.min == 1 && st.max == 4,
	    "median of 4 1 3 2 is 2.5, range 1-4");
	ok(even[0] == 4 && even[3] == 2, "the sample is left in its order");
	timing_stat_compute(one, 1, &st);
	ok(st.median == 7 && st.min == 7 && st.max == 7, "one value is its own median");
	timing_stat_compute(NULL, 0, &st);
	ok(st.median == 0 && st.min == 0 && st.max == 0, "an empty sample gives zeros");
}

/* The lock-contention tell-tale. */
static void
test_contention(void)
{
	ok(timing_sys_contention(10, 11, 1, 3), "user +10%%, sys +200%%: contention");
	ok(!timing_sys_contention(10, 20, 1, 2), "user and sys both double: none");
	ok(!timing_sys_contention(10, 11, 0.01, 0.05),
	    "sys grows 5x but by 40 ms only: too small to say");
	ok(timing_sys_contention(10, 10, 0, 0.5), "sys from zero to 0.5 s: contention");
	ok(!timing_sys_contention(10, 12, 2, 1.5), "sys shrinks: none");
}

/* PATH search before anything runs. */
static void
test_find_command(void)
{
	char	path[4096], err[512], dir[] = "/tmp/smtscope-timing.XXXXXX", file[4200];
	char	*old;
	int	fd;

	ok(timing_find_command("sh", path, sizeof path, err, sizeof err) == 0 &&
	    strchr(path, '/') != NULL, "sh is found in PATH: %s", path);
	ok(timing_find_command("/bin/sh", path, sizeof path, err, sizeof err) == 0 &&
	    strcmp(path, "/bin/sh") == 0, "/bin/sh is taken as written");
	ok(timing_find_command("smtscope-no-such-command", path, sizeof path, err,
	    sizeof err) == -1 && strstr(err, "not found") != NULL,
	    "a missing command is not found: %s", err);
	ok(timing_find_command("/nonexistent/x", path, sizeof path, err, sizeof err) == -1,
	    "a missing path is not found: %s", err);
	ok(timing_find_command("", path, sizeof path, err, sizeof err) == -1,
	    "an empty name is refused");
	ok(timing_find_command("/tmp", path, sizeof path, err, sizeof err) == -1,
	    "a directory is not a command: %s", err);
	if (mkdtemp(dir) == NULL) {
		skip("mkdtemp failed");
		return;
	}
	snprintf(file, sizeof file, "%s/plain", dir);
	if ((fd = open(file, O_WRONLY | O_CREAT, 0644)) != -1)
		close(fd);
	old = getenv("PATH") != NULL ? xstrdup(getenv("PATH")) : NULL;
	setenv("PATH", dir, 1);
	ok(timing_find_command("plain", path, sizeof path, err, sizeof err) == -1 &&
	    strstr(err, "not executable") != NULL,
	    "a file without x permission is not a command: %s", err);
	chmod(file, 0755);
	ok(timing_find_command("plain", path, sizeof path, err, sizeof err) == 0 &&
	    strcmp(path, file) == 0, "with x permission it is: %s", path);
	if (old != NULL) {
		setenv("PATH", old, 1);
		free(old);
	} else
		unsetenv("PATH");
	unlink(file);
	rmdir(dir);
}

/* Runs filled by hand: all (2 CPUs) twice as fast as cores (1), sys time growing. */
static void
fake_runs(struct timing *t, struct topo *m)
{
	static const struct { int place; double wall, user, sys; int status; } runs[] = {
		{ 0, 1.0, 2.0, 0.5, 0 }, { 1, 2.0, 1.9, 0.1, 0 },
		{ 0, 1.2, 2.2, 0.7, 0 }, { 1, 2.2, 2.1, 0.1, 3 << 8 },
		{ 0, 1.1, 2.1, 0.6, 0 }, { 1, 2.4, 2.0, 0.1, 9 },
	};
	char	err[512];
	size_t	i;

	memset(t, 0, sizeof *t);
	t->m = m;
	t->nruns = 3;
	if (timing_plan_add(m, "all,1,half", &t->places, &t->nplaces, err,
	    sizeof err) == -1)
		printf("# %s\n", err);
	timing_plan_dedupe(m, t->places, t->nplaces);
	snprintf(t->places[1].name, sizeof t->places[1].name, "cores");
	t->runs = xcalloc(6, sizeof *t->runs);
	for (i = 0; i < 6; i++) {
		t->runs[i].place = runs[i].place;
		t->runs[i].order = (int)i + 1;
		t->runs[i].wall_s = runs[i].wall;
		t->runs[i].user_s = runs[i].user;
		t->runs[i].sys_s = runs[i].sys;
		t->runs[i].maxrss_kb = 1000 + (long)i;
		t->runs[i].status = runs[i].status;
	}
	t->nrun = 6;
}

/* Summaries and the comparison of all with cores, from runs filled by hand. */
static void
test_summary(void)
{
	struct topo		*m = load_syn("pack:1 core:2 pu:1");
	struct timing		 t;
	struct timing_sum	 s;
	struct timing_cmp	 cmp;

	fake_runs(&t, m);
	timing_summarize(&t, 0, &s);
	ok(s.nruns == 3 && s.wall.median == 1.1 && s.wall.min == 1.0 && s.wall.max == 1.2 &&
	    s.maxrss_kb == 1004 && s.failed == 0, "all: 3 runs, wall median 1.1 (1.0-1.2)");
	timing_summarize(&t, 1, &s);
	ok(s.nruns == 3 && s.failed == 2 && s.wall.median == 2.2,
	    "cores: 2 of 3 failed, wall median 2.2");
	ok(timing_failed(&t) == 2, "2 failed runs in all");
	ok(timing_compare(&t, &cmp) == 1 && fabs(cmp.speedup - 2) < 1e-9 &&
	    cmp.contention && fabs(cmp.sys_growth - 6) < 1e-9, "all over cores: 2x, sys 6x: contention");
	ok(timing_find_place(&t, "half") == 2 && t.places[2].status == TIMING_REFUSED,
	    "half is refused without SMT");
	/* SMT is credited only from runs that tell it from noise (issue 23, item 10). */
	ok(!cmp.firm && strstr(cmp.why, "3 and 1 good runs: too few") != NULL,
	    "one good run on cores: not firm (%s)", cmp.why);
	t.runs[3].status = t.runs[5].status = 0;
	ok(timing_compare(&t, &cmp) == 1 && cmp.firm, "three runs each, 1.0-1.2 s against "
	    "2.0-2.4 s: firm");
	t.runs[1].wall_s = 1.15;
	ok(timing_compare(&t, &cmp) == 1 && !cmp.firm &&
	    strstr(cmp.why, "within the runs' spread (all 1-1.2 s, cores 1.15-2.4 s)") != NULL,
	    "ranges that overlap: not firm (%s)", cmp.why);
	t.nrun = 2;
	ok(timing_compare(&t, &cmp) == 1 && !cmp.firm && strstr(cmp.why, "1 and 1 good runs")
	    != NULL, "one run each, as the issue saw a 1.07x credited: not firm (%s)", cmp.why);
	free(t.runs);
	free(t.places);
	topo_free(m);
}

/* CSV from runs filled by hand: a unit column, one row per run, refusals with reasons. */
static void
test_csv(void)
{
	struct topo	*m = load_syn("pack:1 core:2 pu:1");
	struct timing	 t;
	char		 out[4096];
	FILE		*f = tmpfile();
	size_t		 n;

	if (f == NULL)
		return;
	fake_runs(&t, m);
	timing_report_csv(&t, f);
	rewind(f);
	n = fread(out, 1, sizeof out - 1, f);
	out[n] = '\0';
	fclose(f);
	ok(strncmp(out, "placement,status,cpus,ncpus,ncores,order,unit,wall,user,sys,"
	    "maxrss_kb,nvcsw,nivcsw,exit_status,signal,reason\n", 106) == 0,
	    "the header has a unit column");
	ok(strstr(out, "\nall,run,0-1,2,2,1,s,1,2,0.5,1000,0,0,0,,\n") != NULL,
	    "a run: times in seconds, exit status 0");
	ok(strstr(out, "\ncores,run,0,1,1,4,s,2.2,2.1,0.1,1003,0,0,3,,\n") != NULL,
	    "a run that exited 3");
	ok(strstr(out, "\ncores,run,0,1,1,6,s,2.4,2,0.1,1005,0,0,,9,\n") != NULL,
	    "a run killed by signal 9");
	ok(strstr(out, "\nhalf,refused,,0,0,,,,,,,,,,,no whole cores of siblings to pack "
	    "(one logical CPU per core here: no SMT)\n") != NULL,
	    "half: refused, with the reason in the SMT state's words");
	if (tap_failed)
		printf("%s", out);
	free(t.runs);
	free(t.places);
	topo_free(m);
}

/* The runner on real commands: statuses, alternation, a failing --prepare. */
static void
test_run_all(void)
{
	char		*ok_argv[] = { (char *)"true", NULL };
	char		*bad_argv[] = { (char *)"sh", (char *)"-c", (char *)"exit 3", NULL };
	char		 err[512];
	struct timing	 t;
	int		 rc;

	memset(&t, 0, sizeof t);
	if ((t.m = topo_load_live(err, sizeof err)) == NULL) {
		skip("no live topology: %s", err);
		return;
	}
	t.nruns = 2;
	t.output = TIMING_OUT_QUIET;
	t.argv = ok_argv;
	t.argc = 1;
	timing_plan_add(t.m, "all,1", &t.places, &t.nplaces, err, sizeof err);
	timing_plan_dedupe(t.m, t.places, t.nplaces);
	rc = timing_run_all(&t, NULL, NULL);
	ok(rc == 0 && t.nrun == 2 * timing_plan_runnable(t.places, t.nplaces) &&
	    timing_failed(&t) == 0 && t.runs[0].wall_s > 0 && t.runs[0].order == 1,
	    "true on each placement, twice: %d runs, none failed", t.nrun);
	free(t.runs);
	t.nrun = 0;
	t.argv = bad_argv;
	t.argc = 3;
	rc = timing_run_all(&t, NULL, NULL);
	ok(rc == 0 && timing_failed(&t) == t.nrun && WIFEXITED(t.runs[0].status) &&
	    WEXITSTATUS(t.runs[0].status) == 3, "exit 3 is a failed run with its status");
	free(t.runs);
	t.nrun = 0;
	t.prepare = "exit 5";
	rc = timing_run_all(&t, NULL, NULL);
	ok(rc == -1 && t.nrun == 0 && strstr(t.error, "exit status 5") != NULL,
	    "a failing --prepare stops before the first run: %s", t.error);
	free(t.runs);
	free(t.places);
	topo_free(t.m);
}

int
main(void)
{
	test_synthetic_smt2();
	test_synthetic_other();
	test_synthetic_nosmt();
	test_bad_words();
	test_real(1);
	test_real(0);
	test_stat();
	test_contention();
	test_find_command();
	test_summary();
	test_csv();
	test_run_all();
	return tap_done();
}
