/* tour_report.c: a tour's steps as the headless host prints them, and its summary as text, JSON and SVG. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/capacity.h"
#include "engine/split.h"
#include "engine/analysis.h"
#include "engine/kernels/kernel.h"
#include "sample/foreign.h"
#include "engine/measure.h"
#include "model/machine.h"
#include "base/safefile.h"
#include "report/svg.h"
#include "model/topo.h"
#include "report/reports.h"
#include "base/util.h"

/* A rate in the kernel's unit, or "-". */
static void
tour_fmt_value(char *buf, size_t len, const struct kernel *k, double rate)
{
	double	v;

	if (k == NULL || !isfinite(rate) || rate <= 0) {
		snprintf(buf, len, "-");
		return;
	}
	v = kernel_display(k, rate);
	snprintf(buf, len, "%.*f %s", v < 10 ? 3 : 1, v, k->unit);
}

/* Put "~" before a figure others disturbed; returns buf. */
static char *
tour_marked(char *buf, size_t len, int disturbed)
{
	size_t	n = strlen(buf);

	if (disturbed && strcmp(buf, "-") != 0 && n + 2 <= len) {
		memmove(buf + 1, buf, n + 1);
		buf[0] = '~';
	}
	return buf;
}

/* A ratio as a percentage, or "-". */
static void
tour_fmt_pct(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.0f%%", v * 100);
}

/*
 * A load's speed: a percentage, or for a latency load (a pipe's round trip,
 * a fork) its time against alone ("time 1.35x": 35% longer).
 */
static void
tour_fmt_speed(char *buf, size_t len, const struct kernel *k, double speed)
{
	if (k != NULL && !kernel_cpu_bound(k) && isfinite(speed) && speed > 0)
		snprintf(buf, len, "time %.2fx", 1 / speed);
	else
		tour_fmt_pct(buf, len, speed);
}

/* A load's speed with its mark: "~64%", "time 1.35x", or "?" when it is unknown. */
static char *
tour_fmt_marked_speed(char *buf, size_t len, const struct tour_load_result *l)
{
	if (l->mark == ANALYSIS_UNKNOWN && isfinite(l->speed)) {
		snprintf(buf, len, "?");
		return buf;
	}
	tour_fmt_speed(buf, len, l->k, l->speed);
	return tour_marked(buf, len, l->mark == ANALYSIS_MARKED);
}

/* Does a step run only latency loads (whose speeds do not add up to a yield)? */
static int
tour_latency(const struct tour_step_result *r)
{
	int	i;

	for (i = 0; i < r->nloads; i++)
		if (r->loads[i].k == NULL || kernel_cpu_bound(r->loads[i].k))
			return 0;
	return r->nloads > 0;
}

/* Who disturbed a figure: "smtscope-hog (4242) 48% of CPU 1", or why none is named. */
static void
tour_fmt_who(char *buf, size_t len, const struct tour_foreign *tf)
{
	measure_foreign_text(tf->who, tf->n, buf, len);
	if (buf[0] == '\0')
		snprintf(buf, len, "no single process named");
}

/* Was load j of step i's disturbed solo (its placement) warned about at an earlier load? */
static int
tour_solo_said(const struct tour_player *p, int i, int j)
{
	const struct tour_step_result	*r, *ri = tour_player_result(p, i);
	int				 a, b;

	for (a = 0; a <= i; a++) {
		r = tour_player_result(p, a);
		for (b = 0; r->measured && b < r->nloads && (a < i || b < j); b++)
			if (r->loads[b].solo_disturbed &&
			    strcmp(r->loads[b].spec, ri->loads[j].spec) == 0)
				return 1;
	}
	return 0;
}

/*
 * The steps that load j of step i's solo (its placement) serves, from step i
 * on: "step 1" or "steps 1, 3 and 4".
 */
