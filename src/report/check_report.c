/*
 * check_report.c: `smtscope check` written out: the facts and the plan as
 * text; the co-run matrix and latency as text tables with footnotes, as
 * JSON, through the report layer (CSV: check_csv.c).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/analysis.h"
#include "engine/split.h"
#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "exp/infer/infer.h"
#include "model/cpuinfo.h"
#include "engine/kernels/kernel.h"
#include "model/machine.h"
#include "report/report.h"
#include "sample/sysinfo.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

/* The facts and the plan: names and values, aligned by the report layer. */
static const struct report_col check_fact_cols[] = {
	{ .title = "" }, { .title = "", .gap = 2 }
};

/* A row of names and values: its name, its value formatted. */
static void __attribute__((format(printf, 3, 4)))
check_fact(struct report_table *t, const char *name, const char *fmt, ...)
{
	va_list	ap;
	char	buf[4096];
	int	row = report_add_row(t);

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	report_set_text(t, row, 0, "%s", name);
	report_set_text(t, row, 1, "%s", buf);
}

/* Which counters and sensors are available, and why not. */
static void
check_print_sources(const struct check_sources *s, struct report_table *t)
{
	char	buf[2048];

	if (s->caps.hw)
		snprintf(buf, sizeof buf, "cycles, instructions%s", s->caps.llc ?
		    ", LLC misses" : " (no LLC misses)");
	else
		snprintf(buf, sizeof buf, "%s", s->caps.hw_why);
	if (s->caps.sw && s->caps.sched)
		util_catf(buf, sizeof buf, "; CPU time, switches, migrations from /proc");
	else if (s->caps.sw)
		util_catf(buf, sizeof buf, "; CPU time from /proc; %s", s->caps.sched_why);
	else
		util_catf(buf, sizeof buf, "; %s", s->caps.sw_why);
	check_fact(t, "counters", "%s", buf);
	check_fact(t, "sensors", "%s%s; temperature %s%s; power %s%s", s->mhz_why[0] ?
	    "" : "MHz from ", s->mhz_why[0] ? s->mhz_why : s->mhz_src,
	    s->temp_src[0] ? "from " : "n/a: ", s->temp_src[0] ? s->temp_src :
	    s->temp_why, s->rapl ? "from " : "n/a: ", s->rapl ? "RAPL" : s->watts_why);
}

/* The facts of a live machine: CPUs, frequency, idle, sources, busy CPUs. */
static void
check_print_live(const struct check *c, struct report_table *t)
{
	const struct sysinfo	*si = &c->si;
	char			 buf[2048];
	int			 i, n = 0;

	check_fact(t, "CPUs", "online %s; offline %s; allowed %s; isolated %s",
	    si->online[0] ? si->online : "?", si->offline[0] ? si->offline : "none",
	    si->allowed[0] ? si->allowed : "?", si->isolated[0] ? si->isolated : "none");
	if (si->cpufreq_driver[0])
		snprintf(buf, sizeof buf, "driver %s, governor %s", si->cpufreq_driver,
		    si->cpufreq_governor[0] ? si->cpufreq_governor : "?");
	else
		snprintf(buf, sizeof buf, "not exposed");
	if (si->max_khz)
		util_catf(buf, sizeof buf, ", max %.2f GHz", (double)si->max_khz / 1e6);
	check_fact(t, "frequency", "%s; boost %s", buf, si->boost == 1 ? "on" :
	    si->boost == 0 ? "off" : "unknown");
	snprintf(buf, sizeof buf, "driver %s, governor %s",
	    si->idle_driver[0] ? si->idle_driver : "none",
	    si->idle_governor[0] ? si->idle_governor : "none");
	if (si->nidle > 0)
		util_catf(buf, sizeof buf, "; CPU 0 states");
	for (i = 0; i < si->nidle; i++)
		util_catf(buf, sizeof buf, " %s %uus%s", si->idle[i].name,
		    si->idle[i].latency_us, si->idle[i].disabled ? " (disabled)" : "");
	check_fact(t, "idle", "%s", buf);
	check_print_sources(&c->src, t);
	buf[0] = '\0';
	for (i = 0; c->busy != NULL && i < c->nbusy; i++)
		if (check_busy(c->busy, c->nbusy, i) > CHECK_BUSY_PCT)
			util_catf(buf, sizeof buf, "%sCPU %d %.0f%%", n++ ? ", " : "", i,
			    c->busy[i]);
	check_fact(t, "busy", "%s%s", buf, c->busy == NULL ?
	    "unknown (/proc/stat unreadable)" : n ? " (other work)" :
	    "no CPU above 20% before measuring");
}

