/*
 * record_session.h: `smtscope record`'s session, headless: the loads
 * started and each one's solo measured once, then a sample line every
 * refresh until the time is up or a signal comes, then the end. The lines
 * are record_run.c's; the command (cmd_record.c) only reads its options.
 */
#ifndef SMTSCOPE_RECORD_SESSION_H
#define SMTSCOPE_RECORD_SESSION_H

#include <stddef.h>

#include "engine/loads.h"
#include "exp/record/record.h"
#include "exp/record/record_run.h"
#include "model/topo.h"

/*
 * Record loads specs[0..n) on m into out (which it takes and closes): the
 * header, each load started and waited for (a failure is an event), each
 * one's solo once with the others paused, a sample every interval_s until
 * time_s (0: until a signal), then every load stopped and the end event
 * ("time", the signal's name, or "error"). 0, or -1 with a message (the
 * file stays whole up to it). A terminating signal's number in *sig, else
 * 0: the caller dies of it. What it wrote in *tally. The caller blocks the
 * signals first (measure_signals_block()).
 */
int	record_session(const struct topo *, struct record_out *,
	    const struct load_spec *specs, int n, double interval_s, double time_s,
	    int *sig, struct record_tally *tally, char *err, size_t errlen);

#endif
