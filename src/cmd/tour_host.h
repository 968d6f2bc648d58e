/*
 * tour_host.h: the headless host (a tour printed step by step, loads on this
 * machine) and the summary of a played tour, as a text table or JSON.
 */
#ifndef SMTSCOPE_TOUR_HOST_H
#define SMTSCOPE_TOUR_HOST_H

#include <stdio.h>

#include "exp/tour_player.h"
#include "base/util.h"

/* The summary of every step: a text table, or one JSON object. */
void	tour_host_summary(const struct tour_player *, FILE *);
void	tour_host_summary_json(const struct tour_player *, struct strbuf *);
/* Write the JSON summary to a file; -1 with a message on stderr. */
int	tour_host_record(const struct tour_player *, const char *path);
/* Play a tour without a screen, each step printed as it is measured; an exit status. */
/* Write the summary as an SVG bar chart (speeds, yields per step); -1 on error. */
int	tour_host_svg(const struct tour_player *, const char *path);
int	tour_host_run(const struct tour *, const struct tour_options *, const char *record,
	    const char *svg);

#endif
