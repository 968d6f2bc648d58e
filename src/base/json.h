/*
 * json.h: a small JSON reader for the results smtscope writes (compare,
 * replay). It parses a whole text into a tree of values that stays valid
 * until json_free(); it refuses, with the line and column, anything that
 * is not RFC 8259 JSON, nests deeper than JSON_DEPTH_MAX, or is larger
 * than JSON_BYTES_MAX. Every string is decoded to UTF-8.
 */
#ifndef SMTSCOPE_JSON_H
#define SMTSCOPE_JSON_H

#include <stddef.h>

#define JSON_DEPTH_MAX	64
#define JSON_BYTES_MAX	(256u << 20)

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUM,
	JSON_STR,
	JSON_ARR,
	JSON_OBJ
};

struct json_val {
	enum json_type		 type;
	const char		*key;	/* a member's name; NULL in an array */
	const char		*s;	/* JSON_STR: the text */
	size_t			 slen;	/* its length (it may hold a NUL) */
	double			 num;	/* JSON_NUM */
	int			 n;	/* JSON_ARR, JSON_OBJ: how many inside */
	const struct json_val	*child;	/* the first inside, or NULL */
	const struct json_val	*next;	/* the next in its parent, or NULL */
};

struct json;

/* Read a whole file of at most JSON_BYTES_MAX (NUL-terminated); NULL with err naming it. */
char		*json_slurp(const char *path, size_t *len, char *err, size_t errlen);
/* Parse text[0..len); NULL with "line L, column C: what" in err. */
struct json	*json_parse(const char *text, size_t len, char *err, size_t errlen);
void		 json_free(struct json *);
const struct json_val *json_root(const struct json *);
/* A member of an object (the last of that name), or NULL. */
const struct json_val *json_get(const struct json_val *, const char *key);
/* The number, or dflt when v is not a number. */
double		 json_num(const struct json_val *, double dflt);
/* The string, or dflt when v is not a string. */
const char	*json_str(const struct json_val *, const char *dflt);

#endif
