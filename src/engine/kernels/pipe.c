/*
 * pipe.c: a one-byte full-duplex ping-pong over two pipes, between two
 * processes, as in the lore's pipe test and `perf bench sched pipe`.
 *
 * parse() runs in the supervisor, right before it forks the two ends, and
 * makes both pipes (close-on-exec, so a command run by `smtscope time` never
 * inherits them):
 *
 *	fd[0]	pipe A read end	  peer reads the ping
 *	fd[1]	pipe A write end  step() writes the ping
 *	fd[2]	pipe B read end	  step() reads the pong
 *	fd[3]	pipe B write end  peer writes the pong
 *
 * In the first end, init() closes fd[0] and fd[3]; in the second, peer()
 * closes fd[1] and fd[2]; the supervisor closes all four once both have
 * forked (kernel_param_close()). So when either end dies, the other sees
 * end of file (or SIGPIPE) and exits: the peer with status 0, the first end,
 * from step(), with status 1.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"
#include "os/os.h"

/* Round trips per step: 32 x 5 to 30 us. */
#define PIPE_TRIPS	32

struct pipe_state {
	int	wfd;
	int	rfd;
};

/* Reject any parameter and make the two pipes. */
static int
pipe_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	int	a[2], b[2];

	(void)env;
	if (kernels_parse_none("pipe", param, p, err, errlen) != 0)
		return -1;
	if (os_pipe(a) != 0) {
		snprintf(err, errlen, "pipe: pipe: %s", strerror(errno));
		return -1;
	}
	if (os_pipe(b) != 0) {
		snprintf(err, errlen, "pipe: pipe: %s", strerror(errno));
		close(a[0]);
		close(a[1]);
		return -1;
	}
	p->fd[0] = a[0];
	p->fd[1] = a[1];
	p->fd[2] = b[0];
	p->fd[3] = b[1];
	return 0;
}

/* Write one byte, retrying after signals; -1 if the other end is gone. */
static int
pipe_put(int fd, char c)
{
	ssize_t	n;

	while ((n = write(fd, &c, 1)) == -1 && errno == EINTR)
		;
	return n == 1 ? 0 : -1;
}

/* Read one byte, retrying after signals; -1 at end of file or error. */
static int
pipe_get(int fd, char *c)
{
	ssize_t	n;

	while ((n = read(fd, c, 1)) == -1 && errno == EINTR)
		;
	return n == 1 ? 0 : -1;
}

/* In the first end: keep our two descriptors, close the peer's. */
static void *
pipe_init(const struct kernel_param *p, char *err, size_t errlen)
{
	struct pipe_state	*ps;

	if (p->fd[1] < 0 || p->fd[2] < 0) {
		snprintf(err, errlen, "pipe: no pipes (parse did not run)");
		return NULL;
	}
	if (p->fd[0] >= 0)
		close(p->fd[0]);
	if (p->fd[3] >= 0)
		close(p->fd[3]);
	ps = xcalloc(1, sizeof *ps);
	ps->wfd = p->fd[1];
	ps->rfd = p->fd[2];
	return ps;
}

/* Send a byte and wait for it back, PIPE_TRIPS times; exit if the peer is gone. */
static uint64_t
pipe_step(void *state)
{
	struct pipe_state	*ps = state;
	char			 c = 'x';
	int			 i;

	for (i = 0; i < PIPE_TRIPS; i++) {
		if (pipe_put(ps->wfd, c) != 0 || pipe_get(ps->rfd, &c) != 0)
			_exit(1);
	}
	return PIPE_TRIPS;
}

/* In the second end: echo every byte back until the first end goes away. */
static void
pipe_peer(const struct kernel_param *p)
{
	char	c;

	if (p->fd[1] >= 0)
		close(p->fd[1]);
	if (p->fd[2] >= 0)
		close(p->fd[2]);
	for (;;) {
		if (pipe_get(p->fd[0], &c) != 0)
			_exit(0);
		if (pipe_put(p->fd[3], c) != 0)
			_exit(0);
	}
}

/* Close our ends, which lets the peer exit, and free the state. */
static void
pipe_fini(void *state)
{
	struct pipe_state	*ps = state;

	close(ps->wfd);
	close(ps->rfd);
	free(ps);
}

const struct kernel kernel_pipe = {
	.name = "pipe",
	.desc = "1-byte ping-pong over two pipes between two processes",
	.unit = "us/round trip",
	.work_unit = "round trip",
	.higher_is_better = 0,
	.scale = 1e6,
	.ends = 2,
	.blocks = 1,
	.param_help = NULL,
	.parse = pipe_parse,
	.init = pipe_init,
	.step = pipe_step,
	.peer = pipe_peer,
	.fini = pipe_fini,
};
