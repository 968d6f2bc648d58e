/*
 * input.c: keys and mouse into the screen's actions. Each mode (normal,
 * menu, parameter, choosing a CPU, help) takes its keys; any key at any
 * moment must be harmless. Geometry (the row above, the menu's box, the
 * panel's rows) comes from the layout of the frame on the screen.
 */
#include "config.h"

#include <curses.h>

#include "engine/kernels/kernel.h"
#include "ui/c2cview.h"
#include "ui/control.h"
#include "ui/idleview.h"
#include "ui/input.h"
#include "ui/recorder.h"

#define INPUT_ESC	27

/* Move the cursor by a key; 1 if the key was a cursor key. */
static int
input_cursor(struct ui_state *st, const struct ui_layout *lay, int key)
{
	int	pu = st->sel.cursor, i, n = st->host.m->npus;

	switch (key) {
	case KEY_UP:
	case 'k':
		pu = layout_vertical(&lay->topo, pu, -1);
		break;
	case KEY_DOWN:
	case 'j':
		pu = layout_vertical(&lay->topo, pu, 1);
		break;
	case KEY_LEFT:
	case 'h':
		/* The CPUs a filter hides (no spot) are passed over. */
		for (i = pu - 1; i >= 0 && lay->topo.spots[i].row < 0; i--)
			;
		pu = i >= 0 ? i : pu;
		break;
	case KEY_RIGHT:
	case 'l':
		for (i = pu + 1; i < n && lay->topo.spots[i].row < 0; i++)
			;
		pu = i < n ? i : pu;
		break;
	case KEY_PPAGE:
	case KEY_NPAGE:
		for (i = 0; i < lay->scr.topo_h - 1; i++)
			pu = layout_vertical(&lay->topo, pu, key == KEY_PPAGE ? -1 : 1);
		break;
	case KEY_HOME:
	case 'g':
		for (pu = 0; pu + 1 < n && lay->topo.spots[pu].row < 0; pu++)
			;
		break;
	case KEY_END:
	case 'G':
		for (pu = n - 1; pu > 0 && lay->topo.spots[pu].row < 0; pu--)
			;
		break;
	default:
		return 0;
	}
	control_cursor(st, pu);
	return 1;
}

/* Keys of the kernel menu. */
static void
input_menu(struct ui_state *st, int key)
{
	int	n, i;

	for (n = 0; kernel_all[n] != NULL; n++)
		;
	switch (key) {
	case KEY_UP:
	case 'k':
		control_menu_select(st, (st->sel.menu + n - 1) % n);
		return;
	case KEY_DOWN:
	case 'j':
	case '\t':
		control_menu_select(st, (st->sel.menu + 1) % n);
		return;
	case KEY_LEFT:
	case KEY_RIGHT:
		/* Where: the cursor's CPU, or a load on each CPU of its core, package... */
		control_menu_where(st, key == KEY_RIGHT ? 1 : -1);
		return;
	case '\r':
	case '\n':
	case KEY_ENTER:
		control_menu_choose(st, st->sel.menu);
		return;
	case INPUT_ESC:
	case 'q':
	case KEY_F(10):
		control_cancel(st);
		return;
	}
	if (key >= '1' && key <= '9' && key - '1' < n) {
		control_menu_choose(st, key - '1');
		return;
	}
	/* A letter selects the next kernel whose name starts with it. */
	for (i = 1; i <= n; i++) {
		if (kernel_all[(st->sel.menu + i) % n]->name[0] == key) {
			control_menu_select(st, (st->sel.menu + i) % n);
			return;
		}
	}
}

/* Keys of the parameter prompt. */
static void
input_param(struct ui_state *st, int key)
{
	switch (key) {
	case '\r':
	case '\n':
	case KEY_ENTER:
		control_param_key(st, '\n');
		return;
	case INPUT_ESC:
	case KEY_F(10):
		control_cancel(st);
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		control_param_key(st, -1);
		return;
	}
	if (key >= 0x21 && key < 0x7f)
		control_param_key(st, key);
}

/* Keys of the go-to prompt. */
static void
input_goto(struct ui_state *st, int key)
{
	switch (key) {
	case '\r':
	case '\n':
	case KEY_ENTER:
		control_goto_key(st, '\n');
		return;
	case INPUT_ESC:
	case KEY_F(10):
		control_cancel(st);
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		control_goto_key(st, -1);
		return;
	}
	control_goto_key(st, key);
}

