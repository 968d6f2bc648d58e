/*
 * safefile.c: the one output writer. The path is walked from / one
 * directory at a time, as OpenSSH's safe_path() checks a path: each
 * directory opened relative to the one before (O_DIRECTORY|O_NOFOLLOW)
 * and refused unless root's or the user's own and not writable by others
 * (a sticky one, like /tmp, may be); a symbolic link on the way is
 * followed only when root or the user owns it, from a directory that
 * passed. The file is then made relative to the opened directory (openat,
 * renameat, unlinkat), so that a swap of any name after the walk changes
 * nothing; a temporary has no name at all until it is complete where the
 * system allows (O_TMPFILE), so that none outlives smtscope, SIGKILL
 * included.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/safefile.h"

/* Files to remove if smtscope dies while they are open: a directory and a name in it. */
#define SAFEFILE_SLOTS	8
static struct {
	int	dirfd;
	char	name[SAFEFILE_NAME_MAX + 16];
} safefile_dying[SAFEFILE_SLOTS];

/* The flags every file is opened with. */
#define SAFEFILE_FLAGS	(O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)

/* How a directory on the way is opened: to search it, not to read it. */
#ifdef O_PATH
#define SAFEFILE_DIR_FLAGS	(O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#else
#define SAFEFILE_DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#endif

/* The most symbolic links followed on one path (Linux's own limit). */
#define SAFEFILE_LINKS_MAX	40

/* Note a name to remove on death (first free slot; none left: not noted). */
static void
safefile_note(int dirfd, const char *name)
{
	int	i;

	for (i = 0; i < SAFEFILE_SLOTS; i++)
		if (safefile_dying[i].name[0] == '\0') {
			snprintf(safefile_dying[i].name, sizeof safefile_dying[i].name, "%s",
			    name);
			safefile_dying[i].dirfd = dirfd;
			return;
		}
}

/* Forget a name noted. */
static void
safefile_forget(int dirfd, const char *name)
{
	int	i;

	for (i = 0; i < SAFEFILE_SLOTS; i++)
		if (safefile_dying[i].dirfd == dirfd &&
		    strcmp(safefile_dying[i].name, name) == 0) {
			safefile_dying[i].name[0] = '\0';
			return;
		}
}

/* Remove every noted file; for a death by a signal (async-signal-safe). */
void
safefile_cleanup(void)
{
	int	i;

	for (i = 0; i < SAFEFILE_SLOTS; i++)
		if (safefile_dying[i].name[0] != '\0') {
			unlinkat(safefile_dying[i].dirfd, safefile_dying[i].name, 0);
			safefile_dying[i].name[0] = '\0';
		}
}

/* What is at a name, said for a refusal; NULL when a regular file. */
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

/* Why a directory is no place to write in, or NULL: root's or ours, and others may not write it. */
static const char *
safefile_unsafe(const struct stat *st, char *buf, size_t len)
{
	if (st->st_uid != 0 && st->st_uid != geteuid()) {
		snprintf(buf, len, "another user's directory (uid %lu)",
		    (unsigned long)st->st_uid);
		return buf;
	}
	if ((st->st_mode & (S_IWGRP | S_IWOTH)) != 0 && (st->st_mode & S_ISVTX) == 0)
		return "a directory others may write in (not sticky)";
	return NULL;
}

/* The walk of a path: where it is, what is left, the directory reached. */
struct safefile_walk {
	char	rest[SAFEFILE_PATH_MAX * 2];	/* the components left */
	char	at[SAFEFILE_PATH_MAX * 2];	/* the directory reached, for messages */
	int	dirfd;				/* that directory, opened */
	int	links;				/* links followed */
};

/* Refuse in err: "cannot write PATH: WHERE is WHY"; -1. */
static int
safefile_refuse(const char *path, const struct safefile_walk *w, const char *why,
    char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot write %s: %s is %s", path, w->at[0] != '\0' ?
	    w->at : "/", why);
	errno = EACCES;
	return -1;
}

