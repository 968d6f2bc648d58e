/*
 * check_prom.c: `smtscope check --prom FILE`, `check --capacity --prom
 * FILE` and `check --scale --prom FILE`: the figures in Prometheus's text exposition format (version
 * 0.0.4), written whole through the safe writer (a temporary renamed in
 * the same directory), as node_exporter's textfile collector expects.
 * Metric names carry their base unit (_per_second, _ratio); a figure that
 * was not measured is left out, never written as 0.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/safefile.h"
#include "exp/capacity/scan.h"
#include "exp/check/check.h"
#include "exp/scale/scale.h"
#include "engine/analysis.h"
#include "engine/kernels/kernel.h"
#include "report/reports.h"

/* A label value as the format says: backslash, double quote and newline escaped. */
static void
prom_label(FILE *f, const char *name, const char *v, int first)
{
	fprintf(f, "%s%s=\"", first ? "" : ",", name);
	for (; *v != '\0'; v++) {
		if (*v == '\\')
			fputs("\\\\", f);
		else if (*v == '"')
			fputs("\\\"", f);
		else if (*v == '\n')
			fputs("\\n", f);
		else
			fputc(*v, f);
	}
	fputc('"', f);
}

/* The # HELP and # TYPE lines of a family (HELP's backslash and newline escaped). */
static void
prom_family(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP %s ", name);
	for (; *help != '\0'; help++)
		if (*help == '\\')
			fputs("\\\\", f);
		else if (*help == '\n')
			fputs("\\n", f);
		else
			fputc(*help, f);
	fprintf(f, "\n# TYPE %s %s\n", name, type);
}

/* A value: %.17g keeps every digit; only finite ones reach here. */
static void
prom_value(FILE *f, double v)
{
	fprintf(f, "} %.17g\n", v);
}

/* The figures of a throughput cell written as a family. */
enum prom_check_fig { PC_SOLO, PC_RATE, PC_SPEED, PC_YIELD, PC_DISTURBED };

/* One figure of a row's cell; 0 with it, -1 when not measured or unknown. */
static int
prom_check_fig(const struct check *c, const struct check_row *rw, int r,
    enum prom_check_fig fig, double *v)
{
	const struct check_cell	*cell = &rw->cell[r];
	double			 sa, sb, y;
	char			 why[256];

	if (c->plan.rel[r].cpu == -1 || cell->state != CHECK_DONE)
		return -1;
	switch (fig) {
	case PC_SOLO:
		check_cell_solos(c, rw, r, v, &sb, &y);
		return isfinite(*v) && *v > 0 ? 0 : -1;
	case PC_RATE:
		*v = cell->rate_anchor;
		return isfinite(*v) && *v > 0 ? 0 : -1;
	case PC_DISTURBED:
		*v = cell->disturbed ? 1 : 0;
		return 0;
	default:
		/* An unknown speed (the text's ?) and its yield are NAN: left out. */
		(void)check_known_speeds(c, rw, r, &sa, &sb, &y, why, sizeof why);
		*v = fig == PC_SPEED ? sa : y;
		return isfinite(*v) ? 0 : -1;
	}
}

/* Every throughput sample of one figure, the family's lines first when any. */
static void
prom_check_family(const struct check *c, FILE *f, enum prom_check_fig fig,
    const char *name, const char *help)
{
	const struct check_row	*rw;
	char			 cpu[16], partner[16];
	double			 v;
	int			 i, r, head = 0;

	for (i = 0; i < c->nrows; i++)
		for (r = 0; r < REL_COUNT; r++) {
			rw = &c->rows[i];
			if (prom_check_fig(c, rw, r, fig, &v) == -1)
				continue;
			if (!head++)
				prom_family(f, name, "gauge", help);
			snprintf(cpu, sizeof cpu, "%d", c->plan.anchor);
			snprintf(partner, sizeof partner, "%d", c->plan.rel[r].cpu);
			fprintf(f, "%s{", name);
			prom_label(f, "kernel", rw->name, 1);
			prom_label(f, "relation", topo_rel_name(r), 0);
			prom_label(f, "cpu", cpu, 0);
			prom_label(f, "partner", partner, 0);
			if (fig == PC_RATE || fig == PC_SOLO)
				prom_label(f, "work_unit", rw->a.k->work_unit, 0);
			prom_value(f, v);
		}
}

