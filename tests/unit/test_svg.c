/* test_svg.c: the SVG writer: its one escaper, characters as UTF-8, the elements. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/svg.h"
#include "tap.h"

static char	*out;
static size_t	 outlen;

/* A stream into out. */
static FILE *
test_open(void)
{
	free(out);
	out = NULL;
	return open_memstream(&out, &outlen);
}

/* Escape in, compare with want. */
static void
test_escape_is(const char *in, const char *want, const char *what)
{
	FILE	*f = test_open();

	svg_escape(f, in);
	fclose(f);
	ok(strcmp(out, want) == 0, "escape %s: '%s'", what, out);
}

/* The one escaper: specials, controls, UTF-8 kept, what XML forbids replaced. */
static void
test_escape(void)
{
	test_escape_is("plain", "plain", "plain text");
	test_escape_is("a<b & c>d \"q\" it's", "a&lt;b &amp; c&gt;d &quot;q&quot; it's",
	    "the specials (an apostrophe is fine in double quotes)");
	test_escape_is("a\nb\x01" "c\td", "a b c\td", "controls as spaces, a tab kept");
	test_escape_is("caf\xc3\xa9 \xe2\x80\x94 \xc2\xb1", "caf\xc3\xa9 \xe2\x80\x94 \xc2\xb1",
	    "UTF-8 kept");
	test_escape_is("x\xffy", "x\xef\xbf\xbdy", "a stray byte is U+FFFD");
	test_escape_is("\xe2\x80", "\xef\xbf\xbd\xef\xbf\xbd", "a cut sequence");
	test_escape_is("\xef\xbf\xbe", "\xef\xbf\xbd", "U+FFFE, not an XML character");
	test_escape_is("\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd", "a surrogate");
}

/* Code points as UTF-8, with U+FFFD for what is not a character. */
static void
test_utf8(void)
{
	static const struct {
		unsigned long	 cp;
		const char	*want;
	} cases[] = {
		{ 'A', "A" }, { 0xe9, "\xc3\xa9" }, { 0x2500, "\xe2\x94\x80" },
		{ 0x1f600, "\xf0\x9f\x98\x80" }, { 0xd800, "\xef\xbf\xbd" },
		{ 0xffff, "\xef\xbf\xbd" }, { 0x110000, "\xef\xbf\xbd" },
	};
	char	buf[5];
	size_t	i, n;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		n = svg_utf8(cases[i].cp, buf);
		buf[n] = '\0';
		ok(strcmp(buf, cases[i].want) == 0, "U+%04lX as UTF-8", cases[i].cp);
	}
}

/* The elements: attributes in order, numbers by fmt_num, text and titles escaped. */
static void
test_elements(void)
{
	struct svg_page	 pg = { 100.5, 40, "a & b", "'Mono', monospace", 14, "#000000" };
	FILE		*f = test_open();

	svg_begin(f, &pg);
	svg_text(f, 10, 8.4 * 3, "fill=\"#fff\"", "x<y");
	svg_textf(f, 1, 2, NULL, "%d%%", 50);
	svg_rect(f, 0, 0, 8.4, 17, "#123456", NULL, NULL);
	svg_rect(f, 1, 2, 3, 4, "#abcdef", "stroke=\"#000\"", "CPUs 0 & 1");
	svg_line(f, 0, 0.5, 10, 20, NULL);
	svg_group(f, "font-size=\"9\"", "tip");
	svg_group_end(f);
	ok(svg_end(f) == 0, "no write error");
	fclose(f);
	ok(strcmp(out,
	    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100.5\" height=\"40\" "
	    "viewBox=\"0 0 100.5 40\" font-family=\"'Mono', monospace\" font-size=\"14\">\n"
	    "<title>a &amp; b</title>\n"
	    "<rect width=\"100%\" height=\"100%\" fill=\"#000000\"/>\n"
	    "<text x=\"10\" y=\"25.2\" fill=\"#fff\">x&lt;y</text>\n"
	    "<text x=\"1\" y=\"2\">50%</text>\n"
	    "<rect x=\"0\" y=\"0\" width=\"8.4\" height=\"17\" fill=\"#123456\"/>\n"
	    "<rect x=\"1\" y=\"2\" width=\"3\" height=\"4\" fill=\"#abcdef\" stroke=\"#000\">"
	    "<title>CPUs 0 &amp; 1</title></rect>\n"
	    "<line x1=\"0\" y1=\"0.5\" x2=\"10\" y2=\"20\"/>\n"
	    "<g font-size=\"9\"><title>tip</title>\n</g>\n"
	    "</svg>\n") == 0, "a document, element by element");
}

