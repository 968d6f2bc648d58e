/* jsonw.c: the one JSON writer: nesting and commas tracked, strings escaped once. */
#include "config.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"
#include "base/jsonw.h"
#include "base/util.h"

/* Start writing one JSON value at the end of sb. */
void
jsonw_init(struct jsonw *w, struct strbuf *sb)
{
	memset(w, 0, sizeof *w);
	w->sb = sb;
}

/* Assert that the value is complete. */
void
jsonw_finish(const struct jsonw *w)
{
	assert(w->depth == 0 && !w->keyed && w->done);
	(void)w;
}

/* Close the top object, finish, write the text and a newline to f, free the buffer. */
void
jsonw_end_report(struct jsonw *w, FILE *f)
{
	jsonw_object_end(w);
	jsonw_finish(w);
	strbuf_puts(w->sb, "\n");
	fputs(w->sb->s, f);
	strbuf_free(w->sb);
}

/* Before a value: the comma it needs, and the checks that it may go here. */
static void
jsonw_value(struct jsonw *w)
{
	assert(!w->done);
	if (w->depth == 0)
		return;
	if (w->open[w->depth - 1] == '{') {
		assert(w->keyed);
		w->keyed = 0;
		return;
	}
	if (w->any[w->depth - 1])
		strbuf_add(w->sb, ",", 1);
	w->any[w->depth - 1] = 1;
}

/* After a value: at the top, the text is whole. */
static void
jsonw_after(struct jsonw *w)
{
	if (w->depth == 0)
		w->done = 1;
}

/* Open a container of a kind. */
static void
jsonw_open(struct jsonw *w, char kind)
{
	jsonw_value(w);
	assert(w->depth < JSONW_DEPTH_MAX);
	w->open[w->depth] = kind;
	w->any[w->depth] = 0;
	w->depth++;
	strbuf_add(w->sb, kind == '{' ? "{" : "[", 1);
}

/* Close the innermost container, which must be of this kind. */
static void
jsonw_close(struct jsonw *w, char kind)
{
	assert(w->depth > 0 && w->open[w->depth - 1] == kind && !w->keyed);
	w->depth--;
	strbuf_add(w->sb, kind == '{' ? "}" : "]", 1);
	jsonw_after(w);
}

/* Open an object. */
void
jsonw_object(struct jsonw *w)
{
	jsonw_open(w, '{');
}

/* Close the innermost object. */
void
jsonw_object_end(struct jsonw *w)
{
	jsonw_close(w, '{');
}

/* Open an array. */
void
jsonw_array(struct jsonw *w)
{
	jsonw_open(w, '[');
}

/* Close the innermost array. */
void
jsonw_array_end(struct jsonw *w)
{
	jsonw_close(w, '[');
}

/* Append s as a string literal: escapes, and U+FFFD for bytes that are not UTF-8. */
static void
jsonw_quote(struct strbuf *sb, const char *s)
{
	static const char	 hex[] = "0123456789abcdef", ctl[] = "\b\f\n\r\t";
	const char		*run = s, *e;
	char			 esc[8];
	size_t			 n;

	strbuf_add(sb, "\"", 1);
	while (*s != '\0') {
		n = util_utf8_len(s);
		if (n > 1 || (n == 1 && (unsigned char)*s >= 0x20 && *s != '"' &&
		    *s != '\\')) {
			s += n;
			continue;
		}
		strbuf_add(sb, run, (size_t)(s - run));
		if (n == 0)
			strbuf_puts(sb, "\\ufffd");
		else if (*s == '"' || *s == '\\') {
			esc[0] = '\\';
			esc[1] = *s;
			strbuf_add(sb, esc, 2);
		} else if ((e = strchr(ctl, *s)) != NULL) {
			esc[0] = '\\';
			esc[1] = "bfnrt"[e - ctl];
			strbuf_add(sb, esc, 2);
		} else {
			memcpy(esc, "\\u00", 4);
			esc[4] = hex[(unsigned char)*s >> 4];
			esc[5] = hex[(unsigned char)*s & 0xf];
			strbuf_add(sb, esc, 6);
		}
		run = ++s;
	}
	strbuf_add(sb, run, (size_t)(s - run));
	strbuf_add(sb, "\"", 1);
}

/* A member's key. */
void
jsonw_key(struct jsonw *w, const char *key)
{
	assert(key != NULL && w->depth > 0 && w->open[w->depth - 1] == '{' && !w->keyed);
	if (w->any[w->depth - 1])
		strbuf_add(w->sb, ",", 1);
	w->any[w->depth - 1] = 1;
	jsonw_quote(w->sb, key);
	strbuf_add(w->sb, ":", 1);
	w->keyed = 1;
}

