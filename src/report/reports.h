/*
 * reports.h: every result's printers, in the report layer: the tree, run,
 * check, check --infer, c2c, time, tours, compare and replay, as text, JSON, CSV
 * and SVG. The experiments hand over result structs; only these print them.
 */
#ifndef SMTSCOPE_REPORTS_H
#define SMTSCOPE_REPORTS_H

#include <stddef.h>
#include <stdio.h>

#include "exp/c2c.h"
#include "exp/check.h"
#include "exp/compare.h"
#include "exp/infer.h"
#include "exp/loadmap.h"
#include "exp/replay.h"
#include "exp/run.h"
#include "exp/timing.h"
#include "exp/tour_player.h"
#include "model/topo.h"
#include "report/report.h"

/* c2c_report.c */
/* The facts and the plan, as text. */
void	c2c_report_plan(const struct c2c *, FILE *);
/* The matrix, the summary by class and the warnings, as text. */
void	c2c_report_text(const struct c2c *, FILE *);
/* The whole run as one JSON object. */
void	c2c_report_json(const struct c2c *, FILE *);
/* One CSV row per pair. */
void	c2c_report_csv(const struct c2c *, FILE *);

/* c2c_svg.c */
/* The heatmap as an SVG document; -1 and err if the file cannot be written. */
int	c2c_svg_write(const struct c2c *, const char *path, char *err, size_t errlen);
/* The colour of a latency between lo and hi (a perceptual scale), as RGB. */
void	c2c_svg_colour(double v, double lo, double hi, int rgb[3]);

/* check_report.c */
/* The facts, the warnings so far and the plan, as text. */
void	check_report_plan(const struct check *, FILE *);
/* The results as text: the co-run matrix, latency, scheduler, warnings. */
void	check_report_text(const struct check *, FILE *);
/* The whole check as one JSON object. */
void	check_report_json(const struct check *, FILE *);
/* One CSV row per kernel and relation. */
void	check_report_csv(const struct check *, FILE *);

/* check_svg.c */
/* The co-run matrix as a coloured SVG table, written whole to path; -1 and why. */
int	check_svg_write(const struct check *, const char *path, char *err, size_t errlen);

/* idle_report.c: waking an idle CPU (check --idle, the default check's section). */
/* The idle driver, the hold and the windows planned, as text. */
void	idle_report_plan(const struct check *, FILE *);
/* A line per kernel and relation in the lore's terms, the residency under it. */
void	idle_report_text(const struct check *, FILE *);
/* Add the "idle" member to check's JSON object being built. */
void	idle_report_json(const struct check *, struct jsonw *);
/* One CSV row per kernel, relation and column (as_is, held). */
void	idle_report_csv(const struct check *, FILE *);
/* A bar chart of both columns per relation, written whole to path; -1 and why. */
int	idle_svg_write(const struct check *, const char *path, char *err, size_t errlen);

/* compare_report.c */
void	 compare_report_text(const struct compare *, FILE *);
void	 compare_report_json(const struct compare *, FILE *);
void	 compare_report_csv(const struct compare *, FILE *);
void	 compare_report_svg(const struct compare *, FILE *);

/* infer_report.c */
void	infer_report_plan(const struct infer *, FILE *);
void	infer_report_text(const struct infer *, FILE *);
void	infer_report_json(const struct infer *, int dry_run, FILE *);

/* replay_report.c: each load's speed over the recording, per tenth of it. */
void	replay_summary(const struct replay *, enum report_format, FILE *);

/* run_report.c: the report as text (with a warning per disturbed figure), JSON or CSV. */
void	run_report(const struct run *, enum report_format, FILE *);

/* timing_report.c */
/* The report: the plan (and results unless a dry run) as text, JSON or CSV. */
void	timing_report_text(const struct timing *, FILE *);
void	timing_report_json(const struct timing *, FILE *);
void	timing_report_csv(const struct timing *, FILE *);

/* timing_svg.c */
/* A bar chart of the speed per placement as SVG, written whole to path; -1 and why. */
int	timing_svg_write(const struct timing *, const char *path, char *err, size_t errlen);

/* A node's label: "Package 0", "L3 32MB", "NUMA node 1: 64GB", "Core 3 P", "CPU 7". */
void	topo_node_label(const struct topo *, const struct topo_node *, char *,
	    size_t);
/* Write the tree as text (for 80 columns), JSON, or CSV (one row per object). */
void	topo_print_text(const struct topo *, FILE *);
void	topo_print_json(const struct topo *, FILE *);
void	topo_print_csv(const struct topo *, FILE *);
/*
 * topo_svg.c: the machine as nested boxes (topo --svg), with a file's loads
 * where they ran (lm; NULL none); -1 and err on failure.
 */
int	topo_svg_write(const struct topo *, const char *title, const struct loadmap *lm,
	    const char *path, char *err, size_t errlen);

/* tour_report.c */
/* What the player reports, as the headless host prints it step by step. */
void	tour_report_event(FILE *, enum tour_event, const struct tour_player *);
/* The summary of every step as a text table. */
void	tour_report_summary(const struct tour_player *, FILE *);
/* The summary's members, in the object open in the writer. */
void	tour_report_summary_json(const struct tour_player *, struct jsonw *);
/* Write the JSON summary to a file; -1 with a message on stderr. */
int	tour_report_record(const struct tour_player *, const char *path);
/* Write the summary as an SVG bar chart (speeds, yields per step); -1 on error. */
int	tour_report_svg(const struct tour_player *, const char *path);

#endif
