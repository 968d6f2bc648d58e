/*
 * check_report.c: `smtscope check` written out: the facts and the plan as
 * text; the co-run matrix and latency as text tables with footnotes, as
 * JSON, or as CSV with a unit column, through the report layer.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/analysis.h"
#include "exp/check.h"
#include "exp/infer.h"
#include "model/cpuinfo.h"
#include "engine/kernels/kernel.h"
#include "model/machine.h"
#include "report/report.h"
#include "sample/sysinfo.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

/* Print which counters and sensors are available, and why not. */
static void
check_print_sources(const struct check_sources *s, FILE *f)
{
	if (s->caps.hw)
		fprintf(f, "  counters   cycles, instructions%s", s->caps.llc ?
		    ", LLC misses" : " (no LLC misses)");
	else
		fprintf(f, "  counters   %s", s->caps.hw_why);
	if (s->caps.sw && s->caps.sched)
		fprintf(f, "; task-clock, context switches, migrations\n");
	else if (s->caps.sw)
		fprintf(f, "; task-clock; %s\n", s->caps.sched_why);
	else
		fprintf(f, "; %s\n", s->caps.sw_why);
	if (s->mhz_why[0])
		fprintf(f, "  sensors    %s", s->mhz_why);
	else
		fprintf(f, "  sensors    MHz from %s", s->mhz_src);
	fprintf(f, "; temperature %s%s; power %s%s\n", s->temp_src[0] ? "from " : "n/a: ",
	    s->temp_src[0] ? s->temp_src : s->temp_why, s->rapl ? "from " : "n/a: ",
	    s->rapl ? "RAPL" : s->watts_why);
}

/* Print the machine's identity and facts. */
static void
check_print_facts(const struct check *c, FILE *f)
{
	const struct topo_summary	*sum = &c->m->summary;
	const struct sysinfo		*si = &c->si;
	int				 i;

	fprintf(f, "smtscope check on %s\n", c->live ? "this machine" : c->m->source_name);
	fprintf(f, "  CPU        %s", c->ci.brand[0] ? c->ci.brand : "unknown model");
	if (c->ci.vendor[0])
		fprintf(f, " (%s%s%s)", c->ci.vendor, c->ci.codename[0] ? ", " : "",
		    c->ci.codename);
	if (c->ci.hypervisor[0])
		fprintf(f, ", under %s", c->ci.hypervisor);
	fprintf(f, "\n  topology   %d package%s, %d NUMA node%s, %d core%s, %d logical CPU%s\n",
	    sum->packages, sum->packages == 1 ? "" : "s",
	    sum->numa_nodes, sum->numa_nodes == 1 ? "" : "s",
	    sum->cores, sum->cores == 1 ? "" : "s", sum->pus, sum->pus == 1 ? "" : "s");
	if (!c->live)
		fprintf(f, "  SMT        %s", sum->smt_width_max > 1 ? "yes" :
		    "one thread per core in this topology");
	else
		fprintf(f, "  SMT        %s", cpuinfo_smt_name(c->ci.smt));
	if (sum->smt_width_max > 1)
		fprintf(f, ", up to %d threads per core", sum->smt_width_max);
	if (c->have_si && si->smt_control[0])
		fprintf(f, " (control: %s)", si->smt_control);
	fputc('\n', f);
	if (!c->have_si) {
		fprintf(f, "  (a view of another machine: its frequency, idle and load "
		    "facts are not known here)\n");
		return;
	}
	fprintf(f, "  CPUs       online %s; offline %s; allowed %s; isolated %s\n",
	    si->online[0] ? si->online : "?", si->offline[0] ? si->offline : "none",
	    si->allowed[0] ? si->allowed : "?", si->isolated[0] ? si->isolated : "none");
	fprintf(f, "  frequency  ");
	if (si->cpufreq_driver[0])
		fprintf(f, "driver %s, governor %s", si->cpufreq_driver,
		    si->cpufreq_governor[0] ? si->cpufreq_governor : "?");
	else
		fprintf(f, "not exposed");
	if (si->max_khz)
		fprintf(f, ", max %.2f GHz", (double)si->max_khz / 1e6);
	fprintf(f, "; boost %s\n", si->boost == 1 ? "on" : si->boost == 0 ? "off" : "unknown");
	fprintf(f, "  idle       driver %s, governor %s",
	    si->idle_driver[0] ? si->idle_driver : "none",
	    si->idle_governor[0] ? si->idle_governor : "none");
	if (si->nidle > 0) {
		fprintf(f, "; CPU 0 states");
		for (i = 0; i < si->nidle; i++)
			fprintf(f, " %s %uus%s", si->idle[i].name, si->idle[i].latency_us,
			    si->idle[i].disabled ? " (disabled)" : "");
	}
	fputc('\n', f);
	check_print_sources(&c->src, f);
	fprintf(f, "  busy       ");
	if (c->busy == NULL)
		fprintf(f, "unknown (/proc/stat unreadable)\n");
	else {
		int	n = 0;

		for (i = 0; i < c->nbusy; i++) {
			if (check_busy(c->busy, c->nbusy, i) > CHECK_BUSY_PCT) {
				fprintf(f, "%sCPU %d %.0f%%", n ? ", " : "", i, c->busy[i]);
				n++;
			}
		}
		fprintf(f, "%s\n", n ? " (other work)" : "no CPU above 20% before measuring");
	}
}

