/*
 * draw.c: a frame from the state and the frame's layout. The whole frame is
 * drawn into curses' buffer and sent once (erase, draw, refresh): curses
 * sends only what changed since the last frame. Drawing only reads: the
 * geometry (scrolling, the menu's box) was laid out before.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "kernel.h"
#include "solo.h"
#include "ui/draw.h"
#include "ui/paint.h"
#include "ui/panelview.h"
#include "ui/treeview.h"
#include "ui/others.h"
#include "util.h"

/* Curses attributes of a theme style on this terminal. */
static int
draw_style_attr(const struct ui_term *term, const struct theme_style *st, int *npairs,
    short pairs[][2])
{
	int	attr = 0, fg, bg, bold = 0, dummy, i;

	if (st->attrs & THEME_BOLD)
		attr |= A_BOLD;
	if (st->attrs & THEME_UNDERLINE)
		attr |= A_UNDERLINE;
	if (st->attrs & THEME_REVERSE)
		attr |= A_REVERSE;
	if (st->attrs & THEME_DIM)
		attr |= A_DIM;
#ifdef A_ITALIC
	if (st->attrs & THEME_ITALIC)
		attr |= A_ITALIC;
#endif
	if (st->attrs & THEME_BLINK)
		attr |= A_BLINK;
	if (!term->colors)
		return attr;
	fg = theme_map_color(st->fg, COLORS, &bold);
	bg = theme_map_color(st->bg, COLORS, &dummy);
	if (bold)
		attr |= A_BOLD;
	if (fg == THEME_DEFAULT && bg == THEME_DEFAULT)
		return attr;
	for (i = 0; i < *npairs; i++)
		if (pairs[i][0] == fg && pairs[i][1] == bg)
			break;
	if (i == *npairs) {
		if (i + 1 >= COLOR_PAIRS || i + 1 > 255)
			return attr;
		pairs[i][0] = (short)fg;
		pairs[i][1] = (short)bg;
		init_pair((short)(i + 1), (short)fg, (short)bg);
		(*npairs)++;
	}
	return attr | (int)COLOR_PAIR(i + 1);
}

/* Turn the theme into curses attributes, one color pair per fg/bg pair. */
void
draw_theme(struct ui_term *term, const struct theme *theme)
{
	short	pairs[THEME_COUNT][2];
	int	npairs = 0, i;

	for (i = 0; i < THEME_COUNT; i++)
		term->attr[i] = (unsigned long)draw_style_attr(term, &theme->style[i],
		    &npairs, pairs);
	/* Bars need a glyph per kind of time when colors do not tell them apart. */
	term->bar_glyphs = !term->colors ||
	    (theme->style[THEME_BAR_USER].fg == theme->style[THEME_BAR_SYSTEM].fg &&
	    theme->style[THEME_BAR_USER].bg == theme->style[THEME_BAR_SYSTEM].bg);
	bkgdset((chtype)(term->attr[THEME_NORMAL] & ~(unsigned long)A_CHARTEXT) | ' ');
	clearok(curscr, TRUE);
}

/* The two header lines: identity and counts, then the screen's state. */
static void
draw_header(const struct paint *d)
{
	const struct topo_summary	*s = &d->st->m->summary;
	const struct cpuinfo		*ci = &d->st->ci;
	char				 id[256];
	int				 x, w = d->cols, running = 0, paused = 0, i;
	struct load			*l;

	paint_fill(0, 0, w, A(THEME_HEADER));
	paint_fill(1, 0, w, A(THEME_NORMAL));
	if (ci->brand[0] != '\0')
		snprintf(id, sizeof id, "%s%s%s%s", ci->brand,
		    ci->codename[0] ? " (" : "", ci->codename, ci->codename[0] ? ")" : "");
	else if (ci->vendor[0] != '\0')
		snprintf(id, sizeof id, "%s CPU", ci->vendor);
	else
		snprintf(id, sizeof id, "CPU identity %s", d->st->view_only ?
		    "not recorded in the topology" : "unknown");
	x = paint_printf(0, 0, w, A(THEME_HEADER), "smtscope: %s", id);
	x = paint_printf(0, x, w, A(THEME_HEADER),
	    "  %d package%s, %d core%s, %d thread%s, SMT %s", s->packages,
	    s->packages == 1 ? "" : "s", s->cores, s->cores == 1 ? "" : "s", s->pus,
	    s->pus == 1 ? "" : "s", cpuinfo_smt_name(ci->smt));
	if (s->cpu_kinds > 1)
		x = paint_printf(0, x, w, A(THEME_HEADER), ", %d core kinds", s->cpu_kinds);
	if (ci->hypervisor[0] != '\0')
		paint_printf(0, x, w, A(THEME_HEADER), ", under %s", ci->hypervisor);

	if (d->st->loads != NULL) {
		for (i = 0; i < loads_count(d->st->loads); i++) {
			l = loads_at(d->st->loads, i);
			running += l->state == LOAD_RUNNING;
			paused += l->state == LOAD_PAUSED;
		}
	}
	x = paint_printf(1, 0, w, A(THEME_NORMAL), "refresh %d.%d s, %d load%s running",
	    d->st->delay_tenths / 10, d->st->delay_tenths % 10, running, running == 1 ? "" : "s");
	if (paused)
		x = paint_printf(1, x, w, A(THEME_NORMAL), ", %d paused", paused);
	x = paint_printf(1, x, w, A(THEME_NORMAL), ", %s view, theme %s  ",
	    d->lay->topo.view == LAYOUT_TREE ? "tree" : "grid", d->st->theme.name);
	if (d->st->view_only)
		x = paint_printf(1, x, w, A(THEME_HEADER_NOTE),
		    " VIEW ONLY, another machine: %s ",
		    strrchr(d->st->m->source_name, '/') != NULL ?
		    strrchr(d->st->m->source_name, '/') + 1 : d->st->m->source_name);
	else if (d->st->fg != NULL && isfinite(d->st->fg_cpus) &&
	    d->st->fg_max >= OTHERS_BUSY_MIN)
		paint_printf(1, x, w, A(THEME_HEADER_NOTE),
		    " BUSY: others %.1f of %d CPU%s%s%s ", d->st->fg_cpus, s->pus,
		    s->pus == 1 ? "" : "s", d->st->fg_top[0] != '\0' ? ", top " : "",
		    d->st->fg_top);
}

