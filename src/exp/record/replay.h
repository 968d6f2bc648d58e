/*
 * replay.h: a recording (record.h, doc/smtscope-record.5) read back whole
 * and checked: its machine and topology, its loads with their solos and
 * fates, every CPU's busy split and each load's state, rate, share and
 * solo at every refresh, and the events between (the screen's replay
 * shows them; the summary reads the loads' figures).
 */
#ifndef SMTSCOPE_REPLAY_H
#define SMTSCOPE_REPLAY_H

#include <stddef.h>
#include <stdio.h>


/* A load of the recording: one of the header's, as it started. */
struct replay_load {
	int	 id;			/* its id in the recording; -1 never started */
	char	 load[128];		/* as written: "hash@0" */
	char	 kernel[32];
	char	 unit[32];		/* the displayed unit: "MB/s" */
	double	 scale;			/* displayed = higher ? rate*scale : scale/rate */
	int	 higher;
	double	 solo;			/* work units per second alone; NAN none */
	int	 solo_disturbed;
	char	 fate[160];		/* "stopped", "died: why", "failed: why", "" */
};

/* What an event says; the screen's replay follows them. */
enum replay_ev {
	REPLAY_EV_START,
	REPLAY_EV_FAILED,
	REPLAY_EV_SOLO,
	REPLAY_EV_DIED,
	REPLAY_EV_STOP,
	REPLAY_EV_MOVE,
	REPLAY_EV_PAUSE,
	REPLAY_EV_RESUME,
	REPLAY_EV_STEP,
	REPLAY_EV_CAPACITY,
	REPLAY_EV_END
};

struct replay_event {
	double		 t;
	int		 sample;	/* the samples before it */
	enum replay_ev	 kind;
	int		 load;		/* index into loads; -1 none */
	double		 num;		/* solo: the rate; step: its number;
					   capacity: what the CPU gives now over
					   the baseline's */
	double		 share;		/* solo: its share of a CPU alone; NAN */
	int		 disturbed;	/* solo: others took its CPU or core */
	double		 step;		/* capacity: new level / old - 1; NAN */
	/* solo: the place's baseline (NAN, 0 where an older recording has none) */
	double		 base, base_spread, base_at_s;
	int		 base_disturbed;
	char		 text[160];	/* move: the new place; died, failed: why; step:
					   title; capacity: its cause */
};

struct replay {
	char			 path[4096];
	char			 host[256];	/* "" unknown */
	char			 cpu[128];	/* the CPU's brand, "" unknown */
	char			 vendor[32];	/* the machine object's, "" unknown */
	char			 codename[64];
	char			 hypervisor[32];
	char			 smt_control[32]; /* sysfs smt/control as recorded, "" none */
	int			 smt_on;	/* the machine said SMT on (1), off (0); -1 */
	char			 start[64];	/* "2026-11-30T19:00:00Z" */
	char			 smtscope[32];	/* the version that recorded it */
	char			 end[32];	/* the end event's why; "" none */
	double			 interval_s;
	int			 ncpus;
	int			*cpu_os;	/* the header's CPUs, OS indexes in order */
	char			*xml;		/* the topology as hwloc XML */
	struct replay_load	*loads;
	int			 nloads, loads_cap;
	double			*t;		/* each refresh's time, s from the start */
	double			*rate;		/* [sample * nloads + load]; NAN none */
	double			*share;
	double			*solo;		/* the solo the sample gives; NAN none */
	char			*state;		/* 'r', 'p', 'd'; 0 not in the sample */
	signed char		*busy;		/* [(sample * ncpus + cpu) * 3 + k]: */
						/* smtscope user, system, others %; -1 none */
	int			 nsamples, cap;
	struct replay_event	*ev;
	int			 nev, ev_cap;
	int			 lines;
	char			 warning[4400];	/* a last line cut short; "" none */
};

/*
 * Read a recording whole; 0, or -1 with "FILE: line N: what" in err. A
 * last line cut short (a recording killed) is left out, with a warning.
 */
int	replay_read(struct replay *, const char *path, char *err, size_t errlen);
void	replay_free(struct replay *);
/*
 * The median of load li's rates over samples [a, b) (NAN none; buf holds
 * b - a doubles); *n the rates it had. replay --summary's and topo --loads'.
 */
double	replay_median_rate(const struct replay *, int li, int a, int b, double *buf,
	    int *n);
#endif
