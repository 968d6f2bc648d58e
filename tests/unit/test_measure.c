/* test_measure.c: the foreign work a headless measurement names, from a /proc tree written here. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "os/os.h"
#include "sample/foreign.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "tap.h"
#include "model/topo.h"

static char	root[64];

/* Write a single-threaded process's stat: comm, ppid, utime (ticks), processor. */
static void
put_proc(int pid, const char *comm, int ppid, long utime, int cpu)
{
	char	 path[256];
	FILE	*f;
	int	 i;

	snprintf(path, sizeof path, "%s/proc/%d", root, pid);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/proc/%d/stat", root, pid);
	if ((f = fopen(path, "w")) == NULL)
		exit(1);
	fprintf(f, "%d (%s) R %d", pid, comm, ppid);
	for (i = 5; i <= 13; i++)
		fprintf(f, " 0");
	fprintf(f, " %ld 0", utime);
	for (i = 16; i <= 38; i++)
		fprintf(f, " %d", i == 20 ? 1 : 0);
	fprintf(f, " %d 0 0 0 0 0\n", cpu);
	fclose(f);
}

/* Write /proc/stat: CPU 1's user and steal ticks, CPU 0 idle. */
static void
put_stat(long user1, long steal1)
{
	char	 path[256];
	FILE	*f;

	snprintf(path, sizeof path, "%s/proc/stat", root);
	if ((f = fopen(path, "w")) == NULL)
		exit(1);
	fprintf(f, "cpu  %ld 0 0 10000 0 0 0 %ld 0 0\n", user1, steal1);
	fputs("cpu0 0 0 0 5000 0 0 0 0 0 0\n", f);
	fprintf(f, "cpu1 %ld 0 0 5000 0 0 0 %ld 0 0\n", user1, steal1);
	fputs("intr 0\n", f);
	fclose(f);
}

/*
 * Others' time on a load's core, the guard of solos: the CPUs' work less
 * the load's own, the hypervisor's steal left out (as foreign.c leaves it).
 */
static void
test_core_foreign(long hz)
{
	struct topo	*m;
	struct foreign	*f;
	struct load	 l;
	uint64_t	 ns0 = 0, ns1 = 0, tick = 1000000000ULL / (uint64_t)hz;
	char		 err[256];

	if ((m = topo_load_synthetic("package:1 core:2 pu:1", err, sizeof err)) == NULL) {
		ok(0, "a synthetic machine: %s", err);
		return;
	}
	os_set_root(root);
	f = foreign_new(root, 2);
	memset(&l, 0, sizeof l);
	cpuset_zero(&l.spec.cpus);
	cpuset_set(&l.spec.cpus, 1);
	l.spec.cpu_b = -1;
	l.pid = 300;
	l.pid_b = -1;
	l.state = LOAD_RUNNING;
	put_stat(4 * hz, 0);
	put_proc(300, "smtscope:hash", 200, 3 * hz, 1);
	ok(measure_core_foreign_ns(m, f, &l, &ns0) == 0 && ns0 == (uint64_t)hz * tick,
	    "CPU 1 worked 4 s, the load 3 s: others 1 s (%llu ns)", (unsigned long long)ns0);
	/* Then: CPU 1 worked 0.5 s, the load 0.25 s of it; 1 s stolen. */
	put_stat(4 * hz + hz / 2, hz);
	put_proc(300, "smtscope:hash", 200, 3 * hz + hz / 4, 1);
	ok(measure_core_foreign_ns(m, f, &l, &ns1) == 0 &&
	    ns1 - ns0 == (uint64_t)(hz / 2 - hz / 4) * tick,
	    "then others 0.25 s more (%.3f s): the 1 s the hypervisor stole is not theirs",
	    (double)(ns1 - ns0) / 1e9);
	ok(measure_core_foreign_ns(m, f, NULL, &ns1) == -1, "no load: -1");
	os_set_root(NULL);
	foreign_free(f);
	topo_free(m);
}

/* The steal named where it is at least 0.05 CPU. */
static void
test_steal_text(void)
{
	char	buf[128];

	measure_steal_text(0.456, buf, sizeof buf);
	ok(strcmp(buf, "the hypervisor gave 0.46 CPU there to other guests (steal)") == 0,
	    "'%s'", buf);
	measure_steal_text(0.049, buf, sizeof buf);
	ok(buf[0] == '\0', "0.049 CPU: not named");
	measure_steal_text(NAN, buf, sizeof buf);
	ok(buf[0] == '\0', "unknown: not named");
}

