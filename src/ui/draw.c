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
#include "ui/compose.h"
#include "ui/countersview.h"
#include "ui/inferview.h"
#include "ui/draw.h"
#include "ui/idleview.h"
#include "ui/paint.h"
#include "ui/panelview.h"
#include "ui/why.h"
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
 * allowed set as a list, then "1 pkg 2 cores 4 CPUs, SMT on; CPUs 0-1". A view names
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
	snprintf(counts[2], DRAW_COUNTS_MAX, "%d pkg %d core%s %d CPU%s, %s%s%s%s",
	    s->packages, s->cores, s->cores == 1 ? "" : "s", s->pus, s->pus == 1 ? "" : "s",
	    state, say ? "; CPU" : "", say && s->nallowed != 1 ? "s " : say ? " " : "",
	    say ? list : "");
}

/*
 * The header's first line, composed: the identity (brand with codename, the
 * brand, the brand without trademarks and clock) shortens first, then the
 * counts take their shorter forms (the allowed set as a list, "2 pkg 48 cores
 * 96 CPUs"),
 * then the identity goes.
 */
static void
draw_header_id(const struct paint *d)
{
	const struct cpuinfo		*ci = &d->st->host.ci;
	char				 id[3][256], counts[3][DRAW_COUNTS_MAX];
	char				 form[3][DRAW_COUNTS_MAX + 2];
	struct compose			 c;
	int				 i, a = A(THEME_HEADER);

	if (ci->brand[0] != '\0') {
		snprintf(id[0], sizeof id[0], ": %s%s%s%s", ci->brand, ci->codename[0] ?
		    " (" : "", ci->codename, ci->codename[0] ? ")" : "");
		snprintf(id[1], sizeof id[1], ": %s", ci->brand);
		id[2][0] = ':';
		id[2][1] = ' ';
		draw_short_brand(ci->brand, id[2] + 2, sizeof id[2] - 2);
	} else if (ci->vendor[0] != '\0') {
		snprintf(id[0], sizeof id[0], ": %s CPU", ci->vendor);
		snprintf(id[1], sizeof id[1], "%s", id[0]);
		snprintf(id[2], sizeof id[2], ": %s", ci->vendor);
	} else {
		snprintf(id[0], sizeof id[0], ": CPU identity %s", d->st->host.view_only ?
		    "not recorded in the topology" : "unknown");
		snprintf(id[1], sizeof id[1], ": CPU identity unknown");
		snprintf(id[2], sizeof id[2], "%s", id[1]);
	}
	draw_header_counts(d->st->host.m, ci, counts);
	for (i = 0; i < 3; i++) {
		memcpy(form[i], "  ", 2);
		memcpy(form[i] + 2, counts[i], strlen(counts[i]) + 1);
	}
	compose_init(&c, d->term->utf8);
	compose_add(&c, a, 0, 0, 0, "smtscope", NULL);
	compose_add(&c, a, 1, 4, 0, id[0], id[1], id[2], NULL);
	compose_add(&c, a, 3, 0, 0, form[0], form[1], form[2], NULL);
	compose_fit(&c, d->cols);
	paint_compose(0, 0, d->cols, &c);
}

/*
 * The note of the header's second line: REPLAY (1) or BUSY (2, with its
 * detail) in three forms, or VIEW ONLY (3) in three parts.
 */
static int
draw_header_note(const struct paint *d, char note[3][256], char *detail, size_t len)
{
	const struct topo_summary	*s = &d->st->host.m->summary;
	const char			*src = d->st->host.m->source_name;

	note[0][0] = note[1][0] = note[2][0] = detail[0] = '\0';
	if (replayview_note(d->st, 0, note[0], sizeof note[0])) {
		replayview_note(d->st, 1, note[1], sizeof note[1]);
		replayview_note(d->st, 2, note[2], sizeof note[2]);
	} else if (d->st->host.view_only) {
		if (strrchr(src, '/') != NULL)
			src = strrchr(src, '/') + 1;
		/* Parts, not forms: ", another machine" goes first, the file last. */
		snprintf(note[0], sizeof note[0], " VIEW ONLY");
		snprintf(note[1], sizeof note[1], ", another machine");
		snprintf(note[2], sizeof note[2], ": %s ", src);
		return 3;
	} else if (d->st->others.fg != NULL && isfinite(d->st->others.cpus) &&
	    d->st->others.max >= OTHERS_BUSY_MIN) {
		snprintf(note[0], sizeof note[0], " BUSY: others %.1f of %d CPU%s",
		    d->st->others.cpus, s->pus, s->pus == 1 ? "" : "s");
		snprintf(note[1], sizeof note[1], " BUSY: others %.1f CPU%s",
		    d->st->others.cpus, d->st->others.cpus == 1.0 ? "" : "s");
		snprintf(note[2], sizeof note[2], " BUSY %.1f CPU", d->st->others.cpus);
		if (d->st->others.top[0] != '\0')
			snprintf(detail, len, ", top %s", d->st->others.top);
		return 2;
	} else
		return 0;
	return 1;
}

