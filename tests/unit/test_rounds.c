/*
 * test_rounds.c: the capacity rounds' figures on synthetic round data
 * (exp/rounds_calc.c): each CPU's median, range and spread over its
 * undisturbed rounds, two levels, outliers, the noise floor, others' work
 * left out, a share lost that no one took kept as capacity
 * (rounds_disturbed()); and the plan's slots.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/solo.h"
#include "exp/rounds.h"
#include "model/topo.h"
#include "tap.h"

/* Rounds of int over CPUs 0..n-1 of m, one lane, filled with rates[cpu][round]. */
static void
fill(struct rounds *r, const struct topo *m, int n, const double rates[][3],
    const int disturbed[][3])
{
	int	cpus[16], lane[16], i, k;
	char	err[256];

	for (i = 0; i < n; i++) {
		cpus[i] = i;
		lane[i] = 0;
	}
	ok(rounds_plan(r, m, "int", 3, cpus, lane, n, 0, err, sizeof err) == 0, "plan: %s",
	    err);
	for (i = 0; i < n; i++)
		for (k = 0; k < 3; k++) {
			struct rounds_sample *s = rounds_at(r, k, i);

			s->done = 1;
			s->rate = rates[i][k];
			s->share = 1;
			s->spread = 0.005;
			s->mhz = NAN;
			s->disturbed = disturbed != NULL && disturbed[i][k];
		}
	rounds_calc(r);
}

/* The pattern seen on a 16-vCPU KVM guest: rounds in two levels, and steady ones. */
static void
test_two_levels(const struct topo *m)
{
	static const double	rates[][3] = {
		{ 9.73e9, 6.56e9, 5.65e9 },	/* two levels: 9.73, and 6.1 */
		{ 7.15e9, 9.80e9, 6.89e9 },	/* two levels: 9.80, and 7.02 */
		{ 9.70e9, 9.75e9, 9.72e9 },	/* steady */
		{ 8.0e9, 9.0e9, 10.0e9 },	/* wavering evenly: not two levels */
	};
	struct rounds		r;

	fill(&r, m, 4, rates, NULL);
	ok(r.cpu[0].two_levels && fabs(r.cpu[0].level_hi - 9.73e9) < 1e6 &&
	    fabs(r.cpu[0].level_lo - 6.105e9) < 1e6, "CPU 0: two levels %.3g and %.3g",
	    r.cpu[0].level_hi, r.cpu[0].level_lo);
	ok(r.cpu[1].two_levels && fabs(r.cpu[1].level_hi - 9.80e9) < 1e6 &&
	    fabs(r.cpu[1].level_lo - 7.02e9) < 1e6, "CPU 1: two levels %.3g and %.3g",
	    r.cpu[1].level_hi, r.cpu[1].level_lo);
	ok(!r.cpu[2].two_levels, "a steady CPU is one level");
	ok(!r.cpu[3].two_levels, "rounds spread evenly are not two levels");
	ok(r.ntwo == 2, "two CPUs in two levels (%d)", r.ntwo);
	/* The noise floor: CPU 0 moved from 5.65 to 9.73 over a median of 6.56. */
	ok(r.noise_cpu == 0 && fabs(r.noise - (9.73 - 5.65) / 6.56) < 1e-9,
	    "noise floor %.3f from CPU %d", r.noise, r.noise_cpu);
	ok(fabs(r.cpu[2].median - 9.72e9) < 1 && fabs(r.cpu[2].min - 9.70e9) < 1 &&
	    fabs(r.cpu[2].max - 9.75e9) < 1, "median, min, max of a CPU's rounds");
	rounds_free(&r);
	ok(rounds_two_levels((const double[]){ 9.5, 9.6, 7.0, 7.1 }, 4, NAN, &(double){0},
	    &(double){0}), "four rounds: 9.5 9.6 | 7.0 7.1");
	ok(!rounds_two_levels((const double[]){ 9.5, 7.0 }, 2, NAN, &(double){0},
	    &(double){0}), "two rounds are never two levels");
	ok(!rounds_two_levels((const double[]){ 10, 9.5, 7.0 }, 3, 0.2, &(double){0},
	    &(double){0}), "a gap inside twice the windows' own spread is not a level");
}

