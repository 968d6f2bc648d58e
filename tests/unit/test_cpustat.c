/* test_cpustat.c: /proc/stat samples, deltas and task accounting. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "os/os.h"
#include "sample/cpustat.h"
#include "tap.h"
#include "base/util.h"

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
	static char	root[4][1024];
	static int	next;
	char		*r = root[next++ % 4];

	snprintf(r, sizeof root[0], "%s/%s", test_data(), name);
	return r;
}

/* Whether two percentages are equal to within rounding. */
static int
test_near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* Burn ns nanoseconds of this process's CPU time. */
static void
test_spin(uint64_t ns)
{
	volatile uint64_t	x = 0;
	struct timespec		ts;
	uint64_t		now, end = 0;

	/* CPU time, not wall time: the same work on a busy machine. */
	do {
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		now = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
		if (end == 0)
			end = now + ns;
		x++;
	} while (now < end);
}

/* Samples and deltas from the two fixture snapshots. */
static void
test_fixture(void)
{
	struct cpustat_sample	a, b;
	struct cpustat_pct	p;
	char			err[512];

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	ok(cpustat_sample(&a, test_root("proc-a"), err, sizeof err) == 0,
	    "proc-a: sample");
	ok(a.ncpu == 4, "proc-a: ncpu %d (cpu0,1,3)", a.ncpu);
	if (a.ncpu != 4)
		return;
	ok(a.present[0] && a.present[1] && !a.present[2] && a.present[3],
	    "proc-a: cpu2 absent");
	ok(a.cpu[0].user == 1000 && a.cpu[0].system == 500 &&
	    a.cpu[0].idle == 10000 && a.cpu[0].iowait == 100 &&
	    a.cpu[0].irq == 25 && a.cpu[0].softirq == 25 &&
	    a.cpu[0].steal == 0 && a.cpu[1].nice == 100,
	    "proc-a: cpu0 fields");
	ok(a.t_ns > 0, "proc-a: time stamp");

	ok(cpustat_sample(&b, test_root("proc-b"), err, sizeof err) == 0,
	    "proc-b: sample");
	ok(b.ncpu == 5 && !b.present[3] && b.present[4], "proc-b: ncpu %d",
	    b.ncpu);
	if (b.ncpu != 5) {
		cpustat_free(&a);
		return;
	}

	ok(cpustat_delta(&a, &b, 0, &p) == 0, "delta cpu0");
	ok(test_near(p.busy, 60) && test_near(p.user, 30) &&
	    test_near(p.system, 10) && test_near(p.irq, 5) &&
	    test_near(p.softirq, 5) && test_near(p.steal, 10) &&
	    test_near(p.nice, 0) && test_near(p.iowait, 0),
	    "delta cpu0: busy %.1f user %.1f sys %.1f irq %.1f soft %.1f "
	    "steal %.1f", p.busy, p.user, p.system, p.irq, p.softirq, p.steal);
	ok(b.cpu[0].steal > a.cpu[0].steal &&
	    cpustat_work(&b.cpu[0]) - cpustat_work(&a.cpu[0]) ==
	    (b.cpu[0].user + b.cpu[0].system + b.cpu[0].irq + b.cpu[0].softirq) -
	    (a.cpu[0].user + a.cpu[0].system + a.cpu[0].irq + a.cpu[0].softirq),
	    "the ticks cpu0 worked: user, system, irq and softirq, not its steal (%llu)",
	    (unsigned long long)(cpustat_work(&b.cpu[0]) - cpustat_work(&a.cpu[0])));

	ok(cpustat_delta(&a, &b, 1, &p) == 0, "delta cpu1 (counters back)");
	ok(test_near(p.busy, 100) && test_near(p.user, 100) &&
	    p.iowait >= 0 && test_near(p.iowait, 0),
	    "delta cpu1: backwards idle/iowait count 0: busy %.1f user %.1f "
	    "iowait %.1f", p.busy, p.user, p.iowait);

	ok(cpustat_delta(&a, &b, 2, &p) == -1, "delta cpu2: absent before");
	ok(cpustat_delta(&a, &b, 3, &p) == -1, "delta cpu3: absent after");
	ok(cpustat_delta(&a, &b, 4, &p) == -1, "delta cpu4: beyond prev");
	ok(cpustat_delta(&a, &b, -1, &p) == -1, "delta cpu -1");
	ok(cpustat_delta(&a, &b, 1000, &p) == -1, "delta cpu 1000");

	ok(cpustat_delta(&a, &a, 0, &p) == 0 && p.busy == 0 && p.user == 0,
	    "delta of zero ticks is 0");

	/* Reuse: sampling proc-a into b shrinks it again. */
	ok(cpustat_sample(&b, test_root("proc-a"), err, sizeof err) == 0 &&
	    b.ncpu == 4 && b.cpu[1].user == 2000, "reuse a sample");

	cpustat_free(&a);
	cpustat_free(&b);
	ok(a.cpu == NULL && a.ncpu == 0, "free zeroes");
}

