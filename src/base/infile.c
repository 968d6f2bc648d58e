/* infile.c: the one input opener: regular files only, never blocking on a FIFO, capped. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/infile.h"
#include "base/util.h"

/* Why a file of this mode is not read; NULL for a regular file. */
static const char *
infile_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return NULL;
	if (S_ISDIR(mode))
		return "a directory, not a file";
	if (S_ISFIFO(mode))
		return "a FIFO, not a regular file (not read)";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device, not a regular file (not read)";
	if (S_ISSOCK(mode))
		return "a socket, not a regular file (not read)";
	return "not a regular file";
}

/* Say that path is over its cap. */
static void
infile_too_large(const char *path, const char *what, size_t max, char *err, size_t errlen)
{
	if (max >= (1u << 20))
		snprintf(err, errlen, "%s: larger than %zu MB (too large for %s)", path,
		    max >> 20, what);
	else if (max >= 1024)
		snprintf(err, errlen, "%s: larger than %zu kB (too large for %s)", path,
		    max >> 10, what);
	else
		snprintf(err, errlen, "%s: larger than %zu bytes (too large for %s)", path,
		    max, what);
}

/* Refuse st as a file to read, in err; 0 when it may be read. */
static int
infile_check(const char *path, const struct stat *st, const char *what, size_t max,
    char *err, size_t errlen)
{
	const char	*why = infile_kind(st->st_mode);

	if (why != NULL) {
		snprintf(err, errlen, "%s: %s", path, why);
		errno = S_ISDIR(st->st_mode) ? EISDIR : EINVAL;
		return -1;
	}
	if ((unsigned long long)st->st_size > (unsigned long long)max) {
		infile_too_large(path, what, max, err, errlen);
		errno = EFBIG;
		return -1;
	}
	return 0;
}

/* Open a regular file of at most max bytes to read. */
int
infile_open(const char *path, const char *what, size_t max, char *err, size_t errlen)
{
	struct stat	st;
	int		fd, e;

	if (*path == '\0') {
		snprintf(err, errlen, "an empty file name");
		errno = ENOENT;
		return -1;
	}
	/* A device is not even opened (a tape rewinds, a terminal is taken). */
	if (stat(path, &st) == -1) {
		e = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		errno = e;
		return -1;
	}
	if (infile_check(path, &st, what, max, err, errlen) == -1)
		return -1;
	/* O_NONBLOCK: a FIFO put in its place since does not block the open. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) == -1) {
		e = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		errno = e;
		return -1;
	}
	if (fstat(fd, &st) == -1 || infile_check(path, &st, what, max, err, errlen) == -1 ||
	    fcntl(fd, F_SETFL, 0) == -1) {
		e = errno;
		if (e != EISDIR && e != EINVAL && e != EFBIG)
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Read a whole regular file of at most max bytes. */
char *
infile_read(const char *path, const char *what, size_t max, size_t *len, char *err,
    size_t errlen)
{
	char	*buf;
	size_t	 got = 0, cap;
	ssize_t	 n = 0;
	int	 fd, e;

	if ((fd = infile_open(path, what, max, err, errlen)) == -1)
		return NULL;
	/* The file may grow after the fstat: read to the end, never past max. */
	cap = 4096;
	buf = xmalloc(cap + 1);
	for (;;) {
		if (got == cap) {
			if (cap > max)
				break;
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			buf = xreallocarray(buf, cap + 1, 1);
		}
		n = read(fd, buf + got, cap - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	e = errno;
	close(fd);
	if (n == -1 || got > max) {
		if (n == -1)
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		else
			infile_too_large(path, what, max, err, errlen);
		free(buf);
		errno = n == -1 ? e : EFBIG;
		return NULL;
	}
	buf[got] = '\0';
	*len = got;
	return buf;
}

/* The next line of buf from *off. */
int
infile_line(const char *buf, size_t len, size_t *off, const char **line, size_t *n)
{
	const char	*nl;

	if (*off >= len)
		return 0;
	*line = buf + *off;
	if ((nl = memchr(*line, '\n', len - *off)) == NULL) {
		*n = len - *off;
		*off = len;
	} else {
		*n = (size_t)(nl - *line);
		*off += *n + 1;
	}
	return 1;
}
