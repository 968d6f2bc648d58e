/* split.c: a speed split into share, capacity and interaction. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/split.h"

/* Split a rate against its baseline into its three factors. */
int
split_compute(double rate, double base, double share_now, double share_alone,
    double capacity, struct split *out)
{
	double	share, cap;

	out->speed = out->share = out->capacity = out->interaction = NAN;
	out->alone = share_alone;
	if (!isfinite(rate) || !isfinite(base) || base <= 0.0 || rate < 0.0)
		return -1;
	out->speed = rate / base;
	share = NAN;
	if (isfinite(share_now) && isfinite(share_alone) && share_alone > 0.0)
		share = share_now / share_alone;
	cap = (isfinite(capacity) && capacity > 0.0) ? capacity : 1.0;
	out->share = share;
	out->capacity = isfinite(capacity) && capacity > 0.0 ? capacity : NAN;
	/* Without a share the interaction takes what the time would explain. */
	if (isfinite(share) && share > 0.0)
		out->interaction = out->speed / (share * cap);
	else
		out->interaction = out->speed / cap;
	return 0;
}

/* 1 when v is above 1 plus its spread for a CPU-bound kernel. */
int
split_past_physics(double v, double spread, int cpu_bound)
{
	if (!cpu_bound || !isfinite(v))
		return 0;
	if (!isfinite(spread) || spread < 0.0)
		spread = 0.0;
	return v > 1.0 + spread;
}

/* An INTERACTION past physics made unknown: 1 when so. */
int
split_bound(struct split *s, double spread, int cpu_bound)
{
	if (!split_past_physics(s->interaction, spread, cpu_bound))
		return 0;
	s->interaction = NAN;
	return 1;
}

/* The factor furthest below 1 by more than spread. */
enum split_cause
split_largest(const struct split *s, double spread)
{
	enum split_cause	best = SPLIT_NONE;
	double			low;

	if (!isfinite(spread) || spread < 0.0)
		spread = 0.0;
	low = 1.0 - spread;
	if (isfinite(s->share) && s->share < low) {
		best = SPLIT_SHARE;
		low = s->share;
	}
	if (isfinite(s->capacity) && s->capacity < low) {
		best = SPLIT_CAPACITY;
		low = s->capacity;
	}
	if (isfinite(s->interaction) && s->interaction < low)
		best = SPLIT_INTERACTION;
	return best;
}

/* The word of a cause. */
const char *
split_cause_name(enum split_cause c)
{
	switch (c) {
	case SPLIT_SHARE:	return "share";
	case SPLIT_CAPACITY:	return "capacity";
	case SPLIT_INTERACTION:	return "interaction";
	case SPLIT_NONE:	break;
	}
	return "none";
}

/* A string or "" for NULL. */
static const char *
split_str(const char *s)
{
	return s != NULL ? s : "";
}

/*
 * Who shares the load's CPU, read from the neighbours' words: what follows
 * "shares CPU N with " up to the next clause ("; "), into buf; "" none.
 */
static void
split_others_from(const char *near, char *buf, size_t len)
{
	const char	*p, *e;
	size_t		 n;

	buf[0] = '\0';
	if (strncmp(near, "shares CPU ", 11) != 0 || (p = strstr(near, " with ")) == NULL)
		return;
	p += 6;
	e = strstr(p, "; ");
	n = e != NULL ? (size_t)(e - p) : strlen(p);
	if (n >= len)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
}

/* The smallest known factor: a cause for a speed below its range that no one factor is. */
static enum split_cause
split_smallest(const struct split *s)
{
	enum split_cause	best = SPLIT_NONE;
	double			low = INFINITY;

	if (isfinite(s->share) && s->share < low) {
		best = SPLIT_SHARE;
		low = s->share;
	}
	if (isfinite(s->capacity) && s->capacity < low) {
		best = SPLIT_CAPACITY;
		low = s->capacity;
	}
	if (isfinite(s->interaction) && s->interaction < low)
		best = SPLIT_INTERACTION;
	return best;
}

/*
 * The share of a CPU others' work took on a sibling, where near's first
 * clause names only that: every share it names, summed ("sibling CPU 0
 * busy with cc1 (42) 13%, ld (7) 5%": 0.18); NAN where the clause names
 * something else (a load, a shared CPU) or no share.
 */