/* Go down into the directory name, checked; 0, or -1 with why. */
static int
safefile_down(const char *path, struct safefile_walk *w, const char *name, char *err,
    size_t errlen)
{
	char		why[96];
	const char	*bad = NULL;
	struct stat	st;
	size_t		n = strlen(w->at);
	int		fd;

	snprintf(w->at + n, sizeof w->at - n, "%s%s", n > 0 && w->at[n - 1] == '/' ?
	    "" : "/", name);
	if ((fd = openat(w->dirfd, name, SAFEFILE_DIR_FLAGS)) == -1) {
		if (errno == ELOOP)
			return safefile_refuse(path, w, "a symbolic link that changed while "
			    "smtscope looked", err, errlen);
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1 || (bad = safefile_unsafe(&st, why, sizeof why)) != NULL) {
		close(fd);
		return safefile_refuse(path, w, bad != NULL ? bad : strerror(errno), err,
		    errlen);
	}
	close(w->dirfd);
	w->dirfd = fd;
	return 0;
}

/* Follow the link name (ours or root's, in a directory that passed); 0, or -1 with why. */
static int
safefile_follow(const char *path, struct safefile_walk *w, const char *name,
    const struct stat *st, char *err, size_t errlen)
{
	char	target[SAFEFILE_PATH_MAX], rest[sizeof w->rest];
	ssize_t	n;
	size_t	at = strlen(w->at);

	snprintf(w->at + at, sizeof w->at - at, "%s%s", at > 0 && w->at[at - 1] == '/' ?
	    "" : "/", name);
	if (st->st_uid != 0 && st->st_uid != geteuid())
		return safefile_refuse(path, w, "a symbolic link of another user's", err,
		    errlen);
	if (++w->links > SAFEFILE_LINKS_MAX)
		return safefile_refuse(path, w, "one link too many (a loop?)", err, errlen);
	if ((n = readlinkat(w->dirfd, name, target, sizeof target)) <= 0 ||
	    (size_t)n >= sizeof target) {
		snprintf(err, errlen, "cannot write %s: %s: %s", path, w->at, n <= 0 ?
		    strerror(errno) : "a link too long");
		return -1;
	}
	target[n] = '\0';
	if ((size_t)n + 1 + strlen(w->rest) >= sizeof rest) {
		snprintf(err, errlen, "cannot write %s: %s: the path it leads to is too long",
		    path, w->at);
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(rest, target, (size_t)n);
	rest[n] = '/';
	memcpy(rest + n + 1, w->rest, strlen(w->rest) + 1);
	memcpy(w->rest, rest, sizeof rest);
	w->at[at] = '\0';
	if (target[0] == '/') {
		close(w->dirfd);
		if ((w->dirfd = open("/", SAFEFILE_DIR_FLAGS)) == -1) {
			snprintf(err, errlen, "cannot write %s: /: %s", path, strerror(errno));
			return -1;
		}
		w->at[0] = '\0';
	}
	return 0;
}

/* Take the next component off w->rest into name; 1 when it was the last one. */
static int
safefile_next(struct safefile_walk *w, char *name, size_t len)
{
	char	*p = w->rest, *slash;
	size_t	 n;

	while (*p == '/')
		p++;
	slash = strchr(p, '/');
	n = slash != NULL ? (size_t)(slash - p) : strlen(p);
	snprintf(name, len, "%.*s", (int)n, p);
	p += n;
	while (*p == '/')
		p++;
	memmove(w->rest, p, strlen(p) + 1);
	return w->rest[0] == '\0';
}

/*
 * Walk path from / (a relative one from the current directory's path):
 * every directory checked, links followed as the file's comment says;
 * the last directory's descriptor (base its last component), or -1 with
 * "cannot write PATH: why".
 */
static int
safefile_walk(const char *path, char *base, size_t baselen, char *err, size_t errlen)
{
	struct safefile_walk	*w = calloc(1, sizeof *w);
	struct stat		 st;
	char			 name[SAFEFILE_NAME_MAX + 1], cwd[SAFEFILE_PATH_MAX], why[96];
	const char		*bad = NULL;
	int			 last, fd = -1;

	if (w == NULL) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	if (path[0] != '/' && getcwd(cwd, sizeof cwd) == NULL)
		snprintf(err, errlen, "cannot write %s: the current directory: %s", path,
		    strerror(errno));
	else if ((w->dirfd = open("/", SAFEFILE_DIR_FLAGS)) == -1)
		snprintf(err, errlen, "cannot write %s: /: %s", path, strerror(errno));
	else if (fstat(w->dirfd, &st) == -1 ||
	    (bad = safefile_unsafe(&st, why, sizeof why)) != NULL)
		safefile_refuse(path, w, bad != NULL ? bad : strerror(errno), err, errlen);
	else {
		snprintf(w->rest, sizeof w->rest, "%s%s%s", path[0] != '/' ? cwd : "",
		    path[0] != '/' ? "/" : "", path);
		for (;;) {
			last = safefile_next(w, name, sizeof name);
			if (last) {
				if (name[0] == '\0' || strcmp(name, ".") == 0 ||
				    strcmp(name, "..") == 0) {
					snprintf(err, errlen, "cannot write %s: a directory, not a "
					    "file name", path);
					errno = EISDIR;
					break;
				}
				snprintf(base, baselen, "%s", name);
				fd = w->dirfd;
				w->dirfd = -1;
				break;
			}
			if (name[0] == '\0' || strcmp(name, ".") == 0)
				continue;
			if (fstatat(w->dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
			    S_ISLNK(st.st_mode)) {
				if (safefile_follow(path, w, name, &st, err, errlen) == -1)
					break;
			} else if (safefile_down(path, w, name, err, errlen) == -1)
				break;
		}
	}
	if (w->dirfd >= 0)
		close(w->dirfd);
	free(w);
	return fd;
}

/* Refuse what is at base in dirfd if it may not be replaced; 0 when it may be written. */
static int
safefile_check_target(const struct safefile *sf, int others, char *err, size_t errlen)
{
	struct stat	 st;
	const char	*what;

	if (fstatat(sf->dirfd, sf->base, &st, AT_SYMLINK_NOFOLLOW) == -1)
		return 0;	/* not there (or unreadable: the open says) */
	if ((what = safefile_what(&st)) == NULL && !others && st.st_uid != geteuid())
		what = "another user's file (not replaced)";
	if (what == NULL)
		return 0;
	snprintf(err, errlen, "cannot write %s: %s", sf->path, what);
	errno = S_ISDIR(st.st_mode) ? EISDIR : EEXIST;
	return -1;
}

/* A named temporary beside the file: .NAME.XXXXXX, created exclusively; its fd or -1. */
static int
safefile_named_temp(struct safefile *sf)
{
	static unsigned	 seq;
	unsigned	 r;
	int		 fd, i;

	for (i = 0; i < 100; i++) {
		r = (unsigned)getpid() * 2654435761u ^ (unsigned)clock() ^
		    (unsigned)time(NULL) * 40503u ^ ++seq * 97u;
		/* At most 200 bytes of the name, so the temporary's stays under NAME_MAX. */
		snprintf(sf->tmpbase, sizeof sf->tmpbase, ".%.200s.%06x", sf->base,
		    r & 0xffffff);
		if ((fd = openat(sf->dirfd, sf->tmpbase, SAFEFILE_FLAGS, 0666)) != -1 ||
		    errno != EEXIST)
			return fd;
	}
	return -1;
}

/*
 * The temporary a REPLACE writes: a file without a name in the directory
 * (O_TMPFILE), given one only when it is complete; else a named one,
 * noted for removal on a signal. Its fd or -1.
 */
static int
safefile_mktemp(struct safefile *sf)
{
	int	fd;

#ifdef O_TMPFILE
	/* It is given its name through /proc/self/fd: without /proc, a named one. */
	if (access("/proc/self/fd", X_OK) == 0 &&
	    (fd = openat(sf->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666)) != -1) {
		sf->anon = 1;
		sf->tmpbase[0] = '\0';
		return fd;
	}
#endif
	if ((fd = safefile_named_temp(sf)) != -1)
		safefile_note(sf->dirfd, sf->tmpbase);
	return fd;
}

/*
 * GROW on an existing name: open it without following a link, and empty
 * it only when it is a regular file of ours with one link; fd or -1.
 */
static int
safefile_reuse(struct safefile *sf, char *err, size_t errlen)
{
	struct stat	 st;
	const char	*what;
	int		 fd;

	/* What is there first, for a clear message (a FIFO would say ENXIO). */
	if (safefile_check_target(sf, 1, err, errlen) == -1)
		return -1;
	if ((fd = openat(sf->dirfd, sf->base, O_WRONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC | O_NOCTTY)) == -1) {
		snprintf(err, errlen, "cannot write %s: %s", sf->path, errno == ELOOP ?
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
		snprintf(err, errlen, "cannot write %s: %s", sf->path, what);
		close(fd);
		return -1;
	}
	return fd;
}

/* Open the file's descriptor as how says, in the walked directory; -1 with a message. */
static int
safefile_fd(struct safefile *sf, char *err, size_t errlen)
{
	int	fd;

	switch (sf->how) {
	case SAFEFILE_REPLACE:
		if (safefile_check_target(sf, 0, err, errlen) == -1)
			return -1;
		if ((fd = safefile_mktemp(sf)) == -1)
			break;
		return fd;
	case SAFEFILE_NEW:
	case SAFEFILE_GROW:
		if ((fd = openat(sf->dirfd, sf->base, SAFEFILE_FLAGS, 0666)) != -1) {
			if (sf->how == SAFEFILE_NEW)
				safefile_note(sf->dirfd, sf->base);
			return fd;
		}
		if (errno == EEXIST && sf->how == SAFEFILE_GROW)
			return safefile_reuse(sf, err, errlen);
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
	sf->fd = sf->dirfd = -1;
	sf->how = how;
	if (*path == '\0') {
		snprintf(err, errlen, "cannot write a file without a name");
		errno = ENOENT;
		return -1;
	}
	if (strlen(path) >= sizeof sf->path) {
		snprintf(err, errlen, "cannot write %.64s...: the name is too long", path);
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(sf->path, sizeof sf->path, "%s", path);
	if ((sf->dirfd = safefile_walk(path, sf->base, sizeof sf->base, err, errlen)) == -1)
		return -1;
	if ((sf->fd = safefile_fd(sf, err, errlen)) == -1) {
		e = errno;
		close(sf->dirfd);
		sf->dirfd = -1;
		errno = e;
		return -1;
	}
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
				safefile_forget(sf->dirfd, sf->base);
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
	return e;
}

/*
 * Give the complete anonymous temporary a name (.NAME.XXXXXX, made by
 * linkat through /proc/self/fd), then rename it over the file; the
 * catchable signals held off between the two, so that only SIGKILL in
 * those microseconds could leave the name. 0, or the error's number.
 */
static int
safefile_commit_anon(struct safefile *sf)
{
	char		proc[64];
	sigset_t	all, old;
	int		e = 0, i, rc = -1;

	snprintf(proc, sizeof proc, "/proc/self/fd/%d", sf->fd);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	for (i = 0; i < 100 && rc == -1; i++) {
		snprintf(sf->tmpbase, sizeof sf->tmpbase, ".%.200s.%06x", sf->base,
		    ((unsigned)getpid() * 2654435761u ^ (unsigned)clock() * 97u ^
		    (unsigned)i * 40503u) & 0xffffff);
		if ((rc = linkat(AT_FDCWD, proc, sf->dirfd, sf->tmpbase,
		    AT_SYMLINK_FOLLOW)) == -1 && errno != EEXIST)
			break;
	}
	if (rc == -1)
		e = errno != 0 ? errno : EEXIST;
	else if (renameat(sf->dirfd, sf->tmpbase, sf->dirfd, sf->base) == -1) {
		e = errno;
		unlinkat(sf->dirfd, sf->tmpbase, 0);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return e;
}

/* Finish the file: checked and renamed into place, or removed. */
int
safefile_close(struct safefile *sf, int keep, char *err, size_t errlen)
{
	const char	*made = sf->how == SAFEFILE_REPLACE ? sf->tmpbase : sf->base;
	int		 e;

	if (sf->fd == -1)
		return 0;
	e = safefile_finish(sf, keep, errno);
	if (keep && e == 0 && sf->how == SAFEFILE_REPLACE)
		e = sf->anon ? safefile_commit_anon(sf) : renameat(sf->dirfd, sf->tmpbase,
		    sf->dirfd, sf->base) == -1 ? errno : 0;
	if (sf->f != NULL) {
		if (fclose(sf->f) != 0 && e == 0 && keep)
			e = errno != 0 ? errno : EIO;
	} else
		close(sf->fd);
	sf->f = NULL;
	sf->fd = -1;
	if (!sf->anon || sf->how != SAFEFILE_REPLACE) {
		safefile_forget(sf->dirfd, made);
		/* A grown file stays, readable as far as it got; anything else goes. */
		if (!keep || (e != 0 && sf->how != SAFEFILE_GROW))
			unlinkat(sf->dirfd, made, 0);
	}
	close(sf->dirfd);
	sf->dirfd = -1;
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
