/*
 * fuzz_perf.c: libFuzzer harness for the counters' arithmetic (perf.c):
 * two readings and the time between them from the input's bytes, then the
 * window's figures. Every figure is a finite number at or above zero, or
 * NAN (not counted); the line that shows them never says "nan" or "inf"
 * and fits its buffer; a delta across a wrap is the forward distance.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sample/perf.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Is v NAN, or finite and not negative? */
static int
fuzz_figure(double v)
{
	return isnan(v) || (isfinite(v) && v >= 0);
}

/* The window of two readings made of the input. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct perf_reading	a, b;
	struct perf_window	w;
	uint64_t		dt_ns = 0;
	char			line[80], why[PERF_WHY_MAX];
	size_t			n = sizeof a;
	int			i, ints[4];

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	memcpy(&a, data, len < n ? len : n);
	if (len > n)
		memcpy(&b, data + n, len - n < n ? len - n : n);
	if (len > 2 * n)
		memcpy(&dt_ns, data + 2 * n, len - 2 * n < sizeof dt_ns ? len - 2 * n :
		    sizeof dt_ns);
	a.have &= (1u << PERF_NEV) - 1;
	b.have &= (1u << PERF_NEV) - 1;
	perf_window(&a, &b, dt_ns, &w);
	for (i = 0; i < PERF_NEV; i++)
		if (!fuzz_figure(w.d[i]))
			__builtin_trap();
	if (!fuzz_figure(w.ipc) || !fuzz_figure(w.ghz) || !fuzz_figure(w.llc_mpki) ||
	    !fuzz_figure(w.ctx_per_s) || !fuzz_figure(w.migr_per_s) || !fuzz_figure(w.secs))
		__builtin_trap();
	perf_format(&w, line, sizeof line);
	if (memchr(line, '\0', sizeof line) == NULL || strstr(line, "nan") != NULL ||
	    strstr(line, "inf") != NULL)
		__builtin_trap();
	if (perf_delta(a.val[0], a.val[0] + b.val[0]) != b.val[0])
		__builtin_trap();
	memset(ints, 0, sizeof ints);
	memcpy(ints, data, len < sizeof ints ? len : sizeof ints);
	perf_reason(why, sizeof why, ints[0] & 1, ints[1], ints[2], ints[3] & 1,
	    (ints[3] >> 1) & 1);
	if (memchr(why, '\0', sizeof why) == NULL || why[0] == '\0')
		__builtin_trap();
	perf_sched_reason(why, sizeof why, ints[2]);
	if (memchr(why, '\0', sizeof why) == NULL)
		__builtin_trap();
	return 0;
}
