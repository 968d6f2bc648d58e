/*
 * linux_spawn.c: os_spawn(), the one way smtscope forks. Written after
 * tmux's job.c: signals blocked around the fork, reset in the child,
 * inherited descriptors closed, _exit() on any failure; and a status pipe
 * on which the child says it is set up (its parent-death signal armed), so
 * that no child the parent may stop can outlive it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/os.h"

/* How long the parent waits for a new child to say it is set up. */
#define OS_SPAWN_READY_MS	5000
/* The status of a child whose setup failed (the parent reaps it and says why). */
#define OS_SPAWN_EXIT_SETUP	127

/* Is fd one the child keeps? */
static int
os_spawn_kept(const struct os_spawn *sp, int statusfd, int fd)
{
	int	i;

	if (fd == statusfd)
		return 1;
	for (i = 0; i < sp->nkeep; i++)
		if (sp->keep[i] == fd)
			return 1;
	return 0;
}

/* Put every signal back to its default: all of them, or those we catch. */
static void
os_spawn_signals(int all)
{
	struct sigaction	sa, old;
	int			sig;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (sig = 1; sig < NSIG; sig++) {
		if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &old) == -1)
			continue;
		/* An ignored signal stays ignored, as exec would leave it (nohup). */
		if (all || (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN))
			sigaction(sig, &sa, NULL);
	}
}

/* In the child: everything but the child's own work; _exit() on a failure. */
static void
os_spawn_setup(const struct os_spawn *sp, pid_t parent, int *statusfd)
{
	sigset_t	none;
	int		fd, max, i, devnull;

	if (sp->death_sig != 0 && (os_parent_death_signal(sp->death_sig) == -1 ||
	    getppid() != parent))
		_exit(OS_SPAWN_EXIT_SETUP);
	os_spawn_signals(sp->default_all);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, sp->mask != NULL ? sp->mask : &none, NULL);
	/* With stdin, stdout or stderr closed, a kept fd may sit on 0-2: lift it. */
	for (i = 0; i < sp->nkeep; i++)
		if (sp->keep[i] >= 0 && sp->keep[i] <= STDERR_FILENO &&
		    (sp->keep[i] = fcntl(sp->keep[i], F_DUPFD, STDERR_FILENO + 1)) == -1)
			_exit(OS_SPAWN_EXIT_SETUP);
	if (*statusfd <= STDERR_FILENO &&
	    (*statusfd = fcntl(*statusfd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1)) == -1)
		_exit(OS_SPAWN_EXIT_SETUP);
	if (sp->stdio_null && (devnull = open("/dev/null", O_RDWR)) != -1) {
		dup2(devnull, STDIN_FILENO);
		dup2(devnull, STDOUT_FILENO);
		dup2(devnull, STDERR_FILENO);
		if (devnull > STDERR_FILENO)
			close(devnull);
	}
	max = (int)sysconf(_SC_OPEN_MAX);
	if (max < 0 || max > 65536)
		max = 65536;
	for (fd = STDERR_FILENO + 1; fd < max; fd++)
		if (!os_spawn_kept(sp, *statusfd, fd))
			close(fd);
	if (write(*statusfd, "r", 1) != 1)
		_exit(OS_SPAWN_EXIT_SETUP);
}

/* Wait for the child's "set up" on the status pipe; -1 if it never came. */
static int
os_spawn_ready(int fd)
{
	struct pollfd	pfd;
	ssize_t		n = 0;
	char		c = 0;

	pfd.fd = fd;
	pfd.events = POLLIN;
	while (poll(&pfd, 1, OS_SPAWN_READY_MS) == -1 && errno == EINTR)
		;
	if (pfd.revents & (POLLIN | POLLHUP))
		while ((n = read(fd, &c, 1)) == -1 && errno == EINTR)
			;
	return n == 1 && c == 'r' ? 0 : -1;
}

/* Start a child set up as the spawn says; its pid, or -1 with a message. */
pid_t
os_spawn(const struct os_spawn *sp, int *statusfd, char *err, size_t errlen)
{
	sigset_t	all, old;
	pid_t		pid, parent = getpid();
	int		st[2], e;

	if (os_pipe(st) == -1) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		close(st[0]);
		os_spawn_setup(sp, parent, &st[1]);
		sp->child(sp->arg, st[1]);
		_exit(OS_SPAWN_EXIT_SETUP);
	}
	e = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(st[1]);
	if (pid == -1) {
		close(st[0]);
		snprintf(err, errlen, "fork: %s%s", strerror(e), e == EAGAIN ?
		    " (the process limit, ulimit -u, is reached)" : "");
		return -1;
	}
	if (os_spawn_ready(st[0]) == -1) {
		close(st[0]);
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
			;
		snprintf(err, errlen, "its process died while setting up");
		return -1;
	}
	if (statusfd != NULL)
		*statusfd = st[0];
	else
		close(st[0]);
	return pid;
}
