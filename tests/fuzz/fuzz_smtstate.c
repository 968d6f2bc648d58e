/*
 * fuzz_smtstate.c: libFuzzer harness for the SMT sysfs words
 * (/sys/devices/system/cpu/smt/control): smtstate_parse() on any bytes.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/smtstate.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	char	*s;

	if ((s = malloc(len + 1)) == NULL)
		return 0;
	memcpy(s, data, len);
	s[len] = '\0';
	(void)smtstate_parse(s);
	free(s);
	return 0;
}
