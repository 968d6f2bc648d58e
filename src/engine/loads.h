/* loads.h: the supervisor of synthetic loads, each a smtscope-load process pinned with hwloc. */
#ifndef SMTSCOPE_LOADS_H
#define SMTSCOPE_LOADS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/cpuset.h"
#include "engine/kernels/kernel.h"
#include "sample/perf.h"

struct foreign;
#include "model/topo.h"

#define LOADS_MAX	256

enum load_state {
	LOAD_RUNNING,
	LOAD_PAUSED,
	LOAD_DEAD
};

/* A parsed "KERNEL[:PARAM]@WHERE", checked against the model; nothing runs yet. */
struct load_spec {
	const struct kernel	*k;
	struct kernel_param	 param;
	struct cpuset		 cpus;		/* end A may run here */
	int			 floating;	/* cpus holds more than one CPU */
	int			 cpu_b;		/* two-ended loads: end B's CPU, else -1 */
	char			 text[128];	/* as written */
};

/* One sample of a load's progress and CPU time, taken by loads_sample(). */
struct load_sample {
	uint64_t	t_ns;		/* CLOCK_MONOTONIC */
	uint64_t	count;		/* work units done so far */
	uint64_t	run_ns;		/* CPU time of end A (schedstat) */
	int		cpu;		/* CPU end A last ran on, -1 unknown */
	struct perf_reading perf;	/* the load's counters (perf.h); have 0 none */
};

struct load {
	int			 id;		/* shown as hash#3; never reused */
	struct load_spec	 spec;
	pid_t			 pid;		/* end A */
	pid_t			 pid_b;		/* end B, or -1 */
	enum load_state		 state;
	char			 death[128];	/* why it died, when LOAD_DEAD */
	struct load_sample	 prev, cur;	/* the last two samples */
	int			 migrations;	/* CPU changes seen between samples */
	struct cpuset		 seen;		/* CPUs end A was seen on at a sample */
	struct perf_load	*perf;		/* its counters, open while it runs */
	int			 slot;
};

struct loads;

/* A supervisor for loads on this live machine model. */
struct loads	*loads_new(const struct topo *);
/*
 * Hardware counters on loads that block (pipe, fork) too, from their next
 * start: each of their switches then saves and restores the PMU.
 */
void		 loads_set_counters(struct loads *, int on);
/* The machine the supervisor runs loads on. */
const struct topo *loads_topo(const struct loads *);
/*
 * A reader of others' work for the guard of solos over these loads
 * (solo_loads_ops), made on first use and freed with the supervisor.
 */
struct foreign	*loads_reader(struct loads *);
/* Stop every load, reap them, and release the supervisor. */
void		 loads_free(struct loads *);

/* Parse and check a load; -1 with a message naming the kernel, parameter or CPU. */
int		 loads_parse(const struct topo *, const char *text, struct load_spec *,
		     char *err, size_t errlen);
/*
 * The loads a text names, appended to *texts (*n of them, each allocated):
 * "KERNEL[:PARAM]@each:SET" one per CPU of the set (topo_parse_each()) as
 * "KERNEL[:PARAM]@N", any other text as itself; -1 with a message.
 */
int		 loads_expand(const struct topo *, const char *text, char ***texts, int *n,
		     char *err, size_t errlen);
/* Free what loads_expand() gave. */
void		 loads_expand_free(char **texts, int n);
/* Start a load; returns its id, or -1 with a message. */
int		 loads_start(struct loads *, const struct load_spec *, char *err,
		     size_t errlen);
/* A recorded load shown by a replay: its id and place, no process; -1 with a message. */
int		 loads_replay_add(struct loads *, const struct load_spec *, int id,
		     char *err, size_t errlen);
int		 loads_stop(struct loads *, int id);
void		 loads_stop_all(struct loads *);
/* Pause (SIGSTOP) or resume (SIGCONT) a load, both ends. */
int		 loads_pause(struct loads *, int id, int pause);
/* Move a running load: end A to cpus, end B to cpu_b (-1 keeps it). */
int		 loads_move(struct loads *, int id, const struct cpuset *cpus, int cpu_b,
		     char *err, size_t errlen);
/* Reap children that ended (after SIGCHLD); returns how many loads died. */
int		 loads_reap(struct loads *);
/* Take a new sample of every live load (prev becomes the old cur). */
void		 loads_sample(struct loads *);
/* A fresh sample of one load, leaving its stored samples alone. */
void		 loads_peek(const struct loads *, const struct load *, struct load_sample *);
/* Why a live load does no work now, when it says (1, reason in buf), else 0. */
int		 loads_stall(const struct loads *, const struct load *, char *buf,
		     size_t len);
/* Start a load's next rate from now (after a start, move or resume). */
void		 loads_rebase(struct loads *, struct load *);

/* Loads in start order; dead ones stay until loads_forget(). */
int		 loads_count(const struct loads *);
struct load	*loads_at(struct loads *, int i);
struct load	*loads_get(struct loads *, int id);
void		 loads_forget(struct loads *, int id);
/* The progress counter of a load, read live. */
uint64_t	 loads_counter(const struct loads *, const struct load *);

/* Kill every load of every supervisor now; safe in a signal handler. */
void		 loads_emergency_kill(void);

#endif
