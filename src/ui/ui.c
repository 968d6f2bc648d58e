/*
 * ui.c: the live screen's command line, terminal, main loop and the API
 * that tours drive. One poll() over the terminal, a timerfd for refreshes
 * and a signalfd for SIGCHLD, SIGWINCH, SIGINT, SIGTERM, SIGHUP and SIGQUIT;
 * no threads. The one handler is for fatal signals (SIGSEGV, SIGABRT...):
 * it kills the loads and restores the terminal with async-signal-safe calls.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <termios.h>
#include <unistd.h>

#include "cmd.h"
#include "ui/ui_internal.h"
#include "util.h"

/* Set while curses owns the terminal, for the fatal hook. */
static int	ui_curses_on;

/*
 * What a fatal signal's handler needs to give the terminal back without
 * curses: the modes from before we started, and the bytes that leave the
 * alternate screen, show the cursor and stop mouse reporting.
 */
static struct termios	ui_saved_tio;
static int		ui_saved_tio_ok;
static char		ui_restore_seq[256];
static size_t		ui_restore_len;
static const int	ui_fatal_sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
			    SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ };

/* Restore the terminal and kill the loads before a fatal message. */
static void
ui_fatal_restore(void)
{
	loads_emergency_kill();
	if (ui_curses_on) {
		ui_curses_on = 0;
		endwin();
	}
}

