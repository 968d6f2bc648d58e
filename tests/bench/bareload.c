/*
 * bareload.c: the bench's bare launcher: the same smtscope-load binary,
 * started as smtscope's supervisor starts it (its slot in shared memory, the
 * pipes of a two-ended load, pinned, exec'd with the same arguments), but
 * watched by nothing: no counter on it, no /proc read, no supervisor
 * sampling. What a kernel does here against what it does under `smtscope
 * run` is what watching costs it. With -p each end gets the perf software
 * group (task-clock, context switches, migrations) smtscope opened on every
 * load before issue 24, to show what that cost.
 *
 *	bareload [-p] [-l SMTSCOPE-LOAD] [-w WARM_S] KERNEL[:PARAM]@WHERE SECONDS
 *
 * Prints the load's rate over SECONDS in its kernel's displayed unit (as
 * `smtscope run --json` gives "rate"), after its setup and WARM_S (0.25),
 * and the share of those seconds its first end ran on a CPU (as "cpu_share",
 * from /proc/PID/schedstat).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "engine/kernels/kernel.h"
#include "engine/load/load.h"
#include "engine/loads.h"
#include "model/topo.h"
#include "os/os.h"

/* Seconds on the monotonic clock. */
static double
bare_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The nanoseconds pid has run on a CPU (/proc/PID/schedstat's first field); 0 unknown. */
static unsigned long long
bare_run_ns(pid_t pid)
{
	char			 path[64];
	unsigned long long	 ns = 0;
	FILE			*f;

	snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fscanf(f, "%llu", &ns) != 1)
		ns = 0;
	fclose(f);
	return ns;
}

/* Open the old software group on pid: task-clock, context switches, migrations. */
static void
bare_perf(pid_t pid)
{
	static const uint64_t	 cfg[3] = { PERF_COUNT_SW_TASK_CLOCK,
	    PERF_COUNT_SW_CONTEXT_SWITCHES, PERF_COUNT_SW_CPU_MIGRATIONS };
	struct perf_event_attr	 a;
	int			 i, leader = -1, fd;

	for (i = 0; i < 3; i++) {
		memset(&a, 0, sizeof a);
		a.size = sizeof a;
		a.type = PERF_TYPE_SOFTWARE;
		a.config = cfg[i];
		a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
		    PERF_FORMAT_TOTAL_TIME_RUNNING;
		a.inherit = 1;
		fd = (int)syscall(SYS_perf_event_open, &a, pid, -1, leader, PERF_FLAG_FD_CLOEXEC);
		if (fd == -1) {
			fprintf(stderr, "bareload: perf_event_open: %s\n", strerror(errno));
			exit(1);
		}
		if (leader == -1)
			leader = fd;
	}
}

/* Fork one end: pinned to cpu, the kept descriptors open, smtscope-load exec'd. */
static pid_t
bare_fork(const char *exe, const struct load_spec *spec, const struct kernel_param *p,
    int end_b, int cpu, int memfd)
{
	char		 bytes[24], fds[64], mfd[16], end[2] = { end_b ? 'b' : 'a', 0 };
	char		*argv[LOAD_ARGC + 1];
	cpu_set_t	 set;
	pid_t		 pid;
	int		 i;

	if ((pid = fork()) != 0)
		return pid;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0)
		_exit(LOAD_EXIT_BIND);
	for (i = 0; i < 4; i++)
		if (p->fd[i] >= 0)
			fcntl(p->fd[i], F_SETFD, 0);
	fcntl(memfd, F_SETFD, 0);
	snprintf(bytes, sizeof bytes, "%llu", (unsigned long long)p->bytes);
	snprintf(fds, sizeof fds, "%d,%d,%d,%d", p->fd[0], p->fd[1], p->fd[2], p->fd[3]);
	snprintf(mfd, sizeof mfd, "%d", memfd);
	argv[0] = (char *)LOAD_PROGRAM;
	argv[1] = (char *)spec->k->name;
	argv[2] = end;
	argv[3] = (char *)p->text;
	argv[4] = bytes;
	argv[5] = fds;
	argv[6] = mfd;
	argv[7] = (char *)"0";
	argv[8] = NULL;
	execv(exe, argv);
	_exit(LOAD_EXIT_EXEC);
}

