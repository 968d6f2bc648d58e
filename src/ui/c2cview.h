/*
 * c2cview.h: the screen's core-to-core latency view: the matrix as a
 * heatmap in topology order, filled in as a low-priority child process
 * measures the pairs in the background; on a view of another machine, the
 * plan only. It owns its child: closing the screen stops it.
 */
#ifndef SMTSCOPE_UI_C2CVIEW_H
#define SMTSCOPE_UI_C2CVIEW_H

#include <sys/types.h>

struct ui_state;
struct ui_term;

/* Show the view, starting the measurement the first time; or hide it. */
void	c2cview_toggle(struct ui_state *);
/* Is the view shown? */
int	c2cview_on(const struct ui_state *);
/* A key or a click while the view is shown; 1 if it took it. */
int	c2cview_key(struct ui_state *, int key);
/* Read the pairs measured since the last refresh. */
void	c2cview_tick(struct ui_state *);
/* Draw the view on the whole screen. */
void	c2cview_draw(const struct ui_state *, const struct ui_term *);
/*
 * Stop the measurement (SIGKILL) and free the view; the killed child's pid
 * where it had not ended within a second (the kernel ends it when it next
 * runs it), else 0.
 */
pid_t	c2cview_free(struct ui_state *);

#endif
