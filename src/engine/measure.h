/* measure.h: headless measuring windows over running loads, interruptible by signals. */
#ifndef SMTSCOPE_MEASURE_H
#define SMTSCOPE_MEASURE_H

#include <signal.h>
#include <stddef.h>

#include "base/cpuset.h"
#include "sample/foreign.h"
#include "engine/loads.h"
#include "model/topo.h"

/*
 * Block SIGINT, SIGTERM and SIGHUP so that the waits below can take them
 * synchronously; a fatal signal during a wait stops all loads first.
 */
void	measure_signals_block(void);
/* The terminating signals waited on: INT, TERM, HUP, less those ignored (nohup). */
void	measure_sigset(sigset_t *);
/* Sleep s seconds; returns 0, or the number of a terminating signal that came. */
int	measure_sleep(double s);
/* Wait until a load has done its first unit of work; 0, -1 on timeout or death, or a signal. */
int	measure_wait_ready(struct loads *, int id, double timeout_s);

/*
 * A measuring window over running loads that ends when its figure is known
 * (stable.h): sub-windows of sub_s, over once need of them agree within tol
 * after min_s, or at max_s. Without weights each load's rate is a figure
 * and all must be known; with weights the figure is one sum of weight[i]
 * times load i's rate (a yield, with weight 1/solo).
 */
struct measure_win {
	double		 min_s, max_s, sub_s;
	double		 tol;
	int		 need;
	const double	*weight;
};

/* What a window found for one load, over the whole window. */
struct measure_fig {
	double	rate;		/* work units per second */
	double	share;		/* of the window on a CPU, 0..1; NAN unknown */
	double	spread;		/* relative spread of its sub-window rates */
};

/*
 * Measure a window over loads ids[0..n) (every load is sampled, so
 * migrations are counted): fills out[i] (NAN for a load that died), and
 * *spread with the relative spread of the weighted sum (NAN without
 * weights) and *secs with the window's length. Returns 0, or a signal's
 * number.
 */
int	measure_stable(struct loads *, const int *ids, int n, const struct measure_win *,
	    struct measure_fig *out, double *spread, double *secs);

/*
 * The seconds a load's setup is expected to take here: its kernel's own
 * setup (init) run in this process on at most MEASURE_SETUP_BYTES of its
 * working set, timed, and scaled to the whole; 0 for a load whose working
 * set is under a megabyte (its start is in a window's overhead). It slights
 * a working set that outgrows the caches: the end of a run says so.
 */
#define MEASURE_SETUP_BYTES	(32ULL << 20)
double	measure_setup_s(const struct load_spec *);

/* Scan foreign work now, leaving out this process and its loads; 0 or -1. */
int	measure_foreign_scan(struct foreign *, struct loads *);
/* A load's CPUs (end A's set and end B) and every SMT sibling of them. */
void	measure_core_cpus(const struct topo *, const struct load_spec *, struct cpuset *);
/*
 * Others' CPU time so far, in ns, on a load's core (its CPUs and their SMT
 * siblings): the CPUs' busy time from /proc/stat less the load's own, its
 * reaped children's included (a fork load's forks are its work), read with
 * reader. -1 if the load is gone or /proc cannot be read.
 */
int	measure_core_foreign_ns(const struct topo *, const struct foreign *reader,
	    const struct load *, uint64_t *ns);
/* Others' CPU time on a set over the last scanned interval, in CPUs. */
double	measure_foreign_cpus(const struct foreign *, const struct cpuset *);
/*
 * The foreign processes on a set over the last interval, each with at least
 * min_share of one of its CPUs, largest first; how many were written.
 */
int	measure_foreign_on(const struct foreign *, const struct cpuset *, double min_share,
	    struct foreign_proc *, int max);
/* Others' CPUs on a set, at least the sum of the n processes named there. */
double	measure_foreign_whole(double cpus, const struct foreign_proc *, int n);
/*
 * Others' CPUs over a solo's kept window (window, from /proc/stat; NAN: the
 * scan's figure, scan), never less than the n processes named over the
 * scan around it: a window's figure put in after the whole was made whole
 * left "others used 0.23 CPU: smtscope:spin (8121) 30% of CPU 1".
 */
double	measure_foreign_kept(double window, double scan, const struct foreign_proc *,
	    int n);
/* "smtscope-hog (4242) 48% of CPU 1, cc1 (77) 6% of CPU 0", or "" for none. */
void	measure_foreign_text(const struct foreign_proc *, int n, char *buf, size_t len);
/*
 * A per-CPU share of the last interval (foreign_cpu_share, _unnamed,
 * _steal) summed over a set, in CPUs.
 */
double	measure_sum_cpus(const struct foreign *, const struct cpuset *,
	    double (*share)(const struct foreign *, int));
/* The time the hypervisor gave other guests on a set over the last interval, in CPUs. */
double	measure_steal_cpus(const struct foreign *, const struct cpuset *);
/*
 * "the hypervisor gave 0.45 CPU there to other guests (steal)" where steal
 * is at least MEASURE_STEAL_MIN CPU, else "".
 */
#define MEASURE_STEAL_MIN	0.05
void	measure_steal_text(double steal, char *buf, size_t len);

#endif
