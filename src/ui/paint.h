/*
 * paint.h: what a frame is drawn from (struct paint) and the pen every part
 * of it draws with (paint.c). Only src/ui/ includes it; drawing reads.
 */
#ifndef SMTSCOPE_UI_PAINT_H
#define SMTSCOPE_UI_PAINT_H

#include <stddef.h>

#include "ui/layout.h"
#include "ui/state.h"
#include "ui/term.h"

struct compose;
struct load;

/* What a frame is drawn from. */
struct paint {
	const struct ui_state	*st;
	const struct ui_layout	*lay;
	const struct ui_term	*term;
	int			 cols;
};

/* The curses attributes of a theme element (d is the frame's struct paint). */
#define A(e)	((int)d->term->attr[(e)])

/* Level glyphs, empty to full: a dot and eight blocks, or ASCII. */
extern const char *const paint_levels_utf8[9];
extern const char *const paint_levels_ascii[9];

/* Draw a string from x up to column end (exclusive); returns the next column. */
int	paint_text(int y, int x, int end, int attr, const char *s);
/* paint_text() for what may be cut by design (a plot's edge, a box's inside). */
int	paint_clip(int y, int x, int end, int attr, const char *s);
/* Draw a fitted line (compose.h) from x; returns the next column. */
int	paint_compose(int y, int x, int end, const struct compose *);
/* Fill columns x..end-1 of a row with blanks in a style. */
void	paint_fill(int y, int x, int end, int attr);
/* A printf-style paint_text. */
int	paint_printf(int y, int x, int end, int attr, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));
/* Four significant digits, or "--". */
void	paint_num(char *buf, size_t len, double x);
/* The theme element of a speed: how much slower than solo. */
int	paint_speed_elem(double speed);
/* Is a load on a CPU now? 1 for end A pinned, 2 floating there, 3 end B. */
int	paint_load_on(const struct load *l, int os);
/* The loads on a CPU as "hash#1 fp#2~"; returns how many. */
int	paint_cpu_loads(const struct paint *d, int os, char *buf, size_t len);

#endif
