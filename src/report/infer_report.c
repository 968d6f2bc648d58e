/* infer_report.c: `check --infer` as text (a verdict, then the pairs) and JSON. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exp/infer/infer.h"
#include "model/machine.h"
#include "report/report.h"
#include "base/util.h"
#include "report/reports.h"

/* "1 package, 1 NUMA node, 2 cores x 1 thread" from the model (smtstate.h). */
static void
infer_reported(const struct topo *m, char *buf, size_t len)
{
	smtstate_counts(&m->smt, buf, len);
}

/* The facts and the plan. */
void
infer_report_plan(const struct infer *inf, FILE *f)
{
	char	rep[2048], from[96];
	int	i;

	smtstate_headline(&inf->m->smt, rep, sizeof rep);
	fprintf(f, "Hidden siblings: what the pairs of logical CPUs behave like, measured.\n");
	fprintf(f, "Reported: %s%s%s.\n", rep, inf->hypervisor[0] != '\0' ?
	    "; under " : "", inf->hypervisor);
	smtstate_words(&inf->m->smt, rep, sizeof rep);
	fprintf(f, "Threads: %s\n", rep);
	fprintf(f, "Plan: %d pair%s (%s), %s and %s each alone and together, %d times, "
	    "windows up to %.2f s: at most about %.0f s.\n", inf->npairs,
	    inf->npairs == 1 ? "" : "s",
	    inf->explicit_pairs ? "as asked" : inf->c2c_source[0] != '\0' ? "from c2c and "
	    "the reported topology" : "from the reported topology", INFER_COMPUTE,
	    INFER_CONTRAST, inf->reps, inf->window_s, infer_estimate(inf));
	if (inf->c2c_dry)
		fprintf(f, "From c2c: %s, its pairs far below their class's round trip "
		    "first\n", inf->c2c_source);
	else if (inf->c2c_source[0] != '\0')
		fprintf(f, "From c2c: %d pair%s far below %s class's round trip, in %s\n",
		    inf->nc2c, inf->nc2c == 1 ? "" : "s", inf->nc2c == 1 ? "its" : "their",
		    inf->c2c_source);
	for (i = 0; i < inf->npairs; i++) {
		infer_origin_words(&inf->pairs[i], from, sizeof from);
		fprintf(f, "  CPUs %d and %d: reported %s; %s\n", inf->pairs[i].a,
		    inf->pairs[i].b, topo_rel_name(inf->pairs[i].reported), from);
	}
}

/* The round trip of a pair in words: "41 ns" or "n/a". */
static const char *
infer_rtt_text(const struct infer_pair *p, char *buf, size_t len)
{
	if (!isfinite(p->fig.rtt_ns))
		return "n/a";
	snprintf(buf, len, "%.0f ns", p->fig.rtt_ns);
	return buf;
}

/* The verdict: one line per pair, measured beside reported. */
static void
infer_verdict(const struct infer *inf, FILE *f)
{
	const struct infer_pair	*p;
	char			 rep[256], rtt[32];
	int			 i, agree;

	infer_reported(inf->m, rep, sizeof rep);
	fprintf(f, "\nVerdict (reported: %s):\n", rep);
	for (i = 0; i < inf->npairs; i++) {
		p = &inf->pairs[i];
		if (!p->measured) {
			fprintf(f, "  CPUs %d and %d: not measured%s%s\n", p->a, p->b,
			    p->error[0] != '\0' ? ": " : "", p->error);
			continue;
		}
		agree = infer_agrees(p->v.cls, p->reported);
		if (p->v.cls == INFER_UNCLEAR) {
			fprintf(f, "  CPUs %d and %d: unclear (int yield %.2f, chase %.2f, "
			    "round trip %s): %s\n", p->a, p->b, p->v.y[INFER_KIND_COMPUTE],
			    p->v.y[INFER_KIND_CONTRAST], infer_rtt_text(p, rtt, sizeof rtt),
			    p->v.why);
			continue;
		}
		fprintf(f, "  CPUs %d and %d behave as %s (int yield %.2f, chase %.2f, "
		    "round trip %s)%s%s\n", p->a, p->b, infer_class_name(p->v.cls),
		    p->v.y[INFER_KIND_COMPUTE], p->v.y[INFER_KIND_CONTRAST],
		    infer_rtt_text(p, rtt, sizeof rtt),
		    agree == 0 ? ": NOT what the topology reports, " : "",
		    agree == 0 ? topo_rel_name(p->reported) : "");
	}
	/* where each pair came from, when a c2c result gave some */
	for (i = 0; i < inf->npairs && inf->nc2c > 0; i++) {
		infer_origin_words(&inf->pairs[i], rep, sizeof rep);
		fprintf(f, "%s  %d:%d %s\n", i == 0 ? "Where the pairs came from:\n" : "",
		    inf->pairs[i].a, inf->pairs[i].b, rep);
	}
}

