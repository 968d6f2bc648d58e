/*
 * input.h: keys and the mouse, turned into the screen's actions (control.h).
 * Input reads the state and the layout of the frame on the screen (the one
 * the mouse clicked on); it changes nothing itself.
 */
#ifndef SMTSCOPE_UI_INPUT_H
#define SMTSCOPE_UI_INPUT_H

#include "ui/layout.h"
#include "ui/state.h"

/* One key (a curses key code), in whatever mode the screen is. */
void	input_key(struct ui_state *, const struct ui_layout *, int key);
/* A mouse event waiting in curses: a click or the wheel. */
void	input_mouse(struct ui_state *, const struct ui_layout *);
/*
 * The same for an event at a row and column with curses' button bits
 * (bstate): what input_mouse does once curses gave it, apart from the
 * terminal (tests/fuzz/fuzz_input.c feeds it).
 */
void	input_mouse_event(struct ui_state *, const struct ui_layout *, int y, int x,
	    unsigned long bstate);

#endif
