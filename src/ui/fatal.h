/*
 * fatal.h: the live screen's fatal-signal handler (fatal.c): kill the loads
 * and give the terminal back before dying. ui.c calls these around curses.
 */
#ifndef SMTSCOPE_UI_FATAL_H
#define SMTSCOPE_UI_FATAL_H

void	ui_fatal_save(void);
void	ui_fatal_begin(void);
void	ui_fatal_arm(void);
void	ui_fatal_end(void);

#endif
