/*
 * timing.c: `smtscope time`, a real command timed on each CPU placement.
 *
 * The command runs once per round on each placement, rounds alternating
 * (A B C A B C) so that drift hits all alike, each run bound with hwloc to
 * the placement's CPUs and timed from fork to wait4: wall, user and system
 * time, peak RSS, exit status, context switches. The report compares `all`
 * (SMT siblings busy) with `cores` (siblings idle).
 *
 * JSON report (stdout): { "command": [argv...], "prepare": str|null,
 * "runs": N, "dry_run": bool, "machine": { "source", "logical_cpus",
 * "cores", "packages", "smt" }, "placements": [ { "name", "status"
 * ("run"|"same"|"refused"), "cpus", "ncpus", "ncores", "same_as",
 * "reason", "wall_s", "user_s", "sys_s" ({ "median", "min", "max" } or
 * null), "maxrss_kb", "nvcsw_median", "nivcsw_median", "failed_runs",
 * "runs": [ { "order", "wall_s", "user_s", "sys_s", "maxrss_kb", "nvcsw",
 * "nivcsw", "exit_status", "signal", "ok" } ] } ], "all_over_cores":
 * { "speedup", "user_growth", "sys_growth", "sys_contention" } or null,
 * "failed_runs", "notes": [str...] }.
 */
#include "config.h"

#include <sys/types.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "cpuset.h"
#include "timing.h"
#include "topo.h"
#include "util.h"

#define TIMING_RUNS_DEFAULT	3
#define TIMING_RUNS_MAX		1000
#define TIMING_KILL_GRACE_NS	(2 * UTIL_NSEC_PER_SEC)
/* Sys growth this many times the user growth, and this much, flags contention. */
#define TIMING_CONTENTION_RATIO	1.5
#define TIMING_CONTENTION_MIN_S	0.1

#define TIMING_RSS_NOTE "peak RSS: the largest single process of the " \
	"command's tree (wait4 ru_maxrss), not their sum"

enum timing_format {
	TIMING_TEXT,
	TIMING_JSON,
	TIMING_CSV
};

/* One timed run of the command. */
struct timing_run {
	int		 place;		/* into the placements */
	int		 order;		/* 1-based position among all runs */
	double		 wall_s;
	double		 user_s;
	double		 sys_s;
	long		 maxrss_kb;
	long		 nvcsw;
	long		 nivcsw;
	int		 status;	/* as wait4 gives it */
};

/* Everything one `smtscope time` invocation needs. */
struct timing_ctx {
	struct topo		*m;
	char			**argv;		/* the command, NULL-terminated */
	int			 argc;
	const char		*prepare;
	int			 nruns;		/* per placement */
	int			 quiet;
	enum timing_format	 format;
	int			 dry_run;
	int			 progress;	/* stderr is a terminal */
	struct timing_place	*places;
	int			 nplaces;
	struct timing_run	*runs;
	int			 nrun;		/* runs done */
	sigset_t		 oldmask;
	sigset_t		 watched;	/* interrupting signals not ignored */
	struct sigaction	 oldchld;
};

/* Count the cores holding a CPU of set. */
static int
timing_count_cores(const struct topo *m, const struct cpuset *set)
{
	const struct topo_pu	*pu;
	int			*seen, cpu, n = 0;

	seen = xcalloc((size_t)m->ncores + 1, sizeof *seen);
	CPUSET_FOREACH(cpu, set) {
		if ((pu = topo_pu_by_os(m, cpu)) == NULL || pu->core < 0)
			continue;
		if (!seen[pu->core]) {
			seen[pu->core] = 1;
			n++;
		}
	}
	free(seen);
	return n;
}

/* Does any core have two allowed logical CPUs? */
static int
timing_has_smt(const struct topo *m)
{
	int	c;

	for (c = 0; c < m->ncores; c++)
		if (m->cores[c].nallowed >= 2)
			return 1;
	return 0;
}

/* The OS index of a core's rank-th allowed CPU, or -1. */
static int
timing_core_cpu(const struct topo *m, const struct topo_core *core, int rank)
{
	int	i, k = 0;

	for (i = core->first_pu; i < core->first_pu + core->npus; i++) {
		if (!m->pus[i].allowed)
			continue;
		if (k++ == rank)
			return m->pus[i].os_index;
	}
	return -1;
}

/* N CPUs: one per core in tree order, then the cores' second siblings, and so on. */
static void
timing_set_count(const struct topo *m, int n, struct cpuset *set)
{
	int	rank, c, cpu, got = 0, more = 1;

	cpuset_zero(set);
	for (rank = 0; got < n && more; rank++) {
		more = 0;
		for (c = 0; c < m->ncores && got < n; c++) {
			if ((cpu = timing_core_cpu(m, &m->cores[c], rank)) != -1) {
				cpuset_set(set, cpu);
				got++;
			}
			if (m->cores[c].nallowed > rank + 1)
				more = 1;
		}
	}
}

/*
 * Half the allowed CPUs as whole cores, every allowed sibling busy. Cores
 * are taken in turn from each package so that each package keeps its share
 * of caches and memory bandwidth; within a package they are packed in tree
 * order. Refused (-1 and reason) without SMT.
 */
