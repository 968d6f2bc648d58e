/* util.h: allocation that never fails, fatal errors, time, small strings. */
#ifndef SMTSCOPE_UTIL_H
#define SMTSCOPE_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Exit statuses of every command and the screen: 0 fine, 1 a measurement or
 * runtime failure, 2 bad usage, 3 measured but others' work left the verdict
 * unknown (check, check --scale: "not measurable now ... rerun when quiet").
 */
#define CMD_OK		0
#define CMD_FAIL	1
#define CMD_USAGE	2
#define CMD_BUSY	3

#define UTIL_NSEC_PER_SEC 1000000000ULL

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));

/* Called by fatal()/fatalx() before printing, e.g. to restore the terminal. */
extern void (*util_fatal_hook)(void);

void	 fatal(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));
void	 fatalx(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));

uint64_t util_now_ns(void);
void	 util_sleep_ns(uint64_t);

/* Format a byte count as "32KB", "1MB", "386GB" (binary units, lstopo style). */
void	 util_fmt_bytes(char *, size_t, uint64_t);
/* Parse "32k", "1m", "256M", "2g", "4096" into bytes; -1 on error. */
int	 util_parse_size(const char *, uint64_t *);
/* Parse a whole decimal number in [min,max]; -1 on error. */
int	 util_parse_long(const char *, long, long, long *);
/* Parse a non-negative decimal number of seconds ("0.5", "3"); -1 on error. */
int	 util_parse_seconds(const char *, double *);

/* Does a comma list have an empty item ("", ",a", "a,", "a,,b")? */
int	 util_list_empty_item(const char *);

/* Growable string buffer. */
struct strbuf {
	char	*s;
	size_t	 len;
	size_t	 cap;
};
void	 strbuf_init(struct strbuf *);
void	 strbuf_free(struct strbuf *);
void	 strbuf_add(struct strbuf *, const char *, size_t);
void	 strbuf_puts(struct strbuf *, const char *);
void	 strbuf_printf(struct strbuf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 strbuf_vprintf(struct strbuf *, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
/* The length of the valid UTF-8 sequence at s (1 to 4), 0 when it is not one. */
size_t	 util_utf8_len(const char *);

/* Read a whole small file (sysfs/procfs) into buf, trailing newline cut; -1 on error. */
int	 util_read_file(const char *, char *, size_t);
/* The same for <root><rel> (a settable root before an absolute path); -1 and "" if absent. */
int	 util_read_at(const char *root, const char *rel, char *buf, size_t len);
/* Append to buf (already holding a string) as snprintf would; never overflows. */
void	 util_catf(char *buf, size_t len, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

#endif
