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
#include "ui/countersview.h"
#include "ui/draw.h"
#include "ui/others.h"
#include "util.h"

/* What a frame is drawn from. */
struct draw {
	const struct ui_state	*st;
	const struct ui_layout	*lay;
	const struct ui_term	*term;
	int			 cols;
};

#define A(e)	((int)d->term->attr[(e)])

/* Bar segments, in the order they are drawn: smtscope's time by kind, then others'. */
#define DRAW_SEGS	7
static const enum theme_elem draw_bar_elems[DRAW_SEGS] = {
	THEME_BAR_USER, THEME_BAR_NICE, THEME_BAR_SYSTEM, THEME_BAR_IRQ,
	THEME_BAR_SOFTIRQ, THEME_BAR_STEAL, THEME_BAR_FOREIGN
};
/* A glyph per segment when colors cannot tell them apart. */
static const char *const draw_bar_ascii[DRAW_SEGS] = { "#", "+", "=", "*", "*", "~", "o" };
/* Others' segment has its own glyph everywhere: a shade, or 'o' in ASCII. */
#define DRAW_FOREIGN_UTF8	"\342\226\222"

static const char *const draw_levels_utf8[9] = {
	"\302\267", "\342\226\201", "\342\226\202", "\342\226\203", "\342\226\204",
	"\342\226\205", "\342\226\206", "\342\226\207", "\342\226\210"
};
static const char *const draw_levels_ascii[9] = {
	".", "_", ",", "-", "=", "+", "*", "#", "@"
};

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

/* Draw a string from x up to column end (exclusive); returns the next column. */
static int
draw_text(int y, int x, int end, int attr, const char *s)
{
	const char	*p = s;
	int		 w = 0;

	if (x >= end)
		return x;
	/* Cut at a character boundary once the columns run out. */
	while (*p != '\0') {
		if (((unsigned char)*p & 0xc0) != 0x80) {
			if (x + w >= end)
				break;
			w++;
		}
		p++;
	}
	attrset(attr);
	mvaddnstr(y, x, s, (int)(p - s));
	return x + w;
}

/* Fill columns x..end-1 of a row with blanks in a style. */
static void
draw_fill(int y, int x, int end, int attr)
{
	attrset(attr);
	for (; x < end; x++)
		mvaddch(y, x, ' ');
}

/* A printf-style draw_text. */
static int __attribute__((format(printf, 5, 6)))
draw_printf(int y, int x, int end, int attr, const char *fmt, ...)
{
	char	buf[1024];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return draw_text(y, x, end, attr, buf);
}

/* Four significant digits, or "--". */
static void
draw_num(char *buf, size_t len, double x)
{
	double	a = fabs(x);

	if (!isfinite(x))
		snprintf(buf, len, "--");
	else if (a >= 1000)
		snprintf(buf, len, "%.0f", x);
	else if (a >= 100)
		snprintf(buf, len, "%.1f", x);
	else if (a >= 10)
		snprintf(buf, len, "%.2f", x);
	else
		snprintf(buf, len, "%.3f", x);
}

/* The style of a speed: how much slower than solo. */
static int
draw_speed_elem(double speed)
{
	if (!isfinite(speed))
		return THEME_NORMAL;
	if (speed >= 0.9)
		return THEME_SPEED_GOOD;
	if (speed >= 0.6)
		return THEME_SPEED_MID;
	return THEME_SPEED_BAD;
}

/* Is a load on a CPU now? 1 for end A pinned, 2 floating there, 3 end B. */
static int
draw_load_on(const struct load *l, int os)
{
	if (l->state == LOAD_DEAD)
		return 0;
	if (l->spec.cpu_b == os)
		return 3;
	if (!l->spec.floating)
		return cpuset_isset(&l->spec.cpus, os) ? 1 : 0;
	return l->cur.cpu == os ? 2 : 0;
}

/* The loads on a CPU as "hash#1 fp#2~"; returns how many. */
static int
draw_cpu_loads(const struct draw *d, int os, char *buf, size_t len)
{
	struct load	*l;
	size_t		 used;
	int		 i, on, n = 0;

	buf[0] = '\0';
	if (d->st->loads == NULL)
		return 0;
	for (i = 0; i < loads_count(d->st->loads); i++) {
		l = loads_at(d->st->loads, i);
		if ((on = draw_load_on(l, os)) == 0)
			continue;
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s#%d%s", n ? " " : "", l->spec.k->name,
		    l->id, on == 2 ? "~" : on == 3 ? "b" : "");
		n++;
	}
	return n;
}

