/*
 * test_drift_load.c: the screen's drift wiring (engine/drift_load.c) on
 * synthetic refreshes: the capacity, the mark and the WHY's words.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/drift_load.h"
#include "drift_at.h"
#include "tap.h"

/* Feed n refreshes; the last result, and the count of each result. */
static enum drift_result
feed(struct drift_load *t, int cpu, int base, struct drift_sample s, double share,
    const char *hv, int n, int count[3])
{
	enum drift_result	r = DRIFT_NONE;
	int			i;

	for (i = 0; i < n; i++) {
		r = drift_load_feed(t, cpu, base, &s, share, hv);
		if (count != NULL)
			count[r]++;
	}
	return r;
}

/* The WHY the screen shows: a speed against the baseline, the tracker's capacity. */
static int
why(const struct drift_load *t, double speed_now, double share, const char *near,
    const char *hv, char *buf, size_t len)
{
	struct split_words	w = { NULL, NULL, NULL };
	struct split		sp;
	double			cap = drift_load_capacity(t);

	w.near = near;
	w.hypervisor = hv;
	/* The screen shows the speed against the CPU now; the split takes the baseline's. */
	split_compute(drift_load_marked(t) ? speed_now * cap : speed_now, 1.0, share, 1.0,
	    cap, &sp);
	return drift_load_why(t, &sp, 0.02, &w, buf, len);
}

/* A step with nothing in view, the clock falling with it: capacity, its cause. */
static void
test_clock(void)
{
	struct drift_load	t;
	char			buf[256];
	int			n[3] = { 0, 0, 0 };

	drift_load_init(&t);
	feed(&t, 1, 0, at(100.0, 3100.0), 1.0, NULL, 10, n);
	ok(!drift_load_marked(&t) && isnan(drift_load_capacity(&t)),
	    "steady: no mark, capacity unknown (n/a)");
	ok(strcmp(drift_load_mark(&t), "") == 0, "steady: no mark character");
	why(&t, 1.0, 1.0, "alone on its core", NULL, buf, sizeof buf);
	ok(buf[0] == '\0', "steady: the figures add nothing to the WHY ('%s')", buf);
	ok(feed(&t, 1, 0, at(70.0, 2400.0), 1.0, NULL, 1, n) == DRIFT_NONE,
	    "the first refresh of the step waits");
	ok(feed(&t, 1, 0, at(70.0, 2400.0), 1.0, NULL, 1, n) == DRIFT_CAPACITY,
	    "the second refresh: capacity");
	ok(fabs(drift_load_capacity(&t) - 0.70) < 0.01, "capacity 0.70 (%.3f)",
	    drift_load_capacity(&t));
	ok(drift_load_marked(&t) && strcmp(drift_load_mark(&t), "*") == 0,
	    "the speed is marked '%s'", drift_load_mark(&t));
	ok(strcmp(t.cause, "clock 3.1 -> 2.4 GHz") == 0, "cause '%s'", t.cause);
	/* Against the CPU now it runs at 100 %; against the baseline at 70 %. */
	why(&t, 1.0, 1.0, "alone on its core", "KVM", buf, sizeof buf);
	ok(strcmp(buf, "-30 %: its CPU gives 70 % of its baseline: clock 3.1 -> 2.4 GHz")
	    == 0, "WHY names the clock: '%s'", buf);
	ok(strstr(buf, "alone on its core") == NULL, "never 'alone' below the range");
	feed(&t, 1, 0, at(70.0, 2400.0), 1.0, NULL, 5, n);
	ok(n[DRIFT_CAPACITY] == 1 && fabs(drift_load_capacity(&t) - 0.70) < 0.01,
	    "the new level holds: one change (%d)", n[DRIFT_CAPACITY]);
}

