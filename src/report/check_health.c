/*
 * check_health.c: `smtscope check --health`, a node health check for
 * Slurm's HealthCheckProgram or LBNL NHC: the machine's CPUs against what
 * is expected (their number, the SMT state, none offline), from the
 * topology alone (no load runs: well under a second), in one line; with
 * --capacity also the capacity scan, each outlier CPU a FAIL line of its own.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/cpuset.h"
#include "exp/capacity/scan.h"
#include "model/smtstate.h"
#include "model/topo.h"
#include "report/reports.h"

/* Append "; what" (or "what" first) to the reasons. */
static void
health_add(char *buf, size_t len, const char *what)
{
	size_t	n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? "; " : "", what);
}

/* The words on one line: a wrapped line's newline and indent made one space. */
static void
health_one_line(char *s)
{
	char	*r = s, *w = s;

	for (; *r != '\0'; r++) {
		if (*r == '\n') {
			*w++ = ' ';
			while (r[1] == ' ')
				r++;
		} else
			*w++ = *r;
	}
	*w = '\0';
}

/*
 * The topology against the expectations: 0 and "N CPUs online, SMT ..."
 * when they hold, 1 and the differences in line otherwise. expect_cpus -1
 * and expect_smt -1 expect nothing; an offline CPU is a difference unless
 * SMT off was expected (the kernel takes siblings offline for it).
 */
int
check_health(const struct topo *m, int expect_cpus, int expect_smt, char *line,
    size_t len)
{
	char	why[512], set[256], smtw[256], tmp[400];
	int	online = cpuset_count(&m->online), on = smtstate_on(&m->smt);
	int	offline = cpuset_count(&m->offline);

	why[0] = '\0';
	smtstate_words(&m->smt, smtw, sizeof smtw);
	health_one_line(smtw);
	if (expect_cpus >= 0 && online != expect_cpus) {
		snprintf(tmp, sizeof tmp, "%d CPUs online, %d expected", online,
		    expect_cpus);
		health_add(why, sizeof why, tmp);
	}
	if (offline > 0 && expect_smt != 0) {
		cpuset_format(&m->offline, set, sizeof set);
		snprintf(tmp, sizeof tmp, "CPU%s %s offline", offline > 1 ? "s" : "",
		    set);
		health_add(why, sizeof why, tmp);
	}
	if (expect_smt != -1 && on != expect_smt) {
		snprintf(tmp, sizeof tmp, "SMT %s expected, found %s", expect_smt ? "on" : "off",
		    smtw);
		health_add(why, sizeof why, tmp);
	}
	if (why[0] != '\0') {
		snprintf(line, len, "smtscope health: FAIL: %s", why);
		return 1;
	}
	snprintf(line, len, "smtscope health: OK: %d CPUs online, %s", online, smtw);
	return 0;
}

/*
 * The capacity scan for --health --capacity: one "smtscope health: FAIL:"
 * line per outlier CPU of each kernel (and one when the scan failed) into
 * f; how many. note: words for the OK line when there is none ("capacity
 * (int): no outlier among 16 CPUs"), CPUs others' work left unmeasured
 * named there, not failed (a busy node is not a broken one).
 */
int
check_health_capacity(const struct scan *s, FILE *f, char *note, size_t len)
{
	const struct rounds	*r;
	const struct rounds_cpu	*c;
	struct cpuset		 unmeasured;
	char			 set[256], tmp[400];
	int			 k, i, nfail = 0, nun;

	note[0] = '\0';
	if (s->failed) {
		fprintf(f, "smtscope health: FAIL: the capacity scan failed: %s\n", s->error);
		nfail++;
	}
	for (k = 0; k < s->nkern; k++) {
		r = &s->r[k];
		cpuset_zero(&unmeasured);
		for (i = 0; i < r->ncpus; i++) {
			c = &r->cpu[i];
			if (c->n == 0) {
				cpuset_set(&unmeasured, c->cpu);
				continue;
			}
			if (!c->outlier)
				continue;
			fprintf(f, "smtscope health: FAIL: CPU %d is a capacity outlier: %s "
			    "%.0f%% below the machine's median\n", c->cpu, r->ktext,
			    100 * c->below);
			nfail++;
		}
		nun = cpuset_count(&unmeasured);
		snprintf(tmp, sizeof tmp, "capacity (%s): no outlier among %d CPUs",
		    r->ktext, r->ncpus - nun);
		if (nun > 0 && nun == r->ncpus) {
			cpuset_format(&unmeasured, set, sizeof set);
			snprintf(tmp, sizeof tmp, "capacity (%s): no CPU measured, others' "
			    "work on CPU%s %s", r->ktext, nun > 1 ? "s" : "", set);
		} else if (nun > 0) {
			cpuset_format(&unmeasured, set, sizeof set);
			snprintf(tmp + strlen(tmp), sizeof tmp - strlen(tmp), ", CPU%s %s "
			    "unmeasured (others' work)", nun > 1 ? "s" : "", set);
		}
		health_add(note, len, tmp);
	}
	return nfail;
}
