/*
 * ui.h: the live screen, as other modules drive it (tours). No curses here.
 *
 * ui_run() owns the terminal and the main loop. A caller that scripts the
 * screen passes a step function: it is called once the screen is up, and
 * again whenever the delay it returned has passed (or the user pressed n);
 * between calls it uses the ui_* functions below to place loads, caption
 * the screen and highlight CPUs. Each of them answers at once; the screen
 * shows the change at the next frame, within one refresh.
 */
#ifndef SMTSCOPE_UI_H
#define SMTSCOPE_UI_H

#include <stddef.h>

#include "base/cpuset.h"
#include "engine/loads.h"
#include "model/topo.h"

struct rc;
struct solo;
struct ui;

/* What a step function returns besides a delay in milliseconds. */
#define UI_STEP_DONE	(-1)	/* no more steps; the screen stays until q */
#define UI_STEP_KEY	(-2)	/* call again when the user presses n */
#define UI_STEP_QUIT	(-3)	/* leave the screen now */

struct ui_options {
	int		  delay_tenths;	/* refresh interval, 1..100; 0 means 10 */
	const char	 *theme;	/* name or path; NULL: default (mono if NO_COLOR) */
	const char	 *input;	/* -i FILE.xml|SYNTHETIC: view only; NULL: live */
	const char	**loads;	/* loads to start, "KERNEL[:PARAM]@WHERE" */
	int		  nloads;
	const char	 *view;		/* -v: "tree", "grid", "c2c"; NULL: the one that fits */
	int		(*step)(struct ui *, void *arg);	/* NULL: none */
	void		 *step_arg;
	/* Called once as the screen closes, before its loads stop. May be NULL. */
	void		(*finish)(struct ui *, void *arg);
	/*
	 * Tour keys: Space, Right and n call the step function for the next
	 * step, Left for the previous one (see ui_step_reason()); Space then
	 * no longer pauses a load.
	 */
	int		  tour_keys;
	const char	 *snapshot;	/* the file S writes the screen to; NULL: dated */
	const char	 *record;	/* --record: record to this file from the start */
	const char	 *infer_from;	/* a check --infer --json result to mark; NULL */
	const char	 *replay;	/* a recording to play, view only; NULL: live */
	/*
	 * The settings file as read (rc.h; its chart setting is used here, the
	 * rest the caller merged into the options above), and where to write
	 * the screen's settings on quit; NULL: none (-n, tours).
	 */
	struct rc	 *rc;
	const char	 *rc_path;
	const char	 *notice;	/* an error for the status line at start; NULL */
	int		  counters;	/* hardware counters on pipe and fork loads too */
};

/* Why the step function is called now. */
#define UI_REASON_TIMER	0	/* its delay passed (or the screen just came up) */
#define UI_REASON_NEXT	1	/* Space, Right or n */
#define UI_REASON_PREV	2	/* Left */
int		 ui_step_reason(struct ui *);

/*
 * Run the live screen until the user quits; returns an exit status (0, or
 * 1 when the screen could not start, with a message on stderr). Loads it
 * started are stopped before it returns.
 */
int		 ui_run(const struct ui_options *);

/* The machine model and the supervisor (NULL on a view of another machine). */
const struct topo *ui_topo(struct ui *);
struct loads	*ui_loads(struct ui *);

/*
 * A caption under the header, for tours: paragraphs split by newlines,
 * wrapped to the screen, at most two thirds of it; NULL or "" removes it.
 */
void		 ui_caption(struct ui *, const char *text);
/* A tour is at step n (from 1): an event in the screen's recording when it changes. */
void		 ui_record_step(struct ui *, int n, const char *title);
/* Highlight some CPUs (OS indexes) in the tree and grid; NULL clears. */
void		 ui_highlight(struct ui *, const struct cpuset *);
/* A message on the status line; error selects the error style. */
void		 ui_message(struct ui *, int error, const char *fmt, ...)
		    __attribute__((format(printf, 3, 4)));
/* Put the cursor on a CPU (OS index); -1 if it is not in the model. */
int		 ui_cursor(struct ui *, int os_index);
/* Show the tree (0) or the grid (1). */
void		 ui_view(struct ui *, int grid);

/*
 * Start a load as `smtscope run` writes it; its id, or -1 with a message.
 * measure: queue its solo rate on the screen's measurer, as a load the user
 * starts; 0 when the caller asks for the solo rates it needs (ui_solo()).
 */
int		 ui_load_start(struct ui *, const char *text, int measure, char *err,
		     size_t errlen);
/* Move a load's end A to a CPU, end B to cpu_b (-1 keeps it); OS indexes. */
int		 ui_load_move(struct ui *, int id, int cpu, int cpu_b, char *err,
		     size_t errlen);
int		 ui_load_stop(struct ui *, int id);
int		 ui_load_pause(struct ui *, int id, int pause);
/* Give a load a solo rate (work units per second) the caller has for its place. */
int		 ui_load_set_solo(struct ui *, int id, double rate, int disturbed);
/* Is a solo measurement running or queued? Tours wait for it. */
int		 ui_measuring(struct ui *);
/*
 * The screen's solo measurer (solo.h): a caller may queue the screen's
 * loads on it and read their results; the screen shows what it measures
 * and holds. NULL on a view of another machine.
 */
struct solo	*ui_solo(struct ui *);

/* The figures the loads panel shows for a load; -1 if there is no such load. */
struct ui_figures {
	double		rate;		/* work units per second, smoothed; NAN unknown */
	double		solo;		/* solo rate, NAN while unmeasured */
	double		speed;		/* rate / solo */
	double		share;		/* share of wall time on a CPU */
	double		efficiency;	/* speed / (share / the solo's share) */
	int		measuring;	/* solo measurement queued or running */
	int		disturbed;	/* the solo was taken while others ran (solo.h) */
};
int		 ui_load_figures(struct ui *, int id, struct ui_figures *);

#endif
