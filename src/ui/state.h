/*
 * state.h: what the live screen knows and shows: the machine, the loads and
 * their figures, the cursor, the mode, the theme, the message, the caption.
 * control.c and figures.c change it; layout.c and draw.c only read it.
 * No curses here; state.c answers read-only questions about it.
 */
#ifndef SMTSCOPE_UI_STATE_H
#define SMTSCOPE_UI_STATE_H

#include <stdint.h>
#include <sys/types.h>

#include "engine/analysis.h"
#include "model/cpuinfo.h"
#include "base/cpuset.h"
#include "sample/cpustat.h"
#include "engine/loads.h"
#include "model/topo.h"
#include "ui/theme.h"

#define UI_HIST		32		/* samples in a load's sparkline */

/* The topology as a tree (a row per CPU) or a grid (a cell per core). */
enum layout_view {
	LAYOUT_TREE,
	LAYOUT_GRID
};

/* A step a key asks a script for (ui.c calls it with UI_REASON_NEXT or _PREV). */
enum ui_ask {
	UI_ASK_NONE,
	UI_ASK_NEXT,
	UI_ASK_PREV
};

struct c2cview;
struct infer_mark;
struct replayview;
struct chart;
struct countersview;
struct foreign;
struct kernel;
struct recorder;
struct solo;

/* A load as the screen sees it: figures smoothed over refreshes. */
struct ui_loadview {
	int		 id;
	double		 rate;
	double		 solo;
	double		 solo_share;	/* share of wall time it got while measured */
	uint64_t	 solo_end_ns;	/* the measurement the solo rate is from */
	int		 solo_disturbed; /* others ran on its core then (solo_disturbed()) */
	double		 solo_foreign;	/* their CPU time on its core then, in CPUs; NAN */
	int		 solo_tries;	/* automatic measures again of a disturbed solo */
	uint64_t	 solo_told_ns;	/* the disturbed measurement the status line named */
	double		 speed;
	double		 share;
	double		 eff;
	double		 hist[UI_HIST];	/* speeds, oldest first; NAN for gaps */
	int		 nhist;
	int		 fresh;		/* no rate since start, move or resume */
};

enum ui_mode {
	UI_NORMAL,
	UI_MENU,	/* kernel menu open */
	UI_PARAM,	/* typing the kernel's parameter */
	UI_PICK_B,	/* choosing a two-ended load's second CPU */
	UI_MOVE,	/* choosing where a load goes */
	UI_HELP
};

struct ui_state {
	/* The model. */
	struct topo		*m;
	struct cpuinfo		 ci;
	int			 view_only;	/* -i: another machine */
	struct loads		*loads;		/* NULL when view only */
	struct solo		*solo;		/* solo rates (solo.c); NULL when view only */
	int			 delay_tenths;
	int			 colors;	/* the terminal has colors */

	/* CPU time, per pus[] index. */
	int			 sampling;
	struct cpustat_sample	 s_prev;
	struct cpustat_sample	 s_cur;
	struct cpustat_pct	*pct;
	unsigned char		*pct_ok;

	/* Others' work (not smtscope's) per pus[] index; others.c. */
	struct foreign		*fg;		/* NULL on a view of another machine */
	double			*fg_share;	/* of each CPU over the interval, 0..1; NAN */
	double			*fg_sys;	/* smtscope's system time on each, 0..1 */
	char			(*fg_who)[ANALYSIS_WHO_LEN]; /* who, "" unknown */
	double			*fg_own_ns;	/* scratch: our CPU time on each CPU */
	double			*fg_own_sys;	/* scratch: the system part of it */
	struct ui_own {
		pid_t		 pid;
		uint64_t	 ns;
		uint64_t	 sys_ns;
	}			*fg_own;	/* our processes' CPU time at the last refresh */
	int			 fg_nown;
	double			 fg_cpus;	/* others' total, in CPUs; NAN unknown */
	double			 fg_max;	/* their largest share of one CPU */
	char			 fg_top[ANALYSIS_WHO_LEN]; /* the top process, its CPU */
	uint64_t		 fg_tick;	/* refreshes counted */
	uint64_t		 fg_scan_tick;	/* the refresh of the last scan of /proc */
	int			 fg_hold;	/* a load came, went or moved: keep one refresh */

	/* Counters and sensors (countersview.c); NULL before the first refresh. */
	struct countersview	*cv;

	/* Loads as shown. */
	struct ui_loadview	*lv;
	int			 nlv;
	int			 caplv;

	/* Where the user looks. */
	enum layout_view	 view;		/* as chosen, when view_chosen */
	int			 view_chosen;	/* else the one that fits */
	int			 cursor;	/* pus[] index */
	int			 sel_id;	/* selected load, -1 */

	/* The mode and what it is choosing. */
	enum ui_mode		 mode;
	int			 menu_sel;
	const struct kernel	*pick_k;
	char			 pick_param[64];
	int			 pick_a;	/* end A's CPU for two-ended loads */
	char			 input[64];
	int			 input_len;
	int			 move_id;
	int			 move_b;	/* moving a two-ended load's end B */

	/* The theme; theme_gen counts changes, for draw's colors. */
	struct theme		 theme;
	unsigned int		 theme_gen;

	/* Messages, captions and scripts (tours). */
	char			 msg[256];
	int			 msg_error;
	uint64_t		 msg_t_ns;
	char			 caption[4096];
	unsigned int		 caption_gen;	/* counts changes, for the wrap */
	struct cpuset		 highlight;
	int			 script;	/* a step function drives the screen */
	int			 script_key;	/* ... and waits for n */
	int			 tour_keys;	/* Space, Right, Left step the script */
	enum ui_ask		 step_ask;	/* a key asked for a step */

	/* The time chart (chart.c): its samples, and whether it is shown. */
	struct chart		*chart;
	int			 chart_on;

	/* S asked for the screen as SVG, once drawn; to this file ("" dated). */
	int			 snapshot_ask;
	char			 snapshot_path[512];

	struct c2cview		*c2c;		/* the latency view (c2cview.c), NULL */
	struct infer_mark	*infer;		/* --infer-from's pairs (inferview.c) */
	int			 ninfer;
	struct replayview	*replay;	/* a recording played (replayview.c), NULL */

	struct recorder		*rec;		/* R's recording (recorder.c), NULL */

	/* The loop. */
	int			 quit;
	int			 exit_status;
	int			 dirty;		/* draw again */
	int			 redraw;	/* repaint the whole terminal */
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

#endif
