/* perf.c: per-load counter groups (os.h: perf_event_open(2) on Linux), and their arithmetic. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "model/cpuinfo.h"
#include "os/os.h"
#include "sample/perf.h"
#include "sample/task.h"
#include "base/util.h"

#define PERF_ENDS	2	/* processes of a load: end A and end B */
#define PERF_MEMBERS	4
/* Descriptors left to the loads themselves (pipes, readiness) under a low ulimit -n. */
#define PERF_FD_RESERVE	16

/* One group on one process: its members' descriptors, leader first. */
struct perf_group {
	int	fd[PERF_MEMBERS];
	int	ev[PERF_MEMBERS];
	int	n;
	int	sched_dropped;	/* switches and migrations left out: user-only counting */
	int	user_only;	/* its events count user time only */
};

/*
 * A load's figures: a hardware group per process where the PMU counts (and
 * the load is not one that switches for a living, unless asked), and the
 * software figures of each process from /proc (task.h), the last reading of
 * each kept, so that a process that ended still counts what it did.
 */
struct perf_load {
	struct perf_group	g[PERF_ENDS];
	int			ng;
	int			hw;		/* hardware groups wanted */
	int			hw_latency;	/* ... on a load that blocks: it costs */
	const char		*root;		/* the task reader's root */
	pid_t			pid[PERF_ENDS];
	struct task_figures	last[PERF_ENDS];
	int			npid;
	char			why[PERF_WHY_MAX];	/* no hardware group, and why */
	char			sched_why[PERF_WHY_MAX];	/* no switches, migrations */
	char			all[2 * PERF_WHY_MAX + 2];	/* both, for perf_load_why() */
};

/* Whether a group can go on without the event. */
static const int perf_optional[PERF_NEV] = {
	[PERF_EV_REF_CYCLES] = 1,
	[PERF_EV_LLC_MISS] = 1,
	[PERF_EV_CTX_SWITCH] = 1,
	[PERF_EV_MIGRATION] = 1,
};

/* Close a group's descriptors. */
static void
perf_group_close(struct perf_group *g)
{
	int	i;

	for (i = 0; i < g->n; i++)
		close(g->fd[i]);
	g->n = 0;
}

/* The highest descriptor a counter may take: the rest stay for the loads. */
static int
perf_fd_max(void)
{
	struct rlimit	rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 || rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur > 1 << 20)
		return 1 << 20;
	return (int)rl.rlim_cur - PERF_FD_RESERVE;
}

/* Open events first..last as one group on pid; the leader's errno on failure. */
static int
perf_group_open(struct perf_group *g, pid_t pid, int first, int last)
{
	int	ev, fd, user, max = perf_fd_max();

	g->n = g->sched_dropped = g->user_only = 0;
	for (ev = first; ev <= last; ev++) {
		fd = os_event_open((enum os_event)ev, pid, g->n ? g->fd[0] : -1, &user);
		/* Switches and migrations happen in the kernel: user-only they read 0. */
		if (fd != -1 && user && (ev == PERF_EV_CTX_SWITCH || ev == PERF_EV_MIGRATION)) {
			close(fd);
			g->sched_dropped = 1;
			continue;
		}
		if (fd >= max) {
			close(fd);
			fd = -1;
			errno = EMFILE;
		}
		if (fd == -1) {
			if (perf_optional[ev])
				continue;
			perf_group_close(g);
			return errno != 0 ? errno : EINVAL;
		}
		g->user_only |= user;
		g->fd[g->n] = fd;
		g->ev[g->n++] = ev;
	}
	return 0;
}

/* Whether this is a virtual machine, as the model's CPU identity says (once). */
static int
perf_hypervisor(void)
{
	static int	hv = -1;
	struct cpuinfo	ci;

	if (hv == -1) {
		cpuinfo_read(&ci, NULL);
		hv = ci.hypervisor[0] != '\0';
	}
	return hv;
}

