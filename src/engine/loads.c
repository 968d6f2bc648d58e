/* loads.c: the supervisor: fork, pin and exec smtscope-load; count, pause, move, stop, reap. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sample/cpustat.h"
#include "sample/foreign.h"
#include "engine/loads.h"
#include "os/os.h"
#include "base/util.h"
#include "engine/load/load.h"

#if LOADS_MAX != LOAD_SLOTS
#error "LOADS_MAX (loads.h) and LOAD_SLOTS (load/load.h) differ"
#endif

#define LOADS_COUNTER_BYTES	((size_t)LOAD_SLOTS * LOAD_SLOT_BYTES)

struct loads {
	const struct topo	*m;
	struct load_slot	*slots;		/* LOADS_MAX, shared with the loads */
	int			 memfd;		/* the slots' memory, passed on exec */
	char			*exe;		/* smtscope-load, once found */
	unsigned char		 used[LOADS_MAX];
	struct load		*v;
	int			 n;
	int			 cap;
	int			 next_id;
	struct foreign		*reader;	/* others' work on the loads' cores; NULL */
	int			 counters;	/* hardware counters on loads that block too */
};

/* Every supervisor alive, for loads_emergency_kill(). */
#define LOADS_REGISTRY	4
static struct loads *loads_registry[LOADS_REGISTRY];

/* Close a parameter's descriptors (the pipes of two-ended loads). */
static void
loads_param_close(struct kernel_param *p)
{
	size_t	i;

	for (i = 0; i < sizeof p->fd / sizeof p->fd[0]; i++) {
		if (p->fd[i] >= 0)
			close(p->fd[i]);
		p->fd[i] = -1;
	}
}

/* Parse and check "KERNEL[:PARAM]@WHERE" against the model. */
int
loads_parse(const struct topo *m, const char *text, struct load_spec *spec, char *err,
    size_t errlen)
{
	struct kernel_env	 env;
	char			 name[64], *param, *where, *comma;
	const char		*at;
	size_t			 len;
	int			 a, b;

	memset(spec, 0, sizeof *spec);
	spec->cpu_b = -1;
	if (strlen(text) >= sizeof spec->text) {
		snprintf(err, errlen, "load '%.32s...' is too long", text);
		return -1;
	}
	memcpy(spec->text, text, strlen(text) + 1);
	if ((at = strchr(text, '@')) == NULL || at[1] == '\0') {
		snprintf(err, errlen, "load '%s': expected KERNEL[:PARAM]@CPU, e.g. hash@0", text);
		return -1;
	}
	len = (size_t)(at - text);
	if (len == 0 || len >= sizeof name) {
		snprintf(err, errlen, "load '%s': expected KERNEL[:PARAM]@CPU, e.g. hash@0", text);
		return -1;
	}
	memcpy(name, text, len);
	name[len] = '\0';
	if ((param = strchr(name, ':')) != NULL)
		*param++ = '\0';
	if (param != NULL && *param == '\0') {
		snprintf(err, errlen, "load '%s': nothing after ':' (give a parameter, e.g. "
		    "hash:64k@0, or none: hash@0)", text);
		return -1;
	}
	if ((spec->k = kernel_find(name)) == NULL) {
		snprintf(err, errlen, "load '%s': unknown kernel '%s' (see smtscope kernels)",
		    text, name);
		return -1;
	}
	where = spec->text + (at - text) + 1;
	if (spec->k->ends == 2) {
		if ((comma = strchr(where, ',')) == NULL) {
			snprintf(err, errlen, "load '%s': %s has two ends: %s@A,B "
			    "(the same CPU twice for one CPU)", text, name, name);
			return -1;
		}
		*comma = '\0';
		if (topo_parse_place(m, where, &a, err, errlen) == -1 ||
		    topo_parse_place(m, comma + 1, &b, err, errlen) == -1) {
			*comma = ',';
			return -1;
		}
		*comma = ',';
		cpuset_zero(&spec->cpus);
		cpuset_set(&spec->cpus, a);
		spec->cpu_b = b;
	} else if (topo_parse_set(m, where, &spec->cpus, err, errlen) == -1)
		return -1;
	spec->floating = cpuset_count(&spec->cpus) > 1;

	memset(&env, 0, sizeof env);
	env.llc_bytes = topo_llc_bytes(m, cpuset_next(&spec->cpus, 0));
	env.mem_avail_bytes = os_mem_available();
	if (spec->k->parse(param, &env, &spec->param, err, errlen) != 0)
		return -1;
	/* Validation only: two-ended loads make their pipes again at start. */
	loads_param_close(&spec->param);
	return 0;
}

