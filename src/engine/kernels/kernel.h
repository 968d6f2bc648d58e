/* kernel.h: the synthetic loads' compute steps, their units and parameters. */
#ifndef SMTSCOPE_KERNEL_H
#define SMTSCOPE_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* What the supervisor knows when it validates a load, before any fork. */
struct kernel_env {
	uint64_t	llc_bytes;	/* last-level cache of the target CPU, 0 unknown */
	uint64_t	mem_avail_bytes; /* MemAvailable, 0 unknown */
};

/* A validated parameter, made in the supervisor, handed to the child(ren). */
struct kernel_param {
	char		text[64];	/* as the user wrote it ("32k"), or "" */
	uint64_t	bytes;		/* working set for chase/stream/hash, 0 if none */
	int		fd[4];		/* two-ended loads: pipe fds made by the supervisor */
};

struct kernel {
	const char	*name;		/* "hash" */
	const char	*desc;		/* one line */
	const char	*unit;		/* displayed unit: "MB/s", "ns/load" */
	const char	*work_unit;	/* what step() counts: "byte", "load" */
	int		 higher_is_better;
	double		 scale;		/* display = higher ? rate*scale : scale/rate */
	int		 ends;		/* 1, or 2 for pipe */
	int		 blocks;	/* it waits (on a peer, a child): not CPU-bound alone */
	const char	*param_help;	/* NULL when the kernel takes no parameter */
	/* In the supervisor: check the parameter (NULL or ""), fill p. */
	int		(*parse)(const char *param, const struct kernel_env *,
			    struct kernel_param *p, char *err, size_t errlen);
	/* In the child: allocate and prepare; NULL on failure with err set. */
	void		*(*init)(const struct kernel_param *p, char *err, size_t errlen);
	/* In the child: one chunk of work (about 0.1 to 1 ms); units done. */
	uint64_t	(*step)(void *state);
	/*
	 * In the child, optional: why the last step did no work, when the
	 * system refused it ("fork: Resource temporarily unavailable"), else NULL.
	 */
	const char	*(*stall)(void *state);
	/* In the second child of a two-ended load: serve the other end forever. */
	void		(*peer)(const struct kernel_param *p);
	void		(*fini)(void *state);
};

extern const struct kernel *const kernel_all[];	/* NULL-terminated */

const struct kernel *kernel_find(const char *name);
/* Would a load of this kernel use its whole CPU alone? Those that block do not. */
int		 kernel_cpu_bound(const struct kernel *);
/* Rate in work units per second to the kernel's displayed unit (0 if no rate). */
double		 kernel_display(const struct kernel *, double rate);
/* In the supervisor, once every end has forked: close p->fd[] (those >= 0). */
void		 kernel_param_close(struct kernel_param *);

#endif
