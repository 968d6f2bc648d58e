/* test_drift.c: capacity drift told from events on synthetic sample series. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/drift.h"
#include "drift_at.h"
#include "tap.h"

/* Feed n refreshes of s; the last result, and the first refresh that was not NONE. */
static enum drift_result
feed(struct drift *d, struct drift_sample s, int n, int *first)
{
	enum drift_result	r = DRIFT_NONE;
	int			i;

	for (i = 0; i < n; i++) {
		r = drift_feed(d, &s);
		if (r != DRIFT_NONE && first != NULL && *first < 0)
			*first = i + 1;
	}
	return r;
}

/* A step with nothing in view is capacity, seen within two refreshes. */
static void
test_step_no_event(void)
{
	struct drift	d;
	char		why[64];
	int		first = -1;

	drift_init(&d);
	feed(&d, at(100.0, NAN), 10, NULL);
	ok(d.changes == 0, "a steady rate: no change");
	feed(&d, at(70.0, NAN), 2, &first);
	ok(first == 2, "the step is seen at its second refresh (%d)", first);
	ok(d.changes == 1, "one capacity change");
	ok(fabs(d.capacity - 0.70) < 0.01, "capacity now 0.70 of the baseline's (%.3f)",
	    d.capacity);
	drift_cause(&d, NULL, why, sizeof why);
	ok(strcmp(why, "unexplained") == 0, "no clock, no hypervisor: '%s'", why);
	drift_cause(&d, "KVM", why, sizeof why);
	ok(strcmp(why, "the host (under KVM)") == 0, "under KVM: '%s'", why);
	feed(&d, at(70.0, NAN), 5, NULL);
	ok(d.changes == 1, "the new level holds: no second change");
}

/* The clock moving with the step names the clock. */
static void
test_clock(void)
{
	struct drift	d;
	char		why[64];

	drift_init(&d);
	feed(&d, at(100.0, 3100.0), 6, NULL);
	feed(&d, at(77.0, 2400.0), 2, NULL);
	ok(d.changes == 1, "a step with the clock: a change");
	drift_cause(&d, "KVM", why, sizeof why);
	ok(strcmp(why, "clock 3.1 -> 2.4 GHz") == 0, "the clock named: '%s'", why);
}

/* A step when a load starts is the event's, not capacity. */
static void
test_step_with_event(void)
{
	struct drift		d;
	struct drift_sample	s;

	drift_init(&d);
	feed(&d, at(100.0, NAN), 6, NULL);
	s = at(55.0, NAN);
	s.event = 1;
	ok(drift_feed(&d, &s) == DRIFT_EVENT, "a load started: an event");
	feed(&d, at(55.0, NAN), 6, NULL);
	ok(d.changes == 0 && d.capacity == 1.0, "the level after it is no capacity change");
}

/* A hog's work on the core is others' work, never capacity. */
static void
test_hog(void)
{
	struct drift		d;
	struct drift_sample	s;
	int			i, cap = 0;

	drift_init(&d);
	feed(&d, at(100.0, NAN), 6, NULL);
	s = at(50.0, NAN);
	s.others = 1.0;
	for (i = 0; i < 6; i++)
		if (drift_feed(&d, &s) == DRIFT_CAPACITY)
			cap++;
	ok(cap == 0 && d.changes == 0, "a hog beside it: no capacity change");
	s = at(50.0, NAN);
	s.steal = 0.5;
	ok(drift_feed(&d, &s) == DRIFT_EVENT, "steal appearing is an event");
}

/* Noise within the spread, and a lone outlier, are no change. */
static void
test_noise(void)
{
	struct drift	d;
	static const double rates[] = { 100, 103, 98, 101, 97, 102, 60, 100, 99, 101 };
	struct drift_sample s;
	size_t		i;

	drift_init(&d);
	for (i = 0; i < sizeof rates / sizeof rates[0]; i++) {
		s = at(rates[i], NAN);
		drift_feed(&d, &s);
	}
	ok(d.changes == 0, "noise and one outlier: no change");
	/* Two steps in opposite directions are no level. */
	s = at(60.0, NAN);
	drift_feed(&d, &s);
	s = at(140.0, NAN);
	drift_feed(&d, &s);
	ok(d.changes == 0, "down then up: no change");
	/* A wide spread widens the band. */
	s = at(85.0, NAN);
	s.spread = 0.20;
	drift_feed(&d, &s);
	drift_feed(&d, &s);
	ok(d.changes == 0, "a 15 %% step inside a 20 %% spread: no change");
}

int
main(void)
{
	test_step_no_event();
	test_clock();
	test_step_with_event();
	test_hog();
	test_noise();
	return tap_done();
}
