/* test_alternate.c: run's alternation plan and the capacity its solo windows show. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/alternate.h"
#include "tap.h"

/* The plan interleaves: each round its solos, then together; at least two rounds. */
static void
test_plan(void)
{
	struct alt_window	w[16];
	char			words[128];
	int			n;

	n = alt_plan(2, 2, w, 16);
	ok(n == 6, "2 places, 2 rounds: 6 windows (%d)", n);
	ok(w[0].kind == ALT_SOLO && w[0].place == 0 && w[1].kind == ALT_SOLO &&
	    w[1].place == 1 && w[2].kind == ALT_TOGETHER && w[2].round == 0,
	    "round 1: each place alone, then together");
	ok(w[3].kind == ALT_SOLO && w[3].round == 1 && w[5].kind == ALT_TOGETHER &&
	    w[5].round == 1, "round 2 the same, after the first together window");
	n = alt_plan(3, 1, w, 16);
	ok(n == 6 && w[0].kind == ALT_SOLO && w[1].kind == ALT_TOGETHER &&
	    w[2].kind == ALT_SOLO && w[5].kind == ALT_TOGETHER, "one place: A B A B A B");
	ok(alt_plan(1, 2, w, 16) == -1, "one round is no alternation: refused");
	ok(alt_plan(ALT_ROUNDS_MAX + 1, 2, w, 16) == -1, "too many rounds: refused");
	ok(alt_plan(2, 3, w, 4) == 4, "a short array takes what fits");
	ok(fabs(alt_plan_s(2, 1, 0.25, 2, 0.25) - 9.0) < 1e-9,
	    "time: 2 x (1 x (0.25 + 2) + 0.25 + 2) = 9 s (%.2f)",
	    alt_plan_s(2, 1, 0.25, 2, 0.25));
	ok(fabs(alt_plan_s(2, 3, 0.1, 0.5, 0.05) - 2 * (3 * 0.6 + 0.55)) < 1e-9,
	    "time grows with places and rounds");
	alt_plan_words(2, words, sizeof words);
	ok(strcmp(words, "solo, together, solo, together") == 0, "in words: '%s'", words);
}

/* Windows combined: their mean; the spread takes in how they moved. */
static void
test_combine(void)
{
	struct alt_figs	f;
	double		r[] = { 100, 80 }, s[] = { 0.02, 0.03 }, m[] = { 100, NAN, 100 };
	double		w[] = { 100, 99 }, ws[] = { 0.04, 0.01 };

	alt_combine(r, s, 2, &f);
	ok(f.n == 2 && fabs(f.mean - 90) < 1e-9, "mean of 100 and 80: 90 (%.2f)", f.mean);
	ok(fabs(f.spread - 10.0 / 90) < 1e-9, "a 20 %% move is +-11 %% of the mean (%.4f)",
	    f.spread);
	alt_combine(w, ws, 2, &f);
	ok(fabs(f.spread - 0.04) < 1e-9, "a window's own wider spread wins (%.4f)",
	    f.spread);
	alt_combine(m, NULL, 3, &f);
	ok(f.n == 2 && fabs(f.mean - 100) < 1e-9 && f.spread == 0,
	    "a missing window is left out");
	m[0] = m[2] = NAN;
	alt_combine(m, NULL, 3, &f);
	ok(f.n == 0 && isnan(f.mean) && isnan(f.spread), "none: NAN");
}

