/* test_measure.c: the foreign work a headless measurement names, from a /proc tree written here. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
	snprintf(path, sizeof path, "rm -rf '%s'", root);
	ok(system(path) == 0, "cleaned up");
	return tap_done();
}
