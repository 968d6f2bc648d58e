/*
 * json.h: a small JSON reader for the results smtscope writes (compare,
 * replay). It parses a whole text into a tree of values that stays valid
 * until json_free(); it refuses, with the line and column, anything that
 * is not RFC 8259 JSON, nests deeper than JSON_DEPTH_MAX, holds more than
 * JSON_VALUES_MAX values, or is larger than JSON_BYTES_MAX. Every string
 * is decoded to UTF-8. A value takes 32 bytes (on a 64-bit machine), its
 * strings as many as their text: a 64 MB file about 64 MB more.
 */
#ifndef SMTSCOPE_JSON_H
#define SMTSCOPE_JSON_H

#include <stddef.h>

#define JSON_DEPTH_MAX	64
#define JSON_BYTES_MAX	(256u << 20)
/* The most values in one text: a result or a recording's line holds far fewer. */
#define JSON_VALUES_MAX	(1 << 20)

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUM,
	JSON_STR,
	JSON_ARR,
	JSON_OBJ
};

/* A value: read only the members its type has. */
struct json_val {
	const char		*key;	/* a member's name; NULL in an array */
	const struct json_val	*next;	/* the next in its parent, or NULL */
	union {
		const char		*s;	/* JSON_STR: the text */
		double			 num;	/* JSON_NUM */
		const struct json_val	*child;	/* JSON_ARR, JSON_OBJ: the first
						   inside, or NULL */
	};
	union {
		unsigned		 slen;	/* JSON_STR: its length (it may hold a NUL) */
		int			 n;	/* JSON_ARR, JSON_OBJ: how many inside */
	};
	enum json_type		 type;
};

struct json;

/*
 * Read a whole regular file of at most JSON_BYTES_MAX (NUL-terminated;
 * base/infile.h: a FIFO or device refused); NULL with err naming it.
 */
char		*json_slurp(const char *path, size_t *len, char *err, size_t errlen);
/* json_slurp() and json_parse(): NULL with err "PATH: why" or "PATH: not JSON: why". */
struct json	*json_load(const char *path, char *err, size_t errlen);
/* Parse text[0..len); NULL with "line L, column C: what" in err. */
struct json	*json_parse(const char *text, size_t len, char *err, size_t errlen);
void		 json_free(struct json *);
const struct json_val *json_root(const struct json *);
/* A member of an object (the last of that name), or NULL. */
const struct json_val *json_get(const struct json_val *, const char *key);
/* The number, or dflt when v is not a number. */
double		 json_num(const struct json_val *, double dflt);
/*
 * A whole number from lo to hi in *n: 0. Absent (v NULL) or null: dflt in
 * *n, 0. Anything else (a fraction, a number out of range, an infinity,
 * NaN, another type): -1, *n untouched. Never a cast of a double that does
 * not fit an int, which C leaves undefined.
 */
int		 json_int(const struct json_val *v, int lo, int hi, int dflt, int *n);
/* The string, or dflt when v is not a string. */
const char	*json_str(const struct json_val *, const char *dflt);

#endif
