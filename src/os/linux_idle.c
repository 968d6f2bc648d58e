/*
 * linux_idle.c: holding idle on Linux: PM QoS's /dev/cpu_dma_latency (a
 * request the kernel drops when its descriptor closes), and the guard that
 * writes files back whatever ends smtscope (check --idle=states' flags).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/os.h"

/* What a guard writes back, handed to its child. */
struct os_guard {
	const struct os_guard_file	*w;
	int				 n;
	const char			*remove;
	int				 keep[2];	/* the pipe's read end, the hold (os_spawn may lift them) */
};

/* <root>/dev/cpu_dma_latency into buf; -1 if it does not fit. */
static int
os_qos_path(const char *root, char *buf, size_t len)
{
	return os_path(buf, len, root != NULL ? root : os_root(), "/dev/cpu_dma_latency");
}

/* PM QoS: the device written 0 (as a 32-bit number) and kept open. */
int
os_idle_hold(const char *root)
{
	char	path[4096];
	int32_t	zero = 0;
	int	fd, e;

	if (os_qos_path(root, path, sizeof path) == -1) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((fd = open(path, O_RDWR | O_CLOEXEC)) == -1)
		return -1;
	if (write(fd, &zero, sizeof zero) != (ssize_t)sizeof zero) {
		e = errno;
		close(fd);
		errno = e != 0 ? e : EIO;
		return -1;
	}
	return fd;
}

/* Close the hold's descriptor: the kernel drops its request. */
void
os_idle_release(int fd)
{
	if (fd >= 0)
		close(fd);
}

/* Reading the device gives the limit in force (a 32-bit number of us). */
long long
os_idle_qos_now(const char *root)
{
	char	path[4096];
	int32_t	v;
	ssize_t	n;
	int	fd, e;

	if (os_qos_path(root, path, sizeof path) == -1 ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, &v, sizeof v);
	e = errno;
	close(fd);
	if (n != (ssize_t)sizeof v) {
		errno = n == -1 ? e : EIO;
		return -1;
	}
	return v;
}

/* In the guard: write each value back, remove the record; 0 if all went well. */
static int
os_guard_restore(const struct os_guard *g)
{
	size_t	len;
	int	i, fd, bad = 0;

	for (i = 0; i < g->n; i++) {
		len = strlen(g->w[i].value);
		if ((fd = open(g->w[i].path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)) == -1) {
			bad = 1;
			continue;
		}
		if (write(fd, g->w[i].value, len) != (ssize_t)len)
			bad = 1;
		if (close(fd) == -1)
			bad = 1;
	}
	if (!bad && g->remove != NULL && unlink(g->remove) == -1 && errno != ENOENT)
		bad = 1;
	return bad;
}

/* The guard child (os_spawn set it up): out of the terminal's reach until its pipe closes. */
static void __attribute__((noreturn))
os_guard_child(void *arg, int statusfd)
{
	static const int	 sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
	    SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR1, SIGUSR2 };
	const struct os_guard	*g = arg;
	size_t			 i;
	ssize_t			 r;
	char			 c;

	close(statusfd);
	setpgid(0, 0);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_IGN);
	while ((r = read(g->keep[0], &c, 1)) != 0)
		if (r == -1 && errno != EINTR)
			break;
	_exit(os_guard_restore(g));
}

/* Start a guard that writes the files back once its descriptor closes. */
int
os_guard_start(const struct os_guard_file *w, int n, const char *remove, int hold,
    pid_t *pid, char *err, size_t errlen)
{
	struct os_spawn	sp;
	struct os_guard	g;
	int		fds[2];

	if (os_pipe(fds) == -1) {
		snprintf(err, errlen, "a pipe for the idle guard: %s", strerror(errno));
		return -1;
	}
	g.w = w;
	g.n = n;
	g.remove = remove;
	g.keep[0] = fds[0];
	g.keep[1] = hold;
	memset(&sp, 0, sizeof sp);
	sp.child = os_guard_child;
	sp.arg = &g;
	/* No parent-death signal: it must outlive us to write the files back. */
	sp.death_sig = 0;
	sp.stdio_null = 1;
	sp.keep = g.keep;
	/* The hold stays open in the guard until it has written back and exits. */
	sp.nkeep = hold >= 0 ? 2 : 1;
	/* Our write end closes in the child: only our own copy keeps it open. */
	if ((*pid = os_spawn(&sp, NULL, err, errlen)) == -1) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	close(fds[0]);
	return fds[1];
}

/* Close a guard's descriptor and wait until it has written the files back. */
int
os_guard_end(int fd, pid_t pid)
{
	int	status;

	close(fd);
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}
