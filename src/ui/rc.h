/*
 * rc.h: the live screen's settings file, as htop keeps its htoprc:
 * $XDG_CONFIG_HOME/smtscope/smtscoperc (~/.config when unset), read at
 * start and written on quit. Lines of KEY=VALUE; # starts a comment.
 * Keys: theme (a name or a file), delay (refresh in tenths of a second,
 * 1-100), view (tree, grid, c2c or auto), view.MACHINE (tree or grid: the
 * view the user chose for a machine of that shape, "2p96c192t"; the others
 * keep auto), chart (1 shown, 0 hidden), idle (the idle residency column:
 * 1 shown, 0 hidden).
 * No curses here: rc.c is tested without a terminal.
 */
#ifndef SMTSCOPE_RC_H
#define SMTSCOPE_RC_H

#include <stddef.h>

#define RC_NAME		"smtscoperc"
#define RC_LINE_MAX	1024	/* a longer line is malformed */
#define RC_FILE_MAX	(64 * 1024)	/* a larger file is not read */

#define RC_VIEWS	16	/* machines whose view was chosen, the newest kept */

/* A view chosen for a machine of one shape. */
struct rc_view {
	char	machine[32];	/* "2p96c192t" */
	char	view[8];	/* "tree", "grid" */
};

/* The settings; each field unset until a file or the screen gives it. */
struct rc {
	char	theme[512];	/* "" unset */
	int	delay_tenths;	/* 0 unset */
	char	view[8];	/* "tree", "grid", "c2c", "auto"; "" unset */
	int	chart;		/* -1 unset, 0 hidden, 1 shown */
	int	idle;		/* the idle residency column: -1 unset, 0 hidden, 1 shown */
	struct rc_view views[RC_VIEWS];
	int	nviews;
};

/* The view chosen for a machine ("2p96c192t"), or NULL: auto. */
const char *rc_view_get(const struct rc *, const char *machine);
/* Remember the view chosen for a machine; NULL forgets it (auto again). */
void	rc_view_set(struct rc *, const char *machine, const char *view);

/* Every setting unset. */
void	rc_init(struct rc *);
/* The file's path (base/xdg.h): 0, or -1 when neither XDG_CONFIG_HOME nor HOME is absolute. */
int	rc_path(char *buf, size_t len);
/*
 * Read a file into rc. A missing file leaves rc unset and is no error.
 * Returns the number of malformed lines (each leaves its setting unset;
 * err then names the first as "PATH:LINE: what", with how many more), or
 * -1 with err when the file cannot be read: not a regular file (a FIFO,
 * /dev/zero: refused without reading), or larger than RC_FILE_MAX.
 */
int	rc_read(struct rc *, const char *path, char *err, size_t errlen);
/*
 * Write rc to path (the set settings only), creating its directory: a
 * temporary beside it renamed into place, so a reader never sees half a
 * file. -1 with err naming the file.
 */
int	rc_write(const struct rc *, const char *path, char *err, size_t errlen);

#endif
