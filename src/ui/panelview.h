/* panelview.h: the loads panel of a frame (panelview.c). */
#ifndef SMTSCOPE_UI_PANELVIEW_H
#define SMTSCOPE_UI_PANELVIEW_H

#include <stddef.h>

struct load;
struct paint;

/* Draw the panel: its title row, then the loads in view. */
void	panelview_draw(const struct paint *);

/* Why a load runs as it does, in words (the panel's WHY, whole). */
void	panelview_why(const struct paint *, struct load *, char *, size_t);

#endif