/* Errors name the file and line and leave the old sample intact. */
static void
test_errors(void)
{
	struct cpustat_sample	s;
	char			err[512];

	memset(&s, 0, sizeof s);
	ok(cpustat_sample(&s, test_root("proc-a"), err, sizeof err) == 0,
	    "errors: first sample");
	err[0] = '\0';
	ok(cpustat_sample(&s, test_root("proc-bad"), err, sizeof err) == -1,
	    "errors: malformed file fails");
	ok(strstr(err, "proc-bad/proc/stat:3:") != NULL, "errors: '%s'", err);
	ok(s.ncpu == 4 && s.cpu[0].user == 1000, "errors: old sample intact");
	err[0] = '\0';
	ok(cpustat_sample(&s, test_root("no-such-tree"), err, sizeof err) ==
	    -1 && strstr(err, "no-such-tree/proc/stat: ") != NULL,
	    "errors: missing file '%s'", err);
	cpustat_free(&s);
}

/* Is a sample proc-b's fixture (5 CPUs, cpu0 user 1300)? */
static int
test_is_proc_b(const struct cpustat_sample *s)
{
	return s->ncpu == 5 && s->cpu[0].user == 1300;
}

/* A NULL procroot takes the one root: $SMTSCOPE_ROOT, or os_set_root()'s. */
static void
test_env(void)
{
	struct cpustat_sample	s;
	struct cpustat_task	t;
	char			err[512];

	memset(&s, 0, sizeof s);
	setenv("SMTSCOPE_ROOT", test_root("proc-b"), 1);
	ok(cpustat_sample(&s, NULL, err, sizeof err) == 0 && test_is_proc_b(&s),
	    "env: SMTSCOPE_ROOT honored (ncpu %d)", s.ncpu);
	ok(cpustat_task_read(4242, &t, NULL) == 0 && t.nvcsw == 9,
	    "env: task read from SMTSCOPE_ROOT");
	unsetenv("SMTSCOPE_ROOT");
	ok(cpustat_sample(&s, NULL, err, sizeof err) == 0 && !test_is_proc_b(&s),
	    "env: unset, the live /proc again (ncpu %d)", s.ncpu);
	os_set_root(test_root("proc-b"));
	ok(cpustat_sample(&s, NULL, err, sizeof err) == 0 && test_is_proc_b(&s) &&
	    strcmp(os_root(), test_root("proc-b")) == 0,
	    "os_set_root() is the same root (ncpu %d)", s.ncpu);
	ok(cpustat_sample(&s, "", err, sizeof err) == 0 && !test_is_proc_b(&s),
	    "an explicit \"\" is the live /proc whatever the root (ncpu %d)", s.ncpu);
	os_set_root(NULL);
	cpustat_free(&s);
}