/* Say how it is called, and exit 2. */
static void __attribute__((noreturn))
bare_usage(void)
{
	fprintf(stderr, "usage: bareload [-p] [-l smtscope-load] [-w warm_s] "
	    "KERNEL[:PARAM]@WHERE SECONDS\n");
	exit(2);
}

/* Start the load bare, time its rate over SECONDS after its setup, print it. */
int
main(int argc, char **argv)
{
	const char		*exe = "./smtscope-load";
	struct load_spec	 spec;
	struct kernel_param	 p;
	struct kernel_env	 env;
	struct load_slot	*slot;
	struct topo		*m;
	volatile uint64_t	*count;
	double			 secs, warm = 0.25, t0, t1, end;
	uint64_t		 c0, c1;
	unsigned long long	 r0, r1;
	pid_t			 pid[2] = { -1, -1 };
	char			 err[512];
	int			 ch, perf = 0, memfd, i;

	while ((ch = getopt(argc, argv, "pl:w:")) != -1) {
		switch (ch) {
		case 'p':
			perf = 1;
			break;
		case 'l':
			exe = optarg;
			break;
		case 'w':
			warm = atof(optarg);
			break;
		default:
			bare_usage();
		}
	}
	if (argc - optind != 2 || (secs = atof(argv[optind + 1])) <= 0)
		bare_usage();
	/* The same spec `smtscope run` makes of it: the model, the kernel's parse. */
	if ((m = topo_load_live(err, sizeof err)) == NULL ||
	    loads_parse(m, argv[optind], &spec, err, sizeof err) == -1) {
		fprintf(stderr, "bareload: %s\n", err);
		return 2;
	}
	p = spec.param;
	if (spec.k->ends == 2) {
		memset(&env, 0, sizeof env);
		if (spec.k->parse(p.text[0] ? p.text : NULL, &env, &p, err, sizeof err) != 0) {
			fprintf(stderr, "bareload: %s\n", err);
			return 1;
		}
	}
	if ((memfd = os_shared_memory("bareload", LOAD_SLOT_BYTES)) == -1 ||
	    (slot = mmap(NULL, LOAD_SLOT_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, memfd,
	    0)) == MAP_FAILED) {
		fprintf(stderr, "bareload: shared memory: %s\n", strerror(errno));
		return 1;
	}
	count = &slot->count;
	pid[0] = bare_fork(exe, &spec, &p, 0, cpuset_next(&spec.cpus, 0), memfd);
	if (spec.k->ends == 2)
		pid[1] = bare_fork(exe, &spec, &p, 1, spec.cpu_b, memfd);
	kernel_param_close(&p);
	for (i = 0; perf && i < 2; i++)
		if (pid[i] > 0)
			bare_perf(pid[i]);
	/* Its setup: until the first unit of work, at most a minute. */
	for (end = bare_now() + 60; *count == 0 && bare_now() < end; )
		usleep(5000);
	usleep((useconds_t)(warm * 1e6));
	c0 = *count;
	t0 = bare_now();
	r0 = bare_run_ns(pid[0]);
	usleep((useconds_t)(secs * 1e6));
	c1 = *count;
	t1 = bare_now();
	r1 = bare_run_ns(pid[0]);
	for (i = 0; i < 2; i++)
		if (pid[i] > 0) {
			kill(pid[i], SIGKILL);
			waitpid(pid[i], NULL, 0);
		}
	if (c1 <= c0) {
		fprintf(stderr, "bareload: %s did no work (%s)\n", argv[optind], slot->err);
		return 1;
	}
	printf("%.6g %.4f\n", kernel_display(spec.k, (double)(c1 - c0) / (t1 - t0)),
	    r1 > r0 && r0 > 0 ? (double)(r1 - r0) / 1e9 / (t1 - t0) : 0.0);
	topo_free(m);
	return 0;
}
