/*
 * check_noise.c: check's noise floor. The plan's CPUs (the anchor and
 * each partner) alone with int in three short rounds (exp/rounds.h): at
 * the start, in the middle of the rows and at the end, so that each CPU's
 * rounds span the check. The largest move of one CPU's capacity between
 * them is the floor under which a relation's difference from alone is not
 * distinguishable on this machine now.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "exp/check/check.h"
#include "exp/check/check_idle.h"
#include "exp/rounds.h"
#include "base/util.h"

#define CHECK_NOISE_SETTLE_S	0.03
#define CHECK_NOISE_WIN_S	0.1

/* Plan the noise rounds over the plan's CPUs; their seconds (0: none). */
double
check_noise_plan(struct check *c)
{
	int	cpus[REL_COUNT + 1], lane[REL_COUNT + 1], n = 0, r, j;
	char	err[256];

	check_noise_free(c);
	if (c->idle != NULL && !c->idle->section)
		return 0;
	cpus[n] = c->plan.anchor;
	lane[n++] = 0;
	for (r = 0; r < REL_COUNT; r++) {
		if (c->plan.rel[r].cpu == -1)
			continue;
		for (j = 0; j < n && cpus[j] != c->plan.rel[r].cpu; j++)
			;
		if (j == n) {
			cpus[n] = c->plan.rel[r].cpu;
			lane[n++] = 0;
		}
	}
	c->noise = xcalloc(1, sizeof *c->noise);
	if (rounds_plan(c->noise, c->m, "int", CHECK_NOISE_ROUNDS, cpus, lane, n, 0, err,
	    sizeof err) == -1) {
		check_noise_free(c);
		return 0;
	}
	c->noise->settle_s = CHECK_NOISE_SETTLE_S;
	c->noise->win_min_s = c->noise->win_max_s = CHECK_NOISE_WIN_S;
	return c->noise->nrounds * c->noise->slots * rounds_slot_s(c->noise);
}

/* Measure noise round k (check's own loads are stopped); the figures after the last. */
void
check_noise_round(struct check *c, int k)
{
	int	sig;

	if (c->noise == NULL || c->signo != 0 || k >= c->noise->nrounds)
		return;
	if ((sig = rounds_measure(c->noise, k, k + 1, NULL, NULL)) > 0)
		c->signo = sig;
	if (k == c->noise->nrounds - 1)
		rounds_calc(c->noise);
}

/* The noise floor and whose it is; NAN none. */
double
check_noise_floor(const struct check *c, int *cpu)
{
	if (cpu != NULL)
		*cpu = c->noise != NULL ? c->noise->noise_cpu : -1;
	return c->noise != NULL ? c->noise->noise : NAN;
}

/* Free the noise rounds. */
void
check_noise_free(struct check *c)
{
	if (c->noise == NULL)
		return;
	rounds_free(c->noise);
	free(c->noise);
	c->noise = NULL;
}