/* The two header lines: identity and counts, then the screen's state. */
static void
draw_header(const struct draw *d)
{
	const struct topo_summary	*s = &d->st->m->summary;
	const struct cpuinfo		*ci = &d->st->ci;
	char				 id[256];
	int				 x, w = d->cols, running = 0, paused = 0, i;
	struct load			*l;

	draw_fill(0, 0, w, A(THEME_HEADER));
	draw_fill(1, 0, w, A(THEME_NORMAL));
	if (ci->brand[0] != '\0')
		snprintf(id, sizeof id, "%s%s%s%s", ci->brand,
		    ci->codename[0] ? " (" : "", ci->codename, ci->codename[0] ? ")" : "");
	else if (ci->vendor[0] != '\0')
		snprintf(id, sizeof id, "%s CPU", ci->vendor);
	else
		snprintf(id, sizeof id, "CPU identity %s", d->st->view_only ?
		    "not recorded in the topology" : "unknown");
	x = draw_printf(0, 0, w, A(THEME_HEADER), "smtscope: %s", id);
	x = draw_printf(0, x, w, A(THEME_HEADER),
	    "  %d package%s, %d core%s, %d thread%s, SMT %s", s->packages,
	    s->packages == 1 ? "" : "s", s->cores, s->cores == 1 ? "" : "s", s->pus,
	    s->pus == 1 ? "" : "s", cpuinfo_smt_name(ci->smt));
	if (s->cpu_kinds > 1)
		x = draw_printf(0, x, w, A(THEME_HEADER), ", %d core kinds", s->cpu_kinds);
	if (ci->hypervisor[0] != '\0')
		draw_printf(0, x, w, A(THEME_HEADER), ", under %s", ci->hypervisor);

	if (d->st->loads != NULL) {
		for (i = 0; i < loads_count(d->st->loads); i++) {
			l = loads_at(d->st->loads, i);
			running += l->state == LOAD_RUNNING;
			paused += l->state == LOAD_PAUSED;
		}
	}
	x = draw_printf(1, 0, w, A(THEME_NORMAL), "refresh %d.%d s, %d load%s running",
	    d->st->delay_tenths / 10, d->st->delay_tenths % 10, running, running == 1 ? "" : "s");
	if (paused)
		x = draw_printf(1, x, w, A(THEME_NORMAL), ", %d paused", paused);
	x = draw_printf(1, x, w, A(THEME_NORMAL), ", %s view, theme %s  ",
	    d->lay->topo.view == LAYOUT_TREE ? "tree" : "grid", d->st->theme.name);
	if (d->st->view_only)
		x = draw_printf(1, x, w, A(THEME_HEADER_NOTE),
		    " VIEW ONLY, another machine: %s ",
		    strrchr(d->st->m->source_name, '/') != NULL ?
		    strrchr(d->st->m->source_name, '/') + 1 : d->st->m->source_name);
	else if (d->st->fg != NULL && isfinite(d->st->fg_cpus) &&
	    d->st->fg_max >= OTHERS_BUSY_MIN)
		x = draw_printf(1, x, w, A(THEME_HEADER_NOTE),
		    " BUSY: others %.1f of %d CPU%s%s%s ", d->st->fg_cpus, s->pus,
		    s->pus == 1 ? "" : "s", d->st->fg_top[0] != '\0' ? ", top " : "",
		    d->st->fg_top);
	if (countersview_header(d->st, id, sizeof id))
		draw_printf(1, x, w, A(THEME_NORMAL), " %s", id);
}

/* The tour's caption across the screen. */
static void
draw_caption(const struct draw *d)
{
	int	i;

	if (d->lay->scr.caption_y < 0)
		return;
	for (i = 0; i < d->lay->scr.caption_h && i < d->lay->ncaption; i++) {
		draw_fill(d->lay->scr.caption_y + i, 0, d->cols, A(THEME_CAPTION));
		draw_printf(d->lay->scr.caption_y + i, 0, d->cols, A(THEME_CAPTION), " %s",
		    d->lay->caption_line[i]);
	}
}

