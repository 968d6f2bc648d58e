/*
 * theme_rgb.c: what a terminal shows of a theme's style, as RGB: the
 * palette as xterm draws it, a direct colour as the nearest of 256 (what
 * draw.c asks curses for), the default colours the caller's, reverse
 * swapped, and bold drawn bright (ANSI 0-7 as 8-15) where the terminal
 * does so (xterm's default, most projectors' laptops) or not (true bold).
 * The WCAG contrast of two colours, and their CIE76 distance, for the test
 * that every shipped theme reads and for the snapshot's SVG. Pure: no curses.
 */
#include "config.h"

#include <math.h>

#include "ui/theme.h"

/* A colour number (or THEME_RGB) as 0xrrggbb as a 256-colour terminal shows it. */
static int
theme_rgb_of(int color, int bright, int fallback)
{
	int	idx, bold, r, g, b;

	if (color == THEME_DEFAULT)
		return fallback;
	idx = theme_map_color(color, 256, &bold);
	if (bright && idx >= 0 && idx < 8)
		idx += 8;
	theme_index_rgb(idx, &r, &g, &b);
	return r << 16 | g << 8 | b;
}

/* The colours a style is drawn in, as 0xrrggbb. */
void
theme_style_rgb(const struct theme_style *s, int bold_bright, int dfg, int dbg, int *fg,
    int *bg)
{
	int	f, b, t;

	f = theme_rgb_of(s->fg, bold_bright && (s->attrs & THEME_BOLD), dfg);
	b = theme_rgb_of(s->bg, 0, dbg);
	if (s->attrs & THEME_REVERSE) {
		t = f;
		f = b;
		b = t;
	}
	*fg = f;
	*bg = b;
}

/* A channel of sRGB, linear. */
static double
theme_linear(int v)
{
	double	c = v / 255.0;

	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* The relative luminance of 0xrrggbb (WCAG 2). */
static double
theme_luminance(int rgb)
{
	return 0.2126 * theme_linear(rgb >> 16 & 0xff) + 0.7152 *
	    theme_linear(rgb >> 8 & 0xff) + 0.0722 * theme_linear(rgb & 0xff);
}

/* The WCAG contrast ratio of two colours, 1 to 21. */
double
theme_contrast(int a, int b)
{
	double	la = theme_luminance(a), lb = theme_luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* CIE L*a*b* of 0xrrggbb (D65). */
static void
theme_lab(int rgb, double lab[3])
{
	double	r = theme_linear(rgb >> 16 & 0xff), g = theme_linear(rgb >> 8 & 0xff);
	double	b = theme_linear(rgb & 0xff), xyz[3], f[3];
	int	i;

	xyz[0] = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
	xyz[1] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
	xyz[2] = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
	for (i = 0; i < 3; i++)
		f[i] = xyz[i] > 0.008856 ? cbrt(xyz[i]) : 7.787 * xyz[i] + 16.0 / 116;
	lab[0] = 116 * f[1] - 16;
	lab[1] = 500 * (f[0] - f[1]);
	lab[2] = 200 * (f[1] - f[2]);
}

/* How far apart two colours look: CIE76 delta E (about 2.3 just noticeable). */
double
theme_distance(int a, int b)
{
	double	la[3], lb[3];

	theme_lab(a, la);
	theme_lab(b, lb);
	return sqrt((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
	    (la[2] - lb[2]) * (la[2] - lb[2]));
}
