/* idleview.c: each CPU's idle residency over the last refresh, and its busy clock, for the screen. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/topo.h"
#include "os/os.h"
#include "sample/cpuidle.h"
#include "ui/idleview.h"
#include "base/util.h"

struct idleview {
	int			 on;		/* the column is shown */
	int			 ready;		/* the driver was looked at */
	int			 view;		/* another machine's: nothing to read */
	char			 why[CPUIDLE_WHY_MAX];	/* no states: why, "" when read */
	int			 ncpu;		/* slots, by OS index */
	struct cpuidle_cpu	*cur;
	struct cpuidle_res	*res;		/* over the last refresh */
	unsigned		*tick_at;	/* the tick each CPU was last read at */
	unsigned		 tick;
	int			 nstates;	/* the most any CPU has */
	long long		 qos;		/* the PM QoS limit, us; -1 unreadable */
	/* The busy clock of the cursor's CPU. */
	int			 mhz_cpu;
	double			 mhz;
	char			 mhz_src[64];
	char			 mhz_why[128];
};

/* Made on first use, empty. */
static struct idleview *
idleview_get(struct idleview **pv)
{
	if (*pv == NULL) {
		*pv = xcalloc(1, sizeof **pv);
		(*pv)->qos = -1;
		(*pv)->mhz_cpu = -1;
	}
	return *pv;
}

/* Release it. */
void
idleview_free(struct idleview **pv)
{
	struct idleview	*v = *pv;

	if (v == NULL)
		return;
	free(v->cur);
	free(v->res);
	free(v->tick_at);
	free(v);
	*pv = NULL;
}

/* The column on or off. */
void
idleview_toggle(struct idleview **pv)
{
	struct idleview	*v = idleview_get(pv);

	v->on = !v->on;
}

/* Set the column (the settings file). */
void
idleview_set(struct idleview **pv, int on)
{
	idleview_get(pv)->on = on != 0;
}

/* Is the column shown? */
int
idleview_on(const struct idleview *v)
{
	return v != NULL && v->on;
}

/* Look at the driver once: the slots, or why there are no states. */
static void
idleview_ready(struct idleview *v, const struct ui_host *h)
{
	char	drv[96];

	v->ready = 1;
	if (h->view_only) {
		/* The header says it is a view: the info line says nothing of idle. */
		v->view = 1;
		snprintf(v->why, sizeof v->why, "a view of another machine");
		return;
	}
	if (cpuidle_driver(NULL, h->ci.hypervisor, drv, sizeof drv, v->why,
	    sizeof v->why) == -1)
		return;
	v->ncpu = h->m->max_os > 0 ? h->m->max_os : 1;
	v->cur = xcalloc((size_t)v->ncpu, sizeof *v->cur);
	v->res = xcalloc((size_t)v->ncpu, sizeof *v->res);
	v->tick_at = xcalloc((size_t)v->ncpu, sizeof *v->tick_at);
}

/* Read one CPU now; its residency since the last tick, when it was read then. */
static void
idleview_read(struct idleview *v, int os)
{
	struct cpuidle_cpu	now;

	if (os < 0 || os >= v->ncpu || cpuidle_read(NULL, os, &now) <= 0) {
		if (os >= 0 && os < v->ncpu)
			v->res[os].nstates = 0;
		return;
	}
	if (v->tick_at[os] + 1 != v->tick || cpuidle_delta(&v->cur[os], &now,
	    &v->res[os]) == -1)
		v->res[os].nstates = 0;
	v->cur[os] = now;
	v->tick_at[os] = v->tick;
	if (now.nstates > v->nstates)
		v->nstates = now.nstates;
}

/* Read the states once a refresh. */
void
idleview_tick(struct idleview **pv, const struct ui_host *h, int cursor_os)
{
	struct idleview	*v = idleview_get(pv);
	int		 i;

	if (!v->ready)
		idleview_ready(v, h);
	if (v->why[0] != '\0')
		return;
	v->tick++;
	if (v->on)
		for (i = 0; i < h->m->npus; i++)
			idleview_read(v, h->m->pus[i].os_index);
	else
		idleview_read(v, cursor_os);
	/* Readable by root only: then a hold by anyone shows. */
	v->qos = os_idle_qos_now(NULL);
	v->mhz_cpu = cursor_os;
	v->mhz = cpuidle_busy_mhz(NULL, cursor_os, v->mhz_src, sizeof v->mhz_src, v->mhz_why,
	    sizeof v->mhz_why);
}

