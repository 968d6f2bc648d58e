/* fold.c: a text report folded to the terminal's width at word boundaries (fold.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "base/util.h"
#include "os/os.h"
#include "report/fold.h"

struct fold {
	FILE	*out;
	int	 width;
	char	*line;		/* the line not yet ended */
	size_t	 len, cap;
};

/* The width of a line in columns (UTF-8: one column a character). */
int
fold_width(const char *s, size_t len)
{
	size_t	i;
	int	w = 0;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
	return w;
}

/* The byte offset of column col in s (at most len). */
static size_t
fold_at(const char *s, size_t len, int col)
{
	size_t	i;
	int	w = 0;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && w++ == col)
			return i;
	return len;
}

/* Is s[i] the space of "name (1234)": a process and its pid, kept together? */
static int
fold_pid_after(const char *s, size_t len, size_t i)
{
	size_t	j = i + 1;

	if (j >= len || s[j] != '(')
		return 0;
	for (j++; j < len && s[j] >= '0' && s[j] <= '9'; j++)
		;
	return j > i + 2 && j < len && s[j] == ')';
}

/* Is s[i] the space of "CPU 12": a CPU and its number, kept together? */
static int
fold_cpu_number(const char *s, size_t len, size_t i)
{
	return i >= 3 && i + 1 < len && memcmp(s + i - 3, "CPU", 3) == 0 &&
	    (i == 3 || !isalpha((unsigned char)s[i - 4])) &&
	    isdigit((unsigned char)s[i + 1]);
}

/* Is s[i] the space of "0.30 s", "100 %": a figure and its unit, kept together? */
static int
fold_figure_unit(const char *s, size_t len, size_t i)
{
	static const char *const units[] = { "s", "ms", "us", "ns", "%", "Hz", "MHz",
	    "GHz", "KB", "MB", "GB", "KiB", "MiB", "GiB", "MB/s", "GB/s", "Mop/s",
	    "Gop/s", "GFLOP/s", "Mloop/s", NULL };
	size_t	n;
	int	k;

	if (!isdigit((unsigned char)s[i - 1]))
		return 0;
	for (k = 0; units[k] != NULL; k++) {
		n = strlen(units[k]);
		/* The unit whole: then the end, a space or a mark ("s,", "%)"). */
		if (i + 1 + n <= len && memcmp(s + i + 1, units[k], n) == 0 &&
		    (i + 1 + n == len || strchr(" ,;:.)", s[i + 1 + n]) != NULL))
			return 1;
	}
	return 0;
}

/*
 * May a line break before s[i]: a space after a word (not the one before a
 * pid, "cc1 (3866)", nor after "CPU" in "CPU 1", nor between a figure and
 * its unit, "0.30 s"), a word after a comma ("0,4,8")?
 */
static int
fold_break(const char *s, size_t len, size_t i)
{
	return (s[i] == ' ' && s[i - 1] != ' ' && !fold_pid_after(s, len, i) &&
	    !fold_cpu_number(s, len, i) && !fold_figure_unit(s, len, i)) ||
	    (s[i - 1] == ',' && s[i] != ' ');
}

/* May a line break at the space s[i] (fold_break()'s rule, for other wrappers)? */
int
fold_space(const char *s, size_t len, size_t i)
{
	return i > 0 && i < len && s[i] == ' ' && fold_break(s, len, i);
}

/* Fold one line (no newline in it) into out. */
void
fold_line(FILE *out, const char *s, size_t len, int width)
{
	size_t	indent = strspn(s, " "), cut, end, i;
	int	cont, lead = 0;

	if (indent > len)
		indent = len;
	/* Continuations two past the line's indent, where that leaves room. */
	cont = (int)indent + 2 <= width / 2 ? (int)indent + 2 : 2;
	while (lead + fold_width(s, len) > width && width > 0) {
		/* The last space, or a list's comma, at or before the width. */
		end = fold_at(s, len, width - lead);
		cut = 0;
		for (i = end; i > indent; i--)
			if (fold_break(s, len, i)) {
				cut = i;
				break;
			}
		if (cut == 0) {
			/* A word longer than the width: whole, to its end. */
			for (i = end; i < len && !fold_break(s, len, i); i++)
				;
			cut = i;
		}
		for (end = cut; end > 0 && s[end - 1] == ' '; end--)
			;
		if (end > 0 || lead > 0)
			fprintf(out, "%*s%.*s\n", lead, "", (int)end, s);
		while (cut < len && s[cut] == ' ')
			cut++;
		s += cut;
		len -= cut;
		lead = cont;
		indent = 0;
		if (len == 0)
			return;
	}
	fprintf(out, "%*s%.*s\n", lead, "", (int)len, s);
}

/* Write: each ended line folded, the rest kept for the next write. */
static ssize_t
fold_write(void *cookie, const char *buf, size_t size)
{
	struct fold	*fo = cookie;
	const char	*nl;
	size_t		 i, n;

	for (i = 0; i < size; i += n) {
		nl = memchr(buf + i, '\n', size - i);
		n = nl != NULL ? (size_t)(nl - (buf + i)) + 1 : size - i;
		if (fo->len + n > fo->cap) {
			fo->cap = (fo->len + n) * 2;
			fo->line = xreallocarray(fo->line, fo->cap, 1);
		}
		memcpy(fo->line + fo->len, buf + i, n);
		fo->len += n;
		if (nl == NULL)
			break;
		/* A line redrawn in place (\r) is not a line of the report. */
		if (memchr(fo->line, '\r', fo->len) != NULL)
			fwrite(fo->line, 1, fo->len, fo->out);
		else
			fold_line(fo->out, fo->line, fo->len - 1, fo->width);
		fo->len = 0;
	}
	/* What the caller flushes, the terminal sees: a part line as is. */
	if (fo->len > 0 && memchr(fo->line, '\r', fo->len) != NULL) {
		fwrite(fo->line, 1, fo->len, fo->out);
		fo->len = 0;
	}
	fflush(fo->out);
	return ferror(fo->out) ? -1 : (ssize_t)size;
}

/* Close: the last part line, then the real stream flushed. */
static int
fold_close(void *cookie)
{
	struct fold	*fo = cookie;
	int		 rc;

	if (fo->len > 0)
		fwrite(fo->line, 1, fo->len, fo->out);
	rc = fflush(fo->out) == 0 && !ferror(fo->out) ? 0 : -1;
	free(fo->line);
	free(fo);
	return rc;
}

/* A stream that folds what is written to it into out. */
FILE *
fold_open(FILE *out, int width)
{
	struct fold		*fo;
	FILE			*f;

	if (width <= 0)
		return out;
	fo = xcalloc(1, sizeof *fo);
	fo->out = out;
	fo->width = width < FOLD_MIN_COLS ? FOLD_MIN_COLS : width;
	if ((f = os_stream(fo, fold_write, fold_close)) == NULL) {
		free(fo);
		return out;
	}
	setvbuf(f, NULL, _IOLBF, 0);
	return f;
}
