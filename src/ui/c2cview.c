/*
 * c2cview.c: core-to-core latency on the screen. The matrix of the CPUs in
 * topology order as a heatmap (a figure per cell where there is room, else
 * a shade), the cursor's CPU highlighted, a legend in ns and the summary
 * by class. The pairs are measured by a child process at the lowest
 * priority (the screen has no threads and never waits for it): it writes
 * one fixed-size record per pair on a pipe that each refresh drains. On a
 * view of another machine the cells show the plan: each pair's relation.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exp/c2c/c2c.h"
#include "os/os.h"
#include "report/report.h"
#include "ui/c2cview.h"
#include "ui/control.h"
#include "ui/state.h"
#include "ui/term.h"
#include "base/util.h"

/* What the child writes per pair: under PIPE_BUF, so each write is whole. */
struct c2cview_rec {
	int			pair;
	struct c2c_result	r;
};

struct c2cview {
	int		 on;
	struct c2c	 c;
	int		 planned;	/* c holds a plan */
	char		 err[256];	/* why there is no plan or no measurement */
	pid_t		 pid;		/* the measuring child, -1 */
	int		 fd;		/* its pipe, -1 */
	unsigned char	 buf[sizeof(struct c2cview_rec) * 4];
	size_t		 len;
	uint64_t	 t0_ns, t1_ns;	/* started, ended */
	int		 runs;		/* children started: the first measures all */
};

/*
 * The child, set up by os_spawn() (dies with the screen, signals reset,
 * only its status pipe open): measure every pair at the lowest priority,
 * one record each on the pipe; never returns.
 */
static void
c2cview_child(void *arg, int wfd)
{
	struct c2cview		*v = arg;
	struct c2c_meter	*mt;
	struct c2cview_rec	 rec;
	char			 err[256];
	const char		*env = getenv("SMTSCOPE_C2C_FAIL");
	long			 fail = 0;

	/* Tests make the first run's first pairs fail (SMTSCOPE_C2C_FAIL=N). */
	if (env == NULL || v->runs > 1 || util_parse_long(env, 0, INT_MAX, &fail) == -1)
		fail = 0;
	util_fatal_hook = NULL;
	os_set_name("smtscope:c2c");
	setpriority(PRIO_PROCESS, 0, 19);
	if ((mt = c2c_meter_new(v->c.m, err, sizeof err)) == NULL)
		_exit(1);
	for (rec.pair = 0; rec.pair < v->c.plan.npairs; rec.pair++) {
		/* Measured again (r): only the pairs without a figure. */
		if (v->c.res[rec.pair].state == C2C_DONE)
			continue;
		if (rec.pair < fail) {
			memset(&rec.r, 0, sizeof rec.r);
			rec.r.state = C2C_FAILED;
			snprintf(rec.r.error, sizeof rec.r.error, "failed on purpose "
			    "(SMTSCOPE_C2C_FAIL, a test)");
		} else
			c2c_measure_pair(mt, &v->c.plan, rec.pair, &rec.r, 0);
		if (write(wfd, &rec, sizeof rec) != (ssize_t)sizeof rec)
			_exit(1);
	}
	_exit(0);
}

/* Start the child; -1 with the reason in v->err. */
static int
c2cview_start(struct c2cview *v)
{
	struct os_spawn	sp;
	char		why[256];

	v->runs++;
	memset(&sp, 0, sizeof sp);
	sp.child = c2cview_child;
	sp.arg = v;
	sp.death_sig = SIGKILL;
	sp.default_all = 1;
	sp.stdio_null = 1;
	if ((v->pid = os_spawn(&sp, &v->fd, why, sizeof why)) == -1) {
		snprintf(v->err, sizeof v->err, "cannot measure: %.200s", why);
		return -1;
	}
	fcntl(v->fd, F_SETFL, fcntl(v->fd, F_GETFL) | O_NONBLOCK);
	v->t0_ns = util_now_ns();
	return 0;
}

/* Plan every allowed CPU and, on this machine, start measuring. */
static void
c2cview_open(struct ui_state *st, struct c2cview *v)
{
	enum c2c_select	 sel = C2C_ALL;
	const char	*env;
	long		 trips;

	/* A large machine is sampled: one CPU per core with its siblings. */
	if (st->host.m->npus > 64)
		sel = C2C_PER_CORE;
	c2c_init(&v->c, st->host.m, st->host.view_only);
	v->c.plan.samples = C2C_DEFAULT_SAMPLES;
	v->c.plan.trips = C2C_DEFAULT_TRIPS;
	if (c2c_plan(st->host.m, NULL, sel, &v->c.plan, v->err, sizeof v->err) == -1)
		return;
	v->c.plan.samples = C2C_DEFAULT_SAMPLES;
	v->c.plan.trips = C2C_DEFAULT_TRIPS;
	/* Tests make a pair last (SMTSCOPE_C2C_TRIPS) to catch it measuring. */
	if ((env = getenv("SMTSCOPE_C2C_TRIPS")) != NULL &&
	    util_parse_long(env, 1, C2C_MAX_TRIPS, &trips) == 0)
		v->c.plan.trips = (int)trips;
	v->c.res = xcalloc((size_t)v->c.plan.npairs + 1, sizeof *v->c.res);
	v->planned = 1;
	if (!st->host.view_only)
		c2cview_start(v);
}

