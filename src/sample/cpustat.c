/* cpustat.c: per-CPU and per-task time accounting, Linux /proc. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/os.h"
#include "sample/cpustat.h"
#include "base/util.h"

/* More CPUs than any machine has: a larger index is a corrupt file. */
#define CPUSTAT_MAX_CPUS	65536

/* Resolve a procroot argument: NULL means the one root (os_root()). */
static const char *
cpustat_root(const char *procroot)
{
	return procroot != NULL ? procroot : os_root();
}

/* Parse one "cpuN a b c ..." line into index and times; -1 if malformed. */
static int
cpustat_parse_line(const char *line, int *index, struct cpustat_times *t)
{
	uint64_t	 v[8];
	const char	*p = line + 3;
	char		*end;
	unsigned long	 idx;
	int		 i;

	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	idx = strtoul(p, &end, 10);
	if (errno != 0 || idx >= CPUSTAT_MAX_CPUS || !isspace((unsigned char)*end))
		return -1;
	p = end;
	memset(v, 0, sizeof v);
	/* Old kernels have fewer columns: at least user nice system idle. */
	for (i = 0; i < 8; i++) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\n' || *p == '\0')
			break;
		if (!isdigit((unsigned char)*p))
			return -1;
		errno = 0;
		v[i] = strtoull(p, &end, 10);
		if (errno != 0)
			return -1;
		p = end;
	}
	if (i < 4)
		return -1;
	*index = (int)idx;
	t->user = v[0];
	t->nice = v[1];
	t->system = v[2];
	t->idle = v[3];
	t->iowait = v[4];
	t->irq = v[5];
	t->softirq = v[6];
	t->steal = v[7];
	return 0;
}

/* Make room for CPU index in a sample, zeroing new entries. */
static void
cpustat_grow(struct cpustat_sample *s, int *cap, int index)
{
	int	n;

	if (index < *cap)
		return;
	n = *cap == 0 ? 64 : *cap;
	while (n <= index)
		n *= 2;
	s->cpu = xreallocarray(s->cpu, (size_t)n, sizeof *s->cpu);
	s->present = xreallocarray(s->present, (size_t)n, 1);
	memset(s->cpu + *cap, 0, (size_t)(n - *cap) * sizeof *s->cpu);
	memset(s->present + *cap, 0, (size_t)(n - *cap));
	*cap = n;
}

/*
 * Take a snapshot of every CPU's counters from <procroot>/proc/stat. The
 * new sample is built apart, so on error the old one is left intact.
 */
