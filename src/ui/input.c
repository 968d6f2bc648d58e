/*
 * input.c: keys and mouse. Each mode (normal, menu, parameter, choosing a
 * CPU, help) takes its keys; any key at any moment must be harmless.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "kernel.h"
#include "ui/ui_internal.h"

#define INPUT_ESC	27

/* Move the cursor by a key; 1 if the key was a cursor key. */
static int
input_cursor(struct ui *ui, int key)
{
	int	pu = ui->cursor, i, n = ui->m->npus;

	switch (key) {
	case KEY_UP:
	case 'k':
		pu = layout_vertical(&ui->lay, pu, -1);
		break;
	case KEY_DOWN:
	case 'j':
		pu = layout_vertical(&ui->lay, pu, 1);
		break;
	case KEY_LEFT:
	case 'h':
		pu = pu > 0 ? pu - 1 : pu;
		break;
	case KEY_RIGHT:
	case 'l':
		pu = pu + 1 < n ? pu + 1 : pu;
		break;
	case KEY_PPAGE:
	case KEY_NPAGE:
		for (i = 0; i < ui->scr.topo_h - 1; i++)
			pu = layout_vertical(&ui->lay, pu, key == KEY_PPAGE ? -1 : 1);
		break;
	case KEY_HOME:
	case 'g':
		pu = 0;
		break;
	case KEY_END:
	case 'G':
		pu = n - 1;
		break;
	default:
		return 0;
	}
	ui_set_cursor(ui, pu);
	return 1;
}

/* Start the chosen kernel, or ask for what it still needs. */
static void
input_pick_done(struct ui *ui)
{
	char	text[128];

	ui->mode = UI_NORMAL;
	if (ui->pick_k->ends == 2 && ui->pick_a == -1) {
		ui->pick_a = ui_cursor_os(ui);
		ui->mode = UI_PICK_B;
		ui->dirty = 1;
		return;
	}
	snprintf(text, sizeof text, "%s%s%s@%d", ui->pick_k->name,
	    ui->pick_param[0] ? ":" : "", ui->pick_param,
	    ui->pick_k->ends == 2 ? ui->pick_a : ui_cursor_os(ui));
	if (ui->pick_k->ends == 2)
		snprintf(text + strlen(text), sizeof text - strlen(text), ",%d",
		    ui_cursor_os(ui));
	action_start(ui, text, 1);
	ui->dirty = 1;
}

/* Choose menu entry i. */
static void
input_menu_choose(struct ui *ui, int i)
{
	ui->menu_sel = i;
	ui->pick_k = kernel_all[i];
	ui->pick_param[0] = '\0';
	ui->pick_a = -1;
	if (ui->pick_k->param_help != NULL) {
		ui->mode = UI_PARAM;
		ui->input[0] = '\0';
		ui->input_len = 0;
		ui->dirty = 1;
		return;
	}
	input_pick_done(ui);
}

/* Keys of the kernel menu. */
static void
input_menu(struct ui *ui, int key)
{
	int	n, i;

	for (n = 0; kernel_all[n] != NULL; n++)
		;
	ui->dirty = 1;
	switch (key) {
	case KEY_UP:
	case 'k':
		ui->menu_sel = (ui->menu_sel + n - 1) % n;
		return;
	case KEY_DOWN:
	case 'j':
	case '\t':
		ui->menu_sel = (ui->menu_sel + 1) % n;
		return;
	case '\r':
	case '\n':
	case KEY_ENTER:
		input_menu_choose(ui, ui->menu_sel);
		return;
	case INPUT_ESC:
	case 'q':
	case KEY_F(10):
		ui->mode = UI_NORMAL;
		return;
	}
	if (key >= '1' && key <= '9' && key - '1' < n) {
		input_menu_choose(ui, key - '1');
		return;
	}
	/* A letter selects the next kernel whose name starts with it. */
	for (i = 1; i <= n; i++) {
		if (kernel_all[(ui->menu_sel + i) % n]->name[0] == key) {
			ui->menu_sel = (ui->menu_sel + i) % n;
			return;
		}
	}
}