/* Print the machine's identity and facts. */
static void
check_print_facts(const struct check *c, FILE *f)
{
	struct report_table	*t = report_new(check_fact_cols, 2);
	char			 line[2048];

	report_set_layout(t, 2, 0);
	fprintf(f, "smtscope check on %s\n", c->live ? "this machine" : c->m->source_name);
	snprintf(line, sizeof line, "%s", c->ci.brand[0] ? c->ci.brand : "unknown model");
	if (c->ci.vendor[0])
		util_catf(line, sizeof line, " (%s%s%s)", c->ci.vendor, c->ci.codename[0] ?
		    ", " : "", c->ci.codename);
	if (c->ci.hypervisor[0])
		util_catf(line, sizeof line, ", under %s", c->ci.hypervisor);
	check_fact(t, "CPU", "%s", line);
	smtstate_headline(&c->m->smt, line, sizeof line);
	check_fact(t, "topology", "%s", line);
	smtstate_words(&c->m->smt, line, sizeof line);
	check_fact(t, "threads", "%s", line);
	if (c->have_si)
		check_print_live(c, t);
	report_write_text(t, f);
	report_free(t);
	if (!c->have_si)
		fprintf(f, "  (a view of another machine: its frequency, idle and load "
		    "facts are not known here)\n");
}

/*
 * How long the plan takes, and of what: windows, the loads' setup, waiting.
 * A window ends when its figure is known: under the budget's short windows
 * that is seldom early, under --time's longer ones often (--time 1 on two
 * kernels: 4.4 s of "about 9"), so there the estimate is a bound.
 */
static void
check_print_estimate(const struct check *c, FILE *f)
{
	/* The parts in tenths, and the whole their sum: what is said adds up. */
	double	setup = round(c->est_setup_s * 10) / 10, wait = round(c->est_wait_s * 10) / 10,
		prep = round(c->est_prep_s * 10) / 10, whole = round(c->estimate_s * 10) / 10;
	int	parts = c->est_setup_s > 0 || c->est_wait_s > 0;

	if (!parts || c->est_prep_s < 0.05)
		prep = 0;
	if (c->idle == NULL || c->idle->section)
		fprintf(f, "%d runs of %.2f s or less each, %s ", c->runs_total,
		    c->cell_s, c->time_given ? "at most about" : "about");
	else
		fprintf(f, "  estimate  about ");
	if (parts)
		fprintf(f, "%.1f s (%.1f s of windows", whole, whole - setup - wait - prep);
	else
		fprintf(f, "%.0f s", c->estimate_s);
	if (c->est_setup_s > 0)
		fprintf(f, ", %.1f s of the loads' setup, timed here", setup);
	if (c->est_wait_s > 0)
		fprintf(f, ", %.1f s of waiting for busy CPUs", wait);
	if (prep > 0)
		fprintf(f, ", %.1f s of reading the machine first", prep);
	fprintf(f, "%s\n", parts ? ")" : "");
}

/* Print the plan: the anchor and one partner per relation. */
static void
check_print_plan(const struct check *c, FILE *f)
{
	struct report_table	*t = report_new(check_fact_cols, 2);
	char			 list[64];
	int			 r;

	report_set_layout(t, 2, 0);
	fprintf(f, "\nPlan: anchor CPU %d (%s)\n", c->plan.anchor, c->plan.anchor_why);
	for (r = 0; r < REL_COUNT; r++) {
		if (c->plan.rel[r].cpu == -1)
			check_fact(t, topo_rel_name(r), "n/a: %s", c->plan.rel[r].reason);
		else
			check_fact(t, topo_rel_name(r), "CPU %d%s", c->plan.rel[r].cpu,
			    r == REL_SAME_PU ? " (both copies time-share the anchor)" : "");
	}
	if (c->sched.asked && c->sched.applies) {
		cpuset_format(&c->sched.cpus, list, sizeof list);
		check_fact(t, "scheduler", "two floating %s copies on CPUs %s",
		    c->sched.kern.text, list);
	} else if (c->sched.asked)
		check_fact(t, "scheduler", "n/a: %s", c->sched.reason);
	report_write_text(t, f);
	report_free(t);
	/* check --idle sizes its own windows (idle_report_plan), its estimate after them. */
	if (c->idle == NULL || c->idle->section)
		check_print_estimate(c, f);
}

/* Print the facts, the warnings so far and the plan. */
void
check_report_plan(const struct check *c, FILE *f)
{
	int	i;

	check_print_facts(c, f);
	for (i = 0; i < c->nwarn; i++)
		fprintf(f, "  ! %s\n", c->warn[i]);
	check_print_plan(c, f);
	check_noise_report_plan(c, f);
	if (c->idle != NULL && c->live)
		idle_report_plan(c, f);
	if (c->idle != NULL && !c->idle->section && c->live)
		check_print_estimate(c, f);
}