/*
 * The pair table, through the report layer. The call, clear or unclear,
 * opens the line under each pair, not a column of its own: so a row fits 80
 * columns with a pair of 127:255, other-package, cores-near, yields of
 * "1.52 ±2.1%" and a round trip of "1234 ns".
 */
static void
infer_table(const struct infer *inf, FILE *f)
{
	static const struct report_col cols[] = {
		{ "pair", "PAIR", 0, 0, 0, 0, FMT_DATA, 0 },
		{ "reported", "REPORTED", 0, 0, 0, 0, FMT_DATA, 0 },
		{ "measured", "MEASURED", 0, 0, 0, 0, FMT_DATA, 0 },
		{ "int_yield", "INT", 5, 1, 0, 0, FMT_FIXED, 2 },
		{ "chase_yield", "CHASE", 5, 1, 0, 0, FMT_FIXED, 2 },
		{ "ratio", "RATIO", 5, 1, 0, 0, FMT_FIXED, 2 },
		{ "share", "SHARE", 5, 1, 0, 0, FMT_PCT, 0 },
		{ "rtt_ns", "RTT", 6, 1, 0, 1, FMT_SIG3, 0 },
	};
	struct report_table	*t = report_new(cols, (int)(sizeof cols / sizeof cols[0]));
	const struct infer_pair	*p;
	int			 i, row;

	for (i = 0; i < inf->npairs; i++) {
		p = &inf->pairs[i];
		row = report_add_row(t);
		report_set_text(t, row, 0, "%d:%d", p->a, p->b);
		report_set_text(t, row, 1, "%s", topo_rel_name(p->reported));
		report_set_text(t, row, 2, "%s", p->measured ? infer_class_token(p->v.cls) :
		    "not run");
		if (p->measured) {
			report_set_num(t, row, 3, p->v.y[0], "", REPORT_NEUTRAL);
			report_set_spread(t, row, 3, p->v.ysp[0] / p->v.y[0]);
			report_set_num(t, row, 4, p->v.y[1], "", REPORT_NEUTRAL);
			report_set_spread(t, row, 4, p->v.ysp[1] / p->v.y[1]);
			report_set_num(t, row, 5, p->v.ratio, "", REPORT_NEUTRAL);
			report_set_num(t, row, 6, p->v.share, "", REPORT_NEUTRAL);
		}
		if (isfinite(p->fig.rtt_ns))
			report_set_num(t, row, 7, p->fig.rtt_ns, "ns", REPORT_LOWER);
		else
			report_set_flag(t, row, 7, REPORT_NA, "%s", inf->rtt_unavailable);
		if (p->measured)
			report_set_note(t, row, "%s: %s%s%s", p->v.clear ? "clear" :
			    "unclear", p->v.why, p->who[0] != '\0' ? "; others: " : "",
			    p->who);
	}
	fputc('\n', f);
	report_write_text(t, f);
	report_free(t);
}

/* The verdict, the pairs, how the calls are made. */
void
infer_report_text(const struct infer *inf, FILE *f)
{
	char	took[512];

	infer_verdict(inf, f);
	infer_table(inf, f);
	if (inf->rtt_unavailable[0] != '\0')
		fprintf(f, "Round trips: n/a: %s.\n", inf->rtt_unavailable);
	fprintf(f, "A yield is the work of both loads over their solos: 1 is one CPU "
	    "shared in time,\n2 two that share nothing. SMT siblings: int (ports) yields "
	    "well below chase\n(latency), RATIO near 0.5; separate cores: RATIO near 1. "
	    "Under each pair, its\ncall: clear only %.0f spreads (of %d repeats) from the "
	    "boundary; see smtscope(1).\n", INFER_SIGMAS, inf->reps);
	if (inf->hypervisor[0] != '\0')
		fprintf(f, "Under %s the host decides where these vCPUs run: this is what "
		    "they did now.\n", inf->hypervisor);
	eta_took(&inf->eta, took, sizeof took);
	fprintf(f, "The measurement %s.\n", took);
}

