/* test_json.c: the JSON reader: values, escapes, and refusals with the place. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "tap.h"

/* Parse a C string; NULL with err. */
static struct json *
test_parse(const char *s, char *err, size_t errlen)
{
	err[0] = '\0';
	return json_parse(s, strlen(s), err, errlen);
}

/* Values of every type, members, nesting. */
static void
test_values(void)
{
	const struct json_val	*r, *a, *c;
	struct json		*j;
	char			 err[256];

	j = test_parse(" {\"a\": [1, -2.5e3, true, false, null, \"x\"], \"b\": {\"c\": 0.5},"
	    " \"a2\": {}} ", err, sizeof err);
	ok(j != NULL, "an object parses (%s)", err);
	if (j == NULL)
		return;
	r = json_root(j);
	ok(r->type == JSON_OBJ && r->n == 3, "three members");
	a = json_get(r, "a");
	ok(a != NULL && a->type == JSON_ARR && a->n == 6, "an array of six");
	c = a->child;
	ok(json_num(c, NAN) == 1 && json_num(c->next, NAN) == -2500, "numbers 1, -2.5e3");
	ok(c->next->next->type == JSON_TRUE && c->next->next->next->type == JSON_FALSE &&
	    c->next->next->next->next->type == JSON_NULL, "true false null");
	ok(strcmp(json_str(c->next->next->next->next->next, ""), "x") == 0, "a string");
	ok(json_num(json_get(json_get(r, "b"), "c"), NAN) == 0.5, "a nested member");
	ok(json_get(r, "zz") == NULL && json_get(a, "a") == NULL, "absent members: NULL");
	ok(json_get(r, "a2")->n == 0 && json_get(r, "a2")->child == NULL, "an empty object");
	ok(json_num(json_get(r, "a"), 7) == 7 && strcmp(json_str(a, "d"), "d") == 0,
	    "the defaults for the wrong type");
	json_free(j);
}

/* Escapes decode to UTF-8. */
static void
test_escapes(void)
{
	struct json	*j;
	char		 err[256];

	j = test_parse("\"q\\\"b\\\\s\\/n\\n\\u00e9\\u20ac\\ud83d\\ude00\"", err, sizeof err);
	ok(j != NULL && strcmp(json_root(j)->s, "q\"b\\s/n\n\xc3\xa9\xe2\x82\xac"
	    "\xf0\x9f\x98\x80") == 0, "escapes and a surrogate pair decode (%s)", err);
	json_free(j);
	j = test_parse("\"a\\u0000b\"", err, sizeof err);
	ok(j != NULL && json_root(j)->slen == 3, "\\u0000 keeps its length");
	json_free(j);
}

/* Say which bad text was taken. */
static void
diag_bad(const char *text, const char *err)
{
	printf("#   accepted or no place: '%s' (%s)\n", text, err);
}

/* Bad texts are refused with the line and column and what. */
static void
test_refusals(void)
{
	static const char *const bad[] = {
		"", "{", "[1,]", "{\"a\"}", "{\"a\":1,}", "01", "1.", "-", "1e", "tru",
		"\"abc", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "[1] 2", "{a:1}",
		"\"tab\there\"", "nul", "[\"\\u12G4\"]", NULL
	};
	struct json	*j;
	char		 err[256], deep[200];
	int		 i, all = 1;

	for (i = 0; bad[i] != NULL; i++) {
		j = test_parse(bad[i], err, sizeof err);
		if (j != NULL || strncmp(err, "line ", 5) != 0) {
			all = 0;
			diag_bad(bad[i], err);
		}
		json_free(j);
	}
	ok(all, "%d bad texts are refused with a place", i);
	j = test_parse("{\n  \"a\": 1,\n  \"b\": x\n}", err, sizeof err);
	ok(j == NULL && strcmp(err, "line 3, column 8: a value expected") == 0,
	    "the place of an error: '%s'", err);
	memset(deep, '[', sizeof deep);
	deep[sizeof deep - 1] = '\0';
	j = test_parse(deep, err, sizeof err);
	ok(j == NULL && strstr(err, "nested too deep") != NULL, "deep nesting: '%s'", err);
	j = json_parse("[1]\0", 4, err, sizeof err);
	ok(j == NULL, "a NUL after the value is refused");
}

