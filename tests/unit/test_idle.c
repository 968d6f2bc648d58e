/*
 * test_idle.c: check --idle apart from the machine: the cpuidle reader on
 * fixture trees (tests/data/sys-idle, sys-vm, sys-bare), the arithmetic of
 * a cell from windows filled by hand, the report's JSON keys and its line
 * in the lore's terms, and --idle=states' hold, record, refusal and
 * restore on a copy of the fixture tree, a SIGKILL included.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/json.h"
#include "base/jsonw.h"
#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "exp/idle.h"
#include "sample/cpuidle.h"
#include "model/topo.h"
#include "os/os.h"
#include "base/util.h"
#include "report/reports.h"
#include "tap.h"

/* Directory of the fixture trees: $TESTDATA or tests/data. */
static const char *
test_data(void)
{
	const char	*d = getenv("TESTDATA");

	return d != NULL && *d != '\0' ? d : "tests/data";
}

/* Path of a fixture tree (static). */
static const char *
fixture(const char *name)
{
	static char	root[1024];

	snprintf(root, sizeof root, "%s/%s", test_data(), name);
	return root;
}

/* Whether a and b agree to a millionth. */
static int
near(double a, double b)
{
	return fabs(a - b) < 1e-6;
}

/* A state's disable flag in a tree, or -1. */
static int
flag(const char *root, int cpu, int state)
{
	char	path[1024], buf[16];

	snprintf(path, sizeof path, "%s/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable",
	    root, cpu, state);
	if (util_read_file(path, buf, sizeof buf) != 0)
		return -1;
	return atoi(buf);
}

/* Does a file exist? */
static int
exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* The driver's words, and why where there are no states. */
static void
test_driver(void)
{
	char	drv[96], why[CPUIDLE_WHY_MAX];

	ok(cpuidle_driver(fixture("sys-idle"), "", drv, sizeof drv, why, sizeof why) == 0 &&
	    strcmp(drv, "intel_idle, governor menu") == 0 && why[0] == '\0',
	    "sys-idle: driver '%s'", drv);
	ok(cpuidle_driver(fixture("sys-vm"), "KVM", drv, sizeof drv, why, sizeof why) == -1 &&
	    strstr(why, "no cpuidle driver under KVM") != NULL &&
	    strstr(why, "hypervisor shows no idle states") != NULL,
	    "sys-vm under KVM: '%s'", why);
	ok(cpuidle_driver(fixture("sys-vm"), "", drv, sizeof drv, why, sizeof why) == -1 &&
	    strncmp(why, "no cpuidle driver:", 18) == 0, "sys-vm bare metal: '%s'", why);
	ok(cpuidle_driver(fixture("sys-bare"), "", drv, sizeof drv, why, sizeof why) == -1 &&
	    strstr(why, "no cpuidle in sysfs") != NULL, "sys-bare: '%s'", why);
	ok(cpuidle_aperfmperf(fixture("sys-idle")) == 1, "sys-idle: aperfmperf flag");
	ok(cpuidle_aperfmperf(fixture("sys-vm")) == -1, "sys-vm: no cpuinfo, unknown");
}