/* The latency kernels' (pipe, fork) rates per relation. */
static void
prom_check_lats(const struct check *c, FILE *f)
{
	const struct check_lat	*lat;
	char			 cpu[16], partner[16];
	double			 v;
	int			 i, r, head = 0;
	const char		*name = "smtscope_check_latency_rate_per_second";

	for (i = 0; i < c->nlats; i++) {
		lat = &c->lats[i];
		for (r = 0; r < REL_COUNT; r++) {
			v = lat->cell[r].rate_anchor;
			if (c->plan.rel[r].cpu == -1 || lat->cell[r].state != CHECK_DONE ||
			    !isfinite(v) || v <= 0)
				continue;
			if (!head++)
				prom_family(f, name, "gauge", "round trips (pipe) or "
				    "children (fork) per second between the anchor CPU and "
				    "its partner of each relation");
			snprintf(cpu, sizeof cpu, "%d", c->plan.anchor);
			snprintf(partner, sizeof partner, "%d", c->plan.rel[r].cpu);
			fprintf(f, "%s{", name);
			prom_label(f, "kernel", lat->kern.text, 1);
			prom_label(f, "relation", topo_rel_name(r), 0);
			prom_label(f, "cpu", cpu, 0);
			prom_label(f, "partner", partner, 0);
			prom_label(f, "work_unit", lat->kern.k->work_unit, 0);
			prom_value(f, v);
		}
	}
}

/* The check's figures as Prometheus text exposition. */
void
check_report_prom(const struct check *c, FILE *f)
{
	char	verdict[1024];

	prom_check_family(c, f, PC_SOLO, "smtscope_check_solo_rate_per_second",
	    "the anchor copy's work units per second alone, the solo its cell is "
	    "measured against");
	prom_check_family(c, f, PC_RATE, "smtscope_check_rate_per_second",
	    "the anchor copy's work units per second beside its partner (relation "
	    "same-pu, smt-sibling, shared-l2, ...)");
	prom_check_family(c, f, PC_SPEED, "smtscope_check_speed_ratio",
	    "the anchor copy's speed beside its partner over its speed alone");
	prom_check_family(c, f, PC_YIELD, "smtscope_check_yield_ratio",
	    "the pair's work over one copy alone (2 would be two whole CPUs)");
	prom_check_family(c, f, PC_DISTURBED, "smtscope_check_disturbed",
	    "1 when others' work took CPU time from the cell (its figures low)");
	prom_check_lats(c, f);
	check_verdict(c, verdict, sizeof verdict);
	prom_family(f, "smtscope_check_verdict_info", "gauge",
	    "the verdict line of the check, as a label (value always 1)");
	fputs("smtscope_check_verdict_info{", f);
	prom_label(f, "verdict", verdict, 1);
	prom_value(f, 1);
	prom_family(f, "smtscope_check_ok", "gauge",
	    "1 when every cell asked for was measured, 0 when one failed");
	fprintf(f, "smtscope_check_ok %d\n", c->failed ? 0 : 1);
}

/* The capacity scan's figures as Prometheus text exposition. */
void
scan_report_prom(const struct scan *s, FILE *f)
{
	const struct rounds	*r;
	const struct rounds_cpu	*rc;
	char			 cpu[16];
	int			 k, i, fig, head, outliers = 0, unmeasured = 0;
	double			 v;
	static const char *const name[] = { "smtscope_capacity_rate_per_second",
	    "smtscope_capacity_spread_ratio", "smtscope_capacity_outlier" };
	static const char *const help[] = {
	    "the median of the CPU's undisturbed rounds alone, work units per second",
	    "(max - min) / median of the CPU's undisturbed rounds",
	    "1 when the CPU is below the machine's median past its spread" };

	for (fig = 0; fig < 3; fig++) {
		head = 0;
		for (k = 0; k < s->nkern; k++) {
			r = &s->r[k];
			for (i = 0; i < r->ncpus; i++) {
				rc = &r->cpu[i];
				v = fig == 0 ? rc->median : fig == 1 ? rc->spread :
				    rc->outlier;
				if (rc->n == 0 || !isfinite(v))
					continue;
				if (!head++)
					prom_family(f, name[fig], "gauge", help[fig]);
				snprintf(cpu, sizeof cpu, "%d", rc->cpu);
				fprintf(f, "%s{", name[fig]);
				prom_label(f, "kernel", r->ktext, 1);
				prom_label(f, "cpu", cpu, 0);
				if (fig == 0)
					prom_label(f, "work_unit", r->k->work_unit, 0);
				prom_value(f, v);
				if (fig == 2 && rc->outlier)
					outliers++;
			}
		}
	}
	for (fig = 0; fig < 2; fig++) {
		head = 0;
		for (k = 0; k < s->nkern; k++) {
			r = &s->r[k];
			v = fig == 0 ? r->median : r->noise;
			if (r->nmeasured == 0 || !isfinite(v))
				continue;
			if (!head++)
				prom_family(f, fig == 0 ? "smtscope_capacity_machine_rate_per_second" :
				    "smtscope_capacity_noise_floor_ratio", "gauge", fig == 0 ?
				    "the median of the CPUs' medians, work units per second" :
				    "the noise floor: the largest CPU's spread");
			fprintf(f, "%s{", fig == 0 ?
			    "smtscope_capacity_machine_rate_per_second" :
			    "smtscope_capacity_noise_floor_ratio");
			prom_label(f, "kernel", r->ktext, 1);
			if (fig == 0)
				prom_label(f, "work_unit", r->k->work_unit, 0);
			prom_value(f, v);
		}
	}
	/* CPUs with a figure: 0 on a machine others kept busy every round. */
	prom_family(f, "smtscope_capacity_measured_cpus", "gauge",
	    "allowed CPUs with an undisturbed figure, of smtscope_capacity_cpus");
	for (k = 0; k < s->nkern; k++) {
		fputs("smtscope_capacity_measured_cpus{", f);
		prom_label(f, "kernel", s->r[k].ktext, 1);
		prom_value(f, s->r[k].nmeasured);
		if (s->r[k].nmeasured == 0)
			unmeasured++;
	}
	prom_family(f, "smtscope_capacity_cpus", "gauge", "allowed CPUs scanned");
	fprintf(f, "smtscope_capacity_cpus %d\n", s->nkern > 0 ? s->r[0].ncpus : 0);
	prom_family(f, "smtscope_capacity_ok", "gauge",
	    "1 when every kernel has figures and no CPU is an outlier; 0 when the "
	    "scan failed, found an outlier or measured no CPU (others' work)");
	fprintf(f, "smtscope_capacity_ok %d\n", s->failed || outliers || unmeasured ?
	    0 : 1);
}

