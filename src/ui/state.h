/*
 * state.h: what the live screen knows and shows, as the parts that make it:
 * the machine, the screen, the selection, the loads as shown, others' work,
 * the chart, the script. control.c, figures.c and others.c change it;
 * layout.c and draw.c only read it. No curses here; state.c answers
 * read-only questions about it.
 */
#ifndef SMTSCOPE_UI_STATE_H
#define SMTSCOPE_UI_STATE_H

#include "engine/analysis.h"
#include "ui/chart.h"
#include "ui/host.h"
#include "ui/lview.h"
#include "ui/others.h"
#include "ui/screen.h"
#include "ui/select.h"
#include "ui/script.h"

struct c2cview;
struct countersview;
struct idleview;
struct infer_mark;
struct load;
struct recorder;
struct replayview;

/*
 * The screen's state, in parts by what owns them: each part's struct lives
 * in its owner's header, and a file that needs only one part includes only
 * that header (others.c sees ui_others and ui_host, chart.c ui_host and
 * ui_lview).
 */
struct ui_state {
	struct ui_host		 host;		/* the machine, loads, CPU time (host.h) */
	struct ui_screen	 scr;		/* view, theme, message, loop (screen.h) */
	struct ui_select	 sel;		/* cursor, selected load, mode (select.h) */
	struct ui_lview		 lview;		/* the loads as shown (lview.h) */
	struct ui_others	 others;	/* others' work per CPU (others.h) */
	struct ui_chart		 chart;		/* the time chart (chart.h) */
	struct ui_script	 tour;		/* caption, highlight, steps (script.h) */

	/* The views, each its own module's; ui.c, input.c and draw.c hook them. */
	struct countersview	*cv;		/* counters and sensors; NULL before one */
	struct idleview		*iv;		/* idle residency (idleview.c); NULL before one */
	struct c2cview		*c2c;		/* the latency view (c2cview.c), NULL */
	struct infer_mark	*infer;		/* --infer-from's pairs (inferview.c) */
	int			 ninfer;
	struct replayview	*replay;	/* a recording played (replayview.c), NULL */
	struct recorder		*rec;		/* R's recording (recorder.c), NULL */
};

/* The OS index of the CPU under the cursor, or -1. */
int			 state_cursor_os(const struct ui_state *);
/* The screen's figures of a load, or NULL before its first. */
const struct ui_loadview *state_view(const struct ui_state *, int id);
/* The load at the cursor's CPU (the selected one if it is there), or NULL. */
struct load		*state_target(const struct ui_state *);
/* Is a load's solo rate queued or being measured? */
int			 state_measuring(const struct ui_state *, int id);
/* Are others' shares of each CPU known (measured here, or recorded)? */
int			 state_others_known(const struct ui_state *);
/* Others' work on each CPU as analysis_why() reads it. */
void			 state_others(const struct ui_state *, struct analysis_others *);
/* The menu's place as a load's WHERE ("each:package:0") and in words; NULL: not filled. */
void			 state_where(const struct ui_state *, char *where, size_t wlen,
			     char *words, size_t len);

#endif
