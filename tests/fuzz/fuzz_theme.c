/* fuzz_theme.c: libFuzzer harness for theme files. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ui/theme.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Parse one theme; a refusal names the file and line, and leaves the theme whole. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct theme	t, before;
	char		err[512];

	theme_builtin(&t, 0);
	before = t;
	err[0] = '\0';
	if (theme_parse(&t, "fuzz.theme", (const char *)data, len, err, sizeof err) == -1) {
		if (strncmp(err, "fuzz.theme:", 11) != 0)
			__builtin_trap();
		if (memcmp(&t, &before, sizeof t) != 0)
			__builtin_trap();
	}
	return 0;
}
