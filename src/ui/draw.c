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

#include "engine/analysis.h"
#include "engine/kernels/kernel.h"
#include "engine/solo.h"
#include "ui/chartview.h"
#include "ui/countersview.h"
#include "ui/inferview.h"
#include "ui/draw.h"
#include "ui/idleview.h"
#include "ui/paint.h"
#include "ui/panelview.h"
#include "ui/recorder.h"
#include "ui/replayview.h"
#include "ui/treeview.h"
#include "ui/others.h"
#include "base/util.h"

/* The longest header counts: the machine, the SMT state, the allowed set. */
#define DRAW_COUNTS_MAX	1600

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

/* The CPU's name without its trademarks, "CPU", "Processor" and clock: "Intel Xeon E5-4620 v2". */
static void
draw_short_brand(const char *brand, char *buf, size_t len)
{
	static const char *const drop[] = {
		"(R)", "(r)", "(TM)", "(tm)", " CPU", " Processor", NULL
	};
	char	*p;
	size_t	 n;
	int	 i;

	snprintf(buf, len, "%s", brand);
	if ((p = strstr(buf, " @ ")) != NULL)
		*p = '\0';
	for (i = 0; drop[i] != NULL; i++)
		while ((p = strstr(buf, drop[i])) != NULL) {
			n = strlen(drop[i]);
			memmove(p, p + n, strlen(p + n) + 1);
		}
	/* "24-Core" says what the counts say. */
	if ((p = strstr(buf, "-Core")) != NULL) {
		while (p > buf && p[-1] != ' ')
			p--;
		if (p > buf)
			p[-1] = '\0';
	}
}

/*
 * The header's counts, the SMT state and the allowed set (smtstate.h), long
 * to short: "1 package, 2 cores x 2 threads, SMT on; this process may use
 * CPUs 0-1: one thread of each core, under KVM", then the
 * allowed set as a list, then "1p 2c 4t, SMT on; CPUs 0-1". A view names
 * its allowed set only when the file restricts it.
 */
static void
draw_header_counts(const struct topo *m, const struct cpuinfo *ci,
    char counts[3][DRAW_COUNTS_MAX])
{
	const struct smtstate	*s = &m->smt;
	const char		*state = smtstate_kind_words(s->kind);
	char			 c[256], allowed[1200], list[512];
	int			 say = s->live || s->nallowed != s->pus;

	if (s->has_cores && s->threads == s->threads_min)
		snprintf(c, sizeof c, "%d package%s, %d core%s x %d thread%s", s->packages,
		    s->packages == 1 ? "" : "s", s->cores, s->cores == 1 ? "" : "s",
		    s->threads, s->threads == 1 ? "" : "s");
	else
		snprintf(c, sizeof c, "%d package%s, %d core%s, %d thread%s", s->packages,
		    s->packages == 1 ? "" : "s", s->cores, s->cores == 1 ? "" : "s", s->pus,
		    s->pus == 1 ? "" : "s");
	if (s->kinds > 1)
		snprintf(c + strlen(c), sizeof c - strlen(c), ", %d core kinds", s->kinds);
	smtstate_allowed_words(s, allowed, sizeof allowed);
	cpuset_format(&s->allowed, list, sizeof list);
	snprintf(counts[0], DRAW_COUNTS_MAX, "%s, %s%s%s%s%s", c, state, say ? "; " : "",
	    say ? allowed : "", ci->hypervisor[0] != '\0' ? ", under " : "", ci->hypervisor);
	snprintf(counts[1], DRAW_COUNTS_MAX, "%s, %s%s%s%s", c, state,
	    say ? "; may use CPU" : "", say && s->nallowed != 1 ? "s " : say ? " " : "",
	    say ? list : "");
	snprintf(counts[2], DRAW_COUNTS_MAX, "%dp %dc %dt, %s%s%s%s", s->packages, s->cores,
	    s->pus, state, say ? "; CPU" : "", say && s->nallowed != 1 ? "s " : say ? " " : "",
	    say ? list : "");
}

/*
 * The header's first line, shortened by rules until it fits: the codename
 * goes, then the brand's trademarks and clock, then the counts take their
 * shorter forms ("2p 48c 96t"), then the identity goes.
 */