/* The style of a CPU's label or mark: cursor, move target, highlight, plain. */
static int
draw_cpu_attr(const struct draw *d, int pu)
{
	const struct topo_pu	*p = &d->st->m->pus[pu];

	if (pu == d->st->cursor)
		return A(d->st->mode == UI_MOVE || d->st->mode == UI_PICK_B ?
		    THEME_MOVE_TARGET : THEME_CURSOR);
	if (cpuset_isset(&d->st->highlight, p->os_index))
		return A(THEME_HIGHLIGHT);
	return A(p->allowed ? THEME_CPU : THEME_CPU_DISALLOWED);
}

/*
 * A CPU's time in the bar's segments, in percent: where others' share is
 * known, smtscope's own user and system time (its processes' utime and
 * stime), then others'; else (a view of another machine) the busy time by
 * kind from /proc/stat.
 */
static void
draw_segments(const struct draw *d, int pu, double seg[DRAW_SEGS])
{
	const struct cpustat_pct	*p = &d->st->pct[pu];
	double				 fg = NAN;

	seg[0] = p->user;
	seg[1] = p->nice;
	seg[2] = p->system;
	seg[3] = p->irq;
	seg[4] = p->softirq;
	seg[5] = p->steal;
	seg[6] = 0;
	if (d->st->fg != NULL)
		fg = d->st->fg_share[pu];
	if (!isfinite(fg))
		return;
	seg[6] = 100 * fg < p->busy ? 100 * fg : p->busy;
	seg[2] = 100 * d->st->fg_sys[pu];
	seg[0] = p->busy - seg[6] - seg[2];
	if (seg[0] < 0)
		seg[0] = 0;
	seg[1] = seg[3] = seg[4] = seg[5] = 0;
}

/* A CPU's bar: [smtscope's user and system, others'], or [user ... steal] on a view. */
static void
draw_bar(const struct draw *d, int y, int x, int bw, int pu)
{
	double		 seg[DRAW_SEGS], cum = 0;
	int		 i, c, from = 0, to;
	const char	*glyph;

	draw_text(y, x, d->cols, A(THEME_BAR_FRAME), "[");
	draw_text(y, x + 1 + bw, d->cols, A(THEME_BAR_FRAME), "]");
	if (!d->st->pct_ok[pu])
		return;
	draw_segments(d, pu, seg);
	for (i = 0; i < DRAW_SEGS; i++) {
		cum += seg[i];
		to = (int)(cum / 100.0 * bw + 0.5);
		if (to > bw)
			to = bw;
		if (d->term->bar_glyphs)
			glyph = draw_bar_ascii[i];
		else if (i == DRAW_SEGS - 1)
			glyph = d->term->utf8 ? DRAW_FOREIGN_UTF8 : draw_bar_ascii[i];
		else
			glyph = d->term->utf8 ? "\342\226\210" : "|";
		for (c = from; c < to; c++)
			draw_text(y, x + 1 + c, d->cols, A(draw_bar_elems[i]), glyph);
		if (to > from)
			from = to;
	}
}

/* The loads on a CPU, each in its style, from column x. */
static void
draw_loads_at(const struct draw *d, int y, int x, int os)
{
	struct load	*l;
	int		 i, on, e;

	if (d->st->loads == NULL)
		return;
	for (i = 0; i < loads_count(d->st->loads); i++) {
		l = loads_at(d->st->loads, i);
		if ((on = draw_load_on(l, os)) == 0)
			continue;
		e = l->state == LOAD_PAUSED ? THEME_PAUSED : on == 2 ? THEME_LOAD_FLOATING :
		    THEME_LOAD;
		x = draw_printf(y, x, d->cols, A(e), "%s#%d%s", l->spec.k->name, l->id,
		    on == 2 ? "~" : on == 3 ? "b" : "");
		x++;
	}
}