/* The loads a text names: one per CPU of an "each:" set, else the text itself. */
int
loads_expand(const struct topo *m, const char *text, char ***texts, int *n, char *err,
    size_t errlen)
{
	struct cpuset	 set;
	const char	*each = strstr(text, "@each:");
	char		 one[128];
	int		 cpu;

	if (each == NULL) {
		*texts = xreallocarray(*texts, (size_t)*n + 1, sizeof **texts);
		(*texts)[(*n)++] = xstrdup(text);
		return 0;
	}
	if (topo_parse_each(m, each + 6, &set, err, errlen) == -1)
		return -1;
	if (cpuset_count(&set) > LOADS_MAX - 1 - *n) {
		snprintf(err, errlen, "load '%s': %d CPUs, more loads than %d", text,
		    cpuset_count(&set), LOADS_MAX - 1);
		return -1;
	}
	CPUSET_FOREACH(cpu, &set) {
		snprintf(one, sizeof one, "%.*s@%d", (int)(each - text), text, cpu);
		*texts = xreallocarray(*texts, (size_t)*n + 1, sizeof **texts);
		(*texts)[(*n)++] = xstrdup(one);
	}
	return 0;
}

/* Free what loads_expand() gave. */
void
loads_expand_free(char **texts, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
}

/* A supervisor for loads on the live machine. */
struct loads *
loads_new(const struct topo *m)
{
	struct loads	*ls;
	int		 i;

	ls = xcalloc(1, sizeof *ls);
	ls->m = m;
	ls->next_id = 1;
	/* Shared memory, not an anonymous mapping: it outlives the loads' exec. */
	if ((ls->memfd = os_shared_memory("smtscope-counters", LOADS_COUNTER_BYTES)) == -1)
		fatal("shared memory for the load counters");
	ls->slots = mmap(NULL, LOADS_COUNTER_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
	    ls->memfd, 0);
	if (ls->slots == MAP_FAILED)
		fatal("mmap of the load counters");
	for (i = 0; i < LOADS_REGISTRY; i++) {
		if (loads_registry[i] == NULL) {
			loads_registry[i] = ls;
			break;
		}
	}
	return ls;
}

/* The supervisor's reader of others' work (solo.c's guard), made on first use. */
struct foreign *
loads_reader(struct loads *ls)
{
	if (ls->reader == NULL)
		ls->reader = foreign_new(NULL, 1);
	return ls->reader;
}

/* Hardware counters on the loads that block too (pipe, fork), from their next start. */
void
loads_set_counters(struct loads *ls, int on)
{
	ls->counters = on;
}

/* The machine the supervisor runs loads on. */
const struct topo *
loads_topo(const struct loads *ls)
{
	return ls->m;
}

/* Stop every load and release the supervisor. */
void
loads_free(struct loads *ls)
{
	int	i;

	if (ls == NULL)
		return;
	loads_stop_all(ls);
	for (i = 0; i < LOADS_REGISTRY; i++)
		if (loads_registry[i] == ls)
			loads_registry[i] = NULL;
	munmap(ls->slots, LOADS_COUNTER_BYTES);
	close(ls->memfd);
	foreign_free(ls->reader);
	free(ls->exe);
	free(ls->v);
	free(ls);
}