/* The tour's caption across the screen. */
static void
draw_caption(const struct paint *d)
{
	int	i;

	if (d->lay->scr.caption_y < 0)
		return;
	for (i = 0; i < d->lay->scr.caption_h && i < d->lay->ncaption; i++) {
		paint_fill(d->lay->scr.caption_y + i, 0, d->cols, A(THEME_CAPTION));
		paint_printf(d->lay->scr.caption_y + i, 0, d->cols, A(THEME_CAPTION), " %s",
		    d->lay->caption_line[i]);
	}
}

/* The info line: what the cursor's CPU is and how busy it is. */
static void
draw_info(const struct paint *d)
{
	const struct topo		*m = d->st->m;
	const struct topo_pu		*p = &m->pus[d->st->cursor];
	const struct topo_core		*core = &m->cores[p->core];
	const struct cpustat_pct	*t = &d->st->pct[d->st->cursor];
	double				 fg;
	int				 x, i, y = d->lay->scr.info_y;

	paint_fill(y, 0, d->cols, A(THEME_INFO));
	x = paint_printf(y, 0, d->cols, A(THEME_INFO), "CPU %d: core %d%s%s",
	    p->os_index, core->logical_index,
	    m->nkinds > 1 && core->kind != -1 ? " " : "",
	    m->nkinds > 1 && core->kind != -1 ? m->kinds[core->kind].label : "");
	if (core->package != -1)
		x = paint_printf(y, x, d->cols, A(THEME_INFO), ", package %d",
		    m->packages[core->package].logical_index);
	if (core->npus > 1) {
		x = paint_text(y, x, d->cols, A(THEME_INFO), ", sibling");
		x = paint_text(y, x, d->cols, A(THEME_INFO), core->npus > 2 ? "s" : "");
		for (i = core->first_pu; i < core->first_pu + core->npus; i++)
			if (i != d->st->cursor)
				x = paint_printf(y, x, d->cols, A(THEME_INFO), " %d",
				    m->pus[i].os_index);
	}
	if (!p->allowed)
		x = paint_text(y, x, d->cols, A(THEME_INFO), ", not allowed by the cpuset");
	if (!d->st->pct_ok[d->st->cursor])
		return;
	fg = d->st->fg != NULL ? d->st->fg_share[d->st->cursor] : NAN;
	if (isfinite(fg)) {
		fg = 100 * fg < t->busy ? 100 * fg : t->busy;
		x = paint_printf(y, x, d->cols, A(THEME_INFO),
		    "  busy %.0f%%: smtscope %.0f%%, others %.0f%%%s%s;", t->busy,
		    t->busy - fg, fg, d->st->fg_who[d->st->cursor][0] != '\0' ? ": " : "",
		    d->st->fg_who[d->st->cursor]);
		paint_printf(y, x, d->cols, A(THEME_INFO),
		    " user %.1f nice %.1f system %.1f irq %.1f softirq %.1f steal %.1f",
		    t->user, t->nice, t->system, t->irq, t->softirq, t->steal);
		return;
	}
	paint_printf(y, x, d->cols, A(THEME_INFO),
	    "  busy %.1f%%: user %.1f nice %.1f system %.1f irq %.1f softirq %.1f "
	    "steal %.1f", t->busy, t->user, t->nice, t->system, t->irq, t->softirq,
	    t->steal);
}

