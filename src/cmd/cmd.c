/* cmd.c: what the commands share: the option parser, usage errors, death by a signal. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "model/machine.h"
#include "base/infile.h"
#include "base/safefile.h"
#include "os/os.h"

/* Print "smtscope: CMD: what" on stderr; returns the usage exit status. */
int
cmd_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list	ap;

	fprintf(stderr, "smtscope: ");
	if (cmd != NULL)
		fprintf(stderr, "%s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CMD_USAGE;
}

void
cmd_init(void)
{
	infile_set_kernel_fs(os_kernel_fs);
}

/* Every command's -h, --help. */
static const struct cmd_option cmd_help_option = {
	'h', "help", no_argument, NULL, "this help"
};

/*
 * Every command's --wide, listed before -h: cmd_width_begin() takes it out
 * of the arguments before the command parses them (cmd_width.c).
 */
static const struct cmd_option cmd_wide_option = {
	0x1ff, "wide", no_argument, NULL, "no line of text folded (by default: at "
	    "words to COLUMNS, the terminal's width or 80)"
};

/* The columns of --help: the options' help is wrapped to fit. */
#define CMD_HELP_COLS	80
/* The most options one command has (with -h), for getopt_long's tables. */
#define CMD_OPTIONS_MAX	32

/* Columns a string takes: its UTF-8 characters (every one is one column here). */
static size_t
cmd_width(const char *s, size_t n)
{
	size_t	i, w = 0;

	for (i = 0; i < n && s[i] != '\0'; i++)
		w += ((unsigned char)s[i] & 0xc0) != 0x80;
	return w;
}

/* An option's left column: "-t, --time S", "    --json", "    --infer[=PAIRS]". */
static void
cmd_option_spec(const struct cmd_option *o, char *buf, size_t len)
{
	const char	*arg = o->arg != NULL ? o->arg : "";

	if (o->name == NULL) {
		snprintf(buf, len, "-%c%s%s", o->ch, *arg ? " " : "", arg);
		return;
	}
	snprintf(buf, len, "%s%c%s--%s%s%s%s", o->ch < 0x100 ? "-" : "  ",
	    o->ch < 0x100 ? o->ch : ' ', o->ch < 0x100 ? ", " : " ", o->name,
	    !*arg ? "" : o->has_arg == optional_argument ? "[=" : " ", arg,
	    *arg && o->has_arg == optional_argument ? "]" : "");
}

/*
 * Where a line of help hangs its wrapped continuation: under its text, or,
 * for a line of a small table ("  all     every CPU"), under the second
 * column, which follows the first word and two spaces or more.
 */
static size_t
cmd_option_hang(const char *line, size_t len)
{
	size_t	lead = strspn(line, " "), word, gap;

	if (lead == 0)
		return 0;
	word = strcspn(line + lead, " \n");
	gap = strspn(line + lead + word, " ");
	return lead + word + gap < len && gap >= 2 ? lead + word + gap : lead;
}

/*
 * The columns the word at w (n bytes) needs on its line: with the word
 * after it when that begins with '-', which must not begin a line (a line
 * of --help that begins with '-' is an option's, to completion scripts).
 */
static size_t
cmd_option_unit(const char *w, size_t n, const char *end)
{
	const char	*next = w + n;
	size_t		 gap = strspn(next, " ");

	if (next + gap >= end || next[gap] != '-')
		return cmd_width(w, n);
	return cmd_width(w, n) + gap + cmd_width(next + gap, strcspn(next + gap, " \n"));
}

/*
 * Print one option's help from column col, wrapped at word ends to the
 * screen's width; a newline in it starts a line of its own, indented as
 * it is written. Never cuts a word (a longer one runs past the width) nor
 * begins a line with one that begins with '-'.
 */
