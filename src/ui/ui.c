/*
 * ui.c: the live screen's terminal and event loop, and the API that tours
 * drive (ui.h). One poll() over the terminal, a timer descriptor for
 * refreshes and a signal descriptor for SIGCHLD, SIGWINCH, SIGINT, SIGTERM,
 * SIGHUP and SIGQUIT (os.h: a timerfd and a signalfd on Linux); no
 * threads. Data flows one way: the loop hands keys and clicks to input.c,
 * which asks control.c for actions; control (and figures.c, each refresh)
 * change the state; before each frame layout.c lays it out, then draw.c
 * draws it, reading only. The one handler is for fatal signals (SIGSEGV,
 * SIGABRT...), in fatal.c.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "exp/infer/infer.h"
#include "ui/rc.h"
#include "engine/solo.h"
#include "os/os.h"
#include "ui/c2cview.h"
#include "ui/chart.h"
#include "ui/countersview.h"
#include "ui/control.h"
#include "ui/draw.h"
#include "ui/fatal.h"
#include "ui/figures.h"
#include "ui/help.h"
#include "ui/idleview.h"
#include "ui/input.h"
#include "ui/layout.h"
#include "ui/message.h"
#include "ui/others.h"
#include "ui/recorder.h"
#include "ui/replayview.h"
#include "ui/snapshot.h"
#include "base/safefile.h"
#include "ui/state.h"
#include "ui/term.h"
#include "ui/ui.h"
#include "base/util.h"

/* The screen: its state, the layout of the frame shown, the terminal, the loop. */
struct ui {
	struct ui_state		 st;
	struct ui_layout	 lay;
	struct ui_term		 term;
	unsigned int		 theme_drawn;	/* st.scr.theme_gen the colors are for */

	/* A script (a tour) driving the screen. */
	int			 (*step)(struct ui *, void *);
	void			*step_arg;
	void			 (*finish)(struct ui *, void *);
	uint64_t		 step_due_ns;	/* 0: none timed */
	int			 step_reason;

	uint64_t		 frames;
	uint64_t		 frames_max;	/* SMTSCOPE_UI_FRAMES: exit after so many */
	/* SMTSCOPE_UI_STATS=FILE: each frame's time to lay out and draw, in us. */
	const char		*stats_path;
	uint32_t		*draw_us;
	size_t			 ndraw, capdraw;
};

/* Write the frame just drawn as SVG, and say where (on the next frame). */
static void
ui_snapshot(struct ui_state *st)
{
	char	name[512], err[600];

	st->scr.snapshot_ask = 0;
	if (snapshot_svg(st->scr.snapshot_path[0] != '\0' ? st->scr.snapshot_path : NULL,
	    name, sizeof name, err, sizeof err) == -1)
		control_message(st, 1, "%s", err);
	else
		control_message(st, 0, "screen written as SVG: %s", name);
	st->scr.dirty = 1;
}

/* Lay the frame out and draw it; the colors first if the theme changed. */
static void
ui_draw(struct ui *ui)
{
	struct ui_state	*st = &ui->st;
	uint64_t	 t0;

	if (ui->theme_drawn != st->scr.theme_gen) {
		draw_theme(&ui->term, &st->scr.theme);
		ui->theme_drawn = st->scr.theme_gen;
	}
	if (st->scr.redraw) {
		clearok(curscr, TRUE);
		st->scr.redraw = 0;
	}
	t0 = util_now_ns();
	if (c2cview_on(st))
		c2cview_draw(st, &ui->term);
	else {
		layout_update(&ui->lay, st, ui->term.rows, ui->term.cols, ui->term.utf8);
		help_place(&ui->lay, st);
		draw_frame(st, &ui->lay, &ui->term);
	}
	if (ui->stats_path != NULL) {
		if (ui->ndraw == ui->capdraw) {
			ui->capdraw = ui->capdraw ? 2 * ui->capdraw : 1024;
			ui->draw_us = xreallocarray(ui->draw_us, ui->capdraw, sizeof *ui->draw_us);
		}
		ui->draw_us[ui->ndraw++] = (uint32_t)((util_now_ns() - t0) / 1000);
	}
	st->scr.dirty = 0;
	ui->frames++;
	if (st->scr.snapshot_ask)
		ui_snapshot(st);
}

