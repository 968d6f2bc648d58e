/*
 * kernelrate.c: run one load for a while, pinned, and print its rate; the
 * benchmark script's way to measure a kernel without the whole program.
 *
 *	kernelrate [-c CPU] [-p PEERCPU] [-t SECONDS] KERNEL[:PARAM]
 *	kernelrate [-c CPU] -f
 *
 * Prints one line: "KERNEL[:PARAM] DISPLAYED UNIT RATE WORK_UNIT/s"; with
 * -f, "clock GHZ fp-path LANES": the core clock measured with a chain of
 * dependent adds (one cycle each), and the fp kernel's vector path.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel.h"
#include "util.h"
#include "kernels/kernels_internal.h"

/* Pin this process to one CPU, or die. */
static void
kernelrate_pin(long cpu)
{
	cpu_set_t	set;

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET((int)cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0)
		fatal("sched_setaffinity cpu %ld", cpu);
}

/* The largest cache of CPU 0 from sysfs, 0 if unknown. */
static uint64_t
kernelrate_llc(void)
{
	char		path[128], buf[64];
	uint64_t	best = 0, v;
	int		i;

	for (i = 0; i < 8; i++) {
		snprintf(path, sizeof path,
		    "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		if (util_read_file(path, buf, sizeof buf) != 0)
			continue;
		if (util_parse_size(buf, &v) == 0 && v > best)
			best = v;
	}
	return best;
}

/* MemAvailable from /proc/meminfo, 0 if unknown. */
static uint64_t
kernelrate_mem_avail(void)
{
	FILE			*f;
	char			 line[256];
	unsigned long long	 kb;
	uint64_t		 bytes = 0;

	if ((f = fopen("/proc/meminfo", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
			bytes = (uint64_t)kb * 1024;
			break;
		}
	}
	fclose(f);
	return bytes;
}

/* Measure the clock: dependent adds take one cycle each; 0 if unknown. */
static double
kernelrate_clock_ghz(void)
{
#if defined(__x86_64__)
	uint64_t	x = 0, n, t0, best = UINT64_MAX, ns;
	int		i;

	for (i = 0; i < 5; i++) {
		n = 25000000;
		t0 = util_now_ns();
		__asm__ __volatile__(
		    "1:\n\t"
		    "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
		    "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
		    "sub $1, %1\n\t"
		    "jnz 1b"
		    : "+r"(x), "+r"(n) : : "cc");
		ns = util_now_ns() - t0;
		if (ns < best)
			best = ns;
	}
	return 25000000.0 * 8 / (double)best;
#else
	return 0;
#endif
}

/* Print how to call this and exit 2. */
static void __attribute__((noreturn))
kernelrate_usage(void)
{
	fprintf(stderr, "usage: kernelrate [-c cpu] [-p peer-cpu] [-t seconds]"
	    " kernel[:param]\n       kernelrate [-c cpu] -f\n");
	exit(2);
}

/* Parse options, run the kernel (and its peer), print the rate. */
int
main(int argc, char **argv)
{
	const struct kernel	*k;
	struct kernel_env	 env;
	struct kernel_param	 p;
	char			 name[64], err[256], *param;
	void			*st;
	double			 secs = 3, rate;
	long			 cpu = -1, peer_cpu = -1;
	uint64_t		 units = 0, t0, t1, end;
	pid_t			 pid = -1;
	int			 ch, fflag = 0;

	while ((ch = getopt(argc, argv, "c:fp:t:")) != -1) {
		switch (ch) {
		case 'f':
			fflag = 1;
			break;
		case 'c':
			if (util_parse_long(optarg, 0, CPU_SETSIZE - 1, &cpu))
				kernelrate_usage();
			break;
		case 'p':
			if (util_parse_long(optarg, 0, CPU_SETSIZE - 1,
			    &peer_cpu))
				kernelrate_usage();
			break;
		case 't':
			if (util_parse_seconds(optarg, &secs) || secs <= 0)
				kernelrate_usage();
			break;
		default:
			kernelrate_usage();
		}
	}
	if (fflag) {
		if (optind != argc)
			kernelrate_usage();
		kernelrate_pin(cpu);
		printf("clock %.3f %s %d\n", kernelrate_clock_ghz(), fp_path(),
		    fp_lanes());
		return 0;
	}
	if (optind != argc - 1 || strlen(argv[optind]) >= sizeof name)
		kernelrate_usage();
	strcpy(name, argv[optind]);
	if ((param = strchr(name, ':')) != NULL)
		*param++ = '\0';
	if ((k = kernel_find(name)) == NULL)
		fatalx("%s: no such kernel", name);

	env.llc_bytes = kernelrate_llc();
	env.mem_avail_bytes = kernelrate_mem_avail();
	if (k->parse(param, &env, &p, err, sizeof err) != 0)
		fatalx("%s", err);
	if (peer_cpu < 0)
		peer_cpu = cpu;

	if (k->ends == 2) {
		if ((pid = fork()) == -1)
			fatal("fork");
		if (pid == 0) {
			kernelrate_pin(peer_cpu);
			k->peer(&p);
			_exit(1);
		}
	}
	kernelrate_pin(cpu);
	if ((st = k->init(&p, err, sizeof err)) == NULL)
		fatalx("%s", err);

	/* A quarter second to settle caches and clocks, then measure. */
	t0 = util_now_ns();
	while (util_now_ns() - t0 < UTIL_NSEC_PER_SEC / 4)
		k->step(st);
	t0 = util_now_ns();
	end = t0 + (uint64_t)(secs * 1e9);
	do {
		units += k->step(st);
	} while ((t1 = util_now_ns()) < end);
	k->fini(st);
	if (pid != -1) {
		while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
			;
	}

	rate = (double)units / ((double)(t1 - t0) / 1e9);
	printf("%s%s%s %.4g %s %.6g %s/s\n", k->name, param ? ":" : "",
	    param ? param : "", kernel_display(k, rate), k->unit, rate,
	    k->work_unit);
	return 0;
}
