/*
 * record.c: a recording's lines, written to and read from a file, plain
 * or gzip. Each line written is flushed at once (a gzip sync flush), so
 * that a recording cut short by a kill is readable up to its last line.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "exp/record.h"

/* The bytes read from the file at a time. */
#define RECORD_CHUNK	65536

struct record_out {
	gzFile	 gz;		/* a .gz recording, else NULL */
	FILE	*f;		/* a plain one, else NULL */
	char	*path;
};

struct record_in {
	gzFile	 gz;		/* reads plain files as they are too */
	char	*path;
	char	*buf;		/* bytes read and not yet taken */
	size_t	 len, cap, off;
	int	 eof;		/* the file gave all it has */
	int	 lineno;
};

/* Does the name end in ".gz"? */
static int
record_is_gz(const char *path)
{
	size_t	n = strlen(path);

	return n > 3 && strcmp(path + n - 3, ".gz") == 0;
}

/* Create (truncate) a recording; gzip when the name ends in ".gz". */
struct record_out *
record_create(const char *path, char *err, size_t errlen)
{
	struct record_out	*o;
	int			 fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) == -1) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	o = xcalloc(1, sizeof *o);
	o->path = xstrdup(path);
	if (record_is_gz(path))
		o->gz = gzdopen(fd, "wb6");
	else
		o->f = fdopen(fd, "w");
	if (o->gz == NULL && o->f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno != 0 ? errno : ENOMEM));
		close(fd);
		free(o->path);
		free(o);
		return NULL;
	}
	return o;
}

/* Write one line and push it to the file. */
int
record_write(struct record_out *o, const struct strbuf *sb, char *err, size_t errlen)
{
	const char	*why;
	int		 e, bad;

	errno = 0;
	if (o->gz != NULL) {
		bad = (sb->len > 0 && gzwrite(o->gz, sb->s, (unsigned)sb->len) == 0) ||
		    gzputc(o->gz, '\n') == -1 || gzflush(o->gz, Z_SYNC_FLUSH) != Z_OK;
		if (bad) {
			why = gzerror(o->gz, &e);
			snprintf(err, errlen, "%s: cannot write: %s", o->path,
			    e == Z_ERRNO ? strerror(errno) : why);
		}
		return bad ? -1 : 0;
	}
	bad = fwrite(sb->s, 1, sb->len, o->f) != sb->len || fputc('\n', o->f) == EOF ||
	    fflush(o->f) != 0;
	if (bad)
		snprintf(err, errlen, "%s: cannot write: %s", o->path,
		    strerror(errno != 0 ? errno : EIO));
	return bad ? -1 : 0;
}

/* Finish the file and free the writer. */
int
record_close(struct record_out *o, char *err, size_t errlen)
{
	int	bad;

	if (o == NULL)
		return 0;
	errno = 0;
	if (o->gz != NULL)
		bad = gzclose(o->gz) != Z_OK;
	else
		bad = ferror(o->f) | fflush(o->f) | fclose(o->f);
	if (bad)
		snprintf(err, errlen, "%s: cannot write: %s", o->path,
		    strerror(errno != 0 ? errno : EIO));
	free(o->path);
	free(o);
	return bad ? -1 : 0;
}

/* Open a recording to read, plain or gzip. */
struct record_in *
record_open(const char *path, char *err, size_t errlen)
{
	struct record_in	*r;
	int			 fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	r = xcalloc(1, sizeof *r);
	if ((r->gz = gzdopen(fd, "rb")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno != 0 ? errno : ENOMEM));
		close(fd);
		free(r);
		return NULL;
	}
	gzbuffer(r->gz, RECORD_CHUNK);
	r->path = xstrdup(path);
	return r;
}