/* A CPU's states, their deltas and the shallow mask. */
static void
test_read(void)
{
	struct cpuidle_cpu	a, b;
	struct cpuidle_res	res;

	ok(cpuidle_read(fixture("sys-idle"), 1, &a) == 3 && a.cpu == 1 &&
	    strcmp(a.st[0].name, "POLL") == 0 && strcmp(a.st[2].name, "C6") == 0 &&
	    a.st[2].latency_us == 170 && a.st[2].disabled == 1 && a.st[1].disabled == 0 &&
	    a.st[1].usage == 2001 && a.st[1].time_us == 1000007,
	    "cpu1: 3 states, C6 170us disabled, C1 usage %llu time %llu",
	    (unsigned long long)a.st[1].usage, (unsigned long long)a.st[1].time_us);
	ok(cpuidle_read(fixture("sys-idle"), 7, &b) == -1, "cpu7 absent: -1");
	ok(cpuidle_read(fixture("sys-bare"), 0, &b) == 0 && b.nstates == 0,
	    "sys-bare cpu0: there, no states");
	ok(cpuidle_shallow_mask(&a) == 1u, "shallow: POLL alone");
	b = a;
	b.st[0].latency_us = 3;
	ok(cpuidle_shallow_mask(&b) == 1u, "no 0-latency state: the first alone");

	/* 100 ms later: 25 ms in C1 over 40 entries, 70 ms in C6, none in POLL. */
	b = a;
	b.t_ns = a.t_ns + 100000000;
	b.st[1].time_us += 25000;
	b.st[1].usage += 40;
	b.st[2].time_us += 70000;
	b.st[2].usage += 3;
	ok(cpuidle_delta(&a, &b, &res) == 0 && res.nstates == 3 && res.wall_ns == 100000000 &&
	    near(res.share[0], 0) && near(res.share[1], 0.25) && near(res.share[2], 0.70) &&
	    res.usage[1] == 40 && res.usage[2] == 3,
	    "delta: C1 %.3f C6 %.3f, 40 and 3 entries", res.share[1], res.share[2]);
	b.st[2].time_us = a.st[2].time_us + 200000;
	ok(cpuidle_delta(&a, &b, &res) == 0 && near(res.share[2], 1),
	    "a share read over its window is kept to 1 (%.3f)", res.share[2]);
	b.st[1].usage = a.st[1].usage - 1;
	ok(cpuidle_delta(&a, &b, &res) == -1 && res.nstates == 0, "a counter that went back: -1");
	b = a;
	b.nstates = 2;
	ok(cpuidle_delta(&a, &b, &res) == -1, "states that changed: -1");
}

/* Windows filled by hand: medians, the cost, its spread, the residency. */
static void
test_calc(void)
{
	static const double	asis[3] = { 56.6, 60.0, 50.0 }, held[3] = { 6.0, 6.2, 7.0 };
	struct idle_cell	c;
	double			v[4] = { 3, 1, 2, 10 };
	int			i;

	ok(near(idle_median(v, 3), 2) && near(idle_median(v, 4), 2.5) &&
	    isnan(idle_median(v, 0)), "median of 3 and of 4, none of 0");
	memset(&c, 0, sizeof c);
	for (i = 0; i < 3; i++) {
		c.win[IDLE_ASIS][i].us = asis[i];
		c.win[IDLE_HELD][i].us = held[i];
		c.win[IDLE_ASIS][i].res.nstates = c.win[IDLE_HELD][i].res.nstates = 2;
		c.win[IDLE_ASIS][i].res.wall_ns = c.win[IDLE_HELD][i].res.wall_ns =
		    (uint64_t)(i + 1) * 100000000;
		c.win[IDLE_ASIS][i].res.share[1] = 0.5 + 0.1 * i;
		c.win[IDLE_ASIS][i].res.usage[1] = 100;
		c.win[IDLE_HELD][i].res.share[0] = 0.9;
	}
	c.nwin[IDLE_ASIS] = c.nwin[IDLE_HELD] = 3;
	c.win[IDLE_HELD][2].disturbed = 1;
	idle_cell_finish(&c);
	/* Rounds: 50.6, 53.8, 43.0; the cost 56.6 - 6.2 = 50.4; the furthest 7.4 off. */
	ok(near(c.us[IDLE_ASIS], 56.6) && near(c.us[IDLE_HELD], 6.2) &&
	    near(c.wake_us, 50.4) && near(c.wake_spread_us, 7.4),
	    "as is %.2f, held %.2f, waking costs %.2f +-%.2f", c.us[IDLE_ASIS],
	    c.us[IDLE_HELD], c.wake_us, c.wake_spread_us);
	ok(near(c.spread[IDLE_ASIS], 10 / 56.6) && near(c.spread[IDLE_HELD], 1 / 6.2) &&
	    near(c.ratio, 56.6 / 6.2), "spreads %.4f %.4f, ratio %.3f", c.spread[IDLE_ASIS],
	    c.spread[IDLE_HELD], c.ratio);
	ok(c.disturbed == 1 && c.ndisturbed == 1, "one disturbed window marks the cell");
	/* Weighted by window time: (0.5*1 + 0.6*2 + 0.7*3) / 6. */
	ok(c.res[IDLE_ASIS].nstates == 2 && near(c.res[IDLE_ASIS].share[1], 3.8 / 6) &&
	    c.res[IDLE_ASIS].usage[1] == 300 && c.res[IDLE_ASIS].wall_ns == 600000000 &&
	    near(c.res[IDLE_HELD].share[0], 0.9), "residency %.4f over %llu ns",
	    c.res[IDLE_ASIS].share[1], (unsigned long long)c.res[IDLE_ASIS].wall_ns);
	ok(idle_res_top(&c.res[IDLE_ASIS]) == 1 && idle_res_top(&c.res[IDLE_HELD]) == 0,
	    "the state most of the time went to");

	/* One round: the spread is the two windows' own. */
	memset(&c, 0, sizeof c);
	c.win[IDLE_ASIS][0].us = 40;
	c.win[IDLE_ASIS][0].spread = 0.05;
	c.win[IDLE_HELD][0].us = 10;
	c.win[IDLE_HELD][0].spread = 0.1;
	c.nwin[IDLE_ASIS] = c.nwin[IDLE_HELD] = 1;
	idle_cell_finish(&c);
	ok(near(c.wake_us, 30) && near(c.wake_spread_us, 40 * 0.05 + 10 * 0.1),
	    "one round: cost 30 +-%.2f from the windows' spreads", c.wake_spread_us);
	/* The as-is column alone (no hold): no cost. */
	c.nwin[IDLE_HELD] = 0;
	idle_cell_finish(&c);
	ok(near(c.us[IDLE_ASIS], 40) && isnan(c.us[IDLE_HELD]) && isnan(c.wake_us) &&
	    isnan(c.wake_spread_us) && isnan(c.ratio), "as is alone: no held, no cost");
}

