/* test_task.c: a process's software figures from /proc (task.c): fixtures, and a live child. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/os.h"
#include "sample/task.h"
#include "tap.h"
#include "base/util.h"

/* Path of one fixture tree under $TESTDATA or tests/data. */
static const char *
test_root(const char *name)
{
	static char	root[1024];
	const char	*d = getenv("TESTDATA");

	snprintf(root, sizeof root, "%s/%s", d != NULL && *d != '\0' ? d : "tests/data",
	    name);
	return root;
}

/* Every figure from the four files; a process without /proc/PID/sched. */
static void
test_fixture(void)
{
	struct task_figures	t;
	uint64_t		tick = 1000000000ULL / (uint64_t)sysconf(_SC_CLK_TCK);
	char			why[TASK_WHY_MAX];

	ok(task_read(4242, test_root("proc-task"), &t) == 0, "4242 read");
	ok(t.run_ns == 3000000000ULL, "run time from schedstat, not utime+stime (%llu)",
	    (unsigned long long)t.run_ns);
	ok(t.child_ns == 150 * tick, "reaped children's time: cutime+cstime 150 ticks "
	    "(%llu ns)", (unsigned long long)t.child_ns);
	ok(t.vcsw == 7 && t.ivcsw == 1234, "switches from status: 7 voluntary, 1234 "
	    "involuntary (%llu, %llu)", (unsigned long long)t.vcsw,
	    (unsigned long long)t.ivcsw);
	ok(t.migrations == 17, "migrations from sched: 17 (%llu)",
	    (unsigned long long)t.migrations);
	ok(t.have == TASK_ALL, "all three kinds read (0x%x)", t.have);

	ok(task_read(4243, test_root("proc-task"), &t) == 0, "4243 read");
	ok(t.run_ns == 400 * tick && t.child_ns == 0, "no schedstat: utime+stime, 400 "
	    "ticks (%llu ns)", (unsigned long long)t.run_ns);
	ok(t.vcsw == 500000 && t.ivcsw == 3, "its switches (%llu, %llu)",
	    (unsigned long long)t.vcsw, (unsigned long long)t.ivcsw);
	ok(t.have == (TASK_RUN | TASK_SWITCHES), "no sched file: no migrations (0x%x)",
	    t.have);
	ok(task_probe(4243, test_root("proc-task"), why, sizeof why) ==
	    (TASK_RUN | TASK_SWITCHES) && strstr(why, "CONFIG_SCHED_DEBUG") != NULL,
	    "the probe says why: '%s'", why);
	ok(task_probe(4242, test_root("proc-task"), why, sizeof why) == TASK_ALL &&
	    why[0] == '\0', "and nothing when all are there ('%s')", why);

	errno = 0;
	ok(task_read(4244, test_root("proc-task"), &t) == -1 && errno == ENOENT,
	    "a process that is not there: -1, ENOENT");
	ok(task_probe(4244, test_root("proc-task"), why, sizeof why) == 0 &&
	    strstr(why, "4244/stat") != NULL, "the probe names the file: '%s'", why);

	os_set_root(test_root("proc-task"));
	ok(task_read(4242, NULL, &t) == 0 && t.migrations == 17,
	    "a NULL root is the one settable root");
	os_set_root(NULL);
}

/*
 * A child that sleeps 100 times: at least 100 voluntary switches, read live.
 * The child starts its sleeps on a byte from the parent, after the first
 * read, and says when it is done: a busy machine neither lets sleeps slip
 * before the first read nor leaves them unfinished at the second.
 */
static void
test_live(void)
{
	struct task_figures	a, b;
	int			go[2], done[2], i;
	pid_t			pid;
	char			x = 0;

	if (pipe(go) == -1 || pipe(done) == -1 || (pid = fork()) == -1) {
		skip("no pipe or fork: %s", strerror(errno));
		return;
	}
	if (pid == 0) {
		close(go[1]);
		close(done[0]);
		while (read(go[0], &x, 1) == -1 && errno == EINTR)
			;
		for (i = 0; i < 100; i++)
			usleep(1000);
		if (write(done[1], &x, 1) != 1)
			_exit(1);
		while (read(go[0], &x, 1) == -1 && errno == EINTR)
			;
		_exit(0);
	}
	close(go[0]);
	close(done[1]);
	ok(task_read(pid, "", &a) == 0, "a live child read");
	if (write(go[1], &x, 1) != 1) {
		ok(0, "the child told to start: %s", strerror(errno));
		return;
	}
	while (read(done[0], &x, 1) == -1 && errno == EINTR)
		;
	close(done[0]);
	ok(task_read(pid, "", &b) == 0, "and again");
	ok(b.vcsw - a.vcsw >= 100, "its 100 sleeps are voluntary switches (%llu)",
	    (unsigned long long)(b.vcsw - a.vcsw));
	ok(b.run_ns >= a.run_ns, "its CPU time never goes back");
	ok((b.have & TASK_RUN) && (b.have & TASK_SWITCHES), "time and switches here "
	    "(0x%x)", b.have);
	close(go[1]);
	waitpid(pid, NULL, 0);
	ok(task_read(pid, "", &b) == -1, "reaped: gone");
}

int
main(void)
{
	test_fixture();
	test_live();
	return tap_done();
}
