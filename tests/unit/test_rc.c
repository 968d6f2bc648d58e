/* test_rc.c: the settings file: reading, malformed lines by file:line, writing it whole. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui/rc.h"
#include "tap.h"

static char	dir[256];

/* Write text to a file in the test's directory; its path in a static buffer. */
static const char *
put(const char *name, const char *text)
{
	static char	 path[512];
	FILE		*f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "w")) == NULL)
		return path;
	fputs(text, f);
	fclose(f);
	return path;
}

/* A good file, with comments, spaces and blank lines. */
static void
test_good(void)
{
	struct rc	rc;
	char		err[512] = "";
	int		n;

	rc_init(&rc);
	n = rc_read(&rc, put("good", "# a comment\n\n  theme = projector \ndelay=5\n"
	    "view=grid\nchart=0\n"), err, sizeof err);
	ok(n == 0, "a good file: no malformed line (%d: %s)", n, err);
	ok(strcmp(rc.theme, "projector") == 0, "theme read, spaces trimmed (%s)", rc.theme);
	ok(rc.delay_tenths == 5, "delay read (%d)", rc.delay_tenths);
	ok(strcmp(rc.view, "grid") == 0, "view read (%s)", rc.view);
	ok(rc.chart == 0, "chart read (%d)", rc.chart);
	rc_init(&rc);
	n = rc_read(&rc, put("onoff", "chart=on\nview=c2c\n"), err, sizeof err);
	ok(n == 0 && rc.chart == 1 && strcmp(rc.view, "c2c") == 0 && rc.theme[0] == '\0' &&
	    rc.delay_tenths == 0 && rc.idle == -1, "on reads as 1; what the file lacks stays "
	    "unset");
	rc_init(&rc);
	n = rc_read(&rc, put("idle", "idle=1\n"), err, sizeof err);
	ok(n == 0 && rc.idle == 1, "idle read (%d)", rc.idle);
	n = rc_read(&rc, put("idlebad", "idle=maybe\n"), err, sizeof err);
	ok(n == 1 && strstr(err, "idle: 'maybe' is not 1 or 0") != NULL,
	    "a bad idle value is named (%s)", err);
}

/* Malformed lines: each named by file:line, its setting unset, the others read. */
static void
test_bad(void)
{
	struct rc	 rc;
	char		 err[512] = "", expect[600], *longline;
	const char	*path;
	int		 n;

	rc_init(&rc);
	path = put("bad", "theme=mono\ndelay=500\nview=grid\n");
	n = rc_read(&rc, path, err, sizeof err);
	snprintf(expect, sizeof expect, "%s:2: delay: '500' is not 1 to 100 tenths", path);
	ok(n == 1 && strncmp(err, expect, strlen(expect)) == 0, "a bad value: file:line "
	    "and what (%d: %s)", n, err);
	ok(rc.delay_tenths == 0 && strcmp(rc.theme, "mono") == 0 &&
	    strcmp(rc.view, "grid") == 0, "its setting unset, the other lines read");

	rc_init(&rc);
	path = put("unknown", "# x\ncolour=red\nchart=maybe\nnonsense\n");
	n = rc_read(&rc, path, err, sizeof err);
	snprintf(expect, sizeof expect, "%s:2: unknown setting 'colour'", path);
	ok(n == 3 && strncmp(err, expect, strlen(expect)) == 0 &&
	    strstr(err, "and 2 more malformed lines") != NULL, "an unknown key is named "
	    "first, the others counted (%d: %s)", n, err);
	ok(rc.chart == -1, "a bad chart value leaves it unset");

	longline = malloc(5000);
	memset(longline, 'x', 4998);
	memcpy(longline, "theme=", 6);
	longline[4998] = '\n';
	longline[4999] = '\0';
	rc_init(&rc);
	path = put("long", longline);
	free(longline);
	n = rc_read(&rc, path, err, sizeof err);
	ok(n == 1 && strstr(err, ":1: a line longer than") != NULL && rc.theme[0] == '\0',
	    "a long line is malformed, not cut (%d: %s)", n, err);
}

/* A missing file is no error; an unreadable one is. */
static void
test_missing(void)
{
	struct rc	rc;
	char		err[512] = "", path[512];

	rc_init(&rc);
	snprintf(path, sizeof path, "%s/none/smtscoperc", dir);
	ok(rc_read(&rc, path, err, sizeof err) == 0 && rc.theme[0] == '\0' &&
	    rc.delay_tenths == 0 && rc.view[0] == '\0' && rc.chart == -1,
	    "a missing file: the defaults, no error");
	ok(rc_read(&rc, dir, err, sizeof err) == -1 && strstr(err, dir) != NULL,
	    "a directory cannot be read: -1 naming it (%s)", err);
}

/* Write, then read back; written whole, no temporary left, directories made. */
static void
test_write(void)
{
	struct rc	 a, b;
	char		 err[512] = "", path[512], sub[300];
	struct dirent	*e;
	DIR		*d;
	int		 left = 0;

	rc_init(&a);
	snprintf(a.theme, sizeof a.theme, "light");
	a.delay_tenths = 7;
	snprintf(a.view, sizeof a.view, "tree");
	a.chart = 0;
	snprintf(path, sizeof path, "%s/xdg/smtscope/smtscoperc", dir);
	ok(rc_write(&a, path, err, sizeof err) == 0, "written, directories made (%s)", err);
	rc_init(&b);
	ok(rc_read(&b, path, err, sizeof err) == 0 && strcmp(b.theme, "light") == 0 &&
	    b.delay_tenths == 7 && strcmp(b.view, "tree") == 0 && b.chart == 0,
	    "read back the same");
	a.chart = 1;
	a.idle = 1;
	ok(rc_write(&a, path, err, sizeof err) == 0 && rc_read(&b, path, err,
	    sizeof err) == 0 && b.chart == 1 && b.idle == 1, "written again over it, idle too");
	snprintf(sub, sizeof sub, "%s/xdg/smtscope", dir);
	if ((d = opendir(sub)) != NULL) {
		while ((e = readdir(d)) != NULL)
			if (e->d_name[0] != '.' && strcmp(e->d_name, "smtscoperc") != 0)
				left++;
		closedir(d);
	}
	ok(left == 0, "no temporary left beside it (%d other files)", left);
	snprintf(path, sizeof path, "%s/good/smtscoperc", dir);
	ok(rc_write(&a, path, err, sizeof err) == -1 && strstr(err, path) != NULL,
	    "a file where the directory must be: -1 naming the path (%s)", err);
}

/* The path: XDG_CONFIG_HOME, else HOME/.config. */
static void
test_path(void)
{
	char	path[512];

	setenv("XDG_CONFIG_HOME", "/x/conf", 1);
	ok(rc_path(path, sizeof path) == 0 && strcmp(path, "/x/conf/smtscope/smtscoperc") == 0,
	    "XDG_CONFIG_HOME honoured (%s)", path);
	unsetenv("XDG_CONFIG_HOME");
	setenv("HOME", "/home/u", 1);
	ok(rc_path(path, sizeof path) == 0 &&
	    strcmp(path, "/home/u/.config/smtscope/smtscoperc") == 0, "else ~/.config (%s)",
	    path);
	unsetenv("HOME");
	ok(rc_path(path, sizeof path) == -1, "neither set: no path");
}

int
main(void)
{
	char	cmd[300];

	snprintf(dir, sizeof dir, "%s/test_rc.XXXXXX", getenv("TMPDIR") != NULL ?
	    getenv("TMPDIR") : "/tmp");
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_good();
	test_bad();
	test_missing();
	test_write();
	test_path();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", dir);
	return tap_done();
}
