/* util.c: allocation that never fails, fatal errors, time, small strings. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

void (*util_fatal_hook)(void);

/* Allocate or die. */
void *
xmalloc(size_t n)
{
	void	*p;

	if ((p = malloc(n == 0 ? 1 : n)) == NULL)
		fatal("malloc %zu bytes", n);
	return p;
}

/* Allocate zeroed or die. */
void *
xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if ((p = calloc(nmemb == 0 ? 1 : nmemb, size == 0 ? 1 : size)) == NULL)
		fatal("calloc %zu x %zu bytes", nmemb, size);
	return p;
}

/* Resize an array or die, checking the multiplication. */
void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void	*p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		fatalx("reallocarray: %zu x %zu overflows", nmemb, size);
	if ((p = realloc(ptr, nmemb * size == 0 ? 1 : nmemb * size)) == NULL)
		fatal("realloc %zu x %zu bytes", nmemb, size);
	return p;
}

/* Duplicate a string or die. */
char *
xstrdup(const char *s)
{
	char	*p;

	if ((p = strdup(s)) == NULL)
		fatal("strdup");
	return p;
}

/* Format into a new string or die (measured once, then written: C99 alone). */
char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;
	int	 n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("vsnprintf");
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static void __attribute__((format(printf, 2, 0), noreturn))
util_die(int with_errno, const char *fmt, va_list ap)
{
	int	 saved = errno;

	if (util_fatal_hook != NULL)
		util_fatal_hook();
	fputs("smtscope: ", stderr);
	vfprintf(stderr, fmt, ap);
	if (with_errno)
		fprintf(stderr, ": %s", strerror(saved));
	fputc('\n', stderr);
	exit(1);
}

/* Print "smtscope: what: strerror(errno)" and exit 1. */
void
fatal(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	util_die(1, fmt, ap);
}

/* Print "smtscope: what" and exit 1. */
void
fatalx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	util_die(0, fmt, ap);
}

/* Monotonic time in nanoseconds. */
uint64_t
util_now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * UTIL_NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

/* Sleep for ns nanoseconds, resuming after signals. */
void
util_sleep_ns(uint64_t ns)
{
	struct timespec	ts;

	ts.tv_sec = (time_t)(ns / UTIL_NSEC_PER_SEC);
	ts.tv_nsec = (long)(ns % UTIL_NSEC_PER_SEC);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

/* Format a byte count with a binary unit, as lstopo does. */
void
util_fmt_bytes(char *buf, size_t len, uint64_t n)
{
	static const char	*units[] = { "B", "KB", "MB", "GB", "TB", "PB" };
	unsigned		 u = 0;

	while (u < 5 && n >= 1024 && n % 1024 == 0) {
		n /= 1024;
		u++;
	}
	while (u < 5 && n >= 10 * 1024) {
		n /= 1024;
		u++;
	}
	snprintf(buf, len, "%llu%s", (unsigned long long)n, units[u]);
}

/* Parse a size with an optional k/m/g suffix (binary). */
int
util_parse_size(const char *s, uint64_t *out)
{
	char			*end;
	unsigned long long	 v;
	unsigned		 shift = 0;

	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return -1;
	switch (tolower((unsigned char)*end)) {
	case '\0':
		break;
	case 'k':
		shift = 10;
		break;
	case 'm':
		shift = 20;
		break;
	case 'g':
		shift = 30;
		break;
	default:
		return -1;
	}
	if (*end != '\0') {
		end++;
		if (tolower((unsigned char)*end) == 'b' || tolower((unsigned char)*end) == 'i')
			end++;
		if (*end != '\0')
			return -1;
	}
	if (v > (ULLONG_MAX >> shift))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

/* Parse a whole decimal number within bounds. */
int
util_parse_long(const char *s, long min, long max, long *out)
{
	char	*end;
	long	 v;

	if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* Parse a non-negative, finite number of seconds. */
int
util_parse_seconds(const char *s, double *out)
{
	char	*end;
	double	 v;

	if (s == NULL || *s == '\0' || isspace((unsigned char)*s) || *s == '-')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v) || v < 0 || v > 86400)
		return -1;
	*out = v;
	return 0;
}

/* Start an empty buffer. */
void
strbuf_init(struct strbuf *sb)
{
	sb->cap = 256;
	sb->len = 0;
	sb->s = xmalloc(sb->cap);
	sb->s[0] = '\0';
}

/* Release a buffer. */
void
strbuf_free(struct strbuf *sb)
{
	free(sb->s);
	sb->s = NULL;
	sb->len = sb->cap = 0;
}

/* Append n bytes. */
void
strbuf_add(struct strbuf *sb, const char *p, size_t n)
{
	if (sb->len + n + 1 > sb->cap) {
		while (sb->len + n + 1 > sb->cap)
			sb->cap *= 2;
		sb->s = xreallocarray(sb->s, sb->cap, 1);
	}
	memcpy(sb->s + sb->len, p, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

/* Append a string. */
void
strbuf_puts(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

/* Append formatted text. */
void
strbuf_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list	 ap2;
	int	 n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		fatalx("vsnprintf failed");
	if (sb->len + (size_t)n + 1 > sb->cap) {
		while (sb->len + (size_t)n + 1 > sb->cap)
			sb->cap *= 2;
		sb->s = xreallocarray(sb->s, sb->cap, 1);
	}
	vsnprintf(sb->s + sb->len, sb->cap - sb->len, fmt, ap);
	sb->len += (size_t)n;
}

/* Append formatted text. */
void
strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	strbuf_vprintf(sb, fmt, ap);
	va_end(ap);
}

/* The length of the valid UTF-8 sequence at s (1 to 4), 0 when it is not one. */
size_t
util_utf8_len(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	unsigned char		 lo = 0x80, hi = 0xbf;
	size_t			 n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* No overlong forms, no surrogates, nothing past U+10FFFF. */
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

/* Does a comma list have an empty item ("", ",a", "a,", "a,,b")? */
int
util_list_empty_item(const char *list)
{
	size_t	n = strlen(list);

	return n == 0 || list[0] == ',' || list[n - 1] == ',' || strstr(list, ",,") != NULL;
}

/* Read a small file whole; the trailing newline is removed. */
int
util_read_file(const char *path, char *buf, size_t len)
{
	ssize_t	n;
	size_t	got = 0;
	int	fd;

	if (len == 0 || (fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	while (got + 1 < len) {
		n = read(fd, buf + got, len - 1 - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	while (got > 0 && buf[got - 1] == '\n')
		buf[--got] = '\0';
	return 0;
}

/* Read <root><rel> whole into buf; -1 and buf "" when it is absent. */
int
util_read_at(const char *root, const char *rel, char *buf, size_t len)
{
	char	path[4096];

	snprintf(path, sizeof path, "%s%s", root, rel);
	if (util_read_file(path, buf, len) != 0) {
		if (len > 0)
			buf[0] = '\0';
		return -1;
	}
	return 0;
}

/* Append to buf (already holding a string) as snprintf would; never overflows. */
void
util_catf(char *buf, size_t len, const char *fmt, ...)
{
	size_t	used = strlen(buf);
	va_list	ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}
