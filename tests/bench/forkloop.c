/*
 * forkloop.c: the bench's reference for the fork load: fork a child that
 * exits at once and wait for it, in a loop, pinned to one CPU; prints the
 * microseconds a fork takes. Usage: forkloop CPU SECONDS
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Seconds on the monotonic clock. */
static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Pin, then fork, _exit and waitpid until the time is up. */
int
main(int argc, char **argv)
{
	cpu_set_t	set;
	double		t0, t, secs;
	long		n = 0;
	pid_t		pid;

	if (argc != 3 || (secs = atof(argv[2])) <= 0) {
		fprintf(stderr, "usage: forkloop CPU SECONDS\n");
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[1]), &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		perror("forkloop: sched_setaffinity");
		return 1;
	}
	t0 = now();
	do {
		if ((pid = fork()) == 0)
			_exit(0);
		if (pid == -1 || waitpid(pid, NULL, 0) != pid) {
			perror("forkloop: fork");
			return 1;
		}
		n++;
	} while ((t = now()) - t0 < secs);
	printf("%.2f\n", (t - t0) * 1e6 / (double)n);
	return 0;
}
