/*
 * figures.h: the numbers the screen shows, kept in the state: each CPU's
 * busy time, each load's rate, speed, share and efficiency smoothed over
 * refreshes, and solo rates from the screen's measurer (solo.c).
 */
#ifndef SMTSCOPE_UI_FIGURES_H
#define SMTSCOPE_UI_FIGURES_H

#include <stddef.h>
#include <stdint.h>

#include "engine/loads.h"
#include "engine/solo.h"
#include "ui/lview.h"

struct ui_state;

/* How the screen's solo measurer reaches its loads (arg is the struct ui_state *). */
extern const struct solo_ops figures_solo_ops;

/* Count a load's next rate from now (after a start, move or resume). */
void	figures_rebase(struct ui_state *, struct load *);
/* A solo rate from elsewhere (a tour has it for the load's place); -1 if no such load. */
int	figures_set_solo(struct ui_state *, int id, double rate);
/* Advance the solo measurement; every load takes its new solo rate. */
void	figures_solo_poll(struct ui_state *);
/* When the solo measurement next needs attention (CLOCK_MONOTONIC ns), or 0. */
uint64_t figures_deadline(const struct ui_state *);
/*
 * A refresh: sample the CPUs' time and the loads, and compute their figures;
 * -1 with a message when CPU time cannot be read (the loads' still are).
 */
int	figures_tick(struct ui_state *, char *err, size_t errlen);

#endif
