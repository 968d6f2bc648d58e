/*
 * timing_svg.c: `time --svg`: a bar chart for slides, a bar per placement:
 * its speed against the first placement run (that one's median wall time
 * over this one's), with the median wall time and its range written beside
 * it; a placement not run says why.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/svg.h"
#include "base/safefile.h"
#include "exp/time/timing.h"
#include "base/util.h"
#include "report/reports.h"

/* One placement's bar; first_wall is the first placement's median (-1: this is it). */
static void
timing_svg_bar(const struct timing *c, int i, double *first_wall, struct svg_bar *b)
{
	const struct timing_place	*pl = &c->places[i];
	struct timing_sum		 s;

	memset(b, 0, sizeof *b);
	snprintf(b->label, sizeof b->label, "%.40s (%d CPU%s, %d core%s)", pl->name,
	    pl->ncpus, pl->ncpus == 1 ? "" : "s", pl->ncores, pl->ncores == 1 ? "" : "s");
	b->value = NAN;
	if (pl->status == TIMING_SAME) {
		snprintf(b->text, sizeof b->text, "same CPUs as %.170s", pl->same_as >= 0 ?
		    c->places[pl->same_as].name : "another");
		return;
	}
	if (pl->status == TIMING_REFUSED) {
		snprintf(b->label, sizeof b->label, "%.60s", pl->name);
		snprintf(b->text, sizeof b->text, "not run: %.180s", pl->reason);
		return;
	}
	timing_summarize(c, i, &s);
	if (s.nruns == 0 || !(s.wall.median > 0)) {
		snprintf(b->text, sizeof b->text, "not measured");
		return;
	}
	if (*first_wall < 0)
		*first_wall = s.wall.median;
	b->value = *first_wall / s.wall.median;
	snprintf(b->text, sizeof b->text, "%.2fx: %.3f s (%.3f-%.3f)%s", b->value,
	    s.wall.median, s.wall.min, s.wall.max, s.failed > 0 ? ", runs failed" : "");
}

/*
 * The title: "smtscope time: " and the command, its words quoted as the
 * text report quotes them; past 170 characters it ends at a word, " ...".
 */
static void
timing_svg_title(const struct timing *c, char *buf, size_t len)
{
	size_t	used = (size_t)snprintf(buf, len, "smtscope time:");
	int	i, quote;

	for (i = 0; i < c->argc && used < len; i++) {
		quote = c->argv[i][0] == '\0' || strpbrk(c->argv[i], " \t\n'\"$\\;&|<>()*?") !=
		    NULL;
		if (used + strlen(c->argv[i]) + 3 > 170) {
			snprintf(buf + used, len - used, " ...");
			return;
		}
		used += (size_t)snprintf(buf + used, len - used, quote ? " '%s'" : " %s",
		    c->argv[i]);
	}
}

/* Write the chart to f; -1 on a write error. */
static int
timing_svg_chart(FILE *f, const struct timing *c)
{
	struct svg_bar	*b = xcalloc((size_t)c->nplaces + 1, sizeof *b);
	char		 title[300], note[300], ref[100];
	double		 first_wall = -1;
	int		 i, n = 0, rc, first = -1;

	for (i = 0; i < c->nplaces; i++) {
		timing_svg_bar(c, i, &first_wall, &b[n]);
		if (first == -1 && isfinite(b[n].value))
			first = i;
		n++;
	}
	if (n > 0)
		snprintf(b[0].group, sizeof b[0].group, "Speed per placement (the median "
		    "wall time, s, and its range over %d run%s)", c->nruns,
		    c->nruns == 1 ? "" : "s");
	timing_svg_title(c, title, sizeof title);
	snprintf(note, sizeof note, "Speed: the first placement's median wall time "
	    "over each placement's; higher is faster.%s", timing_failed(c) > 0 ?
	    " Some runs failed." : "");
	snprintf(ref, sizeof ref, "%.60s = 1.00", first >= 0 ? c->places[first].name :
	    "first");
	rc = svg_bars_ref(f, title, note, b, n, 1.0, ref);
	free(b);
	return rc;
}

/* Write the chart to path, whole or not at all; -1 and why. */
int
timing_svg_write(const struct timing *c, const char *path, char *err, size_t errlen)
{
	struct safefile	sf;
	int		bad;

	if (safefile_open(&sf, path, SAFEFILE_REPLACE, err, errlen) == -1)
		return -1;
	bad = timing_svg_chart(sf.f, c);
	if (safefile_close(&sf, !bad, err, errlen) == -1)
		return -1;
	if (bad)
		snprintf(err, errlen, "cannot write %s", path);
	return bad ? -1 : 0;
}
