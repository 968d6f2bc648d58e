/* test_analysis.c: rate, share, speed and efficiency arithmetic on fixed samples. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "analysis.h"
#include "kernel.h"
#include "tap.h"

static int
near(double a, double b)
{
	return fabs(a - b) < 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
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
	return tap_done();
}