/* The text of a cell without a figure: n/a or failed with its footnote, or "-". */
static void
check_text_absent(const struct check *c, struct report_notes *notes,
    struct report_table *t, int row, int col, int r, const struct check_cell *cell,
    const char *what)
{
	if (c->plan.rel[r].cpu == -1)
		report_set_text(t, row, col, "n/a [%d]", report_note(notes, "%s: %s",
		    topo_rel_name(r), c->plan.rel[r].reason));
	else if (cell->state == CHECK_FAILED)
		report_set_text(t, row, col, "failed [%d]", report_note(notes,
		    "%s on %s: %s", what, topo_rel_name(r), cell->error));
	else
		report_set_text(t, row, col, "-");
}

/* The columns of the text tables: a name, then one per relation (and "alone"). */
static void
check_text_cols(struct report_col *cols, int ncols, const char *first,
    const char *second)
{
	int	i;

	memset(cols, 0, (size_t)ncols * sizeof *cols);
	for (i = 0; i < ncols; i++)
		cols[i].gap = 2;
	cols[0].title = first;
	if (second != NULL)
		cols[1].title = second;
	for (i = 0; i < REL_COUNT; i++) {
		cols[ncols - REL_COUNT + i].title = topo_rel_name(i);
		cols[ncols - REL_COUNT + i].style = FMT_SIG3;
	}
}

/* The "alone" cell of a matrix row: the solo rate with its unit. */
static void
check_text_alone(const struct check *c, struct report_notes *notes,
    struct report_table *t, int i)
{
	const struct check_row	*row = &c->rows[i];
	const struct check_solo	*so = check_find_solo(c, &row->a);

	if (row->pair)
		report_set_text(t, i, 1, "(pair)");
	else if (so != NULL && so->cell.state == CHECK_DONE) {
		report_set_num(t, i, 1, kernel_display(so->kern.k, so->cell.rate_anchor),
		    so->kern.k->unit, so->kern.k->higher_is_better ? REPORT_HIGHER :
		    REPORT_LOWER);
		report_set_spread(t, i, 1, so->cell.spread);
		if (so->cell.disturbed)
			report_set_flag(t, i, 1, REPORT_DISTURBED, "others on its core");
	}
	else if (so != NULL && so->cell.state == CHECK_FAILED)
		report_set_text(t, i, 1, "failed [%d]", report_note(notes, "%s alone: %s",
		    so->kern.text, so->cell.error));
	else
		report_set_text(t, i, 1, "-");
}

/* Is a solo a row's cell is measured against disturbed (its own is clean)? */
static int
check_solo_disturbed(const struct check *c, const struct check_row *row, int r)
{
	const struct check_solo	*soa = check_find_solo(c, &row->a);
	const struct check_solo	*sob = check_find_solo(c, &row->b);
	int			 own = row->cell[r].solo > 0;

	return (!own && soa != NULL && soa->cell.disturbed) ||
	    ((!own || row->pair) && sob != NULL && sob->cell.disturbed);
}

/* Is a row's cell disturbed, or a solo it is measured against? */
static int
check_yield_disturbed(const struct check *c, const struct check_row *row, int r)
{
	return row->cell[r].disturbed || check_solo_disturbed(c, row, r);
}

/* Why a cell's speed is unknown (check_cell_mark), in words. */
static void
check_unknown_why(const struct check *c, const struct check_row *row, int r, int which,
    char *buf, size_t len)
{
	double	sa, sb, yield;

	check_cell_speeds(c, row, r, &sa, &sb, &yield);
	if (row->cell[r].beyond)
		snprintf(buf, len, "%s on %s: unknown: faster together than alone (%.2f, "
		    "yield %.2f): its solo ran while the CPU was slower", row->name,
		    topo_rel_name(r), sa, yield);
	else
		snprintf(buf, len, "%s on %s: unknown: the %s copy ran %.0f%% of a solo "
		    "others disturbed", row->name, topo_rel_name(r), which ? "partner" :
		    "anchor", 100 * (which ? sb : sa));
}

/*
 * A cell's speeds and yield as the reports may give them: a speed that is
 * unknown (check_cell_mark's ?) and the yield and efficiency made from it
 * are NAN, its reason in why; the cell's mark returned.
 */
enum analysis_mark
check_known_speeds(const struct check *c, const struct check_row *row, int r, double *sa,
    double *sb, double *yield, char *why, size_t len)
{
	enum analysis_mark	mark;
	int			which;

	check_cell_speeds(c, row, r, sa, sb, yield);
	why[0] = '\0';
	if ((mark = check_cell_mark(c, row, r, &which)) != ANALYSIS_UNKNOWN)
		return mark;
	check_unknown_why(c, row, r, which, why, len);
	/* Past physics, the solo both speeds rest on is in doubt: both unknown. */
	if (which == 0 || row->cell[r].beyond)
		*sa = NAN;
	if (which == 1 || row->cell[r].beyond)
		*sb = NAN;
	*yield = NAN;
	return mark;
}