/* The value cap: a clear error with the place, and a text just under it parses. */
static void
test_caps(void)
{
	struct json	*j;
	char		 err[256], *text;
	size_t		 i, n = JSON_VALUES_MAX;

	/* "[0,0,...,0]" with n - 1 zeros is n values; one more is too many. */
	text = malloc(2 * n + 2);
	text[0] = '[';
	for (i = 0; i < n; i++) {
		text[1 + 2 * i] = '0';
		text[2 + 2 * i] = ',';
	}
	text[2 * n] = ']';
	j = json_parse(text, 2 * n + 1, err, sizeof err);
	ok(j == NULL && strstr(err, "more than 1048576 values") != NULL &&
	    strncmp(err, "line 1, column ", 15) == 0, "one value past the cap: '%s'", err);
	text[2 * n - 2] = ']';
	j = json_parse(text, 2 * n - 1, err, sizeof err);
	ok(j != NULL && json_root(j)->n == JSON_VALUES_MAX - 1, "at the cap it parses");
	json_free(j);
	free(text);
	ok(sizeof(struct json_val) <= 32 || sizeof(void *) > 8, "a value takes %zu bytes",
	    sizeof(struct json_val));
}

/* json_int: whole numbers in range only; huge, fractional, NaN or not a number refused. */
static void
test_int(void)
{
	static const char *const refused[] = {
		"1e300", "-1e300", "1e400", "-1e400", "2.5", "-0.5", "2147483648",
		"-2147483649", "4097", "-1", "\"7\"", "true", "[1]", "{}", NULL
	};
	struct json_val		 nan_val;
	struct json		*j;
	char			 err[256];
	int			 i, n, all = 1;

	for (i = 0; refused[i] != NULL; i++) {
		n = 12345;
		j = test_parse(refused[i], err, sizeof err);
		if (j == NULL || json_int(json_root(j), 0, 4096, -1, &n) != -1 || n != 12345) {
			printf("#   taken or changed: '%s' (%d)\n", refused[i], n);
			all = 0;
		}
		json_free(j);
	}
	ok(all, "%d values refused as a whole number from 0 to 4096, n untouched", i);
	j = test_parse("[2147483647, -2147483648, 0, -0, 4096, 1.0, 1e3, null]", err,
	    sizeof err);
	if (j == NULL) {
		ok(0, "the edge values parse (%s)", err);
		return;
	}
	n = 0;
	ok(json_int(json_root(j)->child, INT_MIN, INT_MAX, -1, &n) == 0 && n == INT_MAX,
	    "2147483647: the largest int is taken (%d)", n);
	ok(json_int(json_root(j)->child, INT_MIN, INT_MAX - 1, -1, &n) == -1,
	    "2147483647 above hi is refused");
	ok(json_int(json_root(j)->child->next, INT_MIN, INT_MAX, -1, &n) == 0 && n == INT_MIN,
	    "-2147483648: the smallest int is taken (%d)", n);
	ok(json_int(json_root(j)->child->next->next, 0, 0, -1, &n) == 0 && n == 0 &&
	    json_int(json_root(j)->child->next->next->next, 0, 0, -1, &n) == 0 && n == 0,
	    "0 and -0 in 0..0");
	ok(json_int(json_root(j)->child->next->next->next->next, 0, 4096, -1, &n) == 0 &&
	    n == 4096, "hi itself is taken");
	ok(json_int(json_root(j)->child->next->next->next->next->next, 0, 9, -1, &n) == 0 &&
	    n == 1 && json_int(json_root(j)->child->next->next->next->next->next->next, 0,
	    1000, -1, &n) == 0 && n == 1000, "1.0 and 1e3 are whole numbers");
	n = 5;
	ok(json_int(json_root(j)->child->next->next->next->next->next->next->next, 0, 9, -1,
	    &n) == 0 && n == -1, "null: the default");
	n = 5;
	ok(json_int(NULL, 0, 9, 7, &n) == 0 && n == 7, "absent: the default");
	json_free(j);
	/* The parser never makes NaN (RFC 8259 has no word for it): a value made by hand. */
	memset(&nan_val, 0, sizeof nan_val);
	nan_val.type = JSON_NUM;
	nan_val.num = NAN;
	n = 5;
	ok(json_int(&nan_val, INT_MIN, INT_MAX, -1, &n) == -1 && n == 5, "NaN is refused");
	nan_val.num = INFINITY;
	ok(json_int(&nan_val, INT_MIN, INT_MAX, -1, &n) == -1 && n == 5,
	    "an infinity is refused");
}

int
main(void)
{
	test_values();
	test_escapes();
	test_refusals();
	test_caps();
	test_int();
	return tap_done();
}