/* A step's kind as its "step" label, JSON's "kind": one, numa, cores, threads. */
static const char *
prom_scale_step(const struct scale_step *st)
{
	return st->kind == SCALE_ONE ? "one" : st->kind == SCALE_NODES ? "numa" :
	    st->kind == SCALE_CORES ? "cores" : "threads";
}

/* The figures of a step written as a family. */
enum prom_scale_fig { PS_RATE, PS_SPREAD, PS_XONE, PS_COPIES, PS_DISTURBED };

/* One figure of a step; 0 with it, -1 when not measured. */
static int
prom_scale_fig(const struct scale_kernel *kk, const struct scale_step *st,
    enum prom_scale_fig fig, double *v)
{
	const struct scale_step	*one = &kk->st[kk->one];

	switch (fig) {
	case PS_RATE:
		*v = st->total;
		return st->nfull > 0 && isfinite(*v) && *v > 0 ? 0 : -1;
	case PS_SPREAD:
		*v = st->spread;
		return st->nfull > 0 && isfinite(*v) ? 0 : -1;
	case PS_XONE:
		*v = st->total / one->total;
		return st->nfull > 0 && one->nfull > 0 && st->total > 0 &&
		    one->total > 0 && isfinite(*v) ? 0 : -1;
	case PS_COPIES:
		*v = st->ncopies;
		return 0;
	default:
		*v = st->r.nrounds - st->nfull;
		return 0;
	}
}

/* Every step's sample of one figure, the family's lines first when any. */
static void
prom_scale_family(const struct scale *s, FILE *f, enum prom_scale_fig fig,
    const char *name, const char *help)
{
	const struct scale_kernel	*kk;
	const struct scale_step		*st;
	char				 nodes[16];
	double				 v;
	int				 k, j, head = 0;

	for (k = 0; k < s->nkern; k++)
		for (j = 0; j < s->k[k].nsteps; j++) {
			kk = &s->k[k];
			st = &kk->st[j];
			if (prom_scale_fig(kk, st, fig, &v) == -1)
				continue;
			if (!head++)
				prom_family(f, name, "gauge", help);
			fprintf(f, "%s{", name);
			prom_label(f, "kernel", kk->text, 1);
			prom_label(f, "step", prom_scale_step(st), 0);
			if (st->kind == SCALE_NODES) {
				snprintf(nodes, sizeof nodes, "%d", st->nodes);
				prom_label(f, "numa_nodes", nodes, 0);
			}
			if (fig == PS_RATE)
				prom_label(f, "work_unit", st->r.k->work_unit, 0);
			prom_value(f, v);
		}
}

/* A kernel's ratios: the all-core efficiency, the SMT yield, their spreads. */
enum prom_scale_ratio { PK_EFF, PK_EFF_SPREAD, PK_YIELD, PK_YIELD_SPREAD };

/* Every kernel's sample of one ratio, the family's lines first when any. */
static void
prom_scale_ratio(const struct scale *s, FILE *f, enum prom_scale_ratio which,
    const char *name, const char *help)
{
	const struct scale_kernel	*kk;
	double				 v;
	int				 k, head = 0;

	for (k = 0; k < s->nkern; k++) {
		kk = &s->k[k];
		v = which == PK_EFF ? kk->eff : which == PK_EFF_SPREAD ? kk->eff_spread :
		    which == PK_YIELD ? kk->yield : kk->yield_spread;
		if (!isfinite(v))
			continue;
		if (!head++)
			prom_family(f, name, "gauge", help);
		fprintf(f, "%s{", name);
		prom_label(f, "kernel", kk->text, 1);
		prom_value(f, v);
	}
}

