/* xdg.c: the one search path for files looked up by name (settings, themes, tours). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/xdg.h"

#ifndef SMTSCOPE_DATADIR
#define SMTSCOPE_DATADIR "/usr/local/share/smtscope"
#endif

/* The user's own smtscope directory of a kind, with name appended. */
int
xdg_home(enum xdg_kind kind, const char *name, char *buf, size_t len)
{
	const char	*xdg = getenv(kind == XDG_CONFIG ? "XDG_CONFIG_HOME" : "XDG_DATA_HOME");
	const char	*home = getenv("HOME");
	int		 n;

	/* The XDG rules: a relative path in these variables is ignored. */
	if (xdg != NULL && xdg[0] == '/')
		n = snprintf(buf, len, "%s/smtscope/%s", xdg, name);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, len, "%s/%s/smtscope/%s", home, kind == XDG_CONFIG ?
		    ".config" : ".local/share", name);
	else
		return -1;
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* The search path for files of a kind. */
int
xdg_dirs(enum xdg_kind kind, const char *sub, const char *exe_dir, const char *tree_sub,
    char dirs[][XDG_DIR_LEN], int max)
{
	int	n = 0, w;

	if (n < max && xdg_home(kind, sub, dirs[n], XDG_DIR_LEN) == 0)
		n++;
	if (n < max && exe_dir != NULL) {
		w = snprintf(dirs[n], XDG_DIR_LEN, "%s/%s", exe_dir, tree_sub);
		if (w > 0 && w < XDG_DIR_LEN)
			n++;
	}
	if (n < max) {
		w = snprintf(dirs[n], XDG_DIR_LEN, "%s/%s", SMTSCOPE_DATADIR, sub);
		if (w > 0 && w < XDG_DIR_LEN)
			n++;
	}
	return n;
}