/* A value written as is: a literal or a number. */
static void
jsonw_literal(struct jsonw *w, const char *text)
{
	jsonw_value(w);
	strbuf_puts(w->sb, text);
	jsonw_after(w);
}

/* A string; NULL is null. */
void
jsonw_str(struct jsonw *w, const char *s)
{
	if (s == NULL) {
		jsonw_null(w);
		return;
	}
	jsonw_value(w);
	jsonw_quote(w->sb, s);
	jsonw_after(w);
}

/* A text that may be absent: NULL or "" is null. */
void
jsonw_text(struct jsonw *w, const char *s)
{
	jsonw_str(w, s != NULL && *s != '\0' ? s : NULL);
}

/* A number through fmt_num(FMT_DATA); null when it is not finite. */
void
jsonw_num(struct jsonw *w, double v)
{
	char	buf[64];

	jsonw_literal(w, isfinite(v) ? fmt_num(buf, sizeof buf, v, FMT_DATA, 0) : "null");
}

/* A number with prec decimals (a time stamp, whose digits count at any size). */
void
jsonw_fixed(struct jsonw *w, double v, int prec)
{
	char	buf[64];

	jsonw_literal(w, isfinite(v) ? fmt_num(buf, sizeof buf, v, FMT_FIXED, prec) : "null");
}

/* A whole number. */
void
jsonw_int(struct jsonw *w, long long v)
{
	char	buf[32];

	snprintf(buf, sizeof buf, "%lld", v);
	jsonw_literal(w, buf);
}

/* true or false. */
void
jsonw_bool(struct jsonw *w, int v)
{
	jsonw_literal(w, v ? "true" : "false");
}

/* true (1), false (0) or null (unknown). */
void
jsonw_tristate(struct jsonw *w, int v)
{
	jsonw_literal(w, v == 1 ? "true" : v == 0 ? "false" : "null");
}

/* null. */
void
jsonw_null(struct jsonw *w)
{
	jsonw_literal(w, "null");
}

/* A whole value another jsonw wrote. */
void
jsonw_raw(struct jsonw *w, const char *json)
{
	assert(json != NULL && *json != '\0' &&
	    strchr("{[\"-0123456789tfn", *json) != NULL);
	jsonw_literal(w, json);
}

/* "key":{ */
void
jsonw_key_object(struct jsonw *w, const char *key)
{
	jsonw_key(w, key);
	jsonw_object(w);
}

/* "key":[ */
void
jsonw_key_array(struct jsonw *w, const char *key)
{
	jsonw_key(w, key);
	jsonw_array(w);
}

/* "key":"s", or null for NULL. */
void
jsonw_key_str(struct jsonw *w, const char *key, const char *s)
{
	jsonw_key(w, key);
	jsonw_str(w, s);
}

/* "key":"s", or null for NULL or "". */
void
jsonw_key_text(struct jsonw *w, const char *key, const char *s)
{
	jsonw_key(w, key);
	jsonw_text(w, s);
}

/* "key":v, or null when v is not finite. */
void
jsonw_key_num(struct jsonw *w, const char *key, double v)
{
	jsonw_key(w, key);
	jsonw_num(w, v);
}

/* "key":v with prec decimals. */
void
jsonw_key_fixed(struct jsonw *w, const char *key, double v, int prec)
{
	jsonw_key(w, key);
	jsonw_fixed(w, v, prec);
}

/* "key":v as a whole number. */
void
jsonw_key_int(struct jsonw *w, const char *key, long long v)
{
	jsonw_key(w, key);
	jsonw_int(w, v);
}

/* "key":true or false. */
void
jsonw_key_bool(struct jsonw *w, const char *key, int v)
{
	jsonw_key(w, key);
	jsonw_bool(w, v);
}

/* "key":true, false or null. */
void
jsonw_key_tristate(struct jsonw *w, const char *key, int v)
{
	jsonw_key(w, key);
	jsonw_tristate(w, v);
}

/* "key":null. */
void
jsonw_key_null(struct jsonw *w, const char *key)
{
	jsonw_key(w, key);
	jsonw_null(w);
}

/* "key":v and "why_key": the reason when v is not finite, else null. */
void
jsonw_key_num_why(struct jsonw *w, const char *key, double v, const char *why_key,
    const char *why)
{
	jsonw_key_num(w, key, v);
	jsonw_key_text(w, why_key, isfinite(v) ? NULL : why);
}