/* One tree row: lines and label, then the CPU with its bar, percent and loads. */
static void
draw_tree_row(const struct draw *d, int y, const struct layout_row *r)
{
	const struct layout	*l = &d->lay->topo;
	const struct topo_pu	*p;
	char			 mhz[32];
	int			 x;

	draw_text(y, 0, d->cols, A(THEME_TREE), r->text);
	if (r->label_w > 0) {
		/* The label again, in its own style: find its bytes by columns. */
		const char	*s = r->text;
		int		 col = 0;

		while (*s != '\0' && col < r->label_x) {
			s++;
			while (((unsigned char)*s & 0xc0) == 0x80)
				s++;
			col++;
		}
		draw_printf(y, r->label_x, r->label_x + r->label_w, A(THEME_LABEL), "%s", s);
	}
	if (r->pu < 0)
		return;
	p = &d->st->m->pus[r->pu];
	draw_printf(y, l->cpu_x, d->cols, draw_cpu_attr(d, r->pu), "CPU %*d",
	    l->digits, p->os_index);
	draw_bar(d, y, l->bar_x, l->bar_w, r->pu);
	if (d->st->pct_ok[r->pu])
		draw_printf(y, l->pct_x, d->cols, A(THEME_PERCENT), "%5.1f%%",
		    d->st->pct[r->pu].busy);
	x = l->loads_x;
	if (countersview_cpu(d->st, p->os_index, mhz, sizeof mhz))
		x = draw_text(y, x, d->cols, A(THEME_PERCENT), mhz) + 1;
	if (!p->allowed)
		x = draw_text(y, x, d->cols, A(THEME_CPU_DISALLOWED), "not allowed ");
	draw_loads_at(d, y, x, p->os_index);
}

/* The level glyph of a CPU's busy share, and the style of its main kind of time. */
static const char *
draw_level(const struct draw *d, int pu, int *elem)
{
	const struct cpustat_pct	*p = &d->st->pct[pu];
	double				 seg[DRAW_SEGS];
	int				 i, best = 0, level;

	*elem = THEME_BAR_FRAME;
	if (!d->st->pct_ok[pu])
		return d->term->utf8 ? draw_levels_utf8[0] : draw_levels_ascii[0];
	draw_segments(d, pu, seg);
	for (i = 1; i < DRAW_SEGS; i++)
		if (seg[i] > seg[best])
			best = i;
	level = p->busy < 1.0 ? 0 : 1 + (int)(p->busy * 7.999 / 100.0);
	if (level > 8)
		level = 8;
	if (level > 0)
		*elem = draw_bar_elems[best];
	return d->term->utf8 ? draw_levels_utf8[level] : draw_levels_ascii[level];
}

/* One grid row: the label, then a cell per core with a mark per CPU. */
static void
draw_grid_row(const struct draw *d, int y, const struct layout_row *r)
{
	const struct layout		*l = &d->lay->topo;
	const struct layout_cell	*c;
	const struct topo_core		*core;
	const struct topo_pu		*p;
	const char			*g;
	char				 loads[128];
	int				 i, j, x, elem, at, n;

	draw_text(y, 0, d->cols, A(THEME_LABEL), r->text);
	for (i = 0; i < r->ncells; i++) {
		c = &l->cells[r->first_cell + i];
		core = &d->st->m->cores[c->core];
		p = &d->st->m->pus[c->pu0];
		x = draw_printf(y, c->x, d->cols, A(p->allowed ? THEME_CPU :
		    THEME_CPU_DISALLOWED), "%*d", l->digits, p->os_index);
		if (l->kind_w)
			draw_text(y, x, d->cols, A(THEME_LABEL), core->kind != -1 ?
			    d->st->m->kinds[core->kind].label : " ");
		for (j = 0; j < c->npus; j++) {
			const struct layout_spot *s = &l->spots[c->pu0 + j];

			g = draw_level(d, c->pu0 + j, &elem);
			at = c->pu0 + j == d->st->cursor ||
			    cpuset_isset(&d->st->highlight, d->st->m->pus[c->pu0 + j].os_index);
			draw_text(y, s->x, d->cols, at ? draw_cpu_attr(d, c->pu0 + j) :
			    A(elem), g);
			n = draw_cpu_loads(d, d->st->m->pus[c->pu0 + j].os_index, loads,
			    sizeof loads);
			draw_text(y, s->x + 1, d->cols, at ? draw_cpu_attr(d, c->pu0 + j) :
			    A(THEME_LOAD), n == 0 ? " " : strchr(loads, '~') ? "~" : "*");
		}
	}
}