/*
 * Why this user may not run path, which exists: the first directory on the
 * way that it cannot enter, or the file itself.
 */
static void
loads_denied_why(const char *path, char *buf, size_t len)
{
	char	dir[PATH_MAX];
	size_t	i;

	for (i = 1; path[i] != '\0' && i < sizeof dir; i++) {
		if (path[i] != '/')
			continue;
		memcpy(dir, path, i);
		dir[i] = '\0';
		if (access(dir, X_OK) == -1) {
			snprintf(buf, len, "the directory %s is not reachable by uid %u", dir,
			    (unsigned)getuid());
			return;
		}
	}
	snprintf(buf, len, "not executable by uid %u", (unsigned)getuid());
}

/*
 * Find smtscope-load: beside this program, then in the libexec directory.
 * A copy this user may not run is named with why, not called missing.
 */
static int
loads_find_exe(struct loads *ls, char *err, size_t errlen)
{
	static const char	 installed[] = SMTSCOPE_LIBEXECDIR "/smtscope/" LOAD_PROGRAM;
	const char		*try[2];
	char			 self[PATH_MAX], beside[PATH_MAX + sizeof LOAD_PROGRAM];
	char			 why[PATH_MAX + 64];
	int			 i, n = 0;

	if (ls->exe != NULL)
		return 0;
	if (os_exe_dir(self, sizeof self) == 0) {
		snprintf(beside, sizeof beside, "%s/%s", self, LOAD_PROGRAM);
		try[n++] = beside;
	}
	try[n++] = installed;
	for (i = 0; i < n; i++)
		if (access(try[i], X_OK) == 0) {
			ls->exe = xstrdup(try[i]);
			return 0;
		}
	for (i = 0; i < n; i++)
		if (access(try[i], X_OK) == -1 && errno == EACCES) {
			loads_denied_why(try[i], why, sizeof why);
			snprintf(err, errlen, "cannot start a load: %s at %s: permission "
			    "denied (%s)", LOAD_PROGRAM, try[i], why);
			return -1;
		}
	snprintf(err, errlen, "cannot start a load: %s not found (tried %s%s%s)",
	    LOAD_PROGRAM, n > 1 ? beside : "", n > 1 ? ", " : "", installed);
	return -1;
}

/* What a load's child needs: the supervisor, the load, which end. */
struct loads_child_arg {
	struct loads	*ls;
	struct load	*l;
	int		 end_b;
	int		 keep[5];	/* the kernel's four descriptors, the counters' memory */
};

/*
 * The body of a load's process once os_spawn() has set it up (parent-death
 * signal armed, signals reset, only keep[] open): bind to its CPUs, then
 * become smtscope-load with the kept descriptors open across the exec;
 * never returns. Failures land in the slot's err, where
 * loads_describe_exit() finds them.
 */
static void
loads_child(void *arg, int statusfd)
{
	struct loads_child_arg		*ca = arg;
	struct load			*l = ca->l;
	struct load_slot		*slot = &ca->ls->slots[l->slot];
	const struct kernel		*k = l->spec.k;
	const struct kernel_param	*p = &l->spec.param;
	struct cpuset			 one;
	char				 arg0[] = LOAD_PROGRAM, end[] = "a", bytes[24];
	char				 fds[64], memfd[16], n[16], name[16], err[256];
	char				*argv[LOAD_ARGC + 1];
	int				 i, *keep = ca->keep;

	(void)statusfd;
	/* Named before the exec too, so that it never shows as anything else. */
	snprintf(name, sizeof name, "smtscope:%s", k->name);
	os_set_name(name);
	if (ca->end_b) {
		cpuset_zero(&one);
		cpuset_set(&one, l->spec.cpu_b);
	} else
		one = l->spec.cpus;
	if (topo_bind_pid(ca->ls->m, getpid(), &one, err, sizeof err) == -1) {
		snprintf(slot->err, sizeof slot->err, "%.63s", err);
		_exit(LOAD_EXIT_BIND);
	}
	for (i = 0; i < 5; i++)
		if (keep[i] >= 0 && fcntl(keep[i], F_SETFD, 0) == -1)
			_exit(LOAD_EXIT_SETUP);
	end[0] = ca->end_b ? 'b' : 'a';
	snprintf(bytes, sizeof bytes, "%llu", (unsigned long long)p->bytes);
	snprintf(fds, sizeof fds, "%d,%d,%d,%d", keep[0], keep[1], keep[2], keep[3]);
	snprintf(memfd, sizeof memfd, "%d", keep[4]);
	snprintf(n, sizeof n, "%d", l->slot);
	argv[0] = arg0;
	argv[1] = (char *)k->name;
	argv[2] = end;
	argv[3] = (char *)p->text;
	argv[4] = bytes;
	argv[5] = fds;
	argv[6] = memfd;
	argv[7] = n;
	argv[8] = NULL;
	execv(ca->ls->exe, argv);
	snprintf(slot->err, sizeof slot->err, "cannot run %s: %s", LOAD_PROGRAM,
	    strerror(errno));
	_exit(LOAD_EXIT_EXEC);
}