/* A bar chart: a bar per finite value, none for NAN, the reference line labelled. */
static void
test_bars(void)
{
	struct svg_bar	 b[2];
	FILE		*f = test_open();

	memset(b, 0, sizeof b);
	snprintf(b[0].group, sizeof b[0].group, "Step <1>");
	snprintf(b[0].label, sizeof b[0].label, "hash");
	b[0].value = 0.5;
	snprintf(b[0].text, sizeof b[0].text, "50%%");
	snprintf(b[1].label, sizeof b[1].label, "fp");
	b[1].value = NAN;
	snprintf(b[1].text, sizeof b[1].text, "not measured");
	ok(svg_bars(f, "T & T", "note", b, 2, 1.0) == 0, "a chart is written");
	fclose(f);
	ok(strstr(out, ">Step &lt;1&gt;</text>") != NULL && strstr(out, ">T &amp; T</text>")
	    != NULL, "its texts escaped");
	ok(strstr(out, "<rect x=\"260\" y=\"86\" width=\"205\" height=\"18\" fill=\"#3c78d8\"/>")
	    != NULL, "one bar, half the reference");
	ok(strstr(out, ">100% = alone</text>\n</svg>\n") != NULL, "the reference line's label");
}

/*
 * The three charts built on svg_bars_ref() with the texts that crossed
 * their reference line: idle's group titles over the line at 0, time's
 * "0.73x: ..." just short of 1.00, tour's "0.85 loads' work" and its step
 * titles over 100%. Each is written to $SMTSCOPE_SVG_OUT/NAME.svg when
 * set (tests/cli/svglabels.sh reads their boxes); here, the line is broken.
 */
static void
test_bars_ref_chart(const char *name, double ref, const char *reflabel,
    const char *const *groups, const double *v, const char *const *text, int n)
{
	struct svg_bar	 b[8];
	const char	*dir = getenv("SMTSCOPE_SVG_OUT");
	char		 path[512];
	FILE		*f = test_open(), *g;
	const char	*p;
	int		 i, nlines = 0;

	memset(b, 0, sizeof b);
	for (i = 0; i < n && i < 8; i++) {
		snprintf(b[i].group, sizeof b[i].group, "%s", groups[i]);
		snprintf(b[i].label, sizeof b[i].label, "bar %d", i);
		b[i].value = v[i];
		snprintf(b[i].text, sizeof b[i].text, "%s", text[i]);
		b[i].kind = i % 3;
	}
	ok(svg_bars_ref(f, name, "A note.", b, n, ref, reflabel) == 0, "%s: written", name);
	fclose(f);
	for (p = out; (p = strstr(p, "<line ")) != NULL; p++)
		nlines++;
	ok(nlines >= 2, "%s: the reference line broken around its texts (%d pieces)", name,
	    nlines);
	if (dir == NULL)
		return;
	snprintf(path, sizeof path, "%s/%s.svg", dir, name);
	ok((g = fopen(path, "w")) != NULL && fputs(out, g) >= 0 && fclose(g) == 0,
	    "%s written", path);
}

static void
test_bars_ref(void)
{
	static const char *const ig[] = { "pipe on smt-sibling (CPUs 0 and 1)", "",
	    "fork on shared-l3 (CPUs 0 and 2)", "" };
	static const double iv[] = { 12.5, 6.2, 80, 75 };
	static const char *const it[] = { "12.5 \u00b5s", "6.2 \u00b5s: waking costs 6.3 "
	    "\u00b5s", "80 \u00b5s", "75 \u00b5s" };
	static const char *const tg[] = { "Speed per placement (the median wall time, s, "
	    "and its range over 3 runs)", "", "" };
	static const double tv[] = { 1.0, 0.73, 0.95 };
	static const char *const tt[] = { "1.00x: 2.000 s (1.990-2.010)",
	    "0.73x: 2.740 s (2.700-2.800)", "0.95x: 2.100 s (2.000-2.200)" };
	static const char *const ug[] = { "Step 1: two loads on sibling CPUs of one core, "
	    "each against itself alone", "", "Step 2: yield", "" };
	static const double uv[] = { 0.45, 0.40, 0.85, 1.4 };
	static const char *const ut[] = { "45%", "40%", "0.85 loads' work", "1.40 loads' work" };

	test_bars_ref_chart("idle", 0, "0 \u00b5s", ig, iv, it, 4);
	test_bars_ref_chart("time", 1.0, "1 = 1.00", tg, tv, tt, 3);
	test_bars_ref_chart("tour", 1.0, "100% = alone", ug, uv, ut, 4);
}

int
main(void)
{
	test_escape();
	test_utf8();
	test_elements();
	test_bars();
	test_bars_ref();
	free(out);
	return tap_done();
}