/* Under a hypervisor with no clock: the host, said once. */
static void
test_host(void)
{
	struct drift_load	t;
	char			buf[256];

	drift_load_init(&t);
	feed(&t, 3, 2, at(9.5, NAN), 1.0, "KVM", 8, NULL);
	feed(&t, 3, 2, at(7.0, NAN), 1.0, "KVM", 2, NULL);
	ok(strcmp(t.cause, "the host (under KVM)") == 0, "cause '%s'", t.cause);
	why(&t, 1.0, 1.0, "alone on its core; L3 shared with int#2", "KVM", buf,
	    sizeof buf);
	ok(strncmp(buf, "-26 %: its CPU gives 74 % of its baseline: the host (under KVM)",
	    62) == 0, "WHY names the host: '%s'", buf);
	ok(strstr(buf, "under KVM: the host") == NULL, "the host said once: '%s'", buf);
	drift_load_init(&t);
	feed(&t, 3, 2, at(9.5, NAN), 1.0, NULL, 8, NULL);
	feed(&t, 3, 2, at(7.0, NAN), 1.0, NULL, 2, NULL);
	ok(strcmp(t.cause, "unexplained") == 0, "bare metal, no clock: '%s'", t.cause);
}

/* Others' work rising on its core is an event, never capacity. */
static void
test_others(void)
{
	struct drift_load	t;
	struct drift_sample	s;
	char			buf[256];
	int			n[3] = { 0, 0, 0 };

	drift_load_init(&t);
	feed(&t, 0, 1, at(100.0, NAN), 1.0, NULL, 10, n);
	s = at(50.0, NAN);
	s.others = 0.5;
	feed(&t, 0, 1, s, 0.5, NULL, 6, n);
	ok(n[DRIFT_EVENT] >= 1, "others' work rising: an event (%d)", n[DRIFT_EVENT]);
	ok(n[DRIFT_CAPACITY] == 0, "never capacity (%d)", n[DRIFT_CAPACITY]);
	ok(isnan(drift_load_capacity(&t)) && !drift_load_marked(&t),
	    "capacity stays n/a, no mark");
	why(&t, 0.5, 0.5, "shares CPU 0 with cc1 (42) 50%", NULL, buf, sizeof buf);
	ok(strstr(buf, "got 50 % of its CPU") != NULL && strstr(buf, "its CPU gives") == NULL,
	    "WHY names the share, not the CPU: '%s'", buf);
	/* Steal rising is the same. */
	drift_load_init(&t);
	memset(n, 0, sizeof n);
	feed(&t, 0, 1, at(100.0, NAN), 1.0, NULL, 10, n);
	s = at(60.0, NAN);
	s.steal = 0.4;
	feed(&t, 0, 1, s, 1.0, "KVM", 6, n);
	ok(n[DRIFT_EVENT] >= 1 && n[DRIFT_CAPACITY] == 0,
	    "steal rising: an event, never capacity (%d, %d)", n[DRIFT_EVENT],
	    n[DRIFT_CAPACITY]);
}

/* Its own share stepping (the scheduler) is an event, never capacity. */
static void
test_share(void)
{
	struct drift_load	t;
	int			n[3] = { 0, 0, 0 };

	drift_load_init(&t);
	feed(&t, 0, 1, at(100.0, NAN), 1.0, NULL, 10, n);
	feed(&t, 0, 1, at(50.0, NAN), 0.5, NULL, 6, n);
	ok(n[DRIFT_EVENT] == 1 && n[DRIFT_CAPACITY] == 0,
	    "its share halved: one event, no capacity (%d, %d)", n[DRIFT_EVENT],
	    n[DRIFT_CAPACITY]);
	/* A load started at the step: the caller's event. */
	drift_load_init(&t);
	memset(n, 0, sizeof n);
	feed(&t, 0, 1, at(100.0, NAN), 1.0, NULL, 10, n);
	{
		struct drift_sample	s = at(60.0, NAN);

		s.event = 1;
		feed(&t, 0, 1, s, 1.0, NULL, 1, n);
	}
	feed(&t, 0, 1, at(60.0, NAN), 1.0, NULL, 5, n);
	ok(n[DRIFT_EVENT] == 1 && n[DRIFT_CAPACITY] == 0 && !drift_load_marked(&t),
	    "a load started at the step: event, no capacity, no mark");
}