/* The topology area: the rows in view. */
static void
draw_topology(const struct draw *d)
{
	const struct layout	*l = &d->lay->topo;
	int			 y, row;

	for (y = 0; y < d->lay->scr.topo_h; y++) {
		row = d->lay->top + y;
		if (row >= l->nrows)
			break;
		if (l->view == LAYOUT_TREE)
			draw_tree_row(d, d->lay->scr.topo_y + y, &l->rows[row]);
		else
			draw_grid_row(d, d->lay->scr.topo_y + y, &l->rows[row]);
	}
	/* Say there is more above or below. */
	if (d->lay->top > 0)
		draw_text(d->lay->scr.topo_y, d->cols - 8, d->cols, A(THEME_INFO), "  more ^");
	if (d->lay->top + d->lay->scr.topo_h < l->nrows)
		draw_text(d->lay->scr.topo_y + d->lay->scr.topo_h - 1, d->cols - 8, d->cols,
		    A(THEME_INFO), "  more v");
}

/* The figures of a load the screen has not sampled yet. */
static const struct ui_loadview draw_noview = {
	.id = -1, .rate = NAN, .solo = NAN, .solo_share = NAN, .speed = NAN,
	.share = NAN, .eff = NAN
};

/* A load's CPUs: "3", "0,1" for two ends, "0-3@2" for a floating one. */
static void
draw_load_cpus(const struct load *l, char *buf, size_t len)
{
	char	set[64];

	cpuset_format(&l->spec.cpus, set, sizeof set);
	if (l->spec.cpu_b != -1)
		snprintf(buf, len, "%s,%d", set, l->spec.cpu_b);
	else if (l->spec.floating && l->cur.cpu != -1)
		snprintf(buf, len, "%s@%d", set, l->cur.cpu);
	else
		snprintf(buf, len, "%s", set);
}

/* A rate in the kernel's unit: "412.3 MB/s". */
static void
draw_rate(const struct kernel *k, double rate, char *buf, size_t len)
{
	char	num[32];

	if (!isfinite(rate) || rate <= 0) {
		snprintf(buf, len, "--");
		return;
	}
	draw_num(num, sizeof num, kernel_display(k, rate));
	snprintf(buf, len, "%s %s", num, k->unit);
}

/* A history of speeds as a sparkline: 120% of solo fills a cell. */
static void
draw_spark(const struct draw *d, int y, int x, int w, const struct ui_loadview *v)
{
	const char	*const *lv = d->term->utf8 ? draw_levels_utf8 : draw_levels_ascii;
	int		 i, from, level;
	double		 s;

	from = v->nhist > w ? v->nhist - w : 0;
	for (i = from; i < v->nhist; i++, x++) {
		s = v->hist[i];
		if (!isfinite(s))
			continue;
		level = 1 + (int)(s / 1.2 * 7.999);
		if (level > 8)
			level = 8;
		if (level < 1)
			level = 1;
		draw_text(y, x, d->cols, A(THEME_SPARKLINE), lv[level]);
	}
}

/* A ratio as a percentage in six columns, a mark before it: "  ~50%". */
static void
draw_pct(int y, int x, int end, int attr, const char *mark, double ratio)
{
	char	buf[32];

	snprintf(buf, sizeof buf, "%s%.0f%%", mark, ratio * 100);
	draw_printf(y, x, end, attr, "%6s", buf);
}