/*
 * Start one end of a load through os_spawn(): it returns once the child
 * has armed its parent-death signal, and only then may it be stopped (a
 * child stopped before that would outlive us). Every signal to its
 * default, ignored ones too: a load dies of what smtscope sends it.
 */
static pid_t
loads_fork(struct loads *ls, struct load *l, int end_b, char *err, size_t errlen)
{
	struct loads_child_arg	ca;
	struct os_spawn		sp;
	char			why[256];
	pid_t			pid;
	int			i;

	memset(&ca, 0, sizeof ca);
	ca.ls = ls;
	ca.l = l;
	ca.end_b = end_b;
	for (i = 0; i < 4; i++)
		ca.keep[i] = l->spec.param.fd[i];
	ca.keep[4] = ls->memfd;
	memset(&sp, 0, sizeof sp);
	sp.child = loads_child;
	sp.arg = &ca;
	sp.death_sig = SIGKILL;
	sp.default_all = 1;
	sp.stdio_null = 1;
	sp.keep = ca.keep;
	sp.nkeep = 5;
	if ((pid = os_spawn(&sp, NULL, why, sizeof why)) == -1)
		snprintf(err, errlen, "cannot start a load: %s", why);
	return pid;
}

/*
 * The next entry of the list, not counted yet: a free counter slot, zeroed,
 * and the spec; no process. NULL with a message when every slot is taken.
 */
static struct load *
loads_entry(struct loads *ls, const struct load_spec *spec, char *err, size_t errlen)
{
	struct load	*l;
	int		 slot;

	for (slot = 0; slot < LOADS_MAX && ls->used[slot]; slot++)
		;
	if (slot == LOADS_MAX) {
		snprintf(err, errlen, "too many loads (at most %d)", LOADS_MAX);
		return NULL;
	}
	if (ls->n == ls->cap) {
		ls->cap = ls->cap ? ls->cap * 2 : 16;
		ls->v = xreallocarray(ls->v, (size_t)ls->cap, sizeof *ls->v);
	}
	l = &ls->v[ls->n];
	memset(l, 0, sizeof *l);
	memset(&ls->slots[slot], 0, sizeof ls->slots[slot]);
	l->spec = *spec;
	l->slot = slot;
	l->pid = l->pid_b = -1;
	l->prev.cpu = l->cur.cpu = -1;
	return l;
}