/* A refresh: sample CPUs and loads, expire old news. */
static void
ui_tick(struct ui *ui)
{
	char	err[256];

	if (ui->st.replay != NULL) {
		/* The recording gives the figures (replayview_poll()). */
		control_expire_message(&ui->st);
		return;
	}
	if (figures_tick(&ui->st, err, sizeof err) == -1)
		control_message(&ui->st, 1, "%s", err);
	recorder_tick(&ui->st);
	if (ui->st.chart.samples != NULL)
		chart_record(ui->st.chart.samples, &ui->st.host, &ui->st.lview);
	control_expire_message(&ui->st);
	control_solo_guard(&ui->st);
	c2cview_tick(&ui->st);
}

/* Follow the terminal's new size. */
static void
ui_resize(struct ui *ui)
{
	struct winsize	ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
	ui->term.rows = LINES;
	ui->term.cols = COLS;
	control_redraw(&ui->st);
}

/* Read the signal descriptor and act on each signal. */
static void
ui_signals(struct ui *ui, int sfd)
{
	int	sig;

	while ((sig = os_signal_next(sfd)) != 0) {
		switch (sig) {
		case SIGCHLD:
			control_reap(&ui->st);
			break;
		case SIGWINCH:
			ui_resize(ui);
			break;
		default:
			control_quit(&ui->st, 128 + sig);
			break;
		}
	}
}

/* Call the script's step function when it is due (or now, with force). */
static void
ui_step(struct ui *ui, int force)
{
	struct ui_state	*st = &ui->st;
	int		 r;

	if (ui->step == NULL || (!force && (st->tour.script_key || ui->step_due_ns == 0 ||
	    util_now_ns() < ui->step_due_ns)))
		return;
	st->tour.script_key = 0;
	r = ui->step(ui, ui->step_arg);
	if (r >= 0)
		ui->step_due_ns = util_now_ns() + (uint64_t)r * 1000000ULL;
	else if (r == UI_STEP_KEY) {
		st->tour.script_key = 1;
		ui->step_due_ns = 0;
	} else if (r == UI_STEP_QUIT)
		control_quit(st, st->scr.exit_status);
	else {
		/* The script is over: the screen is the user's again. */
		ui->step = NULL;
		st->tour.script = 0;
		st->tour.keys = 0;
		st->tour.ended = st->tour.caption[0] != '\0';
	}
	st->scr.dirty = 1;
}

/* A key asked for a step (n, Space, Left in a tour): call the script now. */
static void
ui_step_asked(struct ui *ui)
{
	if (ui->st.tour.ask == UI_ASK_NONE)
		return;
	ui->step_reason = ui->st.tour.ask == UI_ASK_NEXT ? UI_REASON_NEXT : UI_REASON_PREV;
	ui->st.tour.ask = UI_ASK_NONE;
	ui_step(ui, 1);
	ui->step_reason = UI_REASON_TIMER;
}

/* Why the step function is called now. */
int
ui_step_reason(struct ui *ui)
{
	return ui->step_reason;
}

/* Milliseconds until the next deadline of the loop, or -1. */
static int
ui_timeout(struct ui *ui)
{
	uint64_t	now = util_now_ns(), d = figures_deadline(&ui->st), ms, r;

	r = replayview_deadline(&ui->st);
	if (r != 0 && (d == 0 || r < d))
		d = r;
	if (ui->step != NULL && !ui->st.tour.script_key && ui->step_due_ns != 0 &&
	    (d == 0 || ui->step_due_ns < d))
		d = ui->step_due_ns;
	if (d == 0)
		return -1;
	if (d <= now)
		return 0;
	ms = (d - now + 999999) / 1000000;
	return ms > 60000 ? 60000 : (int)ms;
}

/* Read every key waiting on the terminal: input turns each into actions. */
static void
ui_input(struct ui *ui)
{
	int	key;

	while (!ui->st.scr.quit && (key = getch()) != ERR) {
		if (replayview_key(&ui->st, key) || c2cview_key(&ui->st, key))
			;
		else if (key == KEY_MOUSE)
			input_mouse(&ui->st, &ui->lay);
		else if (key == KEY_RESIZE)
			continue;	/* resizeterm()'s echo of our own SIGWINCH */
		else
			input_key(&ui->st, &ui->lay, key);
		ui_step_asked(ui);
		ui->st.scr.dirty = 1;
	}
}

/*
 * Ctrl-S must not freeze the screen (IXON would stop our output while the
 * loads run on): flow control off, kept as curses' program mode.
 */
