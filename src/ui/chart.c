/*
 * chart.c: the time chart's memory, a ring of samples per load and per
 * CPU, and the events on its time axis. One sample a refresh, taken from
 * the state's figures after figures_tick(); nothing here is drawn.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loads.h"
#include "ui/chart.h"
#include "ui/lview.h"
#include "ui/host.h"
#include "model/topo.h"
#include "base/util.h"

/* An empty chart for npus CPUs. */
struct chart *
chart_new(int npus)
{
	struct chart	*c = xcalloc(1, sizeof *c);
	int		 i;

	c->npus = npus;
	c->busy = xcalloc((size_t)(npus > 0 ? npus : 1) * CHART_N, sizeof *c->busy);
	for (i = 0; i < npus * CHART_N; i++)
		c->busy[i] = NAN;
	return c;
}

/* Free a chart. */
void
chart_free(struct chart *c)
{
	if (c == NULL)
		return;
	free(c->s);
	free(c->busy);
	free(c);
}

/* Is sample k still in the rings? */
int
chart_has(const struct chart *c, uint64_t k)
{
	return k < c->tick && c->tick - k <= CHART_N;
}

/* A load's series, or NULL. */
const struct chart_series *
chart_series(const struct chart *c, int id)
{
	int	i;

	for (i = 0; i < c->ns; i++)
		if (c->s[i].id == id)
			return &c->s[i];
	return NULL;
}

/* A load's series, made on its first sample. */
static struct chart_series *
chart_series_add(struct chart *c, int id)
{
	struct chart_series	*s;
	int			 i;

	for (i = 0; i < c->ns; i++)
		if (c->s[i].id == id)
			return &c->s[i];
	c->s = xreallocarray(c->s, (size_t)c->ns + 1, sizeof *c->s);
	s = &c->s[c->ns++];
	s->id = id;
	s->color = c->seen++;
	for (i = 0; i < CHART_N; i++) {
		s->speed[i] = NAN;
		s->cpu[i] = -1;
	}
	return s;
}

/* Forget a load that is gone. */
void
chart_forget(struct chart *c, int id)
{
	int	i;

	for (i = 0; i < c->ns; i++) {
		if (c->s[i].id != id)
			continue;
		memmove(&c->s[i], &c->s[i + 1], (size_t)(c->ns - i - 1) * sizeof *c->s);
		c->ns--;
		return;
	}
}

/* Take a sample of every load and every CPU. */
void
chart_record(struct chart *c, const struct ui_host *h, const struct ui_lview *lv)
{
	const struct ui_loadview	*v;
	struct chart_series		*s;
	struct load			*l;
	uint64_t			 k = c->tick;
	int				 i;

	for (i = 0; i < c->ns; i++) {
		CHART_AT(c->s[i].speed, k) = NAN;
		CHART_AT(c->s[i].cpu, k) = -1;
	}
	for (i = 0; h->loads != NULL && i < loads_count(h->loads); i++) {
		l = loads_at(h->loads, i);
		if (l->state == LOAD_DEAD)
			continue;
		s = chart_series_add(c, l->id);
		v = lview_find(lv, l->id);
		if (v != NULL && v->nhist > 0 && l->state == LOAD_RUNNING)
			CHART_AT(s->speed, k) = (float)v->hist[v->nhist - 1];
		CHART_AT(s->cpu, k) = (short)l->cur.cpu;
	}
	for (i = 0; i < c->npus && i < h->m->npus; i++)
		c->busy[(size_t)i * CHART_N + k % CHART_N] = h->pct_ok[i] ?
		    (float)h->pct[i].busy : NAN;
	c->tick++;
}

/* Note an event of a load; it is marked at the next sample. */
void
chart_event(struct chart *c, int kind, int id)
{
	struct chart_event	*e;

	if (c == NULL)
		return;
	if (c->nev == CHART_EVENTS) {
		memmove(c->ev, c->ev + 1, (CHART_EVENTS - 1) * sizeof c->ev[0]);
		c->nev--;
	}
	e = &c->ev[c->nev++];
	e->tick = c->tick;
	e->kind = kind;
	e->id = id;
	c->evn++;
}