static int
timing_set_half(const struct topo *m, struct cpuset *set, char *reason, size_t len)
{
	const struct topo_core	*core;
	int			*next, npk, p, c, i, pk, total, target, got = 0, found;
	int			 smallest = 0;

	cpuset_zero(set);
	if (!timing_has_smt(m)) {
		snprintf(reason, len, "no SMT here: every core has one logical CPU, "
		    "so there are no whole cores of siblings to pack");
		return -1;
	}
	total = cpuset_count(&m->allowed);
	target = total / 2;
	npk = m->npackages > 0 ? m->npackages : 1;
	next = xcalloc((size_t)npk, sizeof *next);
	do {
		found = 0;
		for (p = 0; p < npk && got < target; p++) {
			for (c = next[p]; c < m->ncores; c++) {
				core = &m->cores[c];
				pk = core->package >= 0 && core->package < npk ? core->package : 0;
				if (pk == p && core->nallowed >= 2)
					break;
			}
			next[p] = c + 1;
			if (c >= m->ncores)
				continue;
			found = 1;
			core = &m->cores[c];
			if (smallest == 0 || core->nallowed < smallest)
				smallest = core->nallowed;
			if (got + core->nallowed > target)
				continue;
			for (i = 0; i < core->nallowed; i++)
				cpuset_set(set, timing_core_cpu(m, core, i));
			got += core->nallowed;
		}
	} while (found && got < target);
	free(next);
	if (got == 0) {
		snprintf(reason, len, "half of %d logical CPUs is %d, fewer than one "
		    "whole core (%d siblings)", total, target, smallest);
		return -1;
	}
	return 0;
}

/* Build one placement from its word. */
int
timing_place_build(const struct topo *m, const char *word, struct timing_place *pl,
    char *err, size_t errlen)
{
	char	 why[256];
	long	 n;
	int	 c, cpu, total = cpuset_count(&m->allowed);

	memset(pl, 0, sizeof *pl);
	pl->same_as = -1;
	pl->status = TIMING_RUN;
	snprintf(pl->name, sizeof pl->name, "%s", word);
	if (strcmp(word, "all") == 0)
		pl->cpus = m->allowed;
	else if (strcmp(word, "cores") == 0) {
		cpuset_zero(&pl->cpus);
		for (c = 0; c < m->ncores; c++)
			if ((cpu = timing_core_cpu(m, &m->cores[c], 0)) != -1)
				cpuset_set(&pl->cpus, cpu);
	} else if (strcmp(word, "half") == 0) {
		if (timing_set_half(m, &pl->cpus, pl->reason, sizeof pl->reason) == -1)
			pl->status = TIMING_REFUSED;
	} else if (*word >= '0' && *word <= '9') {
		if (util_parse_long(word, 1, total, &n) == -1) {
			snprintf(err, errlen, "placement '%s': give a number of logical "
			    "CPUs from 1 to %d", word, total);
			return -1;
		}
		timing_set_count(m, (int)n, &pl->cpus);
	} else if (strncmp(word, "cpus=", 5) == 0) {
		if (word[5] == '\0') {
			snprintf(err, errlen, "placement 'cpus=': no CPU given "
			    "(e.g. cpus=0,2)");
			return -1;
		}
		why[0] = '\0';
		if (topo_parse_set(m, word + 5, &pl->cpus, why, sizeof why) == -1) {
			snprintf(err, errlen, "placement '%s': %s", word, why);
			return -1;
		}
		if (cpuset_count(&pl->cpus) == 0) {
			snprintf(err, errlen, "placement '%s': no CPU given", word);
			return -1;
		}
	} else {
		snprintf(err, errlen, "unknown placement '%s' (all, cores, half, a number "
		    "of CPUs, or cpus=LIST)", word);
		return -1;
	}
	pl->ncpus = cpuset_count(&pl->cpus);
	pl->ncores = timing_count_cores(m, &pl->cpus);
	return 0;
}

/* Append the placements of a comma list; "cpus=" takes the rest of it. */
int
timing_plan_add(const struct topo *m, const char *list, struct timing_place **places,
    int *n, char *err, size_t errlen)
{
	struct timing_place	 pl;
	char			*copy, *p, *end;
	int			 rc = 0;

	copy = xstrdup(list);
	for (p = copy;; p = end + 1) {
		end = NULL;
		if (strncmp(p, "cpus=", 5) != 0 && (end = strchr(p, ',')) != NULL)
			*end = '\0';
		if (*p == '\0') {
			snprintf(err, errlen, "empty placement in '%s'", list);
			rc = -1;
			break;
		}
		if (timing_place_build(m, p, &pl, err, errlen) == -1) {
			rc = -1;
			break;
		}
		*places = xreallocarray(*places, (size_t)*n + 1, sizeof **places);
		(*places)[(*n)++] = pl;
		if (end == NULL)
			break;
	}
	free(copy);
	return rc;
}

/* Mark placements with the same CPUs as an earlier runnable one. */
void
timing_plan_dedupe(const struct topo *m, struct timing_place *places, int n)
{
	int	i, j, smt = timing_has_smt(m);

	for (i = 0; i < n; i++) {
		if (places[i].status != TIMING_RUN)
			continue;
		for (j = 0; j < i; j++) {
			if (places[j].status != TIMING_RUN ||
			    !cpuset_equal(&places[i].cpus, &places[j].cpus))
				continue;
			places[i].status = TIMING_SAME;
			places[i].same_as = j;
			snprintf(places[i].reason, sizeof places[i].reason,
			    "same CPUs as '%s'%s", places[j].name,
			    !smt && (strcmp(places[i].name, "cores") == 0 ||
			    strcmp(places[j].name, "cores") == 0) ?
			    " (no SMT here: one logical CPU per core)" : "");
			break;
		}
	}
}

/* Number of placements that will run. */
int
timing_plan_runnable(const struct timing_place *places, int n)
{
	int	i, k = 0;

	for (i = 0; i < n; i++)
		if (places[i].status == TIMING_RUN)
			k++;
	return k;
}

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