/* A fatal signal: kill the loads, restore the terminal, die of the signal. */
static void
ui_fatal_signal(int sig)
{
	ssize_t	n;

	loads_emergency_kill();
	if (ui_curses_on) {
		n = write(STDOUT_FILENO, ui_restore_seq, ui_restore_len);
		(void)n;
		if (ui_saved_tio_ok)
			tcsetattr(STDIN_FILENO, TCSANOW, &ui_saved_tio);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Append a terminfo string (if the terminal has it) to the restore sequence. */
static void
ui_restore_add(const char *cap)
{
	char	*v = tigetstr(cap);
	size_t	 len;

	if (v == NULL || v == (char *)-1)
		return;
	len = strlen(v);
	if (ui_restore_len + len < sizeof ui_restore_seq) {
		memcpy(ui_restore_seq + ui_restore_len, v, len);
		ui_restore_len += len;
	}
}

/* Prepare the fatal-signal restore and install its handler. */
static void
ui_fatal_arm(void)
{
	struct sigaction	sa;
	size_t			i;

	ui_restore_len = 0;
	ui_restore_add("rmcup");
	ui_restore_add("cnorm");
	ui_restore_add("rmkx");
	ui_restore_add("sgr0");
	/* ncurses turns xterm mouse reporting on where the terminal has kmous. */
	if (tigetstr("kmous") != NULL && tigetstr("kmous") != (char *)-1) {
		static const char off[] = "\033[?1006l\033[?1000l";

		if (ui_restore_len + sizeof off - 1 < sizeof ui_restore_seq) {
			memcpy(ui_restore_seq + ui_restore_len, off, sizeof off - 1);
			ui_restore_len += sizeof off - 1;
		}
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ui_fatal_signal;
	sigfillset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	for (i = 0; i < sizeof ui_fatal_sigs / sizeof ui_fatal_sigs[0]; i++)
		sigaction(ui_fatal_sigs[i], &sa, NULL);
}

/* Put back the default action of the fatal signals. */
static void
ui_fatal_disarm(void)
{
	size_t	i;

	for (i = 0; i < sizeof ui_fatal_sigs / sizeof ui_fatal_sigs[0]; i++)
		signal(ui_fatal_sigs[i], SIG_DFL);
}

/* Set the status line's message. */
void
ui_message(struct ui *ui, int error, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->msg_error = error;
	ui->msg_t_ns = util_now_ns();
	ui->dirty = 1;
}

/* The OS index of the CPU under the cursor. */
int
ui_cursor_os(struct ui *ui)
{
	if (ui->m->npus == 0)
		return -1;
	return ui->m->pus[ui->cursor].os_index;
}

/* Scroll the topology so that the cursor's row is in view. */
static void
ui_scroll(struct ui *ui)
{
	int	row, h = ui->scr.topo_h, max;

	if (ui->lay.nspots == 0 || h <= 0)
		return;
	row = ui->lay.spots[ui->cursor].row;
	/* Show the labels above the first CPU too. */
	if (ui->cursor == 0)
		ui->top = 0;
	if (row < ui->top)
		ui->top = row;
	if (row >= ui->top + h)
		ui->top = row - h + 1;
	max = ui->lay.nrows - h;
	if (ui->top > max)
		ui->top = max;
	if (ui->top < 0)
		ui->top = 0;
}

/* Put the cursor on a CPU by pus[] index. */
void
ui_set_cursor(struct ui *ui, int pu)
{
	if (pu < 0 || pu >= ui->m->npus)
		return;
	ui->cursor = pu;
	ui_scroll(ui);
	ui->dirty = 1;
}

/* Count the loads the panel lists. */
static int
ui_nloads(struct ui *ui)
{
	return ui->loads != NULL ? loads_count(ui->loads) : 0;
}

/* Lay the screen out again for its size, view and panel. */
static void
ui_relayout(struct ui *ui)
{
	struct layout	tree;

	ui->ncaption = layout_wrap(ui->caption, ui->cols - 2, ui->caption_line,
	    UI_CAPTION_LINES);
	layout_screen(&ui->scr, ui->rows, ui->cols, ui->ncaption, ui_nloads(ui));
	if (!ui->view_chosen) {
		/* The default view is the one that fits: the tree if it does. */
		memset(&tree, 0, sizeof tree);
		layout_build(&tree, ui->m, LAYOUT_TREE, ui->cols, ui->utf8);
		ui->view = tree.nrows <= ui->scr.topo_h ? LAYOUT_TREE : LAYOUT_GRID;
		if (ui->view == LAYOUT_TREE) {
			layout_free(&ui->lay);
			ui->lay = tree;
		} else
			layout_free(&tree);
	}
	if (ui->lay.nrows == 0 || ui->lay.cols != ui->cols || ui->lay.view != ui->view)
		layout_build(&ui->lay, ui->m, ui->view, ui->cols, ui->utf8);
	ui->relayout = 0;
	ui_scroll(ui);
	ui->dirty = 1;
}

/* Switch between the tree and the grid. */
void
ui_toggle_view(struct ui *ui)
{
	ui->view = ui->view == LAYOUT_TREE ? LAYOUT_GRID : LAYOUT_TREE;
	ui->view_chosen = 1;
	ui_relayout(ui);
	ui_message(ui, 0, "%s view", ui->view == LAYOUT_TREE ? "tree" : "grid");
}

/* Use a theme: load it, fall back to the default with a message on error. */
static int
ui_use_theme(struct ui *ui, const char *spec, char *err, size_t errlen)
{
	struct theme	t;

	if (theme_load(&t, spec, err, errlen) == -1) {
		theme_builtin(&ui->theme, !ui->colors);
		draw_init_theme(ui);
		ui_message(ui, 1, "%s; using the %s theme", err, ui->theme.name);
		return -1;
	}
	ui->theme = t;
	draw_init_theme(ui);
	ui->dirty = 1;
	return 0;
}

/* The next theme in the list. */
void
ui_cycle_theme(struct ui *ui)
{
	char	err[512];
	int	i;

	ui->ntheme = theme_list(ui->theme_names, THEME_MAX_LIST);
	for (i = 0; i < ui->ntheme; i++)
		if (strcmp(ui->theme_names[i], ui->theme.name) == 0)
			break;
	i = i >= ui->ntheme ? 0 : (i + 1) % ui->ntheme;
	if (ui_use_theme(ui, ui->theme_names[i], err, sizeof err) == 0)
		ui_message(ui, 0, "theme %s%s", ui->theme.name,
		    ui->colors ? "" : " (this terminal has no colors)");
}

/* Take a sample of CPU time and compute each CPU's shares. */
static void
ui_sample(struct ui *ui)
{
	struct cpustat_sample	 zero, *prev;
	struct cpustat_pct	 pct;
	const struct cpustat_times *a, *b;
	char			 err[256];
	int			 i, os;

	if (!ui->sampling)
		return;
	if (cpustat_sample(&ui->s_cur, NULL, err, sizeof err) == -1) {
		ui_message(ui, 1, "%s", err);
		return;
	}
	/* The first frame shows the averages since boot, as top does. */
	memset(&zero, 0, sizeof zero);
	prev = &ui->s_prev;
	if (ui->s_prev.ncpu == 0) {
		zero.ncpu = ui->s_cur.ncpu;
		zero.cpu = xcalloc((size_t)zero.ncpu, sizeof *zero.cpu);
		zero.present = xmalloc((size_t)zero.ncpu);
		memcpy(zero.present, ui->s_cur.present, (size_t)zero.ncpu);
		prev = &zero;
	}
	for (i = 0; i < ui->m->npus; i++) {
		os = ui->m->pus[i].os_index;
		if (os >= prev->ncpu || os >= ui->s_cur.ncpu || !prev->present[os] ||
		    !ui->s_cur.present[os]) {
			ui->pct_ok[i] = 0;
			continue;
		}
		a = &prev->cpu[os];
		b = &ui->s_cur.cpu[os];
		/* No tick went by (frozen samples): keep what is shown. */
		if (ui->pct_ok[i] && a->user + a->nice + a->system + a->idle + a->iowait +
		    a->irq + a->softirq + a->steal == b->user + b->nice + b->system +
		    b->idle + b->iowait + b->irq + b->softirq + b->steal)
			continue;
		if (cpustat_delta(prev, &ui->s_cur, os, &pct) == 0) {
			ui->pct[i] = pct;
			ui->pct_ok[i] = 1;
		}
	}
	if (prev == &zero)
		cpustat_free(&zero);
	cpustat_free(&ui->s_prev);
	ui->s_prev = ui->s_cur;
	memset(&ui->s_cur, 0, sizeof ui->s_cur);
}

/* A refresh: sample CPUs and loads, expire old news. */
static void
ui_tick(struct ui *ui)
{
	ui_sample(ui);
	action_tick(ui);
	if (ui->msg[0] != '\0' && !ui->msg_error &&
	    util_now_ns() - ui->msg_t_ns > 5 * UTIL_NSEC_PER_SEC)
		ui->msg[0] = '\0';
	ui->dirty = 1;
}

/* Follow the terminal's new size. */
static void
ui_resize(struct ui *ui)
{
	struct winsize	ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
	ui->rows = LINES;
	ui->cols = COLS;
	ui_relayout(ui);
	clearok(curscr, TRUE);
}

/* Read the signal descriptor and act on each signal. */
static void
ui_signals(struct ui *ui, int sfd)
{
	struct signalfd_siginfo	si;

	while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si) {
		switch (si.ssi_signo) {
		case SIGCHLD:
			action_reap(ui);
			break;
		case SIGWINCH:
			ui_resize(ui);
			break;
		default:
			ui->quit = 1;
			ui->exit_status = 128 + (int)si.ssi_signo;
			break;
		}
	}
}

/* Call the tour's step function when it is due. */
static void
ui_step(struct ui *ui, int force)
{
	int	r;

	if (ui->step == NULL || (!force && (ui->step_key || ui->step_due_ns == 0 ||
	    util_now_ns() < ui->step_due_ns)))
		return;
	ui->step_key = 0;
	r = ui->step(ui, ui->step_arg);
	if (r >= 0)
		ui->step_due_ns = util_now_ns() + (uint64_t)r * 1000000ULL;
	else if (r == UI_STEP_KEY) {
		ui->step_key = 1;
		ui->step_due_ns = 0;
	} else if (r == UI_STEP_QUIT)
		ui->quit = 1;
	else {
		/* The script is over: the screen is the user's again. */
		ui->step = NULL;
		ui->tour_keys = 0;
	}
	ui->dirty = 1;
}

/* The tour's keys: n (and with tour keys Space and Right) next, Left back. */
static int
ui_step_key(struct ui *ui, int key)
{
	int	reason;

	if (ui->step == NULL || ui->mode != UI_NORMAL)
		return 0;
	if (key == 'n' || (ui->tour_keys && (key == ' ' || key == KEY_RIGHT)))
		reason = UI_REASON_NEXT;
	else if (ui->tour_keys && key == KEY_LEFT)
		reason = UI_REASON_PREV;
	else
		return 0;
	ui->step_reason = reason;
	ui_step(ui, 1);
	ui->step_reason = UI_REASON_TIMER;
	return 1;
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
	uint64_t	now = util_now_ns(), d = action_deadline(ui), ms;

	if (ui->step != NULL && !ui->step_key && ui->step_due_ns != 0 &&
	    (d == 0 || ui->step_due_ns < d))
		d = ui->step_due_ns;
	if (d == 0)
		return -1;
	if (d <= now)
		return 0;
	ms = (d - now + 999999) / 1000000;
	return ms > 60000 ? 60000 : (int)ms;
}

/* Read every key waiting on the terminal. */
static void
ui_input(struct ui *ui)
{
	int	key;

	while (!ui->quit && (key = getch()) != ERR) {
		if (key == KEY_MOUSE)
			input_mouse(ui);
		else if (key == KEY_RESIZE)
			continue;	/* resizeterm()'s echo of our own SIGWINCH */
		else if (!ui_step_key(ui, key))
			input_key(ui, key);
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
	ui_saved_tio_ok = tcgetattr(STDIN_FILENO, &ui_saved_tio) == 0;
	if (newterm(NULL, stdout, stdin) == NULL) {
		fprintf(stderr, "smtscope: cannot use the terminal '%s'\n",
		    getenv("TERM") ? getenv("TERM") : "(TERM not set)");
		return -1;
	}
	ui_curses_on = 1;
	util_fatal_hook = ui_fatal_restore;
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
	ui->colors = 0;
	if (has_colors() && start_color() == OK) {
		use_default_colors();
		ui->colors = COLORS >= 8;
	}
	ui->rows = LINES;
	ui->cols = COLS;
	return 0;
}

/* The main loop: draw when something changed, then wait for the next event. */
static void
ui_loop(struct ui *ui, int tfd, int sfd)
{
	struct pollfd	pfd[3];
	uint64_t	expirations;
	int		n;

	pfd[0].fd = STDIN_FILENO;
	pfd[1].fd = tfd;
	pfd[2].fd = sfd;
	pfd[0].events = pfd[1].events = pfd[2].events = POLLIN;
	for (;;) {
		if (ui->relayout)
			ui_relayout(ui);
		if (ui->dirty && !ui->quit) {
			draw_frame(ui);
			ui->dirty = 0;
			ui->frames++;
			if (ui->frames_max != 0 && ui->frames >= ui->frames_max)
				ui->quit = 1;
			if (ui->frames == 1 && ui->step != NULL)
				ui->step_due_ns = util_now_ns();
		}
		if (ui->quit)
			break;
		n = poll(pfd, 3, ui_timeout(ui));
		if (n == -1 && errno != EINTR)
			fatal("poll");
		if (n > 0 && (pfd[2].revents & POLLIN))
			ui_signals(ui, sfd);
		if (n > 0 && (pfd[1].revents & POLLIN)) {
			if (read(tfd, &expirations, sizeof expirations) > 0)
				ui_tick(ui);
		}
		if (n > 0 && (pfd[0].revents & POLLIN))
			ui_input(ui);
		else if (n > 0 && (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))) {
			ui->quit = 1;	/* the terminal went away */
			ui->exit_status = 1;
		}
		action_solo_poll(ui);
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

/* Free what the screen allocated. */
static void
ui_free(struct ui *ui)
{
	layout_free(&ui->lay);
	cpustat_free(&ui->s_prev);
	cpustat_free(&ui->s_cur);
	free(ui->pct);
	free(ui->pct_ok);
	free(ui->lv);
}

/* Load the machine model and its identity; -1 with a message on stderr. */
static int
ui_model(struct ui *ui, const char *input)
{
	char	err[512];

	if (input != NULL)
		ui->m = topo_load_input(input, err, sizeof err);
	else
		ui->m = topo_load_live(err, sizeof err);
	if (ui->m == NULL) {
		fprintf(stderr, "smtscope: %s%s\n", input != NULL ? "-i: " : "", err);
		return -1;
	}
	if (ui->m->npus == 0) {
		fprintf(stderr, "smtscope: the topology has no logical CPU\n");
		topo_free(ui->m);
		return -1;
	}
	ui->view_only = !topo_is_live(ui->m);
	if (ui->view_only)
		cpuinfo_from_topology(&ui->ci, ui->m->cpu_vendor, ui->m->cpu_model);
	else
		cpuinfo_read(&ui->ci, NULL);
	cpuinfo_smt_merge(&ui->ci, ui->m->summary.smt_width_max);
	/* Another machine's CPU time only where a proc root stands for it. */
	ui->sampling = !ui->view_only || (getenv("SMTSCOPE_PROCROOT") != NULL &&
	    getenv("SMTSCOPE_PROCROOT")[0] != '\0');
	ui->pct = xcalloc((size_t)ui->m->npus, sizeof *ui->pct);
	ui->pct_ok = xcalloc((size_t)ui->m->npus, 1);
#ifdef __GLIBC__
	/* Loading XML leaves megabytes of freed heap: give them back. */
	malloc_trim(0);
#endif
	return 0;
}

/* Block the loop's signals and return a descriptor that reads them. */
static int
ui_signalfd(sigset_t *old)
{
	sigset_t	set;
	int		fd;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGWINCH);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);	/* Ctrl-\ quits cleanly, as q does */
	if (sigprocmask(SIG_BLOCK, &set, old) == -1)
		fatal("sigprocmask");
	if ((fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC)) == -1)
		fatal("signalfd");
	return fd;
}

/* A periodic timer of the refresh interval. */
static int
ui_timerfd(int tenths)
{
	struct itimerspec	its;
	int			fd;

	if ((fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)) == -1)
		fatal("timerfd_create");
	memset(&its, 0, sizeof its);
	its.it_interval.tv_sec = tenths / 10;
	its.it_interval.tv_nsec = (long)(tenths % 10) * 100000000L;
	its.it_value = its.it_interval;
	if (timerfd_settime(fd, 0, &its, NULL) == -1)
		fatal("timerfd_settime");
	return fd;
}

