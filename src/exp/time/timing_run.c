/*
 * timing_run.c: `smtscope time`'s runs. The command runs once per round on
 * each placement, rounds alternating (A B C A B C) so that drift hits all
 * alike, each run bound with hwloc to the placement's CPUs and timed from
 * fork to wait4: wall, user and system time, peak RSS, exit status,
 * context switches. A guard process between smtscope and the command
 * kills the command's process group if smtscope dies. Prints nothing.
 */
#include "config.h"

#include <sys/types.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/cpuset.h"
#include "os/os.h"
#include "exp/time/timing.h"
#include "model/topo.h"
#include "base/util.h"

#define TIMING_KILL_GRACE_NS	(2 * UTIL_NSEC_PER_SEC)
/* Sys growth this many times the user growth, and this much, flags contention. */
#define TIMING_CONTENTION_RATIO	1.5
#define TIMING_CONTENTION_MIN_S	0.1

/* A time being run: the signals it watches, and whom to tell what runs. */
struct timing_runner {
	struct timing		*t;
	sigset_t		 oldmask;
	sigset_t		 watched;	/* interrupting signals not ignored */
	struct sigaction	 oldchld;
	void			(*progress)(void *, const char *);
	void			*arg;
};

/* Order doubles for qsort. */
static int
timing_cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median, min and max of a sample; zeros when it is empty. */
void
timing_stat_compute(const double *v, int n, struct timing_stat *st)
{
	double	*s;

	memset(st, 0, sizeof *st);
	if (n <= 0)
		return;
	s = xreallocarray(NULL, (size_t)n, sizeof *s);
	memcpy(s, v, (size_t)n * sizeof *s);
	qsort(s, (size_t)n, sizeof *s, timing_cmp_double);
	st->min = s[0];
	st->max = s[n - 1];
	st->median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
}

/* Does sys time grow much more than user time from cores to all? */
int
timing_sys_contention(double user_cores, double user_all, double sys_cores,
    double sys_all)
{
	double	ug, sg;

	if (sys_all - sys_cores < TIMING_CONTENTION_MIN_S)
		return 0;
	if (sys_cores <= 0)
		return 1;
	ug = user_cores > 0 ? user_all / user_cores : 1;
	sg = sys_all / sys_cores;
	return sg >= TIMING_CONTENTION_RATIO * ug;
}

/* In the child: tell the parent why the command cannot start, and exit. */
static void __attribute__((noreturn))
timing_child_fail(int errfd, const char *msg)
{
	ssize_t	n;

	n = write(errfd, msg, strlen(msg));
	_exit(n == -1 ? 126 : 127);
}

/* The guard's parent-death signal: smtscope is gone, so is the command's group. */
static void
timing_guard_orphaned(int sig)
{
	(void)sig;
	kill(0, SIGKILL);
	_exit(128 + SIGKILL);
}

/*
 * In the guard, the command's parent: die as the command died, so wait4()
 * in smtscope sees the command's status (and, in the rusage, its time).
 */
static void __attribute__((noreturn))
timing_guard_wait(pid_t pid)
{
	struct rlimit	nocore = { 0, 0 };
	sigset_t	set;
	int		status;

	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			_exit(126);
	if (WIFEXITED(status))
		_exit(WEXITSTATUS(status));
	setrlimit(RLIMIT_CORE, &nocore);
	signal(WTERMSIG(status), SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, WTERMSIG(status));
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(WTERMSIG(status));
	_exit(128 + WTERMSIG(status));
}

/* What the child of a run needs. */
struct timing_child_arg {
	const struct timing_runner	*cr;
	char *const			*argv;
	const struct cpuset		*set;
};

/* What the command's own process needs: its words, and where to say it cannot run. */
struct timing_exec_arg {
	char *const	*argv;
	int		 errfd;
};

/* The command's process, set up by os_spawn() in the guard: exec it, or say why not. */
static void
timing_exec(void *arg, int statusfd)
{
	struct timing_exec_arg	*ea = arg;
	char			 msg[512];

	(void)statusfd;
	execvp(ea->argv[0], ea->argv);
	snprintf(msg, sizeof msg, "cannot run '%s': %s", ea->argv[0], strerror(errno));
	timing_child_fail(ea->errfd, msg);
}

/*
 * In the child, set up by os_spawn() (its parent-death signal armed, every
 * caught signal to its default, the mask from before the runs blocked
 * theirs, only 0-2 and errfd open): a process group of its own, the
 * guard's handler, descriptors and binding, then start the command (through
 * os_spawn() again: the guard's handler reset, its mask kept, only 0-2 and
 * errfd open) and stay as its guard: a guard that outlives smtscope (even a SIGKILLed one) gets
 * its parent-death signal and kills the command's whole process group.
 * (Before the handler is in place the signal's default ends the guard,
 * and there is no command yet.) Never returns.
 */
