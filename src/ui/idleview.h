/*
 * idleview.h: each CPU's idle residency on the screen, as turbostat shows
 * it: the share of the last refresh each cpuidle state took (its time
 * counter's delta), read without privileges; the clock while busy where
 * APERF/MPERF or cpufreq give it. On the info line for the cursor's CPU
 * always; as a column in the tree and a mark in the grid when asked for
 * (key i, or idle=1 in the settings file). A state that cannot be entered
 * (its disable flag set, or past a PM QoS limit smtscope can read) shows
 * '-': the CPU's idle is held. ui.c, figures.c, input.c, layout.c,
 * treeview.c and draw.c only hook it.
 */
#ifndef SMTSCOPE_UI_IDLEVIEW_H
#define SMTSCOPE_UI_IDLEVIEW_H

#include <stddef.h>

#include "ui/host.h"

struct idleview;

/* Read the states once a refresh (every CPU with the column, else the cursor's). */
void	idleview_tick(struct idleview **, const struct ui_host *, int cursor_os);
void	idleview_free(struct idleview **);
/* The column on or off (key i); set it (the settings file). */
void	idleview_toggle(struct idleview **);
void	idleview_set(struct idleview **, int on);
int	idleview_on(const struct idleview *);
/* The column's width in the tree (0 when off or nothing can be read). */
int	idleview_width(const struct idleview *);
/*
 * A CPU's text in the tree's column, right-aligned to the width: each
 * state's share in state order, "0/71%", '-' for a state it cannot enter;
 * 0 with buf "" when not known.
 */
int	idleview_cpu(const struct idleview *, int os, char *buf, size_t len);
/* The grid's mark: the state most of its idle went to ('0'-'9'), 'h' held, ' '. */
char	idleview_mark(const struct idleview *, int os);
/*
 * The cursor's CPU for the info line: "idle POLL 2% haltpoll idle 71%;
 * busy 2300 MHz (APERF/MPERF)", or the reason, once, why not.
 */
int	idleview_info(const struct idleview *, int os, char *buf, size_t len);

#endif
