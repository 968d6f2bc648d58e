/*
 * sanitize.h: the one sanitizer for strings from outside (process names
 * from /proc, hwloc XML infos, recordings' and results' strings) before
 * they reach a terminal, a text or a CSV report. A control character is
 * shown as curses shows it on the screen (unctrl: ESC as ^[, DEL as ^?),
 * a C1 control (U+0080-U+009F, which some terminals take as ESC [) as
 * \x9b, and a byte that is not UTF-8 as '?'. JSON and SVG escape on
 * their own.
 */
#ifndef SMTSCOPE_SANITIZE_H
#define SMTSCOPE_SANITIZE_H

#include <stddef.h>

/*
 * Write src, sanitized, to dst (len bytes, NUL-terminated, cut at a whole
 * character: never half of a ^[). Returns the length written.
 */
size_t	sanitize(char *dst, size_t len, const char *src);
/* Whether s needs it: 1 when it holds a control or a byte not UTF-8. */
int	sanitize_needed(const char *s);
/* A sanitized copy of s, allocated (xmalloc). */
char	*sanitize_dup(const char *s);

#endif