/* Keys of the parameter prompt. */
static void
input_param(struct ui *ui, int key)
{
	ui->dirty = 1;
	switch (key) {
	case '\r':
	case '\n':
	case KEY_ENTER:
		snprintf(ui->pick_param, sizeof ui->pick_param, "%s", ui->input);
		input_pick_done(ui);
		return;
	case INPUT_ESC:
	case KEY_F(10):
		ui->mode = UI_NORMAL;
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		if (ui->input_len > 0)
			ui->input[--ui->input_len] = '\0';
		return;
	}
	if (key >= 0x21 && key < 0x7f && key != '@' &&
	    ui->input_len + 1 < (int)sizeof ui->input) {
		ui->input[ui->input_len++] = (char)key;
		ui->input[ui->input_len] = '\0';
	}
}

/* Keys while choosing a CPU: for a move, or a pipe's second end. */
static void
input_pick_cpu(struct ui *ui, int key)
{
	struct load	*l;

	if (input_cursor(ui, key))
		return;
	ui->dirty = 1;
	switch (key) {
	case '\r':
	case '\n':
	case KEY_ENTER:
	case 'm':
		if (ui->mode == UI_MOVE) {
			ui->mode = UI_NORMAL;
			l = loads_get(ui->loads, ui->move_id);
			if (l != NULL && ui->move_b)
				action_move(ui, l->id, analysis_load_cpu(l), ui_cursor_os(ui));
			else if (l != NULL)
				action_move(ui, l->id, ui_cursor_os(ui), -1);
			ui->move_id = -1;
		} else
			input_pick_done(ui);
		return;
	case INPUT_ESC:
		ui->mode = UI_NORMAL;
		ui->move_id = -1;
		ui_message(ui, 0, "cancelled");
		return;
	case 'q':
	case KEY_F(10):
		ui->quit = 1;
		return;
	}
}

/* Select the next load and put the cursor on it. */
static void
input_next_load(struct ui *ui)
{
	struct load	*l;
	int		 i, n;

	if (ui->loads == NULL || (n = loads_count(ui->loads)) == 0)
		return;
	for (i = 0; i < n; i++)
		if (loads_at(ui->loads, i)->id == ui->sel_id)
			break;
	l = loads_at(ui->loads, i >= n ? 0 : (i + 1) % n);
	ui->sel_id = l->id;
	if (analysis_load_cpu(l) != -1)
		ui_cursor(ui, analysis_load_cpu(l));
	ui->dirty = 1;
}

/* The load at the cursor, or NULL and a message saying there is none. */
static struct load *
input_target(struct ui *ui)
{
	struct load	*l;

	if (action_refuse(ui))
		return NULL;
	if ((l = action_target(ui)) == NULL)
		ui_message(ui, 1, "no load on CPU %d (a starts one; Tab selects a load)",
		    ui_cursor_os(ui));
	return l;
}

