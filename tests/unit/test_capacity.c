/* test_capacity.c: the capacity model's table: places, the best-qualified baseline, reuse. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "base/jsonw.h"
#include "base/util.h"
#include "engine/capacity.h"
#include "engine/kernels/kernel.h"
#include "tap.h"

/* A solo result: rate, share, spread, others' CPUs, when it ended. */
static struct solo_result
res(double rate, double share, double spread, double foreign, uint64_t end_ns)
{
	struct solo_result	r;

	memset(&r, 0, sizeof r);
	r.rate = rate;
	r.share = share;
	r.spread = spread;
	r.foreign = foreign;
	r.end_ns = end_ns;
	r.window_ns = 1000000000ULL;
	return r;
}

/* The place of loads as written: one word for one place, whatever the spelling. */
static void
test_keys(void)
{
	struct load_spec	spec;
	char			a[CAPACITY_KEY_LEN], b[CAPACITY_KEY_LEN];

	memset(&spec, 0, sizeof spec);
	spec.k = kernel_find("hash");
	cpuset_zero(&spec.cpus);
	cpuset_set(&spec.cpus, 3);
	spec.cpu_b = -1;
	snprintf(spec.text, sizeof spec.text, "hash@core:3.pu:0");
	capacity_key(&spec, a, sizeof a);
	ok(strcmp(a, "hash@3") == 0, "a load's place names its kernel and CPU (%s)", a);
	capacity_key_text("Hash @3", b, sizeof b);
	ok(strcmp(a, b) == 0, "a tour's spec gives the same place (%s)", b);
	spec.k = kernel_find("pipe");
	spec.cpu_b = 5;
	capacity_key(&spec, a, sizeof a);
	ok(strcmp(a, "pipe@3,5") == 0, "a two-ended load names both ends (%s)", a);
	spec.k = kernel_find("chase");
	spec.cpu_b = -1;
	snprintf(spec.param.text, sizeof spec.param.text, "1M");
	capacity_key(&spec, a, sizeof a);
	ok(strcmp(a, "chase:1m@3") == 0, "a parameter is part of the place (%s)", a);
}

/* The best-qualified measurement stands; the range takes every undisturbed one. */
static void
test_best(void)
{
	struct capacity			*c = capacity_new();
	const struct capacity_base	*b;
	struct solo_result		 r;

	ok(capacity_get(c, "hash@0") == NULL, "an empty table has no baseline");
	r = res(NAN, 1, 0.01, 0, 1);
	ok(capacity_offer(c, "hash@0", &r, 1, "hash#1") == -1, "no rate: not offered");
	/* A disturbed first solo stands, marked, until a better one comes. */
	r = res(335.5, 0.6, 0.02, 0.4, 2);
	ok(capacity_offer(c, "hash@0", &r, 1, "hash#1") == 1, "the first solo stands");
	b = capacity_get(c, "hash@0");
	ok(b != NULL && b->disturbed && b->rate == 335.5, "disturbed, 335.5");
	ok(capacity_reusable(c, "hash@0") == NULL, "a disturbed baseline is not reused");
	ok(isnan(b->lo) && isnan(b->hi), "a disturbed solo is not in the range");
	r = res(782.0, 1, 0.01, 0, 3);
	ok(capacity_offer(c, "hash@0", &r, 1, "hash#2") == 1, "an undisturbed one replaces it");
	b = capacity_get(c, "hash@0");
	ok(b->rate == 782.0 && !b->disturbed && strcmp(b->by, "hash#2") == 0 &&
	    b->at_ns == 3, "782.0 by hash#2 at 3 ns");
	ok(capacity_reusable(c, "hash@0") == b, "and is reused by a newcomer");
	/* A looser window does not replace a tight one; it widens the range. */
	r = res(700.0, 1, 0.08, 0, 4);
	ok(capacity_offer(c, "hash@0", &r, 1, "check") == 0, "a looser spread does not");
	ok(b->rate == 782.0 && b->lo == 700.0 && b->hi == 782.0 && b->n == 3,
	    "range 700-782 over 3 measurements (%g-%g, %d)", b->lo, b->hi, b->n);
	/* Others' work past a quiet window counts against a measurement. */
	r = res(790.0, 1, 0.005, 0.08, 5);
	ok(capacity_offer(c, "hash@0", &r, 1, "x") == 0, "a noisier window does not");
	r = res(790.0, 1, 0.005, 0.0, 6);
	ok(capacity_offer(c, "hash@0", &r, 1, "hash#3") == 1, "a tighter, quiet one does");
	ok(b->version == 3, "three baselines stood in turn (version %d)", b->version);
	/* The same result handed in twice (a tour and the screen) counts once. */
	ok(capacity_offer(c, "hash@0", &r, 1, "tour") == 0 && b->n == 5,
	    "a result offered twice counts once (%d)", b->n);
	/* A loads that blocks is not disturbed by its own low share. */
	r = res(1e5, 0.4, 0.02, 0, 7);
	capacity_offer(c, "pipe@0,1", &r, 0, "pipe#4");
	ok(capacity_reusable(c, "pipe@0,1") != NULL, "pipe's low share alone is its own");
	ok(capacity_count(c) == 2 && strcmp(capacity_at(c, 1)->key, "pipe@0,1") == 0,
	    "two places, in the order they came");
	capacity_forget(c, "hash@0");
	ok(capacity_get(c, "hash@0") == NULL && capacity_at(c, 0)->hi == 790.0,
	    "forgotten: no baseline, the range stays");
	capacity_clear(c);
	ok(capacity_count(c) == 0, "cleared");
	capacity_free(c);
	ok(capacity_session() == capacity_session(), "one session table");
}

/* The JSON every surface writes of a baseline. */
static void
test_json(void)
{
	struct capacity		*c = capacity_new();
	struct solo_result	 r = res(2e6, 1, 0.01, 0, 3000000000ULL);
	struct strbuf		 sb;
	struct jsonw		 w;

	capacity_offer(c, "hash@0", &r, 1, "hash#1");
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	capacity_json(capacity_get(c, "hash@0"), kernel_find("hash"), 1000000000ULL, 1, &w);
	jsonw_finish(&w);
	ok(strstr(sb.s, "\"place\":\"hash@0\"") != NULL && strstr(sb.s, "\"at_s\":2") !=
	    NULL && strstr(sb.s, "\"reused\":true") != NULL &&
	    strstr(sb.s, "\"by\":\"hash#1\"") != NULL, "place, when, reused, by: %s", sb.s);
	strbuf_free(&sb);
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	capacity_json(NULL, kernel_find("hash"), 0, 0, &w);
	jsonw_finish(&w);
	ok(strcmp(sb.s, "null") == 0, "none: null (%s)", sb.s);
	strbuf_free(&sb);
	capacity_free(c);
}

int
main(void)
{
	test_keys();
	test_best();
	test_json();
	return tap_done();
}
