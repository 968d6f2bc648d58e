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
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exp/c2c.h"
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
};

/* The child: measure every pair at the lowest priority, one record each; never returns. */
static void __attribute__((noreturn))
c2cview_child(struct c2cview *v, pid_t parent, int wfd)
{
	struct c2c_meter	*mt;
	struct c2cview_rec	 rec;
	sigset_t		 none;
	char			 err[256];
	int			 sig, fd;

	util_fatal_hook = NULL;
	for (sig = 1; sig < NSIG; sig++)
		signal(sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (os_parent_death_signal(SIGKILL) == -1 || getppid() != parent)
		_exit(1);
	for (fd = 0; fd < 1024; fd++)
		if (fd != wfd)
			close(fd);
	os_set_name("smtscope:c2c");
	setpriority(PRIO_PROCESS, 0, 19);
	if ((mt = c2c_meter_new(v->c.m, err, sizeof err)) == NULL)
		_exit(1);
	for (rec.pair = 0; rec.pair < v->c.plan.npairs; rec.pair++) {
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
	sigset_t	all, old;
	pid_t		parent = getpid();
	int		fds[2], e;

	if (pipe2(fds, O_CLOEXEC) == -1) {
		snprintf(v->err, sizeof v->err, "cannot measure: pipe: %s", strerror(errno));
		return -1;
	}
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	v->pid = fork();
	if (v->pid == 0) {
		close(fds[0]);
		c2cview_child(v, parent, fds[1]);
	}
	e = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fds[1]);
	if (v->pid == -1) {
		close(fds[0]);
		snprintf(v->err, sizeof v->err, "cannot measure: fork: %s", strerror(e));
		return -1;
	}
	v->fd = fds[0];
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

/* Keys while the view is shown: move along the rows, leave, quit. */
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
			c2cview_cursor_to(st, row + (ev.bstate & BUTTON4_PRESSED ? -1 : 1));
		break;
	case KEY_UP:
	case 'k':
		c2cview_cursor_to(st, row - 1);
		break;
	case KEY_DOWN:
	case 'j':
		c2cview_cursor_to(st, row + 1);
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
			    "%d of %d pairs", v->c.ndone, v->c.plan.npairs);
		c2cview_reap(v);
		st->scr.dirty = 1;
	}
}

/* Stop the child and free the view. */
void
c2cview_free(struct ui_state *st)
{
	struct c2cview	*v = st->c2c;

	if (v == NULL)
		return;
	if (v->pid > 0)
		kill(v->pid, SIGKILL);
	c2cview_reap(v);
	c2c_free(&v->c);
	free(v);
	st->c2c = NULL;
}

/* The frame of the view: how many CPUs a cell covers, and its columns. */
struct c2cview_geom {
	int	nb;		/* cells per side */
	int	cw;		/* columns per cell */
	int	labelw;		/* the row labels' columns */
	int	y0;		/* the first row of cells */
};

