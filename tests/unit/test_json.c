/* test_json.c: the JSON reader: values, escapes, and refusals with the place. */
#include "config.h"

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

int
main(void)
{
	test_values();
	test_escapes();
	test_refusals();
	test_caps();
	return tap_done();
}
