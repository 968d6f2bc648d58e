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

#include "sample/cpustat.h"
#include "ui/state.h"

/* Others' share of a CPU from which the screen scans /proc to name them. */
#define OTHERS_SCAN_MIN		0.03
/* Their share of a process on a CPU from which it is named. */
#define OTHERS_NAME_MIN		0.01
/* Their share of one CPU from which the header calls the machine busy. */
#define OTHERS_BUSY_MIN		0.10

/* Start counting others' work (a live machine only); figures unknown until then. */
void	others_init(struct ui_state *);
void	others_free(struct ui_state *);
/*
 * A refresh, right after the CPUs' sample cur: others' share of each CPU
 * since prev (NULL: no interval yet, only our own times are read), then
 * who they are if some CPU has a share.
 */
void	others_tick(struct ui_state *, const struct cpustat_sample *prev,
	    const struct cpustat_sample *cur);
/* A load came, went or moved: its time of this interval is not where it is now. */
void	others_hold(struct ui_state *);
/* Others' CPU time so far on a load's core (its CPUs and their SMT siblings), in ns. */
int	others_core_ns(struct ui_state *, int id, uint64_t *ns);
/* Is a load's core quiet: others took less than SOLO_FOREIGN_MAX of each CPU of it? */
int	others_core_quiet(const struct ui_state *, const struct load *);

#endif
