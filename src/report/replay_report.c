/*
 * replay_report.c: `replay --summary`: the recording's machine and loads,
 * and each load's rate over time, per tenth of the recording: the slowest,
 * median and fastest of its refreshes, and the median's speed against the
 * load's solo.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/analysis.h"
#include "engine/split.h"
#include "report/report.h"
#include "exp/record/replay.h"
#include "base/util.h"
#include "report/reports.h"

/* The parts a recording is cut into. */
#define REPLAY_PARTS	10

enum {
	RS_ID, RS_LOAD, RS_PART, RS_FROM, RS_TO, RS_N, RS_MIN, RS_MEDIAN, RS_MAX,
	RS_SOLO, RS_SPEED, RS_UNIT, RS_SPEED_MARK, RS_SPLIT_SHARE, RS_SPLIT_CAPACITY,
	RS_SPLIT_INTERACTION, RS_NCOLS
};
static const struct report_col replay_cols[RS_NCOLS] = {
	[RS_ID] = { .key = "id" },
	[RS_LOAD] = { .key = "load", .title = "LOAD", .width = 12 },
	[RS_PART] = { .key = "part", .title = "PART", .width = 7, .right = 1 },
	[RS_FROM] = { .key = "from_s", .title = "FROM", .width = 6, .right = 1,
	    .style = FMT_FIXED, .prec = 1 },
	[RS_TO] = { .key = "to_s", .title = "TO", .width = 6, .right = 1,
	    .style = FMT_FIXED, .prec = 1 },
	[RS_N] = { .key = "samples", .title = "N", .width = 3, .right = 1,
	    .style = FMT_FIXED },
	[RS_MIN] = { .key = "slowest", .title = "SLOWEST", .width = 7, .right = 1,
	    .style = FMT_RATE },
	[RS_MEDIAN] = { .key = "median", .title = "MEDIAN", .width = 7, .right = 1,
	    .style = FMT_RATE },
	[RS_MAX] = { .key = "fastest", .title = "FASTEST", .width = 7, .right = 1,
	    .style = FMT_RATE },
	[RS_SOLO] = { .key = "solo", .title = "SOLO", .width = 7, .right = 1,
	    .style = FMT_RATE },
	[RS_SPEED] = { .key = "speed", .title = "SPEED", .width = 6, .right = 1,
	    .style = FMT_PCT },
	/* The unit is each load's, said on its line above: the table fits 80. */
	[RS_UNIT] = { .key = "unit" },
	[RS_SPEED_MARK] = { .key = "speed_mark" },
	/* The speed split as run's (split.h): JSON only, the table fits 80. */
	[RS_SPLIT_SHARE] = { .key = "split_share" },
	[RS_SPLIT_CAPACITY] = { .key = "split_capacity" },
	[RS_SPLIT_INTERACTION] = { .key = "split_interaction" },
};