static void
cmd_option_text(const char *text, int col, FILE *f)
{
	const char	*p = text, *w, *end;
	size_t		 room = CMD_HELP_COLS - (size_t)col, used, lead, hang, n, gap;

	for (;;) {
		end = p + strcspn(p, "\n");
		lead = strspn(p, " ");
		hang = cmd_option_hang(p, (size_t)(end - p));
		fprintf(f, "%.*s", (int)lead, p);
		used = lead;
		gap = 0;
		for (w = p + lead; w < end; w += n + gap) {
			n = strcspn(w, " \n");
			if (used > lead && used + gap + cmd_option_unit(w, n, end) > room) {
				fprintf(f, "\n%*s", col + (int)hang, "");
				used = hang;
			} else {
				fprintf(f, "%*s", (int)gap, "");
				used += gap;
			}
			fprintf(f, "%.*s", (int)n, w);
			used += cmd_width(w, n);
			for (gap = 0; w + n + gap < end && w[n + gap] == ' '; gap++)
				;
		}
		fputc('\n', f);
		if (*end == '\0')
			return;
		p = end + 1;
		fprintf(f, "%*s", col, "");
	}
}

/* The next option of a table as --help lists it: opts, then wide (or none), then -h. */
static const struct cmd_option *
cmd_options_next(const struct cmd_option *o, const struct cmd_option *opts,
    const struct cmd_option *wide)
{
	if (o == NULL)
		o = opts;
	else if (o == &cmd_help_option)
		return NULL;
	else if (o == wide)
		return &cmd_help_option;
	else
		o++;
	if (o->ch == 0)
		return wide != NULL ? wide : &cmd_help_option;
	return o;
}

/* Print a table of options, then wide when not NULL, then -h, --help. */
static void
cmd_options_table(const struct cmd_option *opts, const struct cmd_option *wide,
    FILE *f)
{
	const struct cmd_option	*o;
	char			 spec[128];
	int			 col = 0, w;

	for (o = cmd_options_next(NULL, opts, wide); o != NULL;
	    o = cmd_options_next(o, opts, wide)) {
		cmd_option_spec(o, spec, sizeof spec);
		if ((w = (int)cmd_width(spec, sizeof spec)) > col)
			col = w;
	}
	col += 4;
	for (o = cmd_options_next(NULL, opts, wide); o != NULL;
	    o = cmd_options_next(o, opts, wide)) {
		cmd_option_spec(o, spec, sizeof spec);
		fprintf(f, "  %s%*s", spec, col - 2 - (int)cmd_width(spec, sizeof spec), "");
		cmd_option_text(o->help, col, f);
	}
}

/* Print a table of options as --help shows them, -h, --help last. */
void
cmd_options_help(const struct cmd_option *opts, FILE *f)
{
	cmd_options_table(opts, NULL, f);
}

/* Print the command's usage line and help: about, the options, notes. */
void
cmd_help(const struct cmd_entry *ce, FILE *f)
{
	fprintf(f, "usage: smtscope%s%s%s%s\n", ce->name != NULL ? " " : "",
	    ce->name != NULL ? ce->name : "", *ce->usage != '\0' ? " " : "", ce->usage);
	if (ce->about != NULL)
		fprintf(f, "\n%s", ce->about);
	fputc('\n', f);
	/* A command's text report folds (cmd_width.c); the live screen has none. */
	cmd_options_table(ce->options, ce->name != NULL ? &cmd_wide_option : NULL, f);
	if (ce->notes != NULL)
		fprintf(f, "\n%s", ce->notes);
}

/* Where to look for help: "smtscope run --help" or "smtscope --help". */
static void
cmd_args_see(const struct cmd_entry *ce, char *buf, size_t len)
{
	snprintf(buf, len, "smtscope %s%s--help", ce->name != NULL ? ce->name : "",
	    ce->name != NULL ? " " : "");
}

/*
 * The option at fault, as the user wrote it: "--time" (without any
 * "=value"), or "-t". getopt_long leaves optopt and argv[optind - 1].
 */