/* Cells per side and their width: figures when they fit, else shades, else bins. */
static int
c2cview_geom(const struct c2cview *v, int rows, int cols, struct c2cview_geom *g)
{
	int	n = v->c.plan.ncpus, maxos = 0, i, w, h;

	for (i = 0; i < n; i++)
		if (v->c.plan.cpus[i] > maxos)
			maxos = v->c.plan.cpus[i];
	g->labelw = snprintf(NULL, 0, "%d", maxos) + 2;
	g->y0 = 4;
	w = cols - g->labelw - 1;
	h = rows - g->y0 - 9;
	if (n * 6 <= w && n <= h)
		g->cw = 6;
	else if (n * 3 <= w && n <= h)
		g->cw = 3;
	else
		g->cw = 2;
	g->nb = n;
	if (g->nb > w / g->cw)
		g->nb = w / g->cw;
	if (g->nb > h)
		g->nb = h;
	return g->nb >= 2 ? 0 : -1;
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
	for (i = r * n / g->nb; i < (r + 1) * n / g->nb; i++) {
		for (j = c * n / g->nb; j < (c + 1) * n / g->nb; j++) {
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

/* The column labels: as many CPU numbers as fit. */
static void
c2cview_draw_columns(const struct c2cview *v, const struct ui_term *t,
    const struct c2cview_geom *g, int cur, int cols)
{
	char	lab[16];
	int	c, x, next = 0, n = v->c.plan.ncpus, first, len;

	for (c = 0; c < g->nb; c++) {
		first = c * n / g->nb;
		len = snprintf(lab, sizeof lab, "%d", v->c.plan.cpus[first]);
		x = g->labelw + c * g->cw + g->cw - len;
		if (x < next || x + len >= cols)
			continue;
		attrset((int)t->attr[cur >= first && cur < (c + 1) * n / g->nb ?
		    THEME_CURSOR : THEME_LABEL]);
		mvaddstr(g->y0 - 1, x, lab);
		next = x + len + 1;
	}
}

/* The matrix, its labels, the cursor's row marked. */
static void
c2cview_draw_matrix(const struct c2cview *v, const struct ui_state *st,
    const struct ui_term *t, const struct c2cview_geom *g)
{
	struct c2cview_cell	cl;
	double			lo, hi;
	int			r, c, cur = c2cview_cursor_row(st), n = v->c.plan.ncpus, here;

	c2cview_range(v, &lo, &hi);
	c2cview_draw_columns(v, t, g, cur, t->cols);
	for (r = 0; r < g->nb; r++) {
		here = cur >= r * n / g->nb && cur < (r + 1) * n / g->nb;
		attrset((int)t->attr[here ? THEME_CURSOR : THEME_LABEL]);
		mvprintw(g->y0 + r, 0, "%s%*d ", here ? ">" : " ", g->labelw - 2,
		    v->c.plan.cpus[r * n / g->nb]);
		for (c = 0; c < g->nb; c++) {
			c2cview_cell(v, g, r, c, &cl);
			c2cview_draw_cell(v, t, g, &cl, g->y0 + r, g->labelw + c * g->cw, lo,
			    hi);
		}
	}
}

/* The progress line: pairs measured, the time left; or the plan's note. */
static void
c2cview_progress(const struct c2cview *v, char *buf, size_t len)
{
	const struct c2c	*c = &v->c;
	double			 el;
	int			 i;

	if (c->dry_run)
		snprintf(buf, len, "plan only: %d pairs of %d CPUs (another machine's "
		    "topology: nothing is measured here)", c->plan.npairs, c->plan.ncpus);
	else if (v->err[0] != '\0')
		snprintf(buf, len, "%s", v->err);
	else if (v->pid > 0) {
		el = (double)(util_now_ns() - v->t0_ns) / 1e9;
		snprintf(buf, len, "measuring in the background (nice 19): %d of %d pairs "
		    "(%s)", c->ndone, c->plan.npairs, c->ndone == 0 ? "first pair" : "");
		if (c->ndone > 0)
			snprintf(buf, len, "measuring in the background (nice 19): %d of %d "
			    "pairs, about %.0f s left", c->ndone, c->plan.npairs,
			    el / c->ndone * (c->plan.npairs - c->ndone));
	} else {
		for (el = 0, i = 0; i < c->plan.npairs; i++)
			el += c->res[i].secs;
		snprintf(buf, len, "measured %d of %d pairs in %.2f s", c->ndone,
		    c->plan.npairs, el);
	}
}

/* The legend and the summary by class, from row y. */
static int
c2cview_draw_legend(const struct c2cview *v, const struct ui_term *t, int y)
{
	struct c2c_class	cl[C2C_NCLASSES];
	double			lo, hi;
	int			k, l;

	attrset((int)t->attr[THEME_INFO]);
	if (v->c.dry_run) {
		mvaddstr(y++, 0, "s smt-sibling  2 shared-l2  3 shared-l3  p same-package  "
		    "o other-package  - same CPU  . not planned");
		return y;
	}
	c2cview_range(v, &lo, &hi);
	move(y, 0);
	if (isfinite(lo)) {
		printw("%.1f ns ", lo);
		for (l = 0; l < 4; l++) {
			attrset(c2cview_attr(t, l));
			addstr(c2cview_shade(t, l));
		}
		attrset((int)t->attr[THEME_INFO]);
		printw(" %.1f ns   ", hi);
	}
	addstr("- same CPU  . not planned  ? pending  ! failed  ~ disturbed");
	y++;
	c2c_classes(&v->c, cl);
	for (k = 0; k < C2C_NCLASSES; k++) {
		if (cl[k].nmeasured == 0)
			continue;
		mvprintw(y++, 0, "%-15s median %.1f ns, %.1f-%.1f ns, %d of %d pairs%s",
		    cl[k].name, cl[k].median, cl[k].lo, cl[k].hi, cl[k].nmeasured,
		    cl[k].npairs, cl[k].nout > 0 ? ", some out of class" : "");
	}
	return y;
}

/* Draw the view on the whole screen. */
void
c2cview_draw(const struct ui_state *st, const struct ui_term *t)
{
	const struct c2cview	*v = st->c2c;
	struct c2cview_geom	 g;
	char			 line[512];
	int			 y;

	erase();
	attrset((int)t->attr[THEME_HEADER]);
	mvprintw(0, 0, "Core-to-core latency, one way: %.60s%s%s", v->c.machine,
	    v->c.hypervisor[0] ? ", under " : "", v->c.hypervisor);
	attrset((int)t->attr[THEME_NORMAL]);
	if (!v->planned)
		mvprintw(2, 0, "no plan: %.200s", v->err);
	else {
		c2cview_progress(v, line, sizeof line);
		attrset((int)t->attr[THEME_INFO]);
		mvaddnstr(1, 0, line, t->cols);
		if (v->c.hypervisor[0])
			mvprintw(2, 0, "under %s the host's placement of the virtual CPUs "
			    "decides what is measured", v->c.hypervisor);
		if (c2cview_geom(v, t->rows, t->cols, &g) == -1)
			mvaddstr(3, 0, "the terminal is too small for the matrix");
		else {
			c2cview_draw_matrix(v, st, t, &g);
			y = c2cview_draw_legend(v, t, g.y0 + g.nb + 1);
			(void)y;
		}
	}
	attrset((int)t->attr[THEME_STATUS]);
	mvaddnstr(t->rows - 1, 0, "L back to the tree  j/k move  q quit", t->cols);
	wnoutrefresh(stdscr);
	doupdate();
}
