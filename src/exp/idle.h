/*
 * idle.h: shallow idle held safely, for every experiment that holds it
 * (check --idle, a tour's `idle held` step): by PM QoS (the kernel ends
 * the hold when the descriptor closes, whatever ends smtscope), or, asked
 * for with --idle=states, by each deeper state's disable flag on the
 * measured CPUs, recorded under <root>/run/smtscope and written back by a
 * guard process on every exit, SIGKILL included (idle_hold.c). What
 * waking an idle CPU costs is check's (exp/check/check_idle.h).
 */
#ifndef SMTSCOPE_IDLE_H
#define SMTSCOPE_IDLE_H

#include <stddef.h>
#include <sys/types.h>

#include "base/cpuset.h"
#include "sample/cpuidle.h"

/* How shallow idle is held. */
enum idle_how {
	IDLE_OFF,	/* not measured */
	IDLE_QOS,	/* PM QoS: /dev/cpu_dma_latency held at 0 */
	IDLE_STATES	/* --idle=states: deeper states disabled on the measured CPUs */
};

#define IDLE_REC_MAX	(8 * CPUIDLE_MAX_STATES)
/* Where --idle=states records what it changed, under the root. */
#define IDLE_RECORD	"/run/smtscope/idle-states"
/* Held (flock) by the one smtscope that holds idle states, and by its guard until they are back. */
#define IDLE_LOCK	"/run/smtscope/idle-states.lock"
/* The one line said where the hold cannot be had for want of access. */
#define IDLE_NO_ACCESS	"idle hold needs write access to /dev/cpu_dma_latency (root " \
	"or CAP_SYS_ADMIN)"

/* One state's disable flag as --idle=states found it. */
struct idle_rec {
	int	cpu;
	int	state;
	int	orig;		/* its disable flag before */
	char	name[CPUIDLE_NAME_MAX];
};

/* A hold of shallow idle, released on every path. */
struct idle_hold {
	enum idle_how	 how;
	char		 root[256];
	int		 qos_fd;	/* IDLE_QOS while held; -1 */
	int		 held;
	/* IDLE_STATES */
	struct idle_rec	 rec[IDLE_REC_MAX];
	int		 nrec;
	char		 record[4096];	/* the record's path */
	int		 lock_fd;	/* IDLE_LOCK held; -1 */
	int		 guard_fd;	/* -1 without a guard */
	pid_t		 guard_pid;
};

/* idle_hold.c */
/* A hold not yet made (how, under root: NULL is cpuidle_root(NULL)). */
void	idle_hold_init(struct idle_hold *, enum idle_how, const char *root);
/*
 * Make ready to hold: IDLE_QOS tries the hold once and lets go; IDLE_STATES
 * refuses a record left by another run, records each deeper state's flag
 * on cpus and starts the guard. -1 with why (IDLE_NO_ACCESS without access).
 */
int	idle_hold_open(struct idle_hold *, const struct cpuset *cpus, char *err,
	    size_t errlen);
/*
 * Can shallow idle be held here, and would it change anything? PM QoS's
 * device tried, and the cpuidle driver looked at; 0, or -1 with why.
 */
int	idle_can_hold(const char *hypervisor, char *why, size_t len);
/* Hold shallow idle now; -1 with why. */
int	idle_hold_on(struct idle_hold *, char *err, size_t errlen);
/* Let go: the descriptor closed, or each flag written back; -1 with why. */
int	idle_hold_off(struct idle_hold *, char *err, size_t errlen);
/* Let go and end the guard (which removes the record); -1 with why. */
int	idle_hold_close(struct idle_hold *, char *err, size_t errlen);
/*
 * Is a record of --idle=states under root? 0 when none (a stale one whose
 * states are all back is removed), -1 with what it says: another smtscope
 * running, or states a previous run left disabled and how to restore them.
 */
int	idle_record_check(const char *root, char *err, size_t errlen);
/*
 * check --idle=restore: write back what the record says and remove it; 0
 * with what was done in msg (or that nothing was left), -1 with why.
 */
int	idle_record_restore(const char *root, char *msg, size_t msglen);

#endif
