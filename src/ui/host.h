/*
 * host.h: the screen's part that is the machine: its model and identity,
 * the loads and their solo measurer, the refresh interval, and each CPU's
 * time as figures.c samples it. ui.c fills it; figures.c refreshes the CPU
 * time; every other part reads it.
 */
#ifndef SMTSCOPE_UI_HOST_H
#define SMTSCOPE_UI_HOST_H

#include "model/cpuinfo.h"
#include "sample/cpustat.h"

struct loads;
struct solo;
struct topo;

struct ui_host {
	struct topo		*m;
	struct cpuinfo		 ci;
	int			 view_only;	/* -i: another machine */
	struct loads		*loads;		/* NULL when view only */
	struct solo		*solo;		/* solo rates (solo.c); NULL when view only */
	int			 delay_tenths;

	/* CPU time, per pus[] index. */
	int			 sampling;
	struct cpustat_sample	 s_prev;
	struct cpustat_sample	 s_cur;
	struct cpustat_pct	*pct;
	unsigned char		*pct_ok;
};

#endif
