/* cmd_width.c: text reports within the terminal's width, 80 columns off a terminal (cmd.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "report/fold.h"

static FILE	*cmd_width_real;	/* stdout before it was folded */

/*
 * The width of a text report: COLUMNS where set, else the terminal's, else
 * 80 (a pipe, a file: what a mail or a ticket takes).
 */
int
cmd_width_cols(void)
{
	const char	*c = getenv("COLUMNS");
	struct winsize	 ws;
	char		*end;
	long		 n;

	if (c != NULL && *c != '\0') {
		n = strtol(c, &end, 10);
		if (*end == '\0' && n > 0)
			return n < FOLD_MIN_COLS ? FOLD_MIN_COLS : n > 4096 ? 4096 : (int)n;
	}
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
	    ws.ws_col > 0)
		return ws.ws_col < FOLD_MIN_COLS ? FOLD_MIN_COLS : ws.ws_col;
	return CMD_WIDTH_DEFAULT;
}

/* Is argument i of a command's argv before its "--" (time's command)? */
static int
cmd_width_find(int argc, char **argv, const char *opt)
{
	int	i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], opt) == 0)
			return i;
	return 0;
}

/*
 * Before a command runs: take --wide out of its arguments (every line as
 * long as it is), and fold the standard output of a text report to the
 * width. The screen (tour, replay without --headless, --summary), JSON,
 * CSV and SVG are left as they are. argv[0] is the command's name.
 */
void
cmd_width_begin(int *argc, char **argv)
{
	const char	*name = argv[0];
	int		 i, wide = 0, text;

	while ((i = cmd_width_find(*argc, argv, "--wide")) > 0) {
		memmove(&argv[i], &argv[i + 1], (size_t)(*argc - i) * sizeof *argv);
		(*argc)--;
		wide = 1;
	}
	/* smtscope --help (main.c) folds as a command's --help does. */
	text = strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
	    strcmp(name, "check") == 0 || strcmp(name, "run") == 0 ||
	    strcmp(name, "time") == 0 || strcmp(name, "c2c") == 0 ||
	    strcmp(name, "compare") == 0 || strcmp(name, "topo") == 0 ||
	    strcmp(name, "kernels") == 0 || strcmp(name, "record") == 0 ||
	    (strcmp(name, "tour") == 0 && cmd_width_find(*argc, argv, "--headless")) ||
	    (strcmp(name, "replay") == 0 && cmd_width_find(*argc, argv, "--summary"));
	if (wide || !text || cmd_width_find(*argc, argv, "--json") ||
	    cmd_width_find(*argc, argv, "--csv") ||
	    /* check --health's one line, for a health checker's log. */
	    cmd_width_find(*argc, argv, "--health") ||
	    (strcmp(name, "compare") == 0 && cmd_width_find(*argc, argv, "--svg")))
		return;
	cmd_width_real = stdout;
	stdout = fold_open(cmd_width_real, cmd_width_cols());
}

/* After it: the last line out, the real standard output back. */
int
cmd_width_end(void)
{
	int	rc = 0;

	if (cmd_width_real == NULL || stdout == cmd_width_real)
		return 0;
	rc = fclose(stdout);
	stdout = cmd_width_real;
	cmd_width_real = NULL;
	return rc;
}
