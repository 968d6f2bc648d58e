/*
 * replay.h: a recording (record.h, doc/smtscope-record.5) read back whole
 * and checked: its machine, its loads with their solos and fates, and each
 * load's rate and share at every refresh. The CPUs' busy splits are
 * checked, not kept: the summary does not use them.
 */
#ifndef SMTSCOPE_REPLAY_H
#define SMTSCOPE_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include "cmd.h"

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

struct replay {
	char			 path[4096];
	char			 host[256];	/* "" unknown */
	char			 cpu[128];	/* the CPU's brand, "" unknown */
	char			 start[64];	/* "2026-11-30T19:00:00Z" */
	char			 smtscope[32];	/* the version that recorded it */
	char			 end[32];	/* the end event's why; "" none */
	double			 interval_s;
	int			 ncpus;
	struct replay_load	*loads;
	int			 nloads;
	double			*t;		/* each refresh's time, s from the start */
	double			*rate;		/* [sample * nloads + load]; NAN none */
	double			*share;
	int			 nsamples, cap;
	int			 lines;
	char			 warning[4400];	/* a last line cut short; "" none */
};

/*
 * Read a recording whole; 0, or -1 with "FILE: line N: what" in err. A
 * last line cut short (a recording killed) is left out, with a warning.
 */
int	replay_read(struct replay *, const char *path, char *err, size_t errlen);
void	replay_free(struct replay *);

/* replay_report.c: each load's speed over the recording, per tenth of it. */
void	replay_summary(const struct replay *, enum cmd_format, FILE *);

#endif
