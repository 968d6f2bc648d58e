/*
 * recorder.h: the live screen's recording (R, --record): its refreshes and
 * what the user does, as the lines of doc/smtscope-record.5, written
 * through record_run.h. control.c tells it of each action on a load, ui.c
 * calls it after each refresh and as the screen closes; draw.c shows its
 * mark. No curses here.
 */
#ifndef SMTSCOPE_UI_RECORDER_H
#define SMTSCOPE_UI_RECORDER_H

#include <stddef.h>

struct ui_state;

/* R: start recording to path (NULL: a dated name here), or stop; not on a view. */
void	recorder_toggle(struct ui_state *, const char *path);
/* After the screen's refresh: the solo rates measured since, then a sample. */
void	recorder_tick(struct ui_state *);
/* A load started, moved, paused or resumed. */
void	recorder_started(struct ui_state *, int id);
void	recorder_moved(struct ui_state *, int id);
void	recorder_paused(struct ui_state *, int id);
/* A load goes: it died (still listed, dead) or was stopped. */
void	recorder_gone(struct ui_state *, int id);
/* Load id's CPU's capacity seen to move: what it gives now, the step, its cause. */
void	recorder_capacity(struct ui_state *, int id, double capacity, double step,
	    const char *cause);
/* A tour is at step n (from 1): an event when it is another than last told. */
void	recorder_step(struct ui_state *, int n, const char *title);
/* The screen closes: the loads stop, then the end (quit, or the signal). */
void	recorder_quit(struct ui_state *);
/* The header's mark " REC 0:12 "; its width, 0 when not recording. */
int	recorder_mark(const struct ui_state *, char *buf, size_t len);

/*
 * Did a recording of this screen fail (it could not be made, a line could
 * not be written, the file could not be closed)? 1 with why in buf: the
 * screen then exits 1 and says it on standard error.
 */
int	recorder_failed(char *buf, size_t len);

#endif
