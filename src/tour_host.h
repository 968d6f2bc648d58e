/*
 * tour_host.h: the headless host (a tour printed step by step, loads on this
 * machine) and the summary of a played tour, as a text table or JSON.
 */
#ifndef SMTSCOPE_TOUR_HOST_H
#define SMTSCOPE_TOUR_HOST_H

#include <stdio.h>

#include "tour_player.h"
#include "util.h"

/* A host's map from a tour's load names to the ids of the loads it started. */
struct tour_names {
	struct {
		char	name[TOUR_NAME_MAX];
		int	id;
	}	map[TOUR_LOADS_MAX];
	int	n;
};
/* Add a name; -1 when the map is full. */
int		 tour_names_add(struct tour_names *, const char *name, int id);
/* The id of a name, or -1; remove drops it from the map. */
int		 tour_names_id(struct tour_names *, const char *name, int remove);


/* The summary of every step: a text table, or one JSON object. */
void	tour_host_summary(const struct tour_player *, FILE *);
void	tour_host_summary_json(const struct tour_player *, struct strbuf *);
/* Write the JSON summary to a file; -1 with a message on stderr. */
int	tour_host_record(const struct tour_player *, const char *path);
/* Play a tour without a screen, each step printed as it is measured; an exit status. */
int	tour_host_run(const struct tour *, const struct tour_options *, const char *record);

#endif
