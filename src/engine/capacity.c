/* capacity.c: the capacity model's table, one baseline per place (capacity.h). */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsonw.h"
#include "base/util.h"
#include "engine/capacity.h"

struct capacity {
	struct capacity_base	*v;
	int			 n;
	/* The score of each place's standing baseline, by v's index. */
	double			*score;
	/* The end of the last measurement offered per place: one offered twice counts once. */
	uint64_t		*last_ns;
};

/* An empty table. */
struct capacity *
capacity_new(void)
{
	return xcalloc(1, sizeof(struct capacity));
}

/* Free a table. */
void
capacity_free(struct capacity *c)
{
	if (c == NULL)
		return;
	free(c->v);
	free(c->score);
	free(c->last_ns);
	free(c);
}

/* The table of this run of smtscope. */
struct capacity *
capacity_session(void)
{
	static struct capacity	*session;

	if (session == NULL)
		session = capacity_new();
	return session;
}

/* Empty a table. */
void
capacity_clear(struct capacity *c)
{
	free(c->v);
	free(c->score);
	free(c->last_ns);
	c->v = NULL;
	c->score = NULL;
	c->last_ns = NULL;
	c->n = 0;
}

/* The place of a load: its kernel, parameter and CPUs in one word. */
void
capacity_key(const struct load_spec *spec, char *buf, size_t len)
{
	char	cpus[CAPACITY_KEY_LEN], text[CAPACITY_KEY_LEN];
	int	n;

	cpuset_format(&spec->cpus, cpus, sizeof cpus);
	n = snprintf(text, sizeof text, "%s%s%s@%s", spec->k->name,
	    spec->param.text[0] != '\0' ? ":" : "", spec->param.text, cpus);
	if (spec->cpu_b != -1 && n > 0 && (size_t)n < sizeof text)
		snprintf(text + n, sizeof text - (size_t)n, ",%d", spec->cpu_b);
	capacity_key_text(text, buf, len);
}

/* A written spec as a place: lower case, no blanks. */
void
capacity_key_text(const char *spec, char *buf, size_t len)
{
	size_t	i = 0;

	if (len == 0)
		return;
	for (; *spec != '\0' && i + 1 < len; spec++)
		if (!isspace((unsigned char)*spec))
			buf[i++] = (char)tolower((unsigned char)*spec);
	buf[i] = '\0';
}

/* How well a measurement is qualified as a baseline: lower is better. */
double
capacity_score(const struct solo_result *r, int cpu_bound)
{
	double	score = isfinite(r->spread) ? r->spread : CAPACITY_FIXED_SPREAD;
	double	foreign = isfinite(r->foreign) ? r->foreign : 0;

	if (foreign > CAPACITY_QUIET)
		score += foreign;
	if (solo_disturbed(r, cpu_bound)) {
		score += 1;
		if (cpu_bound && isfinite(r->share) && r->share < SOLO_SHARE_MIN)
			score += SOLO_SHARE_MIN - r->share;
	}
	return score;
}

/* The index of a place, or -1. */
static int
capacity_find(const struct capacity *c, const char *key)
{
	int	i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].key, key) == 0)
			return i;
	return -1;
}

/* A new place, no baseline yet; its index. */
static int
capacity_add(struct capacity *c, const char *key)
{
	struct capacity_base	*b;

	c->v = xreallocarray(c->v, (size_t)c->n + 1, sizeof *c->v);
	c->score = xreallocarray(c->score, (size_t)c->n + 1, sizeof *c->score);
	c->last_ns = xreallocarray(c->last_ns, (size_t)c->n + 1, sizeof *c->last_ns);
	c->last_ns[c->n] = 0;
	b = &c->v[c->n];
	memset(b, 0, sizeof *b);
	snprintf(b->key, sizeof b->key, "%s", key);
	b->rate = b->share = b->spread = b->foreign = b->lo = b->hi = NAN;
	c->score[c->n] = INFINITY;
	return c->n++;
}