/* One pair as a JSON object; in a dry run, what was planned. */
static void
infer_json_pair(struct jsonw *w, const struct infer *inf, const struct infer_pair *p,
    int dry_run)
{
	const char	*kind;
	char		 key[96];
	int		 k, i;

	jsonw_object(w);
	jsonw_key_int(w, "a", p->a);
	jsonw_key_int(w, "b", p->b);
	jsonw_key_str(w, "reported", topo_rel_name(p->reported));
	jsonw_key_str(w, "origin", infer_origin_token(p->origin));
	infer_origin_words(p, key, sizeof key);
	jsonw_key_str(w, "origin_words", key);
	jsonw_key_num(w, "c2c_ns", p->c2c_ns);
	jsonw_key_num(w, "c2c_class_ns", p->c2c_class_ns);
	jsonw_key_str(w, "measured", p->measured ? infer_class_token(p->v.cls) : "not-run");
	jsonw_key_tristate(w, "agrees", p->measured ? infer_agrees(p->v.cls, p->reported) :
	    -1);
	jsonw_key_str(w, "confidence", p->v.clear ? "clear" : "unclear");
	jsonw_key_bool(w, "floating", p->v.floating);
	jsonw_key_bool(w, "disturbed", p->fig.disturbed);
	jsonw_key_str(w, "why", p->measured ? p->v.why : dry_run ? "a dry run: nothing "
	    "measured" : p->error);
	jsonw_key_object(w, "evidence");
	for (k = 0; k < INFER_KINDS; k++) {
		kind = k == INFER_KIND_COMPUTE ? "int" : "chase";
		snprintf(key, sizeof key, "%s_yield", kind);
		jsonw_key_num(w, key, p->measured ? p->v.y[k] : NAN);
		snprintf(key, sizeof key, "%s_spread", kind);
		jsonw_key_num(w, key, p->measured ? p->v.ysp[k] : NAN);
		snprintf(key, sizeof key, "%s_repeats", kind);
		jsonw_key_array(w, key);
		for (i = 0; i < p->fig.nreps; i++)
			jsonw_num(w, p->fig.yield[k][i]);
		jsonw_array_end(w);
	}
	jsonw_key_num(w, "ratio", p->measured ? p->v.ratio : NAN);
	jsonw_key_num(w, "share", p->measured ? p->v.share : NAN);
	jsonw_key_num_why(w, "rtt_ns", dry_run ? NAN : p->fig.rtt_ns, "rtt_unavailable",
	    dry_run ? "a dry run: nothing measured" : inf->rtt_unavailable);
	jsonw_object_end(w);
	jsonw_key_str(w, "others", p->who);
	jsonw_object_end(w);
}

/* The whole run as one JSON object; a dry run's is the plan, nothing measured. */
void
infer_report_json(const struct infer *inf, int dry_run, FILE *f)
{
	struct machine	mc;
	struct strbuf	sb;
	struct jsonw	w;
	char		rep[128], took[512];
	int		i;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	infer_reported(inf->m, rep, sizeof rep);
	machine_fill(&mc, inf->m, NULL, NULL);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "check-infer");
	machine_json(&mc, &w);
	jsonw_key_object(&w, "infer");
	jsonw_key_bool(&w, "dry_run", dry_run);
	jsonw_key_str(&w, "reported", rep);
	jsonw_key_str(&w, "hypervisor", inf->hypervisor);
	jsonw_key_text(&w, "c2c_file", inf->c2c_file);
	jsonw_key_text(&w, "c2c_source", inf->c2c_source);
	jsonw_key_int(&w, "c2c_pairs", inf->nc2c);
	jsonw_key_str(&w, "compute", INFER_COMPUTE);
	jsonw_key_str(&w, "contrast", INFER_CONTRAST);
	jsonw_key_int(&w, "repeats", inf->reps);
	jsonw_key_num(&w, "sigmas", INFER_SIGMAS);
	jsonw_key_num(&w, "window_s", inf->window_s);
	jsonw_key_num(&w, "estimate_s", infer_estimate(inf));
	jsonw_key_num(&w, "took_s", dry_run ? NAN : inf->elapsed_s);
	/* The older name, kept so scripts that read it do not break. */
	jsonw_key_num(&w, "elapsed_s", dry_run ? NAN : inf->elapsed_s);
	eta_took(&inf->eta, took, sizeof took);
	jsonw_key_text(&w, "took", dry_run ? "" : took);
	jsonw_key_array(&w, "pairs");
	for (i = 0; i < inf->npairs; i++)
		infer_json_pair(&w, inf, &inf->pairs[i], dry_run);
	jsonw_array_end(&w);
	jsonw_object_end(&w);
	jsonw_end_report(&w, f);
}
