/* theme.c: theme files: parse "element = style" lines, find themes, map colors. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "os/os.h"
#include "ui/theme.h"
#include "base/infile.h"
#include "base/util.h"
#include "base/xdg.h"

#ifndef SMTSCOPE_DATADIR
#define SMTSCOPE_DATADIR "/usr/local/share/smtscope"
#endif

#define THEME_LINE_MAX	512
#define THEME_FILE_MAX	(64 * 1024)

static const char *const theme_names[THEME_COUNT] = {
	[THEME_NORMAL] = "normal",
	[THEME_HEADER] = "header",
	[THEME_HEADER_NOTE] = "header_note",
	[THEME_CAPTION] = "caption",
	[THEME_TREE] = "tree",
	[THEME_LABEL] = "label",
	[THEME_CPU] = "cpu",
	[THEME_CPU_DISALLOWED] = "cpu_disallowed",
	[THEME_CURSOR] = "cursor",
	[THEME_HIGHLIGHT] = "highlight",
	[THEME_MOVE_TARGET] = "move_target",
	[THEME_BAR_USER] = "bar_user",
	[THEME_BAR_NICE] = "bar_nice",
	[THEME_BAR_SYSTEM] = "bar_system",
	[THEME_BAR_IRQ] = "bar_irq",
	[THEME_BAR_SOFTIRQ] = "bar_softirq",
	[THEME_BAR_STEAL] = "bar_steal",
	[THEME_BAR_FOREIGN] = "bar_foreign",
	[THEME_BAR_FRAME] = "bar_frame",
	[THEME_PERCENT] = "percent",
	[THEME_LOAD] = "load",
	[THEME_LOAD_FLOATING] = "load_floating",
	[THEME_PANEL_TITLE] = "panel_title",
	[THEME_PANEL_SELECTED] = "panel_selected",
	[THEME_SPEED_GOOD] = "speed_good",
	[THEME_SPEED_MID] = "speed_mid",
	[THEME_SPEED_BAD] = "speed_bad",
	[THEME_MEASURING] = "measuring",
	[THEME_DISTURBED] = "disturbed",
	[THEME_PAUSED] = "paused",
	[THEME_SPARKLINE] = "sparkline",
	[THEME_INFO] = "info",
	[THEME_STATUS] = "status",
	[THEME_STATUS_KEY] = "status_key",
	[THEME_ERROR] = "error",
	[THEME_MENU] = "menu",
	[THEME_MENU_SELECTED] = "menu_selected",
	[THEME_MENU_TITLE] = "menu_title",
	[THEME_CHART_1] = "chart_1",
	[THEME_CHART_2] = "chart_2",
	[THEME_CHART_3] = "chart_3",
	[THEME_CHART_4] = "chart_4",
};

/* The default theme, for a dark terminal; themes/default.theme holds the same. */
static const char theme_default_text[] =
    "# default: for a dark terminal background.\n"
    "normal         = default\n"
    "header         = bold\n"
    "header_note    = black on yellow\n"
    "caption        = black on cyan\n"
    "tree           = blue\n"
    "label          = cyan\n"
    "cpu            = default\n"
    "cpu_disallowed = default dim\n"
    "cursor         = black on cyan\n"
    "highlight      = black on yellow\n"
    "move_target    = black on 213\n"
    "bar_user       = green\n"
    "bar_nice       = blue\n"
    "bar_system     = red\n"
    "bar_irq        = yellow\n"
    "bar_softirq    = magenta\n"
    "bar_steal      = cyan\n"
    "bar_foreign    = white\n"
    "bar_frame      = bright_black bold\n"
    "percent        = default\n"
    "load           = yellow bold\n"
    "load_floating  = yellow\n"
    "panel_title    = black on green\n"
    "panel_selected = black on cyan\n"
    "speed_good     = green bold\n"
    "speed_mid      = yellow bold\n"
    "speed_bad      = red bold\n"
    "measuring      = cyan\n"
    "disturbed      = magenta dim\n"
    "paused         = default dim\n"
    "sparkline      = cyan\n"
    "info           = default\n"
    "status         = default\n"
    "status_key     = black on cyan\n"
    "error          = bright_white on 124 bold\n"
    "menu           = black on white\n"
    "menu_selected  = white on blue bold\n"
    "menu_title     = black on green\n"
    "chart_1        = bright_cyan bold\n"
    "chart_2        = bright_blue bold\n"
    "chart_3        = bright_white bold\n"
    "chart_4        = 213 bold\n";