/*
 * The header's second line, composed: the screen's state, a note (VIEW
 * ONLY, REPLAY, BUSY: never dropped), check --infer's legend and the
 * counters' figures; the counters' reasons in words go first (the info
 * line and the help have them), then the note's detail and its longer
 * forms, then the state's words (the fit gives the note back a longer
 * form where the shorter words leave room).
 */
static void
draw_header_state(const struct paint *d)
{
	char		 view[64];
	char		 left[2][256], note[3][256], detail[128], rec[32], inf[3][160];
	char		 cv[3][512];
	struct compose	 c;
	int		 running = 0, paused = 0, i, kind, n = A(THEME_NORMAL);
	int		 hn = A(THEME_HEADER_NOTE);
	struct load	*l;

	for (i = 0; d->st->host.loads != NULL && i < loads_count(d->st->host.loads); i++) {
		l = loads_at(d->st->host.loads, i);
		running += l->state == LOAD_RUNNING;
		paused += l->state == LOAD_PAUSED;
	}
	/* The grid's filter (f) goes with the view's name. */
	snprintf(view, sizeof view, "%s%s", d->lay->topo.view == LAYOUT_TREE ? "tree" :
	    "grid", d->st->scr.filter == LAYOUT_FILTER_LOADS ? " of CPUs with loads" :
	    d->st->scr.filter == LAYOUT_FILTER_BUSY ? " of busy CPUs" :
	    d->st->scr.filter == LAYOUT_FILTER_PACKAGE ? " of one package" : "");
	snprintf(left[0], sizeof left[0], "refresh %d.%d s, %d load%s running%s%.0d%s, "
	    "%s view, theme %s  ", d->st->host.delay_tenths / 10, d->st->host.delay_tenths % 10,
	    running, running == 1 ? "" : "s", paused ? ", " : "", paused,
	    paused ? " paused" : "", view, d->st->scr.theme.name);
	snprintf(left[1], sizeof left[1], "%d.%d s, %d running%s%.0d%s, %s, %s ",
	    d->st->host.delay_tenths / 10, d->st->host.delay_tenths % 10, running,
	    paused ? ", " : "", paused, paused ? " paused" : "", view, d->st->scr.theme.name);
	kind = draw_header_note(d, note, detail, sizeof detail);
	compose_init(&c, d->term->utf8);
	compose_add(&c, n, 3, 0, 0, left[0], left[1], NULL);
	if (recorder_mark(d->st, rec, sizeof rec) > 0)
		compose_add(&c, hn, 0, 0, 0, rec, NULL);
	if (kind == 3) {
		compose_add(&c, hn, 0, 0, 0, note[0], NULL);
		compose_add(&c, hn, 0, 2, 0, note[1], NULL);
		compose_add(&c, hn, 0, 4, 0, note[2], NULL);
	} else if (kind > 0) {
		compose_add(&c, hn, 2, 0, 0, note[0], note[1], note[2], NULL);
		if (kind == 2) {
			compose_add(&c, hn, 0, 2, 0, detail, NULL);
			compose_add(&c, hn, 0, 0, 0, " ", NULL);
		}
	}
	/* check --infer's legend (inferview.c), then the counters' (countersview.c). */
	if (inferview_legend(d->st->infer, d->st->ninfer, d->term->utf8, 1000, inf[0] + 1,
	    sizeof inf[0] - 1)) {
		inferview_legend(d->st->infer, d->st->ninfer, d->term->utf8, 24, inf[1] + 1,
		    sizeof inf[1] - 1);
		inferview_legend(d->st->infer, d->st->ninfer, d->term->utf8, 0, inf[2] + 1,
		    sizeof inf[2] - 1);
		for (i = 0; i < 3; i++) {
			inf[i][0] = ' ';
			snprintf(inf[i] + strlen(inf[i]), sizeof inf[i] - strlen(inf[i]), " ");
		}
		compose_add(&c, hn, 4, 6, 0, inf[0], inf[1], inf[2], NULL);
	}
	for (i = 0; i < 3; i++) {
		cv[i][0] = ' ';
		if (!countersview_header_form(d->st->cv, i, cv[i] + 1, sizeof cv[i] - 1))
			cv[i][0] = '\0';
	}
	if (cv[0][0] != '\0')
		compose_add(&c, n, 1, 4, 0, cv[0], cv[1], cv[2], NULL);
	compose_fit(&c, d->cols);
	paint_compose(1, 0, d->cols, &c);
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
	const struct ui_layout	*lay = d->lay;
	int			 i, h = lay->scr.caption_h, top = lay->caption_top, y;
	int			 below;

	if (lay->scr.caption_y < 0)
		return;
	for (i = 0; i < h && top + i < lay->ncaption; i++) {
		y = lay->scr.caption_y + i;
		paint_fill(y, 0, d->cols, A(THEME_CAPTION));
		below = lay->ncaption - top - h;
		/* A summary longer than its rows scrolls: its last row says how. */
		if (i == h - 1 && d->st->tour.ended && (below > 0 || top > 0))
			paint_printf(y, 0, d->cols, A(THEME_CAPTION), " %s %d line%s %s: Up "
			    "Down PgUp PgDn; Esc closes it", below > 0 ? "v" : "^",
			    below > 0 ? below : top, (below > 0 ? below : top) == 1 ? "" : "s",
			    below > 0 ? "below" : "above");
		else
			paint_printf(y, 0, d->cols, A(THEME_CAPTION), " %s",
			    lay->caption_line[top + i]);
	}
}