/* The reason, in words, that opening a counter failed with err. */
void
perf_reason(char *buf, size_t len, int hw, int err, int paranoid, int hypervisor,
    int pmu_in_sysfs)
{
	const char	*what = hw ? "no hardware counters" : "no software counters";

	switch (err) {
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		if (hw && hypervisor && !pmu_in_sysfs)
			snprintf(buf, len, "%s: the hypervisor hides the PMU", what);
		else if (hw && !pmu_in_sysfs)
			snprintf(buf, len, "%s: the kernel has no PMU driver for this CPU",
			    what);
		else
			snprintf(buf, len, "%s: the PMU does not count this event (%s)", what,
			    strerror(err));
		break;
	case EACCES:
	case EPERM:
		if (paranoid > 2)
			snprintf(buf, len, "counters need kernel.perf_event_paranoid <= 2 "
			    "or CAP_PERFMON (now %d)", paranoid);
		else if (paranoid != -9)
			snprintf(buf, len, "%s: perf_event_open refused (%s) with "
			    "kernel.perf_event_paranoid %d: a container or seccomp policy, "
			    "or CAP_PERFMON", what, strerror(err), paranoid);
		else
			snprintf(buf, len, "%s: perf_event_open refused (%s)", what,
			    strerror(err));
		break;
	case ENOSYS:
		snprintf(buf, len, "%s: this kernel has no perf_event_open "
		    "(CONFIG_PERF_EVENTS) or a seccomp policy hides it", what);
		break;
	case EMFILE:
	case ENFILE:
		snprintf(buf, len, "%s: no file descriptor to spare (ulimit -n)", what);
		break;
	default:
		snprintf(buf, len, "%s: perf_event_open: %s", what, strerror(err));
		break;
	}
}

/* Why context switches and migrations are not counted: user-only counting. */
void
perf_sched_reason(char *buf, size_t len, int paranoid)
{
	snprintf(buf, len, "context switches and migrations need "
	    "kernel.perf_event_paranoid <= 1 or CAP_PERFMON (now %d)", paranoid);
}

/* Probe once on smtscope itself what can be counted, and why not. */
const struct perf_caps *
perf_probe(void)
{
	static struct perf_caps	c;
	static int		done;
	struct perf_group	g;
	unsigned		have;
	int			err;

	if (done)
		return &c;
	done = 1;
	c.paranoid = os_event_paranoid();
	if ((err = perf_group_open(&g, 0, PERF_EV_HW_FIRST, PERF_EV_LLC_MISS)) == 0) {
		c.hw = 1;
		c.llc = g.ev[g.n - 1] == PERF_EV_LLC_MISS;
		perf_group_close(&g);
	} else
		perf_reason(c.hw_why, sizeof c.hw_why, 1, err, c.paranoid,
		    perf_hypervisor(), os_event_pmu());
	/* The software figures are the scheduler's own, read as the loads' are. */
	have = task_probe(getpid(), "", c.sched_why, sizeof c.sched_why);
	c.sw = (have & TASK_RUN) != 0;
	c.sched = (have & (TASK_SWITCHES | TASK_MIGRATIONS)) ==
	    (TASK_SWITCHES | TASK_MIGRATIONS);
	if (!c.sw) {
		snprintf(c.sw_why, sizeof c.sw_why, "%s", c.sched_why);
		c.sched_why[0] = '\0';
	}
	return &c;
}

/* Does a load get a hardware group, and if not, why (why may be NULL)? */
int
perf_want_hw(const struct perf_caps *c, int blocks, int asked, char *why, size_t len)
{
	if (why != NULL && len > 0)
		why[0] = '\0';
	if (!c->hw) {
		if (why != NULL)
			snprintf(why, len, "%s", c->hw_why);
		return 0;
	}
	if (blocks && !asked) {
		if (why != NULL)
			snprintf(why, len, "no hardware counters on a load that switches "
			    "for a living: they would slow its every switch (--counters "
			    "counts it)");
		return 0;
	}
	return 1;
}

/* An empty set of figures for one load, its processes read under root. */
struct perf_load *
perf_load_new(const char *root, int blocks, int asked)
{
	struct perf_load	*pl = xcalloc(1, sizeof(struct perf_load));
	const struct perf_caps	*c = perf_probe();

	pl->root = root;
	pl->hw = perf_want_hw(c, blocks, asked, pl->why, sizeof pl->why);
	pl->hw_latency = pl->hw && blocks;
	if (!c->sched)
		snprintf(pl->sched_why, sizeof pl->sched_why, "%s", c->sched_why);
	return pl;
}

