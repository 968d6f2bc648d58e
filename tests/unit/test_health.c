/*
 * test_health.c: check --health --capacity's verdict on a capacity scan
 * (check_health_capacity): each outlier CPU a FAIL line naming it, its
 * kernel and how far below; none, an OK note; CPUs others' work left
 * unmeasured named in the note, never a FAIL; a failed scan a FAIL line.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/capacity/scan.h"
#include "report/reports.h"
#include "tap.h"

/* A scan of one kernel over ncpus CPUs, each measured in 3 rounds. */
static void
fake(struct scan *s, int ncpus)
{
	int	i;

	memset(s, 0, sizeof *s);
	s->nkern = 1;
	snprintf(s->r[0].ktext, sizeof s->r[0].ktext, "int");
	s->r[0].ncpus = ncpus;
	s->r[0].cpu = calloc((size_t)ncpus, sizeof *s->r[0].cpu);
	for (i = 0; i < ncpus; i++) {
		s->r[0].cpu[i].cpu = i;
		s->r[0].cpu[i].n = 3;
	}
}

/* The lines check_health_capacity writes, and how many FAILs it says. */
static int
lines(const struct scan *s, char *out, size_t len, char *note, size_t nlen)
{
	FILE	*f = fmemopen(out, len, "w");
	int	 n;

	memset(out, 0, len);
	n = check_health_capacity(s, f, note, nlen);
	fclose(f);
	return n;
}

int
main(void)
{
	struct scan	s;
	char		out[2048], note[600];
	int		n;

	fake(&s, 16);
	n = lines(&s, out, sizeof out, note, sizeof note);
	ok(n == 0 && out[0] == '\0', "no outlier: no FAIL line (%d: '%s')", n, out);
	ok(strcmp(note, "capacity (int): no outlier among 16 CPUs") == 0,
	    "no outlier: the OK note ('%s')", note);

	s.r[0].cpu[5].outlier = 1;
	s.r[0].cpu[5].below = 0.12;
	s.r[0].cpu[9].outlier = 1;
	s.r[0].cpu[9].below = 0.31;
	n = lines(&s, out, sizeof out, note, sizeof note);
	ok(n == 2, "two outliers: two FAILs (%d)", n);
	ok(strcmp(out, "smtscope health: FAIL: CPU 5 is a capacity outlier: int 12% below "
	    "the machine's median\nsmtscope health: FAIL: CPU 9 is a capacity outlier: "
	    "int 31% below the machine's median\n") == 0, "a FAIL line each, in CPU "
	    "order ('%s')", out);

	s.r[0].cpu[9].outlier = 0;
	s.r[0].cpu[9].n = 0;
	s.r[0].cpu[10].n = 0;
	n = lines(&s, out, sizeof out, note, sizeof note);
	ok(n == 1 && strstr(out, "CPU 9") == NULL && strstr(out, "CPU 10") == NULL,
	    "unmeasured CPUs are no FAIL (%d: '%s')", n, out);
	ok(strcmp(note, "capacity (int): no outlier among 14 CPUs, CPUs 9-10 unmeasured "
	    "(others' work)") == 0, "unmeasured CPUs named in the note ('%s')", note);

	free(s.r[0].cpu);
	fake(&s, 2);
	s.r[0].cpu[0].n = s.r[0].cpu[1].n = 0;
	n = lines(&s, out, sizeof out, note, sizeof note);
	ok(n == 0 && strcmp(note, "capacity (int): no CPU measured, others' work on CPUs "
	    "0-1") == 0, "no CPU measured: no FAIL, said so (%d: '%s')", n, note);

	s.failed = 1;
	snprintf(s.error, sizeof s.error, "a load could not start");
	n = lines(&s, out, sizeof out, note, sizeof note);
	ok(n == 1 && strcmp(out, "smtscope health: FAIL: the capacity scan failed: a load "
	    "could not start\n") == 0, "a failed scan: a FAIL line (%d: '%s')", n, out);
	free(s.r[0].cpu);
	return tap_done();
}