/* Keys while choosing a CPU: for a move, or a pipe's second end. */
static void
input_pick_cpu(struct ui_state *st, const struct ui_layout *lay, int key)
{
	if (input_cursor(st, lay, key))
		return;
	switch (key) {
	case '\r':
	case '\n':
	case KEY_ENTER:
	case 'm':
		control_pick_here(st);
		return;
	case INPUT_ESC:
		control_cancel(st);
		return;
	case 'q':
	case KEY_F(10):
		control_quit(st, st->scr.exit_status);
		return;
	}
}

/* The load keys of the normal mode; 1 if the key was one. */
static int
input_load_key(struct ui_state *st, int key)
{
	struct load	*l;

	switch (key) {
	case 'a':
	case '\r':
	case '\n':
	case KEY_ENTER:
		control_menu_open(st);
		return 1;
	case 'm':
		control_move_begin(st);
		return 1;
	case ' ':
		if ((l = control_target(st)) != NULL)
			control_pause(st, l->id);
		return 1;
	case 'd':
	case KEY_DC:
		if ((l = control_target(st)) != NULL)
			control_stop(st, l->id);
		return 1;
	case 'D':
		control_stop_all(st);
		return 1;
	case 'c':
		control_remeasure(st, -1);
		return 1;
	case '\t':
		control_select_next(st);
		return 1;
	}
	return 0;
}

/* Keys of the normal mode. */
static void
input_normal(struct ui_state *st, const struct ui_layout *lay, int key)
{
	if (input_cursor(st, lay, key) || input_load_key(st, key))
		return;
	switch (key) {
	case 't':
		control_cycle_theme(st);
		return;
	case 'C':
		control_chart(st);
		return;
	case 'S':
		control_snapshot(st);
		return;
	case 'R':
		if (!control_refuse(st))
			recorder_toggle(st, NULL);
		return;
	case 'v':
		control_toggle_view(st, lay->topo.view);
		return;
	case 'L':
		c2cview_toggle(st);
		return;
	case 'f':
		control_filter(st);
		return;
	case '#':
		control_goto_begin(st);
		return;
	case 'i':
		/* idleview.c: the idle residency column; read from the next refresh. */
		idleview_toggle(&st->iv);
		control_message(st, 0, "idle residency column %s", idleview_on(st->iv) ?
		    "on: each state's share of the last refresh, in state order" : "off");
		control_redraw(st);
		return;
	case '?':
	case KEY_F(1):
		control_help(st, 1);
		return;
	case 'q':
	case 'Q':
	case KEY_F(10):
		control_quit(st, st->scr.exit_status);
		return;
	case 12:	/* ^L */
		control_redraw(st);
		return;
	case INPUT_ESC:
		control_clear_message(st);
		return;
	}
}

/*
 * Keys of the help: arrows and j k a line, PgUp PgDn (and Space) a page,
 * Home End its ends; q quits; any other key closes it.
 */
static void
input_help(struct ui_state *st, const struct ui_layout *lay, int key)
{
	int	top = lay->help_top, page = lay->help_page > 1 ? lay->help_page - 1 : 1;
	int	last = lay->help_n - lay->help_page > 0 ? lay->help_n - lay->help_page : 0;

	switch (key) {
	case KEY_UP:
	case 'k':
		top--;
		break;
	case KEY_DOWN:
	case 'j':
		top++;
		break;
	case KEY_PPAGE:
		top -= page;
		break;
	case KEY_NPAGE:
	case ' ':
		top += page;
		break;
	case KEY_HOME:
	case 'g':
		top = 0;
		break;
	case KEY_END:
	case 'G':
		top = last;
		break;
	case 'q':
	case KEY_F(10):
		control_help(st, 0);
		control_quit(st, st->scr.exit_status);
		return;
	default:
		control_help(st, 0);
		return;
	}
	control_help_scroll(st, top < 0 ? 0 : top > last ? last : top);
}

/* A script's keys: n (and with tour keys Space and Right) next, Left back; 1 if taken. */
static int
input_step_key(struct ui_state *st, int key)
{
	if (!st->tour.script || st->sel.mode != UI_NORMAL)
		return 0;
	if (key == 'n' || (st->tour.keys && (key == ' ' || key == KEY_RIGHT)))
		control_step(st, UI_ASK_NEXT);
	else if (st->tour.keys && key == KEY_LEFT)
		control_step(st, UI_ASK_PREV);
	else
		return 0;
	return 1;
}

