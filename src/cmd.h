/* cmd.h: the subcommands; each takes its own arguments and returns an exit status. */
#ifndef SMTSCOPE_CMD_H
#define SMTSCOPE_CMD_H

/* Exit statuses: 0 fine, 1 a measurement or runtime failure, 2 bad usage. */
#define CMD_OK		0
#define CMD_FAIL	1
#define CMD_USAGE	2

int	cmd_topo(int, char **);	/* cmd_topo.c */
int	cmd_run(int, char **);		/* cmd_run.c */
int	cmd_kernels(int, char **);	/* cmd_run.c */
int	cmd_check(int, char **);	/* check.c */
int	cmd_time(int, char **);		/* timing.c */
int	cmd_tour(int, char **);		/* tour.c */
/* The live screen: `smtscope [-d TENTHS] [-t THEME] [-l LOAD]... [-i INPUT]`. */
int	cmd_live(int, char **);		/* cmd_live.c */

/* Print "smtscope: CMD: what" on stderr and return CMD_USAGE. */
int	cmd_usage_error(const char *cmd, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
