/*
 * others.h: others' work on each CPU, for the screen. Each refresh, the
 * busy time /proc/stat gives each CPU less smtscope's own (its loads with
 * their children, and the screen itself) is others' share; only when some
 * CPU has such a share does a scan of /proc (foreign.c) say who they are,
 * so a quiet machine pays nothing for it. Figures go into the state.
 */
#ifndef SMTSCOPE_UI_OTHERS_H
#define SMTSCOPE_UI_OTHERS_H

#include <stdint.h>
#include <sys/types.h>

#include "engine/analysis.h"
#include "sample/cpustat.h"
#include "ui/host.h"

struct foreign;
struct load;
struct own;

/* The screen's part that is others' work (not smtscope's), per pus[] index. */
struct ui_others {
	struct foreign		*fg;		/* NULL on a view of another machine */
	double			*share;		/* of each CPU over the interval, 0..1; NAN */
	double			*sys;		/* smtscope's system time on each, 0..1 */
	char			(*who)[ANALYSIS_WHO_LEN]; /* who, "" unknown */
	struct own		*own;		/* our own CPU time on each (own.c) */
	double			 cpus;		/* others' total, in CPUs; NAN unknown */
	double			 max;		/* their largest share of one CPU */
	char			 top[ANALYSIS_WHO_LEN]; /* the top process, its CPU */
	uint64_t		 tick;		/* refreshes counted */
	uint64_t		 scan_tick;	/* the refresh of the last scan of /proc */
	int			 hold;		/* a load came, went or moved: keep one */
};

/* Others' share of a CPU from which the screen scans /proc to name them. */
#define OTHERS_SCAN_MIN		0.03
/* Their share of a process on a CPU from which it is named. */
#define OTHERS_NAME_MIN		0.01
/* Their share of one CPU from which the header calls the machine busy. */
#define OTHERS_BUSY_MIN		0.10

/* Start counting others' work (a live machine only); figures unknown until then. */
void	others_init(struct ui_others *, const struct ui_host *);
void	others_free(struct ui_others *);
/*
 * A refresh, right after the CPUs' sample cur: others' share of each CPU
 * since prev (NULL: no interval yet, only our own times are read), then
 * who they are if some CPU has a share.
 */
void	others_tick(struct ui_others *, const struct ui_host *,
	    const struct cpustat_sample *prev,
	    const struct cpustat_sample *cur);
/* A load came, went or moved: its time of this interval is not where it is now. */
void	others_hold(struct ui_others *);
/* Others' CPU time so far on a load's core (its CPUs and their SMT siblings), in ns. */
int	others_core_ns(const struct ui_others *, const struct ui_host *, int id,
	    uint64_t *ns);
/* Is a load's core quiet: others took less than SOLO_FOREIGN_MAX of each CPU of it? */
int	others_core_quiet(const struct ui_others *, const struct ui_host *,
	    const struct load *);

#endif