/* Show or hide the view. */
void
c2cview_toggle(struct ui_state *st)
{
	struct c2cview	*v = st->c2c;

	if (v == NULL) {
		v = st->c2c = xcalloc(1, sizeof *v);
		v->pid = -1;
		v->fd = -1;
		c2cview_open(st, v);
	}
	v->on = !v->on;
	control_redraw(st);
}

/* Is the view shown? */
int
c2cview_on(const struct ui_state *st)
{
	return st->c2c != NULL && st->c2c->on;
}

/* The row of the plan of the cursor's CPU, or -1. */
static int
c2cview_cursor_row(const struct ui_state *st)
{
	const struct c2cview	*v = st->c2c;
	int			 os = state_cursor_os(st), i;

	for (i = 0; v->planned && i < v->c.plan.ncpus; i++)
		if (v->c.plan.cpus[i] == os)
			return i;
	return -1;
}

/* Put the cursor on a row's CPU. */
static void
c2cview_cursor_to(struct ui_state *st, int row)
{
	const struct c2cview	*v = st->c2c;

	if (row < 0)
		row = 0;
	if (row >= v->c.plan.ncpus)
		row = v->c.plan.ncpus - 1;
	if (row >= 0)
		control_cursor_os(st, v->c.plan.cpus[row]);
}

/* Reap the child once its pipe is at its end. */
static void
c2cview_reap(struct c2cview *v)
{
	if (v->fd != -1) {
		close(v->fd);
		v->fd = -1;
	}
	if (v->pid > 0) {
		while (waitpid(v->pid, NULL, 0) == -1 && errno == EINTR)
			;
		v->pid = -1;
	}
	v->t1_ns = util_now_ns();
}

/* Read the records that came. */
void
c2cview_tick(struct ui_state *st)
{
	struct c2cview		*v = st->c2c;
	struct c2cview_rec	 rec;
	ssize_t			 n;

	if (v == NULL || v->fd == -1)
		return;
	while ((n = read(v->fd, v->buf + v->len, sizeof v->buf - v->len)) > 0) {
		v->len += (size_t)n;
		while (v->len >= sizeof rec) {
			memcpy(&rec, v->buf, sizeof rec);
			memmove(v->buf, v->buf + sizeof rec, v->len - sizeof rec);
			v->len -= sizeof rec;
			if (rec.pair < 0 || rec.pair >= v->c.plan.npairs)
				continue;
			v->c.res[rec.pair] = rec.r;
			v->c.ndone++;
			st->scr.dirty = 1;
		}
	}
	if (n == 0 || (n == -1 && errno != EAGAIN && errno != EINTR)) {
		if (v->c.ndone < v->c.plan.npairs)
			snprintf(v->err, sizeof v->err, "the measuring process ended after "
			    "%d of %d pair%s", v->c.ndone, v->c.plan.npairs,
			    v->c.plan.npairs == 1 ? "" : "s");
		c2cview_reap(v);
		st->scr.dirty = 1;
	}
}

/*
 * Measure again the pairs that failed (r): each set back to pending and a
 * new child for them, once the first is done; says why not otherwise.
 */
static void
c2cview_remeasure(struct ui_state *st, struct c2cview *v)
{
	int	i, n = 0;

	if (v->c.dry_run || !v->planned)
		return;
	if (v->pid > 0) {
		control_message(st, 0, "c2c: still measuring; r measures the failed pairs "
		    "again once it is done");
		return;
	}
	for (i = 0; i < v->c.plan.npairs; i++)
		if (v->c.res[i].state == C2C_FAILED) {
			memset(&v->c.res[i], 0, sizeof v->c.res[i]);
			v->c.ndone--;
			n++;
		}
	if (n == 0) {
		control_message(st, 0, "c2c: no pair failed: nothing to measure again");
		return;
	}
	v->err[0] = '\0';
	if (c2cview_start(v) == 0)
		control_message(st, 0, "c2c: measuring the %d failed pair%s again", n,
		    n == 1 ? "" : "s");
}

