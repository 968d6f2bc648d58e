/* idle_record.h: idle residency in recordings (smtscope-record(5)); record_run.c hooks it. */
#ifndef SMTSCOPE_IDLE_RECORD_H
#define SMTSCOPE_IDLE_RECORD_H

#include "model/topo.h"

struct idle_track;
struct jsonw;
/* A tracker for a recording of m (hypervisor: cpuinfo's, for the reason's words). */
struct idle_track *idle_track_new(const struct topo *, const char *hypervisor);
void	idle_track_free(struct idle_track *);
/* Add the header's "idle_states" and "idle_unavailable". */
void	idle_track_header(const struct idle_track *, struct jsonw *);
/* Add a sample's "i": each CPU's share per state since the last, in whole percent. */
void	idle_track_sample(struct idle_track *, struct jsonw *);
#endif