/* A check on a synthetic machine with its idle experiment filled by hand. */
static struct check *
fake_check(void)
{
	struct check		*c = xcalloc(1, sizeof *c);
	struct check_idle	*ci;
	struct idle_cell	*cell;
	char			 err[256];
	int			 i;

	c->m = topo_load_synthetic("pack:1 l3:1 core:2 pu:1", err, sizeof err);
	if (c->m == NULL || check_plan(c->m, 0, NULL, 0, &c->plan, err, sizeof err) == -1) {
		printf("# %s\n", err);
		exit(1);
	}
	c->live = 1;
	c->cell_s = 0.5;
	c->idle = ci = xcalloc(1, sizeof *ci);
	ci->how = IDLE_QOS;
	ci->can_hold = 1;
	ci->rounds = 1;
	ci->nwindows = 4;
	ci->win_s = 0.5;
	ci->qos_before = 2000000000;
	snprintf(ci->driver, sizeof ci->driver, "haltpoll, governor haltpoll");
	snprintf(ci->names[0], sizeof ci->names[0], "POLL");
	snprintf(ci->names[1], sizeof ci->names[1], "haltpoll idle");
	ci->latency_us[1] = 1;
	ci->nnames = 2;
	ci->nrows = 1;
	snprintf(ci->rows[0].kern, sizeof ci->rows[0].kern, "pipe");
	ci->rows[0].ends = 2;
	cell = &ci->rows[0].cell[REL_SHARED_L3];
	cell->state = CHECK_DONE;
	cell->cpu = 1;
	cell->win[IDLE_ASIS][0].us = 56.6;
	cell->win[IDLE_HELD][0].us = 6.2;
	for (i = 0; i < IDLE_NMODES; i++) {
		cell->win[i][0].res.nstates = 2;
		cell->win[i][0].res.wall_ns = 500000000;
		cell->win[i][0].res.share[1 - i] = 0.81;
		cell->win[i][0].res.usage[1 - i] = 17506;
		cell->win[i][0].spread = 0.01;
		cell->nwin[i] = 1;
	}
	idle_cell_finish(cell);
	cell = &ci->rows[0].cell[REL_SAME_PU];
	cell->state = CHECK_FAILED;
	cell->cpu = 0;
	snprintf(cell->error, sizeof cell->error, "a load died");
	return c;
}