static void
draw_header_id(const struct paint *d)
{
	const struct cpuinfo		*ci = &d->st->host.ci;
	char				 id[4][256], counts[3][DRAW_COUNTS_MAX], line[2048];
	int				 try, w = d->cols;

	if (ci->brand[0] != '\0') {
		snprintf(id[0], sizeof id[0], "%s%s%s%s", ci->brand, ci->codename[0] ? " (" :
		    "", ci->codename, ci->codename[0] ? ")" : "");
		snprintf(id[1], sizeof id[1], "%s", ci->brand);
		draw_short_brand(ci->brand, id[2], sizeof id[2]);
	} else if (ci->vendor[0] != '\0') {
		snprintf(id[0], sizeof id[0], "%s CPU", ci->vendor);
		snprintf(id[1], sizeof id[1], "%s", id[0]);
		snprintf(id[2], sizeof id[2], "%s", ci->vendor);
	} else {
		snprintf(id[0], sizeof id[0], "CPU identity %s", d->st->host.view_only ?
		    "not recorded in the topology" : "unknown");
		snprintf(id[1], sizeof id[1], "CPU identity unknown");
		snprintf(id[2], sizeof id[2], "%s", id[1]);
	}
	draw_header_counts(d->st->host.m, ci, counts);
	for (try = 0; try < 6; try++) {
		if (try < 5)
			snprintf(line, sizeof line, "smtscope: %s  %s", id[try < 3 ? try : 2],
			    counts[try < 3 ? 0 : try - 2]);
		else
			snprintf(line, sizeof line, "smtscope  %s", counts[2]);
		if (layout_width(line) <= w)
			break;
	}
	paint_text(0, 0, w, A(THEME_HEADER), line);
}

/*
 * The header's second line: the screen's state, then a note (VIEW ONLY,
 * BUSY) that is never cut while the state's words can be shortened.
 */
static void
draw_header_state(const struct paint *d)
{
	const struct topo_summary	*s = &d->st->host.m->summary;
	const char			*src = d->st->host.m->source_name, *view;
	char				 left[2][160], note[3][256], rec[32];
	int				 running = 0, paused = 0, i, li, ni, x, w = d->cols;
	int				 rw = recorder_mark(d->st, rec, sizeof rec);
	struct load			*l;

	for (i = 0; d->st->host.loads != NULL && i < loads_count(d->st->host.loads); i++) {
		l = loads_at(d->st->host.loads, i);
		running += l->state == LOAD_RUNNING;
		paused += l->state == LOAD_PAUSED;
	}
	view = d->lay->topo.view == LAYOUT_TREE ? "tree" : "grid";
	snprintf(left[0], sizeof left[0], "refresh %d.%d s, %d load%s running%s%.0d%s, "
	    "%s view, theme %s  ", d->st->host.delay_tenths / 10, d->st->host.delay_tenths % 10,
	    running, running == 1 ? "" : "s", paused ? ", " : "", paused,
	    paused ? " paused" : "", view, d->st->scr.theme.name);
	snprintf(left[1], sizeof left[1], "%d.%d s, %d running%s%.0d%s, %s, %s ",
	    d->st->host.delay_tenths / 10, d->st->host.delay_tenths % 10, running,
	    paused ? ", " : "", paused, paused ? " paused" : "", view, d->st->scr.theme.name);
	note[0][0] = note[1][0] = note[2][0] = '\0';
	if (replayview_note(d->st, 0, note[0], sizeof note[0])) {
		replayview_note(d->st, 1, note[1], sizeof note[1]);
		replayview_note(d->st, 2, note[2], sizeof note[2]);
	} else if (d->st->host.view_only) {
		if (strrchr(src, '/') != NULL)
			src = strrchr(src, '/') + 1;
		snprintf(note[0], sizeof note[0], " VIEW ONLY, another machine: %s ", src);
		snprintf(note[1], sizeof note[1], " VIEW ONLY: %s ", src);
		snprintf(note[2], sizeof note[2], " VIEW ONLY ");
	} else if (d->st->others.fg != NULL && isfinite(d->st->others.cpus) &&
	    d->st->others.max >= OTHERS_BUSY_MIN) {
		snprintf(note[0], sizeof note[0], " BUSY: others %.1f of %d CPU%s%s%s ",
		    d->st->others.cpus, s->pus, s->pus == 1 ? "" : "s",
		    d->st->others.top[0] != '\0' ? ", top " : "", d->st->others.top);
		snprintf(note[1], sizeof note[1], " BUSY: others %.1f of %d CPU%s ",
		    d->st->others.cpus, s->pus, s->pus == 1 ? "" : "s");
		snprintf(note[2], sizeof note[2], " BUSY %.1f CPU ", d->st->others.cpus);
	}
	/* The note's detail goes first, then the state's words, then the note's name. */
	for (i = 0; i < 6; i++) {
		li = "001101"[i] - '0';
		ni = "010122"[i] - '0';
		if (layout_width(left[li]) + layout_width(note[ni]) + rw <= w)
			break;
	}
	x = paint_text(1, 0, w, A(THEME_NORMAL), left[li]);
	if (rw > 0)
		x = paint_text(1, x, w, A(THEME_HEADER_NOTE), rec);
	if (note[ni][0] != '\0')
		x = paint_text(1, x, w, A(THEME_HEADER_NOTE), note[ni]);
	/* check --infer's legend (inferview.c), then the counters' (countersview.c). */
	if (inferview_legend(d->st->infer, d->st->ninfer, d->term->utf8, w - x - 2, note[0], sizeof note[0]))
		x = paint_printf(1, x, w, A(THEME_HEADER_NOTE), " %s ", note[0]);
	if (countersview_header(d->st->cv, note[0], sizeof note[0]))
		paint_printf(1, x, w, A(THEME_NORMAL), " %s", note[0]);
}

