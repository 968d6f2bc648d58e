/* test_sysinfo.c: machine facts and warnings from fixture trees and live. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sample/sysinfo.h"
#include "tap.h"

#define TEST_MAX_WARN	32

/* The warnings one sysinfo_warnings() call produced. */
struct test_warns {
	int	n;
	char	msg[TEST_MAX_WARN][1024];
};

/* Directory of the fixture trees: $TESTDATA or tests/data. */
static const char *
test_data(void)
{
	const char	*d = getenv("TESTDATA");

	return d != NULL && *d != '\0' ? d : "tests/data";
}

/* Path of one fixture tree in a static buffer. */
static const char *
test_root(const char *name)
{
	static char	root[1024];

	snprintf(root, sizeof root, "%s/%s", test_data(), name);
	return root;
}

/* Collect one warning. */
static void
test_emit(const char *msg, void *arg)
{
	struct test_warns	*w = arg;

	if (w->n < TEST_MAX_WARN)
		snprintf(w->msg[w->n], sizeof w->msg[0], "%s", msg);
	w->n++;
}

/* Collect all warnings of si into w. */
static void
test_warnings(const struct sysinfo *si, struct test_warns *w)
{
	int	i;

	memset(w, 0, sizeof *w);
	sysinfo_warnings(si, test_emit, w);
	for (i = 0; i < w->n && i < TEST_MAX_WARN; i++)
		printf("# warning: %s\n", w->msg[i]);
}

/* Whether some warning is exactly msg. */
static int
test_has(const struct test_warns *w, const char *msg)
{
	int	i;

	for (i = 0; i < w->n && i < TEST_MAX_WARN; i++) {
		if (strcmp(w->msg[i], msg) == 0)
			return 1;
	}
	return 0;
}

/* Whether some warning contains part. */
static int
test_has_part(const struct test_warns *w, const char *part)
{
	int	i;

	for (i = 0; i < w->n && i < TEST_MAX_WARN; i++) {
		if (strstr(w->msg[i], part) != NULL)
			return 1;
	}
	return 0;
}

/* An Intel server: intel_pstate powersave, turbo, deep C-states, isolcpus. */
static void
test_intel(void)
{
	struct sysinfo		si;
	struct test_warns	w;

	ok(sysinfo_read(&si, test_root("sys-intel")) == 0, "intel: read");
	ok(strcmp(si.smt_control, "on") == 0 && si.smt_active == 1,
	    "intel: smt '%s' active %d", si.smt_control, si.smt_active);
	ok(strcmp(si.online, "0-7") == 0 && si.offline[0] == '\0' &&
	    strcmp(si.possible, "0-7") == 0 && strcmp(si.isolated, "3-5") == 0,
	    "intel: lists online '%s' offline '%s' possible '%s' isolated '%s'",
	    si.online, si.offline, si.possible, si.isolated);
	ok(strcmp(si.allowed, "0-2,6-7") == 0, "intel: allowed '%s'",
	    si.allowed);
	ok(strcmp(si.cpufreq_driver, "intel_pstate") == 0 &&
	    strcmp(si.cpufreq_governor, "powersave") == 0,
	    "intel: cpufreq '%s' '%s'", si.cpufreq_driver,
	    si.cpufreq_governor);
	ok(si.boost == 1, "intel: boost from no_turbo=0: %d", si.boost);
	ok(si.cur_khz == 2400123 && si.max_khz == 3900000,
	    "intel: cur %llu max %llu kHz", (unsigned long long)si.cur_khz,
	    (unsigned long long)si.max_khz);
	ok(strcmp(si.idle_driver, "intel_idle") == 0 &&
	    strcmp(si.idle_governor, "menu") == 0,
	    "intel: cpuidle '%s' '%s' (governor from _ro)", si.idle_driver,
	    si.idle_governor);
	ok(si.nidle == 5, "intel: %d idle states", si.nidle);
	ok(strcmp(si.idle[3].name, "C6") == 0 && si.idle[3].latency_us == 133 &&
	    !si.idle[3].disabled && si.idle[4].disabled &&
	    si.idle[4].latency_us == 890, "intel: C6 133 us, C10 disabled");
	ok(si.mem_available_bytes == 12345678ULL * 1024,
	    "intel: MemAvailable %llu",
	    (unsigned long long)si.mem_available_bytes);

	test_warnings(&si, &w);
	ok(w.n == 5, "intel: %d warnings", w.n);
	ok(test_has(&w, "CPUs 3-5 are isolated: the scheduler does not "
	    "balance onto them"), "intel: isolated warning");
	ok(test_has(&w, "this process may run only on CPUs 0-2,6-7 "
	    "(online: 0-7)"), "intel: affinity warning");
	ok(test_has(&w, "cpufreq governor is powersave: rates may change "
	    "with frequency"), "intel: governor warning");
	ok(test_has(&w, "boost is on: solo rates may be higher than co-run "
	    "rates for reasons other than sharing"), "intel: boost warning");
	ok(test_has(&w, "cpuidle states down to C6 (latency 133 us): a "
	    "sleeping CPU wakes slowly for a pipe's other end"),
	    "intel: deep idle warning skips disabled C10");
	ok(!test_has_part(&w, "SMT"), "intel: no SMT warning");
}

