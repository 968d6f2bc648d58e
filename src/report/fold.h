/* fold.h: a text report folded to the terminal's width at word boundaries. */
#ifndef SMTSCOPE_FOLD_H
#define SMTSCOPE_FOLD_H

#include <stdio.h>

/* The narrowest width folded to; a narrower COLUMNS is taken as this. */
#define FOLD_MIN_COLS	40

/*
 * Fold every line written to the stream returned longer than width columns
 * at a space (never inside a word: a word longer than the width stays
 * whole), the rest indented two past the line's own indent. width 0: as is.
 */
FILE	*fold_open(FILE *out, int width);
/* The width of a line in columns (UTF-8: one column a character). */
int	 fold_width(const char *s, size_t len);
/* Fold one line (no newline in it) into out. */
void	 fold_line(FILE *out, const char *s, size_t len, int width);
/* 1 where a line may break at the space s[i]: not in "cc1 (42)", "CPU 1", "0.30 s". */
int	 fold_space(const char *s, size_t len, size_t i);

#endif
