/*
 * record.h: recordings (smtscope record, smtscope replay). A recording is
 * JSON lines (doc/smtscope-record.5), gzip-compressed when its name ends in
 * ".gz": a header (the machine, its topology as hwloc XML, the interval
 * and the loads), then a sample per refresh (every CPU's busy split, every
 * load's state, rate, share and solo) and events (a load started, died or
 * stopped, a solo measured, the end). This module writes lines to a file
 * and reads them back one at a time; it knows the format's words, not
 * what a command does with them.
 */
#ifndef SMTSCOPE_RECORD_H
#define SMTSCOPE_RECORD_H

#include <stddef.h>

#include "base/json.h"
#include "base/util.h"

/* The version of the format; a reader refuses another. */
#define RECORD_FORMAT		1
/* The longest line a reader takes (the header holds a big machine's XML). */
#define RECORD_LINE_MAX		(64u << 20)
/* The largest file a reader opens (a day at 10 Hz of a 384-CPU machine, gzip). */
#define RECORD_FILE_MAX		((size_t)1 << 30)

/* record_next(): a line, the end, an error, or a last line cut short. */
#define RECORD_LINE		1
#define RECORD_EOF		0
#define RECORD_ERROR		(-1)
#define RECORD_TRUNCATED	(-2)

struct record_out;
struct record_in;

/*
 * Create a recording, gzip when the name ends in ".gz": path (created, or a
 * regular file of ours emptied; never a link, another user's file or a
 * device: base/safefile.h's SAFEFILE_GROW), or, when path is NULL, a new
 * file STEM.jsonl.gz (STEM-2.jsonl.gz... when taken). NULL with "cannot
 * write PATH: why".
 */
struct record_out *record_create(const char *path, const char *stem, char *err,
	    size_t errlen);
/* The file's name. */
const char *record_path(const struct record_out *);
/* Write one line (a newline is added) and push it to the file; -1 with a message. */
int	 record_write(struct record_out *, const struct strbuf *, char *err,
	    size_t errlen);
/*
 * Finish the file (the gzip trailer); -1 with a message. A file with no
 * whole line (a full disk) is removed. Frees it either way.
 */
int	 record_close(struct record_out *, char *err, size_t errlen);

/* Open a recording to read, plain or gzip; NULL with a message naming it. */
struct record_in *record_open(const char *path, char *err, size_t errlen);
/*
 * The next line, parsed (*j: free it with json_free): RECORD_LINE,
 * RECORD_EOF, or RECORD_ERROR / RECORD_TRUNCATED with "FILE: line N: what"
 * in err. A line must be one JSON object.
 */
int	 record_next(struct record_in *, struct json **j, char *err, size_t errlen);
/* The number of the line read last (1 is the header). */
int	 record_lineno(const struct record_in *);
void	 record_in_free(struct record_in *);

/*
 * Check a header line: kind "record" and this format's version; -1 with
 * "FILE: line 1: what" (another format, not a recording) in err.
 */
int	 record_check_header(const struct json_val *, const char *path, char *err,
	    size_t errlen);

#endif