/*
 * A matrix cell: "0.52+0.52=1.04 ±1.0%", with ~ when others disturbed it;
 * a speed that is unknown (past physics, or above 100% of a disturbed solo)
 * and the yield made from it read ?, a footnote saying why.
 */
static void
check_text_yield(const struct check *c, struct report_notes *notes,
    const struct check_row *row, int r, struct report_table *t, int i, int col)
{
	char	a[32], b[32], y[32], sp[32], why[256];
	double	sa, sb, yield;
	int	which;

	check_cell_speeds(c, row, r, &sa, &sb, &yield);
	if (check_cell_mark(c, row, r, &which) == ANALYSIS_UNKNOWN) {
		check_unknown_why(c, row, r, which, why, sizeof why);
		report_set_text(t, i, col, "%s+%s=? [%d]", which == 0 || row->cell[r].beyond ?
		    "?" : fmt_num(a, sizeof a, sa, FMT_FIXED, 2), which == 1 ||
		    row->cell[r].beyond ? "?" : fmt_num(b, sizeof b, sb, FMT_FIXED, 2),
		    report_note(notes, "%s", why));
		return;
	}
	fmt_spread(sp, sizeof sp, row->cell[r].spread);
	report_set_text(t, i, col, "%s%s+%s=%s%s%s",
	    check_yield_disturbed(c, row, r) ? "~" : "",
	    fmt_num(a, sizeof a, sa, FMT_FIXED, 2),
	    fmt_num(b, sizeof b, sb, FMT_FIXED, 2),
	    fmt_num(y, sizeof y, yield, FMT_FIXED, 2), *sp != '\0' ? " " : "", sp);
}

/* The co-run matrix: speed of each copy against alone, and their sum, the yield. */
static void
check_text_matrix(const struct check *c, struct report_notes *notes, FILE *f)
{
	struct report_col	 cols[2 + REL_COUNT];
	struct report_table	*t;
	double			 sa, sb, yield;
	int			 i, r;

	fprintf(f, "\nSpeed vs alone on the anchor, in each cell: anchor copy + partner "
	    "copy = yield\n(speed 1.00 = as fast as alone; yield 2.00 = two whole "
	    "CPUs of work, 1.00 = no more than one;\n\u00b1: how much the parts of its "
	    "window disagreed; ~: other work took CPU time, see the warnings)\n\n");
	check_text_cols(cols, 2 + REL_COUNT, "kernel", "alone");
	cols[1].unit = 1;
	cols[1].style = FMT_SIG3;
	t = report_new(cols, 2 + REL_COUNT);
	for (i = 0; i < c->nrows; i++) {
		report_add_row(t);
		report_set_text(t, i, 0, "%s", c->rows[i].name);
		check_text_alone(c, notes, t, i);
		for (r = 0; r < REL_COUNT; r++) {
			check_cell_speeds(c, &c->rows[i], r, &sa, &sb, &yield);
			if (c->rows[i].cell[r].state == CHECK_DONE && isfinite(yield))
				check_text_yield(c, notes, &c->rows[i], r, t, i, 2 + r);
			else if (c->rows[i].cell[r].state == CHECK_DONE)
				report_set_text(t, i, 2 + r, "no solo [%d]", report_note(notes,
				    "%s: no speed without its solo rate", c->rows[i].name));
			else
				check_text_absent(c, notes, t, i, 2 + r, r,
				    &c->rows[i].cell[r], c->rows[i].name);
		}
	}
	report_write_text(t, f);
	report_free(t);
}

/* Latency in microseconds on each relation, and how the loads were placed. */
static void
check_text_latency(const struct check *c, struct report_notes *notes, FILE *f)
{
	struct report_col		 cols[1 + REL_COUNT];
	struct report_table		*t;
	const struct check_lat		*lat;
	int				 i, r;

	fprintf(f, "\nLatency in microseconds (lower is better)\n\n");
	check_text_cols(cols, 1 + REL_COUNT, "", NULL);
	t = report_new(cols, 1 + REL_COUNT);
	for (i = 0; i < c->nlats; i++) {
		lat = &c->lats[i];
		report_add_row(t);
		if (strcmp(lat->kern.text, lat->kern.k->name) != 0)
			report_set_text(t, i, 0, "%s", lat->kern.text);
		else
			report_set_text(t, i, 0, "%s", lat->kern.k->ends == 2 ?
			    "pipe round trip" : "fork+exit+wait");
		for (r = 0; r < REL_COUNT; r++) {
			if (lat->cell[r].state == CHECK_DONE) {
				report_set_num(t, i, 1 + r, 1e6 / lat->cell[r].rate_anchor,
				    "us", REPORT_LOWER);
				report_set_spread(t, i, 1 + r, lat->cell[r].spread);
				if (lat->cell[r].disturbed)
					report_set_flag(t, i, 1 + r, REPORT_DISTURBED,
					    "others on its CPUs");
			} else
				check_text_absent(c, notes, t, i, 1 + r, r, &lat->cell[r],
				    lat->kern.text);
		}
	}
	report_write_text(t, f);
	report_free(t);
	for (i = 0; i < c->nlats; i++)
		fprintf(f, "%s\n", c->lats[i].kern.k->ends == 2 ?
		    "(pipe: one end on the anchor, one on the partner)" :
		    "(fork: the loop may run on the anchor and the partner; the kernel "
		    "places each child)");
}