/* Room for the info line's texts while it is composed. */
struct draw_info_text {
	struct panelview_why	why;
	char			load[64], cpu[64], kind[64], pkg[32], sib[160], infer[512];
	char			counters[512], busy[2][96], who[2][400], split[160], reason[512];
	char			idle[512], caches[160];
};

/* The info line's time of the cursor's CPU: busy, smtscope's and others' share, idle, the split. */
static void
draw_info_time(const struct paint *d, struct compose *c, struct draw_info_text *t)
{
	const struct cpustat_pct	*pct = &d->st->host.pct[d->st->sel.cursor];
	const char			*who, *comma;
	double				 fg;
	int				 a = A(THEME_INFO);

	if (!d->st->host.pct_ok[d->st->sel.cursor]) {
		compose_add(c, a, 0, 3, 0, t->idle[0] != '\0' ? t->idle + 2 : t->idle, NULL);
		return;
	}
	fg = state_others_known(d->st) ? d->st->others.share[d->st->sel.cursor] : NAN;
	t->who[0][0] = t->who[1][0] = '\0';
	snprintf(t->busy[1], sizeof t->busy[1], "busy %.0f%%", pct->busy);
	if (isfinite(fg)) {
		who = d->st->others.who[d->st->sel.cursor];
		fg = 100 * fg < pct->busy ? 100 * fg : pct->busy;
		snprintf(t->busy[0], sizeof t->busy[0], "busy %.0f%%: smtscope %.0f%%, "
		    "others %.0f%%", pct->busy, pct->busy - fg, fg);
		if (who[0] != '\0') {
			snprintf(t->who[0], sizeof t->who[0], ": %s", who);
			comma = strstr(who, ", ");
			snprintf(t->who[1], sizeof t->who[1], ": %.*s", comma != NULL ?
			    (int)(comma - who) : (int)strlen(who), who);
		}
		snprintf(t->split, sizeof t->split, "; user %.1f nice %.1f system %.1f irq %.1f "
		    "softirq %.1f steal %.1f", pct->user, pct->nice, pct->system, pct->irq,
		    pct->softirq, pct->steal);
	} else {
		snprintf(t->busy[0], sizeof t->busy[0], "busy %.1f%%", pct->busy);
		snprintf(t->split, sizeof t->split, ": user %.1f nice %.1f system %.1f irq %.1f "
		    "softirq %.1f steal %.1f", pct->user, pct->nice, pct->system, pct->irq,
		    pct->softirq, pct->steal);
	}
	compose_add(c, a, 8, 9, 0, t->busy[0], t->busy[1], NULL);
	compose_add(c, a, 2, 2, 0, t->who[0], t->who[1], NULL);
	/* With others' names the idle goes before the split, else after it. */
	if (t->idle[0] != '\0')
		t->idle[0] = ';';
	if (isfinite(fg))
		compose_add(c, a, 0, 3, 0, t->idle, NULL);
	compose_add(c, a, 0, 1, 0, t->split, NULL);
	if (!isfinite(fg))
		compose_add(c, a, 0, 3, 0, t->idle, NULL);
}

