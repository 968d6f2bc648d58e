/*
 * fmt.h: the one number formatter. Every figure smtscope prints, in text,
 * CSV, JSON, SVG or a sentence, is written by fmt_num(), so the same
 * figure reads the same everywhere.
 */
#ifndef SMTSCOPE_FMT_H
#define SMTSCOPE_FMT_H

#include <stddef.h>

/* How a number is written. */
enum fmt_style {
	FMT_DATA,	/* JSON and CSV: whole numbers whole, else 6 significant digits */
	FMT_SIG3,	/* for people, about three digits: 626, 12.3, 0.46 */
	FMT_RATE,	/* a rate: three decimals below 10, else one */
	FMT_FIXED,	/* prec decimals */
	FMT_PCT		/* a ratio as a whole percentage: 0.48 is "48%" */
};

/* Format v; "-" when it is not finite ("" in FMT_DATA). Returns buf. */
char	*fmt_num(char *buf, size_t len, double v, enum fmt_style, int prec);
/* "±2.0%" for a relative spread, "" when not finite. Returns buf. */
char	*fmt_spread(char *buf, size_t len, double spread);

/* v rounded to sig significant digits, for data that need no more (recordings). */
double	 fmt_round(double v, int sig);

#endif
