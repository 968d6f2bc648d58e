/*
 * term.h: what the terminal is: its size, its character set and colors, and
 * the curses attributes of the theme's elements there. ui.c sets the size,
 * draw_theme() the attributes; draw.c reads them. No curses here.
 */
#ifndef SMTSCOPE_UI_TERM_H
#define SMTSCOPE_UI_TERM_H

#include "ui/theme.h"

struct ui_term {
	int		rows, cols;
	int		utf8;		/* the locale's character set is UTF-8 */
	int		colors;		/* at least 8 colors */
	unsigned long	attr[THEME_COUNT];	/* set by draw_theme() */
	int		bar_glyphs;	/* bars need a glyph per kind (no colors) */
};

#endif
