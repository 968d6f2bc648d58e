/*
 * check.c: what every part of the check shares: its warnings, kept once
 * each for the report (check_plan.c, check_run.c and check_idle.c add them).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "exp/check/check.h"

/* Add a string to a list once; its number from 1, or max when the list is full. */
static int
check_list_add(char **v, int *n, int max, const char *s)
{
	int	i;

	for (i = 0; i < *n; i++)
		if (strcmp(v[i], s) == 0)
			return i + 1;
	if (*n == max)
		return max;
	v[(*n)++] = xstrdup(s);
	return *n;
}

/* Keep a warning for the report. */
void
check_warn(struct check *c, const char *fmt, ...)
{
	va_list	 ap;
	char	 msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	check_list_add(c->warn, &c->nwarn, CHECK_MAX_WARN, msg);
}
