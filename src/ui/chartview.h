/* chartview.h: the time chart of a frame, where the screen has rows to spare (chartview.c). */
#ifndef SMTSCOPE_UI_CHARTVIEW_H
#define SMTSCOPE_UI_CHARTVIEW_H

struct paint;

/* Draw the chart in the layout's chart rows (none: nothing). */
void	chartview_draw(const struct paint *);

#endif
