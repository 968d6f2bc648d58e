/*
 * loadmap.h: where the loads of a recording (smtscope record) or of a run
 * result (smtscope run --json) ran, with each one's speed figure and mark
 * as the file gives them, checked against the topology they are drawn on
 * (topo --svg --loads). A run's figure is its own "speed" and
 * "speed_mark"; a recording's is replay --summary's: the median rate over
 * its refreshes against its solo, marked by the same rule.
 */
#ifndef SMTSCOPE_LOADMAP_H
#define SMTSCOPE_LOADMAP_H

#include <stddef.h>

#include "base/cpuset.h"
#include "model/topo.h"

/* A load as the file holds it. */
struct loadmap_load {
	char		 label[48];	/* "hash#1" */
	char		 figure[32];	/* "71%", "~71%", "?", "-" (none) */
	char		 place[128];	/* where, as the file writes it: "0", "0,1" */
	struct cpuset	 cpus;		/* the CPUs it was pinned to (OS indexes) */
	int		 floating;	/* it could run on any of cpus */
	int		 moved;		/* a recording's moves: drawn where it ended */
};

struct loadmap {
	char			 path[4096];
	const char		*kind;		/* "recording" or "run result" */
	char			 host[256];	/* "" unknown */
	char			 date[64];	/* a recording's start; "" none */
	char			 rule[160];	/* what the figures are, in words */
	/* The machine it ran on: counts (-1 unknown), a recording's CPUs. */
	int			 packages, numa_nodes, cores, pus;
	struct cpuset		 cpus;
	int			 has_cpus;
	struct loadmap_load	*loads;
	int			 nloads;
};

/*
 * Read a recording or a run result (told apart by its first line's
 * "kind"); 0, or -1 with one line naming the file in err. Places are read
 * on m, the topology it will be drawn on.
 */
int	loadmap_read(struct loadmap *, const char *path, const struct topo *m, char *err,
	    size_t errlen);
/*
 * Is the file's machine the one drawn (m, its host name host, "" unknown)?
 * 0, or -1 with "FILE: what differs" in err; and every load's CPU in m
 * (-1 with "FILE: load hash#1 ran on CPU 7, which ... lacks").
 */
int	loadmap_check(const struct loadmap *, const struct topo *m, const char *host,
	    char *err, size_t errlen);
void	loadmap_free(struct loadmap *);

#endif
