/*
 * xdg.h: where smtscope looks for its files by name, after the XDG Base
 * Directory rules, in one place: the settings file, themes and tours all
 * use it (smtscope(1), FILES). The user's own directory is
 * $XDG_CONFIG_HOME/smtscope (settings, themes) or $XDG_DATA_HOME/smtscope
 * (tours), each used only when absolute, else ~/.config/smtscope or
 * ~/.local/share/smtscope with an absolute $HOME; then the build tree
 * beside the running executable; then the installed data directory.
 * Never the current directory.
 */
#ifndef SMTSCOPE_XDG_H
#define SMTSCOPE_XDG_H

#include <stddef.h>

/* The longest directory in a search path. */
#define XDG_DIR_LEN	512
/* The most directories in a search path. */
#define XDG_DIRS_MAX	3

enum xdg_kind {
	XDG_CONFIG,	/* settings and themes: $XDG_CONFIG_HOME, ~/.config */
	XDG_DATA	/* tours: $XDG_DATA_HOME, ~/.local/share */
};

/*
 * The user's own smtscope directory of that kind with name appended
 * ("smtscoperc", "themes"); -1 when neither variable gives an absolute
 * path, or the result does not fit.
 */
int	xdg_home(enum xdg_kind, const char *name, char *buf, size_t len);
/*
 * The search path for files of a kind kept in sub ("themes", "tours"),
 * most personal first: the user's directory, exe_dir/tree_sub when
 * exe_dir is given (the build tree beside the executable), then the
 * installed data directory's sub. Returns how many (at most max).
 */
int	xdg_dirs(enum xdg_kind, const char *sub, const char *exe_dir, const char *tree_sub,
	    char dirs[][XDG_DIR_LEN], int max);

#endif
