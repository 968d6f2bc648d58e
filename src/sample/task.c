/* task.c: a process's software figures from <root>/proc/PID (task.h): no perf event on it. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "os/os.h"
#include "sample/task.h"

/* The root a reader was given: NULL is the one settable root. */
static const char *
task_root(const char *root)
{
	return root != NULL ? root : os_root();
}

/* Read <root>/proc/PID/NAME whole into buf; -1 with errno. */
static int
task_file(const char *root, pid_t pid, const char *name, char *buf, size_t len)
{
	char	path[4096];

	if (snprintf(path, sizeof path, "%s/proc/%ld/%s", root, (long)pid, name) >=
	    (int)sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return util_read_file(path, buf, len);
}

/* The unsigned number after "key" and any spaces, tabs or a colon; -1 if absent. */
static int
task_field(const char *buf, const char *key, uint64_t *v)
{
	const char	*p = strstr(buf, key);
	char		*end;

	if (p == NULL)
		return -1;
	for (p += strlen(key); *p == ' ' || *p == '\t' || *p == ':'; p++)
		;
	errno = 0;
	*v = strtoull(p, &end, 10);
	return end == p || errno != 0 ? -1 : 0;
}

/*
 * Fields 14 to 17 of stat (utime, stime, cutime, cstime) in ns; counted
 * from the last ')', since the name may hold spaces and parentheses.
 */
static int
task_stat(const char *root, pid_t pid, uint64_t *self_ns, uint64_t *child_ns)
{
	char			 buf[2048], *p, *end;
	unsigned long long	 v[4] = { 0, 0, 0, 0 };
	long			 hz = sysconf(_SC_CLK_TCK);
	int			 field;

	if (task_file(root, pid, "stat", buf, sizeof buf) == -1)
		return -1;
	if ((p = strrchr(buf, ')')) == NULL || p[1] != ' ')
		goto bad;
	p += 2;
	/* Field 3 is the state, a letter; fields 4.. are numbers. */
	for (field = 3; field <= 17; field++) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			goto bad;
		if (field == 3) {
			p++;
			continue;
		}
		errno = 0;
		if (*p == '-') {
			strtoll(p, &end, 10);
			if (field >= 14)
				goto bad;
		} else if (field >= 14)
			v[field - 14] = strtoull(p, &end, 10);
		else
			strtoull(p, &end, 10);
		if (end == p || errno != 0)
			goto bad;
		p = end;
	}
	if (hz <= 0)
		hz = 100;
	*self_ns = (v[0] + v[1]) * (UTIL_NSEC_PER_SEC / (uint64_t)hz);
	*child_ns = (v[2] + v[3]) * (UTIL_NSEC_PER_SEC / (uint64_t)hz);
	return 0;
bad:
	errno = EINVAL;
	return -1;
}

/* Read a process's figures; -1 when it is gone. */
int
task_read(pid_t pid, const char *root, struct task_figures *t)
{
	char		buf[8192];
	uint64_t	self_ns, v;

	memset(t, 0, sizeof *t);
	root = task_root(root);
	/* stat first: a process that is gone has none, and nothing else is read. */
	if (task_stat(root, pid, &self_ns, &t->child_ns) == -1)
		return -1;
	t->run_ns = self_ns;
	if (task_file(root, pid, "schedstat", buf, sizeof buf) == 0 &&
	    sscanf(buf, "%" SCNu64, &v) == 1)
		t->run_ns = v;
	t->have = TASK_RUN;
	if (task_file(root, pid, "status", buf, sizeof buf) == 0 &&
	    task_field(buf, "\nvoluntary_ctxt_switches", &t->vcsw) == 0 &&
	    task_field(buf, "\nnonvoluntary_ctxt_switches", &t->ivcsw) == 0)
		t->have |= TASK_SWITCHES;
	if (task_file(root, pid, "sched", buf, sizeof buf) == 0 &&
	    task_field(buf, "\nse.nr_migrations", &t->migrations) == 0)
		t->have |= TASK_MIGRATIONS;
	return 0;
}

/* What task_read() gives for pid here, and why not the rest. */
unsigned
task_probe(pid_t pid, const char *root, char *why, size_t len)
{
	struct task_figures	t;

	if (len > 0)
		why[0] = '\0';
	if (task_read(pid, root, &t) == -1) {
		snprintf(why, len, "no per-process figures: %s/proc/%ld/stat: %s",
		    task_root(root), (long)pid, strerror(errno));
		return 0;
	}
	if (!(t.have & TASK_SWITCHES))
		snprintf(why, len, "context switches n/a: no voluntary_ctxt_switches in "
		    "/proc/PID/status");
	else if (!(t.have & TASK_MIGRATIONS))
		snprintf(why, len, "migrations n/a: no /proc/PID/sched (a kernel without "
		    "CONFIG_SCHED_DEBUG)");
	return t.have;
}
