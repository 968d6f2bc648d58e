/* test_analysis.c: rate, share, speed and efficiency arithmetic on fixed samples. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/loads.h"
#include "model/topo.h"

#include "engine/analysis.h"
#include "engine/kernels/kernel.h"
#include "tap.h"

static int
near(double a, double b)
{
	return fabs(a - b) < 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

/* Neighbours and reasons in words, with real loads on this machine. */
static void
test_reasons(void)
{
	struct analysis_neighbour	 nb[8];
	struct load_spec		 spec;
	struct loads			*ls;
	struct topo			*m;
	char				 err[256], why[128];
	int				 a, b, c, n;

	if ((m = topo_load_live(err, sizeof err)) == NULL || cpuset_count(&m->allowed) < 2 ||
	    !cpuset_isset(&m->allowed, 0) || !cpuset_isset(&m->allowed, 1)) {
		cpuset_format(m != NULL ? &m->allowed : &(struct cpuset){ { 0 } }, err,
		    sizeof err);
		skip("needs CPUs 0 and 1 (this process may use %s)", err);
		topo_free(m);
		return;
	}
	ls = loads_new(m);
	loads_parse(m, "spin@0", &spec, err, sizeof err);
	a = loads_start(ls, &spec, err, sizeof err);
	b = loads_start(ls, &spec, err, sizeof err);
	loads_parse(m, "spin@1", &spec, err, sizeof err);
	c = loads_start(ls, &spec, err, sizeof err);
	ok(a > 0 && b > 0 && c > 0, "three spin loads start");
	n = analysis_neighbours(m, ls, loads_get(ls, a), nb, 8);
	ok(n == 2 && nb[0].id == b && nb[0].rel == REL_SAME_PU && nb[1].id == c &&
	    nb[1].rel == topo_relation(m, 0, 1), "spin#%d's neighbours: #%d same-pu first, then #%d",
	    a, b, c);
	analysis_reason(m, ls, loads_get(ls, a), why, sizeof why);
	ok(strcmp(why, "shares CPU 0 with spin#2") == 0, "reason: %s", why);
	analysis_reason(m, ls, loads_get(ls, c), why, sizeof why);
	ok(strncmp(why, "alone on its core", 17) == 0, "reason: %s", why);
	{
		/* Others on the same CPU join the loads it is shared with. */
		double			*share = calloc((size_t)m->npus, sizeof *share);
		char			(*who)[ANALYSIS_WHO_LEN] = calloc((size_t)m->npus,
					    sizeof *who);
		struct analysis_others	 o = { share, who };
		int			 pu0 = (int)(topo_pu_by_os(m, 0) - m->pus);

		share[pu0] = 0.40;
		snprintf(who[pu0], sizeof who[pu0], "cc1 (4242) 40%%");
		analysis_why(m, ls, loads_get(ls, a), &o, why, sizeof why);
		ok(strcmp(why, "shares CPU 0 with spin#2, cc1 (4242) 40%") == 0,
		    "WHY: loads and others on the same CPU in one list: %s", why);
		free(share);
		free(who);
	}
	loads_pause(ls, b, 1);
	analysis_reason(m, ls, loads_get(ls, b), why, sizeof why);
	ok(strcmp(why, "paused") == 0, "a paused load says so: %s", why);
	analysis_reason(m, ls, loads_get(ls, a), why, sizeof why);
	ok(strncmp(why, "alone on its core", 17) == 0,
	    "a paused neighbour does not count: %s", why);
	loads_free(ls);
	topo_free(m);
}