static void
tour_solo_steps(const struct tour_player *p, int i, int j, char *buf, size_t len)
{
	const struct tour		*t = tour_player_tour(p);
	const struct tour_step_result	*r, *ri = tour_player_result(p, i);
	int				 steps[64], n = 0, a, b, k;
	size_t				 used;

	for (a = i; a < t->nsteps && n < (int)(sizeof steps / sizeof steps[0]); a++) {
		r = tour_player_result(p, a);
		for (b = 0; r->measured && b < r->nloads; b++)
			if (strcmp(r->loads[b].spec, ri->loads[j].spec) == 0) {
				steps[n++] = a + 1;
				break;
			}
	}
	used = (size_t)snprintf(buf, len, "step%s", n > 1 ? "s" : "");
	for (k = 0; k < n && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d", k == 0 ? " " :
		    k + 1 == n ? " and " : ", ", steps[k]);
}

/* One warning line per disturbed figure of the tour, naming the foreign processes. */
static void
tour_report_warnings(const struct tour_player *p, FILE *f)
{
	const struct tour		*t = tour_player_tour(p);
	const struct tour_step_result	*r;
	const struct tour_load_result	*l;
	char				 who[400], steps[300];
	int				 i, j, n = 0;

	for (i = 0; i < t->nsteps; i++) {
		r = tour_player_result(p, i);
		for (j = 0; r->measured && j < r->nloads; j++) {
			l = &r->loads[j];
			/* One solo serves every step with its placement: said once. */
			if (l->solo_disturbed && !tour_solo_said(p, i, j)) {
				if (n++ == 0)
					fprintf(f, "\nWarnings (~: a figure other work "
					    "disturbed):\n");
				tour_fmt_who(who, sizeof who, &l->solo_foreign);
				/* Said once, with every step it serves (1, 3 and 4). */
				tour_solo_steps(p, i, j, steps, sizeof steps);
				fprintf(f, "  ! %s, %s solo (%s): others used %.2f CPU on "
				    "its core: %s\n", steps, l->name, l->spec,
				    l->solo_foreign.cpus, who);
			}
			if (l->disturbed) {
				if (n++ == 0)
					fprintf(f, "\nWarnings (~: a figure other work "
					    "disturbed):\n");
				tour_fmt_who(who, sizeof who, &l->foreign);
				fprintf(f, "  ! step %d, %s (%s): others used %.2f CPU on its "
				    "core: %s\n", i + 1, l->name, l->spec, l->foreign.cpus, who);
			}
			if (l->mark == ANALYSIS_UNKNOWN) {
				if (n++ == 0)
					fprintf(f, "\nWarnings (~: a figure other work "
					    "disturbed):\n");
				fprintf(f, "  ? step %d, %s (%s): %s\n", i + 1, l->name, l->spec,
				    l->mark_why);
			}
		}
	}
}

/* The width the summary's RATE and SOLO columns need (at least 14). */
static int
tour_summary_width(const struct tour_player *p)
{
	const struct tour_step_result	*r;
	const struct tour_load_result	*l;
	char				 buf[40];
	int				 i, j, w = 14, n;

	for (i = 0; i < tour_player_tour(p)->nsteps; i++) {
		r = tour_player_result(p, i);
		for (j = 0; r->measured && j < r->nloads; j++) {
			l = &r->loads[j];
			tour_fmt_value(buf, sizeof buf, l->k, l->rate);
			n = (int)strlen(buf) + 1;
			tour_fmt_value(buf, sizeof buf, l->k, l->solo);
			if ((int)strlen(buf) + 1 > n)
				n = (int)strlen(buf) + 1;
			if (n > w)
				w = n;
		}
	}
	return w;
}

/* One load's line of the summary. */
static void
tour_summary_load(FILE *f, const struct tour_load_result *l, int w)
{
	char	rate[40], solo[40], speed[24];

	tour_fmt_value(rate, sizeof rate, l->k, l->rate);
	tour_fmt_value(solo, sizeof solo, l->k, l->solo);
	fprintf(f, "    %-6s %-14s %*s %*s %11s\n", l->name, l->spec, w,
	    l->paused ? "paused" : tour_marked(rate, sizeof rate, l->disturbed), w,
	    tour_marked(solo, sizeof solo, l->solo_disturbed),
	    tour_fmt_marked_speed(speed, sizeof speed, l));
}

