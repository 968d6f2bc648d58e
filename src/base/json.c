/*
 * json.c: a recursive-descent JSON reader with a depth limit. Values are
 * kept in one growing array by index while parsing and turned into
 * pointers at the end; strings are decoded into one buffer as long as
 * the text, which is always enough (a string never decodes longer than
 * its source with its quotes).
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"

/* A value while parsing: links by index into the array. */
struct json_node {
	struct json_val	 v;
	int		 child, last, next;
	size_t		 key, s;	/* offsets into the string buffer, or SIZE_MAX */
};

struct json {
	struct json_val	*vals;
	int		 nvals;
	char		*strs;
	const struct json_val *root;
};

/* The parser's state. */
struct json_parser {
	const char		*p, *start, *end;
	struct json_node	*nodes;
	int			 n, cap;
	char			*strs;
	size_t			 slen;
	char			*err;
	size_t			 errlen;
	int			 failed;
};

static int	json_value(struct json_parser *, int depth);

/* Fail with the line and column of the current position; -1. */
static int
json_fail(struct json_parser *jp, const char *what)
{
	const char	*q;
	int		 line = 1, col = 1;

	if (jp->failed)
		return -1;
	for (q = jp->start; q < jp->p && q < jp->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else
			col++;
	}
	snprintf(jp->err, jp->errlen, "line %d, column %d: %s", line, col, what);
	jp->failed = 1;
	return -1;
}

/* Skip white space. */
static void
json_ws(struct json_parser *jp)
{
	while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' ||
	    *jp->p == '\r'))
		jp->p++;
}