/* Outliers: below the machine's median past their spread; others' work left out. */
static void
test_outliers(const struct topo *m)
{
	static const double	rates[][3] = {
		{ 9.70e9, 9.72e9, 9.71e9 },
		{ 9.69e9, 9.73e9, 9.70e9 },
		{ 9.72e9, 9.70e9, 9.71e9 },
		{ 7.00e9, 7.02e9, 7.01e9 },	/* 28 % below: an outlier */
		{ 9.40e9, 9.90e9, 9.41e9 },	/* 3 % below but its rounds moved 5 % */
		{ 9.70e9, 4.00e9, 9.72e9 },	/* a hog took round 2 */
	};
	static const int	dist[][3] = {
		{ 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 1, 0 }
	};
	struct rounds		r;

	fill(&r, m, 6, rates, dist);
	ok(r.nmeasured == 6 && fabs(r.median - 9.705e9) < 1e6, "machine median %.4g",
	    r.median);
	ok(r.cpu[3].outlier && fabs(r.cpu[3].below - (9.705 - 7.01) / 9.705) < 1e-3,
	    "CPU 3 an outlier, %.1f %% below", 100 * r.cpu[3].below);
	ok(!r.cpu[4].outlier, "CPU 4 within its spread: no outlier");
	ok(r.nout == 1, "one outlier (%d)", r.nout);
	ok(r.cpu[5].n == 2 && r.cpu[5].ndisturbed == 1 && fabs(r.cpu[5].median - 9.71e9) <
	    1e6 && !r.cpu[5].outlier && !r.cpu[5].two_levels, "a hog's round is others' "
	    "work, not capacity: median %.4g of 2 rounds", r.cpu[5].median);
	ok(r.noise_cpu == 4, "the noise floor is CPU 4's move, not the hog's (CPU %d)",
	    r.noise_cpu);
	rounds_free(&r);
}

/* Every round of a CPU disturbed: no figure, no outlier, the rate it got kept apart. */
static void
test_all_disturbed(const struct topo *m)
{
	static const double	rates[][3] = {
		{ 9.7e9, 9.7e9, 9.7e9 }, { 4.0e9, 4.2e9, 4.1e9 }
	};
	static const int	dist[][3] = { { 0, 0, 0 }, { 1, 1, 1 } };
	struct rounds		r;

	fill(&r, m, 2, rates, dist);
	ok(r.cpu[1].n == 0 && isnan(r.cpu[1].median) && !r.cpu[1].outlier &&
	    fabs(r.cpu[1].all - 4.1e9) < 1, "no capacity figure; the rate it got %.3g",
	    r.cpu[1].all);
	ok(r.nmeasured == 1 && r.nout == 0, "the machine's median from CPU 0 alone");
	rounds_free(&r);
}

/* A sample from its figures: rate, share, others' work and steal (in CPUs). */
static struct rounds_sample
sample(double rate, double share, double foreign, double steal)
{
	struct rounds_sample	s;

	memset(&s, 0, sizeof s);
	s.done = 1;
	s.rate = rate;
	s.share = share;
	s.foreign = foreign;
	s.steal = steal;
	s.spread = 0.01;
	s.mhz = NAN;
	return s;
}

/*
 * rounds_disturbed(): others' work where someone in view took the time;
 * a share lost that no one in view took is capacity (the QEMU guest's
 * vCPU 1 beside host hogs: 11 % lost, others 0.0, no steal).
 */
