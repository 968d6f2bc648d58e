/*
 * safefile.c: the one output writer. Every file is opened with O_NOFOLLOW
 * and, where it is made, O_CREAT|O_EXCL, so that a name another user
 * planted (a symbolic link to a file of root's, a FIFO, a device) is never
 * written through; the checks on what is there before are for a clear
 * message, the flags are what makes it safe.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/safefile.h"

/* Files to remove if smtscope dies while they are open. */
#define SAFEFILE_SLOTS	8
static char	safefile_dying[SAFEFILE_SLOTS][SAFEFILE_PATH_MAX + 16];

/* The flags every file is opened with. */
#define SAFEFILE_FLAGS	(O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)

/* Note a name to remove on death (first free slot; none left: not noted). */
static void
safefile_note(const char *name)
{
	int	i;

	for (i = 0; i < SAFEFILE_SLOTS; i++)
		if (safefile_dying[i][0] == '\0') {
			snprintf(safefile_dying[i], sizeof safefile_dying[i], "%s", name);
			return;
		}
}

/* Forget a name noted. */
static void
safefile_forget(const char *name)
{
	int	i;

	for (i = 0; i < SAFEFILE_SLOTS; i++)
		if (strcmp(safefile_dying[i], name) == 0) {
			safefile_dying[i][0] = '\0';
			return;
		}
}

/* Remove every noted file; for a death by a signal. */
void
safefile_cleanup(void)
{
	int	i;

	for (i = 0; i < SAFEFILE_SLOTS; i++)
		if (safefile_dying[i][0] != '\0') {
			unlink(safefile_dying[i]);
			safefile_dying[i][0] = '\0';
		}
}

/* What is at path, said for a refusal; NULL when a regular file or nothing. */
static const char *
safefile_what(const struct stat *st)
{
	if (S_ISLNK(st->st_mode))
		return "a symbolic link (smtscope writes through no link)";
	if (S_ISDIR(st->st_mode))
		return "a directory";
	if (!S_ISREG(st->st_mode))
		return "not a regular file (a device, FIFO or socket)";
	return NULL;
}

/* Refuse what path is, if it is there and not a regular file; 0 when it may be written. */
static int
safefile_check_target(const char *path, char *err, size_t errlen)
{
	struct stat	 st;
	const char	*what;

	if (lstat(path, &st) == -1)
		return 0;	/* not there (or unreadable: the open says) */
	if ((what = safefile_what(&st)) == NULL)
		return 0;
	snprintf(err, errlen, "cannot write %s: %s", path, what);
	errno = S_ISDIR(st.st_mode) ? EISDIR : EEXIST;
	return -1;
}