/* The info line's CPU half: the cursor's CPU, core, package, siblings, its time. */
static void
draw_info_cpu(const struct paint *d, struct compose *c, struct draw_info_text *t)
{
	const struct topo		*m = d->st->host.m;
	const struct topo_pu		*p = &m->pus[d->st->sel.cursor];
	const struct topo_core		*core = &m->cores[p->core];
	size_t				 used = 0;
	int				 i, a = A(THEME_INFO);

	snprintf(t->cpu, sizeof t->cpu, "CPU %d: core %d", p->os_index, core->logical_index);
	compose_add(c, a, 0, 0, 0, t->cpu, NULL);
	t->kind[0] = t->pkg[0] = t->sib[0] = '\0';
	if (m->nkinds > 1 && core->kind != -1)
		snprintf(t->kind, sizeof t->kind, " %s", m->kinds[core->kind].label);
	compose_add(c, a, 0, 6, 0, t->kind, NULL);
	if (core->package != -1)
		snprintf(t->pkg, sizeof t->pkg, ", package %d",
		    m->packages[core->package].logical_index);
	compose_add(c, a, 0, 7, 0, t->pkg, NULL);
	if (core->npus > 1)
		used = (size_t)snprintf(t->sib, sizeof t->sib, ", sibling%s", core->npus > 2 ?
		    "s" : "");
	for (i = core->first_pu; i < core->first_pu + core->npus && used < sizeof t->sib; i++)
		if (i != d->st->sel.cursor)
			used += (size_t)snprintf(t->sib + used, sizeof t->sib - used, " %d",
			    m->pus[i].os_index);
	compose_add(c, a, 0, 0, 0, t->sib, NULL);
	/* Its core's own caches, as the tree's "each core:" row: the first to go. */
	t->caches[0] = '\0';
	if (core->ncaches > 0) {
		memcpy(t->caches, ", ", 3);
		topo_caches_words(core, t->caches + 2, sizeof t->caches - 2);
	}
	compose_add(c, a, 0, 1, 0, t->caches, NULL);
	if (!p->allowed)
		compose_add(c, a, 0, 0, 0, ", not allowed by the cpuset", NULL);
	t->infer[0] = t->counters[0] = '\0';
	if (inferview_info(d->st->infer, d->st->ninfer, p->os_index, t->infer + 2,
	    sizeof t->infer - 2))
		memcpy(t->infer, "; ", 2);
	compose_add(c, a, 0, 5, 0, t->infer, NULL);
	/* The cursor's load's counters, then its CPU's time: the composer parts them. */
	countersview_info(d->st->cv, state_target(d->st), t->counters, sizeof t->counters);
	compose_add(c, a, 0, 0, COMPOSE_SEP, "  ", NULL);
	compose_add(c, a, 0, 3, 0, t->counters, NULL);
	compose_add(c, a, 0, 0, COMPOSE_SEP, "; ", NULL);
	/* idleview.c: the CPU's idle residency and busy clock, after its busy split. */
	t->idle[0] = '\0';
	if (idleview_info(d->st->iv, p->os_index, t->idle + 2, sizeof t->idle - 2))
		memcpy(t->idle, "  ", 2);
	draw_info_time(d, c, t);
}

/*
 * The info lines, composed: the cursor's load and its whole WHY, then the
 * cursor's CPU (never dropped) and its time, the counters' reason in words
 * where there is room. Where the WHY does not fit beside the CPU's part,
 * the layout wrapped it on lines of its own above (lay->info_line); where
 * even those are short of rows, its further clauses go, marked by the
 * ellipsis, after every part of the CPU's that may go.
 */
