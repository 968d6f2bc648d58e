/*
 * linux_loop.c: the event loop's descriptors on Linux: a signalfd for the
 * signals the loop handles and a timerfd for its refreshes, so that one
 * poll() waits on the terminal, the clock and the signals together.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "os/os.h"

/* A non-blocking signalfd for set (which the caller has blocked). */
int
os_signal_fd(const sigset_t *set)
{
	return signalfd(-1, set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/* The next signal read from the descriptor, or 0. */
int
os_signal_next(int fd)
{
	struct signalfd_siginfo	si;

	if (read(fd, &si, sizeof si) != (ssize_t)sizeof si)
		return 0;
	return (int)si.ssi_signo;
}

/* A periodic CLOCK_MONOTONIC timerfd, non-blocking. */
int
os_timer_fd(uint64_t interval_ns)
{
	struct itimerspec	its;
	int			fd, e;

	if ((fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)) == -1)
		return -1;
	memset(&its, 0, sizeof its);
	its.it_interval.tv_sec = (time_t)(interval_ns / 1000000000ULL);
	its.it_interval.tv_nsec = (long)(interval_ns % 1000000000ULL);
	its.it_value = its.it_interval;
	if (timerfd_settime(fd, 0, &its, NULL) == -1) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* The expirations since the last read; 0 when none. */
uint64_t
os_timer_ticks(int fd)
{
	uint64_t	n;

	if (read(fd, &n, sizeof n) != (ssize_t)sizeof n)
		return 0;
	return n;
}
