/*
 * report.h: results as records, and the one way they are written. A
 * command fills a table of records (a figure with its unit, the way it is
 * better, and flags such as n/a or disturbed with the reason; or text),
 * and the writers turn the table into an aligned text table, CSV or a
 * JSON array of objects. Every number is formatted by fmt_num().
 */
#ifndef SMTSCOPE_REPORT_H
#define SMTSCOPE_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "base/fmt.h"
#include "base/jsonw.h"
#include "base/util.h"

/* The formats every result is printed in. */
enum report_format {
	REPORT_TEXT,
	REPORT_JSON,
	REPORT_CSV
};

/* Which way a figure is better. */
enum report_better {
	REPORT_NEUTRAL,
	REPORT_HIGHER,
	REPORT_LOWER
};

/* Flags of a record; why says why. */
#define REPORT_NA		0x1	/* no figure can be had here */
#define REPORT_FAILED		0x2	/* the measurement failed */
#define REPORT_DISTURBED	0x4	/* other work took CPU time: the figure is low */

/* "higher", "lower" or "". */
const char *report_better_name(enum report_better);

/* A column: its key in CSV and JSON, and how it looks in text. */
struct report_col {
	const char		*key;	/* CSV header, JSON member; NULL: text only */
	const char		*title;	/* text header; NULL: not in the text */
	int			 width;	/* text: at least this wide */
	int			 right;	/* text: aligned right */
	int			 gap;	/* text: spaces before it; 0 is one */
	int			 unit;	/* text: the unit follows the figure */
	enum fmt_style	 style;	/* text: how a figure is written */
	int			 prec;	/* FMT_FIXED: decimals */
};

/* A record: text, or a figure with its unit, direction and flags. */
struct report_cell {
	char			*s;	/* text; NULL for a figure */
	double			 v;	/* the figure in unit; NAN for none */
	const char		*unit;
	enum report_better	 better;
	int			 flags;	/* REPORT_NA, REPORT_FAILED, REPORT_DISTURBED */
	char			*why;
	char			*json;	/* the JSON value, when neither s nor v says it */
	double			 spread; /* relative spread of the figure; NAN none */
};

struct report_table;

/* A table with these columns (the array must outlive the table). */
struct report_table *report_new(const struct report_col *, int ncols);
void	 report_free(struct report_table *);
/* Columns a UTF-8 string takes (one per character: "±" is one). */
int	 report_width(const char *);
/*
 * How the table reads as text: each line indented by indent blanks, with
 * its header line (header 1, the default) or without (a list of names and
 * values).
 */
void	 report_set_layout(struct report_table *, int indent, int header);
/* Add a row of empty records; its index. */
int	 report_add_row(struct report_table *);
/* The record at a row and column. */
const struct report_cell *report_cell(const struct report_table *, int row, int col);
/* Set a record's text. */
void	 report_set_text(struct report_table *, int row, int col, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));
/* Set a record's figure. */
void	 report_set_num(struct report_table *, int row, int col, double v,
	    const char *unit, enum report_better);
/*
 * Set a figure's relative spread (0.02: its sub-windows disagreed by 2 %):
 * the text shows "626 MB/s ±2.0%"; JSON and CSV carry it in their own
 * columns. A figure flagged REPORT_DISTURBED reads "~626 MB/s" in text.
 */
void	 report_set_spread(struct report_table *, int row, int col, double spread);
/* Set a record's JSON value (an array a jsonw wrote), beside its text. */
void	 report_set_json(struct report_table *, int row, int col, const char *json);
/* Set a yes or no: "true"/"false" in text and CSV, a JSON boolean. */
void	 report_set_bool(struct report_table *, int row, int col, int v);
/* Flag a record, with the reason. */
void	 report_set_flag(struct report_table *, int row, int col, int flags,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* A line printed under the row in the text table, below its second column. */
void	 report_set_note(struct report_table *, int row, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* A record's status for people and CSV: "ok", "n/a: why", "failed: why", "disturbed: why". */
void	 report_status(const struct report_cell *, char *buf, size_t len);

/* The table as aligned text with a header line; the last column is not padded. */
void	 report_write_text(const struct report_table *, FILE *);
/* The table as CSV (RFC 4180) with a header line of the keys. */
void	 report_write_csv(const struct report_table *, FILE *);
/* The table as a JSON array of objects, one member per key, as the writer's next value. */
void	 report_write_json(const struct report_table *, struct jsonw *);
/* A measurement's "signal" member: the signal that stopped it, or null. */
void	 report_json_signal(struct jsonw *, int signo);

/* Footnotes shared by several text tables: distinct texts numbered from 1. */
#define REPORT_NOTES_MAX	64
struct report_notes {
	char	*text[REPORT_NOTES_MAX];
	int	 n;
};
/* The number of a footnote, adding it when new. */
int	 report_note(struct report_notes *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Print "[1] text" lines, after a blank line, if there are any; then free them. */
void	 report_notes_flush(struct report_notes *, FILE *);

#endif
