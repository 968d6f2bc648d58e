/*
 * run.h: `smtscope run`'s results, between its measurement (cmd_run.c) and
 * its report (run_report.c): each load alone (a guarded solo), then all
 * together, with the foreign work seen on each load's core.
 */
#ifndef SMTSCOPE_RUN_H
#define SMTSCOPE_RUN_H

#include <stdio.h>

#include "cmd.h"
#include "foreign.h"
#include "loads.h"
#include "topo.h"

#define RUN_WHO_MAX	8	/* foreign processes named per load and phase */

/* The foreign work seen on a load's core over one phase. */
struct run_foreign {
	double			cpus;		/* others' CPU time, in CPUs; NAN unknown */
	struct foreign_proc	who[RUN_WHO_MAX];	/* largest first */
	int			nwho;
};

/* What `run` learns of one load. */
struct run_result {
	struct load_spec	 spec;
	int			 id;
	double			 solo;		/* work units per second, alone */
	double			 solo_share;	/* share of wall time on a CPU, alone */
	double			 solo_spread;
	int			 solo_tries;	/* measurements the guard made */
	int			 solo_disturbed;
	struct run_foreign	 solo_foreign;
	double			 rate;		/* together */
	double			 share;
	double			 spread;
	double			 speed;
	double			 efficiency;
	int			 disturbed;	/* others took time on its core, together */
	struct run_foreign	 foreign;
	int			 last_cpu;
	int			 migrations;
	int			 starved;	/* others took all its CPU alone: no figure,
						   but no failure of smtscope's */
	char			 failure[160];
};

/* One CPU involved, over the together phase. */
struct run_cpu {
	int	cpu;
	double	busy;		/* 0..1 */
	double	foreign_busy;	/* 0..1: others than smtscope and its loads */
};

/* A whole run. */
struct run {
	const struct topo	*m;
	struct run_result	*r;
	int			 n;
	double			 time_s;	/* --time: the longest window */
	double			 together_s;	/* the together window measured */
	struct run_cpu		*cpus;
	int			 ncpus;
};

/* run_report.c: the report as text (with a warning per disturbed figure), JSON or CSV. */
void	run_report(const struct run *, enum cmd_format, FILE *);

#endif
