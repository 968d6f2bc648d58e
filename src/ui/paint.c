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
#include <string.h>

#include "engine/kernels/kernel.h"
#include "engine/loads.h"
#include "ui/paint.h"

const char *const paint_levels_utf8[9] = {
	"\302\267", "\342\226\201", "\342\226\202", "\342\226\203", "\342\226\204",
	"\342\226\205", "\342\226\206", "\342\226\207", "\342\226\210"
};
const char *const paint_levels_ascii[9] = {
	".", "_", ",", "-", "=", "+", "*", "#", "@"
};


/* Draw a string from x up to column end (exclusive); returns the next column. */
int
paint_text(int y, int x, int end, int attr, const char *s)
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
void
paint_fill(int y, int x, int end, int attr)
{
	attrset(attr);
	for (; x < end; x++)
		mvaddch(y, x, ' ');
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