/* A new node of a type; its index. */
static int
json_node_new(struct json_parser *jp, enum json_type type)
{
	struct json_node	*nd;

	if (jp->n == jp->cap) {
		jp->cap = jp->cap ? jp->cap * 2 : 64;
		jp->nodes = xreallocarray(jp->nodes, (size_t)jp->cap, sizeof *jp->nodes);
	}
	nd = &jp->nodes[jp->n];
	memset(nd, 0, sizeof *nd);
	nd->v.type = type;
	nd->child = nd->last = nd->next = -1;
	nd->key = nd->s = SIZE_MAX;
	return jp->n++;
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
		return json_fail(jp, "bad \\u escape");
	if (hi >= 0xdc00 && hi <= 0xdfff)
		return json_fail(jp, "a lone low surrogate");
	if (hi >= 0xd800 && hi <= 0xdbff) {
		if (jp->end - jp->p < 2 || jp->p[0] != '\\' || jp->p[1] != 'u')
			return json_fail(jp, "a high surrogate without its pair");
		jp->p += 2;
		if ((lo = json_hex4(jp)) == -1 || lo < 0xdc00 || lo > 0xdfff)
			return json_fail(jp, "a high surrogate without its pair");
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
		return json_fail(jp, "an unterminated string");
	if (*jp->p == 'u') {
		jp->p++;
		return json_escape_u(jp);
	}
	if (*jp->p == '\0' || (q = strchr(from, *jp->p)) == NULL)
		return json_fail(jp, "a bad escape in a string");
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
			return json_fail(jp, "an unterminated string");
		c = (unsigned char)*jp->p;
		if (c == '"')
			break;
		if (c < 0x20)
			return json_fail(jp, "a control character in a string");
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
		return json_fail(jp, "a bad number");
	if (jp->p < jp->end && *jp->p == '.') {
		jp->p++;
		if (json_digits(jp) == 0)
			return json_fail(jp, "a bad number");
	}
	if (jp->p < jp->end && (*jp->p == 'e' || *jp->p == 'E')) {
		jp->p++;
		if (jp->p < jp->end && (*jp->p == '+' || *jp->p == '-'))
			jp->p++;
		if (json_digits(jp) == 0)
			return json_fail(jp, "a bad number");
	}
	if ((size_t)(jp->p - s) >= sizeof buf)
		return json_fail(jp, "a number too long");
	memcpy(buf, s, (size_t)(jp->p - s));
	buf[jp->p - s] = '\0';
	*v = strtod(buf, NULL);
	return 0;
}

/* Link node c as the last child of node parent. */
static void
json_link(struct json_parser *jp, int parent, int c)
{
	struct json_node	*pn = &jp->nodes[parent];

	if (pn->last == -1)
		pn->child = c;
	else
		jp->nodes[pn->last].next = c;
	jp->nodes[parent].last = c;
	jp->nodes[parent].v.n++;
}

/* An array or an object at its bracket; the node's index. */
static int
json_container(struct json_parser *jp, int depth)
{
	int	obj = *jp->p == '{', me, c;
	size_t	koff = 0, klen;

	if (depth >= JSON_DEPTH_MAX)
		return json_fail(jp, "nested too deep");
	me = json_node_new(jp, obj ? JSON_OBJ : JSON_ARR);
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
				return -1;
			json_ws(jp);
			if (jp->p >= jp->end || *jp->p != ':')
				return json_fail(jp, "':' expected");
			jp->p++;
		}
		if ((c = json_value(jp, depth + 1)) == -1)
			return -1;
		if (obj)
			jp->nodes[c].key = koff;
		json_link(jp, me, c);
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
static int
json_word(struct json_parser *jp, const char *w, enum json_type type)
{
	size_t	n = strlen(w);

	if ((size_t)(jp->end - jp->p) < n || memcmp(jp->p, w, n) != 0)
		return json_fail(jp, "a value expected");
	jp->p += n;
	return json_node_new(jp, type);
}

/* One value; its node's index, or -1. */
static int
json_value(struct json_parser *jp, int depth)
{
	size_t	off, len;
	double	v;
	int	i;

	json_ws(jp);
	if (jp->p >= jp->end)
		return json_fail(jp, "a value expected, the text ended");
	switch (*jp->p) {
	case '{':
	case '[':
		return json_container(jp, depth);
	case '"':
		if (json_string(jp, &off, &len) == -1)
			return -1;
		i = json_node_new(jp, JSON_STR);
		jp->nodes[i].s = off;
		jp->nodes[i].v.slen = len;
		return i;
	case 't':
		return json_word(jp, "true", JSON_TRUE);
	case 'f':
		return json_word(jp, "false", JSON_FALSE);
	case 'n':
		return json_word(jp, "null", JSON_NULL);
	}
	if (*jp->p != '-' && (*jp->p < '0' || *jp->p > '9'))
		return json_fail(jp, "a value expected");
	if (json_number(jp, &v) == -1)
		return -1;
	i = json_node_new(jp, JSON_NUM);
	jp->nodes[i].v.num = v;
	return i;
}

/* Turn the parser's nodes into the tree of values. */
static struct json *
json_build(struct json_parser *jp, int root)
{
	struct json	*j = xcalloc(1, sizeof *j);
	int		 i;

	j->vals = xreallocarray(NULL, (size_t)jp->n, sizeof *j->vals);
	j->nvals = jp->n;
	j->strs = jp->strs;
	for (i = 0; i < jp->n; i++) {
		j->vals[i] = jp->nodes[i].v;
		j->vals[i].key = jp->nodes[i].key != SIZE_MAX ? j->strs + jp->nodes[i].key :
		    NULL;
		j->vals[i].s = jp->nodes[i].s != SIZE_MAX ? j->strs + jp->nodes[i].s : NULL;
		j->vals[i].child = jp->nodes[i].child != -1 ? &j->vals[jp->nodes[i].child] :
		    NULL;
		j->vals[i].next = jp->nodes[i].next != -1 ? &j->vals[jp->nodes[i].next] :
		    NULL;
	}
	j->root = &j->vals[root];
	free(jp->nodes);
	return j;
}

/* Parse text[0..len). */
struct json *
json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct json_parser	jp;
	int			root;

	memset(&jp, 0, sizeof jp);
	jp.p = jp.start = text;
	jp.end = text + len;
	jp.err = err;
	jp.errlen = errlen;
	if (len > JSON_BYTES_MAX) {
		snprintf(err, errlen, "larger than %u MB", JSON_BYTES_MAX >> 20);
		return NULL;
	}
	jp.strs = xmalloc(len + 1);
	if ((root = json_value(&jp, 0)) != -1) {
		json_ws(&jp);
		if (jp.p < jp.end)
			root = json_fail(&jp, "text after the value");
	}
	if (root == -1) {
		free(jp.nodes);
		free(jp.strs);
		return NULL;
	}
	return json_build(&jp, root);
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

/* The string, or dflt. */
const char *
json_str(const struct json_val *v, const char *dflt)
{
	return v != NULL && v->type == JSON_STR ? v->s : dflt;
}

/* Read a whole file of at most JSON_BYTES_MAX; NULL with err naming it. */
char *
json_slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE	*f;
	char	*buf;
	struct stat st;

	if ((f = fopen(path, "r")) == NULL || fstat(fileno(f), &st) == -1) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (f != NULL)
			fclose(f);
		return NULL;
	}
	if (!S_ISREG(st.st_mode) || st.st_size > (off_t)JSON_BYTES_MAX) {
		snprintf(err, errlen, "%s: %s", path, !S_ISREG(st.st_mode) ?
		    "not a regular file" : "too large for a result");
		fclose(f);
		return NULL;
	}
	buf = xmalloc((size_t)st.st_size + 1);
	*len = fread(buf, 1, (size_t)st.st_size, f);
	buf[*len] = '\0';
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}