static void
test_disturbed(const struct topo *m)
{
	struct rounds_sample	s;
	static const double	rates[][3] = { { 5.6e9, 1.7e9, 6.5e9 } };
	struct rounds		r;

	s = sample(5e9, 1, 0, 0);
	ok(!rounds_disturbed(&s), "whole share, no one else: capacity");
	s = sample(NAN, 1, 0, 0);
	ok(rounds_disturbed(&s), "no rate: disturbed");
	s = sample(0, 1, 0, 0);
	ok(rounds_disturbed(&s), "a rate of 0: disturbed");
	s = sample(5e9, 1, SOLO_FOREIGN_MAX + 0.05, 0);
	ok(rounds_disturbed(&s), "others over SOLO_FOREIGN_MAX on its core: disturbed");
	s = sample(1.7e9, 0.89, 0, 0);
	ok(!rounds_disturbed(&s), "11 %% of its share lost, no one in view took it: capacity");
	s = sample(1.7e9, 0.5, NAN, NAN);
	ok(!rounds_disturbed(&s), "half lost, others and steal unknown: capacity");
	s = sample(1.7e9, 0.5, 0.02, 0.01);
	ok(!rounds_disturbed(&s), "half lost, others took 0.03 CPU: capacity");
	s = sample(3e9, 0.85, 0.09, 0);
	ok(rounds_disturbed(&s), "15 %% lost, others took 0.09 CPU (under the max): disturbed");
	s = sample(3e9, 0.8, 0.02, 0.3);
	ok(rounds_disturbed(&s), "20 %% lost, the hypervisor stole 0.3 CPU: disturbed");
	s = sample(3e9, 0.8, 0.05, 0.05);
	ok(rounds_disturbed(&s), "20 %% lost, others and steal took half of it: disturbed");
	s = sample(3e9, 0.8, 0.04, 0.05);
	ok(!rounds_disturbed(&s), "20 %% lost, others and steal took under half: capacity");
	s = sample(3e9, SOLO_SHARE_MIN, 0.09, 0.2);
	ok(!rounds_disturbed(&s), "its share at SOLO_SHARE_MIN: not disturbed by steal alone");
	s = sample(3e9, NAN, 0.05, 0);
	ok(!rounds_disturbed(&s), "share unknown, others under the max: capacity");

	/* The guest's rounds: the hogged one counts, and makes the CPU's move. */
	fill(&r, m, 1, rates, NULL);
	s = sample(1.7e9, 0.89, 0, 0);
	*rounds_at(&r, 1, 0) = s;
	rounds_at(&r, 1, 0)->disturbed = rounds_disturbed(&s);
	rounds_calc(&r);
	ok(r.cpu[0].n == 3 && r.cpu[0].ndisturbed == 0,
	    "the hogged round counts: %d rounds, %d others' work", r.cpu[0].n,
	    r.cpu[0].ndisturbed);
	ok(fabs(r.cpu[0].min - 1.7e9) < 1 && r.cpu[0].spread > 0.5,
	    "its min is the hogged round's, its move %.2f", r.cpu[0].spread);
	rounds_free(&r);
}

/* The plan: slots in lanes, kernels that keep one CPU busy only. */
static void
test_plan(const struct topo *m)
{
	struct rounds	r;
	int		cpus[4] = { 0, 1, 2, 3 }, lane[4] = { 0, 0, 1, 1 };
	char		err[256];

	ok(rounds_plan(&r, m, "int", 3, cpus, lane, 4, 1, err, sizeof err) == 0 &&
	    r.slots == 2 && r.nlanes == 2 && r.cpu[3].pos == 1, "two lanes of two: "
	    "two slots");
	rounds_free(&r);
	ok(rounds_plan(&r, m, "int", 1, cpus, lane, 4, 0, err, sizeof err) == 0 &&
	    r.slots == 4 && r.nrounds == ROUNDS_MIN, "one at a time: a slot each, "
	    "at least %d rounds", ROUNDS_MIN);
	rounds_free(&r);
	ok(rounds_plan(&r, m, "pipe", 3, cpus, lane, 4, 0, err, sizeof err) == -1 &&
	    strstr(err, "two ends") != NULL, "pipe refused: %s", err);
	ok(rounds_plan(&r, m, "fork", 3, cpus, lane, 4, 0, err, sizeof err) == -1,
	    "fork refused: %s", err);
	ok(rounds_plan(&r, m, "nosuch", 3, cpus, lane, 4, 0, err, sizeof err) == -1 &&
	    strstr(err, "unknown kernel") != NULL, "an unknown kernel: %s", err);
}

int
main(void)
{
	char		 err[256];
	struct topo	*m = topo_load_synthetic("pack:1 core:8 pu:1", err, sizeof err);

	ok(m != NULL, "synthetic topology: %s", m != NULL ? "" : err);
	if (m == NULL)
		return tap_done();
	test_two_levels(m);
	test_outliers(m);
	test_all_disturbed(m);
	test_disturbed(m);
	test_plan(m);
	topo_free(m);
	return tap_done();
}
