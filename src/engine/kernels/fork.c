/* fork.c: fork a child that exits at once, and wait for it. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

/* Forks per step: 8 x 30 to 150 us. */
#define FORK_FORKS	8

struct fork_state {
	uint64_t	failed;		/* forks that could not be made */
	char		why[64];	/* the last refusal, "" after a fork that worked */
};

/* Reject any parameter. */
static int
fork_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	(void)env;
	return kernels_parse_none("fork", param, p, err, errlen);
}

/*
 * One trial fork: a load that cannot fork at all (the process limit,
 * ulimit -u, reached) fails now with the reason, instead of counting
 * nothing forever.
 */
static void *
fork_init(const struct kernel_param *p, char *err, size_t errlen)
{
	pid_t	pid;
	int	status;

	(void)p;
	if ((pid = fork()) == -1) {
		snprintf(err, errlen, "fork: %s%s", strerror(errno),
		    errno == EAGAIN ? " (process limit reached)" : "");
		return NULL;
	}
	if (pid == 0)
		_exit(0);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	return xcalloc(1, sizeof(struct fork_state));
}

/* Fork, let the child _exit(0), reap it; FORK_FORKS times; forks done. */
static uint64_t
fork_step(void *state)
{
	struct fork_state	*fs = state;
	uint64_t		 done = 0;
	pid_t			 pid;
	int			 i, status;

	for (i = 0; i < FORK_FORKS; i++) {
		if ((pid = fork()) == -1) {
			/* Out of processes for now: count nothing, say why, back off. */
			fs->failed++;
			snprintf(fs->why, sizeof fs->why, "fork: %s%s", strerror(errno),
			    errno == EAGAIN ? " (process limit reached)" : "");
			util_sleep_ns(1000000);
			break;
		}
		if (pid == 0)
			_exit(0);
		while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
			;
		done++;
	}
	if (done > 0)
		fs->why[0] = '\0';
	return done;
}

/* Why the last step forked nothing, or NULL. */
static const char *
fork_stall(void *state)
{
	struct fork_state	*fs = state;

	return fs->why[0] != '\0' ? fs->why : NULL;
}

/* Free the state. */
static void
fork_fini(void *state)
{
	free(state);
}

const struct kernel kernel_fork = {
	.name = "fork",
	.desc = "fork a child that exits at once, and wait for it",
	.unit = "us/fork",
	.work_unit = "fork",
	.higher_is_better = 0,
	.scale = 1e6,
	.ends = 1,
	.blocks = 1,
	.param_help = NULL,
	.parse = fork_parse,
	.init = fork_init,
	.step = fork_step,
	.stall = fork_stall,
	.peer = NULL,
	.fini = fork_fini,
};
