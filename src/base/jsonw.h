/*
 * jsonw.h: the one JSON writer. Every JSON text smtscope writes (results,
 * recordings, reports) is made here: objects, arrays, keys, strings,
 * numbers, booleans and null. The writer tracks commas and nesting
 * itself and asserts on misuse (a value without its key in an object, a
 * key in an array, a container closed as the other kind, a second value
 * at the top, a text finished open). Output is compact RFC 8259 JSON.
 *
 * Strings are escaped once, here: quote, backslash and the control
 * characters; bytes that are not UTF-8 become U+FFFD. Numbers go through
 * fmt_num(FMT_DATA), so JSON, CSV and text write a figure with the same
 * digits; a number that is not finite is null.
 *
 * A figure that cannot be had is null, and its reason travels beside it in
 * a string member of its own (jsonw_key_num_why): "temp_c":null,
 * "temp_unavailable":"no sensor"; that member is null when the figure is
 * there, so every object of a kind has the same members.
 */
#ifndef SMTSCOPE_JSONW_H
#define SMTSCOPE_JSONW_H

#include <stddef.h>
#include <stdio.h>

#include "base/util.h"

#define JSONW_DEPTH_MAX	32

struct jsonw {
	struct strbuf	*sb;
	int		 depth;			/* containers open */
	char		 open[JSONW_DEPTH_MAX];	/* '{' or '[' at each depth */
	unsigned char	 any[JSONW_DEPTH_MAX];	/* a value is in it already */
	int		 keyed;			/* a key is written; its value is next */
	int		 done;			/* the top value is complete */
};

/* Start writing one JSON value at the end of sb. */
void	 jsonw_init(struct jsonw *, struct strbuf *);
/* Assert that the value is complete (every container closed). */
void	 jsonw_finish(const struct jsonw *);
/*
 * A report's end: close its top object, finish, write the text and a
 * newline to f, free the buffer.
 */
void	 jsonw_end_report(struct jsonw *, FILE *);

/* Open and close containers: as a value (in an array, after a key, at the top). */
void	 jsonw_object(struct jsonw *);
void	 jsonw_object_end(struct jsonw *);
void	 jsonw_array(struct jsonw *);
void	 jsonw_array_end(struct jsonw *);

/* A member's key, in an open object; its value comes next. */
void	 jsonw_key(struct jsonw *, const char *);

/* Values. */
void	 jsonw_str(struct jsonw *, const char *);	/* NULL: null */
void	 jsonw_text(struct jsonw *, const char *);	/* NULL or "": null */
void	 jsonw_num(struct jsonw *, double);		/* not finite: null */
void	 jsonw_fixed(struct jsonw *, double, int prec);	/* prec decimals */
void	 jsonw_int(struct jsonw *, long long);
void	 jsonw_bool(struct jsonw *, int);
void	 jsonw_tristate(struct jsonw *, int);		/* 1 true, 0 false, else null */
void	 jsonw_null(struct jsonw *);
/* A whole value another jsonw wrote (a report cell's array, say). */
void	 jsonw_raw(struct jsonw *, const char *json);

/* Members: the key, then the value as above. */
void	 jsonw_key_object(struct jsonw *, const char *key);
void	 jsonw_key_array(struct jsonw *, const char *key);
void	 jsonw_key_str(struct jsonw *, const char *key, const char *);
void	 jsonw_key_text(struct jsonw *, const char *key, const char *);
void	 jsonw_key_num(struct jsonw *, const char *key, double);
void	 jsonw_key_fixed(struct jsonw *, const char *key, double, int prec);
void	 jsonw_key_int(struct jsonw *, const char *key, long long);
void	 jsonw_key_bool(struct jsonw *, const char *key, int);
void	 jsonw_key_tristate(struct jsonw *, const char *key, int);
void	 jsonw_key_null(struct jsonw *, const char *key);
/*
 * A figure and the reason it is missing: "key":v, then "why_key":why when v
 * is not finite (null when it is, or when why is empty).
 */
void	 jsonw_key_num_why(struct jsonw *, const char *key, double v,
	    const char *why_key, const char *why);

#endif