/*
 * Stop the child (SIGKILL) and free the view. Its end is the kernel's work
 * at nice 19: beside two hogs a killed partner thread waited over 15 s to
 * be run. Quitting waits a second: the pid left to the kernel, else 0.
 */
pid_t
c2cview_free(struct ui_state *st)
{
	struct c2cview	*v = st->c2c;
	pid_t		 left = 0;
	int		 ms = 0;

	if (v == NULL)
		return 0;
	if (v->pid > 0 && kill(v->pid, SIGKILL) == 0) {
		while (waitpid(v->pid, NULL, WNOHANG) == 0 && (ms += 10) <= 1000)
			util_sleep_ns(10 * 1000000ULL);
		left = ms > 1000 ? v->pid : 0;
		v->pid = -1;
	}
	c2cview_reap(v);
	c2c_free(&v->c);
	free(v);
	st->c2c = NULL;
	return left;
}

/* Rows of plan and progress under the title, at most. */
#define C2CVIEW_TOPROWS	3

/* Draw one piece at (*y, *x), on the next row when it does not fit; skip what starts a row. */
static void
c2cview_piece(const char *s, const char *skip, int *y, int *x, int ylast, int cols,
    int attr)
{
	int	w;

	if (*x > 0 && *x + report_width(s) > cols) {
		(*y)++;
		*x = 0;
	}
	if (*x == 0)
		s += strspn(s, skip);
	if ((w = report_width(s)) > cols || *y > ylast)
		return;
	if (attr != -1)
		mvaddstr(*y, *x, s);
	*x += w;
}

/*
 * Draw elements one after another from row y to row ylast: an element that
 * does not fit the rest of its row starts the next one, without the
 * separator it begins with ("; ", ", ", "  "); one longer than a row goes
 * on word by word (a failed pair's reason at 80 columns was left out
 * whole), a word longer than a row left out, never cut. Returns the row
 * after the last one used; with attr -1 it only counts them.
 */
static int
c2cview_flow(int y, int ylast, int cols, int attr, const char *const *el, int n)
{
	const char	*s;
	char		 word[256];
	size_t		 k;
	int		 i, x = 0;

	if (attr != -1)
		attrset(attr);
	for (i = 0; i < n && y <= ylast; i++) {
		if ((s = el[i]) == NULL || s[0] == '\0')
			continue;
		if (report_width(s + (x == 0 || x + report_width(s) > cols ?
		    strspn(s, ";:, ") : 0)) <= cols) {
			c2cview_piece(s, ";:, ", &y, &x, ylast, cols, attr);
			continue;
		}
		/* Word by word: each with the spaces before it. */
		while (*s != '\0' && y <= ylast) {
			k = strspn(s, " ");
			k += strcspn(s + k, " ");
			snprintf(word, sizeof word, "%.*s", (int)(k < sizeof word ? k :
			    sizeof word - 1), s);
			s += k;
			c2cview_piece(word, x == 0 ? ";:, " : " ", &y, &x, ylast, cols, attr);
		}
	}
	return x > 0 ? y + 1 : y;
}

/* The plan in words: which pairs, and how c2c plans the same. */
static void
c2cview_plan_words(const struct c2cview *v, char *which, char *how, size_t len)
{
	int	n = v->c.plan.ncpus;

	if (v->c.plan.sel == C2C_PER_CORE) {
		snprintf(which, len, ": one CPU per core with the others and with its siblings");
		snprintf(how, len, " (as c2c --per-core; every pair: %d)", n * (n - 1) / 2);
	} else {
		snprintf(which, len, ": every pair");
		snprintf(how, len, " (as c2c)");
	}
}

/* "; 3 failed: CPU 0-1 timed out after 40 of 100 samples (r measures them again)", or "". */
static void
c2cview_failed_words(const struct c2cview *v, char *buf, size_t len)
{
	const struct c2c_pair	*p;
	int			 i, n = 0, first = -1;

	buf[0] = '\0';
	for (i = 0; i < v->c.plan.npairs; i++)
		if (v->c.res[i].state == C2C_FAILED && n++ == 0)
			first = i;
	if (n == 0)
		return;
	p = &v->c.plan.pairs[first];
	snprintf(buf, len, "; %d failed: CPU %d-%d %s%s", n, p->a, p->b,
	    v->c.res[first].error[0] != '\0' ? v->c.res[first].error : "gave no figure",
	    v->pid > 0 ? "" : n == 1 ? " (r measures it again)" :
	    " (r measures them again)");
}

/*
 * The plan or the progress, the time left, the hypervisor's note, from row 1
 * (-1 for attr: counted, not drawn); returns the row after them.
 */
