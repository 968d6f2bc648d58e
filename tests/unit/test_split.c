/* test_split.c: a speed split in share, capacity and interaction; EFF past physics. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/split.h"
#include "tap.h"

#define NEAR(a, b)	(fabs((a) - (b)) < 1e-9)

/* The three factors multiply back to the speed. */
static void
test_product(void)
{
	struct split	s;

	ok(split_compute(50.0, 100.0, 0.8, 1.0, 0.9, &s) == 0, "a rate and a baseline split");
	ok(NEAR(s.speed, 0.5), "speed is rate over baseline: %.3f", s.speed);
	ok(NEAR(s.share, 0.8), "share is the time given over the time alone");
	ok(NEAR(s.capacity, 0.9), "capacity as given");
	ok(NEAR(s.share * s.capacity * s.interaction, s.speed),
	    "share x capacity x interaction = speed");
	ok(split_largest(&s, 0.03) == SPLIT_INTERACTION,
	    "interaction (0.69) is the largest cause");
}

/* A CPU that lost a third of its clock: capacity, not the neighbours. */
static void
test_capacity_named(void)
{
	struct split	s;

	split_compute(66.0, 100.0, 1.0, 1.0, 0.66, &s);
	ok(NEAR(s.interaction, 1.0), "nothing left for the neighbours");
	ok(split_largest(&s, 0.03) == SPLIT_CAPACITY, "capacity named");
	split_compute(40.0, 100.0, 0.5, 1.0, NAN, &s);
	ok(isnan(s.capacity), "an unknown capacity stays unknown");
	ok(split_largest(&s, 0.03) == SPLIT_SHARE, "half the time: share named");
	split_compute(99.0, 100.0, 1.0, 1.0, 1.0, &s);
	ok(split_largest(&s, 0.03) == SPLIT_NONE, "within the spread: no cause");
	ok(split_compute(NAN, 100.0, 1.0, 1.0, 1.0, &s) == -1 && isnan(s.speed),
	    "no rate: no split");
	ok(split_compute(10.0, 0.0, 1.0, 1.0, 1.0, &s) == -1, "no baseline: no split");
}

/* EFF or SPEED above 1 + spread for a CPU-bound kernel is past physics. */
static void
test_physics(void)
{
	ok(split_past_physics(1.25, 0.05, 1), "125 %% of a CPU-second is impossible");
	ok(!split_past_physics(1.04, 0.05, 1), "104 %% is within a 5 %% spread");
	ok(!split_past_physics(1.25, 0.05, 0), "a blocking kernel may pass 100 %%");
	ok(!split_past_physics(NAN, 0.05, 1), "no figure, nothing past physics");
	ok(split_past_physics(1.01, NAN, 1), "no spread: above 100 %% is past it");
}

/* An INTERACTION past physics is made unknown; the other parts stand. */
static void
test_bound(void)
{
	struct split	s;

	/* 50 % / (50 % x 90 %): 111 %, the solos' capacity did not hold. */
	split_compute(0.5, 1.0, 0.5, 1.0, 0.9, &s);
	ok(split_bound(&s, 0.05, 1) && isnan(s.interaction) && s.share == 0.5 &&
	    s.capacity == 0.9, "interaction 111 %% past a 5 %% spread: unknown (%g)",
	    s.interaction);
	split_compute(0.5, 1.0, 0.5, 1.0, 0.9, &s);
	ok(!split_bound(&s, 0.2, 1) && fabs(s.interaction - 0.5 / 0.45) < 1e-9,
	    "within a 20 %% spread: kept (%g)", s.interaction);
	split_compute(0.5, 1.0, 0.5, 1.0, 0.9, &s);
	ok(!split_bound(&s, 0.05, 0) && isfinite(s.interaction),
	    "a blocking kernel's interaction kept");
}

/*
 * The WHY from the figures: the largest cause with its size; never "alone
 * on its core" beside a speed below its range.
 */