/* Start a load; its id, or -1 with a message. */
int
loads_start(struct loads *ls, const struct load_spec *spec, char *err, size_t errlen)
{
	struct kernel_env	 env;
	struct load		*l;
	int			 slot, cpu;
	const char		*param;

	CPUSET_FOREACH(cpu, &spec->cpus)
		if (topo_check_cpu(ls->m, cpu, err, errlen) == -1)
			return -1;
	if (spec->cpu_b != -1 && topo_check_cpu(ls->m, spec->cpu_b, err, errlen) == -1)
		return -1;
	if (!topo_is_live(ls->m)) {
		snprintf(err, errlen, "this is a view of another machine: loads cannot run here");
		return -1;
	}
	if (loads_find_exe(ls, err, errlen) == -1 ||
	    (l = loads_entry(ls, spec, err, errlen)) == NULL)
		return -1;
	slot = l->slot;

	/* Two-ended loads get their pipes now, right before the forks. */
	if (spec->k->ends == 2) {
		memset(&env, 0, sizeof env);
		param = spec->param.text[0] ? spec->param.text : NULL;
		if (spec->k->parse(param, &env, &l->spec.param, err, errlen) != 0)
			return -1;
	}
	if ((l->pid = loads_fork(ls, l, 0, err, errlen)) == -1) {
		loads_param_close(&l->spec.param);
		return -1;
	}
	if (spec->k->ends == 2 && (l->pid_b = loads_fork(ls, l, 1, err, errlen)) == -1) {
		kill(l->pid, SIGKILL);
		waitpid(l->pid, NULL, 0);
		loads_param_close(&l->spec.param);
		return -1;
	}
	loads_param_close(&l->spec.param);
	/*
	 * Its figures on both ends: the scheduler's from /proc, hardware counters
	 * (inherited by children) where they count and cost it nothing per switch.
	 */
	l->perf = perf_load_new("", spec->k->blocks, ls->counters);
	perf_load_attach(l->perf, l->pid);
	if (l->pid_b > 0)
		perf_load_attach(l->perf, l->pid_b);
	ls->used[slot] = 1;
	l->id = ls->next_id++;
	l->state = LOAD_RUNNING;
	ls->n++;
	l->cur.t_ns = util_now_ns();
	l->prev = l->cur;
	return l->id;
}

/*
 * A load as a recording shows it (smtscope replay): its recorded id and
 * place, no process; it is never run, sampled or signalled, and the
 * replay sets its state. -1 with a message.
 */
int
loads_replay_add(struct loads *ls, const struct load_spec *spec, int id, char *err,
    size_t errlen)
{
	struct load	*l;

	if (loads_get(ls, id) != NULL) {
		snprintf(err, errlen, "load #%d is there already", id);
		return -1;
	}
	if ((l = loads_entry(ls, spec, err, errlen)) == NULL)
		return -1;
	ls->n++;
	ls->used[l->slot] = 1;
	l->id = id;
	l->state = LOAD_RUNNING;
	l->prev.cpu = l->cur.cpu = spec->floating ? -1 : cpuset_next(&spec->cpus, 0);
	return id;
}

