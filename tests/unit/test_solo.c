/* test_solo.c: the solo measurer on a simulated clock and simulated loads. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "engine/loads.h"
#include "engine/solo.h"
#include "tap.h"
#include "base/util.h"

/* Simulated loads time-share one CPU: each running one gets 1/n of it. */
#define FAKE_N	4
static struct {
	int	 live, paused;
	double	 alone;		/* units per second alone */
	double	 count, run_s;
	int	 pauses;	/* pause calls seen */
	int	 starved;	/* others take its whole CPU: it makes no progress */
} fake[FAKE_N + 1];		/* by id, 1-based */
static uint64_t	fake_now;

/* Running loads now. */
static int
fake_nrunning(void)
{
	int	i, n = 0;

	for (i = 1; i <= FAKE_N; i++)
		n += fake[i].live && !fake[i].paused;
	return n;
}

/* Move the clock on by ns, letting the running loads work. */
static void
fake_advance(uint64_t ns)
{
	int	i, n = fake_nrunning();

	for (i = 1; i <= FAKE_N && n > 0; i++) {
		if (!fake[i].live || fake[i].paused || fake[i].starved)
			continue;
		fake[i].count += fake[i].alone * (double)ns / 1e9 / n;
		fake[i].run_s += (double)ns / 1e9 / n;
	}
	fake_now += ns;
}

static int
fake_pause(void *arg, int id, int pause)
{
	(void)arg;
	if (id < 1 || id > FAKE_N || !fake[id].live)
		return -1;
	fake[id].paused = pause;
	fake[id].pauses += pause;
	return 0;
}

static int
fake_sample(void *arg, int id, struct load_sample *out)
{
	(void)arg;
	if (id < 1 || id > FAKE_N || !fake[id].live)
		return -1;
	out->t_ns = fake_now;
	out->count = (uint64_t)fake[id].count;
	out->run_ns = (uint64_t)(fake[id].run_s * 1e9) + 1;
	out->cpu = 0;
	return 0;
}

static int
fake_running(void *arg, int *ids, int max)
{
	int	i, n = 0;

	(void)arg;
	for (i = 1; i <= FAKE_N && n < max; i++)
		if (fake[i].live && !fake[i].paused)
			ids[n++] = i;
	return n;
}

static const struct solo_ops fake_ops = { fake_pause, fake_sample, fake_running, NULL };

/* Others use 30 % of a CPU on every load's core. */
static int
fake_foreign(void *arg, int id, uint64_t *ns)
{
	(void)arg;
	(void)id;
	*ns = fake_now * 3 / 10;
	return 0;
}

static const struct solo_ops fake_busy_ops = { fake_pause, fake_sample, fake_running,
    fake_foreign };

/* Poll every 10 ms of simulated time until a result or the limit. */
static int
run_until_result(struct solo *s, uint64_t limit_ns, int *id, struct solo_result *r)
{
	uint64_t	end = fake_now + limit_ns;

	while (fake_now < end) {
		if (solo_poll(s, fake_now, id, r) == 1)
			return 1;
		fake_advance(10 * 1000 * 1000);
	}
	return 0;
}

static void
fake_reset(void)
{
	memset(fake, 0, sizeof fake);
	fake_now = 1000000000ULL;
	fake[1].live = fake[2].live = fake[3].live = 1;
	fake[1].alone = 1000;
	fake[2].alone = 5000;
	fake[3].alone = 300;
}

/*
 * On the real clock, for the blocking guarded measurer: load 1 works at
 * 1000 units/s, others use real_foreign of a CPU on its core until
 * real_quiet_ns (0: for ever), nothing after.
 */
static uint64_t	real_t0, real_quiet_ns;
static double	real_foreign;

static int
real_sample(void *arg, int id, struct load_sample *out)
{
	uint64_t	now = util_now_ns();

	(void)arg;
	if (id != 1)
		return -1;
	out->t_ns = now;
	out->count = (now - real_t0) / 1000000;
	out->run_ns = now - real_t0 + 1;
	out->cpu = 0;
	return 0;
}

static int
real_pause(void *arg, int id, int pause)
{
	(void)arg;
	(void)pause;
	return id == 1 ? 0 : -1;
}

static int
real_running(void *arg, int *ids, int max)
{
	(void)arg;
	if (max < 1)
		return 0;
	ids[0] = 1;
	return 1;
}

static int
real_foreign_ns(void *arg, int id, uint64_t *ns)
{
	uint64_t	now = util_now_ns() - real_t0;

	(void)arg;
	(void)id;
	if (real_quiet_ns != 0 && now > real_quiet_ns)
		now = real_quiet_ns;
	*ns = (uint64_t)((double)now * real_foreign);
	return 0;
}

static const struct solo_ops real_ops = { real_pause, real_sample, real_running,
    real_foreign_ns };