static void
ui_flow_control_off(void)
{
	struct termios	t;

	if (tcgetattr(STDIN_FILENO, &t) == -1)
		return;
	t.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
	if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0)
		def_prog_mode();
}

/* Start curses: no echo, keys one at a time, keypad and mouse, no cursor. */
static int
ui_curses_start(struct ui *ui)
{
	ui_fatal_save();
	if (newterm(NULL, stdout, stdin) == NULL) {
		fprintf(stderr, "smtscope: cannot use the terminal '%s'\n",
		    getenv("TERM") ? getenv("TERM") : "(TERM not set)");
		return -1;
	}
	ui_fatal_begin();
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	mouseinterval(0);
	ui_flow_control_off();
	ui_fatal_arm();
	ui->term.colors = 0;
	if (has_colors() && start_color() == OK) {
		use_default_colors();
		ui->term.colors = COLORS >= 8;
	}
	ui->st.scr.colors = ui->term.colors;
	ui->term.rows = LINES;
	ui->term.cols = COLS;
	return 0;
}

/* The main loop: draw when something changed, then wait for the next event. */
static void
ui_loop(struct ui *ui, int tfd, int sfd)
{
	struct pollfd	pfd[3];
	int		n;

	pfd[0].fd = STDIN_FILENO;
	pfd[1].fd = tfd;
	pfd[2].fd = sfd;
	pfd[0].events = pfd[1].events = pfd[2].events = POLLIN;
	for (;;) {
		if (ui->st.scr.dirty && !ui->st.scr.quit) {
			ui_draw(ui);
			if (ui->frames_max != 0 && ui->frames >= ui->frames_max)
				control_quit(&ui->st, ui->st.scr.exit_status);
			if (ui->frames == 1 && ui->step != NULL)
				ui->step_due_ns = util_now_ns();
		}
		if (ui->st.scr.quit)
			break;
		n = poll(pfd, 3, ui_timeout(ui));
		if (n == -1 && errno != EINTR)
			fatal("poll");
		if (n > 0 && (pfd[2].revents & POLLIN))
			ui_signals(ui, sfd);
		if (n > 0 && (pfd[1].revents & POLLIN) && os_timer_ticks(tfd) > 0)
			ui_tick(ui);
		if (n > 0 && (pfd[0].revents & POLLIN))
			ui_input(ui);
		else if (n > 0 && (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL)))
			control_quit(&ui->st, 1);	/* the terminal went away */
		figures_solo_poll(&ui->st);
		replayview_poll(&ui->st);
		ui_step(ui, 0);
	}
}