/* The whole-machine scaling's figures as Prometheus text exposition. */
void
scale_report_prom(const struct scale *s, FILE *f)
{
	char	verdict[600];
	int	k, unmeasured = 0, busy;

	prom_scale_family(s, f, PS_RATE, "smtscope_scale_rate_per_second",
	    "the step's work units per second, all its copies together (the median "
	    "of its rounds free of others' work)");
	prom_scale_family(s, f, PS_SPREAD, "smtscope_scale_spread_ratio",
	    "(max - min) / median of the step's rounds free of others' work");
	prom_scale_family(s, f, PS_XONE, "smtscope_scale_one_copy_ratio",
	    "the step's throughput over one copy's");
	prom_scale_family(s, f, PS_COPIES, "smtscope_scale_copies",
	    "copies the step runs at once, one per CPU");
	prom_scale_family(s, f, PS_DISTURBED, "smtscope_scale_disturbed_rounds",
	    "rounds of smtscope_scale_rounds in which others' work disturbed a copy");
	prom_scale_ratio(s, f, PK_EFF,
	    "smtscope_scale_all_core_efficiency_ratio",
	    "one copy per allowed core over cores x one copy (clocks, power, memory)");
	prom_scale_ratio(s, f, PK_EFF_SPREAD,
	    "smtscope_scale_all_core_efficiency_spread_ratio",
	    "the all-core efficiency's spread, relative to it");
	/* No SMT: the yield is empty, as the text's "-". */
	if (s->smt) {
		prom_scale_ratio(s, f, PK_YIELD,
		    "smtscope_scale_smt_yield_ratio",
		    "one copy per allowed logical CPU over one per allowed core");
		prom_scale_ratio(s, f, PK_YIELD_SPREAD,
		    "smtscope_scale_smt_yield_spread_ratio",
		    "the SMT yield's spread, relative to it");
	}
	prom_family(f, "smtscope_scale_rounds", "gauge", "rounds each step runs");
	fprintf(f, "smtscope_scale_rounds %d\n", s->nrounds);
	prom_family(f, "smtscope_scale_cores", "gauge", "allowed cores");
	fprintf(f, "smtscope_scale_cores %d\n", s->ncores);
	prom_family(f, "smtscope_scale_cpus", "gauge", "allowed logical CPUs");
	fprintf(f, "smtscope_scale_cpus %d\n", s->nthreads);
	prom_family(f, "smtscope_scale_smt", "gauge",
	    "1 when an allowed core has two allowed CPUs (else no SMT yield)");
	fprintf(f, "smtscope_scale_smt %d\n", s->smt ? 1 : 0);
	for (k = 0; k < s->nkern; k++)
		if (!isfinite(s->k[k].eff) || (s->smt && !isfinite(s->k[k].yield)))
			unmeasured++;
	prom_family(f, "smtscope_scale_ok", "gauge",
	    "1 when every kernel has its all-core efficiency (and SMT yield where "
	    "there is SMT); 0 when the run failed or a step had no round free of "
	    "others' work");
	fprintf(f, "smtscope_scale_ok %d\n", s->failed || unmeasured ? 0 : 1);
	busy = scale_verdict(s, verdict, sizeof verdict) == VERDICT_BUSY;
	prom_family(f, "smtscope_scale_verdict_info", "gauge",
	    "the verdict line of check --scale as a label, busy=\"1\" when others' "
	    "work left it unknown (exit status 3); value always 1");
	fputs("smtscope_scale_verdict_info{", f);
	prom_label(f, "verdict", verdict, 1);
	prom_label(f, "busy", busy ? "1" : "0", 0);
	prom_value(f, 1);
}

/* check's figures written whole to path through the safe writer; -1 and why. */
int
check_prom_write(const struct check *c, const char *path, char *err, size_t errlen)
{
	struct safefile	sf;

	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	check_report_prom(c, sf.f);
	return safefile_close(&sf, 1, err, errlen);
}

/* The capacity scan's figures written whole to path; -1 and why. */
int
scan_prom_write(const struct scan *s, const char *path, char *err, size_t errlen)
{
	struct safefile	sf;

	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	scan_report_prom(s, sf.f);
	return safefile_close(&sf, 1, err, errlen);
}

/* The whole-machine scaling's figures written whole to path; -1 and why. */
int
scale_prom_write(const struct scale *s, const char *path, char *err, size_t errlen)
{
	struct safefile	sf;

	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	scale_report_prom(s, sf.f);
	return safefile_close(&sf, 1, err, errlen);
}
