/* test_report.c: the number formatter and the text, CSV and JSON writers of report.c. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "tap.h"
#include "base/util.h"

/* What a writer printed, as one string. */
static char	out[8192];

/* Run a writer into out. */
static void
capture(void (*w)(const struct report_table *, FILE *), const struct report_table *t)
{
	FILE	*f = tmpfile();
	size_t	 n;

	if (f == NULL) {
		out[0] = '\0';
		return;
	}
	w(t, f);
	rewind(f);
	n = fread(out, 1, sizeof out - 1, f);
	out[n] = '\0';
	fclose(f);
}

/* A table as a whole JSON text in sb, through the writer. */
static void
test_write_json(const struct report_table *t, struct strbuf *sb)
{
	struct jsonw	w;

	jsonw_init(&w, sb);
	report_write_json(t, &w);
	jsonw_finish(&w);
}

/* Is fmt_num(v, style, prec) exactly want? */
static void
fmt_is(double v, enum fmt_style style, int prec, const char *want)
{
	char	buf[64];

	fmt_num(buf, sizeof buf, v, style, prec);
	ok(strcmp(buf, want) == 0, "fmt %g style %d: '%s' (want '%s')", v, (int)style, buf,
	    want);
}

/* One function for every number: people's styles and data. */
static void
test_fmt(void)
{
	struct strbuf	sb;
	struct jsonw	w;

	fmt_is(626.305, FMT_SIG3, 0, "626");
	fmt_is(12.345, FMT_SIG3, 0, "12.3");
	fmt_is(0.456, FMT_SIG3, 0, "0.46");
	fmt_is(NAN, FMT_SIG3, 0, "-");
	fmt_is(9.87654, FMT_RATE, 0, "9.877");
	fmt_is(592.24, FMT_RATE, 0, "592.2");
	fmt_is(0.4849, FMT_PCT, 0, "48%");
	fmt_is(1.5, FMT_FIXED, 3, "1.500");
	fmt_is(INFINITY, FMT_FIXED, 2, "-");
	fmt_is(626305000.0, FMT_DATA, 0, "626305000");
	fmt_is(626305000.4, FMT_DATA, 0, "626305000");
	fmt_is(626.30512, FMT_DATA, 0, "626.305");
	fmt_is(3.0, FMT_DATA, 0, "3");
	fmt_is(-0.0, FMT_DATA, 0, "0");
	fmt_is(0.0012345678, FMT_DATA, 0, "0.00123457");
	fmt_is(NAN, FMT_DATA, 0, "");

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_array(&w);
	jsonw_num(&w, 2.5);
	jsonw_num(&w, NAN);
	jsonw_num(&w, 42);
	jsonw_array_end(&w);
	ok(strcmp(sb.s, "[2.5,null,42]") == 0, "JSON numbers: %s", sb.s);
	strbuf_free(&sb);
	ok(strcmp(report_better_name(REPORT_HIGHER), "higher") == 0 &&
	    strcmp(report_better_name(REPORT_LOWER), "lower") == 0 &&
	    strcmp(report_better_name(REPORT_NEUTRAL), "") == 0, "better names");
}

enum { C_NAME, C_UNIT, C_RATE, C_SPEED, C_NOTE, C_NCOLS };
static const struct report_col cols[C_NCOLS] = {
	[C_NAME] = { .key = "name", .title = "NAME", .width = 6 },
	[C_UNIT] = { .key = "unit" },
	[C_RATE] = { .key = "rate", .title = "RATE", .right = 1, .unit = 1,
	    .style = FMT_SIG3 },
	[C_SPEED] = { .key = "speed", .title = "SPEED", .right = 1, .style = FMT_PCT },
	[C_NOTE] = { .key = "note", .title = "NOTE", .gap = 2 },
};

/* A small table: a figure with its unit, n/a with a reason, a failure, awkward text. */
static struct report_table *
sample_table(void)
{
	struct report_table	*t = report_new(cols, C_NCOLS);
	int			 r;

	r = report_add_row(t);
	report_set_text(t, r, C_NAME, "hash");
	report_set_text(t, r, C_UNIT, "MB/s");
	report_set_num(t, r, C_RATE, 626.305, "MB/s", REPORT_HIGHER);
	report_set_num(t, r, C_SPEED, 0.5, NULL, REPORT_HIGHER);
	report_set_text(t, r, C_NOTE, "plain");
	r = report_add_row(t);
	report_set_text(t, r, C_NAME, "a,b");
	report_set_text(t, r, C_UNIT, "us/round trip");
	report_set_num(t, r, C_RATE, 12.5, "us/round trip", REPORT_LOWER);
	report_set_flag(t, r, C_RATE, REPORT_NA, "no SMT");
	report_set_text(t, r, C_NOTE, "say \"hi\"\nthere");
	report_set_json(t, r, C_NOTE, "[1,2]");
	report_set_note(t, r, "FAILED: %s", "it died");
	r = report_add_row(t);
	report_set_text(t, r, C_NAME, "fp");
	report_set_flag(t, r, C_SPEED, REPORT_FAILED, "killed by signal %d", 9);
	return t;
}

/* CSV: keys as header, RFC 4180 quoting, figures in the unit shown, n/a empty. */
static void
test_csv(void)
{
	struct report_table	*t = sample_table();

	capture(report_write_csv, t);
	ok(strcmp(out,
	    "name,unit,rate,speed,note\n"
	    "hash,MB/s,626.305,0.5,plain\n"
	    "\"a,b\",us/round trip,,,\"say \"\"hi\"\"\nthere\"\n"
	    "fp,,,,\n") == 0, "CSV quoting, units, n/a and failed empty:\n%s", out);
	report_free(t);
}