static void
timing_child(void *arg, int errfd)
{
	const struct timing_child_arg	*ca = arg;
	const struct timing		*t = ca->cr->t;
	struct timing_exec_arg		 ea = { ca->argv, errfd };
	struct sigaction		 sa;
	struct os_spawn			 sp;
	sigset_t			 mask;
	char				 msg[512];
	int				 fd, guard_sig = SIGRTMIN;
	pid_t				 pid;

	setpgid(0, 0);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = timing_guard_orphaned;
	sigfillset(&sa.sa_mask);
	if (sigaction(guard_sig, &sa, NULL) == -1)
		timing_child_fail(errfd, "cannot arm the parent-death signal");
	/* The parent reset SIGCHLD for its waits: the command gets what smtscope got. */
	sigaction(SIGCHLD, &ca->cr->oldchld, NULL);
	/* Repeated runs cannot share a terminal's input; a background group must not read it. */
	if ((fd = open("/dev/null", O_RDWR)) != -1) {
		dup2(fd, STDIN_FILENO);
		if (t->output == TIMING_OUT_QUIET) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		if (fd > STDERR_FILENO)
			close(fd);
	}
	if (t->output == TIMING_OUT_STDERR)
		dup2(STDERR_FILENO, STDOUT_FILENO);
	if (ca->set != NULL && topo_bind_pid(t->m, getpid(), ca->set, msg, sizeof msg) == -1)
		timing_child_fail(errfd, msg);
	sigprocmask(SIG_SETMASK, NULL, &mask);
	memset(&sp, 0, sizeof sp);
	sp.child = timing_exec;
	sp.arg = &ea;
	sp.mask = &mask;
	sp.keep = &ea.errfd;
	sp.nkeep = 1;
	if ((pid = os_spawn(&sp, NULL, msg, sizeof msg)) == -1)
		timing_child_fail(errfd, msg);
	/* The guard: its copy of errfd closed, so the exec alone ends the parent's read. */
	close(errfd);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	timing_guard_wait(pid);
}

/* Start argv in a process group of its own, bound to set (NULL: unbound); pid or -1. */
static pid_t
timing_spawn(const struct timing_runner *cr, char *const *argv, const struct cpuset *set,
    char *err, size_t errlen)
{
	struct timing_child_arg	ca = { cr, argv, set };
	struct os_spawn		sp;
	char			msg[512];
	ssize_t			n;
	pid_t			pid;
	int			fd;

	memset(&sp, 0, sizeof sp);
	sp.child = timing_child;
	sp.arg = &ca;
	sp.death_sig = SIGRTMIN;	/* the guard's; timing_child() handles it */
	sp.mask = &cr->oldmask;
	if ((pid = os_spawn(&sp, &fd, msg, sizeof msg)) == -1) {
		snprintf(err, errlen, "%s", msg);
		return -1;
	}
	setpgid(pid, pid);
	/* End of file here means the exec succeeded. */
	do
		n = read(fd, msg, sizeof msg - 1);
	while (n == -1 && errno == EINTR);
	close(fd);
	if (n > 0) {
		msg[n] = '\0';
		snprintf(err, errlen, "%s", msg);
		while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
			;
		return -1;
	}
	return pid;
}

/* A pending interrupting signal, taken off the queue, or 0. */
static int
timing_pending_signal(const struct timing_runner *cr)
{
	struct timespec	ts = { 0, 0 };
	int		sig;

	sig = sigtimedwait(&cr->watched, NULL, &ts);
	return sig > 0 ? sig : 0;
}

/*
 * Wait for pid; an interrupting signal is passed on to its process group,
 * which is killed if it lingers. Returns that signal, or 0.
 */
static int
timing_wait(const struct timing_runner *cr, pid_t pid, int *status, struct rusage *ru)
{
	struct timespec	ts;
	sigset_t	set = cr->watched;
	uint64_t	kill_at = 0;
	pid_t		r;
	int		sig = 0, s;

	sigaddset(&set, SIGCHLD);
	for (;;) {
		r = os_wait(pid, status, WNOHANG, ru);
		if (r == pid)
			return sig;
		if (r == -1 && errno != EINTR)
			fatal("wait4");
		if (sig != 0 && kill_at != 0 && util_now_ns() >= kill_at) {
			kill(-pid, SIGKILL);
			kill_at = 0;
		}
		ts.tv_sec = sig != 0 ? 0 : 1;
		ts.tv_nsec = sig != 0 ? 100 * 1000 * 1000 : 0;
		s = sigtimedwait(&set, NULL, &ts);
		if (s > 0 && s != SIGCHLD) {
			if (sig == 0) {
				sig = s;
				kill(-pid, s);
				kill_at = util_now_ns() + TIMING_KILL_GRACE_NS;
			} else
				kill(-pid, SIGKILL);
		}
	}
}

