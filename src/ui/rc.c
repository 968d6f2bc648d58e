/*
 * rc.c: the live screen's settings file: find it, read it line by line
 * (a malformed line named by file:line, its setting left unset), write it
 * whole with a temporary and a rename.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ui/rc.h"
#include "base/infile.h"
#include "base/safefile.h"
#include "base/util.h"
#include "base/xdg.h"

/* Every setting unset. */
void
rc_init(struct rc *rc)
{
	memset(rc, 0, sizeof *rc);
	rc->chart = -1;
	rc->idle = -1;
}

/* The file's path: the user's XDG configuration directory's. */
int
rc_path(char *buf, size_t len)
{
	return xdg_home(XDG_CONFIG, RC_NAME, buf, len);
}

/* Trim spaces at both ends, in place. */
static char *
rc_trim(char *s)
{
	char	*e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Parse 0/1/on/off/yes/no; -1 if none. */
static int
rc_bool(const char *v)
{
	if (strcmp(v, "1") == 0 || strcmp(v, "on") == 0 || strcmp(v, "yes") == 0)
		return 1;
	if (strcmp(v, "0") == 0 || strcmp(v, "off") == 0 || strcmp(v, "no") == 0)
		return 0;
	return -1;
}

/* The view chosen for a machine, or NULL. */
const char *
rc_view_get(const struct rc *rc, const char *machine)
{
	int	i;

	for (i = 0; i < rc->nviews; i++)
		if (strcmp(rc->views[i].machine, machine) == 0)
			return rc->views[i].view;
	return NULL;
}

/* Remember (or, with NULL, forget) the view chosen for a machine; the newest last. */
void
rc_view_set(struct rc *rc, const char *machine, const char *view)
{
	int	i;

	for (i = 0; i < rc->nviews; i++)
		if (strcmp(rc->views[i].machine, machine) == 0)
			break;
	if (i < rc->nviews) {
		memmove(&rc->views[i], &rc->views[i + 1], (size_t)(rc->nviews - i - 1) *
		    sizeof rc->views[0]);
		rc->nviews--;
	}
	if (view == NULL)
		return;
	if (rc->nviews == RC_VIEWS) {
		memmove(&rc->views[0], &rc->views[1], (RC_VIEWS - 1) * sizeof rc->views[0]);
		rc->nviews--;
	}
	snprintf(rc->views[rc->nviews].machine, sizeof rc->views[0].machine, "%s", machine);
	snprintf(rc->views[rc->nviews].view, sizeof rc->views[0].view, "%s", view);
	rc->nviews++;
}

/* Apply one KEY=VALUE; 0, or -1 with what is wrong. */
static int
rc_set(struct rc *rc, const char *key, const char *v, char *why, size_t len)
{
	char	*end;
	long	 n;

	if (strcmp(key, "theme") == 0) {
		if (*v == '\0' || strlen(v) >= sizeof rc->theme)
			return snprintf(why, len, "theme: give a theme's name or file"), -1;
		snprintf(rc->theme, sizeof rc->theme, "%s", v);
	} else if (strcmp(key, "delay") == 0) {
		errno = 0;
		n = strtol(v, &end, 10);
		if (*v == '\0' || *end != '\0' || errno != 0 || n < 1 || n > 100)
			return snprintf(why, len, "delay: '%.40s' is not 1 to 100 tenths "
			    "of a second", v), -1;
		rc->delay_tenths = (int)n;
	} else if (strcmp(key, "view") == 0) {
		if (strcmp(v, "tree") != 0 && strcmp(v, "grid") != 0 &&
		    strcmp(v, "c2c") != 0 && strcmp(v, "auto") != 0)
			return snprintf(why, len, "view: '%.40s' is not tree, grid, c2c or "
			    "auto", v), -1;
		snprintf(rc->view, sizeof rc->view, "%s", v);
	} else if (strncmp(key, "view.", 5) == 0) {
		if (strcmp(v, "tree") != 0 && strcmp(v, "grid") != 0)
			return snprintf(why, len, "%.40s: '%.40s' is not tree or grid", key,
			    v), -1;
		if (key[5] == '\0' || strlen(key + 5) >= sizeof rc->views[0].machine)
			return snprintf(why, len, "view.MACHINE: give a machine's shape "
			    "(2p96c192t)"), -1;
		rc_view_set(rc, key + 5, v);
	} else if (strcmp(key, "chart") == 0) {
		if ((rc->chart = rc_bool(v)) == -1)
			return snprintf(why, len, "chart: '%.40s' is not 1 or 0", v), -1;
	} else if (strcmp(key, "idle") == 0) {
		if ((rc->idle = rc_bool(v)) == -1)
			return snprintf(why, len, "idle: '%.40s' is not 1 or 0", v), -1;
	} else
		return snprintf(why, len, "unknown setting '%.40s' (theme, delay, view, "
		    "view.MACHINE, chart, idle)", key), -1;
	return 0;
}

/* Parse one line (no newline); 0, or -1 with what is wrong. */
static int
rc_line(struct rc *rc, char *line, size_t n, char *why, size_t len)
{
	char	*s, *eq;

	if (n > RC_LINE_MAX)
		return snprintf(why, len, "a line longer than %d characters",
		    RC_LINE_MAX), -1;
	if (strlen(line) != n)
		return snprintf(why, len, "a NUL byte in the line"), -1;
	s = rc_trim(line);
	if (*s == '\0' || *s == '#')
		return 0;
	if ((eq = strchr(s, '=')) == NULL)
		return snprintf(why, len, "expected KEY=VALUE"), -1;
	*eq = '\0';
	return rc_set(rc, rc_trim(s), rc_trim(eq + 1), why, len);
}

/* Read the file into rc. */
int
rc_read(struct rc *rc, const char *path, char *err, size_t errlen)
{
	const char	*p;
	char		*buf, *line = NULL, why[256];
	size_t		 len, off = 0, n;
	int		 lineno = 0, bad = 0;

	if ((buf = infile_read(path, "a settings file", RC_FILE_MAX, &len, err,
	    errlen)) == NULL)
		return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
	line = xmalloc(RC_LINE_MAX + 2);
	while (infile_line(buf, len, &off, &p, &n)) {
		lineno++;
		/* Past the cap, only the length matters: rc_line says it is too long. */
		memcpy(line, p, n > RC_LINE_MAX + 1 ? RC_LINE_MAX + 1 : n);
		line[n > RC_LINE_MAX + 1 ? RC_LINE_MAX + 1 : n] = '\0';
		if (rc_line(rc, line, n, why, sizeof why) == 0)
			continue;
		if (bad++ == 0)
			snprintf(err, errlen, "%s:%d: %s; the default used", path, lineno, why);
	}
	if (bad > 1) {
		n = strlen(err);
		snprintf(err + n, errlen > n ? errlen - n : 0, " (and %d more malformed "
		    "line%s)", bad - 1, bad == 2 ? "" : "s");
	}
	free(line);
	free(buf);
	return bad;
}

/* Make the file's directory and its parent, as mkdir -p would for two levels. */
static int
rc_mkdir(const char *path)
{
	char	 dir[4096], *slash;

	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) == NULL || slash == dir)
		return 0;
	*slash = '\0';
	if (mkdir(dir, 0777) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT || (slash = strrchr(dir, '/')) == NULL || slash == dir)
		return -1;
	*slash = '\0';
	if (mkdir(dir, 0777) == -1 && errno != EEXIST)
		return -1;
	*slash = '/';
	return mkdir(dir, 0777) == -1 && errno != EEXIST ? -1 : 0;
}

