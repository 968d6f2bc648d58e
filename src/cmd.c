/* cmd.c: what the subcommands share: usage errors. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "cmd.h"

/* Print "smtscope: CMD: what" on stderr; returns the usage exit status. */
int
cmd_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "smtscope: ");
	if (cmd != NULL)
		fprintf(stderr, "%s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CMD_USAGE;
}