/* A small VM: no SMT, no cpufreq, no cpuidle driver, offline CPUs. */
static void
test_vm(void)
{
	struct sysinfo		si;
	struct test_warns	w;

	ok(sysinfo_read(&si, test_root("sys-vm")) == 0, "vm: read");
	ok(strcmp(si.smt_control, "notsupported") == 0 && si.smt_active == 0,
	    "vm: smt '%s' active %d", si.smt_control, si.smt_active);
	ok(strcmp(si.offline, "2-3") == 0 && si.isolated[0] == '\0',
	    "vm: offline '%s' isolated '%s'", si.offline, si.isolated);
	ok(si.cpufreq_driver[0] == '\0' && si.cpufreq_governor[0] == '\0' &&
	    si.boost == -1 && si.cur_khz == 0 && si.max_khz == 0,
	    "vm: no cpufreq");
	ok(strcmp(si.idle_driver, "none") == 0 && si.nidle == 0,
	    "vm: cpuidle driver '%s', %d states", si.idle_driver, si.nidle);
	ok(si.mem_available_bytes == 128ULL << 20, "vm: MemAvailable %llu",
	    (unsigned long long)si.mem_available_bytes);

	test_warnings(&si, &w);
	ok(w.n == 5, "vm: %d warnings", w.n);
	ok(test_has(&w, "SMT is not supported (one thread per core): no "
	    "sibling measurements"), "vm: SMT warning");
	ok(test_has(&w, "CPUs 2-3 are offline"), "vm: offline warning");
	ok(test_has(&w, "CPU frequency is not exposed (virtual machine?): no "
	    "frequency figure"), "vm: frequency warning");
	ok(test_has(&w, "no cpuidle driver: idle CPUs poll or halt"),
	    "vm: cpuidle warning");
	ok(test_has(&w, "only 128 MB of memory available: large working sets "
	    "may swap"), "vm: memory warning");
}

/* An AMD desktop: SMT off, boost file wins over no_turbo, shallow idle. */
static void
test_amd(void)
{
	struct sysinfo		si;
	struct test_warns	w;

	ok(sysinfo_read(&si, test_root("sys-amd")) == 0, "amd: read");
	ok(si.boost == 1, "amd: boost from cpufreq/boost: %d", si.boost);
	ok(si.max_khz == 4500000 && si.cur_khz == 0,
	    "amd: max from scaling_max_freq %llu",
	    (unsigned long long)si.max_khz);
	ok(si.nidle == 3 && si.idle[2].latency_us == 18, "amd: idle states");
	ok(si.mem_available_bytes == 0, "amd: no meminfo: 0");

	test_warnings(&si, &w);
	ok(w.n == 3, "amd: %d warnings", w.n);
	ok(test_has(&w, "SMT is off (control=off): no sibling measurements"),
	    "amd: SMT off warning");
	ok(test_has(&w, "CPU 16 is offline"), "amd: one offline CPU");
	ok(test_has_part(&w, "boost is on"), "amd: boost warning");
	ok(!test_has_part(&w, "governor") && !test_has_part(&w, "cpuidle"),
	    "amd: no governor or idle warning");
}

/* A tree with nothing in it, and busy CPUs from fixed /proc/stat. */
static void
test_missing_busy(void)
{
	struct sysinfo	si;
	double		busy[8];
	int		n;

	ok(sysinfo_read(&si, test_root("no-such-tree")) == -1,
	    "missing: read fails");
	ok(si.boost == -1 && si.smt_active == -1 && si.online[0] == '\0',
	    "missing: unknowns");

	n = sysinfo_busy_cpus(test_root("proc-a"), 0, busy, 8);
	ok(n == 4, "busy: proc-a has %d CPU slots", n);
	ok(busy[0] == 0 && busy[1] == 0 && busy[2] == -1 && busy[3] == 0 &&
	    busy[4] == -1, "busy: same snapshot twice is idle, absent -1");
	ok(sysinfo_busy_cpus(test_root("no-such-tree"), 0, busy, 8) == -1,
	    "busy: missing /proc/stat");
	ok(sysinfo_busy_cpus(test_root("proc-a"), -1, busy, 8) == -1,
	    "busy: negative interval");
}

/* The live machine: only what is true anywhere. */
static void
test_live(void)
{
	struct sysinfo		si;
	struct test_warns	w;
	double			busy[4096];
	long			online = sysconf(_SC_NPROCESSORS_ONLN);
	int			i, n, present = 0, sane = 1;

	ok(sysinfo_read(&si, NULL) == 0, "live: read");
	printf("# live: smt '%s' active %d online '%s' allowed '%s' "
	    "cpufreq '%s' '%s' boost %d %llu/%llu kHz cpuidle '%s' '%s' "
	    "%d states, %llu MB available\n", si.smt_control, si.smt_active,
	    si.online, si.allowed, si.cpufreq_driver, si.cpufreq_governor,
	    si.boost, (unsigned long long)si.cur_khz,
	    (unsigned long long)si.max_khz, si.idle_driver, si.idle_governor,
	    si.nidle, (unsigned long long)(si.mem_available_bytes >> 20));
	ok(si.online[0] != '\0', "live: online '%s'", si.online);
	ok(si.allowed[0] != '\0', "live: allowed '%s'", si.allowed);
	ok(si.mem_available_bytes > 0, "live: MemAvailable known");
	test_warnings(&si, &w);
	ok(w.n >= 0 && w.n < TEST_MAX_WARN, "live: %d warnings", w.n);

	n = sysinfo_busy_cpus("", 0.2, busy, 4096);
	for (i = 0; i < n && i < 4096; i++) {
		if (busy[i] >= 0)
			present++;
		if (busy[i] > 100.0001 || (busy[i] < 0 && busy[i] != -1))
			sane = 0;
		printf("# cpu%d busy %.1f%%\n", i, busy[i]);
	}
	ok(present == online, "live: busy for %d of %ld online CPUs",
	    present, online);
	ok(sane, "live: busy percentages in range");
}

/* Run every test. */
int
main(void)
{
	unsetenv("SMTSCOPE_ROOT");
	test_intel();
	test_vm();
	test_amd();
	test_missing_busy();
	test_live();
	return tap_done();
}