/* One load's row in the panel. */
static void
draw_load_row(const struct draw *d, int y, const struct layout_panel *c, struct load *l)
{
	const struct ui_loadview *v = state_view(d->st, l->id);
	struct analysis_others	 o;
	const char		*mark;
	char			 buf[256];
	int			 sel = l->id == d->st->sel_id, base, held, cur, dist, why;

	if (v == NULL)
		v = &draw_noview;

	base = sel ? A(THEME_PANEL_SELECTED) : A(THEME_NORMAL);
	draw_fill(y, 0, d->cols, base);
	draw_printf(y, c->load, c->cpu, base, "%s#%d", l->spec.k->name, l->id);
	draw_load_cpus(l, buf, sizeof buf);
	draw_text(y, c->cpu, c->rate - 1, base, buf);
	cur = solo_current(d->st->solo);
	held = solo_holds(d->st->solo, l->id);
	if (l->state == LOAD_PAUSED)
		draw_text(y, c->rate, c->solo, A(THEME_PAUSED), held ? "held" : "paused");
	else {
		draw_rate(l->spec.k, v->rate, buf, sizeof buf);
		draw_text(y, c->rate, c->solo - 1, base, buf);
	}
	/* A disturbed solo, and what is derived from it, carry a ~ and their own style. */
	mark = v->solo_disturbed && isfinite(v->solo) ? "~" : "";
	dist = sel ? base : A(THEME_DISTURBED);
	if (cur == l->id)
		draw_text(y, c->solo, c->speed, A(THEME_MEASURING), "measuring solo");
	else if (state_measuring(d->st, l->id))
		draw_text(y, c->solo, c->speed, A(THEME_MEASURING), "solo queued");
	else {
		draw_rate(l->spec.k, v->solo, buf, sizeof buf);
		draw_printf(y, c->solo, c->speed - 1, *mark ? dist : base, "%s%s", mark, buf);
	}
	if (l->state == LOAD_RUNNING && cur != l->id) {
		if (isfinite(v->speed))
			draw_pct(y, c->speed, c->share, *mark ? dist : sel ? base :
			    A(draw_speed_elem(v->speed)), mark, v->speed);
		if (isfinite(v->share))
			draw_pct(y, c->share, c->eff, base, "", v->share);
		if (isfinite(v->eff))
			draw_pct(y, c->eff, c->hist, *mark ? dist : base, mark, v->eff);
	}
	if (c->hist_w)
		draw_spark(d, y, c->hist, c->hist_w, v);
	why = c->why;
	if (countersview_load(d->st, l->id, d->cols >= COUNTERSVIEW_WIDE, buf, sizeof buf))
		why = draw_text(y, c->why, d->cols, base, buf) + 1;
	if (held && cur != -1)
		snprintf(buf, sizeof buf, "held while load #%d's solo rate is measured",
		    cur);
	else if (cur == l->id)
		snprintf(buf, sizeof buf, "running alone: the other loads are held");
	else if (loads_stall(d->st->loads, l, buf, sizeof buf))
		;	/* it does no work, and says why ("fork: ...") */
	else {
		state_others(d->st, &o);
		analysis_why(d->st->m, d->st->loads, l, &o, buf, sizeof buf);
	}
	draw_text(y, why, d->cols, base, buf);
}

/* The loads panel: a title row, then a row per load (scrolled to the selection). */
static void
draw_panel(const struct draw *d)
{
	const struct layout_panel	*c = &d->lay->panel;
	int				 y = d->lay->scr.panel_y, n, i, top, x = c->why;
	int				 rows = d->lay->scr.panel_h - 1, t = A(THEME_PANEL_TITLE);
	char				 cols[64];

	draw_fill(y, 0, d->cols, t);
	draw_text(y, c->load, d->cols, t, "LOAD");
	draw_text(y, c->cpu, d->cols, t, "CPU");
	draw_text(y, c->rate, d->cols, t, "RATE");
	draw_text(y, c->solo, d->cols, t, "SOLO");
	draw_text(y, c->speed, d->cols, t, "SPEED");
	draw_text(y, c->share, d->cols, t, "SHARE");
	draw_text(y, c->eff, d->cols, t, "  EFF");
	if (c->hist_w)
		draw_text(y, c->hist, d->cols, t, "HISTORY");
	if (countersview_title(d->st, d->cols >= COUNTERSVIEW_WIDE, cols, sizeof cols))
		x = draw_text(y, c->why, d->cols, t, cols) + 1;
	draw_text(y, x, d->cols, t, "WHY");
	n = d->st->loads != NULL ? loads_count(d->st->loads) : 0;
	if (n == 0) {
		draw_text(y + 1, 1, d->cols, A(THEME_INFO), d->st->view_only ?
		    "no loads: this is a view of another machine" :
		    "no loads: press a to start one on the cursor's CPU");
		return;
	}
	/* The layout scrolled the list to keep the selected load in view. */
	top = d->lay->panel_top;
	for (i = 0; i < rows && top + i < n; i++)
		draw_load_row(d, y + 1 + i, c, loads_at(d->st->loads, top + i));
	if (top + rows < n)
		draw_printf(y, d->cols - 12, d->cols, t, " %d more v ", n - top - rows);
}

