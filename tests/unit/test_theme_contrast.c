/*
 * test_theme_contrast.c: every shipped theme reads (issue 36, point 3).
 * The text of the selected row, the cursor, the help and the menus, the
 * captions and the notes has a WCAG contrast of at least 7:1 (AAA) against
 * its background, on a terminal that draws bold in the bright colours
 * (xterm's default, most projectors' laptops) and on one that draws true
 * bold; no style writes bold black on a bright background; the chart's
 * four colours are apart from each other and from the background
 * (CIE76 delta E >= 40) in every theme. Prints the table it checked.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "ui/theme.h"

#define AAA	7.0
#define APART	40.0

static const char *const shipped[] = { "default", "light", "mono", "projector" };

/* The elements that carry text a room must read on their own background. */
static const enum theme_elem texts[] = {
	THEME_PANEL_SELECTED, THEME_CURSOR, THEME_HIGHLIGHT, THEME_MOVE_TARGET,
	THEME_MENU, THEME_MENU_SELECTED, THEME_MENU_TITLE, THEME_CAPTION,
	THEME_HEADER_NOTE, THEME_ERROR, THEME_PANEL_TITLE, THEME_STATUS_KEY,
	THEME_NORMAL, THEME_INFO, THEME_STATUS,
};

/* One theme's table and checks; dfg, dbg: the terminal's own colours. */
static void
theme_check(const char *name, const struct theme *t, int dfg, int dbg)
{
	const struct theme_style	*s;
	double				 c[2], low = 21;
	int				 i, j, m, fg, bg, bold_black = 0, chart[4], far = 1;

	printf("# %-10s %-15s %-8s %-8s %7s %7s\n", name, "element", "fg", "bg",
	    "bright", "bold");
	for (i = 0; i < (int)(sizeof texts / sizeof texts[0]); i++) {
		s = &t->style[texts[i]];
		for (m = 0; m < 2; m++) {
			theme_style_rgb(s, m == 0, dfg, dbg, &fg, &bg);
			c[m] = theme_contrast(fg, bg);
			if (c[m] < low)
				low = c[m];
		}
		theme_style_rgb(s, 0, dfg, dbg, &fg, &bg);
		printf("# %-10s %-15s #%06x  #%06x  %6.2f  %6.2f%s\n", "",
		    theme_element_name(texts[i]), fg, bg, c[0], c[1],
		    c[0] < AAA || c[1] < AAA ? "  LOW" : "");
	}
	ok(low >= AAA, "%s: every text element reads at %.1f:1 or more (lowest %.2f)",
	    name, AAA, low);
	for (i = 0; i < THEME_COUNT; i++) {
		s = &t->style[i];
		if ((s->attrs & THEME_BOLD) && s->fg == 0 && s->bg != THEME_DEFAULT) {
			theme_style_rgb(s, 0, dfg, dbg, &fg, &bg);
			if (theme_contrast(bg, 0) > 7) {
				bold_black++;
				printf("#   bold black on a bright background: %s\n",
				    theme_element_name(i));
			}
		}
	}
	ok(bold_black == 0, "%s: no bold black on a bright background (%d)", name,
	    bold_black);
	for (i = 0; i < 4; i++)
		theme_style_rgb(&t->style[THEME_CHART_1 + i], 1, dfg, dbg, &chart[i], &bg);
	for (i = 0; i < 4; i++) {
		if (theme_distance(chart[i], bg) < APART)
			far = 0;
		for (j = i + 1; j < 4; j++) {
			printf("# %-10s chart_%d/chart_%d delta E %.1f\n", "", i + 1, j + 1,
			    theme_distance(chart[i], chart[j]));
			if (theme_distance(chart[i], chart[j]) < APART)
				far = 0;
		}
	}
	ok(far || strcmp(name, "mono") == 0, "%s: the chart's four colours are apart "
	    "(delta E >= %.0f)%s", name, APART, strcmp(name, "mono") == 0 ?
	    " (mono: no colours; underline and bold tell its lines apart)" : "");
}

int
main(void)
{
	struct theme	t;
	char		path[256], err[512];
	size_t		i;
	int		light;

	for (i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
		snprintf(path, sizeof path, "themes/%s.theme", shipped[i]);
		if (theme_load(&t, path, err, sizeof err) == -1) {
			ok(0, "%s loads: %s", path, err);
			continue;
		}
		/* A light theme is for a light terminal: black on white. */
		light = strcmp(shipped[i], "light") == 0;
		theme_check(shipped[i], &t, light ? 0x000000 : 0xe5e5e5,
		    light ? 0xffffff : 0x000000);
	}
	return tap_done();
}