/* Print the plan: the anchor and one partner per relation. */
static void
check_print_plan(const struct check *c, FILE *f)
{
	char	list[64];
	int	r;

	fprintf(f, "\nPlan: anchor CPU %d (%s)\n", c->plan.anchor, c->plan.anchor_why);
	for (r = 0; r < REL_COUNT; r++) {
		fprintf(f, "  %-14s ", topo_rel_name(r));
		if (c->plan.rel[r].cpu == -1)
			fprintf(f, "n/a: %s\n", c->plan.rel[r].reason);
		else if (r == REL_SAME_PU)
			fprintf(f, "CPU %d (both copies time-share the anchor)\n",
			    c->plan.rel[r].cpu);
		else
			fprintf(f, "CPU %d\n", c->plan.rel[r].cpu);
	}
	if (c->sched.asked) {
		if (c->sched.applies) {
			cpuset_format(&c->sched.cpus, list, sizeof list);
			fprintf(f, "  scheduler      two floating %s copies on CPUs %s\n",
			    c->sched.kern.text, list);
		} else
			fprintf(f, "  scheduler      n/a: %s\n", c->sched.reason);
	}
	/* check --idle sizes its own windows (idle_report_plan). */
	if (c->idle == NULL || c->idle->section)
		fprintf(f, "%d runs of %.2f s%s each, about %.0f s\n", c->runs_total,
		    c->cell_s, c->time_given ? "" : " or less", c->runs_total * (c->cell_s +
		    CHECK_OVERHEAD_S));
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
	if (c->idle != NULL && c->live)
		idle_report_plan(c, f);
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

/* A matrix cell: "0.52+0.52=1.04 ±1.0%", with ~ when others disturbed it. */
static void
check_text_yield(const struct check *c, const struct check_row *row, int r,
    struct report_table *t, int i, int col)
{
	char	a[32], b[32], y[32], sp[32];
	double	sa, sb, yield;

	check_cell_speeds(c, row, r, &sa, &sb, &yield);
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
				check_text_yield(c, &c->rows[i], r, t, i, 2 + r);
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
	int			i;

	memset(&notes, 0, sizeof notes);
	if (c->nrows > 0)
		check_text_matrix(c, &notes, f);
	if (c->nlats > 0)
		check_text_latency(c, &notes, f);
	report_notes_flush(&notes, f);
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
}

/* Add "counters" and "sensors" to the facts: what is available here, and why not. */
static void
check_json_sources(const struct check_sources *s, struct strbuf *sb)
{
	strbuf_printf(sb, ",\"counters\":{\"hardware\":%s,\"llc_misses\":%s,"
	    "\"software\":%s,\"switches_migrations\":%s,\"perf_event_paranoid\":",
	    s->caps.hw ? "true" : "false", s->caps.llc ? "true" : "false",
	    s->caps.sw ? "true" : "false", s->caps.sched ? "true" : "false");
	report_json_num(sb, s->caps.paranoid == -9 ? NAN : s->caps.paranoid);
	report_json_str_or_null(sb, "hardware_unavailable", s->caps.hw_why);
	report_json_str_or_null(sb, "software_unavailable", s->caps.sw_why);
	report_json_str_or_null(sb, "switches_migrations_unavailable", s->caps.sched_why);
	strbuf_puts(sb, "},\"sensors\":{\"mhz_source\":");
	strbuf_json_str(sb, s->mhz_src);
	report_json_str_or_null(sb, "mhz_note", s->mhz_why);
	report_json_str_or_null(sb, "temp_source", s->temp_src);
	report_json_str_or_null(sb, "temp_unavailable", s->temp_why);
	strbuf_printf(sb, ",\"rapl\":%s", s->rapl ? "true" : "false");
	report_json_str_or_null(sb, "watts_unavailable", s->watts_why);
	strbuf_puts(sb, "}");
}

/*
 * Add the "kind", "machine" and "facts" members to a JSON object being
 * built: the machine object (machine.c) after the flat members that
 * older readers know.
 */
static void
check_json_machine(const struct check *c, struct strbuf *sb)
{
	const struct topo_summary	*sum = &c->m->summary;
	const struct sysinfo		*si = &c->si;
	struct machine			 mc;
	int				 i;

	machine_fill(&mc, c->m, &c->ci, NULL);
	strbuf_puts(sb, "\"kind\":\"check\",\"machine\":{");
	machine_json_members(&mc, sb);
	strbuf_puts(sb, ",\"vendor\":");
	strbuf_json_str(sb, c->ci.vendor);
	strbuf_puts(sb, ",\"brand\":");
	strbuf_json_str(sb, c->ci.brand);
	strbuf_puts(sb, ",\"codename\":");
	strbuf_json_str(sb, c->ci.codename);
	strbuf_puts(sb, ",\"hypervisor\":");
	strbuf_json_str(sb, c->ci.hypervisor);
	strbuf_printf(sb, ",\"packages\":%d,\"numa_nodes\":%d,\"cores\":%d,\"pus\":%d,"
	    "\"smt_width_max\":%d,\"smt\":", sum->packages, sum->numa_nodes, sum->cores,
	    sum->pus, sum->smt_width_max);
	strbuf_json_str(sb, cpuinfo_smt_name(c->ci.smt));
	strbuf_puts(sb, ",\"smt_control\":");
	strbuf_json_str(sb, c->have_si ? si->smt_control : "");
	strbuf_puts(sb, "},\"facts\":");
	if (!c->have_si) {
		strbuf_puts(sb, "null");
		return;
	}
	strbuf_puts(sb, "{\"online\":");
	strbuf_json_str(sb, si->online);
	strbuf_puts(sb, ",\"offline\":");
	strbuf_json_str(sb, si->offline);
	strbuf_puts(sb, ",\"allowed\":");
	strbuf_json_str(sb, si->allowed);
	strbuf_puts(sb, ",\"isolated\":");
	strbuf_json_str(sb, si->isolated);
	strbuf_puts(sb, ",\"cpufreq_driver\":");
	strbuf_json_str(sb, si->cpufreq_driver);
	strbuf_puts(sb, ",\"cpufreq_governor\":");
	strbuf_json_str(sb, si->cpufreq_governor);
	strbuf_printf(sb, ",\"boost\":%s,\"max_khz\":%llu,\"idle_driver\":",
	    si->boost == 1 ? "true" : si->boost == 0 ? "false" : "null",
	    (unsigned long long)si->max_khz);
	strbuf_json_str(sb, si->idle_driver);
	strbuf_puts(sb, ",\"idle_governor\":");
	strbuf_json_str(sb, si->idle_governor);
	strbuf_puts(sb, ",\"idle_states\":[");
	for (i = 0; i < si->nidle; i++) {
		strbuf_puts(sb, i ? ",{\"name\":" : "{\"name\":");
		strbuf_json_str(sb, si->idle[i].name);
		strbuf_printf(sb, ",\"latency_us\":%u,\"disabled\":%s}", si->idle[i].latency_us,
		    si->idle[i].disabled ? "true" : "false");
	}
	strbuf_puts(sb, "]");
	check_json_sources(&c->src, sb);
	strbuf_puts(sb, ",\"busy_pct\":");
	if (c->busy == NULL)
		strbuf_puts(sb, "null");
	else {
		strbuf_puts(sb, "[");
		for (i = 0; i < c->nbusy; i++) {
			if (i)
				strbuf_puts(sb, ",");
			report_json_num(sb, c->busy[i] < 0 ? NAN : round(c->busy[i] * 10) / 10);
		}
		strbuf_puts(sb, "]");
	}
	strbuf_puts(sb, "}");
}

/* Add "anchor", "placements" and "absent". */
static void
check_json_plan(const struct check *c, struct strbuf *sb)
{
	int	r;

	strbuf_printf(sb, ",\"anchor\":%d,\"anchor_why\":", c->plan.anchor);
	strbuf_json_str(sb, c->plan.anchor_why);
	strbuf_puts(sb, ",\"placements\":{");
	for (r = 0; r < REL_COUNT; r++) {
		strbuf_puts(sb, r ? "," : "");
		strbuf_json_str(sb, topo_rel_name(r));
		if (c->plan.rel[r].cpu == -1)
			strbuf_puts(sb, ":null");
		else
			strbuf_printf(sb, ":%d", c->plan.rel[r].cpu);
	}
	strbuf_puts(sb, "},\"absent\":{");
	for (r = 0; r < REL_COUNT; r++) {
		if (c->plan.rel[r].cpu != -1)
			continue;
		if (sb->s[sb->len - 1] != '{')
			strbuf_puts(sb, ",");
		strbuf_json_str(sb, topo_rel_name(r));
		strbuf_puts(sb, ":");
		strbuf_json_str(sb, c->plan.rel[r].reason);
	}
	strbuf_printf(sb, "},\"runs\":%d,\"cell_seconds\":", c->runs_total);
	report_json_num(sb, c->cell_s);
}

/* Add ',"error":' and the reason a figure is missing: the failure, "not measured", or null. */
static void
check_json_error(struct strbuf *sb, int state, const char *error)
{
	strbuf_puts(sb, ",\"error\":");
	if (state == CHECK_FAILED)
		strbuf_json_str(sb, error);
	else
		strbuf_puts(sb, state == CHECK_DONE ? "null" : "\"not measured\"");
}

/* Add a cell's figure spread and its guard: tries, disturbed, others' CPUs and who. */
static void
check_json_guard(struct strbuf *sb, const struct check_cell *cell)
{
	int	i, ran = cell->state != CHECK_NOT_RUN;

	/* A failed cell keeps its guard's notes: others may be why it failed. */
	strbuf_puts(sb, ",\"spread\":");
	report_json_num(sb, cell->state == CHECK_DONE ? cell->spread : NAN);
	strbuf_printf(sb, ",\"tries\":%d,\"disturbed\":%s,\"foreign_cpus\":", cell->tries,
	    ran && cell->disturbed ? "true" : "false");
	report_json_num(sb, ran ? cell->foreign : NAN);
	strbuf_puts(sb, ",\"foreign\":[");
	for (i = 0; ran && i < cell->nwho; i++) {
		strbuf_printf(sb, "%s{\"pid\":%d,\"comm\":", i ? "," : "",
		    (int)cell->who[i].pid);
		strbuf_json_str(sb, cell->who[i].comm);
		strbuf_printf(sb, ",\"cpu\":%d,\"share\":", cell->who[i].cpu);
		report_json_num(sb, round(cell->who[i].share * 1000) / 1000);
		strbuf_puts(sb, "}");
	}
	strbuf_puts(sb, "]");
}

/* Add one result cell object of a row. */
static void
check_json_cell(const struct check *c, struct strbuf *sb, const struct check_row *row, int r)
{
	const struct check_cell	*cell = &row->cell[r];
	double			 sa, sb_, yield, solo, solo_b, share;

	if (c->plan.rel[r].cpu == -1) {
		strbuf_puts(sb, "null");
		return;
	}
	check_cell_speeds(c, row, r, &sa, &sb_, &yield);
	check_cell_solos(c, row, r, &solo, &solo_b, &share);
	strbuf_printf(sb, "{\"partner\":%d,\"solo\":", c->plan.rel[r].cpu);
	report_json_num(sb, solo);
	strbuf_puts(sb, ",\"solo_partner\":");
	report_json_num(sb, solo_b);
	strbuf_puts(sb, ",\"solo_share\":");
	report_json_num(sb, share);
	strbuf_puts(sb, ",\"rate_anchor\":");
	report_json_num(sb, cell->state == CHECK_DONE ? cell->rate_anchor : NAN);
	strbuf_puts(sb, ",\"rate_partner\":");
	report_json_num(sb, cell->state == CHECK_DONE ? cell->rate_partner : NAN);
	strbuf_puts(sb, ",\"speed_anchor\":");
	report_json_num(sb, sa);
	strbuf_puts(sb, ",\"speed_partner\":");
	report_json_num(sb, sb_);
	strbuf_puts(sb, ",\"yield\":");
	report_json_num(sb, yield);
	strbuf_puts(sb, ",\"cpu_share\":");
	report_json_num(sb, cell->state == CHECK_DONE ? cell->share_anchor : NAN);
	strbuf_puts(sb, ",\"efficiency\":");
	report_json_num(sb, analysis_efficiency(sa, cell->state == CHECK_DONE ?
	    cell->share_anchor : NAN, share));
	strbuf_puts(sb, ",\"ipc_alone\":");
	report_json_num(sb, cell->ipc_have & CHECK_IPC_ALONE ? cell->ipc_alone : NAN);
	strbuf_puts(sb, ",\"ipc_together\":");
	report_json_num(sb, cell->ipc_have & CHECK_IPC_TOGETHER ? cell->ipc_together : NAN);
	check_json_guard(sb, cell);
	strbuf_printf(sb, ",\"solo_disturbed\":%s,\"solo_low\":%s",
	    check_solo_disturbed(c, row, r) ? "true" : "false", cell->beyond ? "true" :
	    "false");
	strbuf_puts(sb, ",\"error\":");
	if (cell->state == CHECK_FAILED)
		strbuf_json_str(sb, cell->error);
	else if (cell->state == CHECK_DONE && !isfinite(yield))
		strbuf_json_str(sb, "no solo rate");
	else
		strbuf_puts(sb, cell->state == CHECK_DONE ? "null" : "\"not measured\"");
	strbuf_puts(sb, "}");
}

/* Add one solo: its rate in work units per second, share, spread and guard. */
static void
check_json_solo(struct strbuf *sb, const struct check_solo *so)
{
	const struct check_cell	*cell = &so->cell;

	strbuf_puts(sb, ":{\"rate\":");
	report_json_num(sb, cell->state == CHECK_DONE ? cell->rate_anchor : NAN);
	strbuf_puts(sb, ",\"cpu_share\":");
	report_json_num(sb, cell->state == CHECK_DONE ? cell->share_anchor : NAN);
	check_json_guard(sb, cell);
	check_json_error(sb, cell->state, cell->error);
	strbuf_puts(sb, "}");
}

/* Add "latency": one object per latency kernel, one member per relation. */
static void
check_json_latency(const struct check *c, struct strbuf *sb)
{
	const struct check_cell	*cell;
	int			 i, r;

	strbuf_puts(sb, ",\"latency\":{\"unit\":\"us\"");
	for (i = 0; i < c->nlats; i++) {
		strbuf_puts(sb, ",");
		strbuf_json_str(sb, c->lats[i].kern.text);
		strbuf_puts(sb, ":{");
		for (r = 0; r < REL_COUNT; r++) {
			cell = &c->lats[i].cell[r];
			strbuf_puts(sb, r ? "," : "");
			strbuf_json_str(sb, topo_rel_name(r));
			if (c->plan.rel[r].cpu == -1) {
				strbuf_puts(sb, ":null");
				continue;
			}
			strbuf_printf(sb, ":{\"partner\":%d,\"us\":", c->plan.rel[r].cpu);
			report_json_num(sb, cell->state == CHECK_DONE ?
			    1e6 / cell->rate_anchor : NAN);
			strbuf_puts(sb, ",\"cpu_share\":");
			report_json_num(sb, cell->state == CHECK_DONE ? cell->share_anchor : NAN);
			check_json_guard(sb, cell);
			check_json_error(sb, cell->state, cell->error);
			strbuf_puts(sb, "}");
		}
		strbuf_puts(sb, "}");
	}
	strbuf_puts(sb, "}");
}

/* Add "scheduler": null, why it does not apply, or how often the copies stacked. */
static void
check_json_sched(const struct check *c, struct strbuf *sb)
{
	const struct check_sched	*s = &c->sched;
	char				 list[64];

	strbuf_puts(sb, ",\"scheduler\":");
	if (!s->asked) {
		strbuf_puts(sb, "null");
		return;
	}
	if (!s->applies) {
		strbuf_puts(sb, "{\"applies\":false,\"reason\":");
		strbuf_json_str(sb, s->reason);
		strbuf_puts(sb, "}");
		return;
	}
	cpuset_format(&s->cpus, list, sizeof list);
	strbuf_puts(sb, "{\"applies\":true,\"kernel\":");
	strbuf_json_str(sb, s->kern.text);
	strbuf_puts(sb, ",\"cpus\":");
	strbuf_json_str(sb, list);
	strbuf_printf(sb, ",\"samples\":%d,\"stacked_fraction\":", s->samples);
	report_json_num(sb, s->samples > 0 ? (double)s->stacked / s->samples : NAN);
	check_json_error(sb, s->state, s->error);
	strbuf_puts(sb, "}");
}

/* Add "results", "units", "latency" and "scheduler". */
static void
check_json_results(const struct check *c, struct strbuf *sb)
{
	int	i, r;

	strbuf_puts(sb, ",\"results\":{");
	for (i = 0; i < c->nrows; i++) {
		strbuf_puts(sb, i ? "," : "");
		strbuf_json_str(sb, c->rows[i].name);
		strbuf_puts(sb, ":{");
		for (r = 0; r < REL_COUNT; r++) {
			strbuf_puts(sb, r ? "," : "");
			strbuf_json_str(sb, topo_rel_name(r));
			strbuf_puts(sb, ":");
			check_json_cell(c, sb, &c->rows[i], r);
		}
		strbuf_puts(sb, "}");
	}
	strbuf_puts(sb, "},\"units\":{");
	for (i = 0; i < c->nsolos; i++) {
		strbuf_puts(sb, i ? "," : "");
		strbuf_json_str(sb, c->solos[i].kern.text);
		strbuf_printf(sb, ":\"%s/s\"", c->solos[i].kern.k->work_unit);
	}
	strbuf_puts(sb, "},\"solos\":{");
	for (i = 0; i < c->nsolos; i++) {
		strbuf_puts(sb, i ? "," : "");
		strbuf_json_str(sb, c->solos[i].kern.text);
		check_json_solo(sb, &c->solos[i]);
	}
	strbuf_puts(sb, "}");
	check_json_latency(c, sb);
	check_json_sched(c, sb);
}

/* The whole check as one JSON object. */
void
check_report_json(const struct check *c, FILE *f)
{
	struct strbuf	sb;
	int		i;

	strbuf_init(&sb);
	strbuf_puts(&sb, "{");
	check_json_machine(c, &sb);
	check_json_plan(c, &sb);
	if (!c->dry_run)
		check_json_results(c, &sb);
	if (c->idle != NULL && c->live)
		idle_report_json(c, &sb);
	strbuf_puts(&sb, ",\"warnings\":[");
	for (i = 0; i < c->nwarn; i++) {
		strbuf_puts(&sb, i ? "," : "");
		strbuf_json_str(&sb, c->warn[i]);
	}
	strbuf_puts(&sb, "]}\n");
	fputs(sb.s, f);
	strbuf_free(&sb);
}


/* The columns of check --csv: one row per kernel (or pair) and relation. */
enum {
	CSV_KERNEL, CSV_RELATION, CSV_ANCHOR, CSV_PARTNER, CSV_UNIT, CSV_SOLO,
	CSV_RATE_A, CSV_UNIT_B, CSV_SOLO_B, CSV_RATE_B, CSV_SPEED_A, CSV_SPEED_B,
	CSV_YIELD, CSV_SHARE, CSV_EFFIC, CSV_SPREAD, CSV_FOREIGN, CSV_STATUS, CSV_NCOLS
};
static const struct report_col check_csv_cols[CSV_NCOLS] = {
	{ .key = "kernel" }, { .key = "relation" }, { .key = "anchor" },
	{ .key = "partner" }, { .key = "unit" }, { .key = "solo" },
	{ .key = "rate_anchor" }, { .key = "unit_partner" }, { .key = "solo_partner" },
	{ .key = "rate_partner" }, { .key = "speed_anchor" }, { .key = "speed_partner" },
	{ .key = "yield" }, { .key = "cpu_share" }, { .key = "efficiency" },
	{ .key = "spread" }, { .key = "foreign" }, { .key = "status" }
};

/* A rate in the kernel's displayed unit, when there is one. */
static void
check_csv_rate(struct report_table *t, int row, int col, const struct kernel *k,
    double rate)
{
	if (isfinite(rate) && rate > 0)
		report_set_num(t, row, col, kernel_display(k, rate), k->unit,
		    k->higher_is_better ? REPORT_HIGHER : REPORT_LOWER);
}

/* The first columns of a row (kernel, relation, CPUs), and its status. */
static int
check_csv_row(const struct check *c, struct report_table *t, const char *name, int r,
    const struct check_cell *cell)
{
	struct report_cell	 st;
	struct strbuf		 who;
	char			 why[400], buf[700];
	int			 i, row = report_add_row(t);

	report_set_text(t, row, CSV_KERNEL, "%s", name);
	report_set_text(t, row, CSV_RELATION, "%s", topo_rel_name(r));
	report_set_num(t, row, CSV_ANCHOR, c->plan.anchor, NULL, REPORT_NEUTRAL);
	memset(&st, 0, sizeof st);
	if (c->plan.rel[r].cpu != -1)
		report_set_num(t, row, CSV_PARTNER, c->plan.rel[r].cpu, NULL, REPORT_NEUTRAL);
	if (c->plan.rel[r].cpu == -1) {
		st.flags = REPORT_NA;
		st.why = (char *)c->plan.rel[r].reason;
	} else if (cell->state == CHECK_FAILED) {
		st.flags = REPORT_FAILED;
		st.why = (char *)cell->error;
	} else if (cell->state == CHECK_DONE && cell->disturbed) {
		st.flags = REPORT_DISTURBED;
		check_disturbed_why(cell, why, sizeof why);
		st.why = why;
	}
	if (cell->state == CHECK_DONE) {
		report_set_num(t, row, CSV_SPREAD, cell->spread, NULL, REPORT_LOWER);
		strbuf_init(&who);
		for (i = 0; i < cell->nwho; i++)
			strbuf_printf(&who, "%s%d:%s:%d:%.3f", i ? ";" : "",
			    (int)cell->who[i].pid, cell->who[i].comm, cell->who[i].cpu,
			    cell->who[i].share);
		report_set_text(t, row, CSV_FOREIGN, "%s", who.s != NULL ? who.s : "");
		strbuf_free(&who);
	}
	if (cell->state == CHECK_NOT_RUN && st.flags == 0)
		report_set_text(t, row, CSV_STATUS, "not measured");
	else {
		report_status(&st, buf, sizeof buf);
		report_set_text(t, row, CSV_STATUS, "%s", buf);
	}
	return row;
}

/* One throughput row and relation: rates in their units, speeds, yield, share. */
static void
check_csv_cell(const struct check *c, struct report_table *t,
    const struct check_row *rw, int r)
{
	const struct check_cell	*cell = &rw->cell[r];
	double			 sa, sb, yield, share, solo_a, solo_b, solo_share;
	int			 row = check_csv_row(c, t, rw->name, r, cell);

	report_set_text(t, row, CSV_UNIT, "%s", rw->a.k->unit);
	report_set_text(t, row, CSV_UNIT_B, "%s", rw->b.k->unit);
	check_cell_solos(c, rw, r, &solo_a, &solo_b, &solo_share);
	if (c->plan.rel[r].cpu != -1)
		check_csv_rate(t, row, CSV_SOLO, rw->a.k, solo_a);
	if (c->plan.rel[r].cpu != -1)
		check_csv_rate(t, row, CSV_SOLO_B, rw->b.k, solo_b);
	if (cell->state != CHECK_DONE)
		return;
	check_cell_speeds(c, rw, r, &sa, &sb, &yield);
	share = cell->share_anchor;
	check_csv_rate(t, row, CSV_RATE_A, rw->a.k, cell->rate_anchor);
	check_csv_rate(t, row, CSV_RATE_B, rw->b.k, cell->rate_partner);
	report_set_num(t, row, CSV_SPEED_A, sa, NULL, REPORT_HIGHER);
	report_set_num(t, row, CSV_SPEED_B, sb, NULL, REPORT_HIGHER);
	report_set_num(t, row, CSV_YIELD, yield, NULL, REPORT_HIGHER);
	report_set_num(t, row, CSV_SHARE, share, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, CSV_EFFIC, analysis_efficiency(sa, share, solo_share), NULL,
	    REPORT_HIGHER);
}

/* One CSV row per kernel and relation; latency rows in the kernel's unit (us). */
void
check_report_csv(const struct check *c, FILE *f)
{
	struct report_table	*t = report_new(check_csv_cols, CSV_NCOLS);
	const struct check_lat	*lat;
	int			 i, r, row;

	for (i = 0; i < c->nrows; i++)
		for (r = 0; r < REL_COUNT; r++)
			check_csv_cell(c, t, &c->rows[i], r);
	for (i = 0; i < c->nlats; i++) {
		lat = &c->lats[i];
		for (r = 0; r < REL_COUNT; r++) {
			row = check_csv_row(c, t, lat->kern.text, r, &lat->cell[r]);
			report_set_text(t, row, CSV_UNIT, "%s", lat->kern.k->unit);
			if (lat->cell[r].state != CHECK_DONE)
				continue;
			check_csv_rate(t, row, CSV_RATE_A, lat->kern.k,
			    lat->cell[r].rate_anchor);
			report_set_num(t, row, CSV_SHARE, lat->cell[r].share_anchor, NULL,
			    REPORT_NEUTRAL);
		}
	}
	report_write_csv(t, f);
	report_free(t);
}
