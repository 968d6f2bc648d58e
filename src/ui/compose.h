/*
 * compose.h: a line of the screen made of elements, fitted to a width
 * (compose.c). Each element has up to COMPOSE_FORMS forms, longest first,
 * a priority to take its next shorter form and one to be dropped (0: it
 * stays); until the line fits, the element with the lowest priority takes
 * its next step. Elements marked COMPOSE_COUNTED say how many of them were
 * dropped as "+N" where they were; a run of them is cut from its end only
 * (one shows only while those before it do). Nothing is cut mid-word: when even the
 * shortest forms do not fit, the last element ends at a word, with an
 * ellipsis. No curses here; paint_compose() draws a fitted line.
 */
#ifndef SMTSCOPE_UI_COMPOSE_H
#define SMTSCOPE_UI_COMPOSE_H

#include <stddef.h>

#define COMPOSE_MAX	48
#define COMPOSE_FORMS	4

#define COMPOSE_COUNTED	0x01	/* dropped, it counts in "+N" */
#define COMPOSE_TIED	0x02	/* goes with the element before it (a key and its word) */
#define COMPOSE_CLIP	0x04	/* the one to end at a word when nothing else can give */
#define COMPOSE_SEP	0x08	/* a separator: only between two elements that show text */

struct compose_elem {
	const char	*form[COMPOSE_FORMS];	/* longest first; the caller keeps them */
	int		 nforms;
	int		 shrink;		/* priority of taking the next form */
	int		 drop;			/* priority of being dropped; 0 never */
	int		 flags;
	int		 attr;			/* its style, for paint_compose() */
	int		 pick;			/* the form fitted, -1 dropped */
	int		 clip;			/* bytes kept of a form cut at a word; -1 whole */
};

struct compose {
	struct compose_elem	 e[COMPOSE_MAX];
	int			 n;
	int			 dropped;	/* COMPOSE_COUNTED elements dropped */
	int			 width;		/* columns of the fitted line */
	const char		*ellipsis;	/* "..." or U+2026 */
	const char		*more;		/* what stands for the dropped: NULL "+N" */
};

/* An empty line; utf8 picks the ellipsis. */
void	compose_init(struct compose *, int utf8);
/*
 * Add an element in a style, with priorities and flags, its forms longest
 * first, NULL after the last; returns its index (-1 when the line is full).
 */
int	compose_add(struct compose *, int attr, int shrink, int drop, int flags, ...);
/* Fit the line to width columns; returns the columns it takes. */
int	compose_fit(struct compose *, int width);
/* The text of element i as fitted ("" when dropped), in buf. */
const char *compose_part(const struct compose *, int i, char *buf, size_t len);
/*
 * Mark what was dropped with the ellipsis instead of "+N" (a reason's
 * further clauses: a count there reads as a figure).
 */
void	compose_more_ellipsis(struct compose *);
/* What stands for the dropped elements (" +3", " ..."), in buf; "" when none. */
const char *compose_more_text(const struct compose *, char *buf, size_t len);
/* Index of the element after which "+N" goes, or -1 when none is dropped. */
int	compose_more_after(const struct compose *);
/* The fitted line as text, for tests and for writers without curses. */
void	compose_text(const struct compose *, char *buf, size_t len);

#endif
