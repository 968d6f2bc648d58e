/* root.c: the one settable root that /proc and /sys are read under, the same on every OS. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "os/os.h"

static const char	*os_root_set;	/* os_set_root(); NULL: the environment's */

/* "" for this machine, else $SMTSCOPE_ROOT (or what os_set_root() gave). */
const char *
os_root(void)
{
	const char	*env;

	if (os_root_set != NULL)
		return os_root_set;
	env = getenv("SMTSCOPE_ROOT");
	return env != NULL ? env : "";
}

/* Set the root for the rest of the process; NULL: $SMTSCOPE_ROOT again. */
void
os_set_root(const char *root)
{
	os_root_set = root;
}

/* root + path into buf; -1 if it does not fit. */
int
os_path(char *buf, size_t len, const char *root, const char *path)
{
	int	n = snprintf(buf, len, "%s%s", root, path);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}
