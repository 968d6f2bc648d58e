/* test_foreign.c: foreign work per CPU from a /proc tree written by the test. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sample/foreign.h"
#include "tap.h"

static char	root[64];
static long	hz;
static long	steal0;		/* CPU 0's steal ticks, for put_stat */

/* Descriptors open in this process. */
static int
count_fds(void)
{
	DIR		*d = opendir("/proc/self/fd");
	struct dirent	*de;
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	closedir(d);
	return n - 1;	/* the directory's own */
}

/* Write one task's stat: pid, comm, ppid, utime, stime, processor. */
static void
put_task(int pid, int tid, const char *comm, int ppid, long utime, long stime, int cpu)
{
	char	 path[256];
	FILE	*f;
	int	 i;

	snprintf(path, sizeof path, "%s/proc/%d", root, pid);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/proc/%d/task", root, pid);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/proc/%d/task/%d", root, pid, tid);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/proc/%d/task/%d/stat", root, pid, tid);
	if ((f = fopen(path, "w")) == NULL)
		exit(1);
	/* Fields 1-3, ppid (4), 5-13, utime (14), stime (15), 16-38, processor (39). */
	fprintf(f, "%d (%s) R %d", tid, comm, ppid);
	for (i = 5; i <= 13; i++)
		fprintf(f, " 0");
	fprintf(f, " %ld %ld", utime, stime);
	for (i = 16; i <= 38; i++)
		fprintf(f, " %d", i == 20 ? (pid == 100 ? 3 : pid == 800 ? 2 : 1) : 0);
	fprintf(f, " %d 0 0 0 0 0\n", cpu);
	fclose(f);
	if (pid == tid) {
		char	 src[256], dst[256], buf[1024];
		size_t	 n;
		FILE	*in, *out;

		snprintf(src, sizeof src, "%s/proc/%d/task/%d/stat", root, pid, tid);
		snprintf(dst, sizeof dst, "%s/proc/%d/stat", root, pid);
		if ((in = fopen(src, "r")) == NULL || (out = fopen(dst, "w")) == NULL)
			exit(1);
		n = fread(buf, 1, sizeof buf, in);
		fwrite(buf, 1, n, out);
		fclose(in);
		fclose(out);
	}
}

/* Write a process's own stat (threads, ended ones too): utime, threads. */
static void
put_whole(int pid, const char *comm, long utime, int nthreads)
{
	char	 path[256];
	FILE	*f;
	int	 i;

	snprintf(path, sizeof path, "%s/proc/%d/stat", root, pid);
	if ((f = fopen(path, "w")) == NULL)
		exit(1);
	fprintf(f, "%d (%s) S 1", pid, comm);
	for (i = 5; i <= 38; i++)
		fprintf(f, " %ld", i == 14 ? utime : i == 20 ? (long)nthreads : 0L);
	fputs(" 0 0 0 0 0 0\n", f);
	fclose(f);
}

/* Write /proc/stat: two CPUs' user, softirq and idle ticks (fields 1, 7, 4), CPU 0's steal (8). */
static void
put_stat(long user0, long softirq0, long user1)
{
	char	 path[256];
	FILE	*f;

	snprintf(path, sizeof path, "%s/proc/stat", root);
	if ((f = fopen(path, "w")) == NULL)
		exit(1);
	fprintf(f, "cpu  %ld 0 0 0 0 0 %ld 0 0 0\n", user0 + user1, softirq0);
	fprintf(f, "cpu0 %ld 0 0 5000 0 0 %ld %ld 0 0\n", user0, softirq0, steal0);
	fprintf(f, "cpu1 %ld 0 0 5000 0 0 0 0 0 0\n", user1);
	fputs("intr 0\n", f);
	fclose(f);
}

