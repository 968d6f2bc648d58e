/* test_task.c: a process's software figures from /proc (task.c): fixtures, and a live child. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* Plant root/proc/4242/stat with text (len bytes: a NUL may be in it); 0 or -1. */
static int
plant_stat(const char *root, const char *text, size_t len)
{
	char	 path[1024];
	FILE	*f;

	snprintf(path, sizeof path, "%s/proc/4242/stat", root);
	if ((f = fopen(path, "w")) == NULL)
		return -1;
	fwrite(text, 1, len, f);
	return fclose(f);
}

/* Twenty fields after the name's ')': state, 18 numbers, then field 22, then more. */
#define STAT_MID	" 1 4242 4242 0 -1 4194304 100 0 0 0 50 10 0 0 20 0 1 0 "

/*
 * os_proc_start_at(): a pid's identity (its start time) read under a root,
 * from planted files: names with blanks, ')' and newlines, files cut short,
 * numbers past 64 bits, a zombie, a FIFO; and this machine's for ourselves.
 */
static void
test_proc_start(void)
{
	static const struct {
		const char		*text;
		unsigned long long	 want;
		const char		*what;
	} c[] = {
		{ "4242 (sh) S" STAT_MID "12345 1000 100\n", 12345, "a plain name" },
		{ "4242 (my prog) R" STAT_MID "777 1000\n", 777, "a name with a blank" },
		{ "4242 (a) b) S c) S" STAT_MID "99 1\n", 99, "a name with ') S ' in it" },
		{ "4242 (x)\n1 2 3) S" STAT_MID "4096 1\n", 4096, "a name with a newline and ')'" },
		{ "4242 (sh) S" STAT_MID "8\n", 8, "the start the last field" },
		{ "4242 (sh) S" STAT_MID "18446744073709551615 1\n", 18446744073709551615ULL,
		    "the largest 64-bit start" },
		{ "4242 (sh) S" STAT_MID "18446744073709551616 1\n", 0, "a start past 64 bits" },
		{ "4242 (sh) S" STAT_MID "99999999999999999999999999 1\n", 0, "a 26-digit start" },
		{ "4242 (sh) S" STAT_MID "-5 1\n", 0, "a negative start" },
		{ "4242 (sh) S" STAT_MID "12x 1\n", 0, "a start with letters" },
		{ "4242 (sh) S" STAT_MID "\n", 0, "no start" },
		{ "4242 (sh) S 1 4242 4242", 0, "a file cut short" },
		{ "4242 (sh", 0, "a file cut inside the name" },
		{ "", 0, "an empty file" },
		{ "4242 (sh) Z" STAT_MID "12345 1\n", 0, "a zombie" },
		{ "4242 (sh)S" STAT_MID "12345 1\n", 0, "no blank after the name" },
	};
	char		root[] = "/tmp/smtscope-test-start.XXXXXX", path[1024];
	unsigned long long got;
	size_t		i;

	if (mkdtemp(root) == NULL) {
		skip("no temporary directory: %s", strerror(errno));
		return;
	}
	snprintf(path, sizeof path, "%s/proc", root);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/proc/4242", root);
	mkdir(path, 0700);
	ok(os_proc_start_at(root, 4242) == 0, "no stat file: 0");
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		if (plant_stat(root, c[i].text, strlen(c[i].text)) == -1) {
			ok(0, "%s: planted", c[i].what);
			continue;
		}
		got = os_proc_start_at(root, 4242);
		ok(got == c[i].want, "%s: start %llu (expected %llu)", c[i].what, got, c[i].want);
	}
	/* A NUL inside the name ends the text there: no ')' after it. */
	plant_stat(root, "4242 (a\0b) S" STAT_MID "5 1\n", sizeof "4242 (a\0b) S" STAT_MID
	    "5 1\n" - 1);
	ok(os_proc_start_at(root, 4242) == 0, "a NUL in the name: 0");
	/* A FIFO at the name: refused at once, not waited on. */
	snprintf(path, sizeof path, "%s/proc/4242/stat", root);
	unlink(path);
	ok(mkfifo(path, 0600) == 0 && os_proc_start_at(root, 4242) == 0,
	    "a FIFO for stat: 0, without blocking");
	unlink(path);
	snprintf(path, sizeof path, "%s/proc/4242", root);
	rmdir(path);
	snprintf(path, sizeof path, "%s/proc", root);
	rmdir(path);
	rmdir(root);
	ok(os_proc_start_at(root, 0) == 0 && os_proc_start_at(root, -1) == 0,
	    "pid 0 and -1: 0");
	/* This machine: our own start, as os_proc_start() reads it. */
	got = os_proc_start((long)getpid());
	ok(got > 0 && got == os_proc_start_at("", (long)getpid()),
	    "our own start time here: %llu", got);
}

int
main(void)
{
	test_fixture();
	test_live();
	test_proc_start();
	return tap_done();
}