static void
cmd_args_culprit(const struct cmd_entry *ce, char **argv, char *buf, size_t len)
{
	const struct cmd_option	*o;
	const char		*prev = optind > 0 ? argv[optind - 1] : "";
	int			 n;

	if (strncmp(prev, "--", 2) == 0 && prev[2] != '\0') {
		n = (int)strcspn(prev, "=");
		if (optopt == 0) {
			snprintf(buf, len, "%.*s", n, prev);
			return;
		}
		for (o = ce->options; o->ch != 0; o++) {
			if (o->name != NULL && o->ch == optopt &&
			    strncmp(o->name, prev + 2, n - 2) == 0) {
				snprintf(buf, len, "--%s", o->name);
				return;
			}
		}
	}
	if (optopt > 0 && optopt < 0x100)
		snprintf(buf, len, "-%c", optopt);
	else
		snprintf(buf, len, "%s", prev);
}

/* One usage error about an option; CMD_USAGE. */
static int
cmd_args_error(const struct cmd_entry *ce, char **argv, int ch)
{
	char	opt[128], see[64];

	cmd_args_culprit(ce, argv, opt, sizeof opt);
	cmd_args_see(ce, see, sizeof see);
	if (ch == ':')
		return cmd_usage_error(ce->name, "option '%s' needs an argument", opt);
	if (optopt != 0 && strncmp(opt, "--", 2) == 0)
		return cmd_usage_error(ce->name, "option '%s' takes no argument", opt);
	return cmd_usage_error(ce->name, "unknown option '%s' (see %s)", opt, see);
}

/* getopt_long's optstring and longopts from the entry's options, -h and --help added. */
static void
cmd_args_tables(const struct cmd_entry *ce, char *opts, size_t len,
    struct option *longopts)
{
	const struct cmd_option	*o;
	size_t			 n = 0;
	int			 k = 0;

	n += (size_t)snprintf(opts + n, len - n, "%s:", ce->in_order ? "+" : "");
	for (o = ce->options; o->ch != 0 && k < CMD_OPTIONS_MAX - 2; o++) {
		if (o->ch < 0x100 && n + 3 < len)
			n += (size_t)snprintf(opts + n, len - n, "%c%s%s", o->ch,
			    o->has_arg != no_argument ? ":" : "",
			    o->has_arg == optional_argument ? ":" : "");
		if (o->name == NULL)
			continue;
		longopts[k].name = o->name;
		longopts[k].has_arg = o->has_arg;
		longopts[k].flag = NULL;
		longopts[k++].val = o->ch;
	}
	snprintf(opts + n, len - n, "h");
	longopts[k].name = "help";
	longopts[k].has_arg = no_argument;
	longopts[k].flag = NULL;
	longopts[k++].val = 'h';
	memset(&longopts[k], 0, sizeof longopts[k]);
}

/* Parse argv by the entry: CMD_GO, CMD_OK after --help, or CMD_USAGE. */
int
cmd_args_parse(struct cmd_args *a, const struct cmd_entry *ce, int argc, char **argv)
{
	struct option	 longopts[CMD_OPTIONS_MAX];
	char		 opts[3 * CMD_OPTIONS_MAX + 4], see[64];
	int		 ch, help = 0;

	a->entry = ce;
	a->nopts = 0;
	cmd_args_tables(ce, opts, sizeof opts, longopts);
	opterr = 0;
	optind = 0;	/* glibc: start afresh, reading a leading '+' again */
	while ((ch = getopt_long(argc, argv, opts, longopts, NULL)) != -1) {
		if (ch == 'h') {
			help = 1;
			continue;
		}
		if (ch == ':' || ch == '?')
			return cmd_args_error(ce, argv, ch);
		if (a->nopts == CMD_ARGS_MAX)
			return cmd_usage_error(ce->name, "too many options (at most %d)",
			    CMD_ARGS_MAX);
		a->opts[a->nopts].ch = ch;
		a->opts[a->nopts++].arg = optarg;
	}
	a->argv = argv + optind;
	a->argc = argc - optind;
	/* --help takes no operand; a command takes at most maxargs. */
	if ((help && a->argc > 0) || (ce->maxargs >= 0 && a->argc > ce->maxargs)) {
		cmd_args_see(ce, see, sizeof see);
		return cmd_usage_error(ce->name, "unexpected argument '%s' (see %s)",
		    a->argv[help ? 0 : ce->maxargs], see);
	}
	if (help) {
		cmd_help(ce, stdout);
		return CMD_OK;
	}
	return CMD_GO;
}