/* Key names and their words, in the status line's two styles. */
static int
draw_keys(const struct paint *d, int y, int x, const char *const *keys)
{
	int	i;

	for (i = 0; keys[i] != NULL && x < d->cols; i += 2) {
		x = paint_text(y, x, d->cols, A(THEME_STATUS_KEY), keys[i]);
		x = paint_printf(y, x, d->cols, A(THEME_STATUS), " %s ", keys[i + 1]);
	}
	return x;
}

/* The status line: the last message, then the keys that matter now. */
static void
draw_status(const struct paint *d)
{
	static const char *const normal[] = {
		"a", "start", "m", "move", "Space", "pause", "d", "stop", "D", "stop all",
		"c", "solo", "v", "view", "t", "theme", "?", "help", "q", "quit", NULL
	};
	static const char *const view[] = {
		"arrows", "cursor", "v", "view", "t", "theme", "?", "help", "q", "quit", NULL
	};
	static const char *const menu[] = {
		"arrows", "choose", "Enter", "start", "Esc", "cancel", NULL
	};
	static const char *const pick[] = {
		"arrows", "choose a CPU", "Enter", "here", "Esc", "cancel", NULL
	};
	static const char *const param[] = {
		"Enter", "start", "Esc", "cancel", NULL
	};
	static const char *const help[] = { "any key", "back", NULL };
	static const char *const tour[] = { "n", "next step", NULL };
	const char *const *keys;
	int		 y = d->lay->scr.status_y, x = 0;

	paint_fill(y, 0, d->cols, A(THEME_STATUS));
	switch (d->st->mode) {
	case UI_MENU:
		keys = menu;
		break;
	case UI_PARAM:
		keys = param;
		break;
	case UI_PICK_B:
	case UI_MOVE:
		keys = pick;
		break;
	case UI_HELP:
		keys = help;
		break;
	default:
		keys = d->st->view_only ? view : normal;
		break;
	}
	if (d->st->msg[0] != '\0') {
		x = paint_printf(y, 0, d->cols, A(d->st->msg_error ? THEME_ERROR : THEME_STATUS),
		    "%s", d->st->msg);
		x = paint_text(y, x, d->cols, A(THEME_STATUS), "  ");
	}
	if (d->st->mode == UI_MOVE)
		x = paint_printf(y, x, d->cols, A(THEME_STATUS), "move load #%d: ",
		    d->st->move_id);
	if (d->st->mode == UI_PICK_B)
		x = paint_printf(y, x, d->cols, A(THEME_STATUS),
		    "%s: the CPU of its second end? ", d->st->pick_k->name);
	if (d->st->script && d->st->script_key && d->st->mode == UI_NORMAL)
		x = draw_keys(d, y, x, tour);
	draw_keys(d, y, x, keys);
}

/* A box with a title, in the menu's style; returns its inner left column. */
static int
draw_box(const struct paint *d, int y, int x, int h, int w, const char *title)
{
	int	i;

	for (i = 0; i < h; i++)
		paint_fill(y + i, x, x + w, A(THEME_MENU));
	paint_fill(y, x, x + w, A(THEME_MENU_TITLE));
	paint_printf(y, x + 1, x + w, A(THEME_MENU_TITLE), "%s", title);
	return x + 2;
}

/* The kernel menu over the topology. */
static void
draw_menu(const struct paint *d)
{
	const struct layout_box	*b = &d->lay->menu;
	const struct kernel	*k;
	int			 n = d->lay->menu_n, w = b->w, y = b->y, x = b->x, i, e;

	draw_box(d, y, x, b->h, w, "");
	paint_printf(y, x + 1, x + w, A(THEME_MENU_TITLE), "Start a load on CPU %d%s",
	    d->st->mode == UI_PICK_B ? d->st->pick_a : state_cursor_os(d->st),
	    " (1-9 or arrows, Enter; Esc cancels)");
	for (i = 0; i < n; i++) {
		k = kernel_all[i];
		e = i == d->st->menu_sel ? THEME_MENU_SELECTED : THEME_MENU;
		paint_fill(y + 1 + i, x, x + w, A(e));
		paint_printf(y + 1 + i, x + 1, x + w - 1, A(e), "%d %-7s %-14s %s%s", i + 1,
		    k->name, k->unit, k->desc, k->param_help != NULL ? " [parameter]" :
		    k->ends == 2 ? " [two CPUs]" : "");
	}
	paint_printf(y + b->h - 1, x + 1, x + w - 1, A(THEME_MENU), "%s",
	    kernel_all[d->st->menu_sel]->param_help != NULL ?
	    kernel_all[d->st->menu_sel]->param_help : "");
}

