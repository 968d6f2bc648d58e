/*
 * paint.c: the pen every part of the frame draws with: text cut to a width
 * at a character boundary, blanks in a style, numbers in four digits, and
 * what a load is on a CPU. It reads; it changes nothing.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "ui/compose.h"
#include "ui/paint.h"

const char *const paint_levels_utf8[9] = {
	"\302\267", "\342\226\201", "\342\226\202", "\342\226\203", "\342\226\204",
	"\342\226\205", "\342\226\206", "\342\226\207", "\342\226\210"
};
const char *const paint_levels_ascii[9] = {
	".", "_", ",", "-", "=", "+", "*", "#", "@"
};


/*
 * The test hook of tests/screen/lines.sh: with SMTSCOPE_CUTS=1 in the
 * environment, every text that paint_text() had to cut is said on stderr
 * (the screen's own lines are composed to fit; a cut is a bug).
 */
static void
paint_cut(int y, int x, const char *s)
{
	static int	 report = -1;
	const char	*v;

	if (report == -1) {
		v = getenv("SMTSCOPE_CUTS");
		report = v != NULL && strcmp(v, "1") == 0;
	}
	if (report)
		fprintf(stderr, "smtscope: cut at row %d, column %d: %s\n", y, x, s);
}

/*
 * Put n bytes of UTF-8 at (y, x) in the attribute set: decoded here and
 * handed to curses as wide characters, a run at a time. (waddnstr() turns
 * each byte through mbrtowc() and iconv: most of the screen's cost.)
 */
static void
paint_put(int y, int x, const char *s, size_t n)
{
	wchar_t			 w[512];
	const unsigned char	*p = (const unsigned char *)s, *e = p + n;
	int			 k = 0, more;
	unsigned int		 c;

	while (p < e) {
		c = *p++;
		more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
		c &= more == 3 ? 0x07 : more == 2 ? 0x0f : more == 1 ? 0x1f : 0x7f;
		for (; more > 0 && p < e && (*p & 0xc0) == 0x80; more--)
			c = c << 6 | (*p++ & 0x3f);
		w[k++] = more == 0 ? (wchar_t)c : L'?';
		if (k == (int)(sizeof w / sizeof w[0]) - 1 || p == e) {
			mvaddnwstr(y, x, w, k);
			x += k;
			k = 0;
		}
	}
}

/* Draw up to end; cut: what to do with text that does not fit (1 report it). */
static int
paint_draw(int y, int x, int end, int attr, const char *s, int report)
{
	const char	*p = s;
	int		 w = 0;

	if (*s == '\0')
		return x;
	if (x >= end) {
		if (report)
			paint_cut(y, x, s);
		return x;
	}
	/* Cut at a character boundary once the columns run out. */
	while (*p != '\0') {
		if (((unsigned char)*p & 0xc0) != 0x80) {
			if (x + w >= end)
				break;
			w++;
		}
		p++;
	}
	if (*p != '\0' && report)
		paint_cut(y, x, s);
	attrset(attr);
	paint_put(y, x, s, (size_t)(p - s));
	return x + w;
}

/* Draw a string from x up to column end (exclusive); returns the next column. */
int
paint_text(int y, int x, int end, int attr, const char *s)
{
	return paint_draw(y, x, end, attr, s, 1);
}

/* paint_text() for what may be cut by design (a box's inside, a plot's edge). */
int
paint_clip(int y, int x, int end, int attr, const char *s)
{
	return paint_draw(y, x, end, attr, s, 0);
}

/* Draw a fitted line (compose.c) from x; "+N" in its counted elements' style. */
int
paint_compose(int y, int x, int end, const struct compose *c)
{
	char	part[1024], more[32];
	int	i, after = compose_more_after(c), mattr = 0;

	for (i = 0; i < c->n; i++)
		if (c->e[i].flags & COMPOSE_COUNTED)
			mattr = c->e[i].attr;
	compose_more_text(c, more, sizeof more);
	if (after == -1 && more[0] != '\0')
		x = paint_text(y, x, end, mattr, more + 1);
	for (i = 0; i < c->n; i++) {
		x = paint_text(y, x, end, c->e[i].attr, compose_part(c, i, part, sizeof part));
		if (i == after)
			x = paint_text(y, x, end, mattr, more);
	}
	return x;
}

/* Fill columns x..end-1 of a row with blanks in a style. */
void
paint_fill(int y, int x, int end, int attr)
{
	attrset(attr);
	if (x < end)
		mvhline(y, x, (chtype)' ' | (chtype)attr, end - x);
}

/* A printf-style paint_text. */
int __attribute__((format(printf, 5, 6)))
paint_printf(int y, int x, int end, int attr, const char *fmt, ...)
{
	char	buf[1024];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return paint_text(y, x, end, attr, buf);
}

/* Four significant digits, or "--". */
void
paint_num(char *buf, size_t len, double x)
{
	double	a = fabs(x);

	/* The bounds as rounded: 9.9996 is "10.00", not "10.000". */
	if (!isfinite(x))
		snprintf(buf, len, "--");
	else if (a >= 999.95)
		snprintf(buf, len, "%.0f", x);
	else if (a >= 99.995)
		snprintf(buf, len, "%.1f", x);
	else if (a >= 9.9995)
		snprintf(buf, len, "%.2f", x);
	else
		snprintf(buf, len, "%.3f", x);
}

/* The style of a speed: how much slower than solo. */
int
paint_speed_elem(double speed)
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
int
paint_load_on(const struct load *l, int os)
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
int
paint_cpu_loads(const struct paint *d, int os, char *buf, size_t len)
{
	struct load	*l;
	size_t		 used;
	int		 i, on, n = 0;

	buf[0] = '\0';
	if (d->st->host.loads == NULL)
		return 0;
	for (i = 0; i < loads_count(d->st->host.loads); i++) {
		l = loads_at(d->st->host.loads, i);
		if ((on = paint_load_on(l, os)) == 0)
			continue;
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s#%d%s", n ? " " : "", l->spec.k->name,
		    l->id, on == 2 ? "~" : on == 3 ? "b" : "");
		n++;
	}
	return n;
}