/* Others' work in words, on a synthetic SMT machine (a view: nothing runs). */
static void
test_others(void)
{
	static const char	 who[4][ANALYSIS_WHO_LEN] = {
		"", "cc1 (4242) 40%", "", "make (5150) 80%, sh (1) 3%"
	};
	double			 share[4] = { 0, 0.40, NAN, 0.80 };
	struct analysis_others	 o = { share, who };
	struct loads		*ls;
	struct load		 l;
	struct topo		*m;
	char			 err[256], why[256];
	int			 os;

	/* Two cores of two threads: CPUs 0,1 on core 0 and 2,3 on core 1 (by OS index). */
	if ((m = topo_load_synthetic("package:1 core:2 pu:2", err, sizeof err)) == NULL) {
		skip("no synthetic topology: %s", err);
		return;
	}
	memset(&l, 0, sizeof l);
	l.id = 1;
	l.state = LOAD_RUNNING;
	l.spec.k = kernel_find("hash");
	l.spec.cpu_b = -1;
	l.cur.cpu = -1;
	os = m->pus[1].os_index;
	cpuset_set(&l.spec.cpus, os);
	analysis_reason_others(m, &l, &o, why, sizeof why);
	ok(strcmp(why, "shares CPU 1 with cc1 (4242) 40%") == 0,
	    "others on the load's own CPU, named: %s", why);
	cpuset_zero(&l.spec.cpus);
	cpuset_set(&l.spec.cpus, m->pus[0].os_index);
	analysis_reason_others(m, &l, &o, why, sizeof why);
	ok(strcmp(why, "sibling CPU 1 busy with cc1 (4242) 40%") == 0,
	    "others on its SMT sibling: %s", why);
	cpuset_zero(&l.spec.cpus);
	cpuset_set(&l.spec.cpus, m->pus[2].os_index);
	analysis_reason_others(m, &l, &o, why, sizeof why);
	ok(strcmp(why, "sibling CPU 3 busy with make (5150) 80%, sh (1) 3%") == 0,
	    "an unknown share on its own CPU says nothing: %s", why);
	share[1] = 0.04;
	cpuset_zero(&l.spec.cpus);
	cpuset_set(&l.spec.cpus, m->pus[1].os_index);
	analysis_reason_others(m, &l, &o, why, sizeof why);
	ok(why[0] == '\0', "4%% is below a few percent: '%s'", why);
	share[1] = 0.48;
	o.who = NULL;
	analysis_reason_others(m, &l, &o, why, sizeof why);
	ok(strcmp(why, "shares CPU 1 with other processes 48%") == 0,
	    "unnamed others: %s", why);
	/* A two-ended load on both threads of core 1: each CPU once, no sibling twice. */
	o.who = who;
	share[2] = 0.10;
	cpuset_zero(&l.spec.cpus);
	cpuset_set(&l.spec.cpus, m->pus[2].os_index);
	l.spec.cpu_b = m->pus[3].os_index;
	analysis_reason_others(m, &l, &o, why, sizeof why);
	ok(strcmp(why, "shares CPU 2 with other processes 10%; shares CPU 3 with make "
	    "(5150) 80%, sh (1) 3%") == 0, "a two-ended load: both its CPUs: %s", why);

	ls = loads_new(m);
	l.spec.cpu_b = -1;
	analysis_why(m, ls, &l, &o, why, sizeof why);
	ok(strcmp(why, "shares CPU 2 with other processes 10%; sibling CPU 3 busy with "
	    "make (5150) 80%, sh (1) 3%") == 0,
	    "WHY: others replace 'alone on its core': %s", why);
	share[2] = share[3] = 0;
	analysis_why(m, ls, &l, &o, why, sizeof why);
	ok(strcmp(why, "alone on its core") == 0, "WHY on a quiet core: %s", why);
	analysis_why(m, ls, &l, NULL, why, sizeof why);
	ok(strcmp(why, "alone on its core") == 0, "WHY without figures of others: %s", why);
	loads_free(ls);
	topo_free(m);
}

int
main(void)
{
	struct load_sample	a, b;
	const struct kernel	*k;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	a.t_ns = 1000000000;
	b.t_ns = 1500000000;
	a.count = 100;
	b.count = 600;
	ok(near(analysis_rate(&a, &b), 1000), "500 units in 0.5 s is 1000/s");
	a.count = UINT64_MAX - 99;
	b.count = 400;
	ok(near(analysis_rate(&a, &b), 1000), "a counter that wraps still gives 1000/s");
	b.t_ns = a.t_ns;
	ok(isnan(analysis_rate(&a, &b)), "a zero-length interval has no rate");
	ok(isnan(analysis_share(&a, &b)), "a zero-length interval has no share");
	b.t_ns = a.t_ns + 1000000000;
	a.run_ns = 5000000000ULL;
	b.run_ns = 5500000000ULL;
	ok(near(analysis_share(&a, &b), 0.5), "0.5 s on a CPU in 1 s is a share of 0.5");
	b.run_ns = 6000000100ULL;
	ok(analysis_share(&a, &b) == 1.0, "a share just above 1 (clock skew) is 1");
	b.run_ns = 1;
	ok(isnan(analysis_share(&a, &b)), "run time going backwards gives no share");
	ok(near(analysis_speed(500, 1000), 0.5), "half the solo rate is speed 0.5");
	ok(isnan(analysis_speed(500, 0)), "no solo rate, no speed");
	ok(isnan(analysis_speed(NAN, 1000)), "no rate, no speed");
	ok(near(analysis_efficiency(0.5, 0.5, NAN), 1.0), "speed 0.5 at share 0.5 is efficiency 1 (time sharing)");
	ok(near(analysis_efficiency(0.6, 1.0, 1.0), 0.6), "speed 0.6 at share 1 is efficiency 0.6 (SMT)");
	ok(isnan(analysis_efficiency(0.5, 0, NAN)), "no CPU time, no efficiency");
	ok(near(analysis_efficiency(1.0, 0.5, 0.5), 1.0),
	    "a blocking load (pipe) at its solo speed and solo share of 0.5 is efficiency 1");
	ok(near(analysis_efficiency(0.5, 0.25, 0.5), 1.0),
	    "the same load time-sharing (half its solo share, half its speed) is efficiency 1");
	ok(near(analysis_smooth(NAN, 5, 0.3), 5), "smoothing starts at the first value");
	ok(near(analysis_smooth(10, 20, 0.5), 15), "smoothing moves halfway at alpha 0.5");
	ok(near(analysis_smooth(10, NAN, 0.5), 10), "smoothing ignores a missing value");

	k = kernel_find("chase");
	ok(k != NULL && !k->higher_is_better, "chase is lower-is-better");
	/* 1e8 loads/s is 10 ns/load; half the rate is twice the time and speed 0.5. */
	ok(k != NULL && near(kernel_display(k, 1e8), 10), "1e8 loads/s shows as 10 ns/load");
	ok(k != NULL && near(kernel_display(k, 5e7), 20) && near(analysis_speed(5e7, 1e8), 0.5),
	    "lower-is-better: 20 ns against 10 ns solo is speed 0.5 (solo/current)");
	k = kernel_find("hash");
	ok(k != NULL && k->higher_is_better && near(kernel_display(k, 2e8), 200),
	    "hash: 2e8 bytes/s shows as 200 MB/s");
	test_reasons();
	test_others();
	return tap_done();
}
