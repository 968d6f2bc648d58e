/*
 * draw.h: a frame from the state and the frame's layout, in curses. Drawing
 * reads; it changes neither the state nor the geometry.
 */
#ifndef SMTSCOPE_UI_DRAW_H
#define SMTSCOPE_UI_DRAW_H

#include "ui/layout.h"
#include "ui/state.h"
#include "ui/term.h"
#include "ui/theme.h"

/* Turn a theme into the terminal's curses attributes (after a theme change). */
void	draw_theme(struct ui_term *, const struct theme *);
/* Draw the whole frame and send it. */
void	draw_frame(const struct ui_state *, const struct ui_layout *,
	    const struct ui_term *);

#endif