/* The two header lines: identity and counts, then the screen's state. */
static void
draw_header(const struct paint *d)
{
	paint_fill(0, 0, d->cols, A(THEME_HEADER));
	paint_fill(1, 0, d->cols, A(THEME_NORMAL));
	draw_header_id(d);
	draw_header_state(d);
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
	const struct topo		*m = d->st->host.m;
	const struct topo_pu		*p = &m->pus[d->st->sel.cursor];
	const struct topo_core		*core = &m->cores[p->core];
	const struct cpustat_pct	*t = &d->st->host.pct[d->st->sel.cursor];
	struct load			*l;
	const char			*who;
	char				 why[256];
	double				 fg;
	char				 cv[512], idle[512];
	int				 x, i, y = d->lay->scr.info_y;

	paint_fill(y, 0, d->cols, A(THEME_INFO));
	/* The cursor's load: why it runs as it does, whole (the panel may cut it). */
	if ((l = state_target(d->st)) != NULL) {
		panelview_why(d, l, why, sizeof why);
		x = paint_printf(y, 0, d->cols, A(THEME_INFO), "CPU %d %s#%d: %s",
		    p->os_index, l->spec.k->name, l->id, why);
		x = paint_text(y, x, d->cols, A(THEME_INFO), "  |  ");
	} else
		x = 0;
	x = paint_printf(y, x, d->cols, A(THEME_INFO), "CPU %d: core %d%s%s",
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
			if (i != d->st->sel.cursor)
				x = paint_printf(y, x, d->cols, A(THEME_INFO), " %d",
				    m->pus[i].os_index);
	}
	if (!p->allowed)
		x = paint_text(y, x, d->cols, A(THEME_INFO), ", not allowed by the cpuset");
	if (inferview_info(d->st->infer, d->st->ninfer, p->os_index, cv, sizeof cv))
		x = paint_printf(y, x, d->cols, A(THEME_INFO), "; %s", cv);
	if (countersview_info(d->st->cv, state_target(d->st), cv, sizeof cv))
		x = paint_printf(y, x, d->cols, A(THEME_INFO), "  %s", cv);
	/* idleview.c: the CPU's idle residency and busy clock, after its busy split. */
	if (!idleview_info(d->st->iv, p->os_index, idle, sizeof idle))
		idle[0] = '\0';
	if (!d->st->host.pct_ok[d->st->sel.cursor]) {
		if (idle[0] != '\0')
			paint_printf(y, x, d->cols, A(THEME_INFO), "  %s", idle);
		return;
	}
	fg = state_others_known(d->st) ? d->st->others.share[d->st->sel.cursor] : NAN;
	if (isfinite(fg)) {
		who = d->st->others.who[d->st->sel.cursor];
		fg = 100 * fg < t->busy ? 100 * fg : t->busy;
		x = paint_printf(y, x, d->cols, A(THEME_INFO),
		    "  busy %.0f%%: smtscope %.0f%%, others %.0f%%%s%s;", t->busy,
		    t->busy - fg, fg, who[0] != '\0' ? ": " : "", who);
		if (idle[0] != '\0')
			x = paint_printf(y, x, d->cols, A(THEME_INFO), " %s;", idle);
		paint_printf(y, x, d->cols, A(THEME_INFO),
		    " user %.1f nice %.1f system %.1f irq %.1f softirq %.1f steal %.1f",
		    t->user, t->nice, t->system, t->irq, t->softirq, t->steal);
		return;
	}
	x = paint_printf(y, x, d->cols, A(THEME_INFO),
	    "  busy %.1f%%: user %.1f nice %.1f system %.1f irq %.1f softirq %.1f "
	    "steal %.1f", t->busy, t->user, t->nice, t->system, t->irq, t->softirq,
	    t->steal);
	if (idle[0] != '\0')
		paint_printf(y, x, d->cols, A(THEME_INFO), "; %s", idle);
}

