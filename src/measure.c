/* measure.c: headless measuring windows over running loads, interruptible by signals. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <time.h>

#include "measure.h"
#include "util.h"

/* The terminating signals a measurement waits on. */
static void
measure_sigset(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
}

/* Block the terminating signals; they are taken in measure_sleep(). */
void
measure_signals_block(void)
{
	sigset_t	set;

	measure_sigset(&set);
	sigprocmask(SIG_BLOCK, &set, NULL);
}

/* Sleep, returning early with the signal's number if one of them comes. */
int
measure_sleep(double s)
{
	struct timespec	ts;
	sigset_t	set;
	uint64_t	end, now;
	int		sig;

	measure_sigset(&set);
	end = util_now_ns() + (uint64_t)(s * 1e9);
	while ((now = util_now_ns()) < end) {
		ts.tv_sec = (time_t)((end - now) / UTIL_NSEC_PER_SEC);
		ts.tv_nsec = (long)((end - now) % UTIL_NSEC_PER_SEC);
		sig = sigtimedwait(&set, NULL, &ts);
		if (sig > 0)
			return sig;
		if (sig == -1 && errno != EAGAIN && errno != EINTR)
			break;
	}
	return 0;
}

/* Wait until a load's counter moves, i.e. its setup is done. */
int
measure_wait_ready(struct loads *ls, int id, double timeout_s)
{
	struct load	*l;
	uint64_t	 end = util_now_ns() + (uint64_t)(timeout_s * 1e9);
	int		 sig;

	while (util_now_ns() < end) {
		loads_reap(ls);
		if ((l = loads_get(ls, id)) == NULL || l->state == LOAD_DEAD)
			return -1;
		if (loads_counter(ls, l) > 0)
			return 0;
		if ((sig = measure_sleep(0.005)) != 0)
			return sig;
	}
	return -1;
}

/* One measuring window: sample, wait, sample. */
int
measure_window(struct loads *ls, double s)
{
	int	sig;

	loads_sample(ls);
	if ((sig = measure_sleep(s)) != 0)
		return sig;
	loads_sample(ls);
	loads_reap(ls);
	return 0;
}
