/* infile.c: the one input opener: regular files only, never blocking on a FIFO, capped. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/infile.h"
#include "base/util.h"

/* The longest a whole read may wait for data that does not come, in seconds. */
#define INFILE_DEADLINE_S	5

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

/*
 * Which kernel file system a file is on, the OS layer's (os_kernel_fs, set
 * by cmd_init): a file there is the kernel's own (/proc/kmsg, tracefs's
 * trace_pipe) and may block for ever or have side effects on read.
 * smtscope reads /proc and /sys on purpose through its own readers
 * (src/os, src/sample), never through this opener: an input named by the
 * user there is refused. Unset (a unit test), nothing is refused for it.
 */
static infile_fs_fn	infile_kernel_fs;

void
infile_set_kernel_fs(infile_fs_fn fn)
{
	infile_kernel_fs = fn;
}

/* Refuse a file of the kernel's (by path, or by fd when not -1), in err; 0 when not. */
static int
infile_refuse_kernel(const char *path, int fd, char *err, size_t errlen)
{
	const char	*fs = infile_kernel_fs != NULL ? infile_kernel_fs(path, fd) : NULL;

	if (fs == NULL)
		return 0;
	snprintf(err, errlen, "%s: a file of the kernel's (%s), not read as an input "
	    "(it may block or change on read)", path, fs);
	errno = EPERM;
	return -1;
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
	/* By path, links followed: a link to /proc/kmsg is refused before any open. */
	if (infile_refuse_kernel(path, -1, err, errlen) == -1)
		return -1;
	/*
	 * O_NONBLOCK: a FIFO put in its place since does not block the open,
	 * and the descriptor stays non-blocking: a read that would wait
	 * fails (EAGAIN) instead, or waits in infile_read's poll, bounded.
	 */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) == -1) {
		e = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		errno = e;
		return -1;
	}
	/* The opened file itself, after any swap of the name: same checks. */
	if (fstat(fd, &st) == -1 || infile_check(path, &st, what, max, err, errlen) == -1 ||
	    infile_refuse_kernel(path, fd, err, errlen) == -1) {
		e = errno;
		if (e != EISDIR && e != EINVAL && e != EFBIG && e != EPERM)
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/*
 * Wait for fd to be readable until the deadline: 0 when it is, -1 with
 * errno EAGAIN once the deadline is past (poll's own errors too).
 */
static int
infile_wait(int fd, const struct timespec *deadline)
{
	struct pollfd	 p;
	struct timespec	 now;
	long long	 ms;
	int		 r;

	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		ms = (long long)(deadline->tv_sec - now.tv_sec) * 1000 +
		    (deadline->tv_nsec - now.tv_nsec) / 1000000;
		if (ms <= 0)
			break;
		p.fd = fd;
		p.events = POLLIN;
		p.revents = 0;
		r = poll(&p, 1, ms > 1000 ? 1000 : (int)ms);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1)
			break;
		if (r == 1)
			return 0;
	}
	errno = EAGAIN;
	return -1;
}

/* Read a whole regular file of at most max bytes. */
char *
infile_read(const char *path, const char *what, size_t max, size_t *len, char *err,
    size_t errlen)
{
	struct timespec	 deadline;
	char		*buf;
	size_t		 got = 0, cap;
	ssize_t		 n = 0;
	int		 fd, e;

	if ((fd = infile_open(path, what, max, err, errlen)) == -1)
		return NULL;
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += INFILE_DEADLINE_S;
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
		if (n == -1 && errno == EAGAIN && infile_wait(fd, &deadline) == 0)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	e = errno;
	close(fd);
	if (n == -1 || got > max) {
		if (n == -1 && e == EAGAIN)
			snprintf(err, errlen, "%s: nothing to read after %d s (not a "
			    "regular file's contents; not read)", path, INFILE_DEADLINE_S);
		else if (n == -1)
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
