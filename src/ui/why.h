/*
 * why.h: why a load runs as it does, in words (why.c): the one text the
 * panel's WHY column, the info lines and the help's first lines read, each
 * in the room it has.
 */
#ifndef SMTSCOPE_UI_WHY_H
#define SMTSCOPE_UI_WHY_H

#include <stddef.h>

struct load;
struct ui_state;

/* Why a load runs as it does, whole: held, alone, stalled, or its neighbours. */
void	why_text(const struct ui_state *, struct load *, char *, size_t);

#endif
