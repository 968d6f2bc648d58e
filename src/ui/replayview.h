/*
 * replayview.h: a recording (smtscope record, smtscope-record(5)) played
 * on the live screen, view only: its machine's topology, every CPU's busy
 * split, its loads where they ran with their speeds, at the recorded pace
 * or faster or slower, with pause, step and seek. The screen draws it as
 * it draws the live machine; this module sets the state from the samples.
 */
#ifndef SMTSCOPE_UI_REPLAYVIEW_H
#define SMTSCOPE_UI_REPLAYVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "ui/state.h"

/*
 * Read a recording and build the screen's model from its topology (st->host.m,
 * st->host.ci); -1 with "FILE: line N: what" in err.
 */
int		 replayview_open(struct ui_state *, const char *path, char *err,
		     size_t errlen);
/* Start playing: the supervisor that holds the recorded loads, the first sample. */
void		 replayview_start(struct ui_state *);
void		 replayview_free(struct ui_state *);
/* Show the samples that came due; the screen draws them. */
void		 replayview_poll(struct ui_state *);
/* When the next sample is due (CLOCK_MONOTONIC ns); 0 when paused or at the end. */
uint64_t	 replayview_deadline(const struct ui_state *);
/* The replay's keys (Space, . , + - < > 0-9); 1 if the key was one. */
int		 replayview_key(struct ui_state *, int key);
/*
 * The header's mark, in form 0 (longest: " REPLAY of host, 2026-11-30 19:04
 * UTC: playing 2x, 0:12 of 1:00 ") to 2 (" REPLAY host 2026-11-30
 * 0:12/1:00 ": the host and the date always); 0 when not a replay.
 */
int		 replayview_note(const struct ui_state *, int form, char *buf, size_t len);
/* The help's lines for a replay, NULL-terminated. */
const char *const *replayview_help(void);

#endif