/* Print the summary table: a line per step, then a line per load. */
void
tour_report_summary(const struct tour_player *p, FILE *f)
{
	const struct tour		*t = tour_player_tour(p);
	const struct tour_step_result	*r;
	char				 yield[16];
	int				 i, j, w = tour_summary_width(p), latency = 0;

	fprintf(f, "Summary: %s (%s)\n", t->title, t->name);
	fprintf(f, "Speed: each load's rate against the same load alone on the same "
	    "CPU, measured\nin this run with the others paused. Yield: the sum of "
	    "the speeds, the work done\ncounted in loads running alone.\n\n");
	fprintf(f, "%-4s%-7s%-14s %*s %*s %11s %6s\n", "#", "LOAD", "WHERE", w, "RATE",
	    w, "SOLO", "SPEED", "YIELD");
	for (i = 0; i < t->nsteps; i++) {
		r = tour_player_result(p, i);
		yield[0] = '\0';
		if (r->measured && isfinite(r->yield) && !tour_latency(r) && r->yield_unknown)
			snprintf(yield, sizeof yield, "?");
		else if (r->measured && isfinite(r->yield) && !tour_latency(r))
			snprintf(yield, sizeof yield, "%.2f", r->yield);
		latency |= r->measured && tour_latency(r);
		if (yield[0] != '\0')
			fprintf(f, "%-3d %-*.*s %6s\n", i + 1, 2 * w + 34, 2 * w + 34,
			    t->steps[i].title, yield);
		else
			fprintf(f, "%-3d %.*s\n", i + 1, 2 * w + 34, t->steps[i].title);
		if (!r->ran) {
			fprintf(f, "    not shown\n");
			continue;
		}
		for (j = 0; r->measured && j < r->nloads; j++)
			tour_summary_load(f, &r->loads[j], w);
		if (r->note[0] != '\0')
			fprintf(f, "    %s\n", r->note);
		else if (!r->measured && !r->skipped)
			fprintf(f, "    not measured (advanced before the end of its "
			    "window)\n");
		else if (r->nloads == 0)
			fprintf(f, "    no load running\n");
	}
	if (latency)
		fprintf(f, "\nLatency loads (pipe, fork): SPEED is the time of a round trip "
		    "or a fork\nagainst alone (time 1.35x: 35%% longer); no yield.\n");
	tour_report_warnings(p, f);
}

/* A rate in the kernel's unit for JSON, or null. */
static void
tour_json_value(struct jsonw *w, const char *key, const struct kernel *k, double rate)
{
	jsonw_key_num(w, key, k == NULL || !isfinite(rate) || rate <= 0 ? NAN :
	    kernel_display(k, rate));
}