/* Was the option given? */
int
cmd_args_has(const struct cmd_args *a, int ch)
{
	int	i;

	for (i = 0; i < a->nopts; i++)
		if (a->opts[i].ch == ch)
			return 1;
	return 0;
}

/* The argument of the last one given, or NULL. */
const char *
cmd_args_get(const struct cmd_args *a, int ch)
{
	int	i;

	for (i = a->nopts - 1; i >= 0; i--)
		if (a->opts[i].ch == ch)
			return a->opts[i].arg;
	return NULL;
}

/* --json or --csv, or text. */
int
cmd_args_format(const struct cmd_args *a, enum report_format *fmt)
{
	int	json = cmd_args_has(a, CMD_OPT_JSON), csv = cmd_args_has(a, CMD_OPT_CSV);

	if (json && csv)
		return cmd_usage_error(a->entry->name, "--json and --csv: choose one");
	*fmt = json ? REPORT_JSON : csv ? REPORT_CSV : REPORT_TEXT;
	return 0;
}

/* Die of a terminating signal: default action, unblocked, raised. */
void
cmd_die(int sig)
{
	struct sigaction	sa;
	sigset_t		set;

	fflush(stdout);
	fflush(stderr);
	safefile_cleanup();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);
}

/* Expand %h (the short host name, a / in it as _) and %% in an -o name. */
int
cmd_out_name(const char *pattern, char *buf, size_t len, char *err, size_t errlen)
{
	char	host[256];
	size_t	n = 0, add;
	const char *p, *piece;

	for (p = pattern; *p != '\0'; p++) {
		piece = p;
		add = 1;
		if (*p == '%' && p[1] == 'h') {
			if (machine_short_hostname(host, sizeof host) == -1) {
				snprintf(err, errlen, "-o %s: the host name is unknown", pattern);
				return -1;
			}
			/* A '/' in the name would add a directory to the path. */
			for (char *c = host; *c != '\0'; c++)
				if (*c == '/')
					*c = '_';
			piece = host;
			add = strlen(host);
			p++;
		} else if (*p == '%' && p[1] == '%')
			p++;
		else if (*p == '%') {
			snprintf(err, errlen, "-o %s: unknown '%%%.1s' (%%h is the short host "
			    "name, %%%% a %%)", pattern, p + 1);
			return -1;
		}
		if (n + add >= len) {
			snprintf(err, errlen, "-o %s: the name is too long", pattern);
			return -1;
		}
		memcpy(buf + n, piece, add);
		n += add;
	}
	buf[n] = '\0';
	if (n == 0)
		snprintf(err, errlen, "-o: an empty file name");
	return n == 0 ? -1 : 0;
}

/* Open the report's destination: a temporary file beside the name, or stdout. */
int
cmd_out_open(struct cmd_out *o, const char *cmd, const char *pattern)
{
	char	 err[4400], path[SAFEFILE_PATH_MAX];

	memset(o, 0, sizeof *o);
	o->f = stdout;
	if (pattern == NULL)
		return CMD_GO;
	if (cmd_out_name(pattern, path, sizeof path, err, sizeof err) == -1)
		return cmd_usage_error(cmd, "%s", err);
	if (safefile_open(&o->sf, path, SAFEFILE_REPLACE, err, sizeof err) == -1)
		return cmd_usage_error(cmd, "-o %s", err);
	o->f = o->sf.f;
	return CMD_GO;
}

/* Finish the report: the file renamed into place; rc, or CMD_FAIL. */
int
cmd_out_close(struct cmd_out *o, const char *cmd, int rc)
{
	char	err[4400];

	if (o->f == NULL || o->f == stdout)
		return rc;
	o->f = NULL;
	if (safefile_close(&o->sf, rc != CMD_USAGE, err, sizeof err) == -1) {
		fprintf(stderr, "smtscope: %s: %s\n", cmd, err);
		return CMD_FAIL;
	}
	return rc;
}
