/* fuzz_number.c: libFuzzer harness for CPU lists, sizes, numbers and durations. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/cpuset.h"
#include "base/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Each parser accepts or refuses; what it accepts is in range. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct cpuset	 set;
	char		 text[256], err[512], back[8192];
	uint64_t	 bytes;
	double		 s;
	long		 v;

	if (len >= sizeof text)
		len = sizeof text - 1;
	memcpy(text, data, len);
	text[len] = '\0';
	err[0] = '\0';
	if (cpuset_parse(&set, text, err, sizeof err) == -1) {
		if (err[0] == '\0')
			__builtin_trap();
	} else {
		/* A list written back parses to the same set. */
		struct cpuset again;

		cpuset_format(&set, back, sizeof back);
		if (back[0] != '\0' && (cpuset_parse(&again, back, err, sizeof err) == -1 ||
		    !cpuset_equal(&set, &again)))
			__builtin_trap();
	}
	(void)util_parse_size(text, &bytes);
	if (util_parse_long(text, -1000, 1000, &v) == 0 && (v < -1000 || v > 1000))
		__builtin_trap();
	if (util_parse_seconds(text, &s) == 0 && !isfinite(s))
		__builtin_trap();
	return 0;
}