/* Run the live screen. */
int
ui_run(const struct ui_options *o)
{
	struct ui	 ui;
	sigset_t	 oldmask;
	char		 err[512];
	const char	*frames;
	int		 i, tfd, sfd;

	memset(&ui, 0, sizeof ui);
	ui.delay_tenths = o->delay_tenths > 0 ? o->delay_tenths : 10;
	ui.sel_id = ui.move_id = -1;
	ui.step = o->step;
	ui.step_arg = o->step_arg;
	ui.finish = o->finish;
	ui.tour_keys = o->tour_keys;
	ui.utf8 = ui_locale_utf8();
	if ((frames = getenv("SMTSCOPE_UI_FRAMES")) != NULL)
		ui.frames_max = strtoull(frames, NULL, 10);
	if (ui_model(&ui, o->input) == -1)
		return o->input != NULL ? CMD_USAGE : CMD_FAIL;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "smtscope: the live screen needs a terminal "
		    "(for text output: smtscope topo, smtscope run)\n");
		topo_free(ui.m);
		ui_free(&ui);
		return CMD_FAIL;
	}
	sfd = ui_signalfd(&oldmask);
	tfd = ui_timerfd(ui.delay_tenths);
	if (!ui.view_only) {
		ui.loads = loads_new(ui.m);
		ui.solo = solo_new(&action_solo_ops, &ui);
	}
	if (ui_curses_start(&ui) == -1) {
		solo_free(ui.solo);
		loads_free(ui.loads);
		topo_free(ui.m);
		ui_free(&ui);
		return CMD_FAIL;
	}
	theme_builtin(&ui.theme, !ui.colors);
	draw_init_theme(&ui);
	if (o->theme != NULL)
		ui_use_theme(&ui, o->theme, err, sizeof err);
	else if (ui.colors && (getenv("NO_COLOR") == NULL || getenv("NO_COLOR")[0] == '\0'))
		ui_use_theme(&ui, "default", err, sizeof err);
	else
		ui_use_theme(&ui, "mono", err, sizeof err);
	ui_relayout(&ui);
	ui_sample(&ui);
	for (i = 0; i < o->nloads; i++)
		action_start(&ui, o->loads[i], 1);
	ui.dirty = 1;
	ui_loop(&ui, tfd, sfd);
	if (ui.finish != NULL)
		ui.finish(&ui, ui.step_arg);

	solo_free(ui.solo);
	ui.solo = NULL;
	loads_free(ui.loads);
	ui.loads = NULL;
	curs_set(1);
	endwin();
	ui_curses_on = 0;
	ui_fatal_disarm();
	util_fatal_hook = NULL;
	close(tfd);
	close(sfd);
	sigprocmask(SIG_SETMASK, &oldmask, NULL);
	topo_free(ui.m);
	ui_free(&ui);
	return ui.exit_status;
}

