/*
 * fuzz_json.c: libFuzzer harness for the JSON reader (accept, or refuse
 * with a place) and for compare's reading of results: the same input three
 * times (so that medians are taken), analysed and written in every format.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/compare/compare.h"
#include "base/json.h"
#include "report/reports.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Walk a value: every member has a key, every count matches its children. */
static void
fuzz_walk(const struct json_val *v, int depth)
{
	const struct json_val	*c;
	int			 n = 0;

	if (depth > JSON_DEPTH_MAX + 1)
		__builtin_trap();
	if (v->type == JSON_STR && (v->s == NULL || memchr(v->s, '\0', v->slen + 1) == NULL))
		__builtin_trap();
	if (v->type != JSON_ARR && v->type != JSON_OBJ)
		return;
	for (c = v->child; c != NULL; c = c->next, n++) {
		if ((v->type == JSON_OBJ) != (c->key != NULL))
			__builtin_trap();
		fuzz_walk(c, depth + 1);
	}
	if (n != v->n)
		__builtin_trap();
}

/* The comparison's JSON, whatever strings it carries, reads back as JSON. */
static void
fuzz_json_out(const struct compare *c)
{
	struct json	*j;
	char		*out = NULL, err[256];
	size_t		 n = 0;
	FILE		*f;

	if ((f = open_memstream(&out, &n)) == NULL)
		return;
	compare_report_json(c, f);
	fclose(f);
	if ((j = json_parse(out, n, err, sizeof err)) == NULL)
		__builtin_trap();
	json_free(j);
	free(out);
}

/* The input as a result of three machines, compared and written out. */
static void
fuzz_compare(const char *text, size_t len)
{
	static FILE	*null;
	struct compare	 c;
	char		 err[8192];
	int		 i;

	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL)
		return;
	memset(&c, 0, sizeof c);
	c.tolerance = COMPARE_TOLERANCE;
	c.use_warnings = 1;
	for (i = 0; i < 3; i++) {
		err[0] = '\0';
		if (compare_add_text(&c, i == 1 ? "b.json" : "a.json", text, len, err,
		    sizeof err) == -1 && err[0] == '\0')
			__builtin_trap();
	}
	if (c.n > 0) {
		compare_analyse(&c);
		compare_report_text(&c, null);
		fuzz_json_out(&c);
		compare_report_csv(&c, null);
		compare_report_svg(&c, null);
	}
	compare_free(&c);
}

/* Parse; a refusal says where. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct json	*j;
	char		 err[256];

	err[0] = '\0';
	j = json_parse((const char *)data, len, err, sizeof err);
	if (j == NULL) {
		if (strncmp(err, "line ", 5) != 0)
			__builtin_trap();
		return 0;
	}
	fuzz_walk(json_root(j), 0);
	json_free(j);
	fuzz_compare((const char *)data, len);
	return 0;
}
