/*
 * test_perf.c: counter arithmetic (wrap, multiplexing, IPC, GHz, MPKI,
 * rates), reasons, which loads get a hardware group (on fixed probes), the
 * software figures from /proc fixtures, and a live load.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sample/perf.h"
#include "sample/task.h"
#include "tap.h"
#include "base/util.h"

/* A reading with every event present, from values and one enabled/running pair. */
static void
reading(struct perf_reading *r, const uint64_t *val, uint64_t ena, uint64_t run)
{
	int	ev;

	memset(r, 0, sizeof *r);
	for (ev = 0; ev < PERF_NEV; ev++) {
		r->val[ev] = val[ev];
		r->ena[ev] = ena;
		r->run[ev] = run;
		r->have |= 1u << ev;
	}
}

/* This process's open descriptors. */
static int
count_fds(void)
{
	DIR		*d = opendir("/proc/self/fd");
	struct dirent	*e;
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* The arithmetic on fixed readings. */
static void
test_arithmetic(void)
{
	struct perf_reading	a, b;
	struct perf_window	w;
	uint64_t		va[PERF_NEV] = { 0 }, vb[PERF_NEV] = { 0 };
	char			buf[160];

	ok(perf_delta(10, 25) == 15, "delta 25 - 10 = 15");
	ok(perf_delta(UINT64_MAX - 5, 10) == 16, "delta across a 64-bit wrap: 16 (%llu)",
	    (unsigned long long)perf_delta(UINT64_MAX - 5, 10));
	ok(perf_scale(1000, 100, 100) == 1000, "not multiplexed: unscaled");
	ok(perf_scale(1000, 100, 25) == 4000, "ran a quarter of the time: x4");
	ok(isnan(perf_scale(1000, 100, 0)), "never ran: NAN");

	/* 1 s of wall, 0.5 s on a CPU: 2e9 cycles, 4.8e9 instructions. */
	vb[PERF_EV_CYCLES] = 2000000000ULL;
	vb[PERF_EV_INSTR] = 4800000000ULL;
	vb[PERF_EV_LLC_MISS] = 2400000;
	vb[PERF_EV_TASK_CLOCK] = 500000000ULL;
	vb[PERF_EV_CTX_SWITCH] = 1200;
	vb[PERF_EV_MIGRATION] = 3;
	reading(&a, va, 0, 0);
	reading(&b, vb, 500000000ULL, 500000000ULL);
	perf_window(&a, &b, 1000000000ULL, &w);
	ok(fabs(w.ipc - 2.4) < 1e-9, "IPC 2.4 (%.3f)", w.ipc);
	ok(fabs(w.ghz - 4.0) < 1e-9, "GHz = cycles / task-clock ns: 4.0 (%.3f)", w.ghz);
	ok(fabs(w.llc_mpki - 0.5) < 1e-9, "LLC MPKI 0.5 (%.3f)", w.llc_mpki);
	ok(fabs(w.ctx_per_s - 1200) < 1e-9, "1200 cs/s (%.1f)", w.ctx_per_s);
	ok(fabs(w.migr_per_s - 3) < 1e-9, "3 migrations/s (%.1f)", w.migr_per_s);
	ok(!w.multiplexed, "not multiplexed");
	perf_format(&w, buf, sizeof buf);
	ok(strcmp(buf, "IPC 2.40 4.00 GHz LLC 0.5 MPKI 1200 cs/s 3.0 mig/s") == 0,
	    "formatted: '%s'", buf);

	/* Multiplexed hardware group: counted half its time, scaled x2; IPC unchanged. */
	reading(&b, vb, 500000000ULL, 250000000ULL);
	perf_window(&a, &b, 1000000000ULL, &w);
	ok(w.multiplexed, "multiplexing is marked");
	ok(fabs(w.d[PERF_EV_CYCLES] - 4e9) < 1, "cycles scaled x2 (%.0f)",
	    w.d[PERF_EV_CYCLES]);
	ok(fabs(w.ipc - 2.4) < 1e-9, "IPC is a ratio of one group: unchanged (%.3f)", w.ipc);
	perf_format(&w, buf, sizeof buf);
	ok(strstr(buf, "(multiplexed)") != NULL, "the text says so: '%s'", buf);

	/* Across a wrap of the raw counts. */
	va[PERF_EV_CYCLES] = UINT64_MAX - 999;
	vb[PERF_EV_CYCLES] = 1000;
	va[PERF_EV_INSTR] = UINT64_MAX - 1999;
	vb[PERF_EV_INSTR] = 2000;
	reading(&a, va, 10, 10);
	reading(&b, vb, 20, 20);
	perf_window(&a, &b, 1000000000ULL, &w);
	ok(fabs(w.d[PERF_EV_CYCLES] - 2000) < 1e-9, "cycles across the wrap: 2000 (%.0f)",
	    w.d[PERF_EV_CYCLES]);
	ok(fabs(w.ipc - 2.0) < 1e-9, "IPC across the wrap: 2.0 (%.3f)", w.ipc);

	/* Cycles counted in user space only: IPC stands, no clock from them. */
	b.user_only = 1u << PERF_EV_CYCLES | 1u << PERF_EV_INSTR;
	perf_window(&a, &b, 1000000000ULL, &w);
	ok(isfinite(w.ipc) && isnan(w.ghz), "user-only cycles: IPC %.2f, no GHz", w.ipc);
	b.user_only = 0;

	/* No hardware events read: the figures are NAN, the software ones stand. */
	a.have = b.have = (1u << PERF_EV_TASK_CLOCK) | (1u << PERF_EV_CTX_SWITCH) |
	    (1u << PERF_EV_MIGRATION);
	perf_window(&a, &b, 1000000000ULL, &w);
	ok(isnan(w.ipc) && isnan(w.ghz) && isnan(w.llc_mpki), "no hardware: IPC, GHz, "
	    "MPKI NAN");
	ok(isfinite(w.ctx_per_s), "software rates stand");
	perf_format(&w, buf, sizeof buf);
	ok(strstr(buf, "IPC") == NULL && strstr(buf, "GHz") == NULL,
	    "no zero IPC or GHz in the text: '%s'", buf);
	memset(&b, 0, sizeof b);
	perf_window(&a, &b, 0, &w);
	ok(isnan(w.ctx_per_s) && isnan(w.migr_per_s), "no time, nothing read: NAN");
}

/* The reasons, in words, from errno and perf_event_paranoid. */
static void
test_reasons(void)
{
	char	buf[PERF_WHY_MAX];

	perf_reason(buf, sizeof buf, 1, ENOENT, 2, 1, 0);
	ok(strcmp(buf, "no hardware counters: the hypervisor hides the PMU") == 0,
	    "ENOENT under a hypervisor: '%s'", buf);
	perf_reason(buf, sizeof buf, 1, EOPNOTSUPP, 2, 1, 0);
	ok(strstr(buf, "hypervisor hides the PMU") != NULL, "EOPNOTSUPP too: '%s'", buf);
	perf_reason(buf, sizeof buf, 1, ENOENT, 2, 0, 0);
	ok(strstr(buf, "no PMU driver") != NULL, "bare metal without a driver: '%s'", buf);
	perf_reason(buf, sizeof buf, 1, EACCES, 3, 0, 1);
	ok(strcmp(buf, "counters need kernel.perf_event_paranoid <= 2 or CAP_PERFMON "
	    "(now 3)") == 0, "EACCES at paranoid 3: '%s'", buf);
	perf_reason(buf, sizeof buf, 0, EPERM, 4, 0, 1);
	ok(strstr(buf, "(now 4)") != NULL, "EPERM at 4: '%s'", buf);
	perf_reason(buf, sizeof buf, 1, EACCES, 1, 0, 1);
	ok(strstr(buf, "paranoid 1") != NULL && strstr(buf, "CAP_PERFMON") != NULL,
	    "EACCES at 1 names a policy: '%s'", buf);
	perf_reason(buf, sizeof buf, 1, EMFILE, 2, 0, 1);
	ok(strstr(buf, "ulimit -n") != NULL, "EMFILE: '%s'", buf);
	perf_reason(buf, sizeof buf, 1, ENOSYS, 2, 0, 1);
	ok(strstr(buf, "CONFIG_PERF_EVENTS") != NULL, "ENOSYS: '%s'", buf);
	perf_sched_reason(buf, sizeof buf, 2);
	ok(strcmp(buf, "context switches and migrations need kernel.perf_event_paranoid "
	    "<= 1 or CAP_PERFMON (now 2)") == 0, "user-only counting: '%s'", buf);
}

/* Which loads get a hardware group: where a PMU counts; on pipe and fork only when asked. */
static void
test_want_hw(void)
{
	struct perf_caps	pmu, none;
	char			why[PERF_WHY_MAX];

	memset(&pmu, 0, sizeof pmu);
	pmu.hw = pmu.llc = pmu.sw = pmu.sched = 1;
	memset(&none, 0, sizeof none);
	none.sw = none.sched = 1;
	snprintf(none.hw_why, sizeof none.hw_why, "no hardware counters: the hypervisor "
	    "hides the PMU");

	ok(perf_want_hw(&pmu, 0, 0, why, sizeof why) == 1 && why[0] == '\0',
	    "a PMU, a load that computes: counted");
	ok(perf_want_hw(&pmu, 1, 0, why, sizeof why) == 0 &&
	    strstr(why, "--counters") != NULL && strstr(why, "switch") != NULL,
	    "a PMU, a load that blocks (pipe, fork): not unless asked, and why: '%s'", why);
	ok(perf_want_hw(&pmu, 1, 1, why, sizeof why) == 1, "... counted when asked");
	ok(perf_want_hw(&none, 0, 0, why, sizeof why) == 0 &&
	    strcmp(why, none.hw_why) == 0, "no PMU: never, with the probe's reason: '%s'",
	    why);
	ok(perf_want_hw(&none, 1, 1, why, sizeof why) == 0 &&
	    strcmp(why, none.hw_why) == 0, "no PMU, asked: still never");
	ok(perf_want_hw(&pmu, 0, 0, NULL, 0) == 1, "why may be NULL");
}

/* Copy a file of the fixture tree into a process directory of a scratch tree. */
static int
copy_fixture(const char *from, const char *to)
{
	char	buf[4096];
	FILE	*in, *out;
	size_t	n;
	int	rc = 0;

	if ((in = fopen(from, "r")) == NULL)
		return -1;
	if ((out = fopen(to, "w")) == NULL) {
		fclose(in);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	fclose(in);
	return fclose(out) == 0 ? rc : -1;
}

/*
 * A load's software figures are the sum of its processes' /proc files; one
 * that ended keeps counting what it did.
 */
static void
test_sw_fixture(void)
{
	static const char	*const files[] = { "schedstat", "stat", "status", "sched" };
	const char		*data = getenv("TESTDATA");
	struct perf_reading	 r, r2;
	struct perf_window	 w;
	struct perf_load	*pl;
	uint64_t		 tick = 1000000000ULL / (uint64_t)sysconf(_SC_CLK_TCK);
	char			 tmp[] = "/tmp/smtscope-perf.XXXXXX", from[1024], to[1200];
	size_t			 i;

	if (data == NULL || *data == '\0')
		data = "tests/data";
	if (mkdtemp(tmp) == NULL) {
		skip("no scratch directory: %s", strerror(errno));
		return;
	}
	snprintf(to, sizeof to, "%s/proc", tmp);
	mkdir(to, 0700);
	snprintf(to, sizeof to, "%s/proc/4242", tmp);
	mkdir(to, 0700);
	snprintf(to, sizeof to, "%s/proc/4243", tmp);
	mkdir(to, 0700);
	for (i = 0; i < 4; i++) {
		snprintf(from, sizeof from, "%s/proc-task/proc/4242/%s", data, files[i]);
		snprintf(to, sizeof to, "%s/proc/4242/%s", tmp, files[i]);
		copy_fixture(from, to);
		snprintf(from, sizeof from, "%s/proc-task/proc/4243/%s", data, files[i]);
		snprintf(to, sizeof to, "%s/proc/4243/%s", tmp, files[i]);
		copy_fixture(from, to);
	}
	pl = perf_load_new(tmp, 1, 0);
	ok(perf_load_attach(pl, 4242) == 0 && perf_load_attach(pl, 4243) == 0,
	    "two ends attached");
	ok(perf_load_attach(pl, 4244) == -1, "a third end is refused");
	perf_load_read(pl, &r);
	ok((r.have & (1u << PERF_EV_TASK_CLOCK)) && r.val[PERF_EV_TASK_CLOCK] ==
	    3000000000ULL + 150 * tick + 400 * tick, "CPU time: both ends, a fork's "
	    "reaped children included (%llu)",
	    (unsigned long long)r.val[PERF_EV_TASK_CLOCK]);
	ok(r.val[PERF_EV_CTX_SWITCH] == 7 + 1234 + 500000 + 3 &&
	    r.val[PERF_EV_IVCSW] == 1234 + 3, "switches: all %llu, involuntary %llu",
	    (unsigned long long)r.val[PERF_EV_CTX_SWITCH],
	    (unsigned long long)r.val[PERF_EV_IVCSW]);
	ok(r.val[PERF_EV_MIGRATION] == 17, "migrations: the end that has a sched file "
	    "(%llu)", (unsigned long long)r.val[PERF_EV_MIGRATION]);
	ok(!(r.have & (1u << PERF_EV_CYCLES)), "no hardware group on a load that blocks");
	/* End B ends: its files go; what it did still counts. */
	for (i = 0; i < 4; i++) {
		snprintf(to, sizeof to, "%s/proc/4243/%s", tmp, files[i]);
		unlink(to);
	}
	perf_load_read(pl, &r2);
	ok(r2.val[PERF_EV_CTX_SWITCH] == r.val[PERF_EV_CTX_SWITCH] &&
	    r2.val[PERF_EV_TASK_CLOCK] == r.val[PERF_EV_TASK_CLOCK],
	    "an end that is gone keeps its last figures");
	perf_window(&r, &r2, 1000000000ULL, &w);
	ok(w.ctx_per_s == 0 && w.migr_per_s == 0 && !w.multiplexed,
	    "so the window never goes negative, and software is never multiplexed");
	perf_load_free(pl);
	for (i = 0; i < 4; i++) {
		snprintf(to, sizeof to, "%s/proc/4242/%s", tmp, files[i]);
		unlink(to);
	}
	snprintf(to, sizeof to, "%s/proc/4242", tmp);
	rmdir(to);
	snprintf(to, sizeof to, "%s/proc/4243", tmp);
	rmdir(to);
	snprintf(to, sizeof to, "%s/proc", tmp);
	rmdir(to);
	rmdir(tmp);
}

/* A real child: its switches and time come from /proc; closing leaves no descriptor. */
static void
test_live(void)
{
	const struct perf_caps	*c = perf_probe();
	struct perf_reading	 a, b;
	struct perf_window	 w;
	struct perf_load	*pl;
	uint64_t		 t0;
	int			 p[2], fds, i;
	pid_t			 pid;
	char			 x = 0;

	ok(c->hw || c->hw_why[0] != '\0', "hardware counters, or why not: '%s'", c->hw_why);
	ok(c->sw || c->sw_why[0] != '\0', "software figures, or why not: '%s'", c->sw_why);
	if (!c->sw || !c->sched) {
		skip("no switches from /proc here: %s%s", c->sw_why, c->sched_why);
		return;
	}
	fds = count_fds();
	for (i = 0; i < 50; i++) {
		pl = perf_load_new("", 0, 0);
		perf_load_attach(pl, getpid());
		perf_load_free(pl);
	}
	ok(count_fds() == fds, "50 opens and closes leave %d descriptors (%d)", fds,
	    count_fds());
	if (pipe(p) == -1 || (pid = fork()) == -1)
		return;
	if (pid == 0) {
		/* Sleep 100 times: at least 100 context switches, then wait to be killed. */
		close(p[1]);
		for (i = 0; i < 100; i++)
			usleep(1000);
		while (read(p[0], &x, 1) == -1 && errno == EINTR)
			;
		_exit(0);
	}
	close(p[0]);
	pl = perf_load_new("", 0, 0);
	ok(perf_load_attach(pl, pid) == 0, "attached to a child");
	t0 = util_now_ns();
	perf_load_read(pl, &a);
	usleep(300000);
	perf_load_read(pl, &b);
	perf_window(&a, &b, util_now_ns() - t0, &w);
	ok(w.d[PERF_EV_CTX_SWITCH] >= 50, "its sleeps are context switches (%.0f)",
	    w.d[PERF_EV_CTX_SWITCH]);
	ok(w.d[PERF_EV_TASK_CLOCK] > 0, "its CPU time ran (%.0f ns)",
	    w.d[PERF_EV_TASK_CLOCK]);
	ok(c->hw ? isfinite(w.ipc) : isnan(w.ipc), "IPC %s", c->hw ? "counted" : "NAN");
	ok(c->hw || strcmp(perf_load_why(pl), c->hw_why) == 0, "the load's reason is the "
	    "probe's: '%s'", perf_load_why(pl));
	ok(strcmp(perf_load_cost(pl), "") == 0, "a load that computes pays nothing");
	perf_load_free(pl);
	close(p[1]);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

int
main(void)
{
	test_arithmetic();
	test_reasons();
	test_want_hw();
	test_sw_fixture();
	test_live();
	return tap_done();
}
