/* countersview.c: the screen's counters and sensors, read per refresh, as text for draw.c. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loads.h"
#include "sample/perf.h"
#include "sample/sensors.h"
#include "engine/solo.h"
#include "ui/countersview.h"
#include "base/util.h"

/* Column widths of the loads panel: IPC, GHz, MPKI, each with a space before. */
#define CV_COL_W	6

/* One load's counters as the screen keeps them. */
struct cv_load {
	int			id;
	struct perf_window	now;		/* over the last refresh */
	struct perf_window	solo;		/* while its solo was measured */
	struct load_sample	solo_start;
	int			measuring;
	int			seen;		/* still a load at the last tick */
};

struct countersview {
	const struct perf_caps	*caps;		/* NULL until the first load */
	struct sensors		*sn;
	struct cv_load		*v;
	int			 n;
	int			 cap;
};

/* A load's entry, made on first use. */
static struct cv_load *
countersview_entry(struct countersview *cv, int id)
{
	struct cv_load	*e;
	int		 i;

	for (i = 0; i < cv->n; i++)
		if (cv->v[i].id == id)
			return &cv->v[i];
	if (cv->n == cv->cap) {
		cv->cap = cv->cap ? cv->cap * 2 : 16;
		cv->v = xreallocarray(cv->v, (size_t)cv->cap, sizeof *cv->v);
	}
	e = &cv->v[cv->n++];
	memset(e, 0, sizeof *e);
	e->id = id;
	perf_window_clear(&e->now);
	perf_window_clear(&e->solo);
	return e;
}

/* A load's entry, or NULL. */
static const struct cv_load *
countersview_find(const struct countersview *cv, int id)
{
	int	i;

	if (cv == NULL)
		return NULL;
	for (i = 0; i < cv->n; i++)
		if (cv->v[i].id == id)
			return &cv->v[i];
	return NULL;
}

/* One load's figures over the last refresh, and over its solo while it runs alone. */
static void
countersview_load_tick(const struct ui_host *h, struct cv_load *e, const struct load *l)
{
	int	alone = h->solo != NULL && solo_current(h->solo) == l->id;

	e->seen = 1;
	if (l->state != LOAD_RUNNING || l->cur.t_ns <= l->prev.t_ns) {
		perf_window_clear(&e->now);
		return;
	}
	perf_window(&l->prev.perf, &l->cur.perf, l->cur.t_ns - l->prev.t_ns, &e->now);
	if (alone && !e->measuring) {
		e->measuring = 1;
		e->solo_start = l->cur;
	} else if (alone)
		perf_window(&e->solo_start.perf, &l->cur.perf,
		    l->cur.t_ns - e->solo_start.t_ns, &e->solo);
	else
		e->measuring = 0;
}

/* Read the loads' counters (sampled by figures) and the sensors, once per refresh. */
void
countersview_tick(struct countersview **cvp, const struct ui_host *h)
{
	struct countersview	*cv;
	struct load		*l;
	int			 i, k;

	if (h->view_only || h->loads == NULL)
		return;
	if ((cv = *cvp) == NULL) {
		cv = *cvp = xcalloc(1, sizeof *cv);
		cv->sn = sensors_new(NULL);
	}
	/*
	 * The probe waits for the first load: a machine's first perf event
	 * costs the kernel milliseconds, which the first frame need not pay.
	 */
	if (cv->caps == NULL && loads_count(h->loads) > 0)
		cv->caps = perf_probe();
	sensors_read(cv->sn, util_now_ns());
	for (i = 0; i < cv->n; i++)
		cv->v[i].seen = 0;
	for (i = 0; i < loads_count(h->loads); i++) {
		l = loads_at(h->loads, i);
		countersview_load_tick(h, countersview_entry(cv, l->id), l);
	}
	for (i = k = 0; i < cv->n; i++)
		if (cv->v[i].seen)
			cv->v[k++] = cv->v[i];
	cv->n = k;
}

/* Release it. */
void
countersview_free(struct countersview **cvp)
{
	struct countersview	*cv = *cvp;

	if (cv == NULL)
		return;
	sensors_free(cv->sn);
	free(cv->v);
	free(cv);
	*cvp = NULL;
}

