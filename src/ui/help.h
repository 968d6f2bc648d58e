/*
 * help.h: the help's text (help.c), wrapped to a box's width by words: what
 * the figures mean first (SPEED, SHARE, EFF, the marks, the bars), then the
 * keys, then what the counters need and why they are missing here. The
 * screen shows it in a bordered box that scrolls (layout.c, draw.c). No
 * curses here.
 */
#ifndef SMTSCOPE_UI_HELP_H
#define SMTSCOPE_UI_HELP_H

#include "ui/layout.h"

#define HELP_MAX_LINES	LAYOUT_HELP_LINES
#define HELP_LINE	LAYOUT_HELP_LINE

struct ui_state;

/* The help's lines for a width (its inside, in columns); how many. */
int	help_lines(const struct ui_state *, int width, char lines[][HELP_LINE], int max);
/*
 * The help's text wrapped into its box as laid out (layout.c places the
 * box), scrolled to the state's line, never past the last page.
 */
void	help_place(struct ui_layout *, const struct ui_state *);

#endif