/* The monochrome theme: attributes only; themes/mono.theme holds the same. */
static const char theme_mono_text[] =
    "# mono: no colors, only attributes (used when NO_COLOR is set).\n"
    "normal         = default\n"
    "header         = bold\n"
    "header_note    = reverse bold\n"
    "caption        = reverse bold\n"
    "tree           = default\n"
    "label          = bold\n"
    "cpu            = default\n"
    "cpu_disallowed = dim\n"
    "cursor         = reverse\n"
    "highlight      = underline bold\n"
    "move_target    = reverse underline\n"
    "bar_user       = default\n"
    "bar_nice       = default\n"
    "bar_system     = bold\n"
    "bar_irq        = bold\n"
    "bar_softirq    = bold\n"
    "bar_steal      = underline\n"
    "bar_foreign    = dim\n"
    "bar_frame      = default\n"
    "percent        = default\n"
    "load           = bold\n"
    "load_floating  = default\n"
    "panel_title    = reverse\n"
    "panel_selected = reverse\n"
    "speed_good     = default\n"
    "speed_mid      = bold\n"
    "speed_bad      = bold underline\n"
    "measuring      = dim\n"
    "disturbed      = dim\n"
    "paused         = dim\n"
    "sparkline      = default\n"
    "info           = default\n"
    "status         = default\n"
    "status_key     = reverse\n"
    "error          = reverse bold\n"
    "menu           = reverse\n"
    "menu_selected  = bold\n"
    "menu_title     = reverse bold\n"
    "chart_1        = bold\n"
    "chart_2        = default\n"
    "chart_3        = underline\n"
    "chart_4        = bold underline\n";

static const struct {
	const char	*name;
	int		 index;
} theme_colors[] = {
	{ "default", THEME_DEFAULT },
	{ "black", 0 }, { "red", 1 }, { "green", 2 }, { "yellow", 3 },
	{ "blue", 4 }, { "magenta", 5 }, { "cyan", 6 }, { "white", 7 },
	{ "bright_black", 8 }, { "gray", 8 }, { "grey", 8 },
	{ "bright_red", 9 }, { "bright_green", 10 }, { "bright_yellow", 11 },
	{ "bright_blue", 12 }, { "bright_magenta", 13 }, { "bright_cyan", 14 },
	{ "bright_white", 15 },
};

static const struct {
	const char	*name;
	unsigned	 attr;
} theme_attrs[] = {
	{ "bold", THEME_BOLD }, { "underline", THEME_UNDERLINE },
	{ "reverse", THEME_REVERSE }, { "dim", THEME_DIM },
	{ "italic", THEME_ITALIC }, { "blink", THEME_BLINK },
	{ "normal", 0 }, { "none", 0 },
};

/* The name of an element as theme files spell it. */
const char *
theme_element_name(enum theme_elem e)
{
	return e >= 0 && e < THEME_COUNT ? theme_names[e] : "?";
}

/* Find an element by name; -1 if there is none. */
int
theme_element_find(const char *name)
{
	int	i;

	for (i = 0; i < THEME_COUNT; i++)
		if (strcmp(theme_names[i], name) == 0)
			return i;
	return -1;
}

/* The text of a built-in theme. */
const char *
theme_builtin_text(int mono)
{
	return mono ? theme_mono_text : theme_default_text;
}

