/*
 * layout.h: where everything goes, computed apart from drawing (as lstopo
 * does). The topology's rows and cells with every CPU's spot, the screen's
 * regions, and, once per frame before drawing, struct ui_layout: the frame's
 * whole geometry (scroll positions, the panel's columns, the menu's box).
 * draw.c draws from it; the mouse reads the same one. No curses here.
 */
#ifndef SMTSCOPE_UI_LAYOUT_H
#define SMTSCOPE_UI_LAYOUT_H

#define UI_MIN_COLS	60
#define UI_MIN_ROWS	12
#define UI_CAPTION_LINES	160
#define LAYOUT_CHART_MIN	7	/* rows a time chart needs */
#define LAYOUT_WHY_MIN	30	/* the panel's WHY keeps its first clause */
#define LAYOUT_INFO_LINES	3	/* the cursor's load's WHY, wrapped, at most */

#include "ui/screen.h"
#include "base/cpuset.h"

/* The help's lines as wrapped for its box (help.c fills them). */
#define LAYOUT_HELP_LINES	160
#define LAYOUT_HELP_LINE	256

struct topo;
struct ui_state;

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
	int		 meter;		/* node whose CPUs' average this row shows, or -1 */
	int		 npu;		/* tree: its CPUs, pu to pu + npu - 1 (a core's, folded) */
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

/* The topology, laid out for a width. */
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
	int			 seg_w;		/* folded: a CPU's columns on a core's row; 0 not */
	/* Grid cells. */
	int			 label_w;
	int			 cell_w;
	int			 kind_w;
	int			 smt_max;
	int			 grid_mode;	/* LAYOUT_GRID_MARKS, _NAMED or _BARS */
	int			 cpu_w;		/* named, bars: columns a CPU of a cell takes */
	int			 gbar_w;	/* bars: inside each CPU's brackets */
	int			 idle_w;	/* a column per CPU for idleview's mark, or 0 */
	int			 filtered;	/* grid: only the cores with a CPU in only */
	struct cpuset		 only;
};

/* How a grid cell shows its CPUs: the first's number and a mark each, every number, a bar each. */
#define LAYOUT_GRID_MARKS	0
#define LAYOUT_GRID_NAMED	1
#define LAYOUT_GRID_BARS	2

/* The regions of the screen, top to bottom. */
struct layout_screen {
	int	rows, cols;
	int	too_small;
	int	header_y, header_h;
	int	caption_y;		/* -1 without a caption */
	int	caption_h;		/* its lines */
	int	topo_y, topo_h;
	int	chart_y, chart_h;	/* the time chart: rows the topology spares */
	int	panel_y, panel_h;	/* panel title row, then loads */
	int	info_y, info_h;	/* the info lines: the cursor's load's whole WHY, its CPU */
	int	status_y;
};

/* The loads panel's columns; a width of 0 drops a column on a narrow screen. */
struct layout_panel {
	int	load, cpu, rate, solo, speed, share, eff, hist, why;
	int	rate_w, share_w, eff_w, hist_w;
	int	solo_unit;	/* SOLO says its unit (RATE's); 0 on a narrow screen */
};

/* A box over the topology (the kernel menu, the parameter prompt). */
struct layout_box {
	int	y, x, h, w;
};

/* A frame's whole geometry, from the state and the terminal's size. */
struct ui_layout {
	struct layout_screen	 scr;
	struct layout		 topo;
	int			 tree_rows;	/* rows the tree needs; 0 unknown */
	enum layout_view	 auto_view;	/* the view shown were none chosen */
	int			 top;		/* first topology row shown */
	int			 more_above;	/* a row saying rows are above (1) or not (0) */
	int			 more_below;	/* a row saying rows are below */
	int			 panel_top;	/* first load shown */
	struct layout_panel	 panel;
	struct layout_box	 menu;		/* rows: title, kernels, help line */
	int			 menu_n;	/* kernels listed */
	struct layout_box	 param;
	struct layout_box	 help;		/* the help's box, its border included */
	char			 help_line[LAYOUT_HELP_LINES][LAYOUT_HELP_LINE];
	int			 help_n;	/* its lines, wrapped to the box */
	int			 help_top;	/* the first shown */
	int			 help_page;	/* lines the box shows */
	char			 caption_line[UI_CAPTION_LINES][512];
	int			 ncaption;	/* wrapped lines */
	int			 caption_top;	/* the first shown (an ended tour's summary scrolls) */
	unsigned int		 caption_gen;	/* the caption and width wrapped */
	int			 caption_cols;
	int			 caption_ended;	/* wrapped as an ended tour's summary */
	char			 info_line[LAYOUT_INFO_LINES][512];
	int			 info_n;	/* the WHY's own lines; 0: on the info line */
};

/* Wrap text (newlines end paragraphs) to width columns; returns the line count. */
int	layout_wrap(const char *text, int width, char lines[][512], int max);
/* caption: the lines the caption needs, cut to two thirds of the screen. */
void	layout_screen(struct layout_screen *, int rows, int cols, int caption,
	    int nloads);
void	layout_build(struct layout *, const struct topo *, enum layout_view, int cols,
	    int utf8);
void	layout_free(struct layout *);
/* The CPU (pus[] index) drawn at a row and column, or -1. */
int	layout_pu_at(const struct layout *, int row, int x);
/* The CPU nearest above (dir -1) or below (dir 1) a CPU, or the CPU itself. */
int	layout_vertical(const struct layout *, int pu, int dir);
/* The CPUs a node's meter averages: its own, a NUMA node's parent's; their count. */
int	layout_meter_cpus(const struct topo *, int node, int *first);
/* Columns a UTF-8 string takes (every character here is one column wide). */
int	layout_width(const char *);

/* Lay a frame out for the state on a terminal of rows x cols, before drawing it. */
void	layout_update(struct ui_layout *, const struct ui_state *, int rows, int cols,
	    int utf8);
/* Release what a frame's layout holds. */
void	layout_release(struct ui_layout *);

#endif
