/*
 * record_run.h: a recording session over running loads (smtscope record):
 * the lines of doc/smtscope-record.5 built from the machine, the loads and
 * /proc, and written through record.h. The session (record_session.c,
 * or the screen's recorder) starts the loads, measures their solos and
 * paces the refreshes; this module turns each step into its line.
 */
#ifndef SMTSCOPE_RECORD_RUN_H
#define SMTSCOPE_RECORD_RUN_H

#include <stdint.h>

#include "engine/loads.h"
#include "exp/record/record.h"
#include "engine/capacity.h"
#include "engine/solo.h"
#include "model/topo.h"

struct record_run;

/* A session writing to out (it takes it) for loads on m, specs[0..nspecs). */
struct record_run *record_run_new(const struct topo *, struct record_out *,
	    const struct load_spec *specs, int nspecs, double interval_s);
/* Close the file; 0, or -1 with a message. Frees the session. */
int	 record_run_free(struct record_run *, char *err, size_t errlen);

/* The header line; -1 with a message. */
int	 record_run_header(struct record_run *, char *err, size_t errlen);
/* Event: load n of the header started as id (or failed: id -1, why). */
int	 record_run_started(struct record_run *, int n, int id, const char *why,
	    char *err, size_t errlen);
/*
 * Event: a load's solo was measured (tries: measurements the guard made),
 * with the baseline of its place it stands on (capacity.h; NULL unknown)
 * and whether it was another load's (reused).
 */
int	 record_run_solo(struct record_run *, int id, const struct solo_result *,
	    int disturbed, int tries, const struct capacity_base *, int reused,
	    char *err, size_t errlen);
/*
 * Event "capacity": load id's CPU's capacity seen to move (drift.h): what
 * it gives now over the baseline's, the step's size (new level / old - 1)
 * and its cause ("the host (under KVM)").
 */
int	 record_run_capacity(struct record_run *, int id, double capacity, double step,
	    const char *cause, char *err, size_t errlen);
/* Event: a load started later (the screen), its load object inline. */
int	 record_run_start_load(struct record_run *, int id, const struct load_spec *,
	    char *err, size_t errlen);
/* Event: a load moved; to is its new place as a load's text ("hash@1"). */
int	 record_run_move(struct record_run *, int id, const char *to, char *err,
	    size_t errlen);
/* Event: a load paused (pause 1) or resumed (0). */
int	 record_run_pause(struct record_run *, int id, int pause, char *err,
	    size_t errlen);
/* Event: smtscope or the user stopped a load; it is absent from later samples. */
int	 record_run_stop(struct record_run *, int id, char *err, size_t errlen);
/* Event: a load died (written once a load). */
int	 record_run_died(struct record_run *, int id, const char *why, char *err,
	    size_t errlen);
/* Event: a tour's step n (from 1) began. */
int	 record_run_step(struct record_run *, int n, const char *title, char *err,
	    size_t errlen);
/* The end event alone, the loads left running (why: "key", "quit"). */
int	 record_run_finish(struct record_run *, const char *why, char *err,
	    size_t errlen);
/*
 * The caller samples and reaps the loads itself (the screen, in its own
 * refresh): record_run_begin() and record_run_sample() then leave them
 * alone, and write the rates of the samples the caller took.
 */
void	 record_run_caller_samples(struct record_run *);
/* Start the refreshes: the first readings of CPUs and loads. */
void	 record_run_begin(struct record_run *, struct loads *);
/*
 * One refresh: a sample line, and a died event for each load that died
 * since (sampling and reaping the loads first, unless the caller does).
 */
int	 record_run_sample(struct record_run *, struct loads *, char *err, size_t errlen);
/* Stop every load (a stop event each), then the end event (why: "time", "SIGINT"). */
int	 record_run_end(struct record_run *, struct loads *, const char *why, char *err,
	    size_t errlen);
/* Lines written so far. */
int	 record_run_lines(const struct record_run *);

/* What a session wrote. */
struct record_tally {
	int	lines;		/* every line: header, events, samples, end */
	int	refreshes;	/* the sample lines */
	double	interval_s;
	double	over_s;		/* the last refresh less the first, one interval more
				   (replay --summary's "over"); 0 without one */
};
/* What was written so far. */
void	 record_run_tally(const struct record_run *, struct record_tally *);
/* "4 refreshes over 2.0 s, 9 lines, to r2.jsonl" (path sanitized). */
void	 record_tally_words(const struct record_tally *, const char *path, char *buf,
	    size_t len);

#endif