int
main(void)
{
	struct foreign_proc	 top[8];
	struct foreign		*f;
	char			 path[256], desc[256], want[256];
	pid_t			 own[1] = { 200 };
	int			 n, fds0;

	hz = sysconf(_SC_CLK_TCK);
	snprintf(root, sizeof root, "/tmp/smtscope-test-foreign.XXXXXX");
	if (mkdtemp(root) == NULL)
		return 1;
	snprintf(path, sizeof path, "%s/proc", root);
	mkdir(path, 0700);

	/* A two-thread hog with an awkward name, smtscope (200), its load (300). */
	put_task(100, 100, "my (odd) hog", 1, 1000, 0, 1);
	put_task(100, 101, "worker", 1, 500, 0, 0);
	put_task(200, 200, "smtscope", 1, 10, 0, 0);
	put_task(300, 300, "smtscope:hash", 200, 5000, 0, 1);
	put_task(400, 400, "idle-ish", 1, 7, 0, 0);

	fds0 = count_fds();
	f = foreign_new(root, 2);
	ok(foreign_sample(f, own, 1, 1000000000ULL) == 0, "the first scan reads the tree");
	ok(count_fds() == fds0 + 1, "the single-threaded foreign process's stat stays open "
	    "(%d more descriptors)", count_fds() - fds0);
	ok(foreign_interval_s(f) == 0 && foreign_cpu_share(f, 1) == 0,
	    "one scan: no interval, no figure");

	/* One second later: the hog's threads ran 0.40 s on CPU 1 and 0.10 s on CPU 0,
	 * a new thread of it 0.05 s on CPU 1; our load ran a whole second. */
	put_task(100, 100, "my (odd) hog", 1, 1000 + hz * 30 / 100, hz * 10 / 100, 1);
	put_task(100, 101, "worker", 1, 500 + hz / 10, 0, 0);
	put_task(100, 102, "worker2", 1, hz * 5 / 100, 0, 1);
	put_task(300, 300, "smtscope:hash", 200, 5000 + hz, 0, 1);
	ok(foreign_sample(f, own, 1, 2000000000ULL) == 0, "the second scan");
	ok(fabs(foreign_interval_s(f) - 1.0) < 1e-9, "a 1 s interval");
	ok(fabs(foreign_cpu_share(f, 1) - 0.45) < 0.011,
	    "CPU 1: 45%% foreign (%.3f): two threads of the hog, not our load",
	    foreign_cpu_share(f, 1));
	ok(fabs(foreign_cpu_share(f, 0) - 0.10) < 0.011, "CPU 0: 10%% foreign (%.3f)",
	    foreign_cpu_share(f, 0));
	n = foreign_top(f, 1, top, 8);
	ok(n == 1 && top[0].pid == 100 && strcmp(top[0].comm, "my (odd) hog") == 0,
	    "CPU 1's top process is the hog, named as its process (%d: %s)", n,
	    n > 0 ? top[0].comm : "-");
	ok(n == 1 && fabs(top[0].share - 0.45) < 0.011, "with its threads' share (%.3f)",
	    n > 0 ? top[0].share : -1);
	foreign_describe(f, 1, 0.02, 3, desc, sizeof desc);
	ok(strcmp(desc, "my (odd) hog (100) 45%") == 0, "described: '%s'", desc);
	foreign_describe(f, 0, 0.5, 3, desc, sizeof desc);
	ok(desc[0] == '\0', "nothing above 50%% on CPU 0: '%s'", desc);
	ok(foreign_top(f, 7, top, 8) == 0 && foreign_cpu_share(f, 7) == 0,
	    "a CPU out of range has nothing");

	/* A quiet second: nothing moved. A counter that went backwards counts 0. */
	put_task(100, 101, "worker", 1, 10, 0, 0);
	ok(foreign_sample(f, own, 1, 3000000000ULL) == 0 && foreign_cpu_share(f, 0) == 0 &&
	    foreign_cpu_share(f, 1) == 0, "a quiet interval is 0; a backwards counter too");

	/* Malformed files are skipped, not fatal. */
	snprintf(path, sizeof path, "%s/proc/500", root);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/proc/500/stat", root);
	{
		FILE *g = fopen(path, "w");

		fputs("500 (no close paren R 1 2 3", g);
		fclose(g);
	}
	ok(foreign_sample(f, own, 1, 4000000000ULL) == 0, "a malformed stat is skipped");

	/* Our own processes' time, with their reaped children's (a fork load's). */
	put_task(600, 600, "smtscope:fork", 200, 50, 10, 1);
	snprintf(path, sizeof path, "%s/proc/600/stat", root);
	{
		FILE *g = fopen(path, "w");
		int i;

		fputs("600 (smtscope:fork) S 200", g);
		for (i = 5; i <= 38; i++)
			fprintf(g, " %d", i == 14 ? 50 : i == 15 ? 10 : i == 16 ? 30 :
			    i == 17 ? 5 : i == 20 ? 1 : 0);
		fputs(" 1 0 0 0 0 0\n", g);
		fclose(g);
	}
	{
		uint64_t	ns = 0, sys = 0;
		int		cpu = -1;

		ok(foreign_proc_ns(f, 600, &ns, &sys, &cpu) == 0 &&
		    ns == 95 * (1000000000ULL / (uint64_t)hz) && cpu == 1,
		    "a process's time counts its reaped children: 95 ticks (%llu ns) on CPU %d",
		    (unsigned long long)ns, cpu);
		ok(sys == 15 * (1000000000ULL / (uint64_t)hz),
		    "its system part: stime and cstime, 15 ticks (%llu ns)",
		    (unsigned long long)sys);
		ok(foreign_proc_ns(f, 600, &ns, NULL, &cpu) == 0, "the system part is optional");
		ok(foreign_proc_ns(f, 700, &ns, &sys, &cpu) == -1, "a process that is gone: -1");
		ok(foreign_proc_ns(f, 500, &ns, &sys, &cpu) == -1, "a malformed stat: -1");
	}
	foreign_free(f);
	/*
	 * Work no process scanned accounts for, from /proc/stat: smtscope (800)
	 * with a thread on each CPU (c2c's pair) and a child (820); sh (810).
	 */
	{
		pid_t	mine[1] = { 800 };

		put_stat(1000, 0, 2000);
		put_task(800, 800, "smtscope", 1, 100, 0, 0);
		put_task(800, 801, "c2c", 1, 100, 0, 1);
		put_whole(800, "smtscope", 200, 2);
		put_task(810, 810, "sh", 1, 5, 0, 0);
		put_task(820, 820, "smtscope-c2c", 800, 0, 0, 1);
		f = foreign_new(root, 2);
		ok(foreign_sample(f, mine, 1, 10000000000ULL) == 0, "a scan with /proc/stat");
		/* A second: CPU 0 all busy: our thread 10%, sh 10%, short-lived
		 * processes 60%, softirq 20%; CPU 1 70%: our thread and child. */
		put_stat(1000 + hz * 80 / 100, hz * 20 / 100, 2000 + hz * 70 / 100);
		put_task(800, 800, "smtscope", 1, 100 + hz * 10 / 100, 0, 0);
		put_task(800, 801, "c2c", 1, 100 + hz * 50 / 100, 0, 1);
		put_whole(800, "smtscope", 200 + hz * 60 / 100, 2);
		put_task(810, 810, "sh", 1, 5 + hz * 10 / 100, 0, 0);
		put_task(820, 820, "smtscope-c2c", 800, hz * 20 / 100, 0, 1);
		ok(foreign_sample(f, mine, 1, 11000000000ULL) == 0, "the next scan");
		/* Less two ticks of slack for rounding. */
		ok(fabs(foreign_cpu_share(f, 0) - (0.90 - 2.0 / hz)) < 0.001,
		    "CPU 0: others 90%% of it, less 2 ticks (%.3f): busy less our thread's 10%%",
		    foreign_cpu_share(f, 0));
		ok(fabs(foreign_cpu_unnamed(f, 0) - (0.80 - 2.0 / hz)) < 0.001,
		    "of which 80%% no process accounts for (%.3f)", foreign_cpu_unnamed(f, 0));
		ok(foreign_cpu_share(f, 1) < 0.011 && foreign_cpu_unnamed(f, 1) < 0.011,
		    "CPU 1: none (%.3f, %.3f): our second thread counts on its own CPU, "
		    "a child of ours as ours", foreign_cpu_share(f, 1),
		    foreign_cpu_unnamed(f, 1));
		foreign_describe(f, 0, 0.02, 3, desc, sizeof desc);
		snprintf(want, sizeof want, "short-lived processes %.0f%%, interrupts 20%%, "
		    "sh (810) 10%%", 60 - 200.0 / hz);
		ok(strcmp(desc, want) == 0, "described largest first, the unnamed parts too: "
		    "'%s'", desc);
		foreign_describe(f, 0, 0.02, 1, desc, sizeof desc);
		ok(strncmp(desc, want, strlen("short-lived processes")) == 0 &&
		    strchr(desc, ',') == NULL, "the largest alone: '%s'", desc);
		/*
		 * A second more: our thread on CPU 1 ran 0.5 s and ended; its time
		 * is in its process's alone. CPU 1 busy 50%, CPU 0 idle.
		 */
		put_stat(1000 + hz * 80 / 100, hz * 20 / 100, 2000 + hz * 120 / 100);
		snprintf(path, sizeof path, "rm -rf '%s/proc/800/task/801'", root);
		ok(system(path) == 0, "a thread of ours ended");
		put_task(800, 800, "smtscope", 1, 100 + hz * 10 / 100, 0, 0);
		put_whole(800, "smtscope", 200 + hz * 110 / 100, 1);
		ok(foreign_sample(f, mine, 1, 12000000000ULL) == 0, "a scan after it ended");
		ok(foreign_cpu_share(f, 1) < 0.011,
		    "CPU 1: no others (%.3f): an ended thread's time, on no known CPU, "
		    "is taken from every CPU's", foreign_cpu_share(f, 1));
		/* 50 ms later, CPU 1 busy 5 ticks that nothing of ours ran. */
		put_stat(1000 + hz * 80 / 100, hz * 20 / 100, 2000 + hz * 125 / 100);
		ok(foreign_sample(f, mine, 1, 12050000000ULL) == 0 &&
		    foreign_cpu_share(f, 1) == 0,
		    "an interval of a few ticks says nothing of unnamed work (%.3f)",
		    foreign_cpu_share(f, 1));
		/*
		 * A second more: CPU 0 worked 30% for no process of ours, and the
		 * hypervisor stole 50% of it for other guests.
		 */
		steal0 = hz / 2;
		put_stat(1000 + hz * 110 / 100, hz * 20 / 100, 2000 + hz * 125 / 100);
		ok(foreign_sample(f, mine, 1, 13050000000ULL) == 0, "a scan with steal");
		ok(fabs(foreign_cpu_share(f, 0) - (0.30 - 2.0 / hz)) < 0.001,
		    "CPU 0: others 30%% less 2 ticks (%.3f), the steal not in it",
		    foreign_cpu_share(f, 0));
		ok(fabs(foreign_cpu_steal(f, 0) - 0.50) < 0.001 && foreign_cpu_steal(f, 1) == 0,
		    "the steal apart: CPU 0 %.3f, CPU 1 %.3f", foreign_cpu_steal(f, 0),
		    foreign_cpu_steal(f, 1));
		foreign_describe(f, 0, 0.02, 3, desc, sizeof desc);
		ok(strstr(desc, "steal") == NULL && strstr(desc, "hypervisor") == NULL,
		    "others described without it: '%s'", desc);
		ok(foreign_cpu_steal(f, 7) == 0 && foreign_cpu_steal(f, -1) == 0,
		    "no steal for a CPU out of range");
		foreign_free(f);
	}
	ok(count_fds() == fds0, "every stat kept open is closed with the sampler (%d left)",
	    count_fds() - fds0);

	f = foreign_new("/nonexistent-root", 2);
	ok(foreign_sample(f, NULL, 0, 1) == -1, "an unreadable root is an error");
	foreign_free(f);
	snprintf(path, sizeof path, "rm -rf '%s'", root);
	ok(system(path) == 0, "cleaned up");
	return tap_done();
}