/* The JSON member's keys and figures, the text in the lore's terms, CSV rows. */
static void
test_report(void)
{
	struct check		*c = fake_check();
	const struct json_val	*idle, *cell, *res;
	struct strbuf		 sb;
	struct jsonw		 w;
	struct json		*j;
	char			 err[256], *text = NULL, *csv = NULL;
	size_t			 len = 0;
	FILE			*f;

	ok(c->plan.rel[REL_SHARED_L3].cpu == 1 && c->plan.rel[REL_SAME_PU].cpu == 0,
	    "the synthetic plan: same-pu 0, shared-l3 1");
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "check");
	idle_report_json(c, &w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	j = json_parse(sb.s, sb.len, err, sizeof err);
	ok(j != NULL, "the idle member is JSON%s%s", j == NULL ? ": " : "", j == NULL ? err : "");
	if (j == NULL) {
		printf("# %s\n", sb.s);
		return;
	}
	idle = json_get(json_root(j), "idle");
	cell = json_get(json_get(json_get(idle, "results"), "pipe"), "shared-l3");
	ok(strcmp(json_str(json_get(idle, "how"), ""), "qos") == 0 &&
	    json_get(idle, "hold")->type == JSON_TRUE &&
	    json_get(idle, "hold_unavailable")->type == JSON_NULL &&
	    strcmp(json_str(json_get(idle, "driver"), ""), "haltpoll, governor haltpoll") == 0 &&
	    json_get(idle, "states")->n == 2 && json_num(json_get(idle, "qos_before_us"), 0) ==
	    2000000000 && strcmp(json_str(json_get(idle, "unit"), ""), "us") == 0,
	    "idle: how, hold, driver, states, qos_before_us, unit");
	ok(cell != NULL && json_num(json_get(cell, "as_is_us"), 0) == 56.6 &&
	    json_num(json_get(cell, "held_us"), 0) == 6.2 &&
	    near(json_num(json_get(cell, "wake_us"), 0), 50.4) &&
	    json_num(json_get(cell, "cpu"), -1) == 1 &&
	    json_get(cell, "disturbed")->type == JSON_FALSE &&
	    json_get(cell, "error")->type == JSON_NULL,
	    "pipe on shared-l3: as_is_us, held_us, wake_us, cpu, disturbed, error");
	res = json_get(json_get(cell, "residency"), "as_is");
	ok(res != NULL && res->n == 2 && strcmp(json_str(json_get(res->child->next, "state"),
	    ""), "haltpoll idle") == 0 && json_num(json_get(res->child->next, "share"), 0) ==
	    0.81 && json_num(json_get(res->child->next, "per_s"), 0) == 35012,
	    "its residency as is: haltpoll idle 0.81, 35012 entries a second");
	ok(json_get(json_get(json_get(idle, "results"), "pipe"), "smt-sibling")->type ==
	    JSON_NULL && strcmp(json_str(json_get(json_get(json_get(json_get(idle, "results"),
	    "pipe"), "same-pu"), "error"), ""), "a load died") == 0,
	    "a relation absent is null; a failed cell says why");
	json_free(j);
	strbuf_free(&sb);

	f = open_memstream(&text, &len);
	idle_report_text(c, f);
	fclose(f);
	ok(strstr(text, "shared-l3      idle as is 56.6 \u00b5s, held 6.20 \u00b5s: waking "
	    "costs 50.4 \u00b10.63 \u00b5s\n") != NULL,
	    "the lore's line: idle as is, held, waking costs, the spread of one round's windows");
	ok(strstr(text, "CPU 1 as is: POLL 0%, haltpoll idle 81% (35012/s);\n") != NULL &&
	    strstr(text, "held: POLL 81% (35012/s), haltpoll idle 0%\n") != NULL,
	    "the waking CPU's residency in each column, broken between columns");
	ok(strstr(text, "same-pu        failed: a load died") != NULL, "a failed cell says why");
	{
		const char	*s;
		int		 col = 0, max = 0;

		for (s = text; *s != '\0'; s++) {
			if (*s == '\n')
				col = 0;
			else if (((unsigned char)*s & 0xc0) != 0x80 && ++col > max)
				max = col;
		}
		ok(max <= 80, "every line fits 80 columns (%d)", max);
	}
	free(text);
	text = NULL;
	f = open_memstream(&csv, &len);
	idle_report_csv(c, f);
	fclose(f);
	ok(strncmp(csv, "kernel,relation,anchor,cpu,idle,unit,us,spread,wake_us,wake_spread_us,"
	    "ratio,residency,status\n", 93) == 0 && strstr(csv, "\npipe,shared-l3,0,1,held,us,"
	    "6.2,0.01,50.4,0.628,9.12903,POLL:0.81:35012;haltpoll idle:0:0,ok\n") != NULL &&
	    strstr(csv, "\npipe,same-pu,0,0,as_is,us,,,,,,,failed: a load died\n") != NULL,
	    "CSV: the header, a held row with the cost and its residency, a failed row");
	free(csv);

	/* check here: "waking costs -10.2 ±8.44 µs", a negative cost past its spread. */
	c->idle->rows[0].cell[REL_SHARED_L3].wake_us = -10.2;
	c->idle->rows[0].cell[REL_SHARED_L3].wake_spread_us = 8.44;
	f = open_memstream(&text, &len);
	idle_report_text(c, f);
	fclose(f);
	ok(strstr(text, "no waking cost seen: held was") != NULL &&
	    strstr(text, "slower here by 10.2 \u00b18.44 \u00b5s\n") != NULL &&
	    strstr(text, "-10.2") == NULL && strstr(text, "waking costs") == NULL,
	    "held slower: no waking cost seen, held slower by 10.2 \u00b18.44 \u00b5s, no negative cost");
	free(text);
	text = NULL;
	c->idle->rows[0].cell[REL_SHARED_L3].wake_us = -5;
	f = open_memstream(&text, &len);
	idle_report_text(c, f);
	fclose(f);
	ok(strstr(text, "slower here by 5.00 \u00b18.44 \u00b5s (no more than its spread)") != NULL,
	    "held slower within the spread: said so");
	free(text);
	text = NULL;

	c->idle->can_hold = 0;
	snprintf(c->idle->hold_why, sizeof c->idle->hold_why, "%s", IDLE_NO_ACCESS);
	f = open_memstream(&text, &len);
	idle_report_text(c, f);
	fclose(f);
	ok(strstr(text, IDLE_NO_ACCESS) == NULL && strstr(text, "as is alone (no") != NULL && strstr(text, "held n/a") != NULL &&
	    strstr(text, "waking costs") == NULL,
	    "without the hold: as is alone, the reason left to the plan (said once)");
	free(text);
	free(c->idle);
	topo_free(c->m);
	free(c);
}

