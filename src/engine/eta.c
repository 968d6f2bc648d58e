/* eta.c: a measuring command's estimate, time left and time taken, and why (eta.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "engine/eta.h"

/* Start the clock on a plan. */
void
eta_start(struct eta *e, double first_s, double setup_s, double wait_s, uint64_t now_ns)
{
	memset(e, 0, sizeof *e);
	e->start_ns = now_ns;
	e->first_s = first_s > 0 ? first_s : 0;
	e->setup_plan_s = setup_s > 0 ? setup_s : 0;
	e->wait_plan_s = wait_s > 0 ? wait_s : 0;
}

/* Waited s for a quiet window. */
void
eta_wait(struct eta *e, double s)
{
	if (s > 0)
		e->waited_s += s;
}

/* Measured n figures again, in s seconds. */
void
eta_again(struct eta *e, int n, double s)
{
	if (n > 0)
		e->again += n;
	if (s > 0)
		e->again_s += s;
}

/*
 * A guarded measurement of tries that took took_s, waited_s of it waiting
 * for quiet windows: the waits, and the tries past the first their share
 * of the rest.
 */
void
eta_guarded(struct eta *e, double took_s, double waited_s, int tries)
{
	double	rest = took_s - (waited_s > 0 ? waited_s : 0);

	eta_wait(e, waited_s);
	if (tries > 1)
		eta_again(e, tries - 1, rest > 0 ? rest * (tries - 1) / tries : 0);
}

/* A load's setup took s. */
void
eta_setup(struct eta *e, double s)
{
	if (s > 0)
		e->setup_s += s;
}

/* Seconds since the start. */
static double
eta_elapsed(const struct eta *e, uint64_t now_ns)
{
	return now_ns > e->start_ns ? (double)(now_ns - e->start_ns) / 1e9 : 0;
}

/* Seconds left: the plan's rest at the pace of its work so far. */
double
eta_left(const struct eta *e, double done, uint64_t now_ns)
{
	double	work_plan, work_done, rest, setup_left, wait_left;

	if (done >= 1)
		return 0;
	if (done < 0)
		done = 0;
	/* The planned work: windows, without the setup and the quiet wait. */
	work_plan = e->first_s - e->setup_plan_s - e->wait_plan_s;
	if (work_plan < 0)
		work_plan = 0;
	work_done = eta_elapsed(e, now_ns) - e->waited_s - e->again_s - e->setup_s;
	setup_left = e->setup_plan_s - e->setup_s;
	if (setup_left < 0)
		setup_left = 0;
	/* Before any pace, the plan; then the rest at the pace seen. */
	if (done < 0.05 || work_done <= 0)
		rest = work_plan * (1 - done);
	else
		rest = work_done / done * (1 - done);
	/* The plan's wait comes first: what is not waited yet, before any work. */
	wait_left = done == 0 && e->wait_plan_s > e->waited_s ? e->wait_plan_s - e->waited_s :
	    0;
	return rest + setup_left * (1 - done) + wait_left;
}

/* The end: the time taken. */
void
eta_end(struct eta *e, uint64_t now_ns)
{
	e->took_s = eta_elapsed(e, now_ns);
}

/* Append ", " and a clause to buf. */
static void
eta_add(char *buf, size_t len, int *n, const char *clause)
{
	size_t	used = strlen(buf);

	if (used + 1 >= len)
		return;
	snprintf(buf + used, len - used, "%s%s", (*n)++ == 0 ? ": " : ", ", clause);
}

/* Seconds as read: "31 s", "4.4 s", "40 ms", "under 1 ms" (a plan never rounds to 0). */
void
eta_seconds(double s, char *buf, size_t len)
{
	if (s >= 9.95)
		snprintf(buf, len, "%.0f s", s);
	else if (s >= 0.095)
		snprintf(buf, len, "%.1f s", s);
	else if (s >= 0.0005)
		snprintf(buf, len, "%.0f ms", s * 1e3);
	else if (s > 0)
		snprintf(buf, len, "under 1 ms");
	else
		snprintf(buf, len, "0 s");
}

/*
 * "took 13.9 s" ("at most about" under a bound that held), or past ETA_OVER
 * times the estimate, why.
 */
void
eta_took(const struct eta *e, char *buf, size_t len)
{
	char	clause[96], took[24], plan[24], a[24], b[24];
	double	rest, setup_over;
	int	n = 0;

	if (len == 0)
		return;
	eta_seconds(e->took_s, took, sizeof took);
	eta_seconds(e->first_s, plan, sizeof plan);
	if (e->took_s <= ETA_OVER * e->first_s || e->first_s <= 0) {
		/* A bound is said as one only where it held (overheads vary). */
		snprintf(buf, len, "took %s (%s %s planned)", took,
		    e->at_most && e->took_s <= e->first_s ? "at most about" : "about", plan);
		return;
	}
	/* Past ETA_OVER both may read "0.2 s" (under 1 s, a tenth): then in ms. */
	if (strcmp(took, plan) == 0) {
		snprintf(took, sizeof took, "%.0f ms", e->took_s * 1e3);
		snprintf(plan, sizeof plan, "%.0f ms", e->first_s * 1e3);
	}
	snprintf(buf, len, "took %s, not %s", took, plan);
	rest = e->took_s - e->first_s + e->wait_plan_s;
	if (e->waited_s >= 0.05) {
		eta_seconds(e->waited_s, a, sizeof a);
		snprintf(clause, sizeof clause, "waited %s for quiet windows", a);
		eta_add(buf, len, &n, clause);
		rest -= e->waited_s;
	}
	if (e->again > 0) {
		eta_seconds(e->again_s, a, sizeof a);
		snprintf(clause, sizeof clause, "measured %d figure%s again (%s)",
		    e->again, e->again == 1 ? "" : "s", a);
		eta_add(buf, len, &n, clause);
		rest -= e->again_s;
	}
	setup_over = e->setup_s - e->setup_plan_s;
	if (setup_over >= 0.05) {
		eta_seconds(e->setup_s, a, sizeof a);
		eta_seconds(e->setup_plan_s, b, sizeof b);
		/* A setup the plan left out has no "not 0 s". */
		snprintf(clause, sizeof clause, "the loads' setup took %s%s%s", a,
		    e->setup_plan_s > 0 ? ", not " : "", e->setup_plan_s > 0 ? b : "");
		eta_add(buf, len, &n, clause);
		rest -= setup_over;
	}
	/* What those do not explain: the planned work itself ran slower. */
	if (rest >= 0.05 * e->first_s && rest >= 0.1) {
		eta_seconds(rest, a, sizeof a);
		snprintf(clause, sizeof clause, "the measuring itself took %s longer", a);
		eta_add(buf, len, &n, clause);
	}
}
