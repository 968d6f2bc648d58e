/* test_stable.c: windows that end when the rate is known, on fixed sub-window series. */
#include "config.h"

#include <math.h>

#include "engine/stable.h"
#include "tap.h"

int
main(void)
{
	struct stable	st;
	int		i, over = 0;

	/* A steady rate: over as soon as the minimum is reached. */
	stable_init(&st, 0.5, 2.0, 0.02, 4);
	for (i = 0; i < 40 && !over; i++)
		over = stable_add(&st, 100.0, 0.1);
	ok(over && stable_settled(&st), "a steady 1000/s settles");
	ok(fabs(st.secs - 0.5) < 1e-9, "at its minimum, 0.5 s (%.2f)", st.secs);
	ok(fabs(stable_rate(&st) - 1000) < 1e-9, "rate 1000/s (%.1f)", stable_rate(&st));
	ok(stable_spread(&st) == 0, "spread 0");

	/* A rate that alternates by +-10 %: never agrees within 2 %, ends at the maximum. */
	stable_init(&st, 0.5, 2.0, 0.02, 4);
	for (i = 0, over = 0; i < 100 && !over; i++)
		over = stable_add(&st, i % 2 ? 110.0 : 90.0, 0.1);
	ok(over && !stable_settled(&st), "a noisy rate runs to the maximum");
	ok(fabs(st.secs - 2.0) < 1e-9, "2.0 s (%.2f)", st.secs);
	ok(fabs(stable_rate(&st) - 1000) < 1e-6, "its rate is the mean, 1000/s (%.1f)",
	    stable_rate(&st));
	ok(fabs(stable_spread(&st) - 0.10) < 1e-9, "spread +-10%% (%.3f)", stable_spread(&st));

	/* A warm-up trend that flattens: ends once the last four agree. */
	stable_init(&st, 0.3, 5.0, 0.02, 4);
	{
		double	series[] = { 50, 70, 85, 95, 99, 100, 100, 101, 100, 100, 100 };

		for (i = 0, over = 0; i < 11 && !over; i++)
			over = stable_add(&st, series[i], 0.1);
	}
	ok(over && stable_settled(&st) && st.n == 8, "a flattening trend settles after 8 "
	    "sub-windows (%d)", st.n);

	/* The tolerance is relative: a slow kernel settles as a fast one does. */
	stable_init(&st, 0.2, 1.0, 0.02, 3);
	for (i = 0, over = 0; i < 20 && !over; i++)
		over = stable_add(&st, 1e-6 * (i % 2 ? 1.01 : 0.99), 0.1);
	ok(over && stable_settled(&st), "1e-5/s +-1%% settles within 2%%");

	/* Zero time adds nothing; a finished window takes no more. */
	stable_init(&st, 0.2, 1.0, 0.02, 3);
	stable_add(&st, 5, 0);
	ok(st.n == 0 && isnan(stable_rate(&st)), "a zero-length sub-window adds nothing");
	for (i = 0; i < 10; i++)
		stable_add(&st, 10, 0.1);
	ok(stable_add(&st, 1e9, 0.1) == 1 && fabs(stable_rate(&st) - 100) < 1e-9,
	    "after the end, more sub-windows change nothing (%.1f)", stable_rate(&st));

	/* A stopped load (no work) agrees with itself at 0. */
	stable_init(&st, 0.2, 1.0, 0.02, 3);
	for (i = 0, over = 0; i < 20 && !over; i++)
		over = stable_add(&st, 0, 0.1);
	ok(over && stable_rate(&st) == 0, "no work: rate 0, over at the minimum");
	return tap_done();
}