static int
c2cview_draw_progress(const struct c2cview *v, int cols, int attr)
{
	const struct c2c	*c = &v->c;
	char			 what[256], which[96], how[96], left[64] = "", hyp[160] = "";
	char			 fail[400];
	char			 plan[112] = "";
	const char		*el[6] = { what, which, how, left, fail, hyp };
	double			 el_s;
	int			 i, n, got;

	c2cview_plan_words(v, which, how, sizeof which);
	n = c->plan.npairs;
	if (c->dry_run) {
		snprintf(what, sizeof what, "plan only: %d pair%s of %d CPUs", n,
		    n == 1 ? "" : "s", c->plan.ncpus);
		snprintf(left, sizeof left, "; another machine's topology: nothing is "
		    "measured here");
	} else if (v->err[0] != '\0')
		snprintf(what, sizeof what, "%s", v->err);
	else if (v->pid > 0) {
		el_s = (double)(util_now_ns() - v->t0_ns) / 1e9;
		/* "0 of 1 pairs, first pair: every pair" read as nonsense at 80 columns. */
		snprintf(what, sizeof what, "measuring in the background (nice 19): %d of %d "
		    "pair%s done", c->ndone, n, n == 1 ? "" : "s");
		if (c->ndone == 0)
			snprintf(left, sizeof left, ", the first under way");
		else
			snprintf(left, sizeof left, ", about %.0f s left",
			    el_s / c->ndone * (n - c->ndone));
	} else {
		/* A failed pair is done, not measured: "1 failed" follows. */
		for (el_s = 0, got = 0, i = 0; i < n; i++) {
			el_s += c->res[i].secs;
			got += i < c->ndone && c->res[i].state != C2C_FAILED;
		}
		snprintf(what, sizeof what, "measured %d of %d pair%s in %.2f s", got,
		    n, n == 1 ? "" : "s", el_s);
	}
	c2cview_failed_words(v, fail, sizeof fail);
	if (c->hypervisor[0])
		snprintf(hyp, sizeof hyp, "; under %s the host's placement of the virtual "
		    "CPUs decides what is measured", c->hypervisor);
	/* The time left belongs to the count: it goes right after it, then the plan. */
	if (!c->dry_run) {
		snprintf(plan, sizeof plan, "%s%s", which[0] == ':' ? "; the plan" : "",
		    which);
		el[1] = left;
		el[2] = plan;
		el[3] = how;
	}
	return c2cview_flow(1, C2CVIEW_TOPROWS, cols, attr, el, 6);
}

/* Bins per side at most: no terminal has more rows. */
#define C2CVIEW_MAXBINS	512

/*
 * The frame of the view: the matrix's bins (a CPU each where they fit,
 * else the fewest whole cores each, so that siblings share a bin), its
 * cells and labels. Draw and the keys lay it out alike.
 */
struct c2cview_geom {
	int	nb;				/* bins per side */
	int	start[C2CVIEW_MAXBINS + 1];	/* a bin's first row of the plan */
	int	cores;				/* cores per bin; 0: a CPU per bin */
	int	cw;				/* columns per cell */
	int	labelw;				/* the row labels' columns, mark and blank included */
	int	labrows;			/* rows of the column labels (written down when > 1) */
	int	top;			/* the row after the plan and progress lines */
	int	y0;				/* the first row of cells */
};

/* The core of a row of the plan, -1 when the model has none. */
static int
c2cview_core(const struct c2cview *v, int row)
{
	const struct topo_pu	*pu = topo_pu_by_os(v->c.m, v->c.plan.cpus[row]);

	return pu != NULL ? pu->core : -1;
}

/* Bins of per whole cores each (0: a CPU each) over the plan's rows; -1 past the most. */
static int
c2cview_bins(const struct c2cview *v, int per, struct c2cview_geom *g)
{
	int	i, core, last = -1, ncores = 0;

	g->nb = 0;
	g->cores = per;
	for (i = 0; i < v->c.plan.ncpus; i++) {
		core = c2cview_core(v, i);
		if (per > 0 && i > 0 && core == last && core != -1)
			continue;
		last = core;
		if (per == 0 || ncores++ % per == 0) {
			if (g->nb == C2CVIEW_MAXBINS)
				return -1;
			g->start[g->nb++] = i;
		}
	}
	g->start[g->nb] = v->c.plan.ncpus;
	return 0;
}