/* Keep pid's figures; open its hardware group where one is wanted. */
int
perf_load_attach(struct perf_load *pl, pid_t pid)
{
	int	err;

	if (pl->npid == PERF_ENDS)
		return -1;
	pl->pid[pl->npid] = pid;
	if (task_read(pid, pl->root, &pl->last[pl->npid]) == -1)
		memset(&pl->last[pl->npid], 0, sizeof pl->last[0]);
	pl->npid++;
	if (pl->hw) {
		err = perf_group_open(&pl->g[pl->ng], pid, PERF_EV_HW_FIRST, PERF_EV_LLC_MISS);
		if (err == 0) {
			if (pl->g[pl->ng].user_only && pl->why[0] == '\0')
				snprintf(pl->why, sizeof pl->why, "GHz needs "
				    "kernel.perf_event_paranoid <= 1 or CAP_PERFMON: cycles "
				    "count user time only (now %d)", os_event_paranoid());
			pl->ng++;
		} else if (pl->why[0] == '\0')
			perf_reason(pl->why, sizeof pl->why, 1, err, os_event_paranoid(),
			    perf_hypervisor(), os_event_pmu());
	}
	snprintf(pl->all, sizeof pl->all, "%s%s%s", pl->why, pl->why[0] &&
	    pl->sched_why[0] ? "; " : "", pl->sched_why);
	return 0;
}

/* Add a software figure read now: counted all along, never multiplexed. */
static void
perf_load_sw(struct perf_reading *r, int ev, uint64_t v, uint64_t now)
{
	r->val[ev] += v;
	r->ena[ev] = r->run[ev] = now;
	r->have |= 1u << ev;
}

/* Read the hardware groups, and each process's figures from /proc, summed. */
void
perf_load_read(struct perf_load *pl, struct perf_reading *r)
{
	uint64_t			 val[PERF_MEMBERS], ena, run, now;
	const struct perf_group		*g;
	const struct task_figures	*t;
	struct task_figures		 cur;
	int				 i, k, ev;

	memset(r, 0, sizeof *r);
	for (i = 0; i < pl->ng; i++) {
		g = &pl->g[i];
		if (os_event_read(g->fd[0], g->n, val, &ena, &run) == -1)
			continue;
		for (k = 0; k < g->n; k++) {
			ev = g->ev[k];
			r->val[ev] += val[k];
			r->ena[ev] += ena;
			r->run[ev] += run;
			r->have |= 1u << ev;
			if (g->user_only)
				r->user_only |= 1u << ev;
		}
	}
	now = util_now_ns();
	for (i = 0; i < pl->npid; i++) {
		/* A process that ended keeps its last figures. */
		if (task_read(pl->pid[i], pl->root, &cur) == 0)
			pl->last[i] = cur;
		t = &pl->last[i];
		if (t->have & TASK_RUN)
			perf_load_sw(r, PERF_EV_TASK_CLOCK, t->run_ns + t->child_ns, now);
		if (t->have & TASK_SWITCHES) {
			perf_load_sw(r, PERF_EV_CTX_SWITCH, t->vcsw + t->ivcsw, now);
			perf_load_sw(r, PERF_EV_IVCSW, t->ivcsw, now);
		}
		if (t->have & TASK_MIGRATIONS)
			perf_load_sw(r, PERF_EV_MIGRATION, t->migrations, now);
	}
}

/* Why the load lacks counters; "" when it has them all. */
const char *
perf_load_why(const struct perf_load *pl)
{
	return pl->all;
}

/* What counting costs the load: hardware counters on one that blocks; "" none. */
const char *
perf_load_cost(const struct perf_load *pl)
{
	return pl->hw_latency && pl->ng > 0 ? "hardware counters on (--counters): the "
	    "PMU is saved and restored at each of its switches, which slows it" : "";
}

