/*
 * eta.h: how long a measuring command takes, said before, during and after:
 * its first estimate (from the plan it runs: windows, the loads' setup, a
 * quiet wait), the time left as it goes (re-estimated from the pace of the
 * planned work and what was added: waits for quiet windows, figures
 * measured again), and at the end the time it took and, more than
 * ETA_OVER past the first estimate, why, in words from what it counted.
 * Pure: every call takes the clock (CLOCK_MONOTONIC ns) from its caller.
 */
#ifndef SMTSCOPE_ETA_H
#define SMTSCOPE_ETA_H

#include <stddef.h>
#include <stdint.h>

/* Past this times the first estimate, the end says why. */
#define ETA_OVER	1.25

struct eta {
	uint64_t	start_ns;
	double		first_s;	/* the estimate said before it ran */
	double		setup_plan_s;	/* of which the loads' setup */
	double		wait_plan_s;	/* ... and a wait for quiet CPUs */
	double		waited_s;	/* spent waiting for quiet windows */
	int		again;		/* figures measured again */
	double		again_s;	/* ... and the time they took */
	double		setup_s;	/* spent in the loads' setup */
	double		took_s;		/* at the end; 0 before */
	int		at_most;	/* the plan is a bound: its windows may end early */
};

/* Start the clock on a plan of first_s seconds, setup_s and wait_s of it expected. */
void	eta_start(struct eta *, double first_s, double setup_s, double wait_s,
	    uint64_t now_ns);
/* Waited s for a quiet window. */
void	eta_wait(struct eta *, double s);
/* Measured n figures again, in s seconds. */
void	eta_again(struct eta *, int n, double s);
/*
 * A guarded measurement (solo.h) of tries that took took_s, waited_s of it
 * waiting for quiet windows: eta_wait() the waits, eta_again() the tries
 * past the first, their share of the rest.
 */
void	eta_guarded(struct eta *, double took_s, double waited_s, int tries);
/* A load's setup took s (its start to its first unit of work). */
void	eta_setup(struct eta *, double s);
/*
 * Seconds left with a fraction done (0..1) of the planned work: what is left
 * of the plan at the pace the planned work has gone so far (waits, figures
 * measured again and setup apart); the plan's own rest before any pace.
 */
double	eta_left(const struct eta *, double done, uint64_t now_ns);
/* The end: the time taken. */
void	eta_end(struct eta *, uint64_t now_ns);
/*
 * "took 13.9 s", or past ETA_OVER times the estimate "took 31 s, not 12:
 * waited 9.0 s for quiet windows, measured 6 figures again (4.1 s), the
 * loads' setup took 7.5 s, not 1.2; 2.3 s more in its windows".
 */
void	eta_took(const struct eta *, char *buf, size_t len);
void	eta_seconds(double s, char *buf, size_t len);

#endif