/* A bin's row label: its CPU, or the list of its CPUs ("0-1,36-37"). */
static void
c2cview_bin_label(const struct c2cview *v, const struct c2cview_geom *g, int b, char *buf,
    size_t len)
{
	struct cpuset	set;
	int		i;

	if (g->cores == 0) {
		snprintf(buf, len, "%d", v->c.plan.cpus[g->start[b]]);
		return;
	}
	cpuset_zero(&set);
	for (i = g->start[b]; i < g->start[b + 1]; i++)
		cpuset_set(&set, v->c.plan.cpus[i]);
	cpuset_format(&set, buf, len);
	/* A list too long for a label: its first CPU and a mark that more follow. */
	if (strlen(buf) > 20)
		snprintf(buf, len, "%d+", v->c.plan.cpus[g->start[b]]);
}

/* The bin holding a row of the plan, -1 for none. */
static int
c2cview_bin_of(const struct c2cview_geom *g, int row)
{
	int	b;

	for (b = 0; row >= 0 && b < g->nb; b++)
		if (row < g->start[b + 1])
			return b;
	return -1;
}

/*
 * What a row, a column and a cell stand for, from row y over two rows at
 * most (attr -1: counted, not drawn); returns the row after.
 */
static int
c2cview_draw_what(const struct c2cview *v, const struct c2cview_geom *g, int y, int cols,
    int attr)
{
	char		 bins[160], cpus[64], cell[96];
	const char	*el[2] = { bins, cell };
	int		 b, n, lo = INT_MAX, hi = 0;

	for (b = 0; b < g->nb; b++) {
		n = g->start[b + 1] - g->start[b];
		lo = n < lo ? n : lo;
		hi = n > hi ? n : hi;
	}
	if (lo == hi)
		snprintf(cpus, sizeof cpus, "%d CPU%s", lo, lo == 1 ? "" : "s");
	else
		snprintf(cpus, sizeof cpus, "%d-%d CPUs", lo, hi);
	if (g->cores == 0)
		snprintf(bins, sizeof bins, "a row and a column per CPU, in topology order");
	else if (g->cores == 1)
		snprintf(bins, sizeof bins, "a row and a column per core (%s: rows name them, "
		    "columns their first)", cpus);
	else
		snprintf(bins, sizeof bins, "a row and a column per %d cores (%s: rows name "
		    "them, columns their first)", g->cores, cpus);
	if (v->c.dry_run)
		snprintf(cell, sizeof cell, "; a cell: %s", g->cores == 0 ? "the pair's "
		    "relation" : "the nearest relation of its pairs");
	else
		snprintf(cell, sizeof cell, "; a cell: %s", g->cores == 0 ? "the pair's "
		    "one-way time" : "the mean one-way time of its pairs");
	return c2cview_flow(y, y + 1, cols, attr, el, 2);
}

/* The marks of the cells, from row y over two rows at most (attr -1: counted); the row after. */
static int
c2cview_draw_marks(const struct c2cview *v, int y, int cols, int attr)
{
	static const char *const plan[] = { "s smt-sibling", "  2 shared-l2", "  3 shared-l3",
	    "  p same-package", "  o other-package", "  - same CPU", "  . not planned" };
	static const char *const marks[] = { "- same CPU", "  . not planned", "  ? pending",
	    "  ! failed (why: above; r again)", "  ~ disturbed" };

	if (v->c.dry_run)
		return c2cview_flow(y, y + 1, cols, attr, plan, 7);
	return c2cview_flow(y, y + 1, cols, attr, marks, 5);
}

/*
 * Labels and cells of bins g: 0 if they fit rows and cols with what is
 * under them (a blank, what a cell is, the scale when measured, the marks,
 * the classes, the keys).
 */
static int
c2cview_fit(const struct c2cview *v, int rows, int cols, int nclasses, struct c2cview_geom *g)
{
	char	lab[64];
	int	b, len, maxrow = 0, maxcol = 0, w, below;

	for (b = 0; b < g->nb; b++) {
		c2cview_bin_label(v, g, b, lab, sizeof lab);
		if ((len = (int)strlen(lab)) > maxrow)
			maxrow = len;
		if ((len = snprintf(NULL, 0, "%d", v->c.plan.cpus[g->start[b]])) > maxcol)
			maxcol = len;
	}
	g->labelw = maxrow + 2;
	w = cols - g->labelw - 1;
	g->cw = g->nb * 6 <= w ? 6 : g->nb * 3 <= w ? 3 : 2;
	/* A column's label fits across its cell with a blank before it, else downwards. */
	g->labrows = g->cw > maxcol ? 1 : maxcol;
	g->y0 = g->top + 1 + g->labrows;
	below = 1 + c2cview_draw_what(v, g, 0, cols, -1) + !v->c.dry_run +
	    c2cview_draw_marks(v, 0, cols, -1) + nclasses + 1;
	return g->nb >= 2 && g->nb * g->cw <= w && g->y0 + g->nb + below <= rows ? 0 : -1;
}

