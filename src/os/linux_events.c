/*
 * linux_events.c: the counters of os.h from perf_event_open(2): one event
 * per descriptor, grouped under a leader and read whole with one read(2)
 * (PERF_FORMAT_GROUP, with the times enabled and running for multiplexing).
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "os/os.h"
#include "base/util.h"

/* The most members a group may have here. */
#define OS_EVENT_MEMBERS	8

/* Each event's type and config. */
static const struct {
	uint32_t	type;
	uint64_t	config;
} os_events[OS_NEV] = {
	[OS_EV_CYCLES] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	[OS_EV_INSTR] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	[OS_EV_REF_CYCLES] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	/* The generic cache-misses event: the last-level cache on x86 PMUs. */
	[OS_EV_LLC_MISS] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	[OS_EV_TASK_CLOCK] = { PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	[OS_EV_CTX_SWITCH] = { PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	[OS_EV_MIGRATION] = { PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
};

/*
 * Open one event on pid, in group (or as a leader with -1), inherited by
 * the children and threads pid makes from now on. Counts user and kernel
 * time; where only user time may be counted (perf_event_paranoid 2
 * without CAP_PERFMON) it counts user time and sets *user_only.
 */
int
os_event_open(enum os_event ev, pid_t pid, int group, int *user_only)
{
	struct perf_event_attr	a;
	int			fd;

	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = os_events[ev].type;
	a.config = os_events[ev].config;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
	    PERF_FORMAT_TOTAL_TIME_RUNNING;
	a.inherit = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, pid, -1, group, PERF_FLAG_FD_CLOEXEC);
	if (fd == -1 && (errno == EACCES || errno == EPERM)) {
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		fd = (int)syscall(SYS_perf_event_open, &a, pid, -1, group,
		    PERF_FLAG_FD_CLOEXEC);
		*user_only = fd != -1;
	} else
		*user_only = 0;
	return fd;
}

/* Read a group whole: { nr, time_enabled, time_running, value[nr] }. */
int
os_event_read(int leader, int n, uint64_t *val, uint64_t *ena, uint64_t *run)
{
	uint64_t	buf[3 + OS_EVENT_MEMBERS];
	ssize_t		got;
	int		k;

	if (n < 1 || n > OS_EVENT_MEMBERS)
		return -1;
	got = read(leader, buf, sizeof buf);
	if (got < (ssize_t)(3 * sizeof buf[0]) || buf[0] != (uint64_t)n ||
	    (size_t)got < (3 + (size_t)n) * sizeof buf[0])
		return -1;
	*ena = buf[1];
	*run = buf[2];
	for (k = 0; k < n; k++)
		val[k] = buf[3 + k];
	return 0;
}

/* kernel.perf_event_paranoid under the root, or -9 when it cannot be read. */
int
os_event_paranoid(void)
{
	char	path[4096], buf[32];

	if (os_path(path, sizeof path, os_root(), "/proc/sys/kernel/perf_event_paranoid") ==
	    -1 || util_read_file(path, buf, sizeof buf) == -1)
		return -9;
	return atoi(buf);
}

/* Whether the kernel has a core PMU driver (x86 "cpu", hybrid "cpu_core", arm "armv8..."). */
int
os_event_pmu(void)
{
	static const char *const names[] = { "cpu", "cpu_core", "cpu_atom", "armv8_pmuv3",
	    "armv8_pmuv3_0", "power" };
	char	rel[128], path[4096];
	size_t	i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(rel, sizeof rel, "/sys/bus/event_source/devices/%s", names[i]);
		if (os_path(path, sizeof path, os_root(), rel) == 0 && access(path, F_OK) == 0)
			return 1;
	}
	return 0;
}
