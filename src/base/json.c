/*
 * json.c: a recursive-descent JSON reader with a depth limit. A first pass
 * over the text counts an upper bound of its values (one, plus each ',',
 * '[' and '{' outside strings) and of its strings' bytes, so the values are
 * one array allocated once, linked by pointers as they are parsed, and the
 * strings are decoded into one buffer as long as their text (a string
 * never decodes longer than its source with its quotes): 32 bytes a value.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/infile.h"
#include "base/json.h"
#include "base/util.h"

struct json {
	struct json_val		*vals;
	char			*strs;
	const struct json_val	*root;
};

/* The parser's state. */
struct json_parser {
	const char		*p, *start, *end;
	struct json_val		*vals;
	size_t			 n, cap;
	char			*strs;
	size_t			 slen;
	char			*err;
	size_t			 errlen;
	int			 failed;
};

static struct json_val	*json_value(struct json_parser *, int depth);

/* Fail with the line and column of the current position; NULL. */
static void *
json_fail(struct json_parser *jp, const char *what)
{
	const char	*q;
	int		 line = 1, col = 1;

	if (jp->failed)
		return NULL;
	for (q = jp->start; q < jp->p && q < jp->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else
			col++;
	}
	snprintf(jp->err, jp->errlen, "line %d, column %d: %s", line, col, what);
	jp->failed = 1;
	return NULL;
}

/* Skip white space. */
static void
json_ws(struct json_parser *jp)
{
	while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' ||
	    *jp->p == '\r'))
		jp->p++;
}

/*
 * Bounds for a text: its values (one, and one more for each ',', '[' and
 * '{' outside strings: the parser makes no more) and its strings' bytes.
 */
static size_t
json_count(const char *p, const char *end, size_t *strbytes)
{
	const char	*q;
	size_t		 n = 1;

	*strbytes = 1;
	while (p < end) {
		if (*p == '"') {
			for (q = p + 1; q < end && *q != '"'; q++)
				if (*q == '\\' && q + 1 < end)
					q++;
			*strbytes += (size_t)(q - p) + 1;
			p = q;
		} else if (*p == ',' || *p == '[' || *p == '{')
			n++;
		p++;
	}
	return n;
}

/* A new value of a type, or NULL past JSON_VALUES_MAX. */
static struct json_val *
json_node_new(struct json_parser *jp, enum json_type type)
{
	struct json_val	*v;
	char		 what[96];

	if (jp->n == jp->cap) {
		snprintf(what, sizeof what, "more than %d values (too many for a result "
		    "or a recording's line)", JSON_VALUES_MAX);
		return json_fail(jp, what);
	}
	v = &jp->vals[jp->n++];
	memset(v, 0, sizeof *v);
	v->type = type;
	return v;
}

/* Four hex digits of a \u escape; -1 when they are not. */
static long
json_hex4(struct json_parser *jp)
{
	long	v = 0;
	int	i, c;

	if (jp->end - jp->p < 4)
		return -1;
	for (i = 0; i < 4; i++) {
		c = (unsigned char)jp->p[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	jp->p += 4;
	return v;
}

/* Append a code point as UTF-8 to the string buffer. */
static void
json_utf8(struct json_parser *jp, long cp)
{
	char	*o = jp->strs + jp->slen;

	if (cp < 0x80)
		o[0] = (char)cp, jp->slen += 1;
	else if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		jp->slen += 2;
	} else if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		jp->slen += 3;
	} else {
		o[0] = (char)(0xf0 | (cp >> 18));
		o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[3] = (char)(0x80 | (cp & 0x3f));
		jp->slen += 4;
	}
}

/* A \u escape after the "\u": one code point, or a surrogate pair. */
static int
json_escape_u(struct json_parser *jp)
{
	long	hi, lo;

	if ((hi = json_hex4(jp)) == -1)
		return json_fail(jp, "bad \\u escape"), -1;
	if (hi >= 0xdc00 && hi <= 0xdfff)
		return json_fail(jp, "a lone low surrogate"), -1;
	if (hi >= 0xd800 && hi <= 0xdbff) {
		if (jp->end - jp->p < 2 || jp->p[0] != '\\' || jp->p[1] != 'u')
			return json_fail(jp, "a high surrogate without its pair"), -1;
		jp->p += 2;
		if ((lo = json_hex4(jp)) == -1 || lo < 0xdc00 || lo > 0xdfff)
			return json_fail(jp, "a high surrogate without its pair"), -1;
		hi = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
	}
	json_utf8(jp, hi);
	return 0;
}