/* Task accounting from fixture files. */
static void
test_task_fixture(void)
{
	struct cpustat_task	t;
	long			hz = sysconf(_SC_CLK_TCK);

	ok(cpustat_task_read(4242, &t, test_root("proc-a")) == 0,
	    "task: read");
	ok(t.run_ns == 3000000000ULL && t.wait_ns == 125000000ULL &&
	    t.timeslices == 42, "task: schedstat run %llu wait %llu slices "
	    "%llu", (unsigned long long)t.run_ns,
	    (unsigned long long)t.wait_ns, (unsigned long long)t.timeslices);
	ok(t.state == 'R' && t.last_cpu == 1,
	    "task: comm with parens: state %c cpu %d", t.state, t.last_cpu);
	ok(t.nvcsw == 7 && t.nivcsw == 1234, "task: ctxt %llu/%llu",
	    (unsigned long long)t.nvcsw, (unsigned long long)t.nivcsw);

	ok(cpustat_task_read(4242, &t, test_root("proc-b")) == 0,
	    "task: read without schedstat");
	ok(t.run_ns == 400ULL * (1000000000ULL / (uint64_t)hz) &&
	    t.wait_ns == 0 && t.timeslices == 0,
	    "task: run from utime+stime %llu", (unsigned long long)t.run_ns);
	ok(t.state == 'S' && t.last_cpu == 0,
	    "task: comm 'a) S': state %c cpu %d", t.state, t.last_cpu);

	ok(cpustat_task_read(4243, &t, test_root("proc-a")) == -1,
	    "task: missing pid");
}

/* The live machine: this process and /proc/stat. */
static void
test_live(void)
{
	struct cpustat_sample	a, b;
	struct cpustat_task	t0, t1;
	struct cpustat_pct	p;
	char			err[512];
	double			max = 0;
	int			i, n = 0;
	long			online = sysconf(_SC_NPROCESSORS_ONLN);

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	ok(cpustat_sample(&a, "", err, sizeof err) == 0, "live: sample");
	for (i = 0; i < a.ncpu; i++)
		n += a.present[i];
	ok(n == online, "live: %d CPUs present, %ld online", n, online);
	test_spin(300 * 1000 * 1000ULL);
	ok(cpustat_sample(&b, "", err, sizeof err) == 0, "live: sample again");
	for (i = 0; i < b.ncpu; i++) {
		if (cpustat_delta(&a, &b, i, &p) == 0 && p.busy > max)
			max = p.busy;
		if (p.busy < 0 || p.busy > 100.0001)
			max = -1000;
	}
	ok(max > 10, "live: a CPU was busy while spinning (%.1f%%)", max);
	ok(b.t_ns > a.t_ns, "live: time stamps grow");
	cpustat_free(&a);
	cpustat_free(&b);

	ok(cpustat_task_read(getpid(), &t0, "") == 0, "live: task read");
	test_spin(100 * 1000 * 1000ULL);
	ok(cpustat_task_read(getpid(), &t1, "") == 0, "live: task read again");
	printf("# self: run %llu -> %llu ns, wait %llu, slices %llu, cpu %d, "
	    "state %c, ctxt %llu/%llu\n", (unsigned long long)t0.run_ns,
	    (unsigned long long)t1.run_ns, (unsigned long long)t1.wait_ns,
	    (unsigned long long)t1.timeslices, t1.last_cpu, t1.state,
	    (unsigned long long)t1.nvcsw, (unsigned long long)t1.nivcsw);
	ok(t1.run_ns >= t0.run_ns + 50 * 1000 * 1000ULL,
	    "live: run_ns grew by %llu ns after 100 ms spin",
	    (unsigned long long)(t1.run_ns - t0.run_ns));
	ok(t1.state == 'R', "live: state %c", t1.state);
	ok(t1.last_cpu >= 0 && t1.last_cpu < 65536, "live: last cpu %d",
	    t1.last_cpu);
	ok(cpustat_task_read(-5, &t1, "") == -1, "live: no such pid");
}

/* Run every test. */
int
main(void)
{
	unsetenv("SMTSCOPE_ROOT");
	test_fixture();
	test_errors();
	test_env();
	test_task_fixture();
	test_live();
	return tap_done();
}