/* Parse one color word; 0 and the color, or -1. */
int
theme_parse_color(const char *s, int *color)
{
	char		 word[32], *end;
	const char	*p;
	size_t		 i;
	long		 v;

	if (s[0] == '#') {
		if (strlen(s) != 7)
			return -1;
		for (p = s + 1; *p != '\0'; p++)
			if (!isxdigit((unsigned char)*p))
				return -1;
		*color = THEME_RGB | (int)strtol(s + 1, NULL, 16);
		return 0;
	}
	if (isdigit((unsigned char)s[0])) {
		errno = 0;
		v = strtol(s, &end, 10);
		if (*end != '\0' || errno != 0 || v < 0 || v > 255)
			return -1;
		*color = (int)v;
		return 0;
	}
	/* Names: case does not matter, nor "brightred" for "bright_red". */
	if (strlen(s) >= sizeof word)
		return -1;
	for (i = 0; s[i] != '\0'; i++)
		word[i] = (char)tolower((unsigned char)s[i]);
	word[i] = '\0';
	if (strncmp(word, "bright", 6) == 0 && word[6] != '_' && word[6] != '\0') {
		/* Inserting the underscore needs one more byte. */
		if (strlen(word) + 2 > sizeof word)
			return -1;
		memmove(word + 7, word + 6, strlen(word + 6) + 1);
		word[6] = '_';
	}
	for (i = 0; i < sizeof theme_colors / sizeof theme_colors[0]; i++) {
		if (strcmp(word, theme_colors[i].name) == 0) {
			*color = theme_colors[i].index;
			return 0;
		}
	}
	return -1;
}

/* An attribute word, or -1. */
static int
theme_parse_attr(const char *s, unsigned *attr)
{
	size_t	i;

	for (i = 0; i < sizeof theme_attrs / sizeof theme_attrs[0]; i++) {
		if (strcasecmp(s, theme_attrs[i].name) == 0) {
			*attr = theme_attrs[i].attr;
			return 0;
		}
	}
	return -1;
}

/* Parse a style: "[FG] [on BG] [ATTR]..."; -1 with a message (no file:line). */
static int
theme_parse_style(char *s, struct theme_style *st, char *err, size_t errlen)
{
	char		*w, *save = NULL;
	unsigned	 attr;
	int		 color, want_bg = 0, have_fg = 0, have_bg = 0, words = 0;

	st->fg = st->bg = THEME_DEFAULT;
	st->attrs = 0;
	for (w = strtok_r(s, " \t", &save); w != NULL; w = strtok_r(NULL, " \t", &save)) {
		words++;
		if (want_bg) {
			if (theme_parse_color(w, &color) == -1) {
				snprintf(err, errlen, "bad color '%.40s'", w);
				return -1;
			}
			st->bg = color;
			want_bg = 0;
			have_bg = 1;
		} else if (strcasecmp(w, "on") == 0) {
			if (have_bg) {
				snprintf(err, errlen, "two background colors");
				return -1;
			}
			want_bg = 1;
		} else if (theme_parse_attr(w, &attr) == 0)
			st->attrs |= attr;
		else if (theme_parse_color(w, &color) == 0) {
			if (have_fg || have_bg) {
				snprintf(err, errlen, "unexpected color '%.40s' "
				    "(write FG on BG)", w);
				return -1;
			}
			st->fg = color;
			have_fg = 1;
		} else {
			snprintf(err, errlen, "bad color or attribute '%.40s'", w);
			return -1;
		}
	}
	if (want_bg) {
		snprintf(err, errlen, "'on' without a background color");
		return -1;
	}
	if (words == 0) {
		snprintf(err, errlen, "empty style");
		return -1;
	}
	return 0;
}

/* Cut a comment: '#' at the start or after a blank, unless it is a #rrggbb color. */
static void
theme_cut_comment(char *line)
{
	char	*p;
	int	 i;

	for (p = line; *p != '\0'; p++) {
		if (*p != '#' || (p != line && p[-1] != ' ' && p[-1] != '\t'))
			continue;
		for (i = 1; i <= 6 && isxdigit((unsigned char)p[i]); i++)
			;
		if (i == 7 && (p[7] == '\0' || p[7] == ' ' || p[7] == '\t') && p != line)
			continue;
		*p = '\0';
		return;
	}
}