/* One escape after the backslash. */
static int
json_escape(struct json_parser *jp)
{
	static const char	from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char		*q;

	if (jp->p >= jp->end)
		return json_fail(jp, "an unterminated string"), -1;
	if (*jp->p == 'u') {
		jp->p++;
		return json_escape_u(jp);
	}
	if (*jp->p == '\0' || (q = strchr(from, *jp->p)) == NULL)
		return json_fail(jp, "a bad escape in a string"), -1;
	jp->strs[jp->slen++] = to[q - from];
	jp->p++;
	return 0;
}

/* A string at the quote; its offset in the string buffer, and its length. */
static int
json_string(struct json_parser *jp, size_t *off, size_t *len)
{
	unsigned char	c;

	jp->p++;
	*off = jp->slen;
	for (;;) {
		if (jp->p >= jp->end)
			return json_fail(jp, "an unterminated string"), -1;
		c = (unsigned char)*jp->p;
		if (c == '"')
			break;
		if (c < 0x20)
			return json_fail(jp, "a control character in a string"), -1;
		if (c == '\\') {
			jp->p++;
			if (json_escape(jp) == -1)
				return -1;
			continue;
		}
		jp->strs[jp->slen++] = (char)c;
		jp->p++;
	}
	jp->p++;
	*len = jp->slen - *off;
	jp->strs[jp->slen++] = '\0';
	return 0;
}

/* Skip digits; how many. */
static int
json_digits(struct json_parser *jp)
{
	int	n = 0;

	while (jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9') {
		jp->p++;
		n++;
	}
	return n;
}

/* A number, by RFC 8259's grammar, converted with strtod. */
static int
json_number(struct json_parser *jp, double *v)
{
	const char	*s = jp->p;
	char		 buf[128];

	if (jp->p < jp->end && *jp->p == '-')
		jp->p++;
	if (jp->p < jp->end && *jp->p == '0')
		jp->p++;
	else if (json_digits(jp) == 0)
		return json_fail(jp, "a bad number"), -1;
	if (jp->p < jp->end && *jp->p == '.') {
		jp->p++;
		if (json_digits(jp) == 0)
			return json_fail(jp, "a bad number"), -1;
	}
	if (jp->p < jp->end && (*jp->p == 'e' || *jp->p == 'E')) {
		jp->p++;
		if (jp->p < jp->end && (*jp->p == '+' || *jp->p == '-'))
			jp->p++;
		if (json_digits(jp) == 0)
			return json_fail(jp, "a bad number"), -1;
	}
	if ((size_t)(jp->p - s) >= sizeof buf)
		return json_fail(jp, "a number too long"), -1;
	memcpy(buf, s, (size_t)(jp->p - s));
	buf[jp->p - s] = '\0';
	*v = strtod(buf, NULL);
	return 0;
}

/* An array or an object at its bracket. */
static struct json_val *
json_container(struct json_parser *jp, int depth)
{
	struct json_val	*me, *c, *last = NULL;
	int		 obj = *jp->p == '{';
	size_t		 koff = 0, klen;

	if (depth >= JSON_DEPTH_MAX)
		return json_fail(jp, "nested too deep");
	if ((me = json_node_new(jp, obj ? JSON_OBJ : JSON_ARR)) == NULL)
		return NULL;
	jp->p++;
	json_ws(jp);
	if (jp->p < jp->end && *jp->p == (obj ? '}' : ']')) {
		jp->p++;
		return me;
	}
	for (;;) {
		json_ws(jp);
		if (obj) {
			if (jp->p >= jp->end || *jp->p != '"')
				return json_fail(jp, "a member name expected");
			if (json_string(jp, &koff, &klen) == -1)
				return NULL;
			json_ws(jp);
			if (jp->p >= jp->end || *jp->p != ':')
				return json_fail(jp, "':' expected");
			jp->p++;
		}
		if ((c = json_value(jp, depth + 1)) == NULL)
			return NULL;
		if (obj)
			c->key = jp->strs + koff;
		if (last == NULL)
			me->child = c;
		else
			last->next = c;
		last = c;
		me->n++;
		json_ws(jp);
		if (jp->p < jp->end && *jp->p == ',') {
			jp->p++;
			continue;
		}
		if (jp->p < jp->end && *jp->p == (obj ? '}' : ']')) {
			jp->p++;
			return me;
		}
		return json_fail(jp, obj ? "',' or '}' expected" : "',' or ']' expected");
	}
}

/* A literal word: true, false, null. */
static struct json_val *
json_word(struct json_parser *jp, const char *w, enum json_type type)
{
	size_t	n = strlen(w);

	if ((size_t)(jp->end - jp->p) < n || memcmp(jp->p, w, n) != 0)
		return json_fail(jp, "a value expected");
	jp->p += n;
	return json_node_new(jp, type);
}

