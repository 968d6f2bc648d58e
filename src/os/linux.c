/* os_linux.c: os.h on Linux. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/os.h"

/* The directory of the running executable, from /proc/self/exe. */
int
os_exe_dir(char *buf, size_t len)
{
	char	exe[4096], *slash;
	ssize_t	n;

	if ((n = readlink("/proc/self/exe", exe, sizeof exe - 1)) <= 0)
		return -1;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL || (size_t)(slash - exe) >= len)
		return -1;
	*slash = '\0';
	memcpy(buf, exe, (size_t)(slash - exe) + 1);
	return 0;
}

/* MemAvailable from /proc/meminfo, in bytes; 0 when unknown. */
uint64_t
os_mem_available(void)
{
	char			 line[256];
	FILE			*f;
	unsigned long long	 kb = 0;

	if ((f = fopen("/proc/meminfo", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

/* PR_SET_PDEATHSIG: the signal comes when the parent thread exits. */
int
os_parent_death_signal(int sig)
{
	return prctl(PR_SET_PDEATHSIG, sig) == -1 ? -1 : 0;
}

/* PR_SET_NAME. */
void
os_set_name(const char *name)
{
	prctl(PR_SET_NAME, name);
}

/* <root>/dev/cpu_dma_latency into buf. */
static void
os_qos_path(const char *root, char *buf, size_t len)
{
	snprintf(buf, len, "%s/dev/cpu_dma_latency", root != NULL ? root : "");
}

/* PM QoS: the device written 0 (as a 32-bit number) and kept open. */
int
os_idle_hold(const char *root)
{
	char	path[4096];
	int32_t	zero = 0;
	int	fd, e;

	os_qos_path(root, path, sizeof path);
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

	os_qos_path(root, path, sizeof path);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
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
os_guard_restore(const struct os_guard_file *w, int n, const char *remove)
{
	size_t	len;
	int	i, fd, bad = 0;

	for (i = 0; i < n; i++) {
		len = strlen(w[i].value);
		if ((fd = open(w[i].path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)) == -1) {
			bad = 1;
			continue;
		}
		if (write(fd, w[i].value, len) != (ssize_t)len)
			bad = 1;
		if (close(fd) == -1)
			bad = 1;
	}
	if (!bad && remove != NULL && unlink(remove) == -1 && errno != ENOENT)
		bad = 1;
	return bad;
}

/* The guard child: out of the terminal's reach, waiting for its pipe to close. */
static void __attribute__((noreturn))
os_guard_child(int rfd, const struct os_guard_file *w, int n, const char *remove)
{
	static const int	 sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
	    SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR1, SIGUSR2 };
	sigset_t		 none;
	char			 c;
	long			 fd, max = sysconf(_SC_OPEN_MAX);
	size_t			 i;
	ssize_t			 r;

	setpgid(0, 0);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_IGN);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* Nothing else of the parent's stays open here: its PM QoS hold least of all. */
	for (fd = 0; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
		if (fd != rfd)
			close((int)fd);
	if ((fd = open("/dev/null", O_RDWR)) == 0) {
		dup2(0, 1);
		dup2(0, 2);
	}
	while ((r = read(rfd, &c, 1)) != 0)
		if (r == -1 && errno != EINTR)
			break;
	_exit(os_guard_restore(w, n, remove));
}

/* Start a guard that writes the files back once its descriptor closes. */
int
os_guard_start(const struct os_guard_file *w, int n, const char *remove, pid_t *pid,
    char *err, size_t errlen)
{
	int	fds[2];

	if (pipe2(fds, O_CLOEXEC) == -1) {
		snprintf(err, errlen, "a pipe for the idle guard: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	if ((*pid = fork()) == -1) {
		snprintf(err, errlen, "fork for the idle guard: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (*pid == 0)
		os_guard_child(fds[0], w, n, remove);
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