/* Offer a solo: it widens the range, and stands when it is the best qualified. */
int
capacity_offer(struct capacity *c, const char *key, const struct solo_result *r,
    int cpu_bound, const char *by)
{
	struct capacity_base	*b;
	double			 score;
	int			 i;

	if (!isfinite(r->rate) || r->rate <= 0)
		return -1;
	if ((i = capacity_find(c, key)) == -1)
		i = capacity_add(c, key);
	b = &c->v[i];
	/* The same result handed in by two parties sharing a measurer (a tour, the screen). */
	if (r->end_ns != 0 && r->end_ns == c->last_ns[i])
		return 0;
	c->last_ns[i] = r->end_ns;
	b->n++;
	if (!solo_disturbed(r, cpu_bound)) {
		if (!(r->rate >= b->lo))
			b->lo = r->rate;
		if (!(r->rate <= b->hi))
			b->hi = r->rate;
	}
	score = capacity_score(r, cpu_bound);
	/* A tie goes to the newer: the CPU as it is now. */
	if (isfinite(b->rate) && score > c->score[i])
		return 0;
	c->score[i] = score;
	b->rate = r->rate;
	b->share = r->share;
	b->spread = r->spread;
	b->foreign = r->foreign;
	b->disturbed = solo_disturbed(r, cpu_bound);
	b->at_ns = r->end_ns;
	snprintf(b->by, sizeof b->by, "%s", by != NULL ? by : "");
	b->version++;
	return 1;
}

/* The baseline of a place, or NULL. */
const struct capacity_base *
capacity_get(const struct capacity *c, const char *key)
{
	int	i = capacity_find(c, key);

	return i != -1 && isfinite(c->v[i].rate) ? &c->v[i] : NULL;
}

/* An undisturbed baseline a new load may reuse, or NULL. */
const struct capacity_base *
capacity_reusable(const struct capacity *c, const char *key)
{
	const struct capacity_base	*b = capacity_get(c, key);

	return b != NULL && !b->disturbed ? b : NULL;
}

/* Forget a place's baseline; its range stays. */
void
capacity_forget(struct capacity *c, const char *key)
{
	int	i = capacity_find(c, key);

	if (i == -1)
		return;
	c->v[i].rate = NAN;
	c->score[i] = INFINITY;
	c->v[i].version++;
}

/* How many places the table holds. */
int
capacity_count(const struct capacity *c)
{
	return c->n;
}

/* A place by its index, in the order they came. */
const struct capacity_base *
capacity_at(const struct capacity *c, int i)
{
	return i >= 0 && i < c->n ? &c->v[i] : NULL;
}

/* A baseline as a JSON object, or null. */
void
capacity_json(const struct capacity_base *b, const struct kernel *k, uint64_t t0_ns,
    int reused, struct jsonw *w)
{
	double	lo, hi;

	if (b == NULL || !isfinite(b->rate)) {
		jsonw_null(w);
		return;
	}
	lo = isfinite(b->lo) ? kernel_display(k, b->lo) : NAN;
	hi = isfinite(b->hi) ? kernel_display(k, b->hi) : NAN;
	jsonw_object(w);
	jsonw_key_str(w, "place", b->key);
	jsonw_key_num(w, "value", kernel_display(k, b->rate));
	jsonw_key_num(w, "spread", b->spread);
	jsonw_key_num(w, "at_s", b->at_ns >= t0_ns && t0_ns > 0 ?
	    (double)(b->at_ns - t0_ns) / 1e9 : NAN);
	jsonw_key_text(w, "by", b->by);
	jsonw_key_bool(w, "reused", reused);
	jsonw_key_bool(w, "disturbed", b->disturbed);
	jsonw_key_num(w, "min", lo < hi ? lo : hi);
	jsonw_key_num(w, "max", lo < hi ? hi : lo);
	jsonw_key_int(w, "measurements", b->n);
	jsonw_object_end(w);
}
