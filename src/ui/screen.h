/*
 * screen.h: the screen's part that is the screen itself: which view the
 * topology takes (its geometry's one choice; layout.c computes the rest
 * each frame), the theme, the status line's message, a snapshot asked for,
 * and the loop's flags. control.c changes it; ui.c runs the loop by it.
 */
#ifndef SMTSCOPE_UI_SCREEN_H
#define SMTSCOPE_UI_SCREEN_H

#include <stdint.h>

#include "ui/theme.h"

/* The topology as a tree (a row per CPU) or a grid (a cell per core). */
enum layout_view {
	LAYOUT_TREE,
	LAYOUT_GRID
};

/* The grid's filter (f): every CPU, CPUs with loads, busy ones, one package. */
#define LAYOUT_FILTER_NONE	0
#define LAYOUT_FILTER_LOADS	1
#define LAYOUT_FILTER_BUSY	2
#define LAYOUT_FILTER_PACKAGE	3
#define LAYOUT_FILTER_N		4
#define LAYOUT_BUSY_PCT		10.0	/* a busy CPU for the filter: this busy or more */

struct ui_screen {
	enum layout_view	 view;		/* as chosen, when view_chosen */
	int			 view_chosen;	/* else the one that fits */
	int			 filter;	/* the grid shows only: LAYOUT_FILTER_* */
	int			 filter_pkg;	/* the package it shows (pkgs[] index) */
	int			 colors;	/* the terminal has colors */

	/* The theme; theme_gen counts changes, for draw's colors. */
	struct theme		 theme;
	unsigned int		 theme_gen;

	/* The status line's message. */
	char			 msg[256];
	int			 msg_error;
	uint64_t		 msg_t_ns;
	int			 msg_notice;	/* the screen's own news: the next may replace it */
	int			 msg_wait_id;	/* a load whose solo it awaits: it stands till then */

	/* S asked for the screen as SVG, once drawn; to this file ("" dated). */
	int			 snapshot_ask;
	char			 snapshot_path[512];

	/* The loop. */
	int			 quit;
	int			 exit_status;
	int			 dirty;		/* draw again */
	int			 redraw;	/* repaint the whole terminal */
};

#endif
