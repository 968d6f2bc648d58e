/*
 * tour_solo.h: the solo rates a tour keeps, one per placement ("hash@1"),
 * each with how firm it is: its share, its spread, whether others
 * disturbed it and who, and how often it was measured. The player fills
 * it from solo.c's results; it knows nothing of the player.
 */
#ifndef SMTSCOPE_TOUR_SOLO_H
#define SMTSCOPE_TOUR_SOLO_H

#include "sample/foreign.h"
#include "engine/kernels/kernel.h"
#include "engine/solo.h"

#define TOUR_WHO_MAX	3	/* foreign processes named per figure */

/* Others' work on a load's core while a figure was measured. */
struct tour_foreign {
	double			 cpus;		/* their CPU time, in CPUs; NAN unknown */
	struct foreign_proc	 who[TOUR_WHO_MAX];	/* largest first */
	int			 n;
};

/* A solo rate: one spec alone on this machine, and how firm it is. */
struct tour_solo {
	char			 spec[96];
	double			 rate;		/* work units per second, NAN none */
	double			 share, spread;
	int			 disturbed, cpu_bound;
	int			 tries;		/* measurements made */
	int			 waits;		/* quiet windows waited for in vain */
	int			 reused;	/* the session's baseline of its place */
	struct tour_foreign	 foreign;
};

/* The solos of a tour. */
struct tour_solos {
	struct tour_solo	*v;
	int			 n;
};

/*
 * A placement with no solo of the tour's own takes the session's
 * undisturbed baseline of its place (capacity.h): 1 if it did.
 */
int			 tour_solo_adopt(struct tour_solos *, const char *spec);
/* The solo of a placement, or NULL. */
struct tour_solo	*tour_solo_find(const struct tour_solos *, const char *spec);
/*
 * Keep a solo result of a placement, with who ran beside it: the first, a
 * good one, or one less disturbed than the one kept (a disturbed solo
 * measured again); its tries count either way.
 */
void			 tour_solo_keep(struct tour_solos *, const char *spec,
			     const struct solo_result *, const struct tour_foreign *);
/* The solo rate of a placement, or NAN. */
double			 tour_solo_rate(const struct tour_solos *, const char *spec);
/* May a kept solo (or NULL) be measured again: disturbed, with tries left? */
int			 tour_solo_retry(const struct tour_solo *);
/* Rewrite a spec for a new place: "hash@0" to "hash@3", "pipe@0,1" to "pipe@2,3". */
void			 tour_solo_respec(char *spec, size_t len, int cpu, int cpu_b);
/* The kernel of a spec ("chase:1m@0" is chase), or NULL. */
const struct kernel	*tour_solo_kernel(const char *spec);
/* Free the table. */
void			 tour_solo_free(struct tour_solos *);

#endif