/*
 * Text: aligned columns, right-aligned figures with units, "-", notes, no
 * padding at the end; a column of several words ("626 MB/s") two blanks
 * from its neighbours, so that its own blank never reads as a column's gap.
 */
static void
test_text(void)
{
	struct report_table	*t = sample_table();

	capture(report_write_text, t);
	ok(strcmp(out,
	    "NAME        RATE  SPEED  NOTE\n"
	    "hash    626 MB/s    50%  plain\n"
	    "a,b            -      -  say \"hi\"\nthere\n"
	    "       FAILED: it died\n"
	    "fp             -      -  -\n") == 0, "text table:\n%s", out);
	report_free(t);
}

/* JSON: one object per row, keyed members, raw values, null for n/a. */
static void
test_json(void)
{
	struct report_table	*t = sample_table();
	struct strbuf		 sb;

	strbuf_init(&sb);
	test_write_json(t, &sb);
	ok(strcmp(sb.s,
	    "[{\"name\":\"hash\",\"unit\":\"MB/s\",\"rate\":626.305,\"speed\":0.5,"
	    "\"note\":\"plain\"},"
	    "{\"name\":\"a,b\",\"unit\":\"us/round trip\",\"rate\":null,\"speed\":null,"
	    "\"note\":[1,2]},"
	    "{\"name\":\"fp\",\"unit\":null,\"rate\":null,\"speed\":null,\"note\":null}]")
	    == 0, "JSON array: %s", sb.s);
	strbuf_free(&sb);
	report_free(t);
}

/* Flags and reasons read as one status. */
static void
test_status(void)
{
	struct report_table		*t = sample_table();
	const struct report_cell	*c;
	char				 buf[128];

	report_status(report_cell(t, 0, C_RATE), buf, sizeof buf);
	ok(strcmp(buf, "ok") == 0, "status ok: %s", buf);
	report_status(report_cell(t, 1, C_RATE), buf, sizeof buf);
	ok(strcmp(buf, "n/a: no SMT") == 0, "status n/a: %s", buf);
	report_status(report_cell(t, 2, C_SPEED), buf, sizeof buf);
	ok(strcmp(buf, "failed: killed by signal 9") == 0, "status failed: %s", buf);
	report_set_flag(t, 0, C_RATE, REPORT_DISTURBED, "got 80%% of its CPU");
	report_status(report_cell(t, 0, C_RATE), buf, sizeof buf);
	ok(strcmp(buf, "disturbed: got 80% of its CPU") == 0, "status disturbed: %s", buf);
	c = report_cell(t, 0, C_RATE);
	ok(c->better == REPORT_HIGHER && strcmp(c->unit, "MB/s") == 0 && c->v == 626.305,
	    "a record keeps its unit and direction");
	report_free(t);
}

/* Footnotes: distinct texts numbered from 1, printed once. */
static void
test_notes(void)
{
	struct report_notes	 notes;
	FILE			*f = tmpfile();
	size_t			 n;

	memset(&notes, 0, sizeof notes);
	ok(report_note(&notes, "smt-sibling: %s", "no SMT") == 1, "first note is 1");
	ok(report_note(&notes, "other") == 2, "second note is 2");
	ok(report_note(&notes, "smt-sibling: no SMT") == 1, "the same text keeps its number");
	if (f == NULL)
		return;
	report_notes_flush(&notes, f);
	rewind(f);
	n = fread(out, 1, sizeof out - 1, f);
	out[n] = '\0';
	fclose(f);
	ok(strcmp(out, "\n[1] smt-sibling: no SMT\n[2] other\n") == 0 && notes.n == 0,
	    "flushed: %s", out);
}

/* Spreads and disturbed figures in text: "~626 MB/s ±2.0%", aligned by characters. */
static void
test_spread(void)
{
	struct report_table	*t = report_new(cols, C_NCOLS);
	struct strbuf		 sb;
	char			 buf[32];

	report_add_row(t);
	report_set_text(t, 0, C_NAME, "hash");
	report_set_num(t, 0, C_RATE, 626.305, "MB/s", REPORT_HIGHER);
	report_set_spread(t, 0, C_RATE, 0.02);
	report_set_flag(t, 0, C_RATE, REPORT_DISTURBED, "shared with a hog");
	report_add_row(t);
	report_set_text(t, 1, C_NAME, "fp");
	report_set_num(t, 1, C_RATE, 51.7, "GFLOP/s", REPORT_HIGHER);
	report_set_spread(t, 1, C_RATE, 0.125);
	capture(report_write_text, t);
	ok(strcmp(out,
	    "NAME                 RATE  SPEED  NOTE\n"
	    "hash      ~626 MB/s \u00b12.0%      -  -\n"
	    "fp      51.7 GFLOP/s \u00b112%      -  -\n") == 0, "text with spreads:\n%s", out);
	capture(report_write_csv, t);
	ok(strstr(out, "hash,,626.305,,") != NULL, "CSV carries the figure alone: %s", out);
	strbuf_init(&sb);
	test_write_json(t, &sb);
	ok(strstr(sb.s, "\"rate\":626.305") != NULL, "and so does JSON: %s", sb.s);
	strbuf_free(&sb);
	ok(strcmp(fmt_spread(buf, sizeof buf, NAN), "") == 0 &&
	    strcmp(fmt_spread(buf, sizeof buf, 0.0004), "\u00b10.0%") == 0,
	    "no spread is empty; a tiny one is \u00b10.0%%");
	report_free(t);
}

int
main(void)
{
	test_fmt();
	test_csv();
	test_text();
	test_json();
	test_status();
	test_notes();
	test_spread();
	return tap_done();
}