/* Stable windows and the guard on the real clock. */
static void
test_guarded(void)
{
	struct solo_stable	stab = { 100000000ULL, 400000000ULL, 25000000ULL, 0.05, 3 };
	struct solo_result	r;
	uint64_t		t;
	int			tries, rc;

	real_t0 = util_now_ns();
	real_foreign = 0;
	real_quiet_ns = 0;
	rc = solo_measure_guarded(&real_ops, NULL, 1, 10000000ULL, &stab, 1, 500000000ULL,
	    &r, &tries);
	ok(rc == 0 && tries == 1 && !solo_disturbed(&r, 1), "a quiet core: one "
	    "measurement (%d), not disturbed", tries);
	ok(fabs(r.rate - 1000) < 50 && r.spread < 0.05, "its rate %.1f, spread %.3f",
	    r.rate, r.spread);
	ok(r.window_ns < stab.max_ns, "a steady rate ends before the maximum (%.3f s)",
	    (double)r.window_ns / 1e9);
	ok(r.waited_s == 0, "no wait for a quiet window (%.3f s)", r.waited_s);

	/* Foreign work for 0.6 s: disturbed, then measured again once quiet. */
	real_t0 = util_now_ns();
	real_foreign = 0.5;
	real_quiet_ns = 600000000ULL;
	rc = solo_measure_guarded(&real_ops, NULL, 1, 10000000ULL, &stab, 1, 2000000000ULL,
	    &r, &tries);
	ok(rc == 0 && tries == 2 && !solo_disturbed(&r, 1) && r.foreign < 0.05,
	    "others for 0.6 s: measured again once quiet (%d tries, foreign %.2f)", tries,
	    r.foreign);
	ok(r.waited_s >= 0.2 && r.waited_s < 1.5, "the wait for the quiet window counted "
	    "(%.2f s)", r.waited_s);

	/* Foreign work that never stops: measured once, kept and marked. */
	real_t0 = util_now_ns();
	real_quiet_ns = 0;
	t = util_now_ns();
	rc = solo_measure_guarded(&real_ops, NULL, 1, 10000000ULL, &stab, 1, 500000000ULL,
	    &r, &tries);
	t = util_now_ns() - t;
	ok(rc == 0 && tries == 1 && solo_disturbed(&r, 1) && fabs(r.foreign - 0.5) < 0.05,
	    "others all the time: one try, disturbed (foreign %.2f)", r.foreign);
	ok(t < 3000000000ULL, "no quiet window: it waited at most the limit (%.2f s)",
	    (double)t / 1e9);
	/* run --time 0.05 hash@0: a wait that found no quiet window went uncounted. */
	ok(r.waited_s >= 0.45 && r.waited_s <= (double)t / 1e9, "the wait that found none "
	    "counted (%.2f s of %.2f s)", r.waited_s, (double)t / 1e9);
}