/* The scheduler line. */
static void
check_text_sched(const struct check *c, FILE *f)
{
	const struct check_sched	*s = &c->sched;
	char				 list[64];

	fprintf(f, "\nScheduler: ");
	if (!s->applies)
		fprintf(f, "n/a: %s\n", s->reason);
	else if (s->state == CHECK_DONE) {
		cpuset_format(&s->cpus, list, sizeof list);
		fprintf(f, "two floating %s copies on CPUs %s (two whole cores) sat on "
		    "one core, with the other core free, in %.0f%% of %d samples\n",
		    s->kern.text, list, 100.0 * s->stacked / s->samples, s->samples);
	} else
		fprintf(f, "failed: %s\n", s->error);
}

/* The results as text: the matrix, latency, footnotes, scheduler, warnings. */
void
check_report_text(const struct check *c, FILE *f)
{
	struct report_notes	notes;
	char			took[512], verdict[512];
	int			i;

	memset(&notes, 0, sizeof notes);
	if (c->nrows > 0)
		check_text_matrix(c, &notes, f);
	if (c->nlats > 0)
		check_text_latency(c, &notes, f);
	report_notes_flush(&notes, f);
	check_noise_report_text(c, f);
	if (c->sched.asked)
		check_text_sched(c, f);
	infer_check_section(c, f);
	if (c->idle != NULL)
		idle_report_text(c, f);
	if (c->nwarn > 0) {
		fprintf(f, "\nWarnings:\n");
		for (i = 0; i < c->nwarn; i++)
			fprintf(f, "  ! %s\n", c->warn[i]);
	}
	eta_took(&c->eta, took, sizeof took);
	fprintf(f, "\nThe check %s.\n", took);
	check_verdict(c, verdict, sizeof verdict);
	fprintf(f, "%s\n", verdict);
}

/* "counters" and "sensors" of the facts: what is available here, and why not. */
static void
check_json_sources(const struct check_sources *s, struct jsonw *w)
{
	jsonw_key_object(w, "counters");
	jsonw_key_bool(w, "hardware", s->caps.hw);
	jsonw_key_bool(w, "llc_misses", s->caps.llc);
	jsonw_key_bool(w, "software", s->caps.sw);
	jsonw_key_bool(w, "switches_migrations", s->caps.sched);
	jsonw_key_num(w, "perf_event_paranoid", s->caps.paranoid == -9 ? NAN :
	    s->caps.paranoid);
	jsonw_key_text(w, "hardware_unavailable", s->caps.hw_why);
	jsonw_key_text(w, "software_unavailable", s->caps.sw_why);
	jsonw_key_text(w, "switches_migrations_unavailable", s->caps.sched_why);
	jsonw_object_end(w);
	jsonw_key_object(w, "sensors");
	jsonw_key_str(w, "mhz_source", s->mhz_src);
	jsonw_key_text(w, "mhz_note", s->mhz_why);
	jsonw_key_text(w, "temp_source", s->temp_src);
	jsonw_key_text(w, "temp_unavailable", s->temp_why);
	jsonw_key_bool(w, "rapl", s->rapl);
	jsonw_key_text(w, "watts_unavailable", s->watts_why);
	jsonw_object_end(w);
}