/* The relation classes the plan has pairs of (their summary lines). */
static int
c2cview_nclasses(const struct c2cview *v)
{
	struct c2c_class	cl[C2C_NCLASSES];
	int			k, n = 0;

	if (v->c.dry_run)
		return 0;
	c2c_classes(&v->c, cl);
	for (k = 0; k < C2C_NCLASSES; k++)
		n += cl[k].npairs > 0;
	return n;
}

/* Lay the matrix out: a CPU a bin where they fit, else the fewest whole cores a bin. */
static int
c2cview_geom(const struct c2cview *v, int rows, int cols, struct c2cview_geom *g)
{
	int	per, nclasses = c2cview_nclasses(v);

	g->top = c2cview_draw_progress(v, cols, -1);
	if (c2cview_bins(v, 0, g) == 0 && c2cview_fit(v, rows, cols, nclasses, g) == 0)
		return 0;
	for (per = 1; per <= v->c.plan.ncpus; per++) {
		if (c2cview_bins(v, per, g) == -1)
			continue;
		if (c2cview_fit(v, rows, cols, nclasses, g) == 0)
			return 0;
		if (g->nb < 2)
			break;
	}
	return -1;
}

/* What a cell covers: its figures summed, the pairs by state, the nearest relation. */
struct c2cview_cell {
	double	sum;
	int	done, failed, pending, planned, diag, disturbed;
	int	rel;
};

/* Gather the pairs of the CPUs of cell (r, c). */
static void
c2cview_cell(const struct c2cview *v, const struct c2cview_geom *g, int r, int c,
    struct c2cview_cell *out)
{
	const struct c2c_plan	*p = &v->c.plan;
	const struct c2c_result	*res;
	int			 i, j, k, n = p->ncpus;

	memset(out, 0, sizeof *out);
	out->rel = REL_COUNT;
	for (i = g->start[r]; i < g->start[r + 1]; i++) {
		for (j = g->start[c]; j < g->start[c + 1]; j++) {
			if (i == j) {
				out->diag = 1;
				continue;
			}
			if ((k = p->cell[i * n + j]) == -1)
				continue;
			out->planned++;
			if ((int)p->pairs[k].rel < out->rel)
				out->rel = p->pairs[k].rel;
			res = &v->c.res[k];
			if (res->state == C2C_DONE) {
				out->done++;
				out->sum += res->ns;
				out->disturbed += res->disturbed;
			} else if (res->state == C2C_FAILED)
				out->failed++;
			else
				out->pending++;
		}
	}
}

/* The range of the figures so far. */
static void
c2cview_range(const struct c2cview *v, double *lo, double *hi)
{
	int	i;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; i < v->c.plan.npairs; i++) {
		if (v->c.res[i].state != C2C_DONE)
			continue;
		if (v->c.res[i].ns < *lo)
			*lo = v->c.res[i].ns;
		if (v->c.res[i].ns > *hi)
			*hi = v->c.res[i].ns;
	}
}

/* A figure's level on the scale, 0 (fastest) to 3. */
static int
c2cview_level(double x, double lo, double hi)
{
	int	l = hi > lo ? (int)floor((x - lo) / (hi - lo) * 4) : 0;

	return l < 0 ? 0 : l > 3 ? 3 : l;
}

/* The theme's attribute of a level: fast is good. */
static int
c2cview_attr(const struct ui_term *t, int level)
{
	return (int)t->attr[level == 0 ? THEME_SPEED_GOOD : level == 3 ? THEME_SPEED_BAD :
	    THEME_SPEED_MID];
}

/* The shade of a level. */
static const char *
c2cview_shade(const struct ui_term *t, int level)
{
	static const char *const utf8[4] = { "\u2591", "\u2592", "\u2593", "\u2588" };
	static const char *const ascii[4] = { ".", ":", "*", "#" };

	return t->utf8 ? utf8[level] : ascii[level];
}

/* The letter of a relation in the plan's view. */
static char
c2cview_rel_letter(int rel)
{
	static const char letters[] = "=s23po";

	return rel >= 0 && rel < REL_COUNT ? letters[rel] : '?';
}