/* The machine model. */
const struct topo *
ui_topo(struct ui *ui)
{
	return ui->m;
}

/* The load supervisor, NULL on a view. */
struct loads *
ui_loads(struct ui *ui)
{
	return ui->loads;
}

/* Set or clear the caption bar. */
void
ui_caption(struct ui *ui, const char *text)
{
	snprintf(ui->caption, sizeof ui->caption, "%s", text != NULL ? text : "");
	ui->relayout = 1;
	ui->dirty = 1;
}

/* Set or clear the highlighted CPUs. */
void
ui_highlight(struct ui *ui, const struct cpuset *set)
{
	if (set != NULL)
		ui->highlight = *set;
	else
		cpuset_zero(&ui->highlight);
	ui->dirty = 1;
}

/* Put the cursor on a CPU by OS index. */
int
ui_cursor(struct ui *ui, int os_index)
{
	const struct topo_pu	*pu = topo_pu_by_os(ui->m, os_index);

	if (pu == NULL)
		return -1;
	ui_set_cursor(ui, (int)(pu - ui->m->pus));
	return 0;
}

/* Show the tree or the grid. */
void
ui_view(struct ui *ui, int grid)
{
	ui->view = grid ? LAYOUT_GRID : LAYOUT_TREE;
	ui->view_chosen = 1;
	ui->relayout = 1;
	ui->dirty = 1;
}