/* Trim blanks at both ends, in place. */
static char *
theme_trim(char *s)
{
	char	*e;

	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* Parse one line into t; -1 with a message that has no file:line yet. */
static int
theme_parse_line(struct theme *t, char *line, char *err, size_t errlen)
{
	struct theme_style	 st;
	char			*eq, *key, *val;
	int			 e;

	theme_cut_comment(line);
	line = theme_trim(line);
	if (*line == '\0')
		return 0;
	if ((eq = strchr(line, '=')) == NULL) {
		snprintf(err, errlen, "expected 'element = style', got '%.40s'", line);
		return -1;
	}
	*eq = '\0';
	key = theme_trim(line);
	val = theme_trim(eq + 1);
	if (*key == '\0') {
		snprintf(err, errlen, "no element before '='");
		return -1;
	}
	if ((e = theme_element_find(key)) == -1) {
		snprintf(err, errlen, "unknown element '%.40s'", key);
		return -1;
	}
	if (theme_parse_style(val, &st, err, errlen) == -1)
		return -1;
	t->style[e] = st;
	return 0;
}

/* Parse text over a copy of the built-in default; -1 and "name:line: why". */
static int
theme_parse_into(struct theme *t, const char *name, const char *buf, size_t len,
    char *err, size_t errlen)
{
	char		 line[THEME_LINE_MAX + 1], why[256];
	size_t		 i, start, n;
	int		 lineno = 0;

	for (start = 0; start < len; start = i + 1) {
		lineno++;
		for (i = start; i < len && buf[i] != '\n'; i++)
			;
		n = i - start;
		if (n > THEME_LINE_MAX) {
			snprintf(err, errlen, "%s:%d: line too long", name, lineno);
			return -1;
		}
		memcpy(line, buf + start, n);
		line[n] = '\0';
		if (strlen(line) != n) {
			snprintf(err, errlen, "%s:%d: NUL byte in the line", name, lineno);
			return -1;
		}
		if (theme_parse_line(t, line, why, sizeof why) == -1) {
			snprintf(err, errlen, "%s:%d: %s", name, lineno, why);
			return -1;
		}
	}
	return 0;
}

/* The built-in default or mono theme. */
void
theme_builtin(struct theme *t, int mono)
{
	const char	*text = theme_builtin_text(mono);
	char		 err[256];
	int		 i;

	memset(t, 0, sizeof *t);
	for (i = 0; i < THEME_COUNT; i++)
		t->style[i].fg = t->style[i].bg = THEME_DEFAULT;
	if (theme_parse_into(t, "default", theme_default_text,
	    strlen(theme_default_text), err, sizeof err) == -1 ||
	    (mono && theme_parse_into(t, "mono", text, strlen(text), err,
	    sizeof err) == -1))
		fatalx("built-in theme: %s", err);
	snprintf(t->name, sizeof t->name, "%s", mono ? "mono" : "default");
}

/* Parse a theme from memory; on error t is left untouched. */
int
theme_parse(struct theme *t, const char *name, const char *buf, size_t len, char *err,
    size_t errlen)
{
	struct theme	tmp;

	theme_builtin(&tmp, 0);
	if (theme_parse_into(&tmp, name, buf, len, err, errlen) == -1)
		return -1;
	*t = tmp;
	return 0;
}

/* Directories searched for themes, most personal first (base/xdg.h); returns the count. */
static int
theme_dirs(char dirs[][XDG_DIR_LEN], int max)
{
	char	exe[512];

	return xdg_dirs(XDG_CONFIG, "themes", os_exe_dir(exe, sizeof exe) == 0 ? exe :
	    NULL, "themes", dirs, max);
}

/* Find a theme file by name in the search directories. */
int
theme_find(const char *name, char *path, size_t len)
{
	char		dirs[XDG_DIRS_MAX][XDG_DIR_LEN];
	struct stat	sb;
	int		i, nd;

	nd = theme_dirs(dirs, XDG_DIRS_MAX);
	for (i = 0; i < nd; i++) {
		snprintf(path, len, "%s/%s.theme", dirs[i], name);
		if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
			return 0;
	}
	return -1;
}

/* Load a theme by name or path. */
int
theme_load(struct theme *t, const char *spec, char *err, size_t errlen)
{
	struct theme	 tmp;
	char		 path[512], *buf, *base, *dot;
	size_t		 len;
	int		 rc;

	if (strchr(spec, '/') != NULL || strstr(spec, ".theme") != NULL)
		snprintf(path, sizeof path, "%s", spec);
	else if (theme_find(spec, path, sizeof path) == -1) {
		if (strcmp(spec, "default") == 0 || strcmp(spec, "mono") == 0) {
			theme_builtin(t, strcmp(spec, "mono") == 0);
			return 0;
		}
		snprintf(err, errlen, "theme '%s' not found (see smtscope(1), THEMES)", spec);
		return -1;
	}
	if ((buf = infile_read(path, "a theme", THEME_FILE_MAX, &len, err,
	    errlen)) == NULL)
		return -1;
	rc = theme_parse(&tmp, path, buf, len, err, errlen);
	free(buf);
	if (rc == -1)
		return -1;
	base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	snprintf(tmp.name, sizeof tmp.name, "%.63s", base);
	if ((dot = strstr(tmp.name, ".theme")) != NULL)
		*dot = '\0';
	snprintf(tmp.path, sizeof tmp.path, "%s", path);
	*t = tmp;
	return 0;
}

/* Order names for qsort. */
static int
theme_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Add a name to the list unless it is there; returns the new count. */
static int
theme_list_add(char names[][64], int n, int max, const char *name)
{
	int	i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return n;
	if (n < max)
		snprintf(names[n++], 64, "%s", name);
	return n;
}

/* Every theme that can be loaded by name. */
int
theme_list(char names[][64], int max)
{
	char		 dirs[XDG_DIRS_MAX][XDG_DIR_LEN], name[64];
	struct dirent	*de;
	DIR		*d;
	size_t		 l;
	int		 i, nd, n = 0;

	n = theme_list_add(names, n, max, "default");
	n = theme_list_add(names, n, max, "mono");
	nd = theme_dirs(dirs, XDG_DIRS_MAX);
	for (i = 0; i < nd; i++) {
		if ((d = opendir(dirs[i])) == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			l = strlen(de->d_name);
			if (l <= 6 || l - 6 >= sizeof name ||
			    strcmp(de->d_name + l - 6, ".theme") != 0 ||
			    de->d_name[0] == '.')
				continue;
			memcpy(name, de->d_name, l - 6);
			name[l - 6] = '\0';
			n = theme_list_add(names, n, max, name);
		}
		closedir(d);
	}
	qsort(names, (size_t)n, sizeof names[0], theme_cmp);
	return n;
}

/* The xterm palette: 16 system colors, a 6x6x6 cube, 24 grays. */
void
theme_index_rgb(int index, int *r, int *g, int *b)
{
	static const int sys[16][3] = {
		{ 0, 0, 0 }, { 205, 0, 0 }, { 0, 205, 0 }, { 205, 205, 0 },
		{ 0, 0, 238 }, { 205, 0, 205 }, { 0, 205, 205 }, { 229, 229, 229 },
		{ 127, 127, 127 }, { 255, 0, 0 }, { 0, 255, 0 }, { 255, 255, 0 },
		{ 92, 92, 255 }, { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
	};
	static const int cube[6] = { 0, 95, 135, 175, 215, 255 };

	if (index < 0 || index > 255)
		index = 0;
	if (index < 16) {
		*r = sys[index][0];
		*g = sys[index][1];
		*b = sys[index][2];
	} else if (index < 232) {
		index -= 16;
		*r = cube[index / 36];
		*g = cube[(index / 6) % 6];
		*b = cube[index % 6];
	} else
		*r = *g = *b = 8 + (index - 232) * 10;
}

/* The nearest color a terminal of ncolors has. */
int
theme_map_color(int color, int ncolors, int *bold)
{
	int	r, g, b, pr, pg, pb, i, best = 0, lim;
	long	d, bestd = -1;

	*bold = 0;
	if (color == THEME_DEFAULT || ncolors <= 0)
		return THEME_DEFAULT;
	if (!(color & THEME_RGB)) {
		if (color < ncolors)
			return color;
		if (color >= 8 && color < 16 && ncolors >= 8) {
			*bold = 1;
			return color - 8;
		}
		theme_index_rgb(color, &r, &g, &b);
	} else {
		r = (color >> 16) & 0xff;
		g = (color >> 8) & 0xff;
		b = color & 0xff;
	}
	lim = ncolors > 256 ? 256 : ncolors;
	for (i = 0; i < lim; i++) {
		theme_index_rgb(i, &pr, &pg, &pb);
		d = (long)(r - pr) * (r - pr) + (long)(g - pg) * (g - pg) +
		    (long)(b - pb) * (b - pb);
		if (bestd == -1 || d < bestd) {
			bestd = d;
			best = i;
		}
	}
	return best;
}