static void
test_why(void)
{
	struct split_words	w = { NULL, NULL, NULL };
	struct split		s;
	char			buf[256];

	/* A load beside a hog on its CPU: 71 % of the time, the share named. */
	split_compute(71.0, 100.0, 0.71, 1.0, NAN, &s);
	w.near = "shares CPU 0 with smtscope-hog (4242) 29%";
	ok(split_why(&s, 0.02, &w, buf, sizeof buf) == 1 &&
	    strcmp(buf, "-29 %: got 71 % of its CPU; others: smtscope-hog (4242) 29%") == 0,
	    "beside a hog the share is named with its size: %s", buf);
	w.others = "hash#2";
	split_why(&s, 0.02, &w, buf, sizeof buf);
	ok(strcmp(buf, "-29 %: got 71 % of its CPU; others: hash#2") == 0,
	    "the others given are named: %s", buf);
	/*
	 * A solo that had 49 % of its CPU (a hog beside it then) and 25 % now:
	 * the words say both, as the SHARE column's 25 %, not "got 51 %".
	 */
	split_compute(37.0, 100.0, 0.25, 0.49, NAN, &s);
	w.others = "smtscope-hog (4242) 49%";
	split_why(&s, 0.02, &w, buf, sizeof buf);
	ok(strcmp(buf, "-49 %: got 25 % of its CPU, against 49 % alone; others: "
	    "smtscope-hog (4242) 49%") == 0, "a solo of less than a whole CPU: the share "
	    "now against alone's: %s", buf);
	w.others = NULL;
	/*
	 * -86 % with all its time, a sibling busy 11 % with others' work: the
	 * sibling explains no more than 11 %; unexplained, the sibling said.
	 */
	split_compute(14.0, 100.0, 0.99, 1.0, NAN, &s);
	w.near = "sibling CPU 0 busy with other processes 11%";
	w.hypervisor = "QEMU TCG";
	split_why(&s, 0.05, &w, buf, sizeof buf);
	ok(strcmp(buf, "-86 %: unexplained; under QEMU TCG: the host's other hyperthread "
	    "or clock (sibling CPU 0 busy with other processes 11%: no more than 11 %)") == 0,
	    "a loss past what a busy sibling took is unexplained: %s", buf);
	/*
	 * Several named on the sibling: their shares summed (13 % + 5 %);
	 * -30 % is past them and the spread's floor, -15 % within.
	 */
	split_compute(70.0, 100.0, 1.0, 1.0, NAN, &s);
	w.near = "sibling CPU 0 busy with cc1 (42) 13%, ld (7) 5%";
	split_why(&s, 0.01, &w, buf, sizeof buf);
	ok(strcmp(buf, "-30 %: unexplained; under QEMU TCG: the host's other hyperthread "
	    "or clock (sibling CPU 0 busy with cc1 (42) 13%, ld (7) 5%: no more than "
	    "18 %)") == 0, "the shares of all named on the sibling, summed: %s", buf);
	split_compute(85.0, 100.0, 1.0, 1.0, NAN, &s);
	split_why(&s, 0.01, &w, buf, sizeof buf);
	ok(strcmp(buf, "-15 %: sibling CPU 0 busy with cc1 (42) 13%, ld (7) 5%") == 0,
	    "a loss within their sum names them: %s", buf);
	w.near = "sibling CPU 0 busy with other processes 11%";
	/* A loss within it: the sibling is named. */
	split_compute(92.0, 100.0, 1.0, 1.0, NAN, &s);
	split_why(&s, 0.02, &w, buf, sizeof buf);
	ok(strcmp(buf, "-8 %: sibling CPU 0 busy with other processes 11%") == 0,
	    "a loss within what a busy sibling took names it: %s", buf);
	w.hypervisor = NULL;
	/* All its time, 62 % of the work: the sibling's fp is named. */
	split_compute(62.0, 100.0, 1.0, 1.0, NAN, &s);
	w.near = "sibling CPU 11 runs fp#2";
	split_why(&s, 0.02, &w, buf, sizeof buf);
	ok(strcmp(buf, "-38 %: sibling CPU 11 runs fp#2") == 0,
	    "the interaction names the neighbour: %s", buf);
	/* The KVM guest's CPU 1: 71 %, alone, L3 shared with int loads. */
	split_compute(6.9, 9.7, 1.0, 1.0, NAN, &s);
	w.near = "alone on its core; L3 shared with int#2, int#3";
	w.hypervisor = "KVM";
	split_why(&s, 0.02, &w, buf, sizeof buf);
	ok(strcmp(buf, "-29 %: unexplained; under KVM: the host's other hyperthread or "
	    "clock; L3 shared with int#2, int#3") == 0,
	    "alone and slow under KVM: unexplained, the host named: %s", buf);
	ok(strstr(buf, "alone on its core") == NULL, "never alone on its core when slow");
	w.hypervisor = "";
	w.near = "alone on its core";
	split_why(&s, 0.02, &w, buf, sizeof buf);
	ok(strncmp(buf, "-29 %: unexplained; ", 20) == 0 && strstr(buf, "KVM") == NULL &&
	    strstr(buf, "alone") == NULL, "bare metal: unexplained, no host: %s", buf);
	/* A capacity measured: it is named, not the neighbours. */
	split_compute(66.0, 100.0, 1.0, 1.0, 0.66, &s);
	w.near = "sibling CPU 1 runs int#2";
	w.hypervisor = "KVM";
	split_why(&s, 0.02, &w, buf, sizeof buf);
	ok(strncmp(buf, "-34 %: its CPU gives 66 % of its baseline; under KVM: the host; ",
	    strlen("-34 %: its CPU gives 66 % of its baseline; under KVM: the host; ")) == 0,
	    "a capacity loss is named first: %s", buf);
	/* Within the range, or no figure: nothing from the figures. */
	split_compute(97.0, 100.0, 1.0, 1.0, NAN, &s);
	ok(split_why(&s, 0.02, &w, buf, sizeof buf) == 0 && buf[0] == '\0',
	    "97 %% is within the floor: the neighbours say it");
	split_compute(80.0, 100.0, 1.0, 1.0, NAN, &s);
	ok(split_why(&s, 0.25, &w, buf, sizeof buf) == 0, "80 %% inside a 25 %% spread");
	split_compute(NAN, 100.0, 1.0, 1.0, NAN, &s);
	ok(split_why(&s, 0.02, &w, buf, sizeof buf) == 0, "no speed: nothing");
	/* Two factors each inside the spread, their product below it: one is named. */
	split_compute(81.0, 100.0, 0.9, 1.0, NAN, &s);
	w.near = "alone on its core";
	w.hypervisor = NULL;
	ok(split_why(&s, 0.15, &w, buf, sizeof buf) == 1 && strstr(buf, "alone") == NULL,
	    "81 %% below a 15 %% range names a cause: %s", buf);
}

int
main(void)
{
	test_product();
	test_bound();
	test_capacity_named();
	test_physics();
	test_why();
	return tap_done();
}