/* Start a load; its id or -1 with the reason. */
int
ui_load_start(struct ui *ui, const char *text, int measure, char *err, size_t errlen)
{
	int	id = action_start(ui, text, measure);

	if (id == -1)
		snprintf(err, errlen, "%s", ui->msg);
	return id;
}

/* Move a load's end A to a CPU, and end B to cpu_b (-1 keeps it). */
int
ui_load_move(struct ui *ui, int id, int cpu, int cpu_b, char *err, size_t errlen)
{
	if (ui->view_only || loads_get(ui->loads, id) == NULL) {
		snprintf(err, errlen, "no load #%d", id);
		return -1;
	}
	if (action_move(ui, id, cpu, cpu_b) == -1) {
		snprintf(err, errlen, "%s", ui->msg);
		return -1;
	}
	return 0;
}

/* Stop a load. */
int
ui_load_stop(struct ui *ui, int id)
{
	if (ui->view_only || loads_get(ui->loads, id) == NULL)
		return -1;
	action_stop(ui, id);
	return 0;
}

/* Pause or resume a load. */
int
ui_load_pause(struct ui *ui, int id, int pause)
{
	struct load	*l;

	if (ui->view_only || (l = loads_get(ui->loads, id)) == NULL)
		return -1;
	if ((l->state == LOAD_PAUSED) != (pause != 0))
		action_pause(ui, id);
	return 0;
}

/* Give a load the solo rate its caller measured. */
int
ui_load_set_solo(struct ui *ui, int id, double rate)
{
	if (ui->loads == NULL || loads_get(ui->loads, id) == NULL)
		return -1;
	action_view(ui, id)->solo = rate;
	ui->dirty = 1;
	return 0;
}

/* Is a solo measurement running or queued? */
int
ui_measuring(struct ui *ui)
{
	return ui->solo != NULL && solo_busy(ui->solo);
}

/* The screen's solo measurer, NULL on a view of another machine. */
struct solo *
ui_solo(struct ui *ui)
{
	return ui->solo;
}

/* The panel's figures for a load. */
int
ui_load_figures(struct ui *ui, int id, struct ui_figures *f)
{
	struct ui_loadview	*v;

	if (ui->loads == NULL || loads_get(ui->loads, id) == NULL)
		return -1;
	v = action_view(ui, id);
	f->rate = v->rate;
	f->solo = v->solo;
	f->speed = v->speed;
	f->share = v->share;
	f->efficiency = v->eff;
	f->measuring = action_measuring(ui, id);
	return 0;
}