/* Is path an executable regular file? */
static int
timing_executable(const char *path)
{
	struct stat	st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Look COMMAND up as execvp would. */
int
timing_find_command(const char *name, char *path, size_t pathlen, char *err,
    size_t errlen)
{
	const char	*env, *p, *colon;
	size_t		 dirlen;
	int		 seen = 0;

	if (*name == '\0') {
		snprintf(err, errlen, "empty command name");
		return -1;
	}
	if (strchr(name, '/') != NULL) {
		if (!timing_executable(name)) {
			snprintf(err, errlen, "command '%s': %s", name, access(name, F_OK) ?
			    "not found" : "not an executable file");
			return -1;
		}
		snprintf(path, pathlen, "%s", name);
		return 0;
	}
	if ((env = getenv("PATH")) == NULL || *env == '\0')
		env = "/bin:/usr/bin";
	for (p = env;; p = colon + 1) {
		if ((colon = strchr(p, ':')) == NULL)
			colon = p + strlen(p);
		dirlen = (size_t)(colon - p);
		if (dirlen == 0)
			snprintf(path, pathlen, "%s", name);
		else
			snprintf(path, pathlen, "%.*s/%s", (int)dirlen, p, name);
		if (timing_executable(path))
			return 0;
		if (access(path, F_OK) == 0)
			seen = 1;
		if (*colon == '\0')
			break;
	}
	snprintf(err, errlen, "command '%s' %s", name, seen ?
	    "found in PATH but not executable" : "not found in PATH");
	return -1;
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

/*
 * In the child: set up descriptors, signals and binding, then fork the
 * command and stay as its guard: a guard that outlives smtscope (even a
 * SIGKILLed one) gets its parent-death signal and kills the command's
 * whole process group. Never returns.
 */
static void
timing_child(struct timing_ctx *c, char *const *argv, const struct cpuset *set,
    int errfd, pid_t parent)
{
	struct sigaction	sa;
	char			msg[512];
	int			fd, guard_sig = SIGRTMIN;
	pid_t			pid;

	setpgid(0, 0);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = timing_guard_orphaned;
	sigfillset(&sa.sa_mask);
	if (sigaction(guard_sig, &sa, NULL) == -1 ||
	    prctl(PR_SET_PDEATHSIG, guard_sig) == -1)
		timing_child_fail(errfd, "cannot arm the parent-death signal");
	if (getppid() != parent)
		timing_guard_orphaned(0);
	/* The parent only blocked signals and reset SIGCHLD: undo both. */
	sigaction(SIGCHLD, &c->oldchld, NULL);
	sigprocmask(SIG_SETMASK, &c->oldmask, NULL);
	/* Repeated runs cannot share a terminal's input; a background group must not read it. */
	if ((fd = open("/dev/null", O_RDWR)) != -1) {
		dup2(fd, STDIN_FILENO);
		if (c->quiet) {
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
		if (fd > STDERR_FILENO)
			close(fd);
	}
	if (!c->quiet && c->format != TIMING_TEXT)
		dup2(STDERR_FILENO, STDOUT_FILENO);
	if (set != NULL && topo_bind_pid(c->m, getpid(), set, msg, sizeof msg) == -1)
		timing_child_fail(errfd, msg);
	if ((pid = fork()) == -1) {
		snprintf(msg, sizeof msg, "fork: %s", strerror(errno));
		timing_child_fail(errfd, msg);
	}
	if (pid == 0) {
		signal(guard_sig, SIG_DFL);
		execvp(argv[0], argv);
		snprintf(msg, sizeof msg, "cannot run '%s': %s", argv[0], strerror(errno));
		timing_child_fail(errfd, msg);
	}
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
timing_spawn(struct timing_ctx *c, char *const *argv, const struct cpuset *set,
    char *err, size_t errlen)
{
	char	msg[512];
	ssize_t	n;
	pid_t	pid, self;
	int	pfd[2];

	if (pipe2(pfd, O_CLOEXEC) == -1) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	self = getpid();
	if ((pid = fork()) == -1) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		close(pfd[0]);
		timing_child(c, argv, set, pfd[1], self);
	}
	close(pfd[1]);
	setpgid(pid, pid);
	/* End of file here means the exec succeeded. */
	do
		n = read(pfd[0], msg, sizeof msg - 1);
	while (n == -1 && errno == EINTR);
	close(pfd[0]);
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
timing_pending_signal(const struct timing_ctx *c)
{
	struct timespec	ts = { 0, 0 };
	int		sig;

	sig = sigtimedwait(&c->watched, NULL, &ts);
	return sig > 0 ? sig : 0;
}

/*
 * Wait for pid; an interrupting signal is passed on to its process group,
 * which is killed if it lingers. Returns that signal, or 0.
 */
static int
timing_wait(const struct timing_ctx *c, pid_t pid, int *status, struct rusage *ru)
{
	struct timespec	ts;
	sigset_t	set = c->watched;
	uint64_t	kill_at = 0;
	pid_t		r;
	int		sig = 0, s;

	sigaddset(&set, SIGCHLD);
	for (;;) {
		r = wait4(pid, status, WNOHANG, ru);
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
timing_signals_block(struct timing_ctx *c)
{
	static const int	sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction	sa, old;
	sigset_t		set;
	size_t			i;

	sigemptyset(&c->watched);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaddset(&c->watched, sigs[i]);
	/* An inherited SIG_IGN would make the kernel drop SIGCHLD. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &c->oldchld);
	set = c->watched;
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &c->oldmask);
}

/* Die of sig, as the user asked, once the command is gone. */
static void
timing_die(struct timing_ctx *c, int sig)
{
	struct sigaction	sa;
	sigset_t		set;

	fprintf(stderr, "smtscope: time: interrupted (%s): the command's process "
	    "group was stopped; no report\n", strsignal(sig));
	fflush(stdout);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	sigprocmask(SIG_SETMASK, &c->oldmask, NULL);
	exit(128 + sig);
}

/* Describe a wait status: "exit status 3", "killed by signal 9 (Killed)". */
static void
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
static int
timing_run_ok(const struct timing_run *r)
{
	return WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0;
}

/* Run --prepare through the shell, untimed; 0, -1 on failure, or a signal. */
static int
timing_prepare(struct timing_ctx *c, int order)
{
	struct rusage	 ru;
	char		*argv[4], err[512], what[128];
	pid_t		 pid;
	int		 status, sig;

	argv[0] = (char *)"sh";
	argv[1] = (char *)"-c";
	argv[2] = (char *)c->prepare;
	argv[3] = NULL;
	if ((pid = timing_spawn(c, argv, NULL, err, sizeof err)) == -1) {
		fprintf(stderr, "smtscope: time: --prepare: %s\n", err);
		return -1;
	}
	if ((sig = timing_wait(c, pid, &status, &ru)) != 0)
		return sig;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		timing_status_str(status, what, sizeof what);
		fprintf(stderr, "smtscope: time: --prepare '%s' failed (%s) before "
		    "run %d; nothing more was run\n", c->prepare, what, order);
		return -1;
	}
	return 0;
}

static void	timing_progress(struct timing_ctx *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

/* Print one line of progress on stderr, when it is a terminal. */
static void
timing_progress(struct timing_ctx *c, const char *fmt, ...)
{
	va_list	ap;

	if (!c->progress)
		return;
	fprintf(stderr, "smtscope: time: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Run every round on every runnable placement; 0, -1 on a failure to start, or a signal. */
static int
timing_run_all(struct timing_ctx *c)
{
	struct timing_place	*pl;
	struct timing_run	*r;
	struct rusage		 ru;
	uint64_t		 t0;
	char			 err[512], what[128];
	pid_t			 pid;
	int			 round, i, sig, total, rc;

	total = c->nruns * timing_plan_runnable(c->places, c->nplaces);
	c->runs = xcalloc((size_t)total, sizeof *c->runs);
	timing_signals_block(c);
	for (round = 0; round < c->nruns; round++) {
		for (i = 0; i < c->nplaces; i++) {
			pl = &c->places[i];
			if (pl->status != TIMING_RUN)
				continue;
			if ((sig = timing_pending_signal(c)) != 0)
				return sig;
			if (c->prepare != NULL) {
				timing_progress(c, "prepare %d/%d: %s", c->nrun + 1, total,
				    c->prepare);
				if ((rc = timing_prepare(c, c->nrun + 1)) != 0)
					return rc;
			}
			timing_progress(c, "run %d/%d on %s (%d CPU%s)", c->nrun + 1,
			    total, pl->name, pl->ncpus, pl->ncpus == 1 ? "" : "s");
			r = &c->runs[c->nrun];
			memset(&ru, 0, sizeof ru);
			t0 = util_now_ns();
			if ((pid = timing_spawn(c, c->argv, &pl->cpus, err, sizeof err)) == -1) {
				fprintf(stderr, "smtscope: time: run %d on %s: %s\n",
				    c->nrun + 1, pl->name, err);
				return -1;
			}
			sig = timing_wait(c, pid, &r->status, &ru);
			r->wall_s = (double)(util_now_ns() - t0) / UTIL_NSEC_PER_SEC;
			if (sig != 0)
				return sig;
			r->place = i;
			r->order = c->nrun + 1;
			r->user_s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
			r->sys_s = (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
			r->maxrss_kb = ru.ru_maxrss;
			r->nvcsw = ru.ru_nvcsw;
			r->nivcsw = ru.ru_nivcsw;
			c->nrun++;
			timing_status_str(r->status, what, sizeof what);
			timing_progress(c, "run %d/%d on %s: %.2f s wall, %s", r->order, total,
			    pl->name, r->wall_s, what);
		}
	}
	return 0;
}

/* Summary of one placement's runs. */
struct timing_sum {
	int			nruns;
	int			failed;
	struct timing_stat	wall;
	struct timing_stat	user;
	struct timing_stat	sys;
	struct timing_stat	nvcsw;
	struct timing_stat	nivcsw;
	long			maxrss_kb;
};

/* Summarize the runs of placement i. */
static void
timing_summarize(const struct timing_ctx *c, int place, struct timing_sum *s)
{
	double	*w, *u, *y, *v, *iv;
	int	 i, n = 0;

	memset(s, 0, sizeof *s);
	w = xcalloc((size_t)c->nrun + 1, sizeof *w);
	u = xcalloc((size_t)c->nrun + 1, sizeof *u);
	y = xcalloc((size_t)c->nrun + 1, sizeof *y);
	v = xcalloc((size_t)c->nrun + 1, sizeof *v);
	iv = xcalloc((size_t)c->nrun + 1, sizeof *iv);
	for (i = 0; i < c->nrun; i++) {
		if (c->runs[i].place != place)
			continue;
		w[n] = c->runs[i].wall_s;
		u[n] = c->runs[i].user_s;
		y[n] = c->runs[i].sys_s;
		v[n] = (double)c->runs[i].nvcsw;
		iv[n] = (double)c->runs[i].nivcsw;
		if (c->runs[i].maxrss_kb > s->maxrss_kb)
			s->maxrss_kb = c->runs[i].maxrss_kb;
		if (!timing_run_ok(&c->runs[i]))
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
static int
timing_find_place(const struct timing_ctx *c, const char *name)
{
	int	i;

	for (i = 0; i < c->nplaces; i++)
		if (strcmp(c->places[i].name, name) == 0)
			return i;
	return -1;
}

/* all over cores, when both ran: speedup and growths; 0 when there is nothing to compare. */
static int
timing_compare(const struct timing_ctx *c, double *speedup, double *ug, double *sg,
    double *sys_all, int *contention)
{
	struct timing_sum	sa, sc;
	int			a, k;

	a = timing_find_place(c, "all");
	k = timing_find_place(c, "cores");
	if (c->nrun == 0 || a == -1 || k == -1 || c->places[a].status != TIMING_RUN ||
	    c->places[k].status != TIMING_RUN)
		return 0;
	timing_summarize(c, a, &sa);
	timing_summarize(c, k, &sc);
	*speedup = sa.wall.median > 0 ? sc.wall.median / sa.wall.median : 0;
	*ug = sc.user.median > 0 ? sa.user.median / sc.user.median : 0;
	*sg = sc.sys.median > 0 ? sa.sys.median / sc.sys.median : 0;
	*sys_all = sa.sys.median;
	*contention = timing_sys_contention(sc.user.median, sa.user.median,
	    sc.sys.median, sa.sys.median);
	return 1;
}

/* Number of failed runs in all. */
static int
timing_failed(const struct timing_ctx *c)
{
	int	i, n = 0;

	for (i = 0; i < c->nrun; i++)
		if (!timing_run_ok(&c->runs[i]))
			n++;
	return n;
}

/* Cores holding an allowed CPU. */
static int
timing_allowed_cores(const struct topo *m)
{
	return timing_count_cores(m, &m->allowed);
}

/* Print the command line, words quoted where needed. */
static void
timing_print_argv(const struct timing_ctx *c, FILE *f)
{
	int	i;

	for (i = 0; i < c->argc; i++) {
		if (i > 0)
			fputc(' ', f);
		if (c->argv[i][0] != '\0' && strpbrk(c->argv[i], " \t\n'\"$\\;&|<>()*?") == NULL)
			fputs(c->argv[i], f);
		else
			fprintf(f, "'%s'", c->argv[i]);
	}
}

/* Text: the machine and the placements. */
static void
timing_text_plan(const struct timing_ctx *c, FILE *f)
{
	const struct timing_place	*pl;
	char				 list[1024];
	int				 i, pk = c->m->npackages;

	fprintf(f, "smtscope time: ");
	if (c->argc > 0)
		timing_print_argv(c, f);
	else
		fputs("(no command: plan only)", f);
	fprintf(f, "\nmachine: %s: %d logical CPUs on %d cores, %d package%s, %s\n",
	    c->m->source_name, cpuset_count(&c->m->allowed), timing_allowed_cores(c->m),
	    pk, pk == 1 ? "" : "s", timing_has_smt(c->m) ? "SMT" : "no SMT");
	fprintf(f, "\n%-10s %5s %5s  %s\n", "placement", "CPUs", "cores", "CPU list");
	for (i = 0; i < c->nplaces; i++) {
		pl = &c->places[i];
		if (pl->status == TIMING_RUN) {
			cpuset_format(&pl->cpus, list, sizeof list);
			fprintf(f, "%-10s %5d %5d  %s\n", pl->name, pl->ncpus, pl->ncores, list);
		} else
			fprintf(f, "%-10s %s: %s\n", pl->name, pl->status == TIMING_SAME ?
			    "not run again" : "refused", pl->reason);
	}
}

/* Format "min-max" of a statistic with prec decimals. */
static void
timing_range(char *buf, size_t len, const struct timing_stat *st, int prec)
{
	snprintf(buf, len, "%.*f-%.*f", prec, st->min, prec, st->max);
}

/* Text: results, comparisons, failures. */
static void
timing_text_results(const struct timing_ctx *c, FILE *f)
{
	const struct timing_place	*pl;
	const struct timing_run		*r;
	struct timing_sum		 s;
	double				 speedup, ug, sg, sys_all;
	double				 first_wall = -1;
	int				 prec = 3;
	char				 rw[32], ru[32], rs[32], rss[32], what[128];
	char				 speed[32];
	int				 i, contention, failed;

	fprintf(f, "\n%d run%s per placement, alternating between placements",
	    c->nruns, c->nruns == 1 ? "" : "s");
	if (c->prepare != NULL)
		fprintf(f, "; before each, untimed: %s", c->prepare);
	/* Milliseconds matter for short commands, not for long ones. */
	for (i = 0; i < c->nrun; i++)
		if (c->runs[i].wall_s >= 10)
			prec = 2;
	fprintf(f, "\n\n%-10s %-22s %-22s %s\n", "", "   wall s", "   user s", "    sys s");
	fprintf(f, "%-10s %7s %-14s %7s %-14s %7s %s\n", "placement", "median",
	    "min-max", "median", "min-max", "median", "min-max");
	for (i = 0; i < c->nplaces; i++) {
		pl = &c->places[i];
		if (pl->status != TIMING_RUN)
			continue;
		timing_summarize(c, i, &s);
		timing_range(rw, sizeof rw, &s.wall, prec);
		timing_range(ru, sizeof ru, &s.user, prec);
		timing_range(rs, sizeof rs, &s.sys, prec);
		fprintf(f, "%-10s %7.*f %-14s %7.*f %-14s %7.*f %s\n", pl->name,
		    prec, s.wall.median, rw, prec, s.user.median, ru, prec, s.sys.median, rs);
	}
	fprintf(f, "\n%-10s %7s %9s %10s %10s %8s\n", "placement", "speed", "peak RSS",
	    "vol csw", "invol csw", "failed");
	for (i = 0; i < c->nplaces; i++) {
		pl = &c->places[i];
		if (pl->status != TIMING_RUN)
			continue;
		timing_summarize(c, i, &s);
		if (first_wall < 0)
			first_wall = s.wall.median;
		if (s.wall.median > 0)
			snprintf(speed, sizeof speed, "%.2fx", first_wall / s.wall.median);
		else
			snprintf(speed, sizeof speed, "-");
		util_fmt_bytes(rss, sizeof rss, (uint64_t)s.maxrss_kb * 1024);
		snprintf(what, sizeof what, "%d of %d", s.failed, s.nruns);
		fprintf(f, "%-10s %7s %9s %10.0f %10.0f %8s\n", pl->name, speed, rss,
		    s.nvcsw.median, s.nivcsw.median, what);
	}
	fprintf(f, "speed: the first placement's median wall time over this one's;\n"
	    "context switches: medians; peak RSS: the largest single process of\n"
	    "the command's tree (wait4 ru_maxrss), not their sum\n\n");

	if (timing_compare(c, &speedup, &ug, &sg, &sys_all, &contention)) {
		fprintf(f, "all over cores: %.2fx the speed (what SMT gives this workload)\n",
		    speedup);
		fprintf(f, "cores to all: user time %+.0f%%, sys time ", (ug - 1) * 100);
		if (sg > 0)
			fprintf(f, "%+.0f%%\n", (sg - 1) * 100);
		else if (sys_all > 0)
			fprintf(f, "from 0 to %.3f s\n", sys_all);
		else
			fprintf(f, "0 on both\n");
		if (contention)
			fprintf(f, "  sys time grows much more than user time: a sign of "
			    "lock contention in the kernel\n");
	} else if ((i = timing_find_place(c, "cores")) != -1 &&
	    c->places[i].status == TIMING_SAME && c->places[i].same_as >= 0 &&
	    strcmp(c->places[c->places[i].same_as].name, "all") == 0)
		fprintf(f, "all over cores: nothing to measure: 'cores' is 'all' here "
		    "(no SMT sibling to use)\n");

	failed = timing_failed(c);
	if (failed == 0) {
		fprintf(f, "all %d runs succeeded\n", c->nrun);
		return;
	}
	fprintf(f, "FAILED: %d of %d runs did not succeed:\n", failed, c->nrun);
	for (i = 0; i < c->nrun; i++) {
		r = &c->runs[i];
		if (timing_run_ok(r))
			continue;
		timing_status_str(r->status, what, sizeof what);
		fprintf(f, "  run %d on %s: %s\n", r->order, c->places[r->place].name, what);
	}
}

/* JSON: a {median, min, max} object. */
static void
timing_json_stat(struct strbuf *b, const char *key, const struct timing_stat *st)
{
	strbuf_printf(b, "\"%s\": {\"median\": ", key);
	strbuf_json_num(b, st->median);
	strbuf_puts(b, ", \"min\": ");
	strbuf_json_num(b, st->min);
	strbuf_puts(b, ", \"max\": ");
	strbuf_json_num(b, st->max);
	strbuf_puts(b, "}");
}

/* JSON: one placement with its runs. */
static void
timing_json_place(const struct timing_ctx *c, int i, struct strbuf *b)
{
	const struct timing_place	*pl = &c->places[i];
	const struct timing_run		*r;
	struct timing_sum		 s;
	char				 list[1024];
	int				 k, first = 1;
	static const char		*status[] = { "run", "same", "refused" };

	cpuset_format(&pl->cpus, list, sizeof list);
	strbuf_puts(b, "    {\"name\": ");
	strbuf_json_str(b, pl->name);
	strbuf_printf(b, ", \"status\": \"%s\", \"cpus\": ", status[pl->status]);
	strbuf_json_str(b, list);
	strbuf_printf(b, ", \"ncpus\": %d, \"ncores\": %d, \"same_as\": ", pl->ncpus,
	    pl->ncores);
	if (pl->same_as >= 0)
		strbuf_json_str(b, c->places[pl->same_as].name);
	else
		strbuf_puts(b, "null");
	strbuf_puts(b, ", \"reason\": ");
	if (pl->reason[0] != '\0')
		strbuf_json_str(b, pl->reason);
	else
		strbuf_puts(b, "null");
	timing_summarize(c, i, &s);
	if (s.nruns == 0) {
		strbuf_puts(b, ",\n     \"wall_s\": null, \"user_s\": null, \"sys_s\": null, "
		    "\"maxrss_kb\": null, \"nvcsw_median\": null, \"nivcsw_median\": null, "
		    "\"failed_runs\": 0, \"runs\": []}");
		return;
	}
	strbuf_puts(b, ",\n     ");
	timing_json_stat(b, "wall_s", &s.wall);
	strbuf_puts(b, ",\n     ");
	timing_json_stat(b, "user_s", &s.user);
	strbuf_puts(b, ",\n     ");
	timing_json_stat(b, "sys_s", &s.sys);
	strbuf_printf(b, ",\n     \"maxrss_kb\": %ld, \"nvcsw_median\": ", s.maxrss_kb);
	strbuf_json_num(b, s.nvcsw.median);
	strbuf_puts(b, ", \"nivcsw_median\": ");
	strbuf_json_num(b, s.nivcsw.median);
	strbuf_printf(b, ", \"failed_runs\": %d,\n     \"runs\": [", s.failed);
	for (k = 0; k < c->nrun; k++) {
		r = &c->runs[k];
		if (r->place != i)
			continue;
		strbuf_printf(b, "%s\n       {\"order\": %d, \"wall_s\": ", first ? "" : ",",
		    r->order);
		first = 0;
		strbuf_json_num(b, r->wall_s);
		strbuf_puts(b, ", \"user_s\": ");
		strbuf_json_num(b, r->user_s);
		strbuf_puts(b, ", \"sys_s\": ");
		strbuf_json_num(b, r->sys_s);
		strbuf_printf(b, ", \"maxrss_kb\": %ld, \"nvcsw\": %ld, \"nivcsw\": %ld, ",
		    r->maxrss_kb, r->nvcsw, r->nivcsw);
		if (WIFEXITED(r->status))
			strbuf_printf(b, "\"exit_status\": %d, \"signal\": null",
			    WEXITSTATUS(r->status));
		else if (WIFSIGNALED(r->status))
			strbuf_printf(b, "\"exit_status\": null, \"signal\": %d",
			    WTERMSIG(r->status));
		else
			strbuf_puts(b, "\"exit_status\": null, \"signal\": null");
		strbuf_printf(b, ", \"ok\": %s}", timing_run_ok(r) ? "true" : "false");
	}
	strbuf_puts(b, "]}");
}

/* The whole report as JSON. */
static void
timing_json(const struct timing_ctx *c, FILE *f)
{
	struct strbuf	b;
	double		speedup, ug, sg, sys_all;
	int		i, contention;

	strbuf_init(&b);
	strbuf_puts(&b, "{\n  \"command\": [");
	for (i = 0; i < c->argc; i++) {
		if (i > 0)
			strbuf_puts(&b, ", ");
		strbuf_json_str(&b, c->argv[i]);
	}
	strbuf_puts(&b, "],\n  \"prepare\": ");
	if (c->prepare != NULL)
		strbuf_json_str(&b, c->prepare);
	else
		strbuf_puts(&b, "null");
	strbuf_printf(&b, ",\n  \"runs\": %d,\n  \"dry_run\": %s,\n  \"machine\": "
	    "{\"source\": ", c->nruns, c->dry_run ? "true" : "false");
	strbuf_json_str(&b, c->m->source_name);
	strbuf_printf(&b, ", \"logical_cpus\": %d, \"cores\": %d, \"packages\": %d, "
	    "\"smt\": %s},\n  \"placements\": [\n", cpuset_count(&c->m->allowed),
	    timing_allowed_cores(c->m), c->m->npackages,
	    timing_has_smt(c->m) ? "true" : "false");
	for (i = 0; i < c->nplaces; i++) {
		timing_json_place(c, i, &b);
		strbuf_puts(&b, i + 1 < c->nplaces ? ",\n" : "\n");
	}
	strbuf_puts(&b, "  ],\n  \"all_over_cores\": ");
	if (timing_compare(c, &speedup, &ug, &sg, &sys_all, &contention)) {
		strbuf_puts(&b, "{\"speedup\": ");
		strbuf_json_num(&b, speedup);
		strbuf_puts(&b, ", \"user_growth\": ");
		strbuf_json_num(&b, ug);
		strbuf_puts(&b, ", \"sys_growth\": ");
		if (sg > 0)
			strbuf_json_num(&b, sg);
		else
			strbuf_puts(&b, "null");
		strbuf_printf(&b, ", \"sys_contention\": %s}",
		    contention ? "true" : "false");
	} else
		strbuf_puts(&b, "null");
	strbuf_printf(&b, ",\n  \"failed_runs\": %d,\n  \"notes\": [", timing_failed(c));
	strbuf_json_str(&b, TIMING_RSS_NOTE);
	strbuf_puts(&b, "]\n}\n");
	fputs(b.s, f);
	strbuf_free(&b);
}

/* CSV: a field, quoted when it holds a comma or a quote. */
static void
timing_csv_field(FILE *f, const char *s)
{
	if (strpbrk(s, ",\"\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* The report as CSV: one row per run, one per placement not run. */
static void
timing_csv(const struct timing_ctx *c, FILE *f)
{
	const struct timing_place	*pl;
	const struct timing_run		*r;
	static const char		*status[] = { "run", "same", "refused" };
	char				 list[1024];
	int				 i, k, rows;

	fprintf(f, "placement,status,cpus,ncpus,ncores,order,wall_s,user_s,sys_s,"
	    "maxrss_kb,nvcsw,nivcsw,exit_status,signal,reason\n");
	for (i = 0; i < c->nplaces; i++) {
		pl = &c->places[i];
		cpuset_format(&pl->cpus, list, sizeof list);
		rows = 0;
		for (k = 0; k < c->nrun; k++) {
			r = &c->runs[k];
			if (r->place != i)
				continue;
			rows++;
			timing_csv_field(f, pl->name);
			fprintf(f, ",%s,", status[pl->status]);
			timing_csv_field(f, list);
			fprintf(f, ",%d,%d,%d,%.6f,%.6f,%.6f,%ld,%ld,%ld,", pl->ncpus,
			    pl->ncores, r->order, r->wall_s, r->user_s, r->sys_s,
			    r->maxrss_kb, r->nvcsw, r->nivcsw);
			if (WIFEXITED(r->status))
				fprintf(f, "%d,,\n", WEXITSTATUS(r->status));
			else if (WIFSIGNALED(r->status))
				fprintf(f, ",%d,\n", WTERMSIG(r->status));
			else
				fprintf(f, ",,\n");
		}
		if (rows > 0)
			continue;
		timing_csv_field(f, pl->name);
		fprintf(f, ",%s,", status[pl->status]);
		timing_csv_field(f, list);
		fprintf(f, ",%d,%d,,,,,,,,,,", pl->ncpus, pl->ncores);
		timing_csv_field(f, pl->reason);
		fputc('\n', f);
	}
}

/* Print the report in the chosen format. */
static void
timing_report(const struct timing_ctx *c, FILE *f)
{
	switch (c->format) {
	case TIMING_JSON:
		timing_json(c, f);
		break;
	case TIMING_CSV:
		timing_csv(c, f);
		break;
	case TIMING_TEXT:
		timing_text_plan(c, f);
		if (c->dry_run) {
			if (!topo_is_live(c->m))
				fprintf(f, "\nplanned for another machine: nothing was run\n");
			else
				fprintf(f, "\ndry run: nothing was run\n");
		} else
			timing_text_results(c, f);
		break;
	}
	fflush(f);
}

/* Print the help of `smtscope time`. */
static void
timing_help(FILE *f)
{
	fprintf(f,
	    "usage: smtscope time [--runs N] [--prepare CMD] [--placements LIST]\n"
	    "                     [--json|--csv] [--quiet] [--dry-run] [-i INPUT] -- COMMAND [ARGS...]\n"
	    "\n"
	    "Run COMMAND (directly, not through a shell) on each CPU placement, bound\n"
	    "with hwloc, and compare: what SMT gives this workload.\n"
	    "\n"
	    "  -r, --runs N            runs per placement (default %d); runs alternate\n"
	    "                          between placements (A B C A B C)\n"
	    "  -p, --prepare CMD       run CMD with /bin/sh -c before each run, untimed\n"
	    "  -P, --placements LIST   comma list (default %s); repeatable:\n"
	    "                            all     every allowed logical CPU\n"
	    "                            cores   one logical CPU per core, siblings idle\n"
	    "                            half    half the CPUs of all, as whole cores with\n"
	    "                                    every sibling busy, spread over packages\n"
	    "                            N       N CPUs: one per core in tree order, then\n"
	    "                                    second siblings\n"
	    "                            cpus=L  the CPUs of L (\"0,2\", \"0-3\", \"core:1\");\n"
	    "                                    takes the rest of the LIST\n"
	    "  -q, --quiet             send COMMAND's output nowhere\n"
	    "  --json, --csv           the report on stdout in JSON or CSV (COMMAND's\n"
	    "                          stdout then goes to stderr)\n"
	    "  -n, --dry-run           print the placements, run nothing\n"
	    "  -i, --input FILE|SYN    plan for another machine (implies --dry-run)\n"
	    "\n"
	    "Per run: wall time (monotonic clock), user and sys time, peak RSS (of the\n"
	    "largest single process of the tree), exit status, context switches. The\n"
	    "report gives medians and min-max per placement, the speedup of all over\n"
	    "cores, and the growth of user and sys time from cores to all. COMMAND's\n"
	    "stdin is /dev/null. Exit status: 0, 1 if a run failed, 2 on bad usage or\n"
	    "a command not found.\n", TIMING_RUNS_DEFAULT, TIMING_DEFAULT_PLACEMENTS);
}

/* Parse the options into c; -1 done (help), CMD_USAGE on error, 0 to go on. */
static int
timing_options(struct timing_ctx *c, int argc, char **argv, const char ***lists,
    int *nlists, const char **input)
{
	static const struct option longopts[] = {
		{ "runs", required_argument, NULL, 'r' },
		{ "prepare", required_argument, NULL, 'p' },
		{ "placements", required_argument, NULL, 'P' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, 'j' },
		{ "csv", no_argument, NULL, 'c' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "input", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long	v;
	int	ch;

	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "+:r:p:P:qnhi:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'r':
			if (util_parse_long(optarg, 1, TIMING_RUNS_MAX, &v) == -1)
				return cmd_usage_error("time", "--runs '%s': give a number "
				    "from 1 to %d", optarg, TIMING_RUNS_MAX);
			c->nruns = (int)v;
			break;
		case 'p':
			if (*optarg == '\0')
				return cmd_usage_error("time", "--prepare needs a command");
			c->prepare = optarg;
			break;
		case 'P':
			*lists = xreallocarray(*lists, (size_t)*nlists + 1, sizeof **lists);
			(*lists)[(*nlists)++] = optarg;
			break;
		case 'q':
			c->quiet = 1;
			break;
		case 'j':
		case 'c':
			if (c->format != TIMING_TEXT)
				return cmd_usage_error("time", "--json and --csv exclude each other");
			c->format = ch == 'j' ? TIMING_JSON : TIMING_CSV;
			break;
		case 'n':
			c->dry_run = 1;
			break;
		case 'i':
			*input = optarg;
			break;
		case 'h':
			timing_help(stdout);
			return -1;
		case ':':
			return cmd_usage_error("time", "option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			return cmd_usage_error("time", "unknown option '%s' (see smtscope "
			    "time --help)", argv[optind - 1]);
		}
	}
	c->argv = argv + optind;
	c->argc = argc - optind;
	return 0;
}

/* Make the placements; CMD_USAGE with a message if one makes no sense. */
static int
timing_make_plan(struct timing_ctx *c, const char **lists, int nlists)
{
	char	err[512];
	int	i;

	if (nlists == 0 && timing_plan_add(c->m, TIMING_DEFAULT_PLACEMENTS, &c->places,
	    &c->nplaces, err, sizeof err) == -1)
		return cmd_usage_error("time", "%s", err);
	for (i = 0; i < nlists; i++)
		if (timing_plan_add(c->m, lists[i], &c->places, &c->nplaces, err,
		    sizeof err) == -1)
			return cmd_usage_error("time", "%s", err);
	timing_plan_dedupe(c->m, c->places, c->nplaces);
	if (timing_plan_runnable(c->places, c->nplaces) == 0)
		return cmd_usage_error("time", "no placement can run here: %s: %s",
		    c->places[0].name, c->places[0].reason);
	return 0;
}

/* `smtscope time [OPTIONS] -- COMMAND [ARGS...]`. */
int
cmd_time(int argc, char **argv)
{
	struct timing_ctx	 c;
	const char		**lists = NULL, *input = NULL;
	char			 err[512], path[4096];
	int			 nlists = 0, rc;

	memset(&c, 0, sizeof c);
	c.nruns = TIMING_RUNS_DEFAULT;
	if ((rc = timing_options(&c, argc, argv, &lists, &nlists, &input)) != 0) {
		free(lists);
		return rc == -1 ? CMD_OK : rc;
	}
	if (input != NULL)
		c.dry_run = 1;
	if (c.argc == 0 && !c.dry_run) {
		free(lists);
		return cmd_usage_error("time", "no COMMAND given (smtscope time [OPTIONS] "
		    "-- COMMAND [ARGS...])");
	}
	if (c.argc > 0 && input == NULL &&
	    timing_find_command(c.argv[0], path, sizeof path, err, sizeof err) == -1) {
		free(lists);
		return cmd_usage_error("time", "%s", err);
	}
	c.m = input != NULL ? topo_load_input(input, err, sizeof err) :
	    topo_load_live(err, sizeof err);
	if (c.m == NULL) {
		free(lists);
		return cmd_usage_error("time", "%s", err);
	}
	rc = timing_make_plan(&c, lists, nlists);
	free(lists);
	if (rc == 0) {
		c.progress = isatty(STDERR_FILENO);
		if (!c.dry_run && (rc = timing_run_all(&c)) > 0)
			timing_die(&c, rc);
		if (rc == 0) {
			if (c.format == TIMING_TEXT && !c.dry_run && !c.quiet)
				fflush(stdout);
			timing_report(&c, stdout);
			rc = timing_failed(&c) > 0 ? CMD_FAIL : CMD_OK;
		} else
			rc = CMD_FAIL;
	}
	free(c.runs);
	free(c.places);
	topo_free(c.m);
	return rc;
}