int
main(void)
{
	struct solo_result	 r;
	struct solo		*s;
	int			 id, got, i;

	/* Three loads time-share; each measured alone gets its whole rate. */
	fake_reset();
	s = solo_new(&fake_ops, NULL);
	solo_queue(s, 1);
	solo_queue(s, 2);
	solo_queue(s, 2);
	ok(solo_pending(s, 1) && solo_pending(s, 2) && !solo_pending(s, 3),
	    "queued loads are pending, others not");
	ok(solo_busy(s) && solo_current(s) == -1, "busy before the first poll");
	ok(run_until_result(s, 3000000000ULL, &id, &r) && id == 1,
	    "the first queued load is measured first");
	ok(fabs(r.rate - 1000) < 15, "load 1 alone: %.1f units/s (1000 expected)", r.rate);
	ok(fabs(r.share - 1) < 0.02, "load 1 alone got its whole CPU (%.3f)", r.share);
	ok(r.window_ns >= SOLO_WINDOW_NS, "the window is at least the default (%llu ns)",
	    (unsigned long long)r.window_ns);
	ok(run_until_result(s, 3000000000ULL, &id, &r) && id == 2 && fabs(r.rate - 5000) < 60,
	    "then load 2, queued twice, measured once: %.1f units/s", r.rate);
	ok(!solo_busy(s), "nothing left to measure");
	ok(fake_nrunning() == 3, "every load resumed afterwards (%d running)",
	    fake_nrunning());
	ok(solo_deadline(s) == 0, "idle: no deadline");
	solo_free(s);

	/* A newcomer during a measurement is held, and resumed at the end. */
	fake_reset();
	s = solo_new(&fake_ops, NULL);
	solo_queue(s, 3);
	solo_poll(s, fake_now, &got, &r);
	ok(solo_current(s) == 3 && fake[1].paused && fake[2].paused,
	    "measuring load 3: the others are paused");
	ok(solo_holds(s, 1) && solo_holds(s, 2) && !solo_holds(s, 3),
	    "the measurer holds the others");
	fake[4].live = 1;
	fake[4].alone = 10;
	solo_hold(s, 4);
	ok(fake[4].paused && solo_holds(s, 4), "a newcomer is held");
	ok(run_until_result(s, 3000000000ULL, &id, &r) && id == 3 && fabs(r.rate - 300) < 5,
	    "load 3 alone: %.1f units/s", r.rate);
	ok(!fake[4].paused && !fake[1].paused, "the newcomer and the others resume");
	solo_free(s);

	/* A load paused by its user waits in the queue; a dead one is dropped. */
	fake_reset();
	s = solo_new(&fake_ops, NULL);
	fake[1].paused = 1;
	solo_queue(s, 1);
	solo_queue(s, 2);
	solo_poll(s, fake_now, &got, &r);
	ok(solo_current(s) == 2 && solo_pending(s, 1), "a user-paused load waits its turn");
	fake[2].live = 0;
	fake_advance(SOLO_SETTLE_NS + 1);
	ok(solo_poll(s, fake_now, &got, &r) == 0 && solo_current(s) == -1,
	    "a load that died is dropped without a result");
	ok(!fake[3].paused, "and the loads it held resume");
	fake[1].paused = 0;
	ok(run_until_result(s, 3000000000ULL, &id, &r) && id == 1,
	    "the user-paused load is measured once resumed");
	solo_free(s);

	/* Forgetting the measured load releases the others at once. */
	fake_reset();
	s = solo_new(&fake_ops, NULL);
	solo_queue(s, 1);
	solo_poll(s, fake_now, &got, &r);
	solo_forget(s, 1);
	ok(solo_current(s) == -1 && fake_nrunning() == 3, "forget: the others run again");
	/* Freeing mid-measurement resumes too. */
	solo_queue(s, 2);
	solo_poll(s, fake_now, &got, &r);
	solo_free(s);
	ok(fake_nrunning() == 3, "free mid-measurement: everything runs again");

	/* Windows are settable; a restart begins the settle again. */
	fake_reset();
	s = solo_new(&fake_ops, NULL);
	solo_set_windows(s, 50000000ULL, 300000000ULL);
	solo_queue(s, 2);
	solo_poll(s, fake_now, &got, &r);
	ok(solo_deadline(s) == fake_now + 50000000ULL, "settle deadline as set");
	ok(run_until_result(s, 1000000000ULL, &id, &r) && r.window_ns >= 300000000ULL &&
	    r.window_ns < 400000000ULL, "a 0.3 s window (%llu ns)",
	    (unsigned long long)r.window_ns);
	for (i = 1; i <= 3; i++)
		ok(fake[i].pauses <= 1, "load %d was paused at most once (%d)", i, fake[i].pauses);
	solo_free(s);

	/* The guard: others' time on the core, and the share the load got. */
	fake_reset();
	s = solo_new(&fake_ops, NULL);
	solo_queue(s, 1);
	ok(run_until_result(s, 3000000000ULL, &id, &r) && isnan(r.foreign),
	    "without a foreign_ns op, foreign is unknown");
	ok(!solo_disturbed(&r, 1), "a whole share and no known foreign work: not disturbed");
	solo_free(s);
	fake_reset();
	s = solo_new(&fake_busy_ops, NULL);
	solo_queue(s, 1);
	ok(run_until_result(s, 3000000000ULL, &id, &r) && fabs(r.foreign - 0.3) < 0.01,
	    "others' 30%% of a CPU on the core is seen (%.3f)", r.foreign);
	ok(solo_disturbed(&r, 1) && solo_disturbed(&r, 0),
	    "more than 10%% foreign work: disturbed, blocking load or not");
	solo_free(s);
	r.foreign = 0.05;
	r.share = 0.8;
	ok(solo_disturbed(&r, 1) && !solo_disturbed(&r, 0),
	    "a share of 0.8 disturbs a CPU-bound solo, not a blocking one's");
	r.share = 0.95;
	ok(!solo_disturbed(&r, 1), "share 0.95 and 5%% foreign: a good solo");

	/* A load that never ran in its window got none of its CPU: disturbed, not unknown. */
	fake_reset();
	fake[1].starved = 1;
	s = solo_new(&fake_ops, NULL);
	solo_queue(s, 1);
	ok(run_until_result(s, 3000000000ULL, &id, &r) && r.share == 0 && isnan(r.rate) &&
	    solo_disturbed(&r, 1), "a starved load: share 0, no rate, disturbed");
	solo_free(s);

	/* A stable window ends when the rate is known; its spread comes with it. */
	fake_reset();
	s = solo_new(&fake_ops, NULL);
	{
		struct solo_stable	stab = { 300000000ULL, 2000000000ULL, 50000000ULL,
		    0.02, 4 };

		solo_set_stable(s, &stab);
	}
	solo_queue(s, 2);
	ok(run_until_result(s, 3000000000ULL, &id, &r) && id == 2 &&
	    fabs(r.rate - 5000) < 60, "stable window: load 2 alone %.1f units/s", r.rate);
	ok(r.window_ns >= 300000000ULL && r.window_ns < 400000000ULL,
	    "a steady rate ends at the minimum (%llu ns)", (unsigned long long)r.window_ns);
	ok(isfinite(r.spread) && r.spread < 0.02, "with its spread (%.4f)", r.spread);
	solo_set_stable(s, NULL);
	solo_queue(s, 1);
	ok(run_until_result(s, 3000000000ULL, &id, &r) && isnan(r.spread) &&
	    r.window_ns >= SOLO_WINDOW_NS, "fixed windows again: no spread, the whole window");
	solo_free(s);
	test_guarded();
	return tap_done();
}
