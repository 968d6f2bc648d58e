/*
 * fuzz_cppc.c: libFuzzer harness for the readers under the one root
 * (os_root()): CPPC's highest_perf per CPU and the ITMT switch (cppc.c),
 * MemAvailable, perf_event_paranoid and the PM QoS limit in force
 * (os/linux*.c): the first byte picks the file, the rest is its content. A
 * performance is a whole number not below 0 or -1 unknown; ITMT is on, off
 * or unknown; the QoS limit is the file's first four bytes, -1 when fewer.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "os/os.h"
#include "sample/cppc.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const fuzz_files[] = {
	"sys/devices/system/cpu/cpu0/acpi_cppc/highest_perf",
	"sys/devices/system/cpu/cpu1/acpi_cppc/highest_perf",
	"proc/sys/kernel/sched_itmt_enabled",
	"proc/meminfo",
	"proc/sys/kernel/perf_event_paranoid",
	"dev/cpu_dma_latency",
};
static const char *const fuzz_plain_text[] = {
	"166\n", "255\n", "1\n",
	"MemTotal:       16315424 kB\nMemAvailable:   12788460 kB\n",
	"2\n",
	"\xff\xff\xff\x7f",	/* the largest limit (no NUL: fuzz_plain writes a string) */
};

#include "fuzz_tree.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	size_t		i;
	long long	qos;
	int32_t		v;
	int		cpu, itmt;

	if (fuzz_root[0] == '\0') {
		fuzz_tree_init("cppc");
		os_set_root(fuzz_root);
	}
	if (len == 0)
		return 0;
	i = data[0] % FUZZ_NFILES;
	fuzz_write(i, data + 1, len - 1);
	for (cpu = 0; cpu < 3; cpu++)
		if (cppc_highest_perf(cpu) < -1)
			__builtin_trap();
	itmt = cppc_itmt();
	if (itmt < -1 || itmt > 1)
		__builtin_trap();
	(void)os_mem_available();
	(void)os_event_paranoid();
	qos = os_idle_qos_now(fuzz_root);
	/* The QoS file (the last) as given, else as plain: its first four bytes. */
	if (i != FUZZ_NFILES - 1)
		v = INT32_MAX;
	else if (len - 1 >= sizeof v)
		memcpy(&v, data + 1, sizeof v);
	else
		v = -1;
	if (qos != v)
		__builtin_trap();
	fuzz_plain(i);
	return 0;
}
