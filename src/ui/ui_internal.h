/*
 * ui_internal.h: what the files of src/ui/ share: the screen's state, the
 * layout (computed apart from drawing, so tests can check it), drawing,
 * input and the actions on loads. No curses here either: only draw.c,
 * input.c and ui.c include it.
 */
#ifndef SMTSCOPE_UI_INTERNAL_H
#define SMTSCOPE_UI_INTERNAL_H

#include <stdint.h>

#include "cpuinfo.h"
#include "cpustat.h"
#include "loads.h"
#include "solo.h"
#include "topo.h"
#include "ui/theme.h"
#include "ui/ui.h"

#define UI_MIN_COLS	60
#define UI_MIN_ROWS	12
#define UI_HIST		32		/* samples in a load's sparkline */

enum layout_view {
	LAYOUT_TREE,
	LAYOUT_GRID
};

/* One row of the topology area. */
struct layout_row {
	char		*text;		/* tree lines and label, UTF-8 or ASCII */
	int		 text_w;	/* its width in columns */
	int		 pu;		/* tree: the CPU (pus[] index) on this row, or -1 */
	int		 node;		/* the node labelled here, or -1 */
	int		 label_x;	/* where the label starts, and its width */
	int		 label_w;
	int		 first_cell;	/* grid: cells[first_cell .. +ncells) */
	int		 ncells;
};

/* Grid: one core's cell. */
struct layout_cell {
	int		 core;		/* into cores[] */
	int		 x;
	int		 pu0;		/* its CPUs: pus[pu0 .. pu0+npus) */
	int		 npus;
};

/* Where a CPU is drawn: its row and its selectable span. */
struct layout_spot {
	int		 row;
	int		 x;
	int		 w;
};

struct layout {
	enum layout_view	 view;
	int			 cols;
	int			 utf8;
	struct layout_row	*rows;
	int			 nrows;
	int			 caprows;
	struct layout_cell	*cells;
	int			 ncells;
	struct layout_spot	*spots;		/* one per pus[] entry */
	int			 nspots;
	int			 digits;	/* width of the largest OS index */
	/* Tree columns. */
	int			 cpu_x;		/* "CPU 12" */
	int			 bar_x;		/* '[' */
	int			 bar_w;		/* inside the brackets */
	int			 pct_x;
	int			 loads_x;
	/* Grid cells. */
	int			 label_w;
	int			 cell_w;
	int			 kind_w;
	int			 smt_max;
};

#define UI_CAPTION_LINES	24

/* Wrap text (newlines end paragraphs) to width columns; returns the line count. */
int	layout_wrap(const char *text, int width, char lines[][512], int max);

/* The regions of the screen, top to bottom. */
struct layout_screen {
	int	rows, cols;
	int	too_small;
	int	header_y, header_h;
	int	caption_y;		/* -1 without a caption */
	int	caption_h;		/* its lines */
	int	topo_y, topo_h;
	int	panel_y, panel_h;	/* panel title row, then loads */
	int	info_y;
	int	status_y;
};

/* caption: the lines the caption needs, cut to a third of the screen. */
void	layout_screen(struct layout_screen *, int rows, int cols, int caption,
	    int nloads);
void	layout_build(struct layout *, const struct topo *, enum layout_view, int cols,
	    int utf8);
void	layout_free(struct layout *);
/* The CPU (pus[] index) drawn at a row and column, or -1. */
int	layout_pu_at(const struct layout *, int row, int x);
/* The CPU nearest above (dir -1) or below (dir 1) a CPU, or the CPU itself. */
int	layout_vertical(const struct layout *, int pu, int dir);
/* Columns a UTF-8 string takes (every character here is one column wide). */
int	layout_width(const char *);

/* A load as the screen sees it: figures smoothed over refreshes. */
struct ui_loadview {
	int		 id;
	double		 rate;
	double		 solo;
	double		 solo_share;	/* share of wall time it got while measured */
	uint64_t	 solo_end_ns;	/* the measurement the solo rate is from */
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

struct ui {
	/* The model. */
	struct topo		*m;
	struct cpuinfo		 ci;
	int			 view_only;	/* -i: another machine */
	struct loads		*loads;		/* NULL when view only */
	int			 delay_tenths;

