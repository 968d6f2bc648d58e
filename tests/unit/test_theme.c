/* test_theme.c: the theme parser: styles, colors, file:line errors, fuzzing. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "ui/theme.h"

/* Parse text; returns the parser's result, the message in err. */
static int
parse(struct theme *t, const char *text, char *err, size_t errlen)
{
	err[0] = '\0';
	return theme_parse(t, "test.theme", text, strlen(text), err, errlen);
}

/* Read a whole file into a new buffer; NULL if it cannot. */
static char *
slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "r");
	char	*buf;

	if (f == NULL)
		return NULL;
	buf = malloc(1 << 16);
	*len = fread(buf, 1, (1 << 16) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* Styles of two themes are the same for every element. */
static int
same(const struct theme *a, const struct theme *b)
{
	return memcmp(a->style, b->style, sizeof a->style) == 0;
}

/* Every check of the theme parser, in order. */
int
main(void)
{
	static const char *const shipped[] = { "default", "mono", "light", "projector" };
	struct theme	 t, before, def, mono, f;
	char		 err[512], buf[600], *text, path[256];
	size_t		 len, i;
	unsigned	 seed = 12345;
	int		 c, bold, r, n, crashed = 0, fails;

	/* Colors. */
	ok(theme_parse_color("red", &c) == 0 && c == 1, "red is 1");
	ok(theme_parse_color("Bright_Blue", &c) == 0 && c == 12, "Bright_Blue is 12");
	ok(theme_parse_color("brightwhite", &c) == 0 && c == 15, "brightwhite is 15");
	ok(theme_parse_color("grey", &c) == 0 && c == 8, "grey is 8");
	ok(theme_parse_color("default", &c) == 0 && c == THEME_DEFAULT, "default");
	ok(theme_parse_color("208", &c) == 0 && c == 208, "208 is an index");
	ok(theme_parse_color("256", &c) == -1, "256 is not a color");
	ok(theme_parse_color("-1", &c) == -1, "-1 is not a color");
	ok(theme_parse_color("#ff8700", &c) == 0 && c == (THEME_RGB | 0xff8700),
	    "#ff8700 is RGB");
	ok(theme_parse_color("#ff870", &c) == -1, "#ff870 is too short");
	ok(theme_parse_color("#gg8700", &c) == -1, "#gg8700 is not hex");
	ok(theme_parse_color("purpl", &c) == -1, "purpl is not a color");
	/* Issue 18: 31 and 30 characters, "bright" and no underscore: no overflow. */
	ok(theme_parse_color("brightaaaaaaaaaaaaaaaaaaaaaaaaa", &c) == -1,
	    "a 31-character bright... word is refused, not overflowed");
	ok(theme_parse_color("brightaaaaaaaaaaaaaaaaaaaaaaaa", &c) == -1,
	    "a 30-character bright... word is refused");

	/* The nearest color a terminal has. */
	ok(theme_map_color(THEME_RGB | 0xff8700, 256, &bold) == 208 && !bold,
	    "#ff8700 is 208 on 256 colors");
	ok(theme_map_color(THEME_RGB | 0xff0000, 8, &bold) == 1,
	    "#ff0000 is red on 8 colors");
	ok(theme_map_color(THEME_RGB | 0xffffff, 16, &bold) == 15,
	    "#ffffff is bright white on 16 colors");
	ok(theme_map_color(12, 8, &bold) == 4 && bold,
	    "bright blue is bold blue on 8 colors");
	ok(theme_map_color(196, 8, &bold) == 1, "196 is red on 8 colors");
	ok(theme_map_color(THEME_DEFAULT, 256, &bold) == THEME_DEFAULT, "default stays");
	ok(theme_map_color(3, 0, &bold) == THEME_DEFAULT, "no colors: default");

	/* Styles. */
	r = parse(&t, "# a comment\n\nheader = yellow on blue bold underline # trailing\n"
	    "cursor = reverse\nbar_user=#00ff00\n  tree   =   208   on   #000000  \n",
	    err, sizeof err);
	ok(r == 0, "a good theme parses (%s)", err);
	ok(t.style[THEME_HEADER].fg == 3 && t.style[THEME_HEADER].bg == 4 &&
	    t.style[THEME_HEADER].attrs == (THEME_BOLD | THEME_UNDERLINE),
	    "fg on bg with two attributes");
	ok(t.style[THEME_CURSOR].fg == THEME_DEFAULT &&
	    t.style[THEME_CURSOR].attrs == THEME_REVERSE, "an attribute alone");
	ok(t.style[THEME_BAR_USER].fg == (THEME_RGB | 0x00ff00),
	    "#rrggbb right after = is a color, not a comment");
	ok(t.style[THEME_TREE].fg == 208 && t.style[THEME_TREE].bg == THEME_RGB,
	    "blanks around everything");
	theme_builtin(&def, 0);
	ok(memcmp(&t.style[THEME_MENU], &def.style[THEME_MENU], sizeof t.style[0]) == 0,
	    "elements not set keep the default's style");

	/* Errors: file:line and the old state kept. */
	before = t;
	r = parse(&t, "header = bold\nnosuch = red\n", err, sizeof err);
	ok(r == -1 && strcmp(err, "test.theme:2: unknown element 'nosuch'") == 0,
	    "unknown element: %s", err);
	ok(same(&t, &before), "an error leaves the theme as it was");
	r = parse(&t, "header = bold\n\ncursor = purpl on red\n", err, sizeof err);
	ok(r == -1 && strcmp(err, "test.theme:3: bad color or attribute 'purpl'") == 0,
	    "bad color: %s", err);
	r = parse(&t, "cursor = red on purpl\n", err, sizeof err);
	ok(r == -1 && strcmp(err, "test.theme:1: bad color 'purpl'") == 0,
	    "bad background: %s", err);
	r = parse(&t, "# x\nheader bold\n", err, sizeof err);
	ok(r == -1 && strncmp(err, "test.theme:2: expected 'element = style'", 40) == 0,
	    "missing '=': %s", err);
	r = parse(&t, "header =\n", err, sizeof err);
	ok(r == -1 && strcmp(err, "test.theme:1: empty style") == 0, "empty style: %s", err);
	r = parse(&t, "= red\n", err, sizeof err);
	ok(r == -1 && strstr(err, "test.theme:1:") == err, "no element: %s", err);
	r = parse(&t, "header = red on\n", err, sizeof err);
	ok(r == -1 && strstr(err, "test.theme:1: 'on' without") == err, "dangling on: %s", err);
	r = parse(&t, "header = red green\n", err, sizeof err);
	ok(r == -1 && strstr(err, "test.theme:1: unexpected color") == err,
	    "two foregrounds: %s", err);
	r = parse(&t, "header = red on blue on green\n", err, sizeof err);
	ok(r == -1 && strstr(err, "test.theme:1:") == err, "two backgrounds: %s", err);
	memset(buf, 'a', sizeof buf - 1);
	buf[sizeof buf - 1] = '\0';
	r = parse(&t, buf, err, sizeof err);
	ok(r == -1 && strcmp(err, "test.theme:1: line too long") == 0, "long line: %s", err);
	r = theme_parse(&t, "test.theme", "header = bold\ncursor\0= red\n", 26, err,
	    sizeof err);
	ok(r == -1 && strcmp(err, "test.theme:2: NUL byte in the line") == 0,
	    "NUL byte: %s", err);
	r = parse(&t, "header = bold\r\ncursor = reverse\r\n", err, sizeof err);
	ok(r == 0, "CRLF line ends are fine (%s)", err);

	/* Loading by path and name. */
	r = theme_load(&t, "/nonexistent/x.theme", err, sizeof err);
	ok(r == -1 && strstr(err, "/nonexistent/x.theme: ") == err, "a missing file: %s", err);
	r = theme_load(&t, "nosuchtheme", err, sizeof err);
	ok(r == -1 && strstr(err, "'nosuchtheme' not found") != NULL, "a missing name: %s",
	    err);
	theme_builtin(&mono, 1);
	ok(mono.style[THEME_BAR_USER].fg == THEME_DEFAULT &&
	    mono.style[THEME_CURSOR].attrs == THEME_REVERSE, "built-in mono has no colors");
	for (i = 0; i < THEME_COUNT; i++)
		if (mono.style[i].fg != THEME_DEFAULT || mono.style[i].bg != THEME_DEFAULT)
			break;
	ok(i == THEME_COUNT, "no mono element has a color");

	/* The shipped files parse, and default and mono equal the built-ins. */
	for (i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
		snprintf(path, sizeof path, "themes/%s.theme", shipped[i]);
		text = slurp(path, &len);
		if (text == NULL) {
			skip("%s is not readable from here", path);
			continue;
		}
		r = theme_parse(&f, path, text, len, err, sizeof err);
		ok(r == 0, "%s parses (%s)", path, err);
		/* Every element is set in every shipped file. */
		for (n = 0; n < THEME_COUNT; n++) {
			snprintf(buf, sizeof buf, "\n%s ", theme_element_name(n));
			if (strstr(text, buf) == NULL) {
				snprintf(buf, sizeof buf, "\n%s=", theme_element_name(n));
				if (strstr(text, buf) == NULL)
					break;
			}
		}
		ok(n == THEME_COUNT, "%s sets every element (first missing: %s)", path,
		    n < THEME_COUNT ? theme_element_name(n) : "none");
		if (strcmp(shipped[i], "default") == 0)
			ok(same(&f, &def), "themes/default.theme equals the built-in default");
		if (strcmp(shipped[i], "mono") == 0)
			ok(same(&f, &mono), "themes/mono.theme equals the built-in mono");
		free(text);
	}
	ok(theme_element_find("cursor") == THEME_CURSOR && theme_element_find("x") == -1,
	    "elements by name");
	for (n = 0; n < THEME_COUNT; n++)
		if (theme_element_find(theme_element_name(n)) != n)
			break;
	ok(n == THEME_COUNT, "every element has a name that finds it");

	/* Fuzz: random bytes and mutated themes never crash and always say why. */
	fails = 0;
	for (n = 0; n < 20000; n++) {
		const char *base = theme_builtin_text(n & 1);

		if (n % 2 == 0) {
			len = (size_t)(rand_r(&seed) % (sizeof buf));
			for (i = 0; i < len; i++)
				buf[i] = (char)(rand_r(&seed) % 256);
		} else {
			len = strlen(base) < sizeof buf ? strlen(base) : sizeof buf;
			memcpy(buf, base, len);
			for (i = 0; i < 1 + (size_t)(rand_r(&seed) % 4); i++) {
				static const char alphabet[] = "=#on \n\t\r\0xbold0123456789abcdef#";

				buf[rand_r(&seed) % len] = alphabet[rand_r(&seed) %
				    (sizeof alphabet - 1)];
			}
		}
		err[0] = '\0';
		t = def;
		r = theme_parse(&t, "fuzz.theme", buf, len, err, sizeof err);
		if (r == -1 && (strncmp(err, "fuzz.theme:", 11) != 0 || !same(&t, &def)))
			fails++;
		if (r != 0 && r != -1)
			crashed++;
	}
	ok(crashed == 0 && fails == 0,
	    "20000 random and mutated themes: errors all name fuzz.theme:LINE (%d bad)", fails);
	return tap_done();
}
