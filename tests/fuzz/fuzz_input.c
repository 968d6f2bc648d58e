/*
 * fuzz_input.c: libFuzzer harness for the live screen's keys and mouse
 * (input.c, control.c, c2cview.c's keys) on a model state with no
 * terminal, as ui.c's loop feeds them: every key of a batch against the
 * layout of the last frame, a frame laid out (layout_update) when the
 * input says so, at any size, too small included.
 *
 * The first byte picks the machine and the mode: a synthetic machine of 8
 * or 32 CPUs (never live: a load typed at the a prompt is parsed and
 * checked, then refused before any fork or binding), view only (-i) or
 * not, a tour's keys, an ended tour's summary. The next two are the
 * terminal's rows and columns; the next up to four recorded loads
 * (processless, as a replay adds them) that d, Space, m, c and Tab act on.
 * Then events, one byte each: 0x00-0x7f that key; 0x80-0xdf a curses key
 * (arrows, pages, Enter, Backspace, Delete, F1-F63); 0xe0 KEY_RESIZE with
 * a new size; 0xe1 KEY_MOUSE with its row, column and buttons; 0xe2 any int
 * (negative, past KEY_MAX); 0xe3 a frame.
 *
 * After each event the state must hold: the cursor on a CPU of the model,
 * a known mode, the prompt's text as long as it says and printable, the
 * menu's entry a kernel, a selected or moved load one that exists, the
 * status line a string without control characters (what is typed is shown
 * there). R (record to a file) and L (the latency view, a measuring child)
 * are left to the view-only inputs, where they neither write nor fork.
 */
#include "config.h"

#include <curses.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "engine/solo.h"
#include "model/topo.h"
#include "base/util.h"
#include "ui/c2cview.h"
#include "ui/chart.h"
#include "ui/figures.h"
#include "ui/idleview.h"
#include "ui/input.h"
#include "ui/layout.h"
#include "ui/lview.h"
#include "ui/others.h"
#include "ui/state.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_EV_RESIZE	0xe0
#define FUZZ_EV_MOUSE	0xe1
#define FUZZ_EV_INT	0xe2
#define FUZZ_EV_FRAME	0xe3

static const char *const fuzz_machines[] = {
	"package:2 core:2 pu:2",
	"package:2 numa:2 l3:1 l2:2 core:2 pu:2",
};
#define FUZZ_NMACHINES	(sizeof fuzz_machines / sizeof fuzz_machines[0])

/* The curses keys the screen knows, and a few it does not. */
static const int fuzz_curses_keys[] = {
	KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_PPAGE, KEY_NPAGE, KEY_HOME,
	KEY_END, KEY_ENTER, KEY_BACKSPACE, KEY_DC, KEY_IC, KEY_BTAB, KEY_SLEFT,
	KEY_SRIGHT, KEY_RESIZE, KEY_MOUSE, KEY_MAX, KEY_MIN, KEY_CANCEL,
};
#define FUZZ_NCURSES	(int)(sizeof fuzz_curses_keys / sizeof fuzz_curses_keys[0])

/* The machines, made once. */
static struct topo *
fuzz_machine(int i)
{
	static struct topo	*m[FUZZ_NMACHINES];
	char			 err[256];

	if (m[i] == NULL && (m[i] = topo_load_synthetic(fuzz_machines[i], err,
	    sizeof err)) == NULL)
		__builtin_trap();
	return m[i];
}

/* A supervisor per machine, made once (shared memory each), emptied after each input. */
static struct loads *
fuzz_loads(int i)
{
	static struct loads	*ls[FUZZ_NMACHINES];

	if (ls[i] == NULL)
		ls[i] = loads_new(fuzz_machine(i));
	return ls[i];
}

/* The next byte of the input, 0 past its end. */
static unsigned
fuzz_byte(const uint8_t *data, size_t len, size_t *off)
{
	return *off < len ? data[(*off)++] : 0;
}

