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

#include "exp/record/record.h"
#include "base/infile.h"
#include "base/safefile.h"

/* The bytes read from the file at a time. */
#define RECORD_CHUNK	65536

struct record_out {
	struct safefile	 sf;	/* the file (sf.f writes a plain one) */
	gzFile		 gz;	/* a .gz recording: zlib on a copy of sf.fd, else NULL */
	long		 lines;	/* lines written whole */
};

struct record_in {
	gzFile	 gz;		/* reads plain files as they are too */
	char	*path;
	char	*buf;		/* bytes read and not yet taken */
	size_t	 len, cap, off;
	size_t	 scan;		/* buf[off..scan) holds no newline */
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

/* Make the writer on a file opened: zlib on a copy of its descriptor for .gz. */
static struct record_out *
record_out_new(struct record_out *o, char *err, size_t errlen)
{
	int	fd;

	if (!record_is_gz(o->sf.path))
		return o;
	if ((fd = fcntl(o->sf.fd, F_DUPFD_CLOEXEC, 0)) == -1 ||
	    (o->gz = gzdopen(fd, "wb6")) == NULL) {
		snprintf(err, errlen, "cannot write %s: %s", o->sf.path,
		    strerror(errno != 0 ? errno : ENOMEM));
		if (fd != -1)
			close(fd);
		safefile_close(&o->sf, 0, NULL, 0);
		free(o);
		return NULL;
	}
	return o;
}

/* Create a recording, or, path NULL, a new one named STEM.jsonl.gz (-2, -3...). */
struct record_out *
record_create(const char *path, const char *stem, char *err, size_t errlen)
{
	struct record_out	*o = xcalloc(1, sizeof *o);
	int			 rc;

	if (path != NULL)
		rc = safefile_open(&o->sf, path, SAFEFILE_GROW, err, errlen);
	else
		rc = safefile_open_unique(&o->sf, stem, ".jsonl.gz", SAFEFILE_GROW, err,
		    errlen);
	if (rc == -1) {
		free(o);
		return NULL;
	}
	return record_out_new(o, err, errlen);
}

/* The file's name. */
const char *
record_path(const struct record_out *o)
{
	return o->sf.path;
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
			snprintf(err, errlen, "cannot write %s: %s", o->sf.path,
			    e == Z_ERRNO ? strerror(errno != 0 ? errno : EIO) : why);
		}
	} else {
		bad = fwrite(sb->s, 1, sb->len, o->sf.f) != sb->len ||
		    fputc('\n', o->sf.f) == EOF || fflush(o->sf.f) != 0;
		if (bad)
			snprintf(err, errlen, "cannot write %s: %s", o->sf.path,
			    strerror(errno != 0 ? errno : EIO));
	}
	if (!bad)
		o->lines++;
	return bad ? -1 : 0;
}

/*
 * Finish the file and free the writer. A file that holds no whole line
 * (the first write failed: a full disk) is removed, not left empty.
 */
int
record_close(struct record_out *o, char *err, size_t errlen)
{
	int	bad = 0, e;

	if (o == NULL)
		return 0;
	errno = 0;
	if (o->gz != NULL && gzclose(o->gz) != Z_OK) {
		e = errno;
		snprintf(err, errlen, "cannot write %s: %s", o->sf.path,
		    strerror(e != 0 ? e : EIO));
		bad = 1;
	}
	if (safefile_close(&o->sf, o->lines > 0, err, errlen) == -1)
		bad = 1;
	free(o);
	return bad ? -1 : 0;
}

/* Open a recording to read, plain or gzip. */
struct record_in *
record_open(const char *path, char *err, size_t errlen)
{
	struct record_in	*r;
	int			 fd;

	if ((fd = infile_open(path, "a recording", RECORD_FILE_MAX, err, errlen)) == -1)
		return NULL;
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
		r->scan -= r->off;
		r->off = 0;
	}
	/* Doubled, so that a long line costs its length, not its square. */
	if (r->cap - r->len < RECORD_CHUNK) {
		r->cap = r->cap * 2 > r->len + RECORD_CHUNK ? r->cap * 2 : r->len +
		    4 * RECORD_CHUNK;
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
	if (r->scan < r->off)
		r->scan = r->off;
	for (;;) {
		/* Only the bytes not looked at yet: linear in the line's length. */
		nl = r->len > r->scan ? memchr(r->buf + r->scan, '\n', r->len - r->scan) :
		    NULL;
		if (nl != NULL)
			break;
		r->scan = r->len;
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