/* The info line: what the cursor's CPU is and how busy it is. */
static void
draw_info(const struct draw *d)
{
	const struct topo		*m = d->st->m;
	const struct topo_pu		*p = &m->pus[d->st->cursor];
	const struct topo_core		*core = &m->cores[p->core];
	const struct cpustat_pct	*t = &d->st->pct[d->st->cursor];
	double				 fg;
	char				 cv[512];
	int				 x, i, y = d->lay->scr.info_y;

	draw_fill(y, 0, d->cols, A(THEME_INFO));
	x = draw_printf(y, 0, d->cols, A(THEME_INFO), "CPU %d: core %d%s%s",
	    p->os_index, core->logical_index,
	    m->nkinds > 1 && core->kind != -1 ? " " : "",
	    m->nkinds > 1 && core->kind != -1 ? m->kinds[core->kind].label : "");
	if (core->package != -1)
		x = draw_printf(y, x, d->cols, A(THEME_INFO), ", package %d",
		    m->packages[core->package].logical_index);
	if (core->npus > 1) {
		x = draw_text(y, x, d->cols, A(THEME_INFO), ", sibling");
		x = draw_text(y, x, d->cols, A(THEME_INFO), core->npus > 2 ? "s" : "");
		for (i = core->first_pu; i < core->first_pu + core->npus; i++)
			if (i != d->st->cursor)
				x = draw_printf(y, x, d->cols, A(THEME_INFO), " %d",
				    m->pus[i].os_index);
	}
	if (!p->allowed)
		x = draw_text(y, x, d->cols, A(THEME_INFO), ", not allowed by the cpuset");
	if (countersview_info(d->st, cv, sizeof cv))
		x = draw_printf(y, x, d->cols, A(THEME_INFO), "  %s", cv);
	if (!d->st->pct_ok[d->st->cursor])
		return;
	fg = d->st->fg != NULL ? d->st->fg_share[d->st->cursor] : NAN;
	if (isfinite(fg)) {
		fg = 100 * fg < t->busy ? 100 * fg : t->busy;
		x = draw_printf(y, x, d->cols, A(THEME_INFO),
		    "  busy %.0f%%: smtscope %.0f%%, others %.0f%%%s%s;", t->busy,
		    t->busy - fg, fg, d->st->fg_who[d->st->cursor][0] != '\0' ? ": " : "",
		    d->st->fg_who[d->st->cursor]);
		draw_printf(y, x, d->cols, A(THEME_INFO),
		    " user %.1f nice %.1f system %.1f irq %.1f softirq %.1f steal %.1f",
		    t->user, t->nice, t->system, t->irq, t->softirq, t->steal);
		return;
	}
	draw_printf(y, x, d->cols, A(THEME_INFO),
	    "  busy %.1f%%: user %.1f nice %.1f system %.1f irq %.1f softirq %.1f "
	    "steal %.1f", t->busy, t->user, t->nice, t->system, t->irq, t->softirq,
	    t->steal);
}

/* Key names and their words, in the status line's two styles. */
static int
draw_keys(const struct draw *d, int y, int x, const char *const *keys)
{
	int	i;

	for (i = 0; keys[i] != NULL && x < d->cols; i += 2) {
		x = draw_text(y, x, d->cols, A(THEME_STATUS_KEY), keys[i]);
		x = draw_printf(y, x, d->cols, A(THEME_STATUS), " %s ", keys[i + 1]);
	}
	return x;
}

/* The status line: the last message, then the keys that matter now. */
static void
draw_status(const struct draw *d)
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

	draw_fill(y, 0, d->cols, A(THEME_STATUS));
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
		x = draw_printf(y, 0, d->cols, A(d->st->msg_error ? THEME_ERROR : THEME_STATUS),
		    "%s", d->st->msg);
		x = draw_text(y, x, d->cols, A(THEME_STATUS), "  ");
	}
	if (d->st->mode == UI_MOVE)
		x = draw_printf(y, x, d->cols, A(THEME_STATUS), "move load #%d: ",
		    d->st->move_id);
	if (d->st->mode == UI_PICK_B)
		x = draw_printf(y, x, d->cols, A(THEME_STATUS),
		    "%s: the CPU of its second end? ", d->st->pick_k->name);
	if (d->st->script && d->st->script_key && d->st->mode == UI_NORMAL)
		x = draw_keys(d, y, x, tour);
	draw_keys(d, y, x, keys);
}

/* A box with a title, in the menu's style; returns its inner left column. */
static int
draw_box(const struct draw *d, int y, int x, int h, int w, const char *title)
{
	int	i;

	for (i = 0; i < h; i++)
		draw_fill(y + i, x, x + w, A(THEME_MENU));
	draw_fill(y, x, x + w, A(THEME_MENU_TITLE));
	draw_printf(y, x + 1, x + w, A(THEME_MENU_TITLE), "%s", title);
	return x + 2;
}