static void
draw_info(const struct paint *d)
{
	struct draw_info_text	 t;
	struct compose		 c;
	struct load		*l;
	int			 y = d->lay->scr.info_y, a = A(THEME_INFO), i, w0;

	for (i = 0; i < d->lay->info_n; i++) {
		paint_fill(y, 0, d->cols, a);
		paint_text(y++, 0, d->cols, a, d->lay->info_line[i]);
	}
	paint_fill(y, 0, d->cols, a);
	compose_init(&c, d->term->utf8);
	compose_more_ellipsis(&c);
	if ((l = state_target(d->st)) != NULL && d->lay->info_n == 0) {
		snprintf(t.load, sizeof t.load, "CPU %d %s#%d: ", state_cursor_os(d->st),
		    l->spec.k->name, l->id);
		compose_add(&c, a, 0, 0, 0, t.load, NULL);
		why_text(d->st, l, t.why.text, sizeof t.why.text);
		/* The WHY, in its words, outlasts every part of the CPU's that may go. */
		w0 = c.n;
		panelview_why_add(&c, &t.why, a, 12, 13);
		for (i = w0; i < c.n; i++)
			c.e[i].shrink = 11;
		compose_add(&c, a, 0, 0, 0, "  |  ", NULL);
	}
	draw_info_cpu(d, &c, &t);
	/* The counters' reasons in words: the header names them only. */
	t.reason[0] = ' ';
	t.reason[1] = ' ';
	if (countersview_header_form(d->st->cv, 3, t.reason + 2, sizeof t.reason - 2))
		compose_add(&c, a, 0, 1, 0, t.reason, NULL);
	compose_fit(&c, d->cols);
	paint_compose(y, 0, d->cols, &c);
}

/*
 * Key names and their words as elements of the status line, each pair
 * together. The last `keep` pairs (? help, q quit) always show; the hints
 * before them go from the last, at priorities from first down to 1.
 */
