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
#include "base/safefile.h"

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

/* Print the command's usage line and help. */
void
cmd_help(const struct cmd_entry *ce, FILE *f)
{
	fprintf(f, "usage: smtscope%s%s%s%s\n", ce->name != NULL ? " " : "",
	    ce->name != NULL ? ce->name : "", *ce->usage != '\0' ? " " : "", ce->usage);
	if (ce->help != NULL) {
		fputc('\n', f);
		ce->help(f);
	}
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
	const struct option	*o;
	const char		*prev = optind > 0 ? argv[optind - 1] : "";
	int			 n;

	if (strncmp(prev, "--", 2) == 0 && prev[2] != '\0') {
		n = (int)strcspn(prev, "=");
		if (optopt == 0) {
			snprintf(buf, len, "%.*s", n, prev);
			return;
		}
		for (o = ce->longopts; o != NULL && o->name != NULL; o++) {
			if (o->val == optopt && strncmp(o->name, prev + 2, n - 2) == 0) {
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

/* Parse argv by the entry: CMD_GO, CMD_OK after --help, or CMD_USAGE. */
int
cmd_args_parse(struct cmd_args *a, const struct cmd_entry *ce, int argc, char **argv)
{
	const char	*spec = ce->optstring;
	char		 opts[128], see[64];
	int		 ch, help = 0;

	a->entry = ce;
	a->nopts = 0;
	snprintf(opts, sizeof opts, "%s:%s", *spec == '+' ? "+" : "",
	    *spec == '+' ? spec + 1 : spec);
	opterr = 0;
	optind = 0;	/* glibc: start afresh, reading a leading '+' again */
	while ((ch = getopt_long(argc, argv, opts, ce->longopts, NULL)) != -1) {
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
	if (ce->maxargs >= 0 && a->argc > (help ? 0 : ce->maxargs)) {
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

/* Expand %h (the short host name) and %% in an -o name. */
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
