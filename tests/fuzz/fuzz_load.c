/* fuzz_load.c: libFuzzer harness for load specs and places (KERNEL[:PARAM]@WHERE). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "engine/loads.h"
#include "model/topo.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A machine with every level a place can name: packages, NUMA, L3, L2, cores, SMT. */
static struct topo *
fuzz_machine(void)
{
	static struct topo	*m;
	char			 err[256];

	if (m == NULL &&
	    (m = topo_load_synthetic("package:2 numa:2 l3:1 l2:2 core:2 pu:2", err,
	    sizeof err)) == NULL)
		__builtin_trap();
	return m;
}

/* Parse one spec; a refusal must say something, an acceptance must be consistent. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct load_spec	 spec;
	struct cpuset		 set;
	char			 text[256], err[512];
	int			 os;

	if (len >= sizeof text)
		len = sizeof text - 1;
	memcpy(text, data, len);
	text[len] = '\0';
	err[0] = '\0';
	if (loads_parse(fuzz_machine(), text, &spec, err, sizeof err) == -1) {
		if (err[0] == '\0')
			__builtin_trap();
	} else if (spec.k == NULL || cpuset_count(&spec.cpus) == 0)
		__builtin_trap();
	err[0] = '\0';
	if (topo_parse_place(fuzz_machine(), text, &os, err, sizeof err) == -1) {
		if (err[0] == '\0')
			__builtin_trap();
	} else if (topo_pu_by_os(fuzz_machine(), os) == NULL)
		__builtin_trap();
	err[0] = '\0';
	if (topo_parse_set(fuzz_machine(), text, &set, err, sizeof err) == -1 && err[0] == '\0')
		__builtin_trap();
	return 0;
}