int
cpustat_sample(struct cpustat_sample *s, const char *procroot, char *err,
    size_t errlen)
{
	struct cpustat_sample	 n;
	struct cpustat_times	 t;
	char			 path[4096], *line = NULL;
	size_t			 linecap = 0;
	FILE			*f;
	int			 cap = 0, index, lineno = 0, seen = 0;

	snprintf(path, sizeof path, "%s/proc/stat", cpustat_root(procroot));
	if ((f = fopen(path, "re")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}

	memset(&n, 0, sizeof n);
	while (getline(&line, &linecap, f) != -1) {
		lineno++;
		if (strncmp(line, "cpu", 3) != 0) {
			/* The cpu lines come first; the rest is not ours. */
			if (seen)
				break;
			continue;
		}
		seen = 1;
		if (line[3] == ' ')
			continue;	/* the all-CPUs line */
		if (cpustat_parse_line(line, &index, &t) != 0) {
			snprintf(err, errlen, "%s:%d: malformed cpu line",
			    path, lineno);
			goto fail;
		}
		cpustat_grow(&n, &cap, index);
		n.cpu[index] = t;
		n.present[index] = 1;
		if (index + 1 > n.ncpu)
			n.ncpu = index + 1;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	if (n.ncpu == 0) {
		snprintf(err, errlen, "%s: no cpu lines", path);
		goto fail;
	}
	free(line);
	fclose(f);

	n.t_ns = util_now_ns();
	cpustat_free(s);
	*s = n;
	return 0;

fail:
	free(line);
	fclose(f);
	cpustat_free(&n);
	return -1;
}

/* Free a sample's arrays and zero it. */
void
cpustat_free(struct cpustat_sample *s)
{
	free(s->cpu);
	free(s->present);
	memset(s, 0, sizeof *s);
}

/* The growth of a counter, 0 if it went backwards. */
static uint64_t
cpustat_diff(uint64_t prev, uint64_t cur)
{
	return cur > prev ? cur - prev : 0;
}

/* The ticks a CPU worked for this machine: its busy time less steal. */
uint64_t
cpustat_work(const struct cpustat_times *t)
{
	return t->user + t->nice + t->system + t->irq + t->softirq;
}

/* Percentages for one CPU between two samples. */
int
cpustat_delta(const struct cpustat_sample *prev,
    const struct cpustat_sample *cur, int cpu, struct cpustat_pct *pct)
{
	const struct cpustat_times	*a, *b;
	uint64_t			 user, nice, sys, idle, iowait, irq;
	uint64_t			 softirq, steal, total;
	double				 scale;

	memset(pct, 0, sizeof *pct);
	if (cpu < 0 || cpu >= prev->ncpu || cpu >= cur->ncpu ||
	    !prev->present[cpu] || !cur->present[cpu])
		return -1;
	a = &prev->cpu[cpu];
	b = &cur->cpu[cpu];
	user = cpustat_diff(a->user, b->user);
	nice = cpustat_diff(a->nice, b->nice);
	sys = cpustat_diff(a->system, b->system);
	idle = cpustat_diff(a->idle, b->idle);
	iowait = cpustat_diff(a->iowait, b->iowait);
	irq = cpustat_diff(a->irq, b->irq);
	softirq = cpustat_diff(a->softirq, b->softirq);
	steal = cpustat_diff(a->steal, b->steal);
	total = user + nice + sys + idle + iowait + irq + softirq + steal;
	if (total == 0)
		return 0;

	scale = 100.0 / (double)total;
	pct->user = (double)user * scale;
	pct->nice = (double)nice * scale;
	pct->system = (double)sys * scale;
	pct->irq = (double)irq * scale;
	pct->softirq = (double)softirq * scale;
	pct->steal = (double)steal * scale;
	pct->iowait = (double)iowait * scale;
	pct->busy = (double)(user + nice + sys + irq + softirq + steal) * scale;
	return 0;
}

/* Read the "run wait slices" line of <root>/proc/PID/schedstat. */
static int
cpustat_task_schedstat(const char *root, pid_t pid, struct cpustat_task *t)
{
	char	path[4096], buf[256];

	snprintf(path, sizeof path, "%s/proc/%ld/schedstat", root, (long)pid);
	if (util_read_file(path, buf, sizeof buf) != 0)
		return -1;
	if (sscanf(buf, "%" SCNu64 " %" SCNu64 " %" SCNu64, &t->run_ns,
	    &t->wait_ns, &t->timeslices) != 3) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/*
 * Read state, utime+stime (in ns, into *cpu_ns) and the last CPU from
 * <root>/proc/PID/stat. The command name may hold spaces and parentheses,
 * so the fields are counted from the last ')'.
 */
static int
cpustat_task_stat(const char *root, pid_t pid, struct cpustat_task *t,
    uint64_t *cpu_ns)
{
	char			 path[4096], buf[2048], *p, *end;
	unsigned long long	 v, utime = 0, stime = 0;
	long			 hz;
	int			 field;

	snprintf(path, sizeof path, "%s/proc/%ld/stat", root, (long)pid);
	if (util_read_file(path, buf, sizeof buf) != 0)
		return -1;
	if ((p = strrchr(buf, ')')) == NULL || p[1] != ' ' || p[2] == '\0')
		goto bad;
	p += 2;
	t->state = *p++;
	/* Field 3 was the state; fields 4.. are numbers (some negative). */
	for (field = 4; field <= 39; field++) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			goto bad;
		errno = 0;
		if (*p == '-') {
			strtoll(p, &end, 10);
			v = 0;
		} else
			v = strtoull(p, &end, 10);
		if (end == p || errno != 0)
			goto bad;
		p = end;
		if (field == 14)
			utime = v;
		else if (field == 15)
			stime = v;
		else if (field == 39)
			t->last_cpu = (int)v;
	}
	if ((hz = sysconf(_SC_CLK_TCK)) <= 0)
		hz = 100;
	*cpu_ns = (utime + stime) * (UTIL_NSEC_PER_SEC / (uint64_t)hz);
	return 0;

bad:
	errno = EINVAL;
	return -1;
}

/* Read the context switch counts from <root>/proc/PID/status. */
static int
cpustat_task_status(const char *root, pid_t pid, struct cpustat_task *t)
{
	char		 path[4096], *line = NULL;
	size_t		 cap = 0;
	FILE		*f;
	uint64_t	 v;

	snprintf(path, sizeof path, "%s/proc/%ld/status", root, (long)pid);
	if ((f = fopen(path, "re")) == NULL)
		return -1;
	while (getline(&line, &cap, f) != -1) {
		if (sscanf(line, "voluntary_ctxt_switches: %" SCNu64, &v) == 1)
			t->nvcsw = v;
		else if (sscanf(line, "nonvoluntary_ctxt_switches: %" SCNu64,
		    &v) == 1)
			t->nivcsw = v;
	}
	free(line);
	fclose(f);
	return 0;
}

/* Read a task's accounting from <procroot>/proc/PID. */
int
cpustat_task_read(pid_t pid, struct cpustat_task *t, const char *procroot)
{
	const char	*root = cpustat_root(procroot);
	uint64_t	 cpu_ns = 0;

	memset(t, 0, sizeof *t);
	t->last_cpu = -1;
	if (cpustat_task_stat(root, pid, t, &cpu_ns) != 0)
		return -1;
	if (cpustat_task_schedstat(root, pid, t) != 0) {
		if (errno != ENOENT)
			return -1;
		/* No schedstat (CONFIG_SCHED_INFO off): tick-grained time. */
		t->run_ns = cpu_ns;
		t->wait_ns = t->timeslices = 0;
	}
	if (cpustat_task_status(root, pid, t) != 0)
		return -1;
	return 0;
}