/* Whether the loads panel has counter columns. */
int
countersview_columns(const struct countersview *cv)
{
	return cv != NULL && cv->caps != NULL && cv->caps->hw;
}

/* The counter columns' title. */
int
countersview_title(const struct countersview *cv, int wide, char *buf, size_t len)
{
	if (!countersview_columns(cv))
		return 0;
	snprintf(buf, len, "%*s%*s%*s", CV_COL_W, "IPC", CV_COL_W, "GHz",
	    wide ? CV_COL_W : 0, wide ? "MPKI" : "");
	return 1;
}

/* One figure in its column, blank when not counted (never a zero for nothing). */
static void
countersview_col(char *buf, size_t len, double v, int prec)
{
	size_t	used = strlen(buf);

	if (used + CV_COL_W >= len)
		return;
	if (isfinite(v))
		snprintf(buf + used, len - used, "%*.*f", CV_COL_W, prec, v);
	else
		snprintf(buf + used, len - used, "%*s", CV_COL_W, "");
}

/* A load's figures in the counter columns. */
int
countersview_load(const struct countersview *cv, int id, int wide, char *buf, size_t len)
{
	const struct cv_load	*e = countersview_find(cv, id);

	if (len == 0 || !countersview_columns(cv))
		return 0;
	buf[0] = '\0';
	countersview_col(buf, len, e != NULL ? e->now.ipc : NAN, 2);
	countersview_col(buf, len, e != NULL ? e->now.ghz : NAN, 2);
	if (wide)
		countersview_col(buf, len, e != NULL ? e->now.llc_mpki : NAN, 1);
	return 1;
}

/* A CPU's clock, where known. */
int
countersview_cpu(const struct countersview *cv, int os, char *buf, size_t len)
{
	const struct sensors	*sn;

	if (len == 0)
		return 0;
	buf[0] = '\0';
	if (cv == NULL || os < 0 || os >= (sn = cv->sn)->ncpu ||
	    !isfinite(sn->cpu[os].mhz))
		return 0;
	snprintf(buf, len, "%4.0fMHz", sn->cpu[os].mhz);
	return 1;
}

/* A CPU's clock in MHz, where known. */
double
countersview_mhz(const struct countersview *cv, int os)
{
	if (cv == NULL || cv->sn == NULL || os < 0 || os >= cv->sn->ncpu)
		return NAN;
	return cv->sn->cpu[os].mhz;
}

/* Append text after a separator ("; " or sep). */
static void
countersview_add(char *buf, size_t len, const char *sep, const char *text)
{
	size_t	used = strlen(buf);

	if (used + strlen(sep) + 1 < len)
		snprintf(buf + used, len - used, "%s%s", used ? sep : "", text);
}

/* The counters' reason, short: "IPC n/a: the hypervisor hides the PMU". */
static void
countersview_counters_why(const struct countersview *cv, char *buf, size_t len)
{
	static const char	 prefix[] = "no hardware counters: ";
	const char		*why;

	if (cv->caps == NULL || cv->caps->hw)
		return;
	why = cv->caps->hw_why;
	if (strncmp(why, prefix, sizeof prefix - 1) == 0)
		snprintf(buf, len, "IPC n/a: %s", why + sizeof prefix - 1);
	else
		snprintf(buf, len, "%s", why);
}

/*
 * The header's figures, and once each reason for what is not there: form 0
 * says why in words, form 1 names what is missing ("IPC n/a; no cpufreq,
 * hwmon"), form 2 only the figures (the reasons are in the help), form 3
 * only the reasons in words (for the info line).
 */