/* Keys of the normal mode. */
static void
input_normal(struct ui *ui, int key)
{
	struct load	*l;
	char		 err[256];

	if (input_cursor(ui, key))
		return;
	ui->dirty = 1;
	switch (key) {
	case 'a':
	case '\r':
	case '\n':
	case KEY_ENTER:
		if (action_refuse(ui))
			return;
		if (topo_check_cpu(ui->m, ui_cursor_os(ui), err, sizeof err) == -1) {
			ui_message(ui, 1, "%s", err);
			return;
		}
		ui->mode = UI_MENU;
		return;
	case 'm':
		if ((l = input_target(ui)) == NULL)
			return;
		ui->move_id = l->id;
		ui->sel_id = l->id;
		ui->mode = UI_MOVE;
		/* The cursor on a two-ended load's end B moves that end. */
		ui->move_b = l->spec.cpu_b == ui_cursor_os(ui) &&
		    analysis_load_cpu(l) != ui_cursor_os(ui);
		ui_message(ui, 0, "move %s#%d%s: put the cursor on its new CPU, Enter",
		    l->spec.k->name, l->id, ui->move_b ? " (end B)" : "");
		return;
	case ' ':
		if ((l = input_target(ui)) != NULL)
			action_pause(ui, l->id);
		return;
	case 'd':
	case KEY_DC:
		if ((l = input_target(ui)) != NULL)
			action_stop(ui, l->id);
		return;
	case 'D':
		if (!action_refuse(ui))
			action_stop_all(ui);
		return;
	case 'c':
		if (!action_refuse(ui))
			action_remeasure(ui, -1);
		return;
	case 't':
		ui_cycle_theme(ui);
		return;
	case 'v':
		ui_toggle_view(ui);
		return;
	case '\t':
		input_next_load(ui);
		return;
	case '?':
	case KEY_F(1):
		ui->mode = UI_HELP;
		return;
	case 'q':
	case 'Q':
	case KEY_F(10):
		ui->quit = 1;
		return;
	case 12:	/* ^L */
		clearok(curscr, TRUE);
		return;
	case INPUT_ESC:
		ui->msg[0] = '\0';
		return;
	}
}

/* One key, in whatever mode the screen is. */
void
input_key(struct ui *ui, int key)
{
	switch (ui->mode) {
	case UI_HELP:
		ui->mode = UI_NORMAL;
		ui->dirty = 1;
		if (key == 'q' || key == KEY_F(10))
			ui->quit = 1;
		return;
	case UI_MENU:
		input_menu(ui, key);
		return;
	case UI_PARAM:
		input_param(ui, key);
		return;
	case UI_MOVE:
	case UI_PICK_B:
		input_pick_cpu(ui, key);
		return;
	case UI_NORMAL:
		input_normal(ui, key);
		return;
	}
}

/* A click or the wheel. */
void
input_mouse(struct ui *ui)
{
	MEVENT		 ev;
	struct load	*l;
	int		 row, pu, i;

	if (getmouse(&ev) != OK)
		return;
	ui->dirty = 1;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		for (i = 0; i < 3; i++)
			input_cursor(ui, ev.bstate & BUTTON4_PRESSED ? KEY_UP : KEY_DOWN);
		return;
	}
	if (!(ev.bstate & BUTTON1_PRESSED) || ui->scr.too_small)
		return;
	if (ui->mode == UI_HELP) {
		ui->mode = UI_NORMAL;
		return;
	}
	if (ui->mode == UI_MENU) {
		i = ev.y - ui->menu_y - 1;
		if (ev.x >= ui->menu_x && ev.x < ui->menu_x + ui->menu_w && i >= 0 &&
		    i < ui->menu_n)
			input_menu_choose(ui, i);
		else if (ev.y != ui->menu_y && ev.y != ui->menu_y + ui->menu_h - 1)
			ui->mode = UI_NORMAL;
		return;
	}
	if (ui->mode == UI_PARAM)
		return;
	if (ev.y >= ui->scr.topo_y && ev.y < ui->scr.topo_y + ui->scr.topo_h) {
		row = ui->top + ev.y - ui->scr.topo_y;
		if ((pu = layout_pu_at(&ui->lay, row, ev.x)) != -1)
			ui_set_cursor(ui, pu);
		return;
	}
	i = ui->panel_top + ev.y - ui->scr.panel_y - 1;
	if (ui->loads != NULL && ev.y > ui->scr.panel_y &&
	    ev.y < ui->scr.panel_y + ui->scr.panel_h && (l = loads_at(ui->loads, i)) != NULL) {
		ui->sel_id = l->id;
		if (ui->mode == UI_NORMAL && analysis_load_cpu(l) != -1)
			ui_cursor(ui, analysis_load_cpu(l));
	}
}
