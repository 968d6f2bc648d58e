/* infer_plan.c: which pairs of logical CPUs `check --infer` measures, and how long. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/infer/infer.h"
#include "model/topo.h"
#include "base/util.h"

#define INFER_OVERHEAD_S	0.05	/* per window: pause, resume, settle */
#define INFER_WINDOW_MIN_S	0.2
#define INFER_WINDOW_MAX_S	1.0
#define INFER_RTT_S		0.3	/* a pair's round trips, setup included */
#define INFER_WINDOWS		3	/* per repeat and kind: a alone, b alone, both */

/* Add a pair unless it is there already or the list is full; 1 if added. */
int
infer_add(struct infer *inf, int a, int b, int max)
{
	int	i;

	if (b < a && a != b) {
		i = a;
		a = b;
		b = i;
	}
	for (i = 0; i < inf->npairs; i++)
		if (inf->pairs[i].a == a && inf->pairs[i].b == b)
			return 0;
	if (inf->npairs >= max || inf->npairs >= INFER_MAX_PAIRS)
		return 0;
	memset(&inf->pairs[inf->npairs], 0, sizeof inf->pairs[0]);
	inf->pairs[inf->npairs].a = a;
	inf->pairs[inf->npairs].b = b;
	inf->pairs[inf->npairs].reported = topo_relation(inf->m, a, b);
	inf->pairs[inf->npairs].origin = inf->explicit_pairs ? INFER_FROM_LIST :
	    INFER_FROM_TOPOLOGY;
	inf->pairs[inf->npairs].c2c_ns = inf->pairs[inf->npairs].c2c_class_ns = NAN;
	inf->npairs++;
	return 1;
}

/* Words of where a pair came from: "from c2c: 8 ns against 80 ns". */
void
infer_origin_words(const struct infer_pair *p, char *buf, size_t len)
{
	if (p->origin == INFER_FROM_C2C)
		snprintf(buf, len, "from c2c: %.0f ns against %.0f ns", p->c2c_ns,
		    p->c2c_class_ns);
	else
		snprintf(buf, len, "%s", p->origin == INFER_FROM_LIST ? "as asked" :
		    "from the topology");
}

/* The JSON token of where a pair came from. */
const char *
infer_origin_token(enum infer_origin o)
{
	return o == INFER_FROM_C2C ? "c2c" : o == INFER_FROM_LIST ? "list" : "topology";
}

/* Seconds one pair takes at the given window. */
static double
infer_pair_seconds(const struct infer *inf, double window_s)
{
	return INFER_KINDS * inf->reps * INFER_WINDOWS * (window_s + INFER_OVERHEAD_S) +
	    INFER_RTT_S;
}

/* The allowed CPUs in tree order; how many. */
static int
infer_allowed(const struct topo *m, int *os, int max)
{
	int	i, n = 0;

	for (i = 0; i < m->npus && n < max; i++)
		if (m->pus[i].allowed)
			os[n++] = m->pus[i].os_index;
	return n;
}

/*
 * Representatives: from the first allowed CPU, one partner per reported
 * relation; then, in each reported cache group, neighbouring cores' first
 * CPUs (a hypervisor's hidden siblings hide there).
 */
static void
infer_representatives(struct infer *inf, const int *os, int n, int max)
{
	const struct topo	*m = inf->m;
	const struct topo_core	*c, *d;
	int			 rel, i, j;

	for (rel = REL_SMT_SIBLING; rel < REL_COUNT; rel++)
		for (i = 1; i < n; i++)
			if ((int)topo_relation(m, os[0], os[i]) == rel) {
				infer_add(inf, os[0], os[i], max);
				break;
			}
	for (i = 0; i + 1 < m->ncores && inf->npairs < max; i++) {
		c = &m->cores[i];
		d = &m->cores[i + 1];
		if (c->l3 != d->l3 || c->nallowed == 0 || d->nallowed == 0)
			continue;
		for (j = 0; j < c->npus && !m->pus[c->first_pu + j].allowed; j++)
			;
		rel = d->first_pu;
		while (!m->pus[rel].allowed)
			rel++;
		infer_add(inf, m->pus[c->first_pu + j].os_index, m->pus[rel].os_index, max);
	}
}