/* The core of a load: its CPUs and their SMT siblings. */
static void
test_core(void)
{
	struct load_spec	 spec;
	struct cpuset		 core;
	struct topo		*m;
	char			 err[256], list[64];

	m = topo_load_synthetic("package:1 core:2 pu:2", err, sizeof err);
	ok(m != NULL, "a synthetic 2-core, 2-thread machine (%s)", m ? "" : err);
	if (m == NULL)
		return;
	memset(&spec, 0, sizeof spec);
	cpuset_zero(&spec.cpus);
	cpuset_set(&spec.cpus, 1);
	spec.cpu_b = -1;
	measure_core_cpus(m, &spec, &core);
	cpuset_format(&core, list, sizeof list);
	ok(cpuset_count(&core) == 2 && cpuset_isset(&core, 1), "CPU 1's core: %s", list);
	spec.cpu_b = 3;
	measure_core_cpus(m, &spec, &core);
	ok(cpuset_count(&core) == 4, "a two-ended load on both cores: all 4 CPUs");
	topo_free(m);
}

int
main(void)
{
	struct foreign_proc	 p[4];
	struct foreign		*f;
	struct cpuset		 set;
	char			 path[256], text[256];
	pid_t			 own[1] = { 200 };
	long			 hz = sysconf(_SC_CLK_TCK);
	int			 n;

	snprintf(root, sizeof root, "/tmp/smtscope-test-measure.XXXXXX");
	if (mkdtemp(root) == NULL)
		return 1;
	snprintf(path, sizeof path, "%s/proc", root);
	mkdir(path, 0700);
	put_proc(100, "smtscope-hog", 1, 0, 1);
	put_proc(101, "cc1", 1, 0, 0);
	put_proc(102, "tiny", 1, 0, 0);
	put_proc(200, "smtscope", 1, 0, 0);
	put_proc(300, "smtscope:hash", 200, 0, 1);
	f = foreign_new(root, 2);
	foreign_sample(f, own, 1, 1000000000ULL);
	/* In two seconds: the hog 1.0 s on CPU 1, cc1 0.2 s on CPU 0, tiny 0.02 s. */
	put_proc(100, "smtscope-hog", 1, hz, 1);
	put_proc(101, "cc1", 1, hz / 5, 0);
	put_proc(102, "tiny", 1, hz / 50, 0);
	put_proc(300, "smtscope:hash", 200, 2 * hz, 1);
	foreign_sample(f, own, 1, 3000000000ULL);

	cpuset_zero(&set);
	cpuset_set(&set, 1);
	ok(fabs(measure_foreign_cpus(f, &set) - 0.5) < 0.02, "CPU 1: half a CPU foreign "
	    "(%.3f), our load left out", measure_foreign_cpus(f, &set));
	n = measure_foreign_on(f, &set, 0.02, p, 4);
	ok(n == 1 && p[0].pid == 100 && p[0].cpu == 1 && fabs(p[0].share - 0.5) < 0.02,
	    "the hog is named on CPU 1 (%d)", n);
	cpuset_set(&set, 0);
	n = measure_foreign_on(f, &set, 0.02, p, 4);
	ok(n == 2 && p[0].pid == 100 && p[1].pid == 101, "CPUs 0-1: hog then cc1, tiny "
	    "below 2%% left out (%d)", n);
	ok(fabs(measure_foreign_cpus(f, &set) - 0.61) < 0.03, "in all %.3f CPUs",
	    measure_foreign_cpus(f, &set));
	n = measure_foreign_on(f, &set, 0.02, p, 1);
	ok(n == 1 && p[0].pid == 100, "at most max, the largest kept");
	n = measure_foreign_on(f, &set, 0.02, p, 4);
	measure_foreign_text(p, n, text, sizeof text);
	ok(strcmp(text, "smtscope-hog (100) 50% of CPU 1, cc1 (101) 10% of CPU 0") == 0,
	    "described: '%s'", text);
	measure_foreign_text(p, 0, text, sizeof text);
	ok(text[0] == '\0', "none: empty");
	foreign_free(f);
	test_core();
	test_core_foreign(hz);
	test_steal_text();
	snprintf(path, sizeof path, "rm -rf '%s'", root);
	ok(system(path) == 0, "cleaned up");
	/* check: "others used 0.23 CPU: smtscope:spin (8121) 30% of CPU 1". */
	memset(p, 0, sizeof p);
	p[0].share = 0.30;
	ok(measure_foreign_whole(0.23, p, 1) == 0.30 && measure_foreign_whole(0.5, p, 1) == 0.5 &&
	    isnan(measure_foreign_whole(NAN, p, 1)),
	    "the whole is never less than its named parts (0.23 with 30%% named: %.2f)",
	    measure_foreign_whole(0.23, p, 1));
	/* check, run, tour: the solo window's 0.23 put in after the scan's whole. */
	ok(measure_foreign_kept(0.23, 0.5, p, 1) == 0.30 &&
	    measure_foreign_kept(0.6, 0.5, p, 1) == 0.6 &&
	    measure_foreign_kept(NAN, 0.5, p, 1) == 0.5 &&
	    isnan(measure_foreign_kept(NAN, NAN, p, 1)),
	    "a solo window's figure never less than the parts named around it (%.2f)",
	    measure_foreign_kept(0.23, 0.5, p, 1));
	return tap_done();
}