/* Describe how a child ended. */
static void
loads_describe_exit(struct loads *ls, struct load *l, int status, int end_b)
{
	const char	*end = l->spec.k->ends == 2 ? (end_b ? "end B " : "end A ") : "";
	const char	*why = ls->slots[l->slot].err;

	if (WIFSIGNALED(status))
		snprintf(l->death, sizeof l->death, "%skilled by signal %d (%s)", end,
		    WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (why[0] != '\0')
		snprintf(l->death, sizeof l->death, "%s%.63s", end, why);
	else
		snprintf(l->death, sizeof l->death, "%sexited with status %d", end,
		    WEXITSTATUS(status));
}

/* Kill and reap both ends of a load. */
static void
loads_kill(struct load *l)
{
	if (l->pid > 0) {
		kill(l->pid, SIGKILL);
		while (waitpid(l->pid, NULL, 0) == -1 && errno == EINTR)
			;
	}
	if (l->pid_b > 0) {
		kill(l->pid_b, SIGKILL);
		while (waitpid(l->pid_b, NULL, 0) == -1 && errno == EINTR)
			;
	}
	l->pid = l->pid_b = -1;
	perf_load_free(l->perf);
	l->perf = NULL;
}

/* The index of a load by id, or -1. */
static int
loads_index(const struct loads *ls, int id)
{
	int	i;

	for (i = 0; i < ls->n; i++)
		if (ls->v[i].id == id)
			return i;
	return -1;
}

/* Stop a load and forget it. */
int
loads_stop(struct loads *ls, int id)
{
	int	i = loads_index(ls, id);

	if (i == -1)
		return -1;
	loads_kill(&ls->v[i]);
	loads_forget(ls, id);
	return 0;
}

/* Stop every load. */
void
loads_stop_all(struct loads *ls)
{
	int	i;

	for (i = 0; i < ls->n; i++)
		loads_kill(&ls->v[i]);
	for (i = 0; i < ls->n; i++)
		ls->used[ls->v[i].slot] = 0;
	ls->n = 0;
}

/* Remove a load (dead or stopped) from the list. */
void
loads_forget(struct loads *ls, int id)
{
	int	i = loads_index(ls, id);

	if (i == -1)
		return;
	if (ls->v[i].pid > 0 || ls->v[i].pid_b > 0)
		loads_kill(&ls->v[i]);
	ls->used[ls->v[i].slot] = 0;
	memmove(&ls->v[i], &ls->v[i + 1], (size_t)(ls->n - i - 1) * sizeof ls->v[0]);
	ls->n--;
}

/* Pause or resume both ends. */
int
loads_pause(struct loads *ls, int id, int pause)
{
	struct load	*l = loads_get(ls, id);
	int		 sig = pause ? SIGSTOP : SIGCONT;

	if (l == NULL || l->state == LOAD_DEAD)
		return -1;
	if (l->pid > 0)
		kill(l->pid, sig);
	if (l->pid_b > 0)
		kill(l->pid_b, sig);
	l->state = pause ? LOAD_PAUSED : LOAD_RUNNING;
	return 0;
}

/* Move a running load to other CPUs; it keeps running. */
int
loads_move(struct loads *ls, int id, const struct cpuset *cpus, int cpu_b, char *err,
    size_t errlen)
{
	struct load	*l = loads_get(ls, id);
	struct cpuset	 one;
	int		 cpu;

	if (l == NULL || l->state == LOAD_DEAD) {
		snprintf(err, errlen, "load #%d is not running", id);
		return -1;
	}
	CPUSET_FOREACH(cpu, cpus)
		if (topo_check_cpu(ls->m, cpu, err, errlen) == -1)
			return -1;
	if (cpuset_count(cpus) == 0) {
		snprintf(err, errlen, "no CPU to move load #%d to", id);
		return -1;
	}
	if (cpu_b != -1 && topo_check_cpu(ls->m, cpu_b, err, errlen) == -1)
		return -1;
	if (topo_bind_pid(ls->m, l->pid, cpus, err, errlen) == -1)
		return -1;
	l->spec.cpus = *cpus;
	l->spec.floating = cpuset_count(cpus) > 1;
	if (cpu_b != -1 && l->pid_b > 0) {
		cpuset_zero(&one);
		cpuset_set(&one, cpu_b);
		if (topo_bind_pid(ls->m, l->pid_b, &one, err, errlen) == -1)
			return -1;
		l->spec.cpu_b = cpu_b;
	}
	return 0;
}

/* Reap children that ended; the load is marked dead with the reason. */
int
loads_reap(struct loads *ls)
{
	struct load	*l;
	int		 i, status, died = 0;
	pid_t		 r;

	for (i = 0; i < ls->n; i++) {
		l = &ls->v[i];
		if (l->state == LOAD_DEAD)
			continue;
		r = l->pid > 0 ? waitpid(l->pid, &status, WNOHANG) : 0;
		if (r == l->pid && r > 0) {
			l->pid = -1;
			loads_describe_exit(ls, l, status, 0);
		} else if (l->pid_b > 0 && waitpid(l->pid_b, &status, WNOHANG) == l->pid_b) {
			l->pid_b = -1;
			loads_describe_exit(ls, l, status, 1);
		} else
			continue;
		loads_kill(l);
		l->state = LOAD_DEAD;
		died++;
	}
	return died;
}

/* A fresh sample of one load: time, work done, CPU time and CPU. */
void
loads_peek(const struct loads *ls, const struct load *l, struct load_sample *s)
{
	struct cpustat_task	t;

	s->t_ns = util_now_ns();
	s->count = __atomic_load_n(&ls->slots[l->slot].count, __ATOMIC_RELAXED);
	if (l->pid > 0 && cpustat_task_read(l->pid, &t, "") == 0) {
		s->run_ns = t.run_ns;
		s->cpu = t.last_cpu;
	} else {
		s->run_ns = l->cur.run_ns;
		s->cpu = l->cur.cpu;
	}
	if (l->perf != NULL)
		perf_load_read(l->perf, &s->perf);
	else if (s != &l->cur)
		s->perf = l->cur.perf;
}

/* Start a load's next rate from now. */
void
loads_rebase(struct loads *ls, struct load *l)
{
	loads_peek(ls, l, &l->cur);
	l->prev = l->cur;
}

/* Take a sample of every live load. */
void
loads_sample(struct loads *ls)
{
	struct load	*l;
	int		 i;

	for (i = 0; i < ls->n; i++) {
		l = &ls->v[i];
		if (l->state == LOAD_DEAD)
			continue;
		l->prev = l->cur;
		loads_peek(ls, l, &l->cur);
		if (l->prev.cpu != -1 && l->cur.cpu != l->prev.cpu)
			l->migrations++;
		if (l->cur.cpu >= 0)
			cpuset_set(&l->seen, l->cur.cpu);
	}
}

/* Number of loads, dead ones included. */
int
loads_count(const struct loads *ls)
{
	return ls->n;
}

/* The i-th load in start order. */
struct load *
loads_at(struct loads *ls, int i)
{
	return i >= 0 && i < ls->n ? &ls->v[i] : NULL;
}

/*
 * Why a live load does no work now, as it says (a fork load at the process
 * limit): 1 with the reason in buf, 0 when it says nothing. The copy is
 * taken twice and kept when both agree, since the load may be writing.
 */
int
loads_stall(const struct loads *ls, const struct load *l, char *buf, size_t len)
{
	const volatile char	*err = ls->slots[l->slot].err;
	char			 a[sizeof ls->slots[0].err], b[sizeof a];
	size_t			 i;
	int			 try;

	if (l->state == LOAD_DEAD || len == 0)
		return 0;
	for (try = 0; try < 8; try++) {
		for (i = 0; i < sizeof a; i++)
			a[i] = err[i];
		for (i = 0; i < sizeof b; i++)
			b[i] = err[i];
		if (memcmp(a, b, sizeof a) == 0)
			break;
	}
	a[sizeof a - 1] = '\0';
	if (try == 8 || a[0] == '\0')
		return 0;
	snprintf(buf, len, "%s", a);
	return 1;
}

/* A load by id, or NULL. */
struct load *
loads_get(struct loads *ls, int id)
{
	int	i = loads_index(ls, id);

	return i == -1 ? NULL : &ls->v[i];
}

/* A load's progress counter, read live. */
uint64_t
loads_counter(const struct loads *ls, const struct load *l)
{
	return __atomic_load_n(&ls->slots[l->slot].count, __ATOMIC_RELAXED);
}

/* Kill every load of every supervisor; async-signal-safe. */
void
loads_emergency_kill(void)
{
	int	r, i;

	for (r = 0; r < LOADS_REGISTRY; r++) {
		if (loads_registry[r] == NULL)
			continue;
		for (i = 0; i < loads_registry[r]->n; i++) {
			if (loads_registry[r]->v[i].pid > 0)
				kill(loads_registry[r]->v[i].pid, SIGKILL);
			if (loads_registry[r]->v[i].pid_b > 0)
				kill(loads_registry[r]->v[i].pid_b, SIGKILL);
		}
	}
}