/*
 * Block the signals the runs are watched with, saving the old mask. A
 * signal inherited as ignored (nohup, a background job) stays ignored.
 */
static void
timing_signals_block(struct timing_runner *cr)
{
	static const int	sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction	sa, old;
	sigset_t		set;
	size_t			i;

	sigemptyset(&cr->watched);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaddset(&cr->watched, sigs[i]);
	/* An inherited SIG_IGN would make the kernel drop SIGCHLD. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &cr->oldchld);
	set = cr->watched;
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &cr->oldmask);
}

/* Describe a wait status: "exit status 3", "killed by signal 9 (Killed)". */
void
timing_status_str(int status, char *buf, size_t len)
{
	if (WIFEXITED(status))
		snprintf(buf, len, "exit status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(status),
		    strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "wait status %#x", status);
}

/* Did this run succeed? */
int
timing_run_ok(const struct timing_run *r)
{
	return WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0;
}

/* Run --prepare through the shell, untimed; 0, -1 on failure (t->error), or a signal. */
static int
timing_prepare(struct timing_runner *cr, int order)
{
	struct timing	*t = cr->t;
	struct rusage	 ru;
	char		*argv[4], err[512], what[128];
	pid_t		 pid;
	int		 status, sig;

	argv[0] = (char *)"sh";
	argv[1] = (char *)"-c";
	argv[2] = (char *)t->prepare;
	argv[3] = NULL;
	if ((pid = timing_spawn(cr, argv, NULL, err, sizeof err)) == -1) {
		snprintf(t->error, sizeof t->error, "--prepare: %s", err);
		return -1;
	}
	if ((sig = timing_wait(cr, pid, &status, &ru)) != 0)
		return sig;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		timing_status_str(status, what, sizeof what);
		snprintf(t->error, sizeof t->error, "--prepare '%s' failed (%s) before "
		    "run %d; nothing more was run", t->prepare, what, order);
		return -1;
	}
	return 0;
}