/* Columns a list of key names and words takes, from entry i on. */
static int
draw_keys_width(const char *const *keys, int i)
{
	int	w = 0;

	for (; keys[i] != NULL; i += 2)
		w += layout_width(keys[i]) + layout_width(keys[i + 1]) + 2;
	return w;
}

/*
 * Key names and their words, in the status line's two styles. The last
 * `keep` pairs (? help, q quit) are always drawn: the hints before them
 * drop, from the last, until they fit.
 */
static int
draw_keys(const struct paint *d, int y, int x, const char *const *keys, int keep)
{
	int	i, n, tail, room, w;

	for (n = 0; keys[n] != NULL; n += 2)
		;
	tail = n - 2 * keep < 0 ? 0 : n - 2 * keep;
	room = d->cols - draw_keys_width(keys, tail);
	for (i = 0; keys[i] != NULL && x < d->cols; i += 2) {
		w = layout_width(keys[i]) + layout_width(keys[i + 1]) + 2;
		if (i < tail && x + w > room)
			continue;
		x = paint_text(y, x, d->cols, A(THEME_STATUS_KEY), keys[i]);
		x = paint_printf(y, x, d->cols, A(THEME_STATUS), " %s ", keys[i + 1]);
	}
	return x;
}

/* The keys that matter in a mode; *keep: how many at the end always show. */
static const char *const *
draw_status_keys(const struct paint *d, int *keep)
{
	static const char *const normal[] = {
		"a", "start", "m", "move", "Space", "pause", "d", "stop", "D", "stop all",
		"c", "solo", "v", "view", "t", "theme", "?", "help", "q", "quit", NULL
	};
	static const char *const tour[] = {
		"Space", "next", "Left", "back", "a", "start", "d", "stop", "v", "view",
		"t", "theme", "?", "help", "q", "quit", NULL
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
	static const char *const replay[] = {
		"Space", "play/pause", ".,", "step", "+-", "speed", "<>", "seek",
		"0-9", "go to", "?", "help", "q", "quit", NULL
	};

	*keep = 1;
	switch (d->st->sel.mode) {
	case UI_MENU:
		return menu;
	case UI_PARAM:
		return param;
	case UI_PICK_B:
	case UI_MOVE:
		return pick;
	case UI_HELP:
		return help;
	default:
		*keep = 2;
		if (d->st->tour.keys)
			return tour;
		if (d->st->replay != NULL)
			return replay;
		return d->st->host.view_only ? view : normal;
	}
}

/* The status line: the last message, then the keys that matter now. */
static void
draw_status(const struct paint *d)
{
	static const char *const next[] = { "n", "next step", NULL };
	const char *const *keys;
	int		 y = d->lay->scr.status_y, x = 0, keep, end;

	paint_fill(y, 0, d->cols, A(THEME_STATUS));
	keys = draw_status_keys(d, &keep);
	/* The message may take what the keys that always show leave. */
	for (end = 0; keys[end] != NULL; end += 2)
		;
	end = d->cols - 1 - draw_keys_width(keys, end - 2 * keep > 0 ? end - 2 * keep : 0);
	if (d->st->scr.msg[0] != '\0') {
		x = paint_printf(y, 0, end, A(d->st->scr.msg_error ? THEME_ERROR :
		    THEME_STATUS), "%s", d->st->scr.msg);
		x = paint_text(y, x, end, A(THEME_STATUS), "  ");
	}
	/* The move's own message names the load already: say it once. */
	if (d->st->sel.mode == UI_MOVE && strncmp(d->st->scr.msg, "move ", 5) != 0)
		x = paint_printf(y, x, end, A(THEME_STATUS), "move load #%d: ",
		    d->st->sel.move_id);
	if (d->st->sel.mode == UI_PICK_B)
		x = paint_printf(y, x, end, A(THEME_STATUS),
		    "%s: the CPU of its second end? ", d->st->sel.pick_k->name);
	if (d->st->tour.script && d->st->tour.script_key && !d->st->tour.keys &&
	    d->st->sel.mode == UI_NORMAL)
		x = draw_keys(d, y, x, next, 0);
	draw_keys(d, y, x > end ? end + 1 : x, keys, keep);
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
	    d->st->sel.mode == UI_PICK_B ? d->st->sel.pick_a : state_cursor_os(d->st),
	    " (1-9 or arrows, Enter; Esc cancels)");
	for (i = 0; i < n; i++) {
		k = kernel_all[i];
		e = i == d->st->sel.menu ? THEME_MENU_SELECTED : THEME_MENU;
		paint_fill(y + 1 + i, x, x + w, A(e));
		paint_printf(y + 1 + i, x + 1, x + w - 1, A(e), "%d %-7s %-14s %s%s", i + 1,
		    k->name, k->unit, k->desc, k->param_help != NULL ? " [parameter]" :
		    k->ends == 2 ? " [two CPUs]" : "");
	}
	paint_printf(y + b->h - 1, x + 1, x + w - 1, A(THEME_MENU), "%s",
	    kernel_all[d->st->sel.menu]->param_help != NULL ?
	    kernel_all[d->st->sel.menu]->param_help : "");
}

