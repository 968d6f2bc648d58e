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

#endif
