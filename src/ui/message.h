/*
 * message.h: the status line's message, set in one place for every file
 * of ui/ that speaks on it (control.c for keys and news, recorder.c for
 * R's recording), so each message starts with the same state. No curses.
 */
#ifndef SMTSCOPE_UI_MESSAGE_H
#define SMTSCOPE_UI_MESSAGE_H

#include <stdarg.h>

#include "ui/screen.h"

/* Set the message (error selects the error style): a user's, not news. */
void	message_vset(struct ui_screen *, int error, const char *fmt, va_list)
	    __attribute__((format(printf, 3, 0)));
/* Clear it. */
void	message_clear(struct ui_screen *);

#endif