/* Is the locale's character set UTF-8? */
static int
ui_locale_utf8(void)
{
	const char	*cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/* Free what the screen allocated, the model last. */
static void
ui_free(struct ui *ui)
{
	struct ui_state	*st = &ui->st;

	solo_free(st->host.solo);
	loads_free(st->host.loads);
	layout_release(&ui->lay);
	cpustat_free(&st->host.s_prev);
	cpustat_free(&st->host.s_cur);
	free(st->host.pct);
	free(st->host.pct_ok);
	others_free(&st->others);
	countersview_free(&st->cv);
	idleview_free(&st->iv);
	lview_free(&st->lview);
	chart_free(st->chart.samples);
	free(st->infer);
	replayview_free(st);
	free(ui->draw_us);
	topo_free(st->host.m);
}

/* Read a check --infer result measured on this machine; -1 with a message on stderr. */
static int
ui_infer(struct ui_state *st, const char *path)
{
	char	err[512];

	st->infer = xcalloc(INFER_MAX_PAIRS, sizeof *st->infer);
	if ((st->ninfer = infer_load(path, st->host.m, st->infer, INFER_MAX_PAIRS, err,
	    sizeof err)) == -1) {
		fprintf(stderr, "smtscope: --infer-from: %s\n", err);
		st->ninfer = 0;
		return -1;
	}
	return 0;
}

/* Load the machine model and its identity; -1 with a message on stderr. */
static int
ui_model(struct ui_state *st, const char *input, const char *replay)
{
	char	err[4600];

	if (replay != NULL) {
		if (replayview_open(st, replay, err, sizeof err) == -1) {
			fprintf(stderr, "smtscope: replay: %s\n", err);
			return -1;
		}
	} else if (input != NULL)
		st->host.m = topo_load_input(input, err, sizeof err);
	else
		st->host.m = topo_load_live(err, sizeof err);
	if (st->host.m == NULL) {
		fprintf(stderr, "smtscope: %s%s\n", input != NULL ? "-i: " : "", err);
		return -1;
	}
	if (st->host.m->npus == 0) {
		fprintf(stderr, "smtscope: the topology has no logical CPU\n");
		return -1;
	}
	st->host.view_only = !topo_is_live(st->host.m);
	if (st->host.view_only)
		cpuinfo_from_topology(&st->host.ci, st->host.m->cpu_vendor,
		    st->host.m->cpu_model);
	else
		cpuinfo_read(&st->host.ci, NULL);
	/* The cursor starts on the first CPU this process may use (taskset, a cpuset). */
	while (st->sel.cursor + 1 < st->host.m->npus &&
	    !st->host.m->pus[st->sel.cursor].allowed)
		st->sel.cursor++;
	/* Another machine's CPU time only where a proc root stands for it. */
	st->host.sampling = !st->host.view_only || os_root()[0] != '\0';
	st->host.pct = xcalloc((size_t)st->host.m->npus, sizeof *st->host.pct);
	st->host.pct_ok = xcalloc((size_t)st->host.m->npus, 1);
	others_init(&st->others, &st->host);
	/* Loading XML leaves megabytes of freed heap: give them back. */
	os_trim_heap();
	return 0;
}

/* Block the loop's signals and return a descriptor that reads them. */
static int
ui_signalfd(sigset_t *old)
{
	static const int	 ends[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction	 was;
	sigset_t		 set;
	size_t			 i;
	int			 fd;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGWINCH);
	/*
	 * INT, TERM, HUP and QUIT (Ctrl-\ quits cleanly, as q does), less
	 * those ignored at start: nohup's SIGHUP, blocked, would be queued
	 * and read.
	 */
	for (i = 0; i < sizeof ends / sizeof ends[0]; i++)
		if (sigaction(ends[i], NULL, &was) == -1 || was.sa_handler != SIG_IGN)
			sigaddset(&set, ends[i]);
	if (sigprocmask(SIG_BLOCK, &set, old) == -1)
		fatal("sigprocmask");
	if ((fd = os_signal_fd(&set)) == -1)
		fatal("a descriptor for the signals");
	return fd;
}

/* A periodic timer of the refresh interval. */
static int
ui_timerfd(int tenths)
{
	int	fd;

	if ((fd = os_timer_fd((uint64_t)tenths * 100000000ULL)) == -1)
		fatal("a timer for the refreshes");
	return fd;
}

/* The screen before the loop: its options, its model; -1 (a status in rc) if none. */
static int
ui_init(struct ui *ui, const struct ui_options *o, int *rc)
{
	const char	*frames;

	memset(ui, 0, sizeof *ui);
	ui->st.host.delay_tenths = o->delay_tenths > 0 ? o->delay_tenths : 10;
	ui->st.sel.id = ui->st.sel.move_id = -1;
	ui->step = o->step;
	ui->step_arg = o->step_arg;
	ui->finish = o->finish;
	ui->st.tour.script = o->step != NULL;
	ui->st.tour.keys = o->tour_keys;
	if (o->snapshot != NULL)
		snprintf(ui->st.scr.snapshot_path, sizeof ui->st.scr.snapshot_path, "%s",
		    o->snapshot);
	ui->term.utf8 = ui_locale_utf8();
	if ((frames = getenv("SMTSCOPE_UI_FRAMES")) != NULL)
		ui->frames_max = strtoull(frames, NULL, 10);
	if ((ui->stats_path = getenv("SMTSCOPE_UI_STATS")) != NULL &&
	    ui->stats_path[0] == '\0')
		ui->stats_path = NULL;
	if (ui_model(&ui->st, o->input, o->replay) == -1) {
		*rc = o->input != NULL || o->replay != NULL ? CMD_USAGE : CMD_FAIL;
		return -1;
	}
	if (o->infer_from != NULL && ui_infer(&ui->st, o->infer_from) == -1) {
		*rc = CMD_USAGE;
		return -1;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "smtscope: the live screen needs a terminal "
		    "(for text output: smtscope topo, smtscope run)\n");
		*rc = CMD_FAIL;
		return -1;
	}
	return 0;
}

/*
 * The first theme: the one asked for, else mono without colors or with
 * NO_COLOR, else the settings file's, else the default.
 */
