/* test_eta.c: a command's estimate, its time left as it goes, and why it took longer (eta.c). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/eta.h"
#include "tap.h"

#define S	1000000000ULL	/* a second in ns */

/* Within a hundredth. */
static int
near(double a, double b)
{
	return fabs(a - b) < 0.01;
}

int
main(void)
{
	struct eta	e;
	char		buf[512];

	/* 12 s planned: 10 s of windows, 2 s of setup, no wait. */
	eta_start(&e, 12, 2, 0, 100 * S);
	ok(near(eta_left(&e, 0, 100 * S), 12), "before anything ran: the plan, 12 s (%.2f)",
	    eta_left(&e, 0, 100 * S));
	eta_setup(&e, 2);
	/* Half the work done in 7 s, 2 of them setup: 5 s for half: 5 s left. */
	ok(near(eta_left(&e, 0.5, 107 * S), 5), "half done at the plan's pace: 5 s left (%.2f)",
	    eta_left(&e, 0.5, 107 * S));
	/* Half done in 12 s (2 setup, 10 work): the pace is half: 10 s left. */
	ok(near(eta_left(&e, 0.5, 112 * S), 10), "half done at half the pace: 10 s left (%.2f)",
	    eta_left(&e, 0.5, 112 * S));
	/* A 3 s wait is not the work's pace. */
	eta_wait(&e, 3);
	ok(near(eta_left(&e, 0.5, 115 * S), 10), "a wait does not slow the pace (%.2f)",
	    eta_left(&e, 0.5, 115 * S));
	ok(eta_left(&e, 1, 120 * S) == 0, "all done: none left");

	/* A planned wait not waited yet is still to come. */
	eta_start(&e, 14, 0, 2, 0);
	ok(near(eta_left(&e, 0, 0), 14), "a plan with a 2 s wait: 14 s left at the start "
	    "(%.2f)", eta_left(&e, 0, 0));
	eta_wait(&e, 0.5);
	ok(near(eta_left(&e, 0, S / 2), 13.5), "half a second of it waited: 13.5 s left "
	    "(%.2f)", eta_left(&e, 0, S / 2));

	eta_start(&e, 12, 1.5, 0, 0);
	eta_end(&e, (uint64_t)(13.9 * S));
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 14 s (about 12 s planned)") == 0,
	    "within 25%%: the time and the plan: '%s'", buf);

	/* A plan of windows that may end early is a bound, and says so. */
	eta_start(&e, 9.4, 0.2, 0, 0);
	e.at_most = 1;
	eta_end(&e, (uint64_t)(4.4 * S));
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 4.4 s (at most about 9.4 s planned)") == 0,
	    "a bound, under it: the time and the bound: '%s'", buf);
	eta_end(&e, (uint64_t)(10.1 * S));
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 10 s (about 9.4 s planned)") == 0,
	    "a bound passed, within 25%%: not called a bound: '%s'", buf);

	eta_start(&e, 12, 1.5, 2, 0);
	eta_wait(&e, 9);
	eta_again(&e, 6, 4.1);
	eta_setup(&e, 7.5);
	eta_end(&e, 31 * S);
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 31 s, not 12 s: waited 9.0 s for quiet windows, measured 6 "
	    "figures again (4.1 s), the loads' setup took 7.5 s, not 1.5 s, the measuring "
	    "itself took 1.9 s longer") == 0,
	    "past 25%%: why, from what was counted: '%s'", buf);

	eta_start(&e, 12, 0, 0, 0);
	eta_again(&e, 1, 0.5);
	eta_end(&e, 20 * S);
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 20 s, not 12 s: measured 1 figure again (0.5 s), the "
	    "measuring itself took 7.5 s longer") == 0, "what the counts do not explain is said too: "
	    "'%s'", buf);

	eta_start(&e, 4.4, 0, 0, 0);
	eta_end(&e, 12 * S);
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 12 s, not 4.4 s: the measuring itself took 7.6 s longer") == 0,
	    "under 10 s, a tenth: '%s'", buf);

	/* c2c on 2 CPUs: a plan of 30 ms was 'took 0.0 s, not 0.0'. */
	eta_start(&e, 0.03, 0, 0, 0);
	eta_end(&e, (uint64_t)(0.04 * S));
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 40 ms, not 30 ms") == 0,
	    "a plan under 0.1 s in ms, each figure with its unit: '%s'", buf);
	/* c2c on 2 CPUs: 'The measurement took 0.2 s, not 0.2 s.' */
	eta_start(&e, 0.196, 0, 0, 0);
	eta_end(&e, (uint64_t)(0.249 * S));
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 249 ms, not 196 ms") == 0,
	    "two that read alike in tenths, in ms: '%s'", buf);
	/* time --runs 1 -- false: 'took 0.0 s (about 0.0 s planned)'. */
	eta_start(&e, 0.002, 0, 0, 0);
	eta_end(&e, (uint64_t)(0.0021 * S));
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 2 ms (about 2 ms planned)") == 0,
	    "milliseconds, never 0.0 s: '%s'", buf);
	/* tour --headless: "the loads' setup took 0.1 s, not 0 s". */
	eta_start(&e, 18, 0, 0, 0);
	eta_setup(&e, 0.1);
	eta_end(&e, 30 * S);
	eta_took(&e, buf, sizeof buf);
	ok(strstr(buf, "the loads' setup took 0.1 s, the measuring") != NULL,
	    "a setup the plan left out: no 'not 0 s': '%s'", buf);
	/*
	 * run --time 0.05 hash@0: "took 1.1 s, not 0.1: 1.0 s more in its
	 * windows and starts": two guarded solos that each waited 1 s for a
	 * quiet window that never came, the waits never counted.
	 */
	eta_start(&e, 0.2, 0, 0, 0);
	eta_guarded(&e, 1.06, 1.0, 1);
	eta_guarded(&e, 1.06, 1.0, 1);
	eta_end(&e, (uint64_t)(2.25 * S));
	eta_took(&e, buf, sizeof buf);
	ok(strcmp(buf, "took 2.2 s, not 0.2 s: waited 2.0 s for quiet windows") == 0,
	    "guarded solos' waits said as waits: '%s'", buf);
	/* A solo measured again after a 0.5 s wait: the figure's time, without the wait. */
	eta_start(&e, 10, 0, 0, 0);
	eta_guarded(&e, 2.5, 0.5, 2);
	ok(near(e.waited_s, 0.5) && e.again == 1 && near(e.again_s, 1),
	    "a wait, then a second try: 0.5 s waited, 1 figure again in 1 s (%.2f, %d, %.2f)",
	    e.waited_s, e.again, e.again_s);
	eta_seconds(0.0001, buf, sizeof buf);
	ok(strcmp(buf, "under 1 ms") == 0, "under a millisecond said so: '%s'", buf);
	return tap_done();
}