/* A copy of sys-idle with a run/ directory, in a temporary directory; its path. */
static const char *
tree_copy(void)
{
	static char	dir[256];
	char		cmd[1024];

	snprintf(dir, sizeof dir, "%s/smtscope-idle.XXXXXX", getenv("TMPDIR") != NULL ?
	    getenv("TMPDIR") : "/tmp");
	if (mkdtemp(dir) == NULL)
		return NULL;
	snprintf(cmd, sizeof cmd, "cp -R '%s/.' '%s' && mkdir '%s/run'", fixture("sys-idle"),
	    dir, dir);
	return system(cmd) == 0 ? dir : NULL;
}

/* Remove a temporary tree. */
static void
tree_free(const char *dir)
{
	char	cmd[1024];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

/* Wait (at most 5 s) until a file is gone; 1 when it is. */
static int
gone(const char *path)
{
	int	i;

	for (i = 0; i < 500 && exists(path); i++)
		usleep(10000);
	return !exists(path);
}

/* --idle=states: hold, let go, write back what it was; the record and the guard. */
static void
test_states(void)
{
	struct idle_hold	h;
	struct cpuset		cpus;
	const char		*root = tree_copy();
	char			rec[1024], err[1024];

	if (root == NULL) {
		skip("no temporary copy of the fixture tree");
		return;
	}
	snprintf(rec, sizeof rec, "%s%s", root, IDLE_RECORD);
	cpuset_zero(&cpus);
	cpuset_set(&cpus, 0);
	cpuset_set(&cpus, 1);
	idle_hold_init(&h, IDLE_STATES, root);
	ok(idle_hold_open(&h, &cpus, err, sizeof err) == 0 && h.nrec == 4 && exists(rec) &&
	    h.guard_pid > 0, "open: 4 deeper states found, recorded, a guard (%s)", err);
	ok(flag(root, 0, 1) == 0 && flag(root, 0, 2) == 0 && flag(root, 1, 2) == 1,
	    "open writes nothing new");
	ok(idle_hold_on(&h, err, sizeof err) == 0 && flag(root, 0, 0) == 0 &&
	    flag(root, 0, 1) == 1 && flag(root, 0, 2) == 1 && flag(root, 1, 1) == 1 &&
	    flag(root, 1, 2) == 1, "held: C1 and C6 disabled on both, POLL not");
	{
		pid_t	pid;
		int	status;

		/* Another process checks while this one holds. */
		fflush(stdout);
		if ((pid = fork()) == 0)
			_exit(idle_record_check(root, err, sizeof err) == -1 &&
			    strstr(err, "another smtscope") != NULL ? 0 : 1);
		waitpid(pid, &status, 0);
		ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		    "while it holds, another check is refused");
	}
	{
		struct idle_hold	h2;
		char			want[64];
		pid_t			pid;
		int			status;

		/* Two --idle=states at once (two cron jobs): the second refuses, naming the first. */
		snprintf(want, sizeof want, "another smtscope (pid %ld) holds", (long)getpid());
		fflush(stdout);
		if ((pid = fork()) == 0) {
			idle_hold_init(&h2, IDLE_STATES, root);
			_exit(idle_hold_open(&h2, &cpus, err, sizeof err) == -1 &&
			    strstr(err, want) != NULL && h2.guard_pid == -1 ? 0 : 1);
		}
		waitpid(pid, &status, 0);
		ok(WIFEXITED(status) && WEXITSTATUS(status) == 0 && flag(root, 0, 1) == 1 &&
		    flag(root, 0, 2) == 1, "a second hold at the same time refuses, naming the "
		    "first by pid, and writes no flag");
	}
	ok(idle_hold_off(&h, err, sizeof err) == 0 && flag(root, 0, 1) == 0 &&
	    flag(root, 0, 2) == 0 && flag(root, 1, 1) == 0 && flag(root, 1, 2) == 1,
	    "let go: each flag as it was (CPU 1's C6 stays disabled, as the admin left it)");
	ok(idle_hold_on(&h, err, sizeof err) == 0 && idle_hold_close(&h, err, sizeof err) == 0 &&
	    flag(root, 0, 1) == 0 && flag(root, 1, 2) == 1 && !exists(rec),
	    "closed while held: flags back, the record gone");

	/* Killed while held: the guard writes them back and removes the record. */
	{
		pid_t	pid;
		int	status;

		fflush(stdout);
		if ((pid = fork()) == 0) {
			idle_hold_init(&h, IDLE_STATES, root);
			if (idle_hold_open(&h, &cpus, err, sizeof err) == 0 &&
			    idle_hold_on(&h, err, sizeof err) == 0)
				kill(getpid(), SIGKILL);
			_exit(3);
		}
		waitpid(pid, &status, 0);
		ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL && gone(rec) &&
		    flag(root, 0, 1) == 0 && flag(root, 0, 2) == 0 && flag(root, 1, 1) == 0 &&
		    flag(root, 1, 2) == 1, "SIGKILL while held: the guard wrote every flag back");
	}
	tree_free(root);
}