/* A new baseline or another CPU starts it again; back at the baseline: no mark. */
static void
test_reset(void)
{
	struct drift_load	t;

	drift_load_init(&t);
	feed(&t, 0, 1, at(100.0, NAN), 1.0, NULL, 8, NULL);
	feed(&t, 0, 1, at(70.0, NAN), 1.0, NULL, 2, NULL);
	ok(drift_load_marked(&t), "capacity moved: marked");
	feed(&t, 0, 2, at(70.0, NAN), 1.0, NULL, 1, NULL);
	ok(!drift_load_marked(&t) && isnan(drift_load_capacity(&t)) && t.cause[0] == '\0',
	    "a new baseline: capacity n/a again, no mark, no cause");
	feed(&t, 0, 2, at(70.0, NAN), 1.0, NULL, 8, NULL);
	feed(&t, 0, 2, at(50.0, NAN), 1.0, NULL, 2, NULL);
	ok(drift_load_marked(&t), "moved again: marked");
	feed(&t, 1, 2, at(100.0, NAN), 1.0, NULL, 1, NULL);
	ok(!drift_load_marked(&t) && isnan(drift_load_capacity(&t)),
	    "moved to another CPU: capacity n/a");
	feed(&t, 1, 2, at(100.0, NAN), 1.0, NULL, 7, NULL);
	feed(&t, 1, 2, at(70.0, NAN), 1.0, NULL, 4, NULL);
	feed(&t, 1, 2, at(100.0, NAN), 1.0, NULL, 4, NULL);
	ok(!drift_load_marked(&t) && fabs(drift_load_capacity(&t) - 1.0) < 0.02,
	    "down and back: capacity 1 measured (%.3f), no mark",
	    drift_load_capacity(&t));
}

/* The capacity up, or another cause first: the clause comes where it belongs. */
static void
test_words(void)
{
	struct drift_load	t;
	char			buf[256];

	drift_load_init(&t);
	feed(&t, 0, 1, at(100.0, 2400.0), 1.0, NULL, 8, NULL);
	feed(&t, 0, 1, at(130.0, 3100.0), 1.0, NULL, 2, NULL);
	ok(fabs(drift_load_capacity(&t) - 1.30) < 0.01, "capacity up: 1.30");
	why(&t, 1.0, 1.0, "alone on its core", NULL, buf, sizeof buf);
	ok(strcmp(buf, "its CPU gives 130 % of its baseline: clock 2.4 -> 3.1 GHz; "
	    "alone on its core") == 0, "within range, the clause first: '%s'", buf);
	/* Half its CPU throughout, then the CPU slows: the share is named first. */
	drift_load_init(&t);
	feed(&t, 0, 1, at(50.0, NAN), 0.5, NULL, 8, NULL);
	feed(&t, 0, 1, at(35.0, NAN), 0.5, NULL, 2, NULL);
	why(&t, 0.5, 0.5, "shares CPU 0 with hash#2", NULL, buf, sizeof buf);
	ok(strcmp(buf, "-50 %: got 50 % of its CPU; others: hash#2; its CPU gives 70 % "
	    "of its baseline: unexplained") == 0, "the share first, then the CPU: '%s'",
	    buf);
}

/* A noisy rate, or a busy core, never reads as capacity. */
static void
test_noisy(void)
{
	struct drift_load	t;
	struct drift_sample	s;
	int			n[3] = { 0, 0, 0 }, i;

	drift_load_init(&t);
	for (i = 0; i < 40; i++)
		feed(&t, 0, 1, at(i % 2 ? 100.0 : 84.0, NAN), 1.0, NULL, 1, n);
	ok(n[DRIFT_CAPACITY] == 0 && !drift_load_marked(&t),
	    "a rate moving 16 %% refresh to refresh: its noise, no capacity (%d)",
	    n[DRIFT_CAPACITY]);
	drift_load_init(&t);
	memset(n, 0, sizeof n);
	s = at(100.0, NAN);
	s.others = 0.3;
	feed(&t, 0, 1, s, 1.0, NULL, 10, n);
	s.rate = 60.0;
	feed(&t, 0, 1, s, 1.0, NULL, 4, n);
	ok(n[DRIFT_CAPACITY] == 0 && n[DRIFT_EVENT] == 14,
	    "others on its core all along: in view at every refresh, no capacity");
	/* Half its CPU: the work per CPU-second is what is followed. */
	drift_load_init(&t);
	memset(n, 0, sizeof n);
	feed(&t, 0, 1, at(100.0, NAN), 1.0, NULL, 10, n);
	feed(&t, 0, 1, at(95.0, NAN), 0.95, NULL, 10, n);
	ok(n[DRIFT_CAPACITY] == 0, "a share 5 %% lower, the rate with it: no capacity");
}

int
main(void)
{
	test_noisy();
	test_clock();
	test_host();
	test_others();
	test_share();
	test_reset();
	test_words();
	return tap_done();
}
