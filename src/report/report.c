/* report.c: tables of records written as text, CSV and JSON; the one number formatter. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "base/util.h"

struct report_table {
	const struct report_col	*cols;
	int			 ncols;
	struct report_cell	*cells;		/* nrows x ncols */
	char			**notes;	/* by row, or NULL */
	int			 nrows;
	int			 cap;
	int			 indent;	/* text: blanks before each line */
	int			 bare;		/* text: no header line */
};

/* "higher", "lower" or "". */
const char *
report_better_name(enum report_better b)
{
	return b == REPORT_HIGHER ? "higher" : b == REPORT_LOWER ? "lower" : "";
}

/* A table with these columns. */
struct report_table *
report_new(const struct report_col *cols, int ncols)
{
	struct report_table	*t = xcalloc(1, sizeof *t);

	t->cols = cols;
	t->ncols = ncols;
	return t;
}

/* Free a table and its records. */
void
report_free(struct report_table *t)
{
	struct report_cell	*c;
	int			 i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nrows * t->ncols; i++) {
		c = &t->cells[i];
		free(c->s);
		free(c->why);
		free(c->json);
	}
	for (i = 0; i < t->nrows; i++)
		free(t->notes[i]);
	free(t->cells);
	free(t->notes);
	free(t);
}

/* How the text looks: each line indented; with its header line or not. */
void
report_set_layout(struct report_table *t, int indent, int header)
{
	t->indent = indent > 0 ? indent : 0;
	t->bare = !header;
}

/* Add a row of empty records. */
int
report_add_row(struct report_table *t)
{
	int	i;

	if (t->nrows == t->cap) {
		t->cap = t->cap == 0 ? 8 : t->cap * 2;
		t->cells = xreallocarray(t->cells, (size_t)t->cap * (size_t)t->ncols,
		    sizeof *t->cells);
		t->notes = xreallocarray(t->notes, (size_t)t->cap, sizeof *t->notes);
	}
	for (i = 0; i < t->ncols; i++) {
		memset(&t->cells[t->nrows * t->ncols + i], 0, sizeof *t->cells);
		t->cells[t->nrows * t->ncols + i].v = NAN;
		t->cells[t->nrows * t->ncols + i].spread = NAN;
	}
	t->notes[t->nrows] = NULL;
	return t->nrows++;
}

/* The record at a row and column, to change. */
static struct report_cell *
report_at(struct report_table *t, int row, int col)
{
	if (row < 0 || row >= t->nrows || col < 0 || col >= t->ncols)
		fatalx("report: no record at row %d, column %d", row, col);
	return &t->cells[row * t->ncols + col];
}

/* The record at a row and column. */
const struct report_cell *
report_cell(const struct report_table *t, int row, int col)
{
	return report_at((struct report_table *)t, row, col);
}

/* Format into a new string. */
static char * __attribute__((format(printf, 1, 0)))
report_vstr(const char *fmt, va_list ap)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	strbuf_vprintf(&sb, fmt, ap);
	return sb.s;
}

/* Set a record's text. */
void
report_set_text(struct report_table *t, int row, int col, const char *fmt, ...)
{
	struct report_cell	*c = report_at(t, row, col);
	va_list			 ap;

	free(c->s);
	va_start(ap, fmt);
	c->s = report_vstr(fmt, ap);
	va_end(ap);
}

/* Set a record's figure. */
void
report_set_num(struct report_table *t, int row, int col, double v, const char *unit,
    enum report_better better)
{
	struct report_cell	*c = report_at(t, row, col);

	c->v = v;
	c->unit = unit;
	c->better = better;
}

/* Set a figure's relative spread. */
void
report_set_spread(struct report_table *t, int row, int col, double spread)
{
	report_at(t, row, col)->spread = spread;
}

/* Set a record's JSON value, written by a jsonw of its own. */
void
report_set_json(struct report_table *t, int row, int col, const char *json)
{
	struct report_cell	*c = report_at(t, row, col);

	free(c->json);
	c->json = xstrdup(json);
}

/* A yes or no: "true" or "false" in text and CSV, a boolean in JSON. */
void
report_set_bool(struct report_table *t, int row, int col, int v)
{
	report_set_text(t, row, col, "%s", v ? "true" : "false");
	report_set_json(t, row, col, v ? "true" : "false");
}

