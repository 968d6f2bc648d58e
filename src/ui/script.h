/*
 * script.h: the screen's part that a script (a tour, through ui.h) drives:
 * the caption under the header, the CPUs highlighted, and the stepping by
 * the clock or by keys. control.c and ui.c change it; layout.c wraps the
 * caption, draw.c shows it.
 */
#ifndef SMTSCOPE_UI_SCRIPT_H
#define SMTSCOPE_UI_SCRIPT_H

#include "base/cpuset.h"

/* A step a key asks a script for (ui.c calls it with UI_REASON_NEXT or _PREV). */
enum ui_ask {
	UI_ASK_NONE,
	UI_ASK_NEXT,
	UI_ASK_PREV
};

struct ui_script {
	char			 caption[4096];
	unsigned int		 caption_gen;	/* counts changes, for the wrap */
	struct cpuset		 highlight;
	int			 script;	/* a step function drives the screen */
	int			 script_key;	/* ... and waits for n */
	int			 keys;		/* Space, Right, Left step the script */
	enum ui_ask		 ask;		/* a key asked for a step */
	int			 ended;		/* the script is over: its caption is its summary */
	int			 caption_top;	/* the summary's first line shown (it scrolls) */
};

#endif