	/* CPU time, per pus[] index. */
	int			 sampling;
	struct cpustat_sample	 s_prev;
	struct cpustat_sample	 s_cur;
	struct cpustat_pct	*pct;
	unsigned char		*pct_ok;

	/* Loads as shown. */
	struct ui_loadview	*lv;
	int			 nlv;
	int			 caplv;

	/* Solo rates: one load at a time, the others held (solo.c). */
	struct solo		*solo;		/* NULL when view only */

	/* The screen. */
	int			 rows, cols;
	struct layout_screen	 scr;
	struct layout		 lay;
	enum layout_view	 view;
	int			 view_chosen;	/* the user pressed v */
	int			 relayout;
	int			 top;		/* first row of the topology shown */
	int			 cursor;	/* pus[] index */
	int			 sel_id;	/* selected load, -1 */
	int			 panel_top;
	int			 utf8;
	int			 colors;
	int			 bar_glyphs;	/* bars need a glyph per kind (no colors) */
	enum ui_mode		 mode;
	int			 menu_sel;
	int			 menu_n;
	int			 menu_y, menu_x, menu_h, menu_w;	/* for the mouse */
	const struct kernel	*pick_k;
	char			 pick_param[64];
	int			 pick_a;	/* end A's CPU for two-ended loads */
	char			 input[64];
	int			 input_len;
	int			 move_id;
	int			 move_b;	/* moving a two-ended load's end B */

	/* Themes. */
	struct theme		 theme;
	char			 theme_names[THEME_MAX_LIST][64];
	int			 ntheme;
	unsigned long		 attr[THEME_COUNT];	/* curses attributes, set by draw.c */

	/* Messages and tours. */
	char			 msg[256];
	int			 msg_error;
	uint64_t		 msg_t_ns;
	char			 caption[4096];
	char			 caption_line[UI_CAPTION_LINES][512];
	int			 ncaption;	/* wrapped lines shown */
	int			 tour_keys;
	int			 step_reason;
	struct cpuset		 highlight;
	int			 step_pending;
	uint64_t		 step_due_ns;	/* 0: none timed */
	int			 step_key;	/* waiting for n */
	int			 (*step)(struct ui *, void *);
	void			*step_arg;
	void			 (*finish)(struct ui *, void *);

	/* The loop. */
	int			 quit;
	int			 exit_status;
	int			 dirty;
	uint64_t		 frames;
	uint64_t		 frames_max;	/* SMTSCOPE_UI_FRAMES: exit after so many */
};

/* draw.c */
void	draw_init_theme(struct ui *);
void	draw_frame(struct ui *);

/* input.c */
void	input_key(struct ui *, int key);
void	input_mouse(struct ui *);

/* action.c */
int	action_refuse(struct ui *);
int	action_start(struct ui *, const char *text, int measure);
void	action_stop(struct ui *, int id);
void	action_stop_all(struct ui *);
void	action_pause(struct ui *, int id);
int	action_move(struct ui *, int id, int os_index, int cpu_b);
void	action_remeasure(struct ui *, int id);
void	action_tick(struct ui *);
/* When the solo measurement next needs attention (CLOCK_MONOTONIC ns), or 0. */
uint64_t action_deadline(struct ui *);
void	action_solo_poll(struct ui *);
void	action_reap(struct ui *);
/* How the screen's solo measurer reaches its loads (arg is the struct ui *). */
extern const struct solo_ops action_solo_ops;
struct ui_loadview *action_view(struct ui *, int id);
/* The load the cursor is on (the selected one if it is there), or NULL. */
struct load *action_target(struct ui *);
int	action_measuring(struct ui *, int id);

/* ui.c */
void	ui_set_cursor(struct ui *, int pu);
void	ui_cycle_theme(struct ui *);
void	ui_toggle_view(struct ui *);
int	ui_cursor_os(struct ui *);

#endif
