/*
 * control.h: the screen's actions. Input (keys, mouse) and scripts (tours,
 * through ui.h) ask; control changes the state and says what it did on the
 * status line. Nothing here draws or knows the geometry.
 */
#ifndef SMTSCOPE_UI_CONTROL_H
#define SMTSCOPE_UI_CONTROL_H

#include <stdarg.h>

#include "base/cpuset.h"
#include "engine/loads.h"
#include "ui/state.h"

/* The status line's message; error selects the error style. */
void	control_message(struct ui_state *, int error, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* The screen's own news (a solo marked ~): it waits for a free line, or one of its kind. */
void	control_notice(struct ui_state *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Clear the message (Esc), or expire an old one that was not an error. */
void	control_clear_message(struct ui_state *);
void	control_expire_message(struct ui_state *);

/* Loads. Each returns -1 (or NULL) with the reason on the status line. */
/* Refuse a load action on a view of another machine; 1 if refused. */
int	control_refuse(struct ui_state *);
/* Start a load from its text; its id. measure: queue its solo rate. */
int	control_start(struct ui_state *, const char *text, int measure);
void	control_stop(struct ui_state *, int id);
void	control_stop_all(struct ui_state *);
/* Pause a running load, resume a paused one (held ones wait for the measurement). */
void	control_pause(struct ui_state *, int id);
/* Move end A to a CPU, end B to cpu_b (-1 keeps it); OS indexes. */
int	control_move(struct ui_state *, int id, int os_index, int cpu_b);
/* Measure solo rates again: one load, or every load with id -1. */
void	control_remeasure(struct ui_state *, int id);
/* Say when a solo rate was disturbed; measure it again once its core is quiet. */
void	control_solo_guard(struct ui_state *);
/* Announce the loads that died, and forget them. */
void	control_reap(struct ui_state *);
/* The load at the cursor, or NULL saying there is none. */
struct load *control_target(struct ui_state *);

/* Where the user looks. */
void	control_cursor(struct ui_state *, int pu);
/* The cursor on a CPU by OS index; -1 if it is not in the model. */
int	control_cursor_os(struct ui_state *, int os_index);
/* Select a load; follow: the cursor goes to its CPU. */
void	control_select(struct ui_state *, int id, int follow);
/* Select the next load, the cursor following it. */
void	control_select_next(struct ui_state *);
/* Show the tree or the grid; toggle: the other one than shown, and say so. */
void	control_view(struct ui_state *, enum layout_view);
void	control_toggle_view(struct ui_state *, enum layout_view shown);
/* Use a theme by name or path: -1 falls back to a built-in one, with a message. */
int	control_use_theme(struct ui_state *, const char *spec);
void	control_cycle_theme(struct ui_state *);
void	control_caption(struct ui_state *, const char *text);
void	control_highlight(struct ui_state *, const struct cpuset *);
/* Repaint the whole terminal (Ctrl-L). */
void	control_redraw(struct ui_state *);

/* Modes: the kernel menu, its parameter, the CPU of a second end, a move. */
void	control_menu_open(struct ui_state *);
void	control_menu_select(struct ui_state *, int i);
void	control_menu_choose(struct ui_state *, int i);
/* Type into the parameter prompt: a character, Backspace (-1), Enter ('\n'). */
void	control_param_key(struct ui_state *, int ch);
/* Enter on a CPU: the second end of a new load, or the place of a move. */
void	control_pick_here(struct ui_state *);
/* m: move the load at the cursor (its end B if the cursor is there). */
void	control_move_begin(struct ui_state *);
/* Esc: leave a mode; say so when a choice of CPU is cancelled. */
void	control_cancel(struct ui_state *);
void	control_help(struct ui_state *, int show);
/* Scroll the help so that its line top is the first shown. */
void	control_help_scroll(struct ui_state *, int top);

/* The loop: quit with a status; ask the script for the next or previous step. */
void	control_quit(struct ui_state *, int status);
void	control_step(struct ui_state *, enum ui_ask);

/* S: write the screen as SVG once it is drawn. */
void	control_snapshot(struct ui_state *);
/* C: show or hide the time chart. */
void	control_chart(struct ui_state *);

/* f: the grid's next filter; #: go to a CPU (its prompt's keys). */
void	control_filter(struct ui_state *);
void	control_goto_begin(struct ui_state *);
void	control_goto_key(struct ui_state *, int ch);
/* The menu's place: the next (1) or the one before (-1). */
void	control_menu_where(struct ui_state *, int dir);
/* Scroll an ended tour's summary, or close it. */
void	control_summary_scroll(struct ui_state *, int top);
void	control_summary_close(struct ui_state *);

#endif