/* Write the settings to f. */
static void
rc_print(const struct rc *rc, FILE *f)
{
	int	i;

	fprintf(f, "# smtscope's settings, written when the live screen quits;\n"
	    "# see smtscope(1). Command-line options win over these.\n");
	if (rc->theme[0] != '\0')
		fprintf(f, "theme=%s\n", rc->theme);
	if (rc->delay_tenths > 0)
		fprintf(f, "delay=%d\n", rc->delay_tenths);
	if (rc->view[0] != '\0')
		fprintf(f, "view=%s\n", rc->view);
	for (i = 0; i < rc->nviews; i++)
		fprintf(f, "view.%s=%s\n", rc->views[i].machine, rc->views[i].view);
	if (rc->chart != -1)
		fprintf(f, "chart=%d\n", rc->chart);
	if (rc->idle != -1)
		fprintf(f, "idle=%d\n", rc->idle);
}

/* Write rc to path whole: a temporary beside it, renamed into place. */
int
rc_write(const struct rc *rc, const char *path, char *err, size_t errlen)
{
	struct safefile	sf;

	if (rc_mkdir(path) == -1) {
		snprintf(err, errlen, "%s: cannot make its directory: %s", path,
		    strerror(errno));
		return -1;
	}
	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	rc_print(rc, sf.f);
	return safefile_close(&sf, 1, err, errlen);
}
