/*
 * fatal.c: the live screen's last words. While curses owns the terminal, a
 * fatal signal (a fault, or one sent from outside that would end the
 * process: PIPE, USR1, ALRM...) or util's fatal() kills the loads and gives
 * the terminal back before the process dies: the handler uses only
 * async-signal-safe calls (write, tcsetattr, kill), with the bytes that
 * leave the alternate screen worked out beforehand. A signal ignored when
 * smtscope started (nohup) stays ignored.
 */
#include "config.h"
#include <curses.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "base/util.h"
#include "engine/loads.h"
#include "ui/fatal.h"

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
/*
 * Every signal whose default ends the process and that the loop does not
 * read: the faults, and the ones sent from outside (PIPE, USR1, ALRM...),
 * each of which would otherwise leave the terminal raw.
 */
static const int	ui_fatal_sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
			    SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ, SIGPIPE, SIGUSR1, SIGUSR2,
			    SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
#ifdef SIGSTKFLT
			    SIGSTKFLT,
#endif
			    };
#define UI_NFATAL	(sizeof ui_fatal_sigs / sizeof ui_fatal_sigs[0])
/* Those ignored when smtscope started (nohup, a parent's SIG_IGN): left ignored. */
static char		ui_fatal_ign[UI_NFATAL];

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
void
ui_fatal_arm(void)
{
	struct sigaction	sa, old;
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
	for (i = 0; i < UI_NFATAL; i++) {
		ui_fatal_ign[i] = sigaction(ui_fatal_sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN;
		if (!ui_fatal_ign[i])
			sigaction(ui_fatal_sigs[i], &sa, NULL);
	}
}

/* Put back the default action of the fatal signals. */
static void
ui_fatal_disarm(void)
{
	size_t	i;

	for (i = 0; i < UI_NFATAL; i++)
		if (!ui_fatal_ign[i])
			signal(ui_fatal_sigs[i], SIG_DFL);
}

/* Before curses starts: the terminal's modes to give back. */
void
ui_fatal_save(void)
{
	ui_saved_tio_ok = tcgetattr(STDIN_FILENO, &ui_saved_tio) == 0;
}

/* Curses owns the terminal: fatal() restores it from now on. */
void
ui_fatal_begin(void)
{
	ui_curses_on = 1;
	util_fatal_hook = ui_fatal_restore;
}

/* Curses has let go: the handlers and the hook are gone. */
void
ui_fatal_end(void)
{
	ui_curses_on = 0;
	ui_fatal_disarm();
	util_fatal_hook = NULL;
}