/* qsort: ascending. */
static int
replay_cmp_num(const void *pa, const void *pb)
{
	double	a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/*
 * The split of a part's speed: its median CPU share over the share alone
 * of the load's last solo (the one its SOLO is), and the capacity the
 * last capacity event after that solo, by the part's end, said; NAN
 * where the recording has none (capacity: no move was written).
 */
static void
replay_split(const struct replay *rp, int li, int a, int b, double speed, double *buf,
    struct split *sp, double *spread)
{
	const struct replay_event	*e;
	double				 r, share, alone = NAN, cap = NAN;
	int				 i, n = 0, solo = -1;

	for (i = 0; i < rp->nev; i++)
		if (rp->ev[i].kind == REPLAY_EV_SOLO && rp->ev[i].load == li)
			solo = i;
	*spread = NAN;
	if (solo >= 0) {
		alone = rp->ev[solo].share;
		*spread = rp->ev[solo].base_spread;
	}
	for (i = solo + 1; solo >= 0 && i < rp->nev; i++) {
		e = &rp->ev[i];
		if (e->sample > b)
			break;
		if (e->kind == REPLAY_EV_CAPACITY && e->load == li)
			cap = e->num;
	}
	/* The samples its median rate counts: a rate above 0 (not paused). */
	for (i = a; i < b; i++) {
		r = rp->rate[(size_t)i * rp->nloads + li];
		share = rp->share[(size_t)i * rp->nloads + li];
		if (isfinite(r) && r > 0 && isfinite(share))
			buf[n++] = share;
	}
	qsort(buf, (size_t)n, sizeof *buf, replay_cmp_num);
	share = n == 0 ? NAN : n % 2 ? buf[n / 2] : (buf[n / 2 - 1] + buf[n / 2]) / 2;
	split_compute(speed, 1.0, share, alone, cap, sp);
}

/* A rate as shown: in the load's unit (higher: rate * scale; lower: scale / rate). */
static double
replay_display(const struct replay_load *l, double rate)
{
	if (!isfinite(rate) || rate <= 0 || !isfinite(l->scale) || l->scale <= 0)
		return NAN;
	return l->higher ? rate * l->scale : l->scale / rate;
}

/* The row of one load over samples [a, b). */
static void
replay_part(struct report_table *t, const struct replay *rp, int li, int part, int parts,
    int a, int b, double *buf)
{
	const struct replay_load	*l = &rp->loads[li];
	enum report_better		 better = l->higher ? REPORT_HIGHER : REPORT_LOWER;
	enum analysis_mark		 mark;
	struct split			 sp;
	double				 med, speed, spread;
	char				 why[160];
	int				 n = 0, past, row = report_add_row(t);

	med = replay_median_rate(rp, li, a, b, buf, &n);
	report_set_num(t, row, RS_ID, l->id, NULL, REPORT_NEUTRAL);
	report_set_text(t, row, RS_LOAD, "#%d %s", l->id, l->load);
	/* Rounded, not cut: sixths are 0-17%, 17-33%, ... */
	report_set_text(t, row, RS_PART, "%d-%d%%", (part * 100 + parts / 2) / parts,
	    ((part + 1) * 100 + parts / 2) / parts);
	/* A part starts where the one before ended: no gap, no overlap. */
	report_set_num(t, row, RS_FROM, a > 0 ? rp->t[a - 1] : rp->t[a] - rp->interval_s, "s",
	    REPORT_NEUTRAL);
	report_set_num(t, row, RS_TO, rp->t[b - 1], "s", REPORT_NEUTRAL);
	report_set_num(t, row, RS_N, n, NULL, REPORT_NEUTRAL);
	/* The slowest is the lowest rate: in a lower-is-better unit, the highest figure. */
	report_set_num(t, row, RS_MIN, replay_display(l, n ? (l->higher ? buf[0] :
	    buf[n - 1]) : NAN), NULL, better);
	report_set_num(t, row, RS_MEDIAN, replay_display(l, med), NULL, better);
	report_set_num(t, row, RS_MAX, replay_display(l, n ? (l->higher ? buf[n - 1] :
	    buf[0]) : NAN), NULL, better);
	report_set_num(t, row, RS_SOLO, replay_display(l, l->solo), NULL, better);
	speed = analysis_speed(med, l->solo);
	mark = analysis_speed_mark(speed, NAN, kernel_cpu_bound(kernel_find(l->kernel)),
	    l->solo_disturbed, 0, why, sizeof why);
	report_set_num(t, row, RS_SPEED, speed, NULL, REPORT_HIGHER);
	if (l->solo_disturbed) {
		report_set_flag(t, row, RS_SOLO, REPORT_DISTURBED, "solo disturbed");
		report_set_flag(t, row, RS_SPEED, REPORT_DISTURBED, "solo disturbed");
	} else if (!isfinite(l->solo))
		report_set_flag(t, row, RS_SPEED, REPORT_NA, "no solo was recorded");
	/* A flag per speed; an unknown one (past physics) reads ?, null in JSON. */
	if (mark == ANALYSIS_CLEAN || !isfinite(speed))
		report_set_json(t, row, RS_SPEED_MARK, "null");
	else
		report_set_text(t, row, RS_SPEED_MARK, "%s", analysis_mark_text(mark));
	if (mark == ANALYSIS_UNKNOWN && isfinite(speed)) {
		report_set_text(t, row, RS_SPEED, "?");
		report_set_json(t, row, RS_SPEED, "null");
	}
	replay_split(rp, li, a, b, mark == ANALYSIS_UNKNOWN ? NAN : speed, buf, &sp, &spread);
	past = split_bound(&sp, spread, kernel_cpu_bound(kernel_find(l->kernel)));
	report_set_num(t, row, RS_SPLIT_SHARE, sp.share, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, RS_SPLIT_CAPACITY, sp.capacity, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, RS_SPLIT_INTERACTION, sp.interaction, NULL, REPORT_HIGHER);
	/* Past physics (split_bound()): ?, null in JSON, as run and check. */
	if (past) {
		report_set_text(t, row, RS_SPLIT_INTERACTION, "?");
		report_set_json(t, row, RS_SPLIT_INTERACTION, "null");
	}
	if (n == 0)
		report_set_flag(t, row, RS_MEDIAN, REPORT_NA, "no rate in this part");
	report_set_text(t, row, RS_UNIT, "%s", l->unit);
}

/* The table: per load that started, a row per part of the recording. */
static struct report_table *
replay_table(const struct replay *rp)
{
	struct report_table	*t = report_new(replay_cols, RS_NCOLS);
	double			*buf = xcalloc((size_t)rp->nsamples + 1, sizeof *buf);
	int			 li, p, parts, a, b;

	parts = rp->nsamples < REPLAY_PARTS ? rp->nsamples : REPLAY_PARTS;
	for (li = 0; li < rp->nloads; li++) {
		if (rp->loads[li].id <= 0)
			continue;
		for (p = 0; p < parts; p++) {
			a = (int)((long)p * rp->nsamples / parts);
			b = (int)((long)(p + 1) * rp->nsamples / parts);
			if (b > a)
				replay_part(t, rp, li, p, parts, a, b, buf);
		}
	}
	free(buf);
	return t;
}

/* The recording in words: host, date, length, loads and their fates. */
static void
replay_text_head(const struct replay *rp, FILE *f)
{
	const struct replay_load	*l;
	char				 solo[64], id[32];
	int				 i;

	fprintf(f, "Recording %s: host %s, started %s, smtscope %s\n", rp->path,
	    rp->host[0] != '\0' ? rp->host : "(unknown)", rp->start[0] != '\0' ?
	    rp->start : "(unknown)", rp->smtscope[0] != '\0' ? rp->smtscope : "?");
	fprintf(f, "%d refresh%s every %.1f s over %.1f s, %d CPU%s%s%s; ended by %s\n",
	    rp->nsamples, rp->nsamples == 1 ? "" : "es", rp->interval_s, rp->nsamples > 0 ?
	    rp->t[rp->nsamples - 1] - rp->t[0] + rp->interval_s : 0.0, rp->ncpus,
	    rp->ncpus == 1 ? "" : "s", rp->cpu[0] != '\0' ? ", " : "",
	    rp->cpu, rp->end[0] != '\0' ? rp->end : "nothing recorded (cut short)");
	for (i = 0; i < rp->nloads; i++) {
		l = &rp->loads[i];
		fmt_num(solo, sizeof solo, replay_display(l, l->solo), FMT_RATE, 0);
		id[0] = '\0';
		if (l->id > 0)
			snprintf(id, sizeof id, " (#%d)", l->id);
		fprintf(f, "  load %d: %s%s, solo %s %s%s%s%s\n", i + 1, l->load, id,
		    solo, l->unit,
		    l->solo_disturbed ? " (disturbed)" : "", l->fate[0] != '\0' ? ", " : "",
		    l->fate);
	}
	/* As replay_table() cuts it: in tenths, or a part a refresh when fewer. */
	if (rp->nsamples >= REPLAY_PARTS)
		fprintf(f, "\nEach load's rate per tenth of the recording: the slowest, "
		    "median and fastest\nof its refreshes, in its unit above; SPEED = median rate "
		    "/ solo.\n\n");
	else
		fprintf(f, "\nEach load's rate per refresh (%d, fewer than ten): the slowest, "
		    "median and\nfastest are the one figure, in its unit above; SPEED = rate / "
		    "solo.\n\n", rp->nsamples);
}

/* The recording's description and loads as JSON members. */
static void
replay_json_head(const struct replay *rp, struct jsonw *w)
{
	const struct replay_load	*l;
	int				 i;

	jsonw_key_str(w, "kind", "replay-summary");
	jsonw_key_str(w, "file", rp->path);
	jsonw_key_str(w, "hostname", rp->host);
	jsonw_key_str(w, "start", rp->start);
	jsonw_key_text(w, "end", rp->end);
	jsonw_key_int(w, "refreshes", rp->nsamples);
	jsonw_key_num(w, "interval_s", rp->interval_s);
	jsonw_key_int(w, "cpus", rp->ncpus);
	jsonw_key_array(w, "loads");
	for (i = 0; i < rp->nloads; i++) {
		l = &rp->loads[i];
		jsonw_object(w);
		if (l->id > 0)
			jsonw_key_int(w, "id", l->id);
		else
			jsonw_key_null(w, "id");
		jsonw_key_str(w, "load", l->load);
		jsonw_key_str(w, "unit", l->unit);
		jsonw_key_num(w, "solo", replay_display(l, l->solo));
		jsonw_key_bool(w, "solo_disturbed", l->solo_disturbed);
		jsonw_key_text(w, "fate", l->fate);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* The summary as one JSON object. */
static void
replay_json(const struct replay *rp, const struct report_table *t, FILE *f)
{
	struct strbuf	sb;
	struct jsonw	w;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	replay_json_head(rp, &w);
	jsonw_key(&w, "parts");
	report_write_json(t, &w);
	jsonw_end_report(&w, f);
}

/* Print the summary as text, one JSON object, or CSV (the table alone). */
void
replay_summary(const struct replay *rp, enum report_format fmt, FILE *f)
{
	struct report_table	*t = replay_table(rp);
	int			 i;

	switch (fmt) {
	case REPORT_TEXT:
		replay_text_head(rp, f);
		for (i = 0; i < rp->nloads && rp->loads[i].id <= 0; i++)
			continue;
		if (i == rp->nloads)
			fprintf(f, "No load ran in this recording.\n");
		else
			report_write_text(t, f);
		break;
	case REPORT_JSON:
		replay_json(rp, t, f);
		break;
	case REPORT_CSV:
		report_write_csv(t, f);
		break;
	}
	report_free(t);
}
