/*
 * foreign.c: per-CPU time of the processes that are not smtscope's, from
 * /proc. Most processes sleep, and a scan once a second finds the kernel's
 * caches cold, so for a single-threaded process the scan keeps its stat
 * and schedstat files open (up to a share of the descriptor limit) and
 * reads them again with pread(): schedstat first, a third of the cost of
 * stat, and stat only if the process ran. A descriptor of a process that
 * ended reads as an error, so a reused pid is never read through it.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "os/os.h"
#include "sample/cpustat.h"
#include "sample/foreign.h"
#include "base/sanitize.h"
#include "base/util.h"

/* A thread's CPU time at the previous scan, by thread id. */
struct foreign_slot {
	pid_t		tid;		/* 0: empty */
	uint64_t	ticks;
	unsigned	gen;
	int		fd;		/* its process's stat, kept open; -1 */
	int		sfd;		/* ... and its schedstat; -1 */
	uint64_t	run_ns;		/* schedstat's run time at the last scan */
};

/*
 * Busy time less ours is counted in ticks, each side rounded apart: it is
 * used over intervals of this many ticks or more (a c2c pair's few
 * milliseconds are one tick or none), less this many, so that rounding
 * never makes others' work.
 */
#define FOREIGN_MIN_TICKS	10
#define FOREIGN_SLACK_TICKS	2

/* Open stat files kept at most: a share of the descriptor limit. */
#define FOREIGN_FDS_MAX	1024

/* One process's ticks on one CPU in this interval. */
struct foreign_use {
	pid_t		pid;
	int		cpu;
	uint64_t	ticks;
	char		comm[16];
};

struct foreign {
	char			 root[256];
	int			 ncpus;
	long			 hz;
	struct foreign_slot	*slots;		/* open addressing, cap a power of two */
	size_t			 cap, used, nseen;
	int			 nfds, maxfds;	/* stat files kept open */
	unsigned		 gen;
	unsigned long long	 t_prev, t_cur;
	struct foreign_use	*use;		/* this interval, sorted by cpu, -ticks */
	size_t			 nuse, capuse;
	double			*cpu_share;	/* ncpus */
	/*
	 * Each CPU's busy time (/proc/stat) less ours: work the scan cannot
	 * name (processes that began and ended between scans, interrupts).
	 */
	struct cpustat_sample	 stat;		/* at the last scan; ncpu 0: none */
	uint64_t		*own_ticks;	/* ncpus: ours in this interval */
	uint64_t		 own_unplaced;	/* ours on no known CPU (ended threads) */
	double			*unnamed;	/* ncpus: busy less ours less named */
	double			*irq;		/* ncpus: interrupts' */
	double			*steal;		/* ncpus: the hypervisor's, not in cpu_share */
};

/* A sampler reading <procroot>/proc for up to ncpus CPUs. */
struct foreign *
foreign_new(const char *procroot, int ncpus)
{
	struct foreign	*f = xcalloc(1, sizeof *f);
	struct rlimit	 rl;

	if (procroot == NULL)
		procroot = os_root();
	snprintf(f->root, sizeof f->root, "%s", procroot);
	f->ncpus = ncpus > 0 ? ncpus : 1;
	f->hz = sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100;
	f->cap = 1024;
	f->slots = xcalloc(f->cap, sizeof *f->slots);
	f->maxfds = FOREIGN_FDS_MAX;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur / 4 < (rlim_t)f->maxfds)
		f->maxfds = (int)(rl.rlim_cur / 4);
	f->cpu_share = xcalloc((size_t)f->ncpus, sizeof *f->cpu_share);
	f->own_ticks = xcalloc((size_t)f->ncpus, sizeof *f->own_ticks);
	f->unnamed = xcalloc((size_t)f->ncpus, sizeof *f->unnamed);
	f->irq = xcalloc((size_t)f->ncpus, sizeof *f->irq);
	f->steal = xcalloc((size_t)f->ncpus, sizeof *f->steal);
	return f;
}