/* Draw one cell at (y, x). */
static void
c2cview_draw_cell(const struct c2cview *v, const struct ui_term *t,
    const struct c2cview_geom *g, const struct c2cview_cell *cl, int y, int x,
    double lo, double hi)
{
	char	buf[32], num[32];
	double	mean;
	int	level, i;

	attrset((int)t->attr[THEME_NORMAL]);
	if (cl->planned == 0)
		snprintf(buf, sizeof buf, "%s", cl->diag ? "-" : ".");
	else if (v->c.dry_run) {
		snprintf(buf, sizeof buf, "%c", c2cview_rel_letter(cl->rel));
		attrset((int)t->attr[THEME_LABEL]);
	} else if (cl->done > 0) {
		mean = cl->sum / cl->done;
		level = c2cview_level(mean, lo, hi);
		attrset(c2cview_attr(t, level));
		if (g->cw >= 6)
			snprintf(buf, sizeof buf, "%s%s", cl->disturbed ? "~" : "",
			    fmt_num(num, sizeof num, mean, FMT_SIG3, 0));
		else {
			move(y, x);
			for (i = 0; i < g->cw; i++)
				addstr(c2cview_shade(t, level));
			return;
		}
	} else
		snprintf(buf, sizeof buf, "%s", cl->failed > 0 ? "!" : "?");
	mvprintw(y, x, "%*s", g->cw, buf);
}

/*
 * The column labels, a bin's first CPU over its cell's last column: across
 * when the cell has room for it and a blank, else written downwards.
 */
static void
c2cview_draw_columns(const struct c2cview *v, const struct ui_term *t,
    const struct c2cview_geom *g, int curbin)
{
	char	lab[16];
	int	c, i, x, len;

	for (c = 0; c < g->nb; c++) {
		len = snprintf(lab, sizeof lab, "%d", v->c.plan.cpus[g->start[c]]);
		x = g->labelw + (c + 1) * g->cw - 1;
		attrset((int)t->attr[c == curbin ? THEME_CURSOR : THEME_LABEL]);
		if (g->labrows == 1)
			mvaddstr(g->y0 - 1, x - len + 1, lab);
		else
			for (i = 0; i < len; i++)
				mvaddch(g->y0 - len + i, x, (chtype)lab[i]);
	}
}

/* The matrix, its labels, the cursor's row marked. */
static void
c2cview_draw_matrix(const struct c2cview *v, const struct ui_state *st,
    const struct ui_term *t, const struct c2cview_geom *g)
{
	struct c2cview_cell	cl;
	char			lab[64];
	double			lo, hi;
	int			r, c, cur = c2cview_bin_of(g, c2cview_cursor_row(st));

	c2cview_range(v, &lo, &hi);
	c2cview_draw_columns(v, t, g, cur);
	for (r = 0; r < g->nb; r++) {
		c2cview_bin_label(v, g, r, lab, sizeof lab);
		attrset((int)t->attr[r == cur ? THEME_CURSOR : THEME_LABEL]);
		mvprintw(g->y0 + r, 0, "%s%*s ", r == cur ? ">" : " ", g->labelw - 2, lab);
		for (c = 0; c < g->nb; c++) {
			c2cview_cell(v, g, r, c, &cl);
			c2cview_draw_cell(v, t, g, &cl, g->y0 + r, g->labelw + c * g->cw, lo,
			    hi);
		}
	}
}

/* The scale (measured), the marks and the summary by class, from row y. */
static void
c2cview_draw_legend(const struct c2cview *v, const struct ui_term *t, int y)
{
	struct c2c_class	cl[C2C_NCLASSES];
	char			part[4][96];
	const char		*el[4] = { part[0], part[1], part[2], part[3] };
	double			lo, hi;
	int			k, l, info = (int)t->attr[THEME_INFO];

	if (v->c.dry_run) {
		c2cview_draw_marks(v, y, t->cols, info);
		return;
	}
	c2cview_range(v, &lo, &hi);
	if (isfinite(lo)) {
		attrset(info);
		mvprintw(y, 0, "%.1f ns ", lo);
		for (l = 0; l < 4; l++) {
			attrset(c2cview_attr(t, l));
			addstr(c2cview_shade(t, l));
		}
		attrset(info);
		printw(" %.1f ns", hi);
	}
	y = c2cview_draw_marks(v, y + 1, t->cols, info);
	c2c_classes(&v->c, cl);
	for (k = 0; k < C2C_NCLASSES; k++) {
		if (cl[k].nmeasured == 0)
			continue;
		snprintf(part[0], sizeof part[0], "%-15s median %.1f ns", cl[k].name,
		    cl[k].median);
		snprintf(part[1], sizeof part[1], ", %.1f-%.1f ns", cl[k].lo, cl[k].hi);
		snprintf(part[2], sizeof part[2], ", %d of %d pair%s", cl[k].nmeasured,
		    cl[k].npairs, cl[k].npairs == 1 ? "" : "s");
		snprintf(part[3], sizeof part[3], "%s", cl[k].nout > 0 ?
		    ", some out of class" : "");
		y = c2cview_flow(y, y, t->cols, info, el, 4);
	}
}