/* Does the state hold what the screen relies on? */
static void
fuzz_check(const struct ui_state *st)
{
	int	nk, i;

	for (nk = 0; kernel_all[nk] != NULL; nk++)
		;
	if (st->sel.cursor < 0 || st->sel.cursor >= st->host.m->npus)
		__builtin_trap();
	if ((int)st->sel.mode < UI_NORMAL || (int)st->sel.mode > UI_HELP)
		__builtin_trap();
	if (st->sel.input_len < 0 || st->sel.input_len >= (int)sizeof st->sel.input ||
	    strlen(st->sel.input) != (size_t)st->sel.input_len)
		__builtin_trap();
	for (i = 0; i < st->sel.input_len; i++)
		if ((unsigned char)st->sel.input[i] < 0x21 ||
		    (unsigned char)st->sel.input[i] >= 0x7f)
			__builtin_trap();
	if (st->sel.menu < 0 || st->sel.menu >= nk)
		__builtin_trap();
	if (st->sel.where < 0 || st->sel.where >= UI_WHERE_N)
		__builtin_trap();
	if (st->scr.filter < 0 || st->scr.filter >= LAYOUT_FILTER_N || st->sel.help_top < 0)
		__builtin_trap();
	if (st->sel.id != -1 && (st->host.loads == NULL ||
	    loads_get(st->host.loads, st->sel.id) == NULL))
		__builtin_trap();
	if (st->sel.mode == UI_MOVE && (st->host.loads == NULL ||
	    loads_get(st->host.loads, st->sel.move_id) == NULL))
		__builtin_trap();
	if ((st->sel.mode == UI_PARAM || st->sel.mode == UI_PICK_B) && st->sel.pick_k == NULL)
		__builtin_trap();
	if (memchr(st->scr.msg, '\0', sizeof st->scr.msg) == NULL)
		__builtin_trap();
	for (i = 0; st->scr.msg[i] != '\0'; i++)
		if ((unsigned char)st->scr.msg[i] < 0x20 || st->scr.msg[i] == 0x7f)
			__builtin_trap();
}

