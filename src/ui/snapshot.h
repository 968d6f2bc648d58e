/*
 * snapshot.h: the screen as drawn, written as an SVG file for slides
 * (snapshot.c): one <text> per run of same-styled characters, the theme's
 * colours, a monospace font stack. Only src/ui/ includes it.
 */
#ifndef SMTSCOPE_UI_SNAPSHOT_H
#define SMTSCOPE_UI_SNAPSHOT_H

#include <stddef.h>

/* The default name's stem: smtscope-YYYYmmdd-HHMMSS (local time). */
void	snapshot_name(char *buf, size_t len);
/*
 * Write the screen curses holds now to path (replaced whole), or, when
 * path is NULL, to a new file smtscope-YYYYmmdd-HHMMSS.svg (-2, -3... when
 * taken; never an existing file or a link); the name used in name. -1
 * with "cannot write PATH: why" in err.
 */
int	snapshot_svg(const char *path, char *name, size_t namelen, char *err,
	    size_t errlen);

#endif
