/* panelview.h: the loads panel of a frame (panelview.c). */
#ifndef SMTSCOPE_UI_PANELVIEW_H
#define SMTSCOPE_UI_PANELVIEW_H

struct paint;

/* Draw the panel: its title row, then the loads in view. */
void	panelview_draw(const struct paint *);

#endif