/* One key as ui.c's loop takes it. */
static void
fuzz_key(struct ui_state *st, const struct ui_layout *lay, int key, int y, int x,
    unsigned long bstate)
{
	if (c2cview_key(st, key))
		return;
	if (key == KEY_MOUSE)
		input_mouse_event(st, lay, y, x, bstate);
	else if (key != KEY_RESIZE)
		input_key(st, lay, key);
	/* ui.c hands a step asked for to the script, which has none here. */
	st->tour.ask = UI_ASK_NONE;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static struct ui_state	 st;
	static struct ui_layout	 lay;
	struct load_spec	 spec;
	struct loads		*ls;
	char			 text[64], err[256];
	size_t			 off = 0;
	unsigned		 flags, b, y, x, n, i;
	int			 rows, cols, key, mi;
	unsigned long		 bstate;

	if (len < 3)
		return 0;
	flags = fuzz_byte(data, len, &off);
	mi = (int)(flags & 1);
	memset(&st, 0, sizeof st);
	st.host.m = fuzz_machine(mi);
	st.host.view_only = (flags & 2) != 0;
	st.host.delay_tenths = 10;
	st.sel.id = st.sel.move_id = -1;
	st.tour.script = (flags & 4) != 0;
	st.tour.keys = (flags & 8) != 0;
	st.scr.colors = (flags & 16) != 0;
	theme_builtin(&st.scr.theme, !st.scr.colors);
	/* What ui.c's ui_model() gives every screen: each CPU's time, others' work. */
	st.host.pct = xcalloc((size_t)st.host.m->npus, sizeof *st.host.pct);
	st.host.pct_ok = xcalloc((size_t)st.host.m->npus, 1);
	for (i = 0; i < (unsigned)st.host.m->npus; i++) {
		st.host.pct_ok[i] = (flags >> 5) & 1;
		st.host.pct[i].busy = 100.0 * (i % 3) / 2;
	}
	others_init(&st.others, &st.host);
	ls = fuzz_loads(mi);
	if (!st.host.view_only) {
		st.host.loads = ls;
		st.host.solo = solo_new(&figures_solo_ops, &st);
		st.chart.samples = chart_new(st.host.m->npus);
		st.chart.on = (flags & 32) != 0;
	}
	if (flags & 64) {
		snprintf(st.tour.caption, sizeof st.tour.caption, "%s",
		    "The tour is over.\n\nCPU 0 and CPU 1 share a core: hash ran 0.61 of "
		    "its solo rate beside its sibling.\n\n  pair  yield\n  0,1   0.61\n");
		st.tour.ended = 1;
		st.tour.caption_gen++;
	}
	rows = (int)fuzz_byte(data, len, &off) % 90;
	cols = (int)fuzz_byte(data, len, &off) % 260;
	/* Up to four recorded loads, as a replay shows them: no process. */
	n = fuzz_byte(data, len, &off) % 5;
	for (i = 0; st.host.loads != NULL && i < n; i++) {
		b = fuzz_byte(data, len, &off);
		snprintf(text, sizeof text, "%s@%u", (b & 0x80) ? "pipe" : (b & 0x40) ?
		    "int" : "hash", (b & 0x3f) % (unsigned)st.host.m->npus);
		if ((b & 0x80) && st.host.m->npus > 1)
			snprintf(text + strlen(text), sizeof text - strlen(text), ",%u",
			    ((b & 0x3f) + 1) % (unsigned)st.host.m->npus);
		if (loads_parse(st.host.m, text, &spec, err, sizeof err) == 0 &&
		    loads_replay_add(ls, &spec, (int)i + 1, err, sizeof err) != -1)
			lview_get(&st.lview, (int)i + 1);
	}
	layout_update(&lay, &st, rows, cols, (flags & 128) != 0);
	fuzz_check(&st);
	while (off < len && !st.scr.quit) {
		b = fuzz_byte(data, len, &off);
		y = x = 0;
		bstate = 0;
		if (b < 0x80) {
			key = (int)b;
		} else if (b < FUZZ_EV_RESIZE) {
			b -= 0x80;
			key = (int)b < FUZZ_NCURSES ? fuzz_curses_keys[b] : KEY_F((int)b - FUZZ_NCURSES);
		} else if (b == FUZZ_EV_RESIZE) {
			rows = (int)fuzz_byte(data, len, &off) % 90;
			cols = (int)fuzz_byte(data, len, &off) % 260;
			key = KEY_RESIZE;
		} else if (b == FUZZ_EV_MOUSE) {
			y = fuzz_byte(data, len, &off);
			x = fuzz_byte(data, len, &off);
			bstate = (unsigned long)fuzz_byte(data, len, &off);
			/* The buttons' bits spread over curses' mask. */
			bstate = (bstate & 0x0f) << ((bstate >> 4) * 2);
			key = KEY_MOUSE;
		} else if (b == FUZZ_EV_INT) {
			key = (int)(fuzz_byte(data, len, &off) << 24 |
			    fuzz_byte(data, len, &off) << 16 |
			    fuzz_byte(data, len, &off) << 8 | fuzz_byte(data, len, &off));
		} else {
			layout_update(&lay, &st, rows, cols, (flags & 128) != 0);
			fuzz_check(&st);
			continue;
		}
		/* Writes a file, starts a measuring child: only where view only refuses. */
		if (!st.host.view_only && (key == 'R' || key == 'L'))
			continue;
		fuzz_key(&st, &lay, key, (int)y - 8, (int)x - 8, bstate);
		fuzz_check(&st);
		/* FUZZ_INPUT_TRACE=1 (rerunning one input): each key and what it left. */
		if (getenv("FUZZ_INPUT_TRACE") != NULL)
			fprintf(stderr, "key %d: mode %d cursor %d input '%s' message '%s'\n",
			    key, (int)st.sel.mode, st.sel.cursor, st.sel.input, st.scr.msg);
		/* ui.c lays out the next frame after a resize (SIGWINCH). */
		if (key == KEY_RESIZE) {
			layout_update(&lay, &st, rows, cols, (flags & 128) != 0);
			fuzz_check(&st);
		}
	}
	layout_update(&lay, &st, rows, cols, (flags & 128) != 0);
	fuzz_check(&st);
	/* The next input may be another machine: nothing of this layout is kept. */
	layout_release(&lay);
	/* In ui.c's order: the solo measurer (it resumes what it paused) first. */
	c2cview_free(&st);
	solo_free(st.host.solo);
	loads_stop_all(ls);
	idleview_free(&st.iv);
	lview_free(&st.lview);
	chart_free(st.chart.samples);
	others_free(&st.others);
	free(st.host.pct);
	free(st.host.pct_ok);
	return 0;
}
