/*
 * stat16.c: a view of this machine's /proc/stat with more CPUs, for the
 * screen's bench (tests/bench/ui16.sh): every PERIOD ms, FILE is rewritten
 * in place (the same inode, so a bind mount of it over /proc/stat in a
 * private mount namespace sees each version) with N cpuK lines, CPU K's
 * counters those of the real CPU K modulo the real count; the other lines
 * as they are. Runs for SECONDS. Test tooling, not a measurement.
 * Usage: stat16 FILE N SECONDS [PERIOD_MS]
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define STAT16_MAX	1024

/* Read the real /proc/stat: its per-CPU lines (without "cpuK") and the rest. */
static int
stat16_read(char cpus[][512], int *ncpu, char *rest, size_t restlen, char *total,
    size_t totlen)
{
	FILE	*f = fopen("/proc/stat", "r");
	char	 line[4096], *sp;
	size_t	 used = 0;

	if (f == NULL)
		return -1;
	*ncpu = 0;
	rest[0] = '\0';
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "cpu ", 4) == 0)
			snprintf(total, totlen, "%s", line);
		else if (strncmp(line, "cpu", 3) == 0 && *ncpu < STAT16_MAX &&
		    (sp = strchr(line, ' ')) != NULL)
			snprintf(cpus[(*ncpu)++], 512, "%s", sp);
		else if (used + strlen(line) < restlen) {
			memcpy(rest + used, line, strlen(line) + 1);
			used += strlen(line);
		}
	}
	fclose(f);
	return *ncpu > 0 ? 0 : -1;
}

/* Write the view: the total, n cpuK lines, the rest; in place. */
static void
stat16_write(int fd, int n, char cpus[][512], int ncpu, const char *rest,
    const char *total)
{
	static char	buf[1 << 20];
	size_t		used = 0;
	int		i;

	used += (size_t)snprintf(buf + used, sizeof buf - used, "%s", total);
	for (i = 0; i < n && used < sizeof buf; i++)
		used += (size_t)snprintf(buf + used, sizeof buf - used, "cpu%d%s", i,
		    cpus[i % ncpu]);
	if (used < sizeof buf)
		used += (size_t)snprintf(buf + used, sizeof buf - used, "%s", rest);
	if (used > sizeof buf)
		used = sizeof buf;
	if (pwrite(fd, buf, used, 0) == -1 || ftruncate(fd, (off_t)used) == -1)
		exit(1);
}

/* Rewrite FILE every PERIOD ms for SECONDS. */
int
main(int argc, char **argv)
{
	static char	cpus[STAT16_MAX][512], rest[1 << 16], total[512];
	struct timespec	ts;
	int		fd, n, ncpu, period, rounds;

	if (argc < 4) {
		fprintf(stderr, "usage: stat16 FILE N SECONDS [PERIOD_MS]\n");
		return 2;
	}
	prctl(PR_SET_NAME, "smtscope-stat16");
	n = atoi(argv[2]);
	period = argc > 4 ? atoi(argv[4]) : 50;
	if (n < 1 || n > STAT16_MAX || period < 1)
		return 2;
	if ((fd = open(argv[1], O_RDWR | O_CREAT, 0644)) == -1)
		return 1;
	rounds = (int)(atof(argv[3]) * 1000 / period) + 1;
	ts.tv_sec = period / 1000;
	ts.tv_nsec = (long)(period % 1000) * 1000000L;
	while (rounds-- > 0) {
		if (stat16_read(cpus, &ncpu, rest, sizeof rest, total, sizeof total) == 0)
			stat16_write(fd, n, cpus, ncpu, rest, total);
		nanosleep(&ts, NULL);
	}
	close(fd);
	return 0;
}
