/*
 * theme.h: themes, files of "element = style" lines. Parsing and color
 * arithmetic only: no curses here, so the parser is tested without a
 * terminal.
 */
#ifndef SMTSCOPE_THEME_H
#define SMTSCOPE_THEME_H

#include <stddef.h>

/* Every colored element of the screen. */
enum theme_elem {
	THEME_NORMAL,
	THEME_HEADER,
	THEME_HEADER_NOTE,
	THEME_CAPTION,
	THEME_TREE,
	THEME_LABEL,
	THEME_CPU,
	THEME_CPU_DISALLOWED,
	THEME_CURSOR,
	THEME_HIGHLIGHT,
	THEME_MOVE_TARGET,
	THEME_BAR_USER,
	THEME_BAR_NICE,
	THEME_BAR_SYSTEM,
	THEME_BAR_IRQ,
	THEME_BAR_SOFTIRQ,
	THEME_BAR_STEAL,
	THEME_BAR_FOREIGN,
	THEME_BAR_FRAME,
	THEME_PERCENT,
	THEME_LOAD,
	THEME_LOAD_FLOATING,
	THEME_PANEL_TITLE,
	THEME_PANEL_SELECTED,
	THEME_SPEED_GOOD,
	THEME_SPEED_MID,
	THEME_SPEED_BAD,
	THEME_MEASURING,
	THEME_DISTURBED,
	THEME_PAUSED,
	THEME_SPARKLINE,
	THEME_INFO,
	THEME_STATUS,
	THEME_STATUS_KEY,
	THEME_ERROR,
	THEME_MENU,
	THEME_MENU_SELECTED,
	THEME_MENU_TITLE,
	THEME_CHART_1,		/* the time chart's lines, by the loads' order: */
	THEME_CHART_2,		/* colors that no verdict (speed, disturbed) uses */
	THEME_CHART_3,
	THEME_CHART_4,
	THEME_COUNT
};

/* A color: THEME_DEFAULT, an index 0-255, or THEME_RGB | 0xrrggbb. */
#define THEME_DEFAULT	(-1)
#define THEME_RGB	0x1000000

/* Attributes. */
#define THEME_BOLD	0x01
#define THEME_UNDERLINE	0x02
#define THEME_REVERSE	0x04
#define THEME_DIM	0x08
#define THEME_ITALIC	0x10
#define THEME_BLINK	0x20

struct theme_style {
	int		fg;
	int		bg;
	unsigned	attrs;
};

struct theme {
	char			name[64];	/* "default", or the file's base name */
	char			path[512];	/* file it came from, "" if built in */
	struct theme_style	style[THEME_COUNT];
};

#define THEME_MAX_LIST	32

/* The built-in default ("default") or monochrome ("mono") theme. */
void		 theme_builtin(struct theme *, int mono);
/*
 * Parse a theme from memory; name is used in messages ("file:line: ...").
 * Elements the text does not set keep the built-in default's style.
 * Returns 0, or -1 with a message; on error *t is left as it was.
 */
int		 theme_parse(struct theme *, const char *name, const char *buf,
		     size_t len, char *err, size_t errlen);
/* Load a theme by name (searched for) or by path; -1 and a message. */
int		 theme_load(struct theme *, const char *spec, char *err, size_t errlen);
/* Find a theme file by name; 0 with its path, or -1. */
int		 theme_find(const char *name, char *path, size_t len);
/* Names of every theme found and built in, sorted, without duplicates. */
int		 theme_list(char names[][64], int max);
/* Parse one color ("red", "bright_blue", "208", "#ff8800"); -1 if bad. */
int		 theme_parse_color(const char *, int *color);
/* Red, green and blue of a color index 0-255 in the xterm palette. */
void		 theme_index_rgb(int index, int *r, int *g, int *b);
/*
 * The nearest color a terminal with ncolors colors has: -1 for default,
 * else an index below ncolors. Bright colors 8-15 on an 8-color terminal
 * become 0-7 and set *bold.
 */
int		 theme_map_color(int color, int ncolors, int *bold);
const char	*theme_element_name(enum theme_elem);
/* Element by name, or -1. */
int		 theme_element_find(const char *);
/*
 * The colours a style is drawn in (theme_rgb.c), as 0xrrggbb on a 256-colour
 * terminal whose default colours are dfg and dbg; bold_bright: the terminal
 * draws bold ANSI 0-7 as their bright colours 8-15 (xterm's default).
 */
void		 theme_style_rgb(const struct theme_style *, int bold_bright, int dfg,
		     int dbg, int *fg, int *bg);
/* The WCAG contrast ratio of two 0xrrggbb colours, 1 to 21. */
double		 theme_contrast(int, int);
/* How far apart two 0xrrggbb colours look: CIE76 delta E. */
double		 theme_distance(int, int);
/* The text of a built-in theme, as a file would hold it. */
const char	*theme_builtin_text(int mono);

#endif