/* A list of foreign processes: "key":[{"pid","comm","cpu","share"}]. */
static void
tour_json_who(struct jsonw *w, const char *key, const struct tour_foreign *tf)
{
	int	i;

	jsonw_key_array(w, key);
	for (i = 0; i < tf->n; i++) {
		jsonw_object(w);
		jsonw_key_int(w, "pid", tf->who[i].pid);
		jsonw_key_str(w, "comm", tf->who[i].comm);
		jsonw_key_int(w, "cpu", tf->who[i].cpu);
		jsonw_key_num(w, "share", round(tf->who[i].share * 1000) / 1000);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* A load's object: what and where, its figures, a mark per figure, spreads and guard flags. */
static void
tour_json_load(struct jsonw *w, const struct tour_load_result *l)
{
	struct split	sp;

	jsonw_object(w);
	jsonw_key_str(w, "name", l->name);
	jsonw_key_str(w, "spec", l->spec);
	jsonw_key_str(w, "kernel", l->k != NULL ? l->k->name : NULL);
	jsonw_key_array(w, "cpus");
	jsonw_int(w, l->cpu);
	if (l->cpu_b != -1)
		jsonw_int(w, l->cpu_b);
	jsonw_array_end(w);
	jsonw_key_str(w, "unit", l->k != NULL ? l->k->unit : NULL);
	jsonw_key_bool(w, "paused", l->paused);
	tour_json_value(w, "rate", l->k, l->rate);
	tour_json_value(w, "solo", l->k, l->solo);
	jsonw_key_num(w, "speed", l->mark == ANALYSIS_UNKNOWN ? NAN : l->speed);
	jsonw_key_str(w, "speed_mark", l->mark == ANALYSIS_CLEAN || !isfinite(l->speed) ?
	    NULL : analysis_mark_text(l->mark));
	jsonw_key_str(w, "speed_unknown", l->mark == ANALYSIS_UNKNOWN && isfinite(l->speed) ?
	    l->mark_why : NULL);
	/*
	 * SPEED = SHARE x CAPACITY x INTERACTION, the keys run's: a tour
	 * measures no CPU share nor capacity, both null; without a share the
	 * interaction is unknown too (split_compute() would give it the whole
	 * speed).
	 */
	split_compute(l->mark == ANALYSIS_UNKNOWN ? NAN : l->speed, 1.0, NAN, NAN, NAN, &sp);
	jsonw_key_num(w, "split_share", sp.share);
	jsonw_key_num(w, "split_capacity", sp.capacity);
	jsonw_key_num(w, "split_interaction", isfinite(sp.share) ? sp.interaction : NAN);
	jsonw_key_num(w, "spread", l->spread);
	jsonw_key_bool(w, "disturbed", l->disturbed);
	tour_json_who(w, "foreign", &l->foreign);
	jsonw_key_num(w, "solo_spread", l->solo_spread);
	jsonw_key_int(w, "solo_tries", l->solo_tries);
	jsonw_key_bool(w, "solo_disturbed", l->solo_disturbed);
	tour_json_who(w, "solo_foreign", &l->solo_foreign);
	jsonw_key(w, "baseline");
	capacity_json(isfinite(l->base.rate) ? &l->base : NULL, l->k, l->base_t0_ns,
	    l->base_reused, w);
	jsonw_object_end(w);
}

/* The summary's members, in the object open in w. */
void
tour_report_summary_json(const struct tour_player *p, struct jsonw *w)
{
	const struct tour		*t = tour_player_tour(p);
	const struct tour_step_result	*r;
	int				 i, j;

	jsonw_key_str(w, "tour", t->name);
	jsonw_key_str(w, "title", t->title);
	jsonw_key_str(w, "path", t->path);
	jsonw_key_str(w, "solo_method", "each placement alone on this machine in this run, "
	    "the other loads paused");
	jsonw_key_array(w, "steps");
	for (i = 0; i < t->nsteps; i++) {
		r = tour_player_result(p, i);
		jsonw_object(w);
		jsonw_key_int(w, "step", i + 1);
		jsonw_key_str(w, "title", t->steps[i].title);
		/* A skipped step was shown (its caption) but ran no load. */
		jsonw_key_bool(w, "shown", r->ran);
		jsonw_key_bool(w, "ran", r->ran && !r->skipped);
		jsonw_key_bool(w, "skipped", r->skipped);
		jsonw_key_bool(w, "measured", r->measured);
		jsonw_key_bool(w, "partial", r->partial);
		jsonw_key_text(w, "note", r->note);
		jsonw_key_num(w, "yield", r->measured && !r->yield_unknown ? r->yield : NAN);
		jsonw_key_bool(w, "yield_unknown", r->measured && r->yield_unknown);
		jsonw_key_array(w, "loads");
		for (j = 0; j < r->nloads; j++)
			tour_json_load(w, &r->loads[j]);
		jsonw_array_end(w);
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* Print a caption wrapped at 76 columns, indented. */
static void
tour_report_caption(FILE *f, const char *caption)
{
	const char	*p = caption, *w;
	size_t		 col = 0, len;

	while (*p != '\0') {
		if (*p == '\n') {
			fputs(col > 0 ? "\n\n" : "\n", f);
			col = 0;
			p++;
			continue;
		}
		if (*p == ' ') {
			p++;
			continue;
		}
		for (w = p; *w != '\0' && *w != ' ' && *w != '\n'; w++)
			;
		len = (size_t)(w - p);
		if (col > 0 && col + 1 + len > 76) {
			fputc('\n', f);
			col = 0;
		}
		fprintf(f, "%s%.*s", col == 0 ? "    " : " ", (int)len, p);
		col += (col == 0 ? 4 : 1) + len;
		p = w;
	}
	if (col > 0)
		fputc('\n', f);
}

/* Print what the player reports, as it happens, for the headless host. */
void
tour_report_event(FILE *out, enum tour_event ev, const struct tour_player *p)
{
	const struct tour_step_result	*r;
	const struct tour_load_result	*l;
	char				 rate[40], solo[40], speed[24];
	int				 i, k = tour_player_step(p);

	switch (ev) {
	case TOUR_EV_STEP:
		fprintf(out, "\n== Step %d/%d: %s\n", k + 1,
		    tour_player_tour(p)->nsteps, tour_player_title(p));
		tour_report_caption(out, tour_player_caption(p));
		if (tour_player_note(p) != NULL)
			fprintf(out, "    %s\n", tour_player_note(p));
		break;
	case TOUR_EV_SOLO:
		fprintf(out, "    (%s)\n", tour_player_status(p));
		break;
	case TOUR_EV_FAILED:
		fprintf(out, "    %s\n", tour_player_note(p));
		break;
	case TOUR_EV_MEASURED:
		r = tour_player_result(p, k);
		for (i = 0; i < r->nloads; i++) {
			l = &r->loads[i];
			tour_fmt_value(rate, sizeof rate, l->k, l->rate);
			tour_fmt_value(solo, sizeof solo, l->k, l->solo);
			tour_fmt_marked_speed(speed, sizeof speed, l);
			tour_marked(rate, sizeof rate, l->disturbed);
			tour_marked(solo, sizeof solo, l->solo_disturbed);
			if (l->paused)
				fprintf(out, "    %-5s %-12s paused\n", l->name, l->spec);
			else
				fprintf(out, "    %-5s %-12s %14s   solo %14s   %s%s\n",
				    l->name, l->spec, rate, solo, strncmp(speed, "time", 4) != 0 ?
				    "speed " : "", speed);
		}
		if (tour_latency(r))
			fprintf(out, "    no yield: latency loads (time against alone)\n");
		else if (isfinite(r->yield) && r->yield_unknown)
			fprintf(out, "    yield ?: a speed in it is unknown\n");
		else if (isfinite(r->yield))
			fprintf(out, "    yield %.2f (the work of %.2f loads running "
			    "alone)\n", r->yield, r->yield);
		break;
	case TOUR_EV_DONE:
		break;
	}
	fflush(out);
}

/*
 * The summary as one JSON object: "kind" and "machine" first, then the
 * summary's members. A tour runs its loads on this machine, so it is the
 * one described (no "machine" when its topology cannot be read now).
 */
static void
tour_report_json(const struct tour_player *p, struct strbuf *sb)
{
	struct machine	 mc;
	struct topo	*m;
	struct jsonw	 w;
	char		 err[512];

	jsonw_init(&w, sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "tour");
	if ((m = topo_load_live(err, sizeof err)) != NULL) {
		machine_fill(&mc, m, NULL, NULL);
		topo_free(m);
		machine_json(&mc, &w);
	}
	tour_report_summary_json(p, &w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	strbuf_puts(sb, "\n");
}

/* Write the JSON summary to a file; -1 with a message on stderr. */
int
tour_report_record(const struct tour_player *p, const char *path)
{
	struct strbuf	 sb;
	struct safefile	 sf;
	char		 err[4400];
	int		 rc;

	strbuf_init(&sb);
	tour_report_json(p, &sb);
	if ((rc = safefile_open(&sf, path, SAFEFILE_REPLACE, err, sizeof err)) == 0) {
		fputs(sb.s, sf.f);
		rc = safefile_close(&sf, 1, err, sizeof err);
	}
	if (rc == -1)
		fprintf(stderr, "smtscope: tour: %s\n", err);
	strbuf_free(&sb);
	return rc;
}

/* A step's bars for the SVG summary: each load's speed (or time), then the yield. */
static int
tour_report_svg_step(const struct tour_player *p, int i, struct svg_bar *b, int max)
{
	const struct tour_step_result	*r = tour_player_result(p, i);
	const struct tour_load_result	*l;
	int				 j, n = 0, lat = tour_latency(r);

	memset(b, 0, sizeof *b);
	snprintf(b->group, sizeof b->group, "%d. %s", i + 1, tour_player_tour(p)->steps[i].title);
	for (j = 0; r->measured && j < r->nloads && n < max - 1; j++) {
		l = &r->loads[j];
		if (n > 0)
			memset(&b[n], 0, sizeof b[n]);
		snprintf(b[n].label, sizeof b[n].label, "%s %s", l->name, l->spec);
		if (l->k != NULL && !kernel_cpu_bound(l->k) && isfinite(l->speed) &&
		    l->speed > 0) {
			b[n].value = 1 / l->speed;
			b[n].kind = 2;
		} else
			b[n].value = l->paused ? NAN : l->speed;
		/* An unknown speed draws no bar: its text says ? and the warnings why. */
		if (l->mark == ANALYSIS_UNKNOWN)
			b[n].value = NAN;
		tour_fmt_marked_speed(b[n].text, sizeof b[n].text, l);
		if (l->paused)
			snprintf(b[n].text, sizeof b[n].text, "paused");
		n++;
	}
	if (r->measured && !lat && isfinite(r->yield) && n < max) {
		memset(&b[n], 0, sizeof b[n]);
		snprintf(b[n].label, sizeof b[n].label, "yield");
		b[n].value = r->yield_unknown ? NAN : r->yield;
		b[n].kind = 1;
		if (r->yield_unknown)
			snprintf(b[n].text, sizeof b[n].text, "? (a speed in it is unknown)");
		else
			snprintf(b[n].text, sizeof b[n].text, "%.2f loads' work", r->yield);
		n++;
	}
	if (n == 0) {
		b->value = NAN;
		snprintf(b->text, sizeof b->text, "%.190s", r->note[0] != '\0' ? r->note :
		    !r->ran ? "not shown" : "not measured");
		n = 1;
	} else if (r->note[0] != '\0' && n < max) {
		memset(&b[n], 0, sizeof b[n]);
		b[n].value = NAN;
		snprintf(b[n].text, sizeof b[n].text, "%.190s", r->note);
		n++;
	}
	return n;
}

/* Write the summary as an SVG bar chart of speeds and yields per step; -1 on error. */
int
tour_report_svg(const struct tour_player *p, const char *path)
{
	const struct tour	*t = tour_player_tour(p);
	struct svg_bar		*b;
	struct safefile		 sf;
	char			 title[300], err[4400];
	int			 i, n = 0, rc;

	b = xcalloc((size_t)t->nsteps * (TOUR_LOADS_MAX + 2), sizeof *b);
	for (i = 0; i < t->nsteps; i++)
		n += tour_report_svg_step(p, i, b + n, TOUR_LOADS_MAX + 2);
	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, sizeof err) == -1) {
		fprintf(stderr, "smtscope: tour: %s\n", err);
		free(b);
		return -1;
	}
	snprintf(title, sizeof title, "%s (%s)", t->title, t->name);
	svg_bars(sf.f, title, "Speed: each load's rate against the same load alone on "
	    "its CPU, this run. Yield: the sum of the speeds. Latency loads: time "
	    "against alone.", b, n, 1.0);
	/* safefile_close() checks the stream's errors too. */
	if ((rc = safefile_close(&sf, 1, err, sizeof err)) == -1)
		fprintf(stderr, "smtscope: tour: %s\n", err);
	free(b);
	return rc;
}