/* "facts": the CPUs' state, frequency and idle drivers, sources, busy CPUs; or null. */
static void
check_json_facts(const struct check *c, struct jsonw *w)
{
	const struct sysinfo	*si = &c->si;
	int			 i;

	if (!c->have_si) {
		jsonw_key_null(w, "facts");
		return;
	}
	jsonw_key_object(w, "facts");
	jsonw_key_str(w, "online", si->online);
	jsonw_key_str(w, "offline", si->offline);
	jsonw_key_str(w, "allowed", si->allowed);
	jsonw_key_str(w, "isolated", si->isolated);
	jsonw_key_str(w, "cpufreq_driver", si->cpufreq_driver);
	jsonw_key_str(w, "cpufreq_governor", si->cpufreq_governor);
	jsonw_key_tristate(w, "boost", si->boost);
	jsonw_key_int(w, "max_khz", (long long)si->max_khz);
	jsonw_key_str(w, "idle_driver", si->idle_driver);
	jsonw_key_str(w, "idle_governor", si->idle_governor);
	jsonw_key_array(w, "idle_states");
	for (i = 0; i < si->nidle; i++) {
		jsonw_object(w);
		jsonw_key_str(w, "name", si->idle[i].name);
		jsonw_key_int(w, "latency_us", si->idle[i].latency_us);
		jsonw_key_bool(w, "disabled", si->idle[i].disabled);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
	check_json_sources(&c->src, w);
	if (c->busy == NULL)
		jsonw_key_null(w, "busy_pct");
	else {
		jsonw_key_array(w, "busy_pct");
		for (i = 0; i < c->nbusy; i++)
			jsonw_num(w, c->busy[i] < 0 ? NAN : round(c->busy[i] * 10) / 10);
		jsonw_array_end(w);
	}
	jsonw_object_end(w);
}

/*
 * The "kind", "machine" and "facts" members: the machine object as every
 * command writes it (machine.c), nothing beside it to disagree with it.
 */
static void
check_json_machine(const struct check *c, struct jsonw *w)
{
	struct machine	mc;

	machine_fill(&mc, c->m, &c->ci, NULL);
	jsonw_key_str(w, "kind", "check");
	machine_json(&mc, w);
	check_json_facts(c, w);
}

/* "anchor", "placements", "absent", "runs" and "cell_seconds". */
static void
check_json_plan(const struct check *c, struct jsonw *w)
{
	int	r;

	jsonw_key_int(w, "anchor", c->plan.anchor);
	jsonw_key_str(w, "anchor_why", c->plan.anchor_why);
	jsonw_key_object(w, "placements");
	for (r = 0; r < REL_COUNT; r++) {
		if (c->plan.rel[r].cpu == -1)
			jsonw_key_null(w, topo_rel_name(r));
		else
			jsonw_key_int(w, topo_rel_name(r), c->plan.rel[r].cpu);
	}
	jsonw_object_end(w);
	jsonw_key_object(w, "absent");
	for (r = 0; r < REL_COUNT; r++)
		if (c->plan.rel[r].cpu == -1)
			jsonw_key_str(w, topo_rel_name(r), c->plan.rel[r].reason);
	jsonw_object_end(w);
	jsonw_key_int(w, "runs", c->runs_total);
	jsonw_key_num(w, "cell_seconds", c->cell_s);
	jsonw_key_num(w, "estimate_s", c->estimate_s);
	jsonw_key_num(w, "estimate_setup_s", c->est_setup_s);
	jsonw_key_num(w, "estimate_wait_s", c->est_wait_s);
	jsonw_key_num(w, "estimate_prep_s", round(c->est_prep_s * 1000) / 1000);
}

/* How long it took, and in words (with why, when well past the estimate). */
static void
check_json_took(const struct check *c, struct jsonw *w)
{
	char	took[512];

	jsonw_key_num(w, "took_s", c->eta.took_s > 0 ? c->eta.took_s : NAN);
	eta_took(&c->eta, took, sizeof took);
	jsonw_key_text(w, "took", c->eta.took_s > 0 ? took : "");
}

/* "error": why a figure is missing: the failure, "not measured", or null. */
static void
check_json_error(struct jsonw *w, int state, const char *error)
{
	jsonw_key_str(w, "error", state == CHECK_FAILED ? error : state == CHECK_DONE ?
	    NULL : "not measured");
}

/* A cell's figure spread and its guard: tries, disturbed, others' CPUs and who. */
static void
check_json_guard(struct jsonw *w, const struct check_cell *cell)
{
	int	i, ran = cell->state != CHECK_NOT_RUN;

	/* A failed cell keeps its guard's notes: others may be why it failed. */
	jsonw_key_num(w, "spread", cell->state == CHECK_DONE ? cell->spread : NAN);
	jsonw_key_int(w, "tries", cell->tries);
	jsonw_key_bool(w, "disturbed", ran && cell->disturbed);
	jsonw_key_num(w, "foreign_cpus", ran ? cell->foreign : NAN);
	jsonw_key_array(w, "foreign");
	for (i = 0; ran && i < cell->nwho; i++) {
		jsonw_object(w);
		jsonw_key_int(w, "pid", cell->who[i].pid);
		jsonw_key_str(w, "comm", cell->who[i].comm);
		jsonw_key_int(w, "cpu", cell->who[i].cpu);
		jsonw_key_num(w, "share", round(cell->who[i].share * 1000) / 1000);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/*
 * A rate in its kernel's displayed unit (MB/s, ns/load), as the text and
 * CSV give it; null where there is none.
 */
static void
check_json_rate(struct jsonw *w, const char *key, const struct kernel *k, double rate)
{
	jsonw_key_num(w, key, k != NULL && isfinite(rate) && rate > 0 ?
	    kernel_display(k, rate) : NAN);
}

/* One result cell object of a row; null for a relation this machine lacks. */
static void
check_json_cell(const struct check *c, struct jsonw *w, const struct check_row *row, int r)
{
	const struct check_cell	*cell = &row->cell[r];
	enum analysis_mark	 mark;
	struct split		 sp;
	double			 sa, sb, yield, solo, solo_b, share;
	char			 why[256];
	int			 done = cell->state == CHECK_DONE;

	if (c->plan.rel[r].cpu == -1) {
		jsonw_null(w);
		return;
	}
	mark = check_known_speeds(c, row, r, &sa, &sb, &yield, why, sizeof why);
	check_cell_solos(c, row, r, &solo, &solo_b, &share);
	jsonw_object(w);
	jsonw_key_int(w, "partner", c->plan.rel[r].cpu);
	jsonw_key_str(w, "unit", row->a.k->unit);
	jsonw_key_str(w, "unit_partner", row->b.k->unit);
	check_json_rate(w, "solo", row->a.k, solo);
	check_json_rate(w, "solo_partner", row->b.k, solo_b);
	jsonw_key_num(w, "solo_share", share);
	check_json_rate(w, "rate_anchor", row->a.k, done ? cell->rate_anchor : NAN);
	check_json_rate(w, "rate_partner", row->b.k, done ? cell->rate_partner : NAN);
	jsonw_key_num(w, "speed_anchor", sa);
	jsonw_key_num(w, "speed_partner", sb);
	jsonw_key_num(w, "yield", yield);
	jsonw_key_num(w, "cpu_share", done ? cell->share_anchor : NAN);
	jsonw_key_num(w, "efficiency", analysis_efficiency(sa, done ? cell->share_anchor :
	    NAN, share));
	/*
	 * SPEED = SHARE x CAPACITY x INTERACTION as run's; check has no
	 * capacity: null; an INTERACTION past physics null too, as run's.
	 */
	split_compute(sa, 1.0, done ? cell->share_anchor : NAN, share, NAN, &sp);
	split_bound(&sp, done ? cell->spread : NAN, kernel_cpu_bound(row->a.k));
	jsonw_key_num(w, "split_share", sp.share);
	jsonw_key_num(w, "split_capacity", sp.capacity);
	jsonw_key_num(w, "split_interaction", sp.interaction);
	jsonw_key_num(w, "ipc_alone", cell->ipc_have & CHECK_IPC_ALONE ? cell->ipc_alone :
	    NAN);
	jsonw_key_num(w, "ipc_together", cell->ipc_have & CHECK_IPC_TOGETHER ?
	    cell->ipc_together : NAN);
	check_json_guard(w, cell);
	check_noise_report_cell(c, row, r, w);
	jsonw_key_bool(w, "solo_disturbed", check_solo_disturbed(c, row, r));
	jsonw_key_bool(w, "solo_low", cell->beyond);
	/*
	 * A flag for the speeds and yield: "~", "?" or null; an unknown one
	 * is null beside "?", its reason in speed_unknown.
	 */
	jsonw_key_str(w, "speed_mark", mark == ANALYSIS_CLEAN ? NULL : analysis_mark_text(mark));
	jsonw_key_str(w, "speed_unknown", mark == ANALYSIS_UNKNOWN ? why : NULL);
	if (done && !isfinite(yield) && mark != ANALYSIS_UNKNOWN)
		jsonw_key_str(w, "error", "no solo rate");
	else
		check_json_error(w, cell->state, cell->error);
	jsonw_object_end(w);
}

/* One solo: its rate in the kernel's unit, share, spread and guard. */
static void
check_json_solo(struct jsonw *w, const struct check_solo *so)
{
	const struct check_cell	*cell = &so->cell;

	jsonw_key_object(w, so->kern.text);
	check_json_rate(w, "rate", so->kern.k, cell->state == CHECK_DONE ?
	    cell->rate_anchor : NAN);
	jsonw_key_num(w, "cpu_share", cell->state == CHECK_DONE ? cell->share_anchor : NAN);
	check_json_guard(w, cell);
	check_json_error(w, cell->state, cell->error);
	jsonw_object_end(w);
}

/* "latency": one object per latency kernel, one member per relation. */
static void
check_json_latency(const struct check *c, struct jsonw *w)
{
	const struct check_cell	*cell;
	int			 i, r;

	jsonw_key_object(w, "latency");
	jsonw_key_str(w, "unit", "us");
	for (i = 0; i < c->nlats; i++) {
		jsonw_key_object(w, c->lats[i].kern.text);
		for (r = 0; r < REL_COUNT; r++) {
			cell = &c->lats[i].cell[r];
			if (c->plan.rel[r].cpu == -1) {
				jsonw_key_null(w, topo_rel_name(r));
				continue;
			}
			jsonw_key_object(w, topo_rel_name(r));
			jsonw_key_int(w, "partner", c->plan.rel[r].cpu);
			jsonw_key_num(w, "us", cell->state == CHECK_DONE ?
			    1e6 / cell->rate_anchor : NAN);
			jsonw_key_num(w, "cpu_share", cell->state == CHECK_DONE ?
			    cell->share_anchor : NAN);
			check_json_guard(w, cell);
			check_json_error(w, cell->state, cell->error);
			jsonw_object_end(w);
		}
		jsonw_object_end(w);
	}
	jsonw_object_end(w);
}

/* "scheduler": null, why it does not apply, or how often the copies stacked. */
static void
check_json_sched(const struct check *c, struct jsonw *w)
{
	const struct check_sched	*s = &c->sched;
	char				 list[64];

	if (!s->asked) {
		jsonw_key_null(w, "scheduler");
		return;
	}
	jsonw_key_object(w, "scheduler");
	jsonw_key_bool(w, "applies", s->applies);
	if (!s->applies)
		jsonw_key_str(w, "reason", s->reason);
	else {
		cpuset_format(&s->cpus, list, sizeof list);
		jsonw_key_str(w, "kernel", s->kern.text);
		jsonw_key_str(w, "cpus", list);
		jsonw_key_int(w, "samples", s->samples);
		jsonw_key_num(w, "stacked_fraction", s->samples > 0 ?
		    (double)s->stacked / s->samples : NAN);
		check_json_error(w, s->state, s->error);
	}
	jsonw_object_end(w);
}

/* "results", "units", "solos", "latency" and "scheduler". */
static void
check_json_results(const struct check *c, struct jsonw *w)
{
	int	i, r;

	jsonw_key_object(w, "results");
	for (i = 0; i < c->nrows; i++) {
		jsonw_key_object(w, c->rows[i].name);
		for (r = 0; r < REL_COUNT; r++) {
			jsonw_key(w, topo_rel_name(r));
			check_json_cell(c, w, &c->rows[i], r);
		}
		jsonw_object_end(w);
	}
	jsonw_object_end(w);
	jsonw_key_object(w, "units");
	for (i = 0; i < c->nsolos; i++)
		jsonw_key_str(w, c->solos[i].kern.text, c->solos[i].kern.k->unit);
	jsonw_object_end(w);
	jsonw_key_object(w, "solos");
	for (i = 0; i < c->nsolos; i++)
		check_json_solo(w, &c->solos[i]);
	jsonw_object_end(w);
	check_json_latency(c, w);
	check_json_sched(c, w);
}

/*
 * Add "behave_like": what the text's block says each measured pair behaves
 * like (infer_check.c), one object a pair; [] where the text shows none.
 */
static void
check_json_behave(const struct check *c, struct jsonw *w)
{
	struct infer_check_pair	 pairs[REL_COUNT], *p;
	int			 i, n = infer_check_pairs(c, pairs);

	jsonw_key_array(w, "behave_like");
	for (i = 0; i < n; i++) {
		p = &pairs[i];
		jsonw_object(w);
		jsonw_key_int(w, "anchor", p->anchor);
		jsonw_key_int(w, "partner", p->partner);
		jsonw_key_str(w, "reported", topo_rel_name((enum topo_rel)p->rel));
		jsonw_key_str(w, "measured", infer_class_token(p->v.cls));
		jsonw_key_str(w, "words", p->v.clear ? infer_class_name(p->v.cls) : "unclear");
		jsonw_key_bool(w, "clear", p->v.clear);
		jsonw_key_tristate(w, "agrees", p->agrees);
		jsonw_key_num(w, "int_yield", p->fig.yield[INFER_KIND_COMPUTE][0]);
		jsonw_key_num(w, "chase_yield", p->fig.yield[INFER_KIND_CONTRAST][0]);
		jsonw_key_str(w, "why", p->v.why);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* The whole check as one JSON object. */
void
check_report_json(const struct check *c, FILE *f)
{
	char		verdict[512];
	struct strbuf	sb;
	struct jsonw	w;
	int		i;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	check_json_machine(c, &w);
	check_json_plan(c, &w);
	if (!c->dry_run) {
		check_json_results(c, &w);
		check_json_behave(c, &w);
		check_noise_report_json(c, &w);
		check_verdict(c, verdict, sizeof verdict);
		jsonw_key_str(&w, "verdict", verdict);
	}
	check_json_took(c, &w);
	if (c->idle != NULL && c->live)
		idle_report_json(c, &w);
	jsonw_key_array(&w, "warnings");
	for (i = 0; i < c->nwarn; i++)
		jsonw_str(&w, c->warn[i]);
	jsonw_array_end(&w);
	jsonw_end_report(&w, f);
}