/* Close every counter and free. */
void
perf_load_free(struct perf_load *pl)
{
	int	i;

	if (pl == NULL)
		return;
	for (i = 0; i < pl->ng; i++)
		perf_group_close(&pl->g[i]);
	free(pl);
}

/* b - a of a monotonic 64-bit counter; unsigned arithmetic carries it across a wrap. */
uint64_t
perf_delta(uint64_t a, uint64_t b)
{
	return b - a;
}

/* A delta scaled by enabled / running time; NAN when the group never ran. */
double
perf_scale(uint64_t dval, uint64_t dena, uint64_t drun)
{
	if (drun == 0)
		return NAN;
	if (drun >= dena)
		return (double)dval;
	return (double)dval * ((double)dena / (double)drun);
}

/* x / y when both are finite and y is positive, else NAN. */
static double
perf_ratio(double x, double y)
{
	return isfinite(x) && isfinite(y) && y > 0 ? x / y : NAN;
}

/* A window with no figures: every one NAN. */
void
perf_window_clear(struct perf_window *w)
{
	struct perf_reading	z;

	memset(&z, 0, sizeof z);
	perf_window(&z, &z, 0, w);
}

/* The derived figures between two readings dt_ns apart. */
void
perf_window(const struct perf_reading *a, const struct perf_reading *b, uint64_t dt_ns,
    struct perf_window *w)
{
	uint64_t	dena, drun;
	int		ev;

	memset(w, 0, sizeof *w);
	w->secs = (double)dt_ns / 1e9;
	for (ev = 0; ev < PERF_NEV; ev++) {
		w->d[ev] = NAN;
		if (!(a->have & b->have & (1u << ev)))
			continue;
		dena = perf_delta(a->ena[ev], b->ena[ev]);
		drun = perf_delta(a->run[ev], b->run[ev]);
		/* Time enabled but not counted: the PMU multiplexed the group. */
		if (drun < dena && (double)drun < 0.999 * (double)dena)
			w->multiplexed = 1;
		w->d[ev] = dena == 0 ? 0 : perf_scale(perf_delta(a->val[ev], b->val[ev]),
		    dena, drun);
	}
	w->ipc = perf_ratio(w->d[PERF_EV_INSTR], w->d[PERF_EV_CYCLES]);
	/* User cycles over all the time on a CPU would be no clock at all. */
	w->ghz = (b->user_only & (1u << PERF_EV_CYCLES)) ? NAN :
	    perf_ratio(w->d[PERF_EV_CYCLES], w->d[PERF_EV_TASK_CLOCK]);
	w->llc_mpki = perf_ratio(1000 * w->d[PERF_EV_LLC_MISS], w->d[PERF_EV_INSTR]);
	w->ctx_per_s = perf_ratio(w->d[PERF_EV_CTX_SWITCH], w->secs);
	w->migr_per_s = perf_ratio(w->d[PERF_EV_MIGRATION], w->secs);
	w->ivcs_per_s = perf_ratio(w->d[PERF_EV_IVCSW], w->secs);
}

/* Append "[pre]value[post]" with prec decimals for a finite figure. */
static void
perf_format_one(char *buf, size_t len, const char *pre, double v, int prec,
    const char *post)
{
	size_t	used = strlen(buf);

	if (!isfinite(v) || used + 1 >= len)
		return;
	snprintf(buf + used, len - used, "%s%s%.*f%s", used ? " " : "", pre, prec, v, post);
}

/* The window's figures in one short line; only those counted. */
void
perf_format(const struct perf_window *w, char *buf, size_t len)
{
	size_t	used;

	if (len == 0)
		return;
	buf[0] = '\0';
	perf_format_one(buf, len, "IPC ", w->ipc, 2, "");
	perf_format_one(buf, len, "", w->ghz, 2, " GHz");
	perf_format_one(buf, len, "LLC ", w->llc_mpki, 1, " MPKI");
	perf_format_one(buf, len, "", w->ctx_per_s, 0, " cs/s");
	perf_format_one(buf, len, "", w->migr_per_s, 1, " mig/s");
	used = strlen(buf);
	if (w->multiplexed && used > 0 && used + 1 < len)
		snprintf(buf + used, len - used, " (multiplexed)");
}
