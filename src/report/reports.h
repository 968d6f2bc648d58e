/*
 * reports.h: every result's printers, in the report layer: the tree, run,
 * check, check --infer, c2c, time, tours, compare and replay, as text, JSON, CSV
 * and SVG. The experiments hand over result structs; only these print them.
 */
#ifndef SMTSCOPE_REPORTS_H
#define SMTSCOPE_REPORTS_H

#include <stddef.h>
#include <stdio.h>

#include "exp/c2c/c2c.h"
#include "exp/capacity/scan.h"
#include "exp/scale/scale.h"
#include "exp/check/check.h"
#include "exp/compare/compare.h"
#include "exp/infer/infer.h"
#include "exp/record/loadmap.h"
#include "exp/record/replay.h"
#include "exp/run/run.h"
#include "exp/time/timing.h"
#include "exp/tour/tour_player.h"
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

/* check_noise_report.c: check's noise floor (exp/check/check_noise.c). */
/* The plan's noise rounds, as text. */
void	check_noise_report_plan(const struct check *, FILE *);
/* The floor and the relations inside it, as text. */
void	check_noise_report_text(const struct check *, FILE *);
/* "noise": the floor, its CPUs and rounds, the relations inside it. */
void	check_noise_report_json(const struct check *, struct jsonw *);
/* A cell's "distinguishable" and "noise" members. */
void	check_noise_report_cell(const struct check *, const struct check_row *, int rel,
	    struct jsonw *);

/* check_report.c */
/* The facts, the warnings so far and the plan, as text. */
void	check_report_plan(const struct check *, FILE *);
/* The results as text: the co-run matrix, latency, scheduler, warnings. */
void	check_report_text(const struct check *, FILE *);
/* The whole check as one JSON object. */
void	check_report_json(const struct check *, FILE *);
/*
 * A verdict line's kind: told (the figures, or why there are none: no SMT)
 * or not now (others' work or doubt left a figure out: rerun when quiet,
 * the command's exit status CMD_BUSY).
 */
enum verdict { VERDICT_TOLD, VERDICT_BUSY };
/* check's verdict in one line: SMT yield per kernel, or why not. */
enum verdict	check_verdict(const struct check *, char *buf, size_t len);
/* One CSV row per kernel and relation. */
void	check_report_csv(const struct check *, FILE *);
/* A cell's speeds and yield as every report gives them (check_report.c). */
enum analysis_mark check_known_speeds(const struct check *, const struct check_row *, int,
	    double *, double *, double *, char *, size_t);

/* check_prom.c: Prometheus text exposition (node_exporter's textfile collector). */
/* check's figures: rates, speeds, yields, latency, the verdict, a health gauge. */
void	check_report_prom(const struct check *, FILE *);
/* The capacity scan's: per CPU medians, spreads, outliers, the noise floor. */
void	scan_report_prom(const struct scan *, FILE *);
/* Either written whole to path through the safe writer; -1 and why. */
int	check_prom_write(const struct check *, const char *path, char *err, size_t errlen);
int	scan_prom_write(const struct scan *, const char *path, char *err, size_t errlen);
/* check --scale's steps, efficiency and yield, each kernel's; written whole to path. */
void	scale_report_prom(const struct scale *, FILE *);
int	scale_prom_write(const struct scale *, const char *path, char *err, size_t errlen);

/* check_health.c: check --health, for Slurm's HealthCheckProgram and NHC. */
/* The CPUs against what is expected (-1: nothing); 0 or 1, and the one line. */
int	check_health(const struct topo *, int expect_cpus, int expect_smt, char *line,
	    size_t len);
/* --health --capacity: a FAIL line per outlier CPU into f; how many (note: the OK words). */
int	check_health_capacity(const struct scan *, FILE *, char *note, size_t len);

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
/* The heatmap to a stream (-1 on a write error), or written whole to path (-1 and why). */
int	 compare_report_svg(const struct compare *, FILE *);
int	 compare_svg_write(const struct compare *, const char *path, char *err, size_t errlen);

/* infer_check.c: check's own int and chase cells read for hidden siblings. */
/* What a check's own int and chase cells say one relation's pair behaves like. */
struct infer_check_pair {
	int			 rel;		/* enum topo_rel: what the topology reports */
	int			 anchor, partner;
	struct infer_fig	 fig;
	struct infer_verdict	 v;
	int			 agrees;	/* infer_agrees() */
};
/*
 * The pairs check's text shows (under a hypervisor, where the topology's
 * siblings are not the kernel's, or where a relation's cells clearly
 * contradict the topology) into out[0..REL_COUNT); how many.
 */
int	infer_check_pairs(const struct check *, struct infer_check_pair *out);
/* Does check's text show the block (pairs, or the hypervisor's note)? */
int	infer_check_shown(const struct check *);
/* After check's text: what its int and chase cells say the pairs behave like. */
void	infer_check_section(const struct check *, FILE *);

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

/* scan_report.c: check --capacity. */
/* Print lead, then text wrapped at 80 columns, the lines after indented by ind. */
void	scan_report_wrap(FILE *, const char *lead, int ind, const char *text);
/* The facts and the plan, as text. */
void	scan_report_plan(const struct scan *, FILE *);
/* The map, outliers, two levels, others' work, threads, sums, noise floor. */
void	scan_report_text(const struct scan *, FILE *);
/* The whole scan (or its plan) as one JSON object. */
void	scan_report_json(const struct scan *, FILE *);
/* One CSV row per kernel and CPU, rates in the unit column's unit. */
void	scan_report_csv(const struct scan *, FILE *);
/* scale_report.c: check --scale: the plan, figures, JSON, CSV, SVG bars. */
void	scale_report_plan(const struct scale *, FILE *);
void	scale_report_text(const struct scale *, FILE *);
void	scale_report_json(const struct scale *, FILE *);
/* --scale's verdict in one line: the SMT yield (or without SMT the all-core
 * efficiency) per kernel, or "not measurable now" (VERDICT_BUSY). */
enum verdict	scale_verdict(const struct scale *, char *buf, size_t len);
void	scale_report_csv(const struct scale *, FILE *);
int	scale_svg_write(const struct scale *, const char *path, char *err, size_t errlen);
/* scan_svg.c: a heatmap of every CPU by topology; -1 and err on failure. */
int	scan_svg_write(const struct scan *, const char *path, char *err, size_t errlen);

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