/* Free the sampler. */
void
foreign_free(struct foreign *f)
{
	size_t	i;

	if (f == NULL)
		return;
	for (i = 0; i < f->cap; i++) {
		if (f->slots[i].tid == 0)
			continue;
		if (f->slots[i].fd != -1)
			close(f->slots[i].fd);
		if (f->slots[i].sfd != -1)
			close(f->slots[i].sfd);
	}
	free(f->slots);
	free(f->use);
	free(f->cpu_share);
	free(f->own_ticks);
	free(f->unnamed);
	free(f->irq);
	free(f->steal);
	cpustat_free(&f->stat);
	free(f);
}

/* The slot of a thread id: its own, or the empty one where it would go. */
static struct foreign_slot *
foreign_slot(struct foreign_slot *slots, size_t cap, pid_t tid)
{
	size_t	i = ((size_t)tid * 2654435761u) & (cap - 1);

	while (slots[i].tid != 0 && slots[i].tid != tid)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

/* Close the files kept open for a slot. */
static void
foreign_drop_fd(struct foreign *f, struct foreign_slot *s)
{
	if (s == NULL)
		return;
	if (s->fd != -1) {
		close(s->fd);
		f->nfds--;
	}
	if (s->sfd != -1) {
		close(s->sfd);
		f->nfds--;
	}
	s->fd = s->sfd = -1;
}

/* Keep the threads seen since scan min_gen, in a table with room to grow. */
static void
foreign_compact(struct foreign *f, unsigned min_gen)
{
	struct foreign_slot	*old = f->slots, *s;
	size_t			 oldcap = f->cap, i, live = 0;

	for (i = 0; i < oldcap; i++)
		live += old[i].tid != 0 && old[i].gen >= min_gen;
	while (f->cap < live * 4)
		f->cap *= 2;
	f->slots = xcalloc(f->cap, sizeof *f->slots);
	f->used = 0;
	for (i = 0; i < oldcap; i++) {
		if (old[i].tid != 0 && old[i].gen < min_gen)
			foreign_drop_fd(f, &old[i]);
		if (old[i].tid == 0 || old[i].gen < min_gen)
			continue;
		s = foreign_slot(f->slots, f->cap, old[i].tid);
		*s = old[i];
		f->used++;
	}
	free(old);
}

/* Read a small file into buf, NUL-terminated; its length, or -1. */
static ssize_t
foreign_read(const char *path, char *buf, size_t len)
{
	ssize_t	n;
	int	fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* CPU time in a stat line, in ticks. */
struct foreign_ticks {
	uint64_t	own;		/* utime+stime */
	uint64_t	children;	/* cutime+cstime: the reaped children's */
	uint64_t	sys;		/* stime+cstime */
};

/*
 * Parse a stat line: comm, ppid, CPU times, threads and processor. The
 * comm is between the first '(' and the last ')' (it may hold both). -1
 * if malformed.
 */
static int
foreign_parse_stat(const char *buf, char comm[16], pid_t *ppid, struct foreign_ticks *t,
    int *cpu, long *nthreads)
{
	const char		*open = strchr(buf, '('), *close = strrchr(buf, ')'), *p;
	unsigned long long	 v;
	size_t			 n;
	int			 field;
	char			*end, raw[16];

	if (open == NULL || close == NULL || close < open)
		return -1;
	n = (size_t)(close - open - 1);
	if (n > 15)
		n = 15;
	memcpy(raw, open + 1, n);
	raw[n] = '\0';
	/* Any process may name itself: no control character gets to a report. */
	sanitize(comm, 16, raw);
	memset(t, 0, sizeof *t);
	*cpu = -1;
	/* Field 3 (state) follows ") "; count fields from there. */
	for (p = close + 1, field = 2; *p != '\0' && field < 39; ) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		field++;
		if (field == 4 || (field >= 14 && field <= 17) || field == 20 || field == 39) {
			errno = 0;
			v = strtoull(p, &end, 10);
			if (errno != 0 || end == p)
				return -1;
			if (field == 4)
				*ppid = (pid_t)v;
			else if (field == 20)
				*nthreads = (long)v;
			else if (field == 39)
				*cpu = v < 65536 ? (int)v : -1;
			else if (field >= 16)
				t->children += v;
			else
				t->own += v;
			if (field == 15 || field == 17)
				t->sys += v;
			p = end;
		} else
			while (*p != ' ' && *p != '\0')
				p++;
	}
	return field >= 15 ? 0 : -1;
}

/* Is pid (or its parent) one of ours? */
static int
foreign_is_own(pid_t pid, pid_t ppid, const pid_t *own, int nown)
{
	int	i;

	for (i = 0; i < nown; i++)
		if (own[i] == pid || own[i] == ppid)
			return 1;
	return 0;
}

/*
 * Key's slot in this scan, made where it is new (*fresh), its ticks now
 * recorded; in *delta the ticks since the last scan (0 when new).
 */
static struct foreign_slot *
foreign_note(struct foreign *f, pid_t key, uint64_t ticks, uint64_t *delta, int *fresh)
{
	struct foreign_slot	*s;

	/* Mid-scan growth: the previous scan's threads are still needed. */
	if (f->used * 2 >= f->cap)
		foreign_compact(f, f->gen - 1);
	s = foreign_slot(f->slots, f->cap, key);
	*fresh = s->tid == 0;
	*delta = !*fresh && ticks > s->ticks ? ticks - s->ticks : 0;
	if (*fresh) {
		s->tid = key;
		s->fd = s->sfd = -1;
		f->used++;
	}
	s->ticks = ticks;
	s->gen = f->gen;
	f->nseen++;
	return s;
}

/*
 * Charge one of our tasks' new time since the last scan (all of it when new,
 * if count_new) to the CPU it last ran on (none: -1); the ticks charged.
 */
static uint64_t
foreign_account_own(struct foreign *f, pid_t key, uint64_t ticks, int cpu, int count_new)
{
	uint64_t	delta;
	int		fresh;

	foreign_note(f, key, ticks, &delta, &fresh);
	if (fresh && count_new)
		delta = ticks;
	if (cpu >= 0 && cpu < f->ncpus)
		f->own_ticks[cpu] += delta;
	return delta;
}

/* Note ticks of process pid on cpu in this interval. */
static void
foreign_charge(struct foreign *f, pid_t pid, const char *comm, int cpu, uint64_t ticks)
{
	struct foreign_use	*u;

	if (ticks == 0 || cpu < 0 || cpu >= f->ncpus)
		return;
	if (f->nuse == f->capuse) {
		f->capuse = f->capuse ? f->capuse * 2 : 64;
		f->use = xreallocarray(f->use, f->capuse, sizeof *f->use);
	}
	u = &f->use[f->nuse++];
	u->pid = pid;
	u->cpu = cpu;
	u->ticks = ticks;
	snprintf(u->comm, sizeof u->comm, "%s", comm);
}

/* Charge one task's new time since the last scan to the CPU it last ran on; its slot. */
static struct foreign_slot *
foreign_account(struct foreign *f, pid_t pid, pid_t tid, const char *comm, uint64_t ticks,
    int cpu, int first)
{
	struct foreign_slot	*s;
	uint64_t		 delta;
	int			 fresh;

	s = foreign_note(f, tid, ticks, &delta, &fresh);
	/* New since the last scan: all its time is in this interval. */
	if (fresh && !first)
		delta = ticks;
	foreign_charge(f, pid, comm, cpu, delta);
	return s;
}

/*
 * Read a process's stat: through the descriptor its slot keeps, else by
 * opening it. Returns the length (-1 if it cannot be read), the slot if it
 * has one, and in *fd a descriptor the caller now owns (-1 if none).
 */
static ssize_t
foreign_read_proc(struct foreign *f, pid_t pid, char *buf, size_t len,
    struct foreign_slot **slot, int *fd)
{
	struct foreign_slot	*s = foreign_slot(f->slots, f->cap, pid);
	char			 path[300];
	ssize_t			 n;

	*fd = -1;
	*slot = s->tid == pid ? s : NULL;
	if (*slot != NULL && s->fd != -1) {
		if ((n = pread(s->fd, buf, len - 1, 0)) > 0) {
			buf[n] = '\0';
			return n;
		}
		foreign_drop_fd(f, s);		/* it ended; the pid may be another's now */
	}
	snprintf(path, sizeof path, "%s/proc/%d/stat", f->root, (int)pid);
	if ((*fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	if ((n = read(*fd, buf, len - 1)) <= 0) {
		close(*fd);
		*fd = -1;
		return -1;
	}
	buf[n] = '\0';
	return n;
}

/* Read schedstat's run time through a descriptor; -1 if the process is gone. */
static int
foreign_run_ns(int fd, uint64_t *run_ns)
{
	char	buf[96], *end;
	ssize_t	n;

	if ((n = pread(fd, buf, sizeof buf - 1, 0)) <= 0)
		return -1;
	buf[n] = '\0';
	*run_ns = strtoull(buf, &end, 10);
	return end == buf ? -1 : 0;
}

/* A kept process that has not run since the last scan: seen, nothing to charge. */
static int
foreign_idle(struct foreign *f, pid_t pid)
{
	struct foreign_slot	*s = foreign_slot(f->slots, f->cap, pid);
	uint64_t		 run;

	if (s->tid != pid || s->sfd == -1)
		return 0;
	if (foreign_run_ns(s->sfd, &run) == -1) {
		foreign_drop_fd(f, s);		/* it ended; the pid may be another's now */
		return 0;
	}
	if (run != s->run_ns) {
		s->run_ns = run;
		return 0;
	}
	s->gen = f->gen;
	f->nseen++;
	return 1;
}

/* Keep a single-threaded foreign process's stat (fd, if not kept yet) and schedstat open. */
static void
foreign_keep(struct foreign *f, struct foreign_slot *s, pid_t pid, int fd)
{
	char	path[300];

	if (fd != -1 && (s->fd != -1 || f->nfds + 2 > f->maxfds)) {
		close(fd);
		return;
	}
	if (fd != -1) {
		s->fd = fd;
		f->nfds++;
	}
	if (s->sfd != -1 || s->fd == -1)
		return;
	snprintf(path, sizeof path, "%s/proc/%d/schedstat", f->root, (int)pid);
	if ((s->sfd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return;		/* no schedstat here: stat every time */
	f->nfds++;
	if (foreign_run_ns(s->sfd, &s->run_ns) == -1)
		foreign_drop_fd(f, s);
}

/*
 * Our time on each CPU, for others' share of its busy time: a process of
 * ours with its reaped children (a fork load's), each thread of a
 * multi-threaded one on its own CPU (c2c's pair), the children's time with
 * the first thread's. A thread that ended since the last scan (c2c's
 * partner) is in its process's time alone, on no known CPU: that time is
 * taken from every CPU's others. A child of ours counts while it runs and
 * again with its parent once reaped. Either way others' share errs low,
 * never high.
 */
static void
foreign_scan_own(struct foreign *f, pid_t pid, const struct foreign_ticks *t, int cpu,
    long nthreads, int first)
{
	struct foreign_ticks	 tt;
	struct dirent		*de;
	DIR			*d = NULL;
	char			 path[512], buf[1024], comm[16];
	pid_t			 tid, ppid;
	uint64_t		 threads = 0, whole;
	long			 n;
	int			 tcpu;

	/* A single thread is read alone; its process's time may hold ended ones'. */
	if (nthreads > 1) {
		snprintf(path, sizeof path, "%s/proc/%d/task", f->root, (int)pid);
		if ((d = opendir(path)) == NULL)
			return;
	}
	for (;;) {
		if (d == NULL)
			tid = pid;
		else if ((de = readdir(d)) == NULL)
			break;
		else if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		else
			tid = (pid_t)strtol(de->d_name, NULL, 10);
		snprintf(path, sizeof path, "%s/proc/%d/task/%d/stat", f->root, (int)pid,
		    (int)tid);
		if (tid > 0 && foreign_read(path, buf, sizeof buf) > 0 &&
		    foreign_parse_stat(buf, comm, &ppid, &tt, &tcpu, &n) == 0)
			threads += foreign_account_own(f, tid, tt.own +
			    (tid == pid ? t->children : 0), tcpu, !first);
		else if (d == NULL)	/* no task directory: the process is its thread */
			threads += foreign_account_own(f, pid, t->own + t->children, cpu,
			    !first);
		if (d == NULL)
			break;
	}
	if (d != NULL)
		closedir(d);
	/* The whole process under its negated id: what its live threads leave out. */
	whole = foreign_account_own(f, -pid, t->own + t->children, -1, 0);
	if (whole > threads)
		f->own_unplaced += whole - threads;
}

/*
 * Scan one process: a single-threaded one from its own stat (unless
 * schedstat says it has not run), the threads of a multi-threaded one
 * each from theirs.
 */
static void
foreign_scan_proc(struct foreign *f, pid_t pid, const pid_t *own, int nown, int first)
{
	struct foreign_slot	*s;
	struct dirent		*de;
	DIR			*d;
	char			 path[512], buf[1024], comm[16], tcomm[16];
	struct foreign_ticks	 t;
	pid_t			 ppid = 0, tid, tppid;
	long			 nthreads = 1;
	int			 cpu, fd, parsed;

	if (foreign_idle(f, pid))
		return;
	if (foreign_read_proc(f, pid, buf, sizeof buf, &s, &fd) <= 0)
		return;
	parsed = foreign_parse_stat(buf, comm, &ppid, &t, &cpu, &nthreads) == 0;
	if (parsed && !foreign_is_own(pid, ppid, own, nown) && nthreads <= 1) {
		s = foreign_account(f, pid, pid, comm, t.own, cpu, first);
		foreign_keep(f, s, pid, fd);
		return;
	}
	/* Ours, unreadable or multi-threaded: nothing is kept open for it. */
	foreign_drop_fd(f, s);
	if (fd != -1)
		close(fd);
	if (parsed && foreign_is_own(pid, ppid, own, nown)) {
		foreign_scan_own(f, pid, &t, cpu, nthreads, first);
		return;
	}
	if (nthreads <= 1)
		return;
	snprintf(path, sizeof path, "%s/proc/%d/task", f->root, (int)pid);
	if ((d = opendir(path)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		tid = (pid_t)strtol(de->d_name, NULL, 10);
		snprintf(path, sizeof path, "%s/proc/%d/task/%d/stat", f->root, (int)pid,
		    (int)tid);
		if (tid > 0 && foreign_read(path, buf, sizeof buf) > 0 &&
		    foreign_parse_stat(buf, tcomm, &tppid, &t, &cpu, &nthreads) == 0)
			foreign_account(f, pid, tid, comm, t.own, cpu, first);
	}
	closedir(d);
}

/* Order uses by CPU, then by process. */
static int
foreign_cmp_use(const void *a, const void *b)
{
	const struct foreign_use	*x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* Order merged uses by CPU, then largest first. */
static int
foreign_cmp_top(const void *a, const void *b)
{
	const struct foreign_use	*x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->ticks > y->ticks ? -1 : x->ticks < y->ticks;
}

/* Merge a process's threads on one CPU into one use, then sort for foreign_top(). */
static void
foreign_merge(struct foreign *f)
{
	size_t	i, n = 0;
	double	ticks_per_cpu = (double)f->hz * foreign_interval_s(f);

	if (f->nuse == 0) {
		memset(f->cpu_share, 0, (size_t)f->ncpus * sizeof *f->cpu_share);
		return;		/* and f->use may be NULL, which qsort() must not see */
	}
	qsort(f->use, f->nuse, sizeof *f->use, foreign_cmp_use);
	for (i = 0; i < f->nuse; i++) {
		if (n > 0 && f->use[n - 1].cpu == f->use[i].cpu &&
		    f->use[n - 1].pid == f->use[i].pid)
			f->use[n - 1].ticks += f->use[i].ticks;
		else
			f->use[n++] = f->use[i];
	}
	f->nuse = n;
	qsort(f->use, f->nuse, sizeof *f->use, foreign_cmp_top);
	memset(f->cpu_share, 0, (size_t)f->ncpus * sizeof *f->cpu_share);
	for (i = 0; i < f->nuse && ticks_per_cpu > 0; i++)
		f->cpu_share[f->use[i].cpu] += (double)f->use[i].ticks / ticks_per_cpu;
	for (i = 0; i < (size_t)f->ncpus; i++)
		if (f->cpu_share[i] > 1)
			f->cpu_share[i] = 1;
}

/*
 * Each CPU's busy ticks since the last scan (/proc/stat) less ours: others'
 * work, named or not. Where it is more than the named processes took, the
 * rest is unnamed, and the CPU's share is the whole of it. Steal is left
 * out: a hypervisor's other guests slow solo and together alike (the KVM
 * guest this was written on lost 8 % of each CPU through a whole check,
 * steadily); it is kept apart, to name where a load got less of its CPU
 * than it asked for. Nothing is changed where /proc/stat cannot be read (a
 * root without it).
 */
static void
foreign_busy(struct foreign *f)
{
	struct cpustat_sample		 cur;
	const struct cpustat_times	*a, *b;
	double				 ticks_per_cpu = (double)f->hz * foreign_interval_s(f);
	double				 all;
	uint64_t			 busy_a, busy_b;
	char				 err[256];
	int				 cpu;

	memset(f->unnamed, 0, (size_t)f->ncpus * sizeof *f->unnamed);
	memset(f->irq, 0, (size_t)f->ncpus * sizeof *f->irq);
	memset(f->steal, 0, (size_t)f->ncpus * sizeof *f->steal);
	memset(&cur, 0, sizeof cur);
	if (cpustat_sample(&cur, f->root, err, sizeof err) == -1) {
		cpustat_free(&f->stat);
		return;
	}
	for (cpu = 0; cpu < f->ncpus && ticks_per_cpu >= FOREIGN_MIN_TICKS; cpu++) {
		if (cpu >= cur.ncpu || cpu >= f->stat.ncpu || !cur.present[cpu] ||
		    !f->stat.present[cpu])
			continue;
		a = &f->stat.cpu[cpu];
		b = &cur.cpu[cpu];
		if (b->steal > a->steal) {
			f->steal[cpu] = (double)(b->steal - a->steal) / ticks_per_cpu;
			f->steal[cpu] = f->steal[cpu] > 1 ? 1 : f->steal[cpu];
		}
		busy_a = cpustat_work(a);
		busy_b = cpustat_work(b);
		if (busy_b < busy_a + f->own_ticks[cpu] + f->own_unplaced + FOREIGN_SLACK_TICKS)
			continue;
		all = (double)(busy_b - busy_a - f->own_ticks[cpu] - f->own_unplaced -
		    FOREIGN_SLACK_TICKS) / ticks_per_cpu;
		all = all > 1 ? 1 : all;
		if (all > f->cpu_share[cpu]) {
			f->unnamed[cpu] = all - f->cpu_share[cpu];
			f->cpu_share[cpu] = all;
		}
		if (b->irq + b->softirq >= a->irq + a->softirq)
			f->irq[cpu] = (double)(b->irq + b->softirq - a->irq - a->softirq) /
			    ticks_per_cpu;
	}
	cpustat_free(&f->stat);
	f->stat = cur;
}

/* Scan every thread of every process but ours. */
int
foreign_sample(struct foreign *f, const pid_t *own, int nown, unsigned long long now_ns)
{
	struct dirent	*de;
	DIR		*d;
	char		 path[300];
	int		 first = f->t_cur == 0;

	snprintf(path, sizeof path, "%s/proc", f->root);
	if ((d = opendir(path)) == NULL)
		return -1;
	f->gen++;
	f->nuse = 0;
	f->nseen = 0;
	memset(f->own_ticks, 0, (size_t)f->ncpus * sizeof *f->own_ticks);
	f->own_unplaced = 0;
	f->t_prev = f->t_cur;
	f->t_cur = now_ns;
	while ((de = readdir(d)) != NULL)
		if (isdigit((unsigned char)de->d_name[0]))
			foreign_scan_proc(f, (pid_t)strtol(de->d_name, NULL, 10), own, nown,
			    first);
	closedir(d);
	/* Forget threads that are gone once they are many. */
	if (f->used > 2 * f->nseen + 64)
		foreign_compact(f, f->gen);
	foreign_merge(f);
	foreign_busy(f);
	return 0;
}

/* Seconds the last interval covered. */
double
foreign_interval_s(const struct foreign *f)
{
	if (f->t_prev == 0 || f->t_cur <= f->t_prev)
		return 0;
	return (double)(f->t_cur - f->t_prev) / 1e9;
}

/* The share of a CPU foreign processes took. */
double
foreign_cpu_share(const struct foreign *f, int cpu)
{
	return cpu >= 0 && cpu < f->ncpus ? f->cpu_share[cpu] : 0;
}

/* The share of a CPU others took that no process scanned accounts for. */
double
foreign_cpu_unnamed(const struct foreign *f, int cpu)
{
	return cpu >= 0 && cpu < f->ncpus ? f->unnamed[cpu] : 0;
}

/* The share of a CPU's time the hypervisor gave other guests (steal). */
double
foreign_cpu_steal(const struct foreign *f, int cpu)
{
	return cpu >= 0 && cpu < f->ncpus ? f->steal[cpu] : 0;
}

/* The foreign processes on a CPU, largest first. */
int
foreign_top(const struct foreign *f, int cpu, struct foreign_proc *out, int max)
{
	double	ticks_per_cpu = (double)f->hz * foreign_interval_s(f);
	size_t	i;
	int	n = 0;

	if (ticks_per_cpu <= 0)
		return 0;
	for (i = 0; i < f->nuse && n < max; i++) {
		if (f->use[i].cpu != cpu)
			continue;
		out[n].pid = f->use[i].pid;
		out[n].cpu = cpu;
		memcpy(out[n].comm, f->use[i].comm, sizeof out[n].comm);
		out[n].share = (double)f->use[i].ticks / ticks_per_cpu;
		if (out[n].share > 1)
			out[n].share = 1;
		n++;
	}
	return n;
}

/* One part of a CPU's others' work in words, and its share. */
struct foreign_part {
	char	text[48];
	double	share;
};

/* Order parts largest first. */
static int
foreign_cmp_part(const void *a, const void *b)
{
	const struct foreign_part	*x = a, *y = b;

	return x->share > y->share ? -1 : x->share < y->share;
}

/*
 * "cc1 (4242) 40%, short-lived processes 30%" for the largest few above
 * min_share: the processes scanned and what none of them accounts for.
 */
void
foreign_describe(const struct foreign *f, int cpu, double min_share, int max,
    char *buf, size_t len)
{
	struct foreign_part	part[8 + 2];
	struct foreign_proc	top[8];
	size_t			used = 0;
	double			irq;
	int			i, n, k = 0;

	buf[0] = '\0';
	n = foreign_top(f, cpu, top, max < 8 ? max : 8);
	for (i = 0; i < n; i++) {
		snprintf(part[k].text, sizeof part[k].text, "%s (%d)", top[i].comm,
		    (int)top[i].pid);
		part[k++].share = top[i].share;
	}
	if (cpu >= 0 && cpu < f->ncpus && f->unnamed[cpu] > 0) {
		/* Interrupts first; the rest is processes no scan saw. */
		irq = f->irq[cpu] < f->unnamed[cpu] ? f->irq[cpu] : f->unnamed[cpu];
		snprintf(part[k].text, sizeof part[k].text, "short-lived processes");
		part[k++].share = f->unnamed[cpu] - irq;
		snprintf(part[k].text, sizeof part[k].text, "interrupts");
		part[k++].share = irq;
	}
	qsort(part, (size_t)k, sizeof part[0], foreign_cmp_part);
	for (i = 0; i < k && i < max && used < len; i++) {
		if (part[i].share < min_share)
			break;
		used += (size_t)snprintf(buf + used, len - used, "%s%s %.0f%%",
		    i > 0 ? ", " : "", part[i].text, 100 * part[i].share);
	}
}

/* A process's CPU time with its reaped children's, in ns, the system part, its last CPU. */
int
foreign_proc_ns(const struct foreign *f, pid_t pid, uint64_t *ns, uint64_t *sys_ns,
    int *cpu)
{
	struct foreign_ticks	t;
	char			path[300], buf[1024], comm[16];
	uint64_t		tick_ns = 1000000000ULL / (uint64_t)f->hz;
	pid_t			ppid;
	long			nthreads;

	snprintf(path, sizeof path, "%s/proc/%d/stat", f->root, (int)pid);
	if (pid <= 0 || foreign_read(path, buf, sizeof buf) <= 0 ||
	    foreign_parse_stat(buf, comm, &ppid, &t, cpu, &nthreads) == -1)
		return -1;
	*ns = (t.own + t.children) * tick_ns;
	if (sys_ns != NULL)
		*sys_ns = t.sys * tick_ns;
	return 0;
}
