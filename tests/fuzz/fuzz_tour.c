/* fuzz_tour.c: libFuzzer harness for the tour parser; see tests/fuzz/README. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "exp/tour/tour.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Parse one input; a refusal must name the file and line. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct tour	*t;
	char		 err[512];

	t = tour_parse((const char *)data, len, "fuzz.tour", err, sizeof err);
	if (t == NULL && (err[0] != 'f' || err[9] != ':'))
		__builtin_trap();
	tour_free(t);
	return 0;
}