/* An ended tour's summary: Up Down PgUp PgDn Home End scroll it, Esc closes it; 1 if taken. */
static int
input_summary_key(struct ui_state *st, const struct ui_layout *lay, int key)
{
	int	top = lay->caption_top, page = lay->scr.caption_h > 2 ?
		    lay->scr.caption_h - 2 : 1;

	if (!st->tour.ended || st->sel.mode != UI_NORMAL)
		return 0;
	switch (key) {
	case KEY_UP:
		top--;
		break;
	case KEY_DOWN:
		top++;
		break;
	case KEY_PPAGE:
		top -= page;
		break;
	case KEY_NPAGE:
		top += page;
		break;
	case KEY_HOME:
		top = 0;
		break;
	case KEY_END:
		top = lay->ncaption;
		break;
	case INPUT_ESC:
		control_summary_close(st);
		return 1;
	default:
		return 0;
	}
	control_summary_scroll(st, top < 0 ? 0 : top);
	return 1;
}

/* One key, in whatever mode the screen is. */
void
input_key(struct ui_state *st, const struct ui_layout *lay, int key)
{
	if (input_step_key(st, key) || input_summary_key(st, lay, key))
		return;
	switch (st->sel.mode) {
	case UI_HELP:
		input_help(st, lay, key);
		return;
	case UI_MENU:
		input_menu(st, key);
		return;
	case UI_PARAM:
		input_param(st, key);
		return;
	case UI_GOTO:
		input_goto(st, key);
		return;
	case UI_MOVE:
	case UI_PICK_B:
		input_pick_cpu(st, lay, key);
		return;
	case UI_NORMAL:
		input_normal(st, lay, key);
		return;
	}
}

/* A click in the open kernel menu: an entry chooses it, outside closes it. */
static void
input_menu_click(struct ui_state *st, const struct ui_layout *lay, int y, int x)
{
	const struct layout_box	*b = &lay->menu;
	int			 i = y - b->y - 1;

	if (x >= b->x && x < b->x + b->w && i >= 0 && i < lay->menu_n)
		control_menu_choose(st, i);
	else if (y != b->y && y != b->y + b->h - 1)
		control_cancel(st);
}

/* A mouse event waiting in curses: a click or the wheel. */
void
input_mouse(struct ui_state *st, const struct ui_layout *lay)
{
	MEVENT	ev;

	if (getmouse(&ev) == OK)
		input_mouse_event(st, lay, ev.y, ev.x, (unsigned long)ev.bstate);
}

/* A click or the wheel at a row and column (anywhere, even off the screen). */
void
input_mouse_event(struct ui_state *st, const struct ui_layout *lay, int y, int x,
    unsigned long bstate)
{
	struct load	*l;
	int		 pu, i;

	if (st->sel.mode == UI_HELP && (bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED))) {
		for (i = 0; i < 3; i++)
			input_help(st, lay, bstate & BUTTON4_PRESSED ? KEY_UP : KEY_DOWN);
		return;
	}
	if (bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		for (i = 0; i < 3; i++)
			input_cursor(st, lay, bstate & BUTTON4_PRESSED ? KEY_UP : KEY_DOWN);
		return;
	}
	if (!(bstate & BUTTON1_PRESSED) || lay->scr.too_small)
		return;
	if (st->sel.mode == UI_HELP) {
		control_help(st, 0);
		return;
	}
	if (st->sel.mode == UI_MENU) {
		input_menu_click(st, lay, y, x);
		return;
	}
	if (st->sel.mode == UI_PARAM)
		return;
	if (y >= lay->scr.topo_y && y < lay->scr.topo_y + lay->scr.topo_h) {
		pu = layout_pu_at(&lay->topo, lay->top + y - lay->scr.topo_y -
		    lay->more_above, x);
		if (pu != -1)
			control_cursor(st, pu);
		return;
	}
	i = lay->panel_top + y - lay->scr.panel_y - 1;
	if (st->host.loads != NULL && y > lay->scr.panel_y &&
	    y < lay->scr.panel_y + lay->scr.panel_h &&
	    (l = loads_at(st->host.loads, i)) != NULL)
		control_select(st, l->id, st->sel.mode == UI_NORMAL);
}
