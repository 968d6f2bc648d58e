/*
 * safefile.h: the one way smtscope writes a file (results, SVGs,
 * recordings, tour records, snapshots, the settings file, the screen's
 * statistics, the idle record). The path is walked from / and refused in
 * one line when a directory on it is another user's or one others may
 * write in (not sticky), or a link on it is another user's; the file is
 * then made relative to the directory reached, so a name swapped since
 * changes nothing. Nothing is ever written through a symbolic link or
 * into a device: a file is written as a temporary beside it (without a
 * name until complete where the system allows, else created
 * O_CREAT|O_EXCL|O_NOFOLLOW) and renamed over it once written and
 * checked, or, for a file that grows while smtscope runs (a recording)
 * and for a default name made here, created in place. A write, flush,
 * sync or close error is an error naming the path, and what was made is
 * removed.
 */
#ifndef SMTSCOPE_SAFEFILE_H
#define SMTSCOPE_SAFEFILE_H

#include <stddef.h>
#include <stdio.h>

/* The longest path a file written may have, and the longest name in it. */
#define SAFEFILE_PATH_MAX	4096
#define SAFEFILE_NAME_MAX	255

/* How the file is made. */
enum safefile_how {
	/*
	 * A temporary beside the path (nameless, or .NAME.XXXXXX), renamed
	 * over it when complete: a reader never sees half a file. An
	 * existing regular file of the same user is replaced; another
	 * user's file, a link, directory or device there is refused.
	 */
	SAFEFILE_REPLACE,
	/* The path itself, created: anything already there is refused (EEXIST). */
	SAFEFILE_NEW,
	/*
	 * The path itself, written as it grows (readable up to its last line
	 * if smtscope is killed): created, or, when a regular file of the same
	 * user with one link is there, that file emptied; a link, another
	 * user's file, a directory or a device is refused.
	 */
	SAFEFILE_GROW
};

/* A file being written. */
struct safefile {
	FILE			*f;		/* the stream to write to */
	int			 fd;		/* its descriptor (e.g. for zlib: dup it) */
	enum safefile_how	 how;
	char			 path[SAFEFILE_PATH_MAX];	/* as given */
	int			 dirfd;		/* the directory walked to */
	char			 base[SAFEFILE_NAME_MAX + 1];	/* the name in it */
	char			 tmpbase[SAFEFILE_NAME_MAX + 16];	/* REPLACE: the temporary's name */
	int			 anon;		/* REPLACE: the temporary has no name yet */
};

/* Open path for writing as how says; -1 with "cannot write PATH: why" in err. */
int	safefile_open(struct safefile *, const char *path, enum safefile_how how,
	    char *err, size_t errlen);
/*
 * Create a new file named STEM.EXT, else STEM-2.EXT, STEM-3.EXT... up to
 * -99 (SAFEFILE_NEW each, so an existing name or a planted link is passed
 * over, never written); -1 with a message.
 */
int	safefile_open_unique(struct safefile *, const char *stem, const char *ext,
	    enum safefile_how how, char *err, size_t errlen);
/*
 * Finish: when keep, the stream flushed, checked, synced and closed, and
 * a temporary renamed into place; otherwise (or on any error) what was
 * made is removed. 0, or -1 with "cannot write PATH: why" (when keep).
 */
int	safefile_close(struct safefile *, int keep, char *err, size_t errlen);
/* Could path be written with SAFEFILE_REPLACE? A temporary made and removed; -1 and why. */
int	safefile_probe(const char *path, char *err, size_t errlen);
/*
 * Remove every temporary and every file made with SAFEFILE_NEW still
 * open (not a grown file: it is readable as far as it got), for a death
 * by a signal; async-signal-safe.
 */
void	safefile_cleanup(void);

#endif
