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

/*
 * "took 13.9 s" ("at most about" under a bound that held), or past ETA_OVER
 * times the estimate, why.
 */
void
eta_took(const struct eta *e, char *buf, size_t len)
{
	char	clause[96];
	double	rest, setup_over;
	int	n = 0, prec = e->first_s < 10 ? 1 : 0;

	if (len == 0)
		return;
	if (e->took_s <= ETA_OVER * e->first_s || e->first_s <= 0) {
		/* A bound is said as one only where it held (overheads vary). */
		snprintf(buf, len, "took %.1f s (%s %.*f s planned)", e->took_s,
		    e->at_most && e->took_s <= e->first_s ? "at most about" : "about", prec,
		    e->first_s);
		return;
	}
	snprintf(buf, len, "took %.*f s, not %.*f", prec, e->took_s, prec, e->first_s);
	rest = e->took_s - e->first_s + e->wait_plan_s;
	if (e->waited_s >= 0.05) {
		snprintf(clause, sizeof clause, "waited %.1f s for quiet windows", e->waited_s);
		eta_add(buf, len, &n, clause);
		rest -= e->waited_s;
	}
	if (e->again > 0) {
		snprintf(clause, sizeof clause, "measured %d figure%s again (%.1f s)",
		    e->again, e->again == 1 ? "" : "s", e->again_s);
		eta_add(buf, len, &n, clause);
		rest -= e->again_s;
	}
	setup_over = e->setup_s - e->setup_plan_s;
	if (setup_over >= 0.05) {
		snprintf(clause, sizeof clause, "the loads' setup took %.1f s, not %.1f",
		    e->setup_s, e->setup_plan_s);
		eta_add(buf, len, &n, clause);
		rest -= setup_over;
	}
	/* What those do not explain: the planned work itself ran slower. */
	if (rest >= 0.05 * e->first_s && rest >= 0.1) {
		snprintf(clause, sizeof clause, "%.1f s more in its windows and starts", rest);
		eta_add(buf, len, &n, clause);
	}
}