static void
draw_keys_add(const struct paint *d, struct compose *c, const char *const *keys, int keep,
    int first, char words[][48])
{
	int	i, n;

	for (n = 0; keys[n] != NULL; n += 2)
		;
	for (i = 0; keys[i] != NULL; i += 2) {
		snprintf(words[i / 2], 48, " %s ", keys[i + 1]);
		compose_add(c, A(THEME_STATUS_KEY), 0, i >= n - 2 * keep ? 0 :
		    first - i / 2 > 1 ? first - i / 2 : 1, 0, keys[i], NULL);
		compose_add(c, A(THEME_STATUS), 0, 0, COMPOSE_TIED, words[i / 2], NULL);
	}
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
	static const char *const help[] = {
		"arrows", "scroll", "PgUp PgDn", "page", "Esc", "back", "q", "quit", NULL
	};
	static const char *const replay[] = {
		"Space", "play/pause", ".,", "step", "+-", "speed", "<>", "seek",
		"0-9", "go to", "?", "help", "q", "quit", NULL
	};

	*keep = 1;
	switch (d->st->sel.mode) {
	case UI_MENU:
		return menu;
	case UI_PARAM:
	case UI_GOTO:
		return param;
	case UI_PICK_B:
	case UI_MOVE:
		return pick;
	case UI_HELP:
		*keep = 2;
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

/*
 * A message's forms, each shorter than the one before: whole; without a
 * closing parenthesis, and a path it begins with as its file's name only;
 * up to its first "; "; up to its first ": ". Returns how many.
 */
static int
draw_message_forms(const char *msg, char forms[4][300])
{
	const char	*end = msg + strcspn(msg, " :"), *base = msg, *p, *semi, *colon;
	size_t		 len;
	int		 n = 1;

	snprintf(forms[0], sizeof forms[0], "%.256s  ", msg);
	/* "/tmp/x/config/smtscope/smtscoperc:3: ..." as "smtscoperc:3: ...". */
	for (p = msg; *msg == '/' && p < end; p++)
		if (*p == '/')
			base = p + 1;
	/* "...: a symbolic link (smtscope writes through no link)": the aside goes. */
	len = strlen(base);
	if (len > 0 && base[len - 1] == ')' && (p = strstr(base, " (")) != NULL)
		len = (size_t)(p - base);
	if (base != msg || len < strlen(base))
		snprintf(forms[n++], sizeof forms[0], "%.*s  ", (int)(len < 256 ? len : 256),
		    base);
	semi = strstr(base, "; ");
	colon = strstr(base, ": ");
	if (semi != NULL && (size_t)(semi - base) < len)
		snprintf(forms[n++], sizeof forms[0], "%.*s  ", (int)(semi - base), base);
	if (colon != NULL && (semi == NULL || colon < semi))
		snprintf(forms[n++], sizeof forms[0], "%.*s  ", (int)(colon - base), base);
	return n;
}

/*
 * The status line, composed: the last message, what the mode asks, then
 * the keys that matter now. The hints go first, the least needed first,
 * then the message keeps its first clauses; ? help and q quit always show.
 */
static void
draw_status(const struct paint *d)
{
	static const char *const next[] = { "n", "next step", NULL };
	const char *const *keys;
	char		 msg[4][300], ask[160], words[2][16][48];
	struct compose	 c;
	int		 y = d->lay->scr.status_y, keep, nf, s = A(THEME_STATUS);
	const struct load *l;

	paint_fill(y, 0, d->cols, s);
	keys = draw_status_keys(d, &keep);
	compose_init(&c, d->term->utf8);
	/* The move's prompt says what moves: the message need not say it too. */
	if (d->st->scr.msg[0] != '\0' && d->st->sel.mode != UI_MOVE) {
		nf = draw_message_forms(d->st->scr.msg, msg);
		compose_add(&c, A(d->st->scr.msg_error ? THEME_ERROR : THEME_STATUS), 13, 0,
		    COMPOSE_CLIP, msg[0], nf > 1 ? msg[1] : NULL, nf > 2 ? msg[2] : NULL,
		    nf > 3 ? msg[3] : NULL, NULL);
	}
	ask[0] = '\0';
	if (d->st->sel.mode == UI_MOVE) {
		l = d->st->host.loads != NULL ? loads_get(d->st->host.loads,
		    d->st->sel.move_id) : NULL;
		if (l != NULL)
			snprintf(ask, sizeof ask, "move %s#%d%s to: ", l->spec.k->name, l->id,
			    d->st->sel.move_b ? " (end B)" : "");
		else
			snprintf(ask, sizeof ask, "move load #%d to: ", d->st->sel.move_id);
	} else if (d->st->sel.mode == UI_PICK_B)
		snprintf(ask, sizeof ask, "%s: the CPU of its second end? ",
		    d->st->sel.pick_k->name);
	if (ask[0] != '\0')
		compose_add(&c, s, 0, 0, COMPOSE_CLIP, ask, NULL);
	if (d->st->tour.script && d->st->tour.script_key && !d->st->tour.keys &&
	    d->st->sel.mode == UI_NORMAL)
		draw_keys_add(d, &c, next, 1, 0, words[0]);
	draw_keys_add(d, &c, keys, keep, 12, words[1]);
	compose_fit(&c, d->cols);
	paint_compose(y, 0, d->cols, &c);
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
	struct compose		 c;
	char			 head[64], title[2][200], where[96];
	int			 n = d->lay->menu_n, w = b->w, y = b->y, x = b->x, i, e, cpu;

	draw_box(d, y, x, b->h, w, "");
	cpu = d->st->sel.mode == UI_PICK_B ? d->st->sel.pick_a : state_cursor_os(d->st);
	state_where(d->st, NULL, 0, where, sizeof where);
	if (d->st->sel.mode == UI_PICK_B || d->st->sel.where == UI_WHERE_CPU)
		snprintf(where, sizeof where, "CPU %d", cpu);
	snprintf(title[0], sizeof title[0], "Start a load on %s (1-9 or Up Down, Enter; "
	    "Left Right: where; Esc cancels)", where);
	snprintf(title[1], sizeof title[1], "Start a load on %s (Left Right: where)", where);
	compose_init(&c, d->term->utf8);
	compose_add(&c, A(THEME_MENU_TITLE), 1, 0, COMPOSE_CLIP, title[0], title[1], NULL);
	compose_fit(&c, w - 2);
	paint_compose(y, x + 1, x + w - 1, &c);
	/* Each entry: its key, name and unit whole; the tag goes, then the words end at a word. */
	for (i = 0; i < n; i++) {
		k = kernel_all[i];
		e = A(i == d->st->sel.menu ? THEME_MENU_SELECTED : THEME_MENU);
		paint_fill(y + 1 + i, x, x + w, e);
		snprintf(head, sizeof head, "%d %-7s %-14s ", i + 1, k->name, k->unit);
		compose_init(&c, d->term->utf8);
		compose_add(&c, e, 0, 0, 0, head, NULL);
		compose_add(&c, e, 0, 0, COMPOSE_CLIP, k->desc, NULL);
		compose_add(&c, e, 0, 1, 0, k->param_help != NULL ? " [parameter]" :
		    k->ends == 2 ? " [two CPUs]" : "", NULL);
		compose_fit(&c, w - 2);
		paint_compose(y + 1 + i, x + 1, x + w - 1, &c);
	}
	compose_init(&c, d->term->utf8);
	compose_add(&c, A(THEME_MENU), 0, 0, COMPOSE_CLIP,
	    kernel_all[d->st->sel.menu]->param_help != NULL ?
	    kernel_all[d->st->sel.menu]->param_help : "", NULL);
	compose_fit(&c, w - 2);
	paint_compose(y + b->h - 1, x + 1, x + w - 1, &c);
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

/* A box's border: corners and lines, in UTF-8 or ASCII. */
static void
draw_border(const struct paint *d, const struct layout_box *b, int attr)
{
	const char	*h = d->term->utf8 ? "\342\224\200" : "-";
	const char	*v = d->term->utf8 ? "\342\224\202" : "|";
	int		 i;

	for (i = 1; i < b->w - 1; i++) {
		paint_text(b->y, b->x + i, d->cols, attr, h);
		paint_text(b->y + b->h - 1, b->x + i, d->cols, attr, h);
	}
	for (i = 1; i < b->h - 1; i++) {
		paint_text(b->y + i, b->x, d->cols, attr, v);
		paint_text(b->y + i, b->x + b->w - 1, d->cols, attr, v);
	}
	paint_text(b->y, b->x, d->cols, attr, d->term->utf8 ? "\342\224\214" : "+");
	paint_text(b->y, b->x + b->w - 1, d->cols, attr, d->term->utf8 ? "\342\224\220" : "+");
	paint_text(b->y + b->h - 1, b->x, d->cols, attr, d->term->utf8 ? "\342\224\224" : "+");
	paint_text(b->y + b->h - 1, b->x + b->w - 1, d->cols, attr, d->term->utf8 ?
	    "\342\224\230" : "+");
}

/* The go-to prompt (#): a CPU's number or a place, in the prompt's box. */
static void
draw_goto(const struct paint *d)
{
	const struct layout_box	*b = &d->lay->param;
	int			 w = b->w, x = b->x, y = b->y;

	draw_box(d, y, x, b->h, w, "");
	paint_text(y, x + 1, x + w, A(THEME_MENU_TITLE), "Go to CPU");
	paint_text(y + 1, x + 1, x + w - 1, A(THEME_MENU),
	    "its number (as taskset), or a place: core:3.pu:1");
	paint_printf(y + 2, x + 1, x + w - 1, A(THEME_MENU_SELECTED), "> %s_",
	    d->st->sel.input);
	paint_text(y + 3, x + 1, x + w - 1, A(THEME_MENU), "Enter goes there; Esc cancels");
}

/*
 * The help: a bordered box over the screen, its text wrapped by words and
 * scrolled (the layout chose the lines); where it is, and how to move, on
 * its borders.
 */
static void
draw_help(const struct paint *d)
{
	const struct layout_box	*b = &d->lay->help;
	struct compose		 c;
	char			 where[64];
	int			 i, a = A(THEME_MENU), last;

	for (i = 0; i < b->h; i++)
		paint_fill(b->y + i, b->x, b->x + b->w, a);
	draw_border(d, b, a);
	compose_init(&c, d->term->utf8);
	compose_add(&c, A(THEME_MENU_TITLE), 0, 0, 0, " smtscope help ", NULL);
	compose_fit(&c, b->w - 4);
	paint_compose(b->y, b->x + 2, b->x + b->w - 2, &c);
	for (i = 0; i < d->lay->help_page && d->lay->help_top + i < d->lay->help_n; i++)
		paint_text(b->y + 1 + i, b->x + 2, b->x + b->w - 2, a,
		    d->lay->help_line[d->lay->help_top + i]);
	/* Where the box is in the text, and how to move: on the bottom border. */
	last = d->lay->help_top + d->lay->help_page;
	if (last > d->lay->help_n)
		last = d->lay->help_n;
	snprintf(where, sizeof where, " lines %d-%d of %d ", d->lay->help_top + 1, last,
	    d->lay->help_n);
	compose_init(&c, d->term->utf8);
	compose_add(&c, A(THEME_MENU_TITLE), 0, 0, 0, where, NULL);
	compose_add(&c, a, 1, 2, 0, last < d->lay->help_n ? "  more: arrows, PgDn, End " :
	    "  the end: arrows, PgUp, Home ", last < d->lay->help_n ? "  more: PgDn " :
	    "  the end ", NULL);
	compose_fit(&c, b->w - 4);
	paint_compose(b->y + b->h - 1, b->x + 2, b->x + b->w - 2, &c);
}

/*
 * Phrases ("|" between them) wrapped greedily into lines of cols, a space
 * between two on a line: their number, or rows + 1 when a phrase is wider
 * than a line or they need more than rows lines.
 */
static int
draw_small_wrap(const char *text, int cols, int rows, char lines[][64])
{
	const char	*p = text, *e;
	int		 n = 0, len, wl;

	while (*p != '\0') {
		e = strchr(p, '|');
		wl = e != NULL ? (int)(e - p) : (int)strlen(p);
		if (wl > cols || wl >= 64)
			return rows + 1;
		len = n > 0 ? (int)strlen(lines[n - 1]) : -1;
		if (n > 0 && len + 1 + wl <= cols && len + 1 + wl < 64)
			snprintf(lines[n - 1] + len, (size_t)(64 - len), " %.*s", wl, p);
		else if (n == rows)
			return rows + 1;
		else
			snprintf(lines[n++], 64, "%.*s", wl, p);
		p += wl;
		if (*p == '|')
			p++;
	}
	return n;
}

/*
 * The message when the terminal is too small: the first of its wordings
 * whose phrases fit whole in the rows and columns there are, down to a 1x1
 * terminal's "!", never a word cut.
 */
static void
draw_too_small(const struct paint *d)
{
	char	texts[10][96], lines[8][64], need[32];
	int	rows = d->term->rows < 8 ? d->term->rows : 8, i, n = 0, y;

	snprintf(need, sizeof need, "%dx%d", UI_MIN_COLS, UI_MIN_ROWS);
	snprintf(texts[0], sizeof texts[0], "Terminal too small: %dx%d, need %s",
	    d->cols, d->term->rows, need);
	snprintf(texts[1], sizeof texts[1], "Terminal too small:|%dx%d, need %s",
	    d->cols, d->term->rows, need);
	snprintf(texts[2], sizeof texts[2], "Terminal|too small:|%dx%d,|need %s",
	    d->cols, d->term->rows, need);
	snprintf(texts[3], sizeof texts[3], "Too small:|need %s", need);
	snprintf(texts[4], sizeof texts[4], "Too|small:|need|%s", need);
	snprintf(texts[5], sizeof texts[5], "need %s", need);
	snprintf(texts[6], sizeof texts[6], "need|%s", need);
	snprintf(texts[7], sizeof texts[7], "%s", need);
	snprintf(texts[8], sizeof texts[8], "tiny");
	snprintf(texts[9], sizeof texts[9], "!");
	if (rows < 1 || d->cols < 1)
		return;
	for (i = 0; i < 10; i++)
		if ((n = draw_small_wrap(texts[i], d->cols, rows, lines)) <= rows)
			break;
	if (i == 10)
		return;
	y = (d->term->rows - n) / 2;
	for (i = 0; i < n; i++)
		paint_text(y + i, 0, d->cols, A(i == 0 ? THEME_ERROR : THEME_NORMAL),
		    lines[i]);
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
		else if (d->st->sel.mode == UI_GOTO)
			draw_goto(d);
		else if (d->st->sel.mode == UI_HELP)
			draw_help(d);
	}
	attrset(A_NORMAL);
	wnoutrefresh(stdscr);
	doupdate();
	/*
	 * A 1x1 terminal's one cell is its lower right corner, which curses
	 * leaves blank (it cannot write there without scrolling unless it can
	 * insert before it); the terminal holds a character written there.
	 */
	if (d->lay->scr.too_small && d->cols == 1 && d->term->rows == 1) {
		fputs("\r!\r", stdout);
		fflush(stdout);
	}
}
