/*
 * stable.h: a measuring window that ends when its figure is known. The
 * caller feeds the work done and the time of each short sub-window; the
 * window ends once it has lasted its minimum and the last few sub-window
 * rates agree within a tolerance, or at its maximum. The figure is the
 * total work over the total time; the spread says how much the sub-windows
 * disagreed, so a user sees how firm it is. Pure arithmetic, no clock.
 */
#ifndef SMTSCOPE_STABLE_H
#define SMTSCOPE_STABLE_H

#include <stdint.h>

#define STABLE_MAX_SUBS	256

struct stable {
	double		min_s, max_s;	/* bounds of the window */
	double		tol;		/* relative agreement that ends it, e.g. 0.02 */
	int		need;		/* sub-windows that must agree */
	double		rates[STABLE_MAX_SUBS];
	int		n;
	double		work, secs;	/* totals */
	int		done;		/* 1: stable, 2: at its maximum */
};

/* A window of min_s to max_s that ends when need sub-window rates agree within tol. */
void	stable_init(struct stable *, double min_s, double max_s, double tol, int need);
/* Add a sub-window (work units, seconds); 1 when the window is over. */
int	stable_add(struct stable *, double work, double secs);
/* Total work over total time; NAN before any time. */
double	stable_rate(const struct stable *);
/* Relative spread of the sub-window rates: half the range of the middle 80 % over the rate. */
double	stable_spread(const struct stable *);
/* Did it end by agreement (1) rather than at its maximum (0)? */
int	stable_settled(const struct stable *);

#endif