/* Read more of the file into the buffer: 1 read some, 0 at the end, -1 with a message. */
static int
record_fill(struct record_in *r, char *err, size_t errlen)
{
	const char	*why;
	int		 n, e;

	if (r->eof)
		return 0;
	if (r->off > 0) {
		memmove(r->buf, r->buf + r->off, r->len - r->off);
		r->len -= r->off;
		r->off = 0;
	}
	if (r->cap - r->len < RECORD_CHUNK) {
		r->cap = r->len + 4 * RECORD_CHUNK;
		r->buf = xreallocarray(r->buf, r->cap + 1, 1);
	}
	n = gzread(r->gz, r->buf + r->len, RECORD_CHUNK);
	if (n > 0) {
		r->len += (size_t)n;
		return 1;
	}
	r->eof = 1;
	why = gzerror(r->gz, &e);
	/* A gzip stream cut short (a recording killed) reads as a short last line. */
	if (n < 0 && e != Z_BUF_ERROR) {
		snprintf(err, errlen, "%s: line %d: %s", r->path, r->lineno + 1,
		    e == Z_ERRNO ? strerror(errno) : why);
		return -1;
	}
	return 0;
}

/* Parse one line; RECORD_LINE or RECORD_ERROR with the place. */
static int
record_parse(struct record_in *r, const char *s, size_t n, struct json **j, char *err,
    size_t errlen)
{
	char	jerr[256];
	const char *col;

	if ((*j = json_parse(s, n, jerr, sizeof jerr)) == NULL) {
		/* json.c says "line 1, column C: what" of this one line. */
		col = strncmp(jerr, "line 1, ", 8) == 0 ? jerr + 8 : jerr;
		snprintf(err, errlen, "%s: line %d, %s", r->path, r->lineno, col);
		return RECORD_ERROR;
	}
	if (json_root(*j)->type != JSON_OBJ) {
		json_free(*j);
		*j = NULL;
		snprintf(err, errlen, "%s: line %d: not a JSON object", r->path, r->lineno);
		return RECORD_ERROR;
	}
	return RECORD_LINE;
}

/* The next line, parsed. */
int
record_next(struct record_in *r, struct json **j, char *err, size_t errlen)
{
	char	*nl;
	size_t	 n;
	int	 rc;

	*j = NULL;
	for (;;) {
		nl = r->len > r->off ? memchr(r->buf + r->off, '\n', r->len - r->off) : NULL;
		if (nl != NULL)
			break;
		if (r->len - r->off > RECORD_LINE_MAX) {
			snprintf(err, errlen, "%s: line %d: longer than %u bytes", r->path,
			    r->lineno + 1, RECORD_LINE_MAX);
			return RECORD_ERROR;
		}
		if ((rc = record_fill(r, err, errlen)) == -1)
			return RECORD_ERROR;
		if (rc == 0 && r->len == r->off)
			return RECORD_EOF;
		if (rc == 0) {
			r->lineno++;
			snprintf(err, errlen, "%s: line %d: truncated (the recording was cut "
			    "short)", r->path, r->lineno);
			r->off = r->len;
			return RECORD_TRUNCATED;
		}
	}
	n = (size_t)(nl - (r->buf + r->off));
	r->lineno++;
	rc = record_parse(r, r->buf + r->off, n, j, err, errlen);
	r->off += n + 1;
	return rc;
}

/* The number of the line read last. */
int
record_lineno(const struct record_in *r)
{
	return r->lineno;
}

/* Close and free a reader. */
void
record_in_free(struct record_in *r)
{
	if (r == NULL)
		return;
	gzclose(r->gz);
	free(r->buf);
	free(r->path);
	free(r);
}

/* Check a header line: kind "record" and this format's version. */
int
record_check_header(const struct json_val *h, const char *path, char *err, size_t errlen)
{
	const char	*kind = json_str(json_get(h, "kind"), NULL);
	double		 fmt = json_num(json_get(h, "format"), NAN);

	if (kind == NULL || strcmp(kind, "record") != 0) {
		snprintf(err, errlen, "%s: line 1: not a smtscope recording (its kind is "
		    "%s%.32s%s, not \"record\")", path, kind != NULL ? "\"" : "",
		    kind != NULL ? kind : "missing", kind != NULL ? "\"" : "");
		return -1;
	}
	if (!isfinite(fmt)) {
		snprintf(err, errlen, "%s: line 1: a recording without a format version",
		    path);
		return -1;
	}
	if (fmt != RECORD_FORMAT) {
		snprintf(err, errlen, "%s: line 1: recording format %g; this smtscope "
		    "reads format %d", path, fmt, RECORD_FORMAT);
		return -1;
	}
	return 0;
}
