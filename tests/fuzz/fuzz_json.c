/* fuzz_json.c: libFuzzer harness for the JSON reader: accept or refuse with a place. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "json.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Walk a value: every member has a key, every count matches its children. */
static void
fuzz_walk(const struct json_val *v, int depth)
{
	const struct json_val	*c;
	int			 n = 0;

	if (depth > JSON_DEPTH_MAX + 1)
		__builtin_trap();
	for (c = v->child; c != NULL; c = c->next, n++) {
		if ((v->type == JSON_OBJ) != (c->key != NULL))
			__builtin_trap();
		fuzz_walk(c, depth + 1);
	}
	if (n != v->n || (v->type == JSON_STR && v->s == NULL))
		__builtin_trap();
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
	return 0;
}