/* The parameter prompt of a kernel. */
static void
draw_param(const struct paint *d)
{
	const struct layout_box	*b = &d->lay->param;
	int			 w = b->w, x = b->x, y = b->y;

	draw_box(d, y, x, b->h, w, "");
	paint_printf(y, x + 1, x + w, A(THEME_MENU_TITLE), "%s on CPU %d: parameter",
	    d->st->sel.pick_k->name, state_cursor_os(d->st));
	paint_printf(y + 1, x + 1, x + w - 1, A(THEME_MENU), "%s",
	    d->st->sel.pick_k->param_help);
	paint_printf(y + 2, x + 1, x + w - 1, A(THEME_MENU_SELECTED), "> %s_",
	    d->st->sel.input);
	paint_printf(y + 3, x + 1, x + w - 1, A(THEME_MENU),
	    "Enter starts it (empty: the default); Esc cancels");
}

_Static_assert(SOLO_RETRIES == 3, "the help says a solo is measured again 3 times at most");

/* Every key, with the bars' legend. */
static void
draw_help(const struct paint *d)
{
	static const char *const live[] = {
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
		"L                  core-to-core latency heatmap (measured in the background)",
		"C                  show or hide the time chart (where rows are spare)",
		"i                  idle residency column: each state's share, - held",
		"S                  write the screen as SVG (smtscope-DATE.svg, --snapshot)",
		"R                  record, R stops it (smtscope-DATE.jsonl.gz, --record)",
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
		"IPC, GHz (and MPKI when wide): the load's perf counters; they need a",
		"PMU (most VMs hide it) and kernel.perf_event_paranoid <= 2 or",
		"CAP_PERFMON. MHz: a cpufreq driver. Temperature: coretemp or k10temp",
		"(modprobe). Watts: RAPL's energy_uj, readable by root only.",
		NULL
	};
	const char *const	*lines = d->st->replay != NULL ? replayview_help() : live;
	int			 n, w, h, y, x, i;

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
		chartview_draw(d);
		panelview_draw(d);
		draw_info(d);
		draw_status(d);
		if (d->st->sel.mode == UI_MENU)
			draw_menu(d);
		else if (d->st->sel.mode == UI_PARAM)
			draw_param(d);
		else if (d->st->sel.mode == UI_HELP)
			draw_help(d);
	}
	attrset(A_NORMAL);
	wnoutrefresh(stdscr);
	doupdate();
}