/* "no plan: WHY" from row y to ylast, a word an element: wrapped, never cut. */
static void
c2cview_draw_words(const char *why, int y, int ylast, int cols, int attr)
{
	char		 buf[300], *w, *save = NULL;
	const char	*el[64];
	char		 words[64][80];
	int		 n = 0;

	snprintf(buf, sizeof buf, "no plan: %s", why);
	for (w = strtok_r(buf, " ", &save); w != NULL && n < 64; w = strtok_r(NULL, " ", &save)) {
		snprintf(words[n], sizeof words[n], "%s%s", n > 0 ? " " : "", w);
		el[n] = words[n];
		n++;
	}
	c2cview_flow(y, ylast, cols, attr, el, n);
}

/* Draw the view on the whole screen. */
void
c2cview_draw(const struct ui_state *st, const struct ui_term *t)
{
	static const char *const keys0[] = { "L back to the tree", "  j/k move",
	    "  r measure failed pairs again", "  q quit" };
	const char		*keys[5] = { st->scr.msg, keys0[0], keys0[1], keys0[2],
				    keys0[3] };
	char			 msg[300];
	const struct c2cview	*v = st->c2c;
	struct c2cview_geom	 g;
	char			 title[256];
	const char		*el[2] = { "Core-to-core latency, one way", title };
	int			 y;

	erase();
	snprintf(title, sizeof title, ": %s%s%s", v->c.machine,
	    v->c.hypervisor[0] ? ", under " : "", v->c.hypervisor);
	c2cview_flow(0, 0, t->cols, (int)t->attr[THEME_HEADER], el, 2);
	attrset((int)t->attr[THEME_NORMAL]);
	if (!v->planned)
		c2cview_draw_words(v->err, 2, t->rows - 2, t->cols, (int)t->attr[THEME_NORMAL]);
	else {
		c2cview_draw_progress(v, t->cols, (int)t->attr[THEME_INFO]);
		if (c2cview_geom(v, t->rows, t->cols, &g) == -1) {
			el[0] = "the terminal is too small for the matrix";
			c2cview_flow(g.top + 1, g.top + 1, t->cols,
			    (int)t->attr[THEME_NORMAL], el, 1);
		} else {
			c2cview_draw_matrix(v, st, t, &g);
			y = c2cview_draw_what(v, &g, g.y0 + g.nb + 1, t->cols,
			    (int)t->attr[THEME_INFO]);
			c2cview_draw_legend(v, t, y);
		}
	}
	/* The status line's message (r's answer) before the keys. */
	snprintf(msg, sizeof msg, "%s  ", st->scr.msg);
	keys[0] = st->scr.msg[0] != '\0' ? msg : "";
	c2cview_flow(t->rows - 1, t->rows - 1, t->cols, (int)t->attr[THEME_STATUS], keys, 5);
	wnoutrefresh(stdscr);
	doupdate();
}

/* The first row of the plan of the bin dir bins from the cursor's, as the frame lays them out. */
static int
c2cview_step(const struct ui_state *st, int row, int dir)
{
	const struct c2cview	*v = st->c2c;
	struct c2cview_geom	 g;
	int			 b;

	if (c2cview_geom(v, LINES, COLS, &g) == -1 || (b = c2cview_bin_of(&g, row)) == -1)
		return row + dir;
	b += dir;
	return b < 0 ? 0 : b >= g.nb ? v->c.plan.ncpus - 1 : g.start[b];
}

/* Keys while the view is shown: move along the rows (a bin a step), leave, quit. */
int
c2cview_key(struct ui_state *st, int key)
{
	MEVENT	ev;
	int	row;

	if (!c2cview_on(st) || st->sel.mode != UI_NORMAL)
		return 0;
	row = c2cview_cursor_row(st);
	switch (key) {
	case KEY_MOUSE:
		if (getmouse(&ev) == OK && (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)))
			c2cview_cursor_to(st, c2cview_step(st, row,
			    ev.bstate & BUTTON4_PRESSED ? -1 : 1));
		break;
	case KEY_UP:
	case 'k':
		c2cview_cursor_to(st, c2cview_step(st, row, -1));
		break;
	case KEY_DOWN:
	case 'j':
		c2cview_cursor_to(st, c2cview_step(st, row, 1));
		break;
	case KEY_HOME:
	case 'g':
		c2cview_cursor_to(st, 0);
		break;
	case KEY_END:
	case 'G':
		c2cview_cursor_to(st, st->c2c->c.plan.ncpus - 1);
		break;
	case 'L':
	case 27:
		c2cview_toggle(st);
		break;
	case 'r':
		c2cview_remeasure(st, st->c2c);
		break;
	case 'q':
	case 'Q':
	case KEY_F(10):
		control_quit(st, st->scr.exit_status);
		break;
	case 12:
		control_redraw(st);
		break;
	}
	st->scr.dirty = 1;
	return 1;
}