static void
ui_first_theme(struct ui_state *st, const char *theme, const struct rc *rc)
{
	const char	*nc = getenv("NO_COLOR");

	theme_builtin(&st->scr.theme, !st->scr.colors);
	st->scr.theme_gen++;
	if (theme != NULL)
		control_use_theme(st, theme);
	else if (st->scr.colors && (nc == NULL || nc[0] == '\0') && rc != NULL &&
	    rc->theme[0] != '\0')
		control_use_theme(st, rc->theme);
	else if (st->scr.colors && (nc == NULL || nc[0] == '\0'))
		control_use_theme(st, "default");
	else
		control_use_theme(st, "mono");
}

/*
 * A theme file of the kernel's (theme=/proc/kmsg in the settings, or -t):
 * one line and the end, before the terminal is taken or a load started.
 * Other unreadable themes are refused on the status line (the screen goes on).
 */
static int
ui_theme_refused(const struct ui_options *o)
{
	struct theme	 t;
	const char	*spec = o->theme;
	char		 err[600];

	if (spec == NULL && o->rc != NULL && o->rc->theme[0] != '\0')
		spec = o->rc->theme;
	if (spec == NULL || strchr(spec, '/') == NULL)
		return 0;
	errno = 0;
	if (theme_load(&t, spec, err, sizeof err) == 0 || errno != EPERM)
		return 0;
	fprintf(stderr, "smtscope: theme: %s\n", err);
	return 1;
}

/* Give the terminal back and stop listening for the loop's signals. */
static void
ui_curses_end(int tfd, int sfd, const sigset_t *oldmask)
{
	curs_set(1);
	endwin();
	ui_fatal_end();
	close(tfd);
	close(sfd);
	sigprocmask(SIG_SETMASK, oldmask, NULL);
}

/* A machine's shape, the settings' key of the view chosen for it: "2p96c192t". */
static void
ui_machine(const struct topo *m, char *buf, size_t len)
{
	snprintf(buf, len, "%dp%dc%dt", m->npackages, m->ncores, m->npus);
}

/* The first view: the option's, else the one chosen for this machine's shape, else auto. */
static void
ui_first_view(struct ui_state *st, const struct ui_options *o)
{
	const char	*view = o->view;
	char		 machine[32];

	if (view == NULL && o->rc != NULL) {
		ui_machine(st->host.m, machine, sizeof machine);
		view = rc_view_get(o->rc, machine);
	}
	if (view != NULL && strcmp(view, "c2c") == 0)
		c2cview_toggle(st);
	else if (view != NULL)
		control_view(st, strcmp(view, "grid") == 0 ? LAYOUT_GRID : LAYOUT_TREE);
}

/*
 * Write the screen's settings to the settings file, as htop does on quit:
 * the theme (when one was asked for or chosen with t; else the file's),
 * the refresh, the view, the chart (the file's on a view without one).
 */
static void
ui_save(const struct ui_state *st, const struct ui_options *o, int theme_set,
    enum layout_view auto_view)
{
	struct rc	rc;
	char		err[4600], machine[32];

	if (o->rc_path == NULL)
		return;
	if (o->rc != NULL)
		rc = *o->rc;
	else
		rc_init(&rc);
	if (theme_set && st->scr.theme.path[0] != '\0' &&
	    theme_find(st->scr.theme.name, err, sizeof err) == -1)
		snprintf(rc.theme, sizeof rc.theme, "%s", st->scr.theme.path);
	else if (theme_set)
		snprintf(rc.theme, sizeof rc.theme, "%s", st->scr.theme.name);
	rc.delay_tenths = st->host.delay_tenths;
	/*
	 * A view chosen is this machine's (its shape's), and only while it is
	 * not the one auto shows ("v v" chooses nothing): another machine, a
	 * 384-CPU view, keeps auto.
	 */
	snprintf(rc.view, sizeof rc.view, "%s", c2cview_on(st) ? "c2c" : "auto");
	ui_machine(st->host.m, machine, sizeof machine);
	rc_view_set(&rc, machine, !st->scr.view_chosen || st->scr.view == auto_view ? NULL :
	    st->scr.view == LAYOUT_GRID ? "grid" : "tree");
	if (st->chart.samples != NULL)
		rc.chart = st->chart.on;
	if (st->iv != NULL)
		rc.idle = idleview_on(st->iv);
	if (rc_write(&rc, o->rc_path, err, sizeof err) == -1)
		fprintf(stderr, "smtscope: the settings were not saved: %s\n", err);
}