/* The solos' move across the run is capacity, with its cause. */
static void
test_capacity(void)
{
	struct alt_capacity	c;
	double			steady[] = { 100, 101 }, down[] = { 100, 70 };
	double			sp[] = { 0.02, 0.02 }, mhz[] = { 3100, 2400 };
	double			nomhz[] = { NAN, NAN }, three[] = { 100, 90, 80 };
	double			one[] = { 100, NAN };

	ok(alt_capacity(steady, sp, NULL, NULL, 2, NULL, &c) == 0, "two solos: measured");
	ok(fabs(c.moved - 0.01) < 1e-9 && !c.beyond && c.cause[0] == '\0',
	    "a 1 %% move inside the spread: no change, no cause (%.3f)", c.moved);
	ok(isfinite(c.capacity) && fabs(c.capacity - 1) < 0.01,
	    "a steady CPU: capacity about 1 (%.4f)", c.capacity);
	alt_capacity(down, sp, nomhz, NULL, 2, NULL, &c);
	ok(fabs(c.moved + 0.30) < 1e-9 && c.beyond, "a 30 %% fall is a change (%.2f)",
	    c.moved);
	ok(strcmp(c.cause, "unexplained") == 0, "no clock, no hypervisor: '%s'", c.cause);
	/* Together 1 ran between 100 and 70 (85), together 2 after 70: 77.5 of 85. */
	ok(fabs(c.capacity - 77.5 / 85) < 1e-9, "capacity over the together windows: "
	    "%.4f", c.capacity);
	alt_capacity(down, sp, nomhz, NULL, 2, "KVM", &c);
	ok(strcmp(c.cause, "the host (under KVM)") == 0, "under KVM: '%s'", c.cause);
	alt_capacity(down, sp, mhz, NULL, 2, "KVM", &c);
	ok(strcmp(c.cause, "clock 3.1 -> 2.4 GHz") == 0, "the clock moved with it: '%s'",
	    c.cause);
	sp[0] = 0.40;
	alt_capacity(down, sp, NULL, NULL, 2, NULL, &c);
	ok(!c.beyond && c.cause[0] == '\0', "a 30 %% move inside a 40 %% solo spread: "
	    "no change named");
	alt_capacity(three, NULL, NULL, NULL, 3, NULL, &c);
	ok(fabs(c.moved + 0.20) < 1e-9, "first vs last of three (%.2f)", c.moved);
	ok(fabs(c.capacity - ((95 + 85 + 80) / 3.0) / 90) < 1e-9,
	    "three rounds: the solos around each together (%.4f)", c.capacity);
	ok(alt_capacity(one, NULL, NULL, NULL, 2, NULL, &c) == -1 && isnan(c.moved) &&
	    isnan(c.capacity) && c.cause[0] == '\0', "one solo: nothing measured (n/a)");
}

/*
 * Others' work in a solo window: a move beyond the spread is not told from
 * the CPU's capacity, decided per window (a disturbed window without a
 * rate counts for nothing).
 */
static void
test_disturbed(void)
{
	struct alt_capacity	c;
	double			down[] = { 100, 70 }, sp[] = { 0.02, 0.02 };
	double			steady[] = { 100, 101 }, gap[] = { 100, NAN, 60 };
	int			none[] = { 0, 0 }, first[] = { 1, 0 }, last[] = { 0, 1 };
	int			lost[] = { 0, 1, 0 };

	alt_capacity(down, sp, NULL, none, 2, "QEMU TCG", &c);
	ok(c.beyond && strcmp(c.cause, "the host (under QEMU TCG)") == 0,
	    "no window disturbed: the host ('%s')", c.cause);
	alt_capacity(down, sp, NULL, first, 2, "QEMU TCG", &c);
	ok(!c.beyond && strcmp(c.cause, ALT_NOT_TOLD) == 0,
	    "the first solo disturbed: not told ('%s')", c.cause);
	ok(fabs(c.moved + 0.30) < 1e-9 && fabs(c.capacity - 77.5 / 85) < 1e-9,
	    "not told, the figures kept: moved %.2f, capacity %.4f", c.moved, c.capacity);
	alt_capacity(down, sp, NULL, last, 2, NULL, &c);
	ok(!c.beyond && strcmp(c.cause, ALT_NOT_TOLD) == 0,
	    "the last solo disturbed: not told ('%s')", c.cause);
	alt_capacity(steady, sp, NULL, first, 2, "KVM", &c);
	ok(!c.beyond && c.cause[0] == '\0',
	    "a move inside the spread, a window disturbed: nothing to tell ('%s')", c.cause);
	alt_capacity(gap, NULL, NULL, lost, 3, NULL, &c);
	ok(c.beyond && strcmp(c.cause, "unexplained") == 0,
	    "a disturbed window with no rate counts for nothing: '%s'", c.cause);
}

int
main(void)
{
	test_plan();
	test_combine();
	test_capacity();
	test_disturbed();
	return tap_done();
}