int
countersview_header_form(const struct countersview *cv, int form, char *buf, size_t len)
{
	char				 part[PERF_WHY_MAX], none[64];
	double				 t, w;

	if (len == 0 || cv == NULL)
		return 0;
	buf[0] = none[0] = '\0';
	t = sensors_temp(cv->sn);
	w = sensors_watts(cv->sn);
	if (isfinite(t) && form != 3) {
		snprintf(part, sizeof part, "%.0f C", t);
		countersview_add(buf, len, " ", part);
	}
	if (isfinite(w) && form != 3) {
		snprintf(part, sizeof part, "%.1f W", w);
		countersview_add(buf, len, " ", part);
	}
	if (form == 2)
		return buf[0] != '\0';
	part[0] = '\0';
	countersview_counters_why(cv, part, sizeof part);
	if (part[0] != '\0')
		countersview_add(buf, len, "; ", form != 1 ? part : "IPC n/a");
	if (cv->caps != NULL && cv->caps->sw && !cv->caps->sched) {
		snprintf(part, sizeof part, "cs/s n/a: perf_event_paranoid %d > 1",
		    cv->caps->paranoid);
		countersview_add(buf, len, "; ", form != 1 ? part : "cs/s n/a");
	}
	if (strcmp(cv->sn->mhz_src, "cpufreq") != 0)
		countersview_add(none, sizeof none, ", ", "cpufreq");
	if (!isfinite(t))
		countersview_add(none, sizeof none, ", ", "hwmon");
	if (cv->sn->rapl == 0)
		countersview_add(none, sizeof none, ", ", "RAPL");
	if (none[0] != '\0') {
		snprintf(part, sizeof part, "no %s", none);
		countersview_add(buf, len, "; ", part);
	}
	if (cv->sn->rapl > 0 && !isfinite(w) && strncmp(cv->sn->watts_why, "RAPL needs root",
	    15) == 0)
		countersview_add(buf, len, "; ", "RAPL needs root");
	return buf[0] != '\0';
}

/* The header's figures, and once each reason for what is not there, in words. */
int
countersview_header(const struct countersview *cv, char *buf, size_t len)
{
	return countersview_header_form(cv, 0, buf, len);
}

/* Append "alone -> now" of one figure, or now alone, with its unit. */
static void
countersview_pair(char *buf, size_t len, const char *name, double alone, double now,
    int prec, const char *unit)
{
	size_t	used = strlen(buf);

	if (!isfinite(now) || used + 2 >= len)
		return;
	if (isfinite(alone))
		snprintf(buf + used, len - used, ", %s%.*f -> %.*f%s", name, prec, alone, prec,
		    now, unit);
	else
		snprintf(buf + used, len - used, ", %s%.*f%s", name, prec, now, unit);
}

/* The cursor's load: every counter, the solo comparison, and where it ran. */
int
countersview_info(const struct countersview *cv, const struct load *l, char *buf,
    size_t len)
{
	const struct cv_load	*e;
	size_t			 used;

	if (len == 0 || l == NULL || (e = countersview_find(cv, l->id)) == NULL)
		return 0;
	snprintf(buf, len, "%s#%d", l->spec.k->name, l->id);
	countersview_pair(buf, len, "IPC ", e->solo.ipc, e->now.ipc, 2, "");
	countersview_pair(buf, len, "", e->solo.ghz, e->now.ghz, 2, " GHz");
	countersview_pair(buf, len, "LLC ", NAN, e->now.llc_mpki, 1, " MPKI");
	countersview_pair(buf, len, "", NAN, e->now.ctx_per_s, 0, " cs/s");
	countersview_pair(buf, len, "", NAN, e->now.migr_per_s, 1, " mig/s");
	used = strlen(buf);
	if (e->now.multiplexed && used + 16 < len)
		snprintf(buf + used, len - used, " (multiplexed)");
	used = strlen(buf);
	/* Where the PMU counts: what counting costs a load that blocks, or why it is not. */
	if (l->perf != NULL && cv->caps != NULL && cv->caps->hw && used + 2 < len)
		snprintf(buf + used, len - used, "%s%s", *perf_load_cost(l->perf) ||
		    (!isfinite(e->now.ipc) && *perf_load_why(l->perf)) ? ", " : "",
		    *perf_load_cost(l->perf) ? perf_load_cost(l->perf) :
		    !isfinite(e->now.ipc) ? perf_load_why(l->perf) : "");
	used = strlen(buf);
	if (l->spec.floating && l->cur.cpu >= 0 && used + 40 < len)
		snprintf(buf + used, len - used, ", on CPU %d, %d moves seen", l->cur.cpu,
		    l->migrations);
	return 1;
}
