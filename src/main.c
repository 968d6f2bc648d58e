/* main.c: the table of commands, the top-level help, and dispatch. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cmd/cmd.h"

/* File descriptors smtscope cannot work without, and what it asks for. */
#define MAIN_FDS_NEEDED	32
#define MAIN_FDS_WANTED	256

/* The commands, in the order smtscope --help lists them. */
static const struct cmd_entry *const main_cmds[] = {
	&cmd_topo_entry,
	&cmd_run_entry,
	&cmd_check_entry,
	&cmd_time_entry,
	&cmd_tour_entry,
	&cmd_kernels_entry,
	&cmd_c2c_entry,
	&cmd_compare_entry,
	&cmd_record_entry,
	&cmd_replay_entry,
};

/* Print the top-level help: the commands and the live screen's options, from their entries. */
static void
main_help(FILE *f)
{
	size_t	i;

	fprintf(f, "usage: smtscope %s\n"
	    "       smtscope COMMAND [OPTIONS] [ARGS]\n"
	    "\n"
	    "Shows the CPU topology (package, cache group, core, SMT siblings) with live\n"
	    "load, runs synthetic loads pinned to logical CPUs, and measures how fast each\n"
	    "runs next to the others: alone, beside its SMT sibling, on another core.\n"
	    "\n"
	    "Commands:\n", cmd_live_entry.usage);
	for (i = 0; i < sizeof main_cmds / sizeof main_cmds[0]; i++)
		fprintf(f, "  %-9s %s\n", main_cmds[i]->name, main_cmds[i]->summary);
	fprintf(f, "\nOptions of the live screen ('smtscope COMMAND --help' for a "
	    "command's):\n");
	cmd_live_options_help(f);
	fprintf(f, "\nSee smtscope(1).\n");
}

/* Is the argument -h or --help? */
static int
main_is_help(const char *arg)
{
	return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
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

/*
 * Descriptors: a load needs a few for a moment (its readiness pipe, a pipe
 * load's two pipes), the screen a few for good. Raise a low soft limit to
 * what is needed; refuse, with one line, a hard limit below it.
 */
static int
main_fd_limit(void)
{
	struct rlimit	rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 || rl.rlim_cur >= MAIN_FDS_WANTED)
		return 0;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < MAIN_FDS_NEEDED) {
		fprintf(stderr, "smtscope: too few file descriptors: the limit is %llu "
		    "(ulimit -n), smtscope needs %d\n", (unsigned long long)rl.rlim_max,
		    MAIN_FDS_NEEDED);
		return -1;
	}
	rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= MAIN_FDS_WANTED ?
	    MAIN_FDS_WANTED : rl.rlim_max;
	setrlimit(RLIMIT_NOFILE, &rl);
	return 0;
}

/* The command's status, or CMD_USAGE with one line if its output was lost. */
static int
main_finish(int status)
{
	int	e;

	errno = 0;
	if (cmd_width_end() == 0 && fflush(stdout) == 0 && !ferror(stdout))
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

	if (main_fd_limit() == -1)
		return CMD_USAGE;
	if (main_std_fds()) {
		fprintf(stderr, "smtscope: standard output is closed; nothing can be "
		    "written\n");
		return CMD_USAGE;
	}
	cmd_init();
	setlocale(LC_ALL, "");
	/* Numbers in reports and JSON always use a decimal point. */
	setlocale(LC_NUMERIC, "C");
	if (argc > 1 && argv[1][0] != '-') {
		for (i = 0; i < sizeof main_cmds / sizeof main_cmds[0]; i++)
			if (strcmp(argv[1], main_cmds[i]->name) == 0) {
				argc--;
				cmd_width_begin(&argc, argv + 1);
				return main_finish(main_cmds[i]->exec(argc, argv + 1));
			}
		return cmd_usage_error(NULL, "unknown command '%s' (see smtscope --help)",
		    argv[1]);
	}
	/*
	 * smtscope --help [--wide], --wide --help: as a command's --help, folded
	 * to the width unless --wide (cmd_width.c takes it out).
	 */
	if (argc > 2 && strcmp(argv[1], "--wide") == 0 && main_is_help(argv[2])) {
		argv[1] = argv[2];
		argv[2] = (char *)"--wide";
	}
	if (argc > 1 && main_is_help(argv[1])) {
		argc--;
		cmd_width_begin(&argc, argv + 1);
		argc++;
	}
	if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0) && argc > 2)
		return main_finish(cmd_usage_error(NULL, "unexpected argument '%s' "
		    "after %s", argv[2], argv[1]));
	if (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		main_help(stdout);
		return main_finish(CMD_OK);
	}
	return main_finish(cmd_live_entry.exec(argc, argv));
}
