/* message.c: the status line's message, set in one place (message.h). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "ui/message.h"
#include "base/util.h"

/* Set the message; it is nobody's news and awaits nothing. */
void
message_vset(struct ui_screen *scr, int error, const char *fmt, va_list ap)
{
	vsnprintf(scr->msg, sizeof scr->msg, fmt, ap);
	scr->msg_error = error;
	scr->msg_t_ns = util_now_ns();
	scr->msg_notice = scr->msg_wait_id = 0;
	scr->dirty = 1;
}

/* Clear the message. */
void
message_clear(struct ui_screen *scr)
{
	scr->msg[0] = '\0';
	scr->msg_notice = scr->msg_wait_id = 0;
	scr->dirty = 1;
}
