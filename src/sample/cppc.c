/* cppc.c: ACPI CPPC highest_perf per CPU and the ITMT switch, from sysfs and procfs. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "sample/cppc.h"
#include "os/os.h"
#include "base/util.h"

/* A non-negative number from a file under the root, or -1. */
static long
cppc_read_num(const char *rel)
{
	char	 buf[64], *end;
	long	 v;

	if (util_read_at(os_root(), rel, buf, sizeof buf) == -1)
		return -1;
	v = strtol(buf, &end, 10);
	return end == buf || v < 0 ? -1 : v;
}

/* A CPU's CPPC highest_perf, or -1. */
long
cppc_highest_perf(int cpu)
{
	char	rel[96];

	snprintf(rel, sizeof rel, "/sys/devices/system/cpu/cpu%d/acpi_cppc/highest_perf",
	    cpu);
	return cppc_read_num(rel);
}

/* ITMT: 1 on, 0 off, -1 unknown. */
int
cppc_itmt(void)
{
	long	v = cppc_read_num("/proc/sys/kernel/sched_itmt_enabled");

	return v < 0 ? -1 : v != 0;
}