/* The parameter prompt of a kernel. */
static void
draw_param(const struct paint *d)
{
	const struct layout_box	*b = &d->lay->param;
	int			 w = b->w, x = b->x, y = b->y;

	draw_box(d, y, x, b->h, w, "");
	paint_printf(y, x + 1, x + w, A(THEME_MENU_TITLE), "%s on CPU %d: parameter",
	    d->st->pick_k->name, state_cursor_os(d->st));
	paint_printf(y + 1, x + 1, x + w - 1, A(THEME_MENU), "%s", d->st->pick_k->param_help);
	paint_printf(y + 2, x + 1, x + w - 1, A(THEME_MENU_SELECTED), "> %s_", d->st->input);
	paint_printf(y + 3, x + 1, x + w - 1, A(THEME_MENU),
	    "Enter starts it (empty: the default); Esc cancels");
}

_Static_assert(SOLO_RETRIES == 3, "the help says a solo is measured again 3 times at most");

/* Every key, with the bars' legend. */
static void
draw_help(const struct paint *d)
{
	static const char *const lines[] = {
		"Arrows, h j k l    move the cursor over logical CPUs",
		"PgUp PgDn Home End move by a page, to the first or last CPU",
		"a or Enter         start a load on the cursor's CPU (menu of kernels)",
		"m                  move the load at the cursor: choose a CPU, Enter",
		"Space              pause or resume the load at the cursor",
		"d or Delete        stop the load at the cursor",
		"D                  stop all loads",
		"Tab                select the next load (the cursor follows it)",
		"c                  measure the solo rates again (others pause 1 s each)",
		"v                  switch between the tree and the grid",
		"t                  next theme",
		"n                  next step of a tour",
		"? or F1            this help",
		"q or F10           quit (every load stops)",
		"Mouse              click a CPU, a load, or a menu entry; wheel scrolls",
		"",
		"Bars: smtscope's user and system time, then others' (other processes,",
		"interrupts, steal); no colors: # user, = system, o others. A view of",
		"another machine: user, nice, system, irq, softirq, steal: # + = * * ~.",
		"SPEED = rate / solo rate. SHARE = part of the wall time the load ran.",
		"EFF = SPEED / (SHARE / solo share): speed per CPU-second against",
		"alone, the solo share being the part of the time it ran alone.",
		"~ before SOLO, SPEED, EFF: the solo was disturbed (it ran under 90% of",
		"the time, or others used over 10% of a CPU on its core); measured",
		"again once its core is quiet, 3 times at most.",
		"A ~ after a load marks a floating one, b the second end of a pipe.",
		NULL
	};
	int	n, w, h, y, x, i;

	for (n = 0; lines[n] != NULL; n++)
		;
	w = d->cols - 4 < 76 ? d->cols - 4 : 76;
	h = n + 1 < d->term->rows - 2 ? n + 1 : d->term->rows - 2;
	y = (d->term->rows - h) / 2;
	x = (d->cols - w) / 2;
	draw_box(d, y, x, h, w, "smtscope keys (any key returns)");
	for (i = 0; i + 1 < h; i++)
		paint_text(y + 1 + i, x + 1, x + w - 1, A(THEME_MENU), lines[i]);
}

/* The message when the terminal is too small. */
static void
draw_too_small(const struct paint *d)
{
	char	a[64], b[64];
	int	y = d->term->rows / 2 - 1;

	snprintf(a, sizeof a, "Terminal too small:");
	snprintf(b, sizeof b, "%dx%d, need %dx%d", d->cols, d->term->rows, UI_MIN_COLS,
	    UI_MIN_ROWS);
	if (y < 0)
		y = 0;
	paint_text(y, 0, d->cols, A(THEME_ERROR), a);
	paint_text(y + 1, 0, d->cols, A(THEME_NORMAL), b);
}

/* Draw the whole frame and send it. */
void
draw_frame(const struct ui_state *st, const struct ui_layout *lay,
    const struct ui_term *term)
{
	struct paint	 frame = { st, lay, term, term->cols };
	const struct paint *d = &frame;

	erase();
	if (d->lay->scr.too_small)
		draw_too_small(d);
	else {
		draw_header(d);
		draw_caption(d);
		treeview_draw(d);
		panelview_draw(d);
		draw_info(d);
		draw_status(d);
		if (d->st->mode == UI_MENU)
			draw_menu(d);
		else if (d->st->mode == UI_PARAM)
			draw_param(d);
		else if (d->st->mode == UI_HELP)
			draw_help(d);
	}
	attrset(A_NORMAL);
	wnoutrefresh(stdscr);
	doupdate();
}