/* Flag a record, with the reason. */
void
report_set_flag(struct report_table *t, int row, int col, int flags, const char *fmt,
    ...)
{
	struct report_cell	*c = report_at(t, row, col);
	va_list			 ap;

	c->flags |= flags;
	free(c->why);
	va_start(ap, fmt);
	c->why = report_vstr(fmt, ap);
	va_end(ap);
}

/* A line printed under the row in the text table. */
void
report_set_note(struct report_table *t, int row, const char *fmt, ...)
{
	va_list	ap;

	report_at(t, row, 0);
	free(t->notes[row]);
	va_start(ap, fmt);
	t->notes[row] = report_vstr(fmt, ap);
	va_end(ap);
}

/* A record's status: "ok", "n/a: why", "failed: why", "disturbed: why". */
void
report_status(const struct report_cell *c, char *buf, size_t len)
{
	const char	*why = c->why != NULL ? c->why : "";
	const char	*sep = *why != '\0' ? ": " : "";

	if (c->flags & REPORT_NA)
		snprintf(buf, len, "n/a%s%s", sep, why);
	else if (c->flags & REPORT_FAILED)
		snprintf(buf, len, "failed%s%s", sep, why);
	else if (c->flags & REPORT_DISTURBED)
		snprintf(buf, len, "disturbed%s%s", sep, why);
	else
		snprintf(buf, len, "ok");
}

/* A record as text for people, in a new string. */
static char *
report_cell_text(const struct report_col *col, const struct report_cell *c)
{
	char	num[64], spread[32];

	if (c->s != NULL)
		return xstrdup(c->s);
	if ((c->flags & (REPORT_NA | REPORT_FAILED)) || !isfinite(c->v))
		return xstrdup("-");
	fmt_num(num, sizeof num, c->v, col->style, col->prec);
	fmt_spread(spread, sizeof spread, c->spread);
	return xasprintf("%s%s%s%s%s%s", c->flags & REPORT_DISTURBED ? "~" : "", num,
	    col->unit && c->unit != NULL && *c->unit != '\0' ? " " : "",
	    col->unit && c->unit != NULL ? c->unit : "", *spread != '\0' ? " " : "", spread);
}

