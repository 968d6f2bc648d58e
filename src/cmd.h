/* cmd.h: the subcommands; each takes its own arguments and returns an exit status. */
#ifndef SMTSCOPE_CMD_H
#define SMTSCOPE_CMD_H

/* Exit statuses: 0 fine, 1 a measurement or runtime failure, 2 bad usage. */
#define CMD_OK		0
#define CMD_FAIL	1
#define CMD_USAGE	2

int	cmd_topo(int, char **);

/* Print "smtscope: CMD: what" on stderr and return CMD_USAGE. */
int	cmd_usage_error(const char *cmd, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