/* The kernel menu over the topology. */
static void
draw_menu(const struct draw *d)
{
	const struct layout_box	*b = &d->lay->menu;
	const struct kernel	*k;
	int			 n = d->lay->menu_n, w = b->w, y = b->y, x = b->x, i, e;

	draw_box(d, y, x, b->h, w, "");
	draw_printf(y, x + 1, x + w, A(THEME_MENU_TITLE), "Start a load on CPU %d%s",
	    d->st->mode == UI_PICK_B ? d->st->pick_a : state_cursor_os(d->st),
	    " (1-9 or arrows, Enter; Esc cancels)");
	for (i = 0; i < n; i++) {
		k = kernel_all[i];
		e = i == d->st->menu_sel ? THEME_MENU_SELECTED : THEME_MENU;
		draw_fill(y + 1 + i, x, x + w, A(e));
		draw_printf(y + 1 + i, x + 1, x + w - 1, A(e), "%d %-7s %-14s %s%s", i + 1,
		    k->name, k->unit, k->desc, k->param_help != NULL ? " [parameter]" :
		    k->ends == 2 ? " [two CPUs]" : "");
	}
	draw_printf(y + b->h - 1, x + 1, x + w - 1, A(THEME_MENU), "%s",
	    kernel_all[d->st->menu_sel]->param_help != NULL ?
	    kernel_all[d->st->menu_sel]->param_help : "");
}

/* The parameter prompt of a kernel. */
static void
draw_param(const struct draw *d)
{
	const struct layout_box	*b = &d->lay->param;
	int			 w = b->w, x = b->x, y = b->y;

	draw_box(d, y, x, b->h, w, "");
	draw_printf(y, x + 1, x + w, A(THEME_MENU_TITLE), "%s on CPU %d: parameter",
	    d->st->pick_k->name, state_cursor_os(d->st));
	draw_printf(y + 1, x + 1, x + w - 1, A(THEME_MENU), "%s", d->st->pick_k->param_help);
	draw_printf(y + 2, x + 1, x + w - 1, A(THEME_MENU_SELECTED), "> %s_", d->st->input);
	draw_printf(y + 3, x + 1, x + w - 1, A(THEME_MENU),
	    "Enter starts it (empty: the default); Esc cancels");
}

_Static_assert(SOLO_RETRIES == 3, "the help says a solo is measured again 3 times at most");

/* Every key, with the bars' legend. */
static void
draw_help(const struct draw *d)
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
		"L                  core-to-core latency heatmap (measured in the background)",
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
	int	n, w, h, y, x, i;

	for (n = 0; lines[n] != NULL; n++)
		;
	w = d->cols - 4 < 76 ? d->cols - 4 : 76;
	h = n + 1 < d->term->rows - 2 ? n + 1 : d->term->rows - 2;
	y = (d->term->rows - h) / 2;
	x = (d->cols - w) / 2;
	draw_box(d, y, x, h, w, "smtscope keys (any key returns)");
	for (i = 0; i + 1 < h; i++)
		draw_text(y + 1 + i, x + 1, x + w - 1, A(THEME_MENU), lines[i]);
}

/* The message when the terminal is too small. */
static void
draw_too_small(const struct draw *d)
{
	char	a[64], b[64];
	int	y = d->term->rows / 2 - 1;

	snprintf(a, sizeof a, "Terminal too small:");
	snprintf(b, sizeof b, "%dx%d, need %dx%d", d->cols, d->term->rows, UI_MIN_COLS,
	    UI_MIN_ROWS);
	if (y < 0)
		y = 0;
	draw_text(y, 0, d->cols, A(THEME_ERROR), a);
	draw_text(y + 1, 0, d->cols, A(THEME_NORMAL), b);
}

/* Draw the whole frame and send it. */
void
draw_frame(const struct ui_state *st, const struct ui_layout *lay,
    const struct ui_term *term)
{
	struct draw	 frame = { st, lay, term, term->cols };
	const struct draw *d = &frame;

	erase();
	if (d->lay->scr.too_small)
		draw_too_small(d);
	else {
		draw_header(d);
		draw_caption(d);
		draw_topology(d);
		draw_panel(d);
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
