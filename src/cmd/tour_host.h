/*
 * tour_host.h: the headless host: a tour played on this machine's loads,
 * each step printed as it is measured (report/tour_report.c prints).
 */
#ifndef SMTSCOPE_TOUR_HOST_H
#define SMTSCOPE_TOUR_HOST_H

#include "exp/tour/tour_player.h"

/* Play a tour without a screen, each step printed as it is measured; an exit status. */
int	tour_host_run(const struct tour *, const struct tour_options *, const char *record,
	    const char *svg);

#endif