/* Can a CPU not enter a state now (its flag, or past the PM QoS limit)? */
static int
idleview_barred(const struct idleview *v, int os, int k)
{
	const struct cpuidle_state	*st = &v->cur[os].st[k];

	return st->disabled || (v->qos >= 0 && (long long)st->latency_us > v->qos);
}

/* The column's width in the tree. */
int
idleview_width(const struct idleview *v)
{
	if (!idleview_on(v) || v->why[0] != '\0' || v->nstates == 0)
		return 0;
	return 4 * v->nstates;
}

/* A CPU's text in the tree's column. */
int
idleview_cpu(const struct idleview *v, int os, char *buf, size_t len)
{
	char	text[128];
	size_t	used = 0;
	int	k, w = idleview_width(v);

	buf[0] = '\0';
	if (w == 0 || os < 0 || os >= v->ncpu || v->res[os].nstates == 0)
		return w > 0 ? (snprintf(buf, len, "%*s", w, ""), 1) : 0;
	for (k = 0; k < v->res[os].nstates && used < sizeof text; k++) {
		if (idleview_barred(v, os, k))
			used += (size_t)snprintf(text + used, sizeof text - used, "%s-",
			    k ? "/" : "");
		else
			used += (size_t)snprintf(text + used, sizeof text - used, "%s%.0f",
			    k ? "/" : "", 100 * v->res[os].share[k]);
	}
	snprintf(buf, len, "%*s%%", w - 1, text);
	return 1;
}

/* The grid's mark. */
char
idleview_mark(const struct idleview *v, int os)
{
	const struct cpuidle_res	*r;
	int				 k, best = -1;

	if (idleview_width(v) == 0 || os < 0 || os >= v->ncpu || v->res[os].nstates == 0)
		return ' ';
	r = &v->res[os];
	for (k = 0; k < r->nstates; k++) {
		if (idleview_barred(v, os, k))
			return 'h';
		if (best == -1 || r->share[k] > r->share[best])
			best = k;
	}
	return best >= 0 && best < 10 && r->share[best] >= 0.005 ? (char)('0' + best) : ' ';
}

/* The cursor's CPU for the info line. */
int
idleview_info(const struct idleview *v, int os, char *buf, size_t len)
{
	const struct cpuidle_res	*r;
	size_t				 used;
	int				 k, held = 0;

	buf[0] = '\0';
	if (v == NULL || !v->ready || v->view)
		return 0;
	if (v->why[0] != '\0') {
		snprintf(buf, len, "idle n/a: %s", v->why);
		return 1;
	}
	if (os < 0 || os >= v->ncpu || (r = &v->res[os])->nstates == 0)
		used = (size_t)snprintf(buf, len, "idle: measuring");
	else {
		used = (size_t)snprintf(buf, len, "idle");
		for (k = 0; k < r->nstates && used < len; k++) {
			if (idleview_barred(v, os, k)) {
				held = 1;
				used += (size_t)snprintf(buf + used, len - used, " %s -",
				    v->cur[os].st[k].name);
			} else
				used += (size_t)snprintf(buf + used, len - used, " %s %.0f%%",
				    v->cur[os].st[k].name, 100 * r->share[k]);
		}
		if (held && used < len)
			used += (size_t)snprintf(buf + used, len - used, " (held%s)", v->qos >= 0 &&
			    v->qos < 2000000000 ? ": PM QoS" : "");
	}
	if (used >= len)
		return 1;
	if (isfinite(v->mhz) && v->mhz_cpu == os)
		snprintf(buf + used, len - used, "; busy %.0f MHz (%s)", v->mhz, v->mhz_src);
	else if (v->mhz_cpu == os)
		snprintf(buf + used, len - used, "; busy MHz n/a: %s", v->mhz_why);
	return 1;
}