/* Order two frame times. */
static int
ui_us_cmp(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* SMTSCOPE_UI_STATS: the frames drawn and their times (median, 99th, max), in a file. */
static void
ui_stats(struct ui *ui)
{
	struct safefile	sf;
	char		err[4400];
	size_t		n = ui->ndraw;

	if (ui->stats_path == NULL || n == 0)
		return;
	if (safefile_open(&sf, ui->stats_path, SAFEFILE_REPLACE, err, sizeof err) == 0) {
		qsort(ui->draw_us, n, sizeof *ui->draw_us, ui_us_cmp);
		fprintf(sf.f, "frames %zu draw_us_median %u draw_us_p99 %u draw_us_max "
		    "%u\n", n, ui->draw_us[n / 2], ui->draw_us[n * 99 / 100],
		    ui->draw_us[n - 1]);
		if (safefile_close(&sf, 1, err, sizeof err) == 0)
			return;
	}
	fprintf(stderr, "smtscope: SMTSCOPE_UI_STATS: %s\n", err);
}

/* Run the live screen. */
int
ui_run(const struct ui_options *o)
{
	struct ui	 ui;
	sigset_t	 oldmask;
	char		 err[600];
	unsigned int	 theme_gen;
	int		 i, tfd, sfd, rc = 0;
	pid_t		 c2c_left;

	if (ui_theme_refused(o))
		return CMD_USAGE;
	if (ui_init(&ui, o, &rc) == -1) {
		ui_free(&ui);
		return rc;
	}
	sfd = ui_signalfd(&oldmask);
	tfd = ui_timerfd(ui.st.host.delay_tenths);
	if (ui.st.replay != NULL)
		replayview_start(&ui.st);
	else if (!ui.st.host.view_only) {
		ui.st.host.loads = loads_new(ui.st.host.m);
		loads_set_counters(ui.st.host.loads, o->counters);
		ui.st.host.solo = solo_new(&figures_solo_ops, &ui.st);
		ui.st.chart.samples = chart_new(ui.st.host.m->npus);
		ui.st.chart.on = 1;
	}
	if (ui_curses_start(&ui) == -1) {
		close(tfd);
		close(sfd);
		sigprocmask(SIG_SETMASK, &oldmask, NULL);
		ui_free(&ui);
		return CMD_FAIL;
	}
	ui_first_theme(&ui.st, o->theme, o->rc);
	theme_gen = ui.st.scr.theme_gen;
	if (ui.st.chart.samples != NULL && o->rc != NULL && o->rc->chart != -1)
		ui.st.chart.on = o->rc->chart;
	if (o->rc != NULL && o->rc->idle != -1)
		idleview_set(&ui.st.iv, o->rc->idle);
	ui_first_view(&ui.st, o);
	if (ui.st.replay == NULL && figures_tick(&ui.st, err, sizeof err) == -1)
		control_message(&ui.st, 1, "%s", err);
	/* The loads' own errors come after the settings file's, and stay. */
	if (o->notice != NULL)
		control_message(&ui.st, 1, "%s", o->notice);
	for (i = 0; i < o->nloads; i++)
		control_start(&ui.st, o->loads[i], 1);
	/* The panel's selected row is the load the info lines speak of: the cursor's. */
	if (o->nloads > 0 && state_target(&ui.st) != NULL)
		control_select(&ui.st, state_target(&ui.st)->id, 0);
	if (o->record != NULL)
		recorder_toggle(&ui.st, o->record);
	ui.st.scr.dirty = 1;
	ui_loop(&ui, tfd, sfd);
	if (ui.finish != NULL)
		ui.finish(&ui, ui.step_arg);
	recorder_quit(&ui.st);
	/* The loads stop before the terminal is given back. */
	c2c_left = c2cview_free(&ui.st);
	solo_free(ui.st.host.solo);
	ui.st.host.solo = NULL;
	loads_free(ui.st.host.loads);
	ui.st.host.loads = NULL;
	ui_curses_end(tfd, sfd, &oldmask);
	if (c2c_left > 0)
		fprintf(stderr, "smtscope: the core-to-core measuring process (%ld) is "
		    "killed; it had not ended in a second (nice 19 on busy CPUs): the "
		    "kernel ends it when it next runs it\n", (long)c2c_left);
	ui_save(&ui.st, o, theme_gen != ui.st.scr.theme_gen || o->theme != NULL,
	    ui.lay.auto_view);
	rc = ui.st.scr.exit_status;
	if (recorder_failed(err, sizeof err)) {
		fprintf(stderr, "smtscope: %s\n", err);
		if (rc == CMD_OK)
			rc = CMD_FAIL;
	}
	ui_stats(&ui);
	ui_free(&ui);
	return rc;
}

/* The machine model. */
const struct topo *
ui_topo(struct ui *ui)
{
	return ui->st.host.m;
}

/* The load supervisor, NULL on a view. */
struct loads *
ui_loads(struct ui *ui)
{
	return ui->st.host.loads;
}

/* Set or clear the caption bar. */
void
ui_caption(struct ui *ui, const char *text)
{
	control_caption(&ui->st, text);
}

/* A tour is at a step: an event in the recording when it changes. */
void
ui_record_step(struct ui *ui, int n, const char *title)
{
	recorder_step(&ui->st, n, title);
}

/* Set or clear the highlighted CPUs. */
void
ui_highlight(struct ui *ui, const struct cpuset *set)
{
	control_highlight(&ui->st, set);
}

/* Set the status line's message. */
void
ui_message(struct ui *ui, int error, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	message_vset(&ui->st.scr, error, fmt, ap);
	va_end(ap);
}

/* Put the cursor on a CPU by OS index. */
int
ui_cursor(struct ui *ui, int os_index)
{
	return control_cursor_os(&ui->st, os_index);
}

/* Show the tree or the grid. */
void
ui_view(struct ui *ui, int grid)
{
	control_view(&ui->st, grid ? LAYOUT_GRID : LAYOUT_TREE);
}

/* Start a load; its id or -1 with the reason. */
int
ui_load_start(struct ui *ui, const char *text, int measure, char *err, size_t errlen)
{
	int	id = control_start(&ui->st, text, measure);

	if (id == -1)
		snprintf(err, errlen, "%s", ui->st.scr.msg);
	return id;
}

/* Move a load's end A to a CPU, and end B to cpu_b (-1 keeps it). */
int
ui_load_move(struct ui *ui, int id, int cpu, int cpu_b, char *err, size_t errlen)
{
	if (ui->st.host.view_only || loads_get(ui->st.host.loads, id) == NULL) {
		snprintf(err, errlen, "no load #%d", id);
		return -1;
	}
	if (control_move(&ui->st, id, cpu, cpu_b) == -1) {
		snprintf(err, errlen, "%s", ui->st.scr.msg);
		return -1;
	}
	return 0;
}

/* Stop a load. */
int
ui_load_stop(struct ui *ui, int id)
{
	if (ui->st.host.view_only || loads_get(ui->st.host.loads, id) == NULL)
		return -1;
	control_stop(&ui->st, id);
	return 0;
}

/* Pause or resume a load. */
int
ui_load_pause(struct ui *ui, int id, int pause)
{
	struct load	*l;

	if (ui->st.host.view_only || (l = loads_get(ui->st.host.loads, id)) == NULL)
		return -1;
	if ((l->state == LOAD_PAUSED) != (pause != 0))
		control_pause(&ui->st, id);
	return 0;
}

/* Give a load a solo rate the caller has for its place. */
int
ui_load_set_solo(struct ui *ui, int id, double rate, int disturbed)
{
	return figures_set_solo(&ui->st, id, rate, disturbed);
}

/* Is a solo measurement running or queued? */
int
ui_measuring(struct ui *ui)
{
	return ui->st.host.solo != NULL && solo_busy(ui->st.host.solo);
}

/* The screen's solo measurer, NULL on a view of another machine. */
struct solo *
ui_solo(struct ui *ui)
{
	return ui->st.host.solo;
}

/* The panel's figures for a load. */
int
ui_load_figures(struct ui *ui, int id, struct ui_figures *f)
{
	const struct ui_loadview	*v;

	if (ui->st.host.loads == NULL || loads_get(ui->st.host.loads, id) == NULL)
		return -1;
	f->rate = f->solo = f->speed = f->share = f->efficiency = NAN;
	f->disturbed = 0;
	if ((v = state_view(&ui->st, id)) != NULL) {
		f->rate = v->rate;
		f->solo = v->solo;
		f->speed = v->speed;
		f->share = v->share;
		f->efficiency = v->eff_unknown ? NAN : v->eff;
		f->disturbed = v->solo_disturbed;
	}
	f->measuring = state_measuring(&ui->st, id);
	return 0;
}
