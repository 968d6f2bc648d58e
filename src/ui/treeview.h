/* treeview.h: the topology area of a frame, tree or grid (treeview.c). */
#ifndef SMTSCOPE_UI_TREEVIEW_H
#define SMTSCOPE_UI_TREEVIEW_H

struct paint;

/* Draw the topology rows in view, with marks for more above or below. */
void	treeview_draw(const struct paint *);

#endif
