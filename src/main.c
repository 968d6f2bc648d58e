/* main.c: the command line, and dispatch to the subcommands. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

static const struct {
	const char	*name;
	int		(*fn)(int, char **);
	const char	*summary;
} main_cmds[] = {
	{ "topo", cmd_topo, "print the CPU topology tree (text or --json)" },
	{ "run", cmd_run, "measure loads alone, then together: speeds and why" },
	{ "check", cmd_check, "co-run matrix and SMT yield: the verdict on new hardware" },
	{ "time", cmd_time, "time a real command on each CPU placement (all, cores, half)" },
	{ "tour", cmd_tour, "a scripted demo on the live screen, for talks" },
	{ "kernels", cmd_kernels, "list the synthetic loads, their units and parameters" },
};

/* Print the top-level help. */
static void
main_help(FILE *f)
{
	size_t	i;

	fprintf(f,
	    "usage: smtscope [-d TENTHS] [-t THEME] [-l LOAD]... [-i FILE.xml|SYNTHETIC]\n"
	    "       smtscope COMMAND [OPTIONS] [ARGS]\n"
	    "\n"
	    "Shows the CPU topology (package, cache group, core, SMT siblings) with live\n"
	    "load, runs synthetic loads pinned to logical CPUs, and measures how fast each\n"
	    "runs next to the others: alone, beside its SMT sibling, on another core.\n"
	    "\n"
	    "Commands:\n");
	for (i = 0; i < sizeof main_cmds / sizeof main_cmds[0]; i++)
		fprintf(f, "  %-9s %s\n", main_cmds[i].name, main_cmds[i].summary);
	fprintf(f,
	    "\n"
	    "Options of the live screen:\n"
	    "  -d, --delay TENTHS              refresh interval in tenths of a second\n"
	    "                                  (1 to 100, default 10)\n"
	    "  -t, --theme NAME|FILE           default, mono, light, projector, or a path\n"
	    "  -l, --load LOAD                 start a load at launch (repeatable), e.g.\n"
	    "                                  hash@0, chase:1m@core:1.pu:0, pipe@0,1\n"
	    "  -i, --input FILE.xml|SYNTHETIC  view another machine's topology (no loads)\n"
	    "  -h, --help                      this help ('smtscope COMMAND --help' for one command)\n"
	    "  -V, --version                   print the version\n"
	    "\n"
	    "See smtscope(1).\n");
}

/*
 * Descriptors 0-2 that came closed get /dev/null, so that no file or pipe
 * opened later lands on them (a pipe on fd 1 would receive our output).
 * Returns whether standard output was closed.
 */
static int
main_std_fds(void)
{
	int	fd, closed_out = 0;

	for (fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		if (fd == STDOUT_FILENO)
			closed_out = 1;
		if (open("/dev/null", O_RDWR) != fd)
			_exit(CMD_USAGE);
	}
	return closed_out;
}

/* The command's status, or CMD_USAGE with one line if its output was lost. */
static int
main_finish(int status)
{
	int	e;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return status;
	e = errno;
	fprintf(stderr, "smtscope: cannot write standard output: %s\n",
	    e != 0 ? strerror(e) : "write error");
	return CMD_USAGE;
}

int
main(int argc, char **argv)
{
	size_t	i;

	if (main_std_fds()) {
		fprintf(stderr, "smtscope: standard output is closed; nothing can be "
		    "written\n");
		return CMD_USAGE;
	}
	setlocale(LC_ALL, "");
	/* Numbers in reports and JSON always use a decimal point. */
	setlocale(LC_NUMERIC, "C");
	if (argc > 1 && argv[1][0] != '-') {
		for (i = 0; i < sizeof main_cmds / sizeof main_cmds[0]; i++)
			if (strcmp(argv[1], main_cmds[i].name) == 0)
				return main_finish(main_cmds[i].fn(argc - 1, argv + 1));
		return cmd_usage_error(NULL, "unknown command '%s' (see smtscope --help)",
		    argv[1]);
	}
	if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		main_help(stdout);
		return main_finish(CMD_OK);
	}
	if (argc > 1 && (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0)) {
		printf("smtscope %s\n", SMTSCOPE_VERSION);
		return main_finish(CMD_OK);
	}
	return cmd_live(argc, argv);
}