/* One value, or NULL. */
static struct json_val *
json_value(struct json_parser *jp, int depth)
{
	struct json_val	*v;
	size_t		 off, len;
	double		 num;

	json_ws(jp);
	if (jp->p >= jp->end)
		return json_fail(jp, "a value expected, the text ended");
	switch (*jp->p) {
	case '{':
	case '[':
		return json_container(jp, depth);
	case '"':
		if (json_string(jp, &off, &len) == -1 ||
		    (v = json_node_new(jp, JSON_STR)) == NULL)
			return NULL;
		v->s = jp->strs + off;
		v->slen = (unsigned)len;
		return v;
	case 't':
		return json_word(jp, "true", JSON_TRUE);
	case 'f':
		return json_word(jp, "false", JSON_FALSE);
	case 'n':
		return json_word(jp, "null", JSON_NULL);
	}
	if (*jp->p != '-' && (*jp->p < '0' || *jp->p > '9'))
		return json_fail(jp, "a value expected");
	if (json_number(jp, &num) == -1 || (v = json_node_new(jp, JSON_NUM)) == NULL)
		return NULL;
	v->num = num;
	return v;
}

/* Parse text[0..len). */
struct json *
json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct json_parser	 jp;
	struct json_val		*root;
	struct json		*j;
	size_t			 strbytes;

	memset(&jp, 0, sizeof jp);
	jp.p = jp.start = text;
	jp.end = text + len;
	jp.err = err;
	jp.errlen = errlen;
	if (len > JSON_BYTES_MAX) {
		snprintf(err, errlen, "larger than %u MB", JSON_BYTES_MAX >> 20);
		return NULL;
	}
	jp.cap = json_count(text, text + len, &strbytes);
	if (jp.cap > JSON_VALUES_MAX)
		jp.cap = JSON_VALUES_MAX;
	jp.vals = xreallocarray(NULL, jp.cap, sizeof *jp.vals);
	jp.strs = xmalloc(strbytes);
	if ((root = json_value(&jp, 0)) != NULL) {
		json_ws(&jp);
		if (jp.p < jp.end)
			root = json_fail(&jp, "text after the value");
	}
	if (root == NULL) {
		free(jp.vals);
		free(jp.strs);
		return NULL;
	}
	j = xcalloc(1, sizeof *j);
	j->vals = jp.vals;
	j->strs = jp.strs;
	j->root = root;
	return j;
}

/* Free a parsed text. */
void
json_free(struct json *j)
{
	if (j == NULL)
		return;
	free(j->vals);
	free(j->strs);
	free(j);
}

/* The top value. */
const struct json_val *
json_root(const struct json *j)
{
	return j->root;
}

/* A member of an object (the last of that name), or NULL. */
const struct json_val *
json_get(const struct json_val *v, const char *key)
{
	const struct json_val	*c, *found = NULL;

	if (v == NULL || v->type != JSON_OBJ)
		return NULL;
	for (c = v->child; c != NULL; c = c->next)
		if (strcmp(c->key, key) == 0)
			found = c;
	return found;
}

/* The number, or dflt. */
double
json_num(const struct json_val *v, double dflt)
{
	return v != NULL && v->type == JSON_NUM ? v->num : dflt;
}

/* A whole number from lo to hi, or dflt when absent or null; -1 when it is neither. */
int
json_int(const struct json_val *v, int lo, int hi, int dflt, int *n)
{
	if (v == NULL || v->type == JSON_NULL) {
		*n = dflt;
		return 0;
	}
	/* Compared first: NaN fails both comparisons, 1e300 the range. */
	if (v->type != JSON_NUM || !(v->num >= lo && v->num <= hi) || v->num != floor(v->num))
		return -1;
	*n = (int)v->num;
	return 0;
}

/* The string, or dflt. */
const char *
json_str(const struct json_val *v, const char *dflt)
{
	return v != NULL && v->type == JSON_STR ? v->s : dflt;
}

/* Read a whole regular file of at most JSON_BYTES_MAX; NULL with err naming it. */
char *
json_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	return infile_read(path, "a result", JSON_BYTES_MAX, len, err, errlen);
}

/* A whole file parsed (json_parse() keeps no pointer into the text). */
struct json *
json_load(const char *path, char *err, size_t errlen)
{
	struct json	*j;
	char		*text, why[300];
	size_t		 len;

	if ((text = json_slurp(path, &len, err, errlen)) == NULL)
		return NULL;
	if ((j = json_parse(text, len, why, sizeof why)) == NULL)
		snprintf(err, errlen, "%s: not JSON: %s", path, why);
	free(text);
	return j;
}