/* Tell whoever listens what runs now. */
static void __attribute__((format(printf, 2, 3)))
timing_progress(const struct timing_runner *cr, const char *fmt, ...)
{
	va_list	ap;
	char	line[1024];

	if (cr->progress == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	cr->progress(cr->arg, line);
}

/* Run the command once on a placement, timed; 0, -1 (t->error), or a signal. */
static int
timing_run_one(struct timing_runner *cr, int place, int total)
{
	struct timing		*t = cr->t;
	struct timing_place	*pl = &t->places[place];
	struct timing_run	*r = &t->runs[t->nrun];
	struct rusage		 ru;
	uint64_t		 t0;
	char			 err[512], what[128];
	pid_t			 pid;
	int			 sig;

	timing_progress(cr, "run %d/%d on %s (%d CPU%s)", t->nrun + 1, total, pl->name,
	    pl->ncpus, pl->ncpus == 1 ? "" : "s");
	memset(&ru, 0, sizeof ru);
	t0 = util_now_ns();
	if ((pid = timing_spawn(cr, t->argv, &pl->cpus, err, sizeof err)) == -1) {
		snprintf(t->error, sizeof t->error, "run %d on %s: %s", t->nrun + 1,
		    pl->name, err);
		return -1;
	}
	sig = timing_wait(cr, pid, &r->status, &ru);
	r->wall_s = (double)(util_now_ns() - t0) / UTIL_NSEC_PER_SEC;
	if (sig != 0)
		return sig;
	r->place = place;
	r->order = t->nrun + 1;
	r->user_s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
	r->sys_s = (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	r->maxrss_kb = ru.ru_maxrss;
	r->nvcsw = ru.ru_nvcsw;
	r->nivcsw = ru.ru_nivcsw;
	t->nrun++;
	/* The plan's time: every run as long as the first, with its --prepare. */
	if (t->nrun == 1)
		t->eta.first_s = (double)(util_now_ns() - t->eta.start_ns) / 1e9 * total;
	timing_status_str(r->status, what, sizeof what);
	timing_progress(cr, "run %d/%d on %s: %.2f s wall, %s; about %.0f s of %.0f left",
	    r->order, total, pl->name, r->wall_s, what, eta_left(&t->eta,
	    (double)t->nrun / total, util_now_ns()), t->eta.first_s);
	return 0;
}

/* Run every round on every runnable placement; 0, -1 (t->error), or a signal. */
int
timing_run_all(struct timing *t, void (*progress)(void *, const char *), void *arg)
{
	struct timing_runner	cr;
	int			round, i, total, rc;

	memset(&cr, 0, sizeof cr);
	cr.t = t;
	cr.progress = progress;
	cr.arg = arg;
	total = t->nruns * timing_plan_runnable(t->places, t->nplaces);
	t->runs = xcalloc((size_t)total + 1, sizeof *t->runs);
	timing_signals_block(&cr);
	eta_start(&t->eta, 0, 0, 0, util_now_ns());
	for (round = 0; round < t->nruns; round++) {
		for (i = 0; i < t->nplaces; i++) {
			if (t->places[i].status != TIMING_RUN)
				continue;
			if ((rc = timing_pending_signal(&cr)) != 0)
				return rc;
			if (t->prepare != NULL) {
				timing_progress(&cr, "prepare %d/%d: %s", t->nrun + 1, total,
				    t->prepare);
				if ((rc = timing_prepare(&cr, t->nrun + 1)) != 0)
					return rc;
			}
			if ((rc = timing_run_one(&cr, i, total)) != 0)
				return rc;
		}
	}
	eta_end(&t->eta, util_now_ns());
	return 0;
}

/* Summarize the runs of one placement. */
void
timing_summarize(const struct timing *t, int place, struct timing_sum *s)
{
	double	*w, *u, *y, *v, *iv;
	int	 i, n = 0;

	memset(s, 0, sizeof *s);
	w = xcalloc((size_t)t->nrun + 1, sizeof *w);
	u = xcalloc((size_t)t->nrun + 1, sizeof *u);
	y = xcalloc((size_t)t->nrun + 1, sizeof *y);
	v = xcalloc((size_t)t->nrun + 1, sizeof *v);
	iv = xcalloc((size_t)t->nrun + 1, sizeof *iv);
	for (i = 0; i < t->nrun; i++) {
		if (t->runs[i].place != place)
			continue;
		w[n] = t->runs[i].wall_s;
		u[n] = t->runs[i].user_s;
		y[n] = t->runs[i].sys_s;
		v[n] = (double)t->runs[i].nvcsw;
		iv[n] = (double)t->runs[i].nivcsw;
		if (t->runs[i].maxrss_kb > s->maxrss_kb)
			s->maxrss_kb = t->runs[i].maxrss_kb;
		if (!timing_run_ok(&t->runs[i]))
			s->failed++;
		n++;
	}
	s->nruns = n;
	timing_stat_compute(w, n, &s->wall);
	timing_stat_compute(u, n, &s->user);
	timing_stat_compute(y, n, &s->sys);
	timing_stat_compute(v, n, &s->nvcsw);
	timing_stat_compute(iv, n, &s->nivcsw);
	free(w);
	free(u);
	free(y);
	free(v);
	free(iv);
}

/* Index of the placement named name, or -1. */
int
timing_find_place(const struct timing *t, const char *name)
{
	int	i;

	for (i = 0; i < t->nplaces; i++)
		if (strcmp(t->places[i].name, name) == 0)
			return i;
	return -1;
}

/* all over cores, when both ran: speedup and growths; 0 when there is nothing to compare. */
int
timing_compare(const struct timing *t, struct timing_cmp *cmp)
{
	struct timing_sum	sa, sc;
	int			a, k;

	a = timing_find_place(t, "all");
	k = timing_find_place(t, "cores");
	if (t->nrun == 0 || a == -1 || k == -1 || t->places[a].status != TIMING_RUN ||
	    t->places[k].status != TIMING_RUN)
		return 0;
	timing_summarize(t, a, &sa);
	timing_summarize(t, k, &sc);
	cmp->speedup = sa.wall.median > 0 ? sc.wall.median / sa.wall.median : 0;
	cmp->user_growth = sc.user.median > 0 ? sa.user.median / sc.user.median : 0;
	cmp->sys_growth = sc.sys.median > 0 ? sa.sys.median / sc.sys.median : 0;
	cmp->sys_all = sa.sys.median;
	cmp->contention = timing_sys_contention(sc.user.median, sa.user.median,
	    sc.sys.median, sa.sys.median);
	cmp->firm = 0;
	if (sa.nruns - sa.failed < TIMING_FIRM_RUNS || sc.nruns - sc.failed < TIMING_FIRM_RUNS)
		snprintf(cmp->why, sizeof cmp->why, "%d and %d good runs: too few to tell "
		    "from noise (--runs %d or more)", sa.nruns - sa.failed,
		    sc.nruns - sc.failed, TIMING_FIRM_RUNS + 1);
	else if (sa.wall.max >= sc.wall.min && sc.wall.max >= sa.wall.min)
		snprintf(cmp->why, sizeof cmp->why, "within the runs' spread (all "
		    "%.3g-%.3g s, cores %.3g-%.3g s)", sa.wall.min, sa.wall.max,
		    sc.wall.min, sc.wall.max);
	else
		cmp->firm = 1;
	return 1;
}

/* Number of failed runs in all. */
int
timing_failed(const struct timing *t)
{
	int	i, n = 0;

	for (i = 0; i < t->nrun; i++)
		if (!timing_run_ok(&t->runs[i]))
			n++;
	return n;
}