/* The pairs from the model: all when they fit, else representatives. */
int
infer_plan(struct infer *inf, int max, char *err, size_t errlen)
{
	int	*os, n, i, j, fit;

	if (inf->reps < 1)
		inf->reps = INFER_REPS;
	os = xcalloc((size_t)inf->m->npus + 1, sizeof *os);
	n = infer_allowed(inf->m, os, inf->m->npus);
	if (n < 2) {
		free(os);
		snprintf(err, errlen, "--infer needs two allowed logical CPUs; this process "
		    "may use %d (say which pairs with --infer=A:B,...)", n);
		return -1;
	}
	fit = (int)(INFER_BUDGET_S / infer_pair_seconds(inf, INFER_WINDOW_MIN_S));
	if (fit < 1)
		fit = 1;
	if (max > fit)
		max = fit;
	/* a c2c result's candidates come first, on top of what the budget fits */
	max += inf->nc2c;
	if (n * (n - 1) / 2 <= max) {
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				infer_add(inf, os[i], os[j], max);
	} else
		infer_representatives(inf, os, n, max);
	free(os);
	return 0;
}

/* Parse one "A:B" of places (each may hold ':' itself, as core:1.pu:0). */
static int
infer_parse_pair(struct infer *inf, const char *item, char *err, size_t errlen)
{
	char		 a[128], b[128], e[256] = "";
	const char	*colon;
	int		 x, y;

	for (colon = strchr(item, ':'); colon != NULL; colon = strchr(colon + 1, ':')) {
		if ((size_t)(colon - item) >= sizeof a || strlen(colon + 1) >= sizeof b)
			break;
		memcpy(a, item, (size_t)(colon - item));
		a[colon - item] = '\0';
		snprintf(b, sizeof b, "%s", colon + 1);
		if (topo_parse_place(inf->m, a, &x, e, sizeof e) == 0 &&
		    topo_parse_place(inf->m, b, &y, e, sizeof e) == 0) {
			if (topo_check_cpu(inf->m, x, err, errlen) == -1 ||
			    topo_check_cpu(inf->m, y, err, errlen) == -1)
				return -1;
			if (!infer_add(inf, x, y, INFER_MAX_PAIRS) &&
			    inf->npairs >= INFER_MAX_PAIRS) {
				snprintf(err, errlen, "--infer: at most %d pairs",
				    INFER_MAX_PAIRS);
				return -1;
			}
			return 0;
		}
	}
	/* One colon: say what is wrong with its place. */
	if ((colon = strchr(item, ':')) != NULL && strchr(colon + 1, ':') == NULL) {
		snprintf(err, errlen, "--infer: '%.64s': %s", item, e);
		return -1;
	}
	snprintf(err, errlen, "--infer: '%.64s' is not a pair of CPUs A:B (e.g. 0:1, "
	    "core:0.pu:0:core:1.pu:0)", item);
	return -1;
}

/* The pairs of a list "0:0,0:1". */
int
infer_plan_list(struct infer *inf, const char *list, char *err, size_t errlen)
{
	char	*copy, *item, *save = NULL;
	int	 rc = 0;

	if (util_list_empty_item(list)) {
		snprintf(err, errlen, "--infer '%s': an empty item in the list", list);
		return -1;
	}
	copy = xstrdup(list);
	if (inf->reps < 1)
		inf->reps = INFER_REPS;
	inf->explicit_pairs = 1;
	for (item = strtok_r(copy, ",", &save); item != NULL && rc == 0;
	    item = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*item))
			item++;
		rc = infer_parse_pair(inf, item, err, errlen);
	}
	free(copy);
	if (rc == 0 && inf->npairs == 0) {
		snprintf(err, errlen, "--infer: no pair given (e.g. --infer=0:1)");
		rc = -1;
	}
	return rc;
}

/* Windows that fit the plan in budget_s (unless already set by --time). */
void
infer_size(struct infer *inf, double budget_s)
{
	double	per, w;

	if (inf->window_s > 0 || inf->npairs == 0)
		return;
	per = budget_s / inf->npairs - INFER_RTT_S;
	w = per / (INFER_KINDS * inf->reps * INFER_WINDOWS) - INFER_OVERHEAD_S;
	if (w < INFER_WINDOW_MIN_S)
		w = INFER_WINDOW_MIN_S;
	if (w > INFER_WINDOW_MAX_S)
		w = INFER_WINDOW_MAX_S;
	inf->window_s = w;
}

/* Seconds the plan is expected to take. */
double
infer_estimate(const struct infer *inf)
{
	return inf->npairs * infer_pair_seconds(inf, inf->window_s);
}