static double
split_sibling_busy(const char *near)
{
	const char	*end = strchr(near, ';'), *with = strstr(near, " busy with "), *p, *q;
	double		 sum = 0;
	int		 n = 0;

	if (end == NULL)
		end = near + strlen(near);
	if (strncmp(near, "sibling CPU ", 12) != 0 || with == NULL || with > end)
		return NAN;
	for (p = with; (p = memchr(p, '%', (size_t)(end - p))) != NULL; p++) {
		for (q = p; q > with && q[-1] >= '0' && q[-1] <= '9'; q--)
			;
		if (q < p) {
			sum += strtod(q, NULL) / 100;
			n++;
		}
	}
	return n > 0 ? sum : NAN;
}

/* The WHY from the figures: the largest cause with its size. */
int
split_why(const struct split *s, double spread, const struct split_words *w,
    char *buf, size_t len)
{
	const char		*near = split_str(w->near), *hv = split_str(w->hypervisor);
	const char		*rest = "";
	enum split_cause	 c;
	char			 others[160];
	double			 f, busy;
	int			 alone;

	if (len == 0)
		return 0;
	buf[0] = '\0';
	if (strcmp(hv, "unknown") == 0)
		hv = "a hypervisor";
	if (!isfinite(spread) || spread < SPLIT_FLOOR)
		spread = SPLIT_FLOOR;
	if (!isfinite(s->speed) || s->speed >= 1.0 - spread)
		return 0;
	if ((c = split_largest(s, spread)) == SPLIT_NONE &&
	    (c = split_smallest(s)) == SPLIT_NONE)
		return 0;
	f = c == SPLIT_SHARE ? s->share : c == SPLIT_CAPACITY ? s->capacity : s->interaction;
	alone = near[0] == '\0' || strncmp(near, "alone on its core", 17) == 0;
	/* "alone on its core; L3 shared with int#2": the L3 part, kept. */
	if (near[0] != '\0' && alone && near[17] == ';')
		rest = near + 18;
	switch (c) {
	case SPLIT_SHARE:
		snprintf(others, sizeof others, "%s", split_str(w->others));
		if (others[0] == '\0')
			split_others_from(near, others, sizeof others);
		/*
		 * Alone it had less than all of its CPU (others' work in its
		 * solo, or a load that blocks): the share now, against alone's,
		 * so that the words agree with a SHARE column.
		 */
		if (s->alone > 0.0 && s->alone < SPLIT_ALONE_WHOLE)
			snprintf(buf, len, "%+.0f %%: got %.0f %% of its CPU, against %.0f %% "
			    "alone%s%s", 100 * (f - 1), 100 * f * s->alone, 100 * s->alone,
			    others[0] ? "; others: " : "", others);
		else
			snprintf(buf, len, "%+.0f %%: got %.0f %% of its CPU%s%s", 100 * (f - 1),
			    100 * f, others[0] ? "; others: " : "", others);
		break;
	case SPLIT_CAPACITY:
		snprintf(buf, len, "%+.0f %%: its CPU gives %.0f %% of its baseline%s%s%s",
		    100 * (f - 1), 100 * f, hv[0] ? "; under " : "", hv,
		    hv[0] ? ": the host" : "");
		break;
	default:
		/*
		 * Others' work on a sibling takes at most its share of the core:
		 * a loss past that share and the spread is not explained by it.
		 */
		busy = split_sibling_busy(near);
		if (!alone && isfinite(busy) && 1 - f > busy + spread) {
			snprintf(buf, len, "%+.0f %%: unexplained%s%s%s (%s: no more than %.0f %%)",
			    100 * (f - 1), hv[0] ? "; under " : "", hv,
			    hv[0] ? ": the host's other hyperthread or clock" : "", near,
			    100 * busy);
			return 1;
		}
		if (!alone)
			snprintf(buf, len, "%+.0f %%: %s", 100 * (f - 1), near);
		else if (hv[0] != '\0')
			snprintf(buf, len, "%+.0f %%: unexplained; under %s: the host's other "
			    "hyperthread or clock%s%s", 100 * (f - 1), hv,
			    rest[0] ? ";" : "", rest);
		else
			snprintf(buf, len, "%+.0f %%: unexplained; nothing here measures its "
			    "clock or power%s%s", 100 * (f - 1), rest[0] ? ";" : "", rest);
		return 1;
	}
	/* The neighbours, where they add to it and are not "alone on its core". */
	if (!alone && strncmp(near, "shares CPU ", 11) != 0 && strlen(buf) + 2 < len)
		snprintf(buf + strlen(buf), len - strlen(buf), "; %s", near);
	return 1;
}
