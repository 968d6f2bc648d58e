/*
 * cmd.h: the commands. Each command file (cmd_*.c) defines one entry, in
 * the manner of tmux's cmd_entry: its name, usage line, summary, options
 * (each once, with its help), the text around them and the function that
 * runs it; main.c keeps the table of them. A command parses its arguments
 * with cmd_args_parse(), which makes getopt_long's tables from the
 * options and prints the help and every usage error alike, then reads
 * its options from the struct cmd_args.
 */
#ifndef SMTSCOPE_CMD_H
#define SMTSCOPE_CMD_H

#include <getopt.h>
#include <stdio.h>

#include "report/report.h"
#include "base/safefile.h"

/* cmd_args_parse(): the arguments are good; go on. */
#define CMD_GO		(-1)

/* The most options one command line may give. */
#define CMD_ARGS_MAX	1024

/*
 * One option of a command, once: getopt_long's tables and the --help text
 * are both made from it. Every command also takes -h, --help.
 */
struct cmd_option {
	int		 ch;		/* the short option's letter, or a code above
					   0xff (CMD_OPT_JSON...) for a long-only one */
	const char	*name;		/* the long option, or NULL */
	int		 has_arg;	/* no_argument, required_argument, optional_argument */
	const char	*arg;		/* its argument in the help ("S", "FILE"), or NULL */
	const char	*help;		/* what it does: --help wraps it at word ends;
					   a newline starts a line of its own */
};

struct cmd_entry {
	const char		*name;		/* "run"; NULL for the live screen */
	const char		*usage;		/* after "usage: smtscope [NAME] " */
	const char		*summary;	/* one line for smtscope --help */
	const struct cmd_option	*options;	/* ends with an entry of ch 0 */
	int			 in_order;	/* stop at the first operand (a command
						   line follows) */
	int			 maxargs;	/* operands allowed; -1 any number */
	const char		*about;		/* --help before the options; NULL */
	const char		*notes;		/* --help after the options; NULL */
	int			(*exec)(int argc, char **argv);
};

/* One option as given: its character (the short one) and its argument. */
struct cmd_opt {
	int		 ch;
	const char	*arg;		/* NULL when it takes none */
};

/* A command line, parsed. */
struct cmd_args {
	const struct cmd_entry	*entry;
	struct cmd_opt		 opts[CMD_ARGS_MAX];	/* in the order given */
	int			 nopts;
	char			**argv;			/* the operands */
	int			 argc;
};

/* A number macro as a string, for a default in the help: CMD_STR(3) is "3". */
#define CMD_STR(x)	CMD_STR_(x)
#define CMD_STR_(x)	#x

/* The long-only options --json and --csv, as getopt_long returns them. */
#define CMD_OPT_JSON	0x101
#define CMD_OPT_CSV	0x102

/*
 * Where a report goes: standard output, or the file of -o NAME (%h: the
 * short host name, %%: %), written under a hidden temporary name beside
 * it and renamed when complete, so that a reader never sees half a file.
 */
struct cmd_out {
	FILE		*f;	/* stdout, or the file's stream */
	struct safefile	 sf;	/* the file, when -o was given */
};
/* Expand %h and %% in an -o name; -1 with a message naming it. */
int	cmd_out_name(const char *pattern, char *buf, size_t len, char *err,
	    size_t errlen);
/* Open the report's destination (pattern NULL: stdout); CMD_GO or CMD_USAGE. */
int	cmd_out_open(struct cmd_out *, const char *cmd, const char *pattern);
/* Finish it: the file renamed into place; rc, or CMD_FAIL if it cannot be written. */
int	cmd_out_close(struct cmd_out *, const char *cmd, int rc);

extern const struct cmd_entry	cmd_live_entry;		/* cmd_live.c */
/* The live screen's options as --help shows them (smtscope --help lists them). */
void	cmd_live_options_help(FILE *);
extern const struct cmd_entry	cmd_topo_entry;		/* cmd_topo.c */
extern const struct cmd_entry	cmd_run_entry;		/* cmd_run.c */
extern const struct cmd_entry	cmd_check_entry;	/* cmd_check.c */
extern const struct cmd_entry	cmd_time_entry;		/* cmd_time.c */
extern const struct cmd_entry	cmd_kernels_entry;	/* cmd_kernels.c */
extern const struct cmd_entry	cmd_c2c_entry;		/* cmd_c2c.c */
extern const struct cmd_entry	cmd_compare_entry;	/* cmd_compare.c */
extern const struct cmd_entry	cmd_record_entry;	/* cmd_record.c */
extern const struct cmd_entry	cmd_replay_entry;	/* cmd_replay.c */
extern const struct cmd_entry	cmd_tour_entry;		/* cmd_tour.c */

/*
 * Parse argv (argv[0] is the command's name) by the entry. Returns
 * CMD_GO to go on, CMD_OK when --help was asked and printed, or
 * CMD_USAGE after one line on stderr.
 */
int	cmd_args_parse(struct cmd_args *, const struct cmd_entry *, int argc,
	    char **argv);
/* Was the option given? */
int	cmd_args_has(const struct cmd_args *, int ch);
/* The argument of the last one given, or NULL. */
const char *cmd_args_get(const struct cmd_args *, int ch);
/* --json or --csv, or text; CMD_USAGE with a message if both are given. */
int	cmd_args_format(const struct cmd_args *, enum report_format *);
/* Print the command's usage line and help: about, the options, notes. */
void	cmd_help(const struct cmd_entry *, FILE *);
/* Print a table of options as --help shows them (-h, --help last). */
void	cmd_options_help(const struct cmd_option *, FILE *);

/* Print "smtscope: CMD: what" on stderr and return CMD_USAGE. */
int	cmd_usage_error(const char *cmd, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/*
 * Die of a terminating signal as the user asked, once the caller has
 * stopped its loads or its command: default action, unblocked, raised.
 */
void	cmd_die(int sig) __attribute__((noreturn));

/* A text report's width off a terminal. */
#define CMD_WIDTH_DEFAULT	80
/* COLUMNS, else the terminal's width, else CMD_WIDTH_DEFAULT. */
int	cmd_width_cols(void);
/* Take --wide out of a command's arguments; fold its text report to the width. */
void	cmd_width_begin(int *argc, char **argv);
/* Its last line out, the real standard output back; -1 if it could not be written. */
int	cmd_width_end(void);

/* Before any command: the seams lower layers leave to the OS's (infile's kernel files). */
void	cmd_init(void);

#endif
