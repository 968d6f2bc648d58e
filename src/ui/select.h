/*
 * select.h: the screen's part that is the user's choice: the cursor, the
 * selected load, and the mode with what it is choosing (a kernel from the
 * menu, its parameter, a second CPU, where a load goes). control.c changes
 * it; input.c reads it to know what a key means.
 */
#ifndef SMTSCOPE_UI_SELECT_H
#define SMTSCOPE_UI_SELECT_H

struct kernel;

enum ui_mode {
	UI_NORMAL,
	UI_MENU,	/* kernel menu open */
	UI_PARAM,	/* typing the kernel's parameter */
	UI_PICK_B,	/* choosing a two-ended load's second CPU */
	UI_MOVE,	/* choosing where a load goes */
	UI_GOTO,	/* typing a CPU to go to (#) */
	UI_HELP
};

struct ui_select {
	int			 cursor;	/* pus[] index */
	int			 id;		/* selected load, -1 */

	/* The mode and what it is choosing. */
	enum ui_mode		 mode;
	int			 menu;		/* the menu's entry */
	const struct kernel	*pick_k;
	char			 pick_param[64];
	int			 pick_a;	/* end A's CPU for two-ended loads */
	char			 input[64];
	int			 input_len;
	int			 move_id;
	int			 move_b;	/* moving a two-ended load's end B */
	int			 help_top;	/* the help's first line shown */
	int			 where;		/* the menu's place: UI_WHERE_* */
};

/* Where the menu starts its load: the cursor's CPU, or one on each CPU of a set. */
#define UI_WHERE_CPU		0
#define UI_WHERE_CORE		1	/* each thread of the cursor's core */
#define UI_WHERE_PACKAGE	2	/* each CPU of the cursor's package */
#define UI_WHERE_CORES		3	/* each core's first thread */
#define UI_WHERE_ALL		4	/* every allowed CPU */
#define UI_WHERE_N		5

#endif
