/*
 * churn.c: start and stop loads through the supervisor N times, between
 * two pauses, so that a test can count this process's descriptors in
 * /proc/PID/fd before and after. Prints "ready" and waits for a line on
 * stdin; churns (on the first allowed CPU); prints "done N" and waits
 * again; then exits.
 * Usage: churn N
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loads.h"
#include "model/topo.h"

/* Start and stop one load of text; -1 with a message on stderr. */
static int
churn_one(struct loads *ls, const struct topo *m, const char *text)
{
	struct load_spec	spec;
	struct load		*l;
	char			err[256];
	int			id;

	if (loads_parse(m, text, &spec, err, sizeof err) == -1 ||
	    (id = loads_start(ls, &spec, err, sizeof err)) == -1) {
		fprintf(stderr, "churn: %s\n", err);
		return -1;
	}
	loads_sample(ls);
	if ((l = loads_get(ls, id)) == NULL || l->perf == NULL) {
		fprintf(stderr, "churn: %s has no counters open\n", text);
		return -1;
	}
	loads_stop(ls, id);
	return 0;
}

int
main(int argc, char **argv)
{
	struct topo	*m;
	struct loads	*ls;
	char		 kinds[3][32], line[64], err[256];
	int		 n, i, cpu, done = 0;

	if (argc != 2 || (n = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: churn N\n");
		return 2;
	}
	if ((m = topo_load_live(err, sizeof err)) == NULL) {
		fprintf(stderr, "churn: %s\n", err);
		return 1;
	}
	/* The first CPU this process may use (taskset, a cpuset). */
	if ((cpu = cpuset_next(&m->allowed, 0)) == -1) {
		fprintf(stderr, "churn: no allowed CPU\n");
		return 1;
	}
	snprintf(kinds[0], sizeof kinds[0], "pipe@%d,%d", cpu, cpu);
	snprintf(kinds[1], sizeof kinds[1], "fork@%d", cpu);
	snprintf(kinds[2], sizeof kinds[2], "hash@all");
	ls = loads_new(m);
	/* Once first, so that what is opened once for good is open before the count. */
	for (i = 0; i < 3; i++)
		if (churn_one(ls, m, kinds[i]) == -1)
			return 1;
	printf("ready\n");
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL)
		return 1;
	for (i = 0; i < n; i++)
		if (churn_one(ls, m, kinds[i % 3]) == 0)
			done++;
	printf("done %d\n", done);
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL)
		return 1;
	loads_free(ls);
	topo_free(m);
	return done == n ? 0 : 1;
}