/* A record left behind: the refusal, restore, a stale record, a malformed one. */
static void
test_record(void)
{
	const char	*root = tree_copy();
	char		 rec[1024], path[1024], err[2048];
	FILE		*f;
	pid_t		 dead;

	if (root == NULL) {
		skip("no temporary copy of the fixture tree");
		return;
	}
	snprintf(rec, sizeof rec, "%s%s", root, IDLE_RECORD);
	ok(idle_record_check(root, err, sizeof err) == 0, "no record: no refusal");
	ok(idle_record_restore(root, err, sizeof err) == 0 && strstr(err, "nothing to restore"),
	    "restore without a record: '%s'", err);
	if ((dead = fork()) == 0)
		_exit(0);
	waitpid(dead, NULL, 0);
	snprintf(path, sizeof path, "%s/run/smtscope", root);
	mkdir(path, 0700);
	if ((f = fopen(rec, "w")) == NULL) {
		ok(0, "write a record");
		return;
	}
	fprintf(f, "# left by a killed run\npid %ld\n0 1 0 C1\n0 2 0 C6\n1 2 1 C6\n",
	    (long)dead);
	fclose(f);
	cpuidle_set_disable(root, 0, 2, 1, err, sizeof err);
	ok(idle_record_check(root, err, sizeof err) == -1 &&
	    strstr(err, "left idle states disabled: CPU 0 C6 (recorded in") != NULL &&
	    strstr(err, "smtscope check --idle=restore") != NULL && strstr(err, "C1") == NULL,
	    "a state left disabled: refused, naming it and how to restore: '%s'", err);
	ok(idle_record_restore(root, err, sizeof err) == 0 && flag(root, 0, 2) == 0 &&
	    flag(root, 1, 2) == 1 && !exists(rec) && strstr(err, "CPU 0 C6 enabled") != NULL,
	    "restore: written back, the record removed: '%s'", err);
	ok(idle_record_check(root, err, sizeof err) == 0, "after restore: no refusal");

	/* A record whose states are all back (the guard wrote them, then died): stale. */
	f = fopen(rec, "w");
	fprintf(f, "pid %ld\n0 1 0 C1\n", (long)dead);
	fclose(f);
	ok(idle_record_check(root, err, sizeof err) == 0 && !exists(rec),
	    "a stale record is removed without a word");
	f = fopen(rec, "w");
	fprintf(f, "pid %ld\n0 1 zero C1\n", (long)dead);
	fclose(f);
	ok(idle_record_check(root, err, sizeof err) == -1 && strstr(err, "idle-states:2: not a "
	    "record smtscope wrote") != NULL, "a malformed record names its line: '%s'", err);
	ok(idle_record_restore(root, err, sizeof err) == -1 && exists(rec),
	    "restore refuses it too, and keeps it");
	f = fopen(rec, "w");
	fprintf(f, "pid %ld\n0 1 0 C1\n", (long)getppid());
	fclose(f);
	ok(idle_record_restore(root, err, sizeof err) == -1 && strstr(err, "is running") != NULL,
	    "restore refuses while its smtscope runs: '%s'", err);

	/* The pid reused: a live process, but not the one that wrote the record. */
	cpuidle_set_disable(root, 0, 2, 1, err, sizeof err);
	f = fopen(rec, "w");
	fprintf(f, "pid %ld start %llu\n0 2 0 C6\n", (long)getppid(),
	    os_proc_start((long)getppid()) + 1);
	fclose(f);
	ok(os_proc_start((long)getppid()) > 0 && idle_record_check(root, err, sizeof err) == -1 &&
	    strstr(err, "left idle states disabled: CPU 0 C6") != NULL,
	    "a record whose pid now names another process (start time differs) was left "
	    "behind: '%s'", err);
	ok(idle_record_restore(root, err, sizeof err) == 0 && flag(root, 0, 2) == 0 &&
	    !exists(rec), "restore works though that pid lives: '%s'", err);
	/* Its pid and start time: the holder still runs. */
	cpuidle_set_disable(root, 0, 2, 1, err, sizeof err);
	f = fopen(rec, "w");
	fprintf(f, "pid %ld start %llu\n0 2 0 C6\n", (long)getppid(),
	    os_proc_start((long)getppid()));
	fclose(f);
	ok(idle_record_restore(root, err, sizeof err) == -1 && strstr(err, "is running") != NULL,
	    "pid and start time match: restore refuses: '%s'", err);
	/* The lock decides: held by a live process, whatever pid the record names. */
	{
		char	lock[1024], c;
		int	p2c[2], c2p[2], fd;
		pid_t	pid;

		snprintf(lock, sizeof lock, "%s%s", root, IDLE_LOCK);
		if (pipe(p2c) == -1 || pipe(c2p) == -1) {
			ok(0, "pipes");
			return;
		}
		fflush(stdout);
		if ((pid = fork()) == 0) {
			fd = os_lock_take(lock, 1);
			c = fd >= 0 ? 'y' : 'n';
			if (write(c2p[1], &c, 1) != 1 || read(p2c[0], &c, 1) != 1)
				_exit(1);
			_exit(0);
		}
		f = fopen(rec, "w");
		fprintf(f, "pid %ld start 1\n0 2 0 C6\n", (long)dead);
		fclose(f);
		ok(read(c2p[0], &c, 1) == 1 && c == 'y' && os_lock_take(lock, 0) == -1 &&
		    errno == EWOULDBLOCK && idle_record_restore(root, err, sizeof err) == -1 &&
		    flag(root, 0, 2) == 1, "while another holds the lock, restore refuses "
		    "though the record's pid is gone: '%s'", err);
		c = 'x';
		if (write(p2c[1], &c, 1) != 1)
			ok(0, "tell the child");
		waitpid(pid, NULL, 0);
		ok((fd = os_lock_take(lock, 0)) >= 0, "the lock is free once its holder ended");
		if (fd >= 0)
			close(fd);
		ok(idle_record_restore(root, err, sizeof err) == 0 && flag(root, 0, 2) == 0,
		    "then restore writes the state back: '%s'", err);
		close(p2c[0]);
		close(p2c[1]);
		close(c2p[0]);
		close(c2p[1]);
	}
	tree_free(root);
}

int
main(void)
{
	test_driver();
	test_read();
	test_calc();
	test_report();
	test_states();
	test_record();
	return tap_done();
}
