/*
 * snapshot.h: the screen as drawn, written as an SVG file for slides
 * (snapshot.c): one <text> per run of same-styled characters, the theme's
 * colours, a monospace font stack. Only src/ui/ includes it.
 */
#ifndef SMTSCOPE_UI_SNAPSHOT_H
#define SMTSCOPE_UI_SNAPSHOT_H

#include <stddef.h>

/* The default name: smtscope-YYYYmmdd-HHMMSS.svg (local time). */
void	snapshot_name(char *buf, size_t len);
/* Write the screen curses holds now to path; -1 with "path: why" in err. */
int	snapshot_svg(const char *path, char *err, size_t errlen);

#endif
