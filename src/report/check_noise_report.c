/*
 * check_noise_report.c: check's noise floor in its output: the largest
 * move of one of the plan's CPUs between its rounds, and each relation
 * whose difference from alone is inside it, "not distinguishable here
 * (this machine's capacity moved ±X % between rounds)", in the text, in
 * JSON's "noise" and in each cell's "distinguishable".
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/jsonw.h"
#include "base/util.h"
#include "exp/check/check.h"
#include "exp/rounds.h"
#include "report/report.h"
#include "report/reports.h"

/*
 * Is a row's cell's difference from alone (the larger of its copies'
 * |1 - speed|) inside the floor? 1, 0, or -1 unknown (no floor or speeds,
 * or the same CPU, which time-shares).
 */
static int
check_noise_report_inside(const struct check *c, const struct check_row *row, int rel,
    double *diff)
{
	double	sa, sb, y, floor = check_noise_floor(c, NULL);

	*diff = NAN;
	if (!isfinite(floor) || rel == REL_SAME_PU || row->cell[rel].state != CHECK_DONE)
		return -1;
	check_cell_speeds(c, row, rel, &sa, &sb, &y);
	if (!isfinite(sa) || !isfinite(sb))
		return -1;
	*diff = fmax(fabs(1 - sa), fabs(1 - sb));
	return *diff <= floor;
}

/* "not distinguishable here (this machine's capacity moved ±3.1 % between rounds)". */
static void
check_noise_report_words(const struct check *c, char *buf, size_t len)
{
	snprintf(buf, len, "not distinguishable here (this machine's capacity moved "
	    "\u00b1%.1f %% between rounds)", 100 * check_noise_floor(c, NULL));
}

/* The CPUs of the noise rounds: "0 and 1", "0, 1 and 4". */
static void
check_noise_report_cpus(const struct rounds *r, char *buf, size_t len)
{
	int	i;

	buf[0] = '\0';
	for (i = 0; i < r->ncpus; i++)
		util_catf(buf, len, "%s%d", i == 0 ? "" : i == r->ncpus - 1 ? " and " : ", ",
		    r->cpu[i].cpu);
}

/* The plan's noise rounds, as text. */
void
check_noise_report_plan(const struct check *c, FILE *f)
{
	const struct rounds	*r = c->noise;
	char			 cpus[200], line[400];

	if (r == NULL)
		return;
	check_noise_report_cpus(r, cpus, sizeof cpus);
	snprintf(line, sizeof line, "%s alone on CPU%s %s, %d rounds (at the start, the "
	    "middle and the end) of %.2f s a CPU: %.1f s, in the estimate", r->ktext,
	    r->ncpus > 1 ? "s" : "", cpus, r->nrounds, rounds_slot_s(r), r->nrounds *
	    r->slots * rounds_slot_s(r));
	scan_report_wrap(f, "Noise floor: ", 6, line);
}

/* The floor and the relations inside it, as text. */
void
check_noise_report_text(const struct check *c, FILE *f)
{
	const struct rounds	*r = c->noise;
	char			 line[2000], cpus[200], words[200];
	double			 d;
	int			 i, rel, cpu, n = 0;

	if (r == NULL)
		return;
	check_noise_report_cpus(r, cpus, sizeof cpus);
	if (!isfinite(check_noise_floor(c, &cpu))) {
		snprintf(line, sizeof line, "n/a: no CPU of the plan (%s) had two rounds "
		    "alone that others' work left undisturbed", cpus);
		scan_report_wrap(f, "\nNoise floor: ", 6, line);
		return;
	}
	snprintf(line, sizeof line, "\u00b1%.1f %% (CPU %d): the most one CPU's "
	    "capacity moved between %d rounds of int alone on CPUs %s, at the start, "
	    "the middle and the end of the check", 100 * r->noise, cpu, r->nrounds, cpus);
	scan_report_wrap(f, "\nNoise floor: ", 6, line);
	line[0] = '\0';
	for (i = 0; i < c->nrows; i++)
		for (rel = 0; rel < REL_COUNT; rel++)
			if (check_noise_report_inside(c, &c->rows[i], rel, &d) == 1)
				util_catf(line, sizeof line, "%s%s on %s (%.1f %% from alone)",
				    n++ ? ", " : "", c->rows[i].name, topo_rel_name(rel),
				    100 * d);
	check_noise_report_words(c, words, sizeof words);
	if (n == 0)
		fprintf(f, "      every relation measured differs from alone by more\n");
	else {
		/* Within 80 columns whatever the floor's digits (±17.6 made 80). */
		words[0] = (char)(words[0] - 'a' + 'A');
		util_catf(words, sizeof words, ":");
		if (report_width(words) < 80)
			fprintf(f, "%s\n", words);
		else
			scan_report_wrap(f, "", 2, words);
		scan_report_wrap(f, "  ", 2, line);
	}
}

/* "noise": the floor, its CPUs and rounds, the relations inside it. */
void
check_noise_report_json(const struct check *c, struct jsonw *w)
{
	const struct rounds	*r = c->noise;
	double			 d;
	int			 i, rel, cpu;

	if (r == NULL) {
		jsonw_key_null(w, "noise");
		return;
	}
	jsonw_key_object(w, "noise");
	jsonw_key_num(w, "floor", check_noise_floor(c, &cpu));
	if (cpu >= 0)
		jsonw_key_int(w, "cpu", cpu);
	else
		jsonw_key_null(w, "cpu");
	jsonw_key_str(w, "kernel", r->ktext);
	jsonw_key_int(w, "rounds", r->nrounds);
	jsonw_key_array(w, "cpus");
	for (i = 0; i < r->ncpus; i++)
		jsonw_int(w, r->cpu[i].cpu);
	jsonw_array_end(w);
	jsonw_key_array(w, "not_distinguishable");
	for (i = 0; i < c->nrows; i++)
		for (rel = 0; rel < REL_COUNT; rel++)
			if (check_noise_report_inside(c, &c->rows[i], rel, &d) == 1) {
				jsonw_object(w);
				jsonw_key_str(w, "kernel", c->rows[i].name);
				jsonw_key_str(w, "relation", topo_rel_name(rel));
				jsonw_key_num(w, "difference", d);
				jsonw_object_end(w);
			}
	jsonw_array_end(w);
	jsonw_object_end(w);
}

/* A cell's "distinguishable" (null unknown) and "noise" (its words, or null). */
void
check_noise_report_cell(const struct check *c, const struct check_row *row, int rel,
    struct jsonw *w)
{
	char	words[200];
	double	d;
	int	in = check_noise_report_inside(c, row, rel, &d);

	jsonw_key_tristate(w, "distinguishable", in == -1 ? -1 : !in);
	if (in == 1)
		check_noise_report_words(c, words, sizeof words);
	jsonw_key_str(w, "noise", in == 1 ? words : NULL);
}