/* Make a temporary beside path: .NAME.XXXXXX, created exclusively; its fd or -1. */
static int
safefile_mktemp(struct safefile *sf)
{
	static unsigned	 seq;
	const char	*slash = strrchr(sf->path, '/');
	int		 dirlen = slash != NULL ? (int)(slash - sf->path + 1) : 0;
	unsigned	 r;
	int		 fd, i;

	for (i = 0; i < 100; i++) {
		r = (unsigned)getpid() * 2654435761u ^ (unsigned)clock() ^
		    (unsigned)time(NULL) * 40503u ^ ++seq * 97u;
		/* At most 200 bytes of the name, so the temporary's stays under NAME_MAX. */
		snprintf(sf->tmp, sizeof sf->tmp, "%.*s.%.200s.%06x", dirlen, sf->path,
		    sf->path + dirlen, r & 0xffffff);
		if ((fd = open(sf->tmp, SAFEFILE_FLAGS, 0666)) != -1 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/*
 * GROW on an existing name: open it without following a link, and empty
 * it only when it is a regular file of ours with one link; fd or -1.
 */
static int
safefile_reuse(const char *path, char *err, size_t errlen)
{
	struct stat	 st;
	const char	*what;
	int		 fd;

	/* What is there first, for a clear message (a FIFO would say ENXIO). */
	if (safefile_check_target(path, err, errlen) == -1)
		return -1;
	if ((fd = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC |
	    O_NOCTTY)) == -1) {
		snprintf(err, errlen, "cannot write %s: %s", path, errno == ELOOP ?
		    "a symbolic link (smtscope writes through no link)" : strerror(errno));
		return -1;
	}
	what = NULL;
	if (fstat(fd, &st) == -1)
		what = strerror(errno);
	else if ((what = safefile_what(&st)) == NULL && st.st_uid != geteuid())
		what = "another user's file (not overwritten)";
	else if (what == NULL && st.st_nlink != 1)
		what = "a file with other links (not overwritten)";
	if (what == NULL && (fcntl(fd, F_SETFL, 0) == -1 || ftruncate(fd, 0) == -1))
		what = strerror(errno);
	if (what != NULL) {
		snprintf(err, errlen, "cannot write %s: %s", path, what);
		close(fd);
		return -1;
	}
	return fd;
}

/* Open the file's descriptor as how says; -1 with a message. */
static int
safefile_fd(struct safefile *sf, char *err, size_t errlen)
{
	int	fd;

	switch (sf->how) {
	case SAFEFILE_REPLACE:
		if (safefile_check_target(sf->path, err, errlen) == -1)
			return -1;
		if ((fd = safefile_mktemp(sf)) == -1)
			break;
		safefile_note(sf->tmp);
		return fd;
	case SAFEFILE_NEW:
	case SAFEFILE_GROW:
		if ((fd = open(sf->path, SAFEFILE_FLAGS, 0666)) != -1) {
			if (sf->how == SAFEFILE_NEW)
				safefile_note(sf->path);
			return fd;
		}
		if (errno == EEXIST && sf->how == SAFEFILE_GROW)
			return safefile_reuse(sf->path, err, errlen);
		break;
	}
	snprintf(err, errlen, "cannot write %s: %s", sf->path, errno == ELOOP ?
	    "a symbolic link (smtscope writes through no link)" : errno == EEXIST ?
	    "it exists (not overwritten)" : strerror(errno));
	return -1;
}

/* Open path for writing as how says. */
int
safefile_open(struct safefile *sf, const char *path, enum safefile_how how, char *err,
    size_t errlen)
{
	int	e;

	memset(sf, 0, sizeof *sf);
	sf->fd = -1;
	sf->how = how;
	if (*path == '\0') {
		snprintf(err, errlen, "cannot write a file without a name");
		return -1;
	}
	if (strlen(path) >= sizeof sf->path) {
		snprintf(err, errlen, "cannot write %.64s...: the name is too long", path);
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(sf->path, sizeof sf->path, "%s", path);
	if ((sf->fd = safefile_fd(sf, err, errlen)) == -1)
		return -1;
	if ((sf->f = fdopen(sf->fd, "w")) == NULL) {
		e = errno;
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
		safefile_close(sf, 0, NULL, 0);
		errno = e;
		return -1;
	}
	return 0;
}

/* Create STEM.EXT, else STEM-2.EXT, ... exclusively. */
int
safefile_open_unique(struct safefile *sf, const char *stem, const char *ext,
    enum safefile_how how, char *err, size_t errlen)
{
	char	name[SAFEFILE_PATH_MAX];
	int	i;

	for (i = 1; i < 100; i++) {
		if (i == 1)
			snprintf(name, sizeof name, "%s%s", stem, ext);
		else
			snprintf(name, sizeof name, "%s-%d%s", stem, i, ext);
		if (safefile_open(sf, name, SAFEFILE_NEW, err, errlen) == 0) {
			if (how == SAFEFILE_GROW)
				safefile_forget(sf->path);
			sf->how = how;
			return 0;
		}
		if (errno != EEXIST && errno != ELOOP)
			return -1;
	}
	return -1;
}

/* Flush, sync (when kept) and close the stream; 0, or the error's number. */
static int
safefile_finish(struct safefile *sf, int keep, int before)
{
	int	e = 0;

	/* A stream's write error is not kept by stdio: errno from then, else EIO. */
	if (sf->f != NULL && ferror(sf->f))
		e = before != 0 ? before : EIO;
	errno = 0;
	if (e == 0 && sf->f != NULL && fflush(sf->f) != 0)
		e = errno != 0 ? errno : EIO;
	if (e == 0 && keep && fsync(sf->fd) == -1 && errno != EINVAL)
		e = errno;
	if (sf->f != NULL) {
		if (fclose(sf->f) != 0 && e == 0)
			e = errno != 0 ? errno : EIO;
	} else if (close(sf->fd) == -1 && e == 0)
		e = errno;
	sf->f = NULL;
	sf->fd = -1;
	return e;
}

/* Finish the file: checked and renamed into place, or removed. */
int
safefile_close(struct safefile *sf, int keep, char *err, size_t errlen)
{
	const char	*made = sf->how == SAFEFILE_REPLACE ? sf->tmp : sf->path;
	int		 e;

	if (sf->fd == -1)
		return 0;
	e = safefile_finish(sf, keep, errno);
	if (keep && e == 0 && sf->how == SAFEFILE_REPLACE && rename(sf->tmp, sf->path) == -1)
		e = errno;
	safefile_forget(made);
	/* A grown file stays, readable as far as it got; anything else goes. */
	if (!keep || (e != 0 && sf->how != SAFEFILE_GROW))
		unlink(made);
	if (keep && e != 0 && err != NULL)
		snprintf(err, errlen, "cannot write %s: %s", sf->path, strerror(e));
	return keep && e != 0 ? -1 : 0;
}

/* Could path be written? */
int
safefile_probe(const char *path, char *err, size_t errlen)
{
	struct safefile	sf;

	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	return safefile_close(&sf, 0, err, errlen);
}