/* Columns a UTF-8 string takes (one per character: "±" is one). */
int
report_width(const char *s)
{
	int	n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/*
 * Print one line of text cells, each padded to its column's width. words[i]:
 * column i has cells of several words ("~235.0 ±26%"): two blanks, not one,
 * part it from its neighbours, so a cell's own blank never reads as a gap.
 */
static void
report_text_line(const struct report_table *t, char **cells, const int *width,
    const char *words, int last, FILE *f)
{
	const struct report_col	*col;
	int			 i, pad, gap, prev = -1;

	for (i = 0; i < t->ncols; i++) {
		col = &t->cols[i];
		if (col->title == NULL)
			continue;
		if (prev != -1) {
			gap = col->gap > 0 ? col->gap : 1;
			if (gap < 2 && (words[i] || words[prev]))
				gap = 2;
			fprintf(f, "%*s", gap, "");
		}
		prev = i;
		pad = width[i] - report_width(cells[i]);
		if (col->right && pad > 0)
			fprintf(f, "%*s", pad, "");
		fputs(cells[i], f);
		if (!col->right && i != last && pad > 0)
			fprintf(f, "%*s", pad, "");
	}
	fputc('\n', f);
}

/* The table as aligned text with a header line. */
void
report_write_text(const struct report_table *t, FILE *f)
{
	const struct report_col	 *col;
	char			***text, **head, *words;
	int			  *width, r, i, last = -1, indent = -1, w;

	width = xcalloc((size_t)t->ncols, sizeof *width);
	words = xcalloc((size_t)t->ncols + 1, 1);
	head = xcalloc((size_t)t->ncols, sizeof *head);
	text = xcalloc((size_t)t->nrows + 1, sizeof *text);
	for (i = 0; i < t->ncols; i++) {
		col = &t->cols[i];
		head[i] = (char *)(col->title != NULL ? col->title : "");
		width[i] = col->width > report_width(head[i]) ? col->width :
		    report_width(head[i]);
		if (col->title != NULL)
			last = i;
	}
	for (r = 0; r < t->nrows; r++) {
		text[r] = xcalloc((size_t)t->ncols, sizeof **text);
		for (i = 0; i < t->ncols; i++) {
			text[r][i] = report_cell_text(&t->cols[i], &t->cells[r * t->ncols + i]);
			if ((w = report_width(text[r][i])) > width[i])
				width[i] = w;
			if (strchr(text[r][i], ' ') != NULL)
				words[i] = 1;
		}
	}
	/* A row's note goes under its second column. */
	for (i = 0; i < t->ncols && indent == -1; i++)
		if (t->cols[i].title != NULL)
			indent = width[i] + 1;
	if (!t->bare) {
		fprintf(f, "%*s", t->indent, "");
		report_text_line(t, head, width, words, last, f);
	}
	for (r = 0; r < t->nrows; r++) {
		fprintf(f, "%*s", t->indent, "");
		report_text_line(t, text[r], width, words, last, f);
		if (t->notes[r] != NULL)
			fprintf(f, "%*s%s\n", t->indent + indent, "", t->notes[r]);
		for (i = 0; i < t->ncols; i++)
			free(text[r][i]);
		free(text[r]);
	}
	free(text);
	free(head);
	free(width);
	free(words);
}

/* Write one CSV field, quoted when it holds a comma, a quote or a line break. */
static void
report_csv_field(const char *s, FILE *f)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* The table as CSV with a header line of the keys. */
void
report_write_csv(const struct report_table *t, FILE *f)
{
	const struct report_cell	*c;
	char				 num[64];
	int				 r, i, first;

	for (r = -1; r < t->nrows; r++) {
		first = 1;
		for (i = 0; i < t->ncols; i++) {
			if (t->cols[i].key == NULL)
				continue;
			if (!first)
				fputc(',', f);
			first = 0;
			if (r == -1) {
				report_csv_field(t->cols[i].key, f);
				continue;
			}
			c = &t->cells[r * t->ncols + i];
			if (c->s != NULL)
				report_csv_field(c->s, f);
			else if (!(c->flags & (REPORT_NA | REPORT_FAILED)))
				fputs(fmt_num(num, sizeof num, c->v, FMT_DATA, 0), f);
		}
		fputc('\n', f);
	}
}

/* The table as a JSON array of objects. */
void
report_write_json(const struct report_table *t, struct jsonw *w)
{
	const struct report_cell	*c;
	int				 r, i;

	jsonw_array(w);
	for (r = 0; r < t->nrows; r++) {
		jsonw_object(w);
		for (i = 0; i < t->ncols; i++) {
			if (t->cols[i].key == NULL)
				continue;
			jsonw_key(w, t->cols[i].key);
			c = &t->cells[r * t->ncols + i];
			if (c->json != NULL)
				jsonw_raw(w, c->json);
			else if (c->s != NULL)
				jsonw_str(w, c->s);
			else
				jsonw_num(w, c->flags & (REPORT_NA | REPORT_FAILED) ? NAN : c->v);
		}
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* The number of a footnote, adding it when new. */
int
report_note(struct report_notes *notes, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;
	int	 i;

	va_start(ap, fmt);
	msg = report_vstr(fmt, ap);
	va_end(ap);
	for (i = 0; i < notes->n; i++) {
		if (strcmp(notes->text[i], msg) == 0) {
			free(msg);
			return i + 1;
		}
	}
	if (notes->n == REPORT_NOTES_MAX) {
		free(msg);
		return REPORT_NOTES_MAX;
	}
	notes->text[notes->n++] = msg;
	return notes->n;
}

/* Print the footnotes after a blank line, and free them. */
void
report_notes_flush(struct report_notes *notes, FILE *f)
{
	int	i;

	if (notes->n > 0)
		fputc('\n', f);
	for (i = 0; i < notes->n; i++) {
		fprintf(f, "[%d] %s\n", i + 1, notes->text[i]);
		free(notes->text[i]);
	}
	notes->n = 0;
}

/* A measurement's "signal" member: the signal that stopped it, or null. */
void
report_json_signal(struct jsonw *w, int signo)
{
	if (signo != 0)
		jsonw_key_int(w, "signal", signo);
	else
		jsonw_key_null(w, "signal");
}
