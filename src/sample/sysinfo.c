/* sysinfo.c: machine facts for measurements from Linux sysfs and procfs. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/os.h"
#include "sample/cpustat.h"
#include "sample/sysinfo.h"
#include "base/util.h"

#define SYSINFO_SYSCPU		"/sys/devices/system/cpu"

/* A cpuidle state at least this slow to leave is worth a warning. */
#define SYSINFO_SLOW_IDLE_US	20

/* Less available memory than this is worth a warning. */
#define SYSINFO_LOW_MEM_BYTES	(256ULL << 20)

/* Read a whole non-negative decimal number from <root><rel>; -1 if absent. */
static int
sysinfo_read_u64(const char *root, const char *rel, uint64_t *out)
{
	char	 buf[64], *end;

	if (util_read_at(root, rel, buf, sizeof buf) != 0 || buf[0] == '\0' ||
	    buf[0] == '-')
		return -1;
	errno = 0;
	*out = strtoull(buf, &end, 10);
	if (errno != 0 || end == buf || *end != '\0')
		return -1;
	return 0;
}

/* Find "key:   value" in a /proc status-style file; -1 if absent. */
static int
sysinfo_read_key(const char *root, const char *rel, const char *key,
    char *buf, size_t len)
{
	char	 path[4096], *line = NULL, *v;
	size_t	 cap = 0, klen = strlen(key);
	FILE	*f;
	int	 found = -1;

	buf[0] = '\0';
	snprintf(path, sizeof path, "%s%s", root, rel);
	if ((f = fopen(path, "re")) == NULL)
		return -1;
	while (getline(&line, &cap, f) != -1) {
		if (strncmp(line, key, klen) != 0 || line[klen] != ':')
			continue;
		v = line + klen + 1;
		v += strspn(v, " \t");
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, len, "%s", v);
		found = 0;
		break;
	}
	free(line);
	fclose(f);
	return found;
}

/* Read the cpufreq driver, governor, boost and frequencies of cpu0. */
static void
sysinfo_read_cpufreq(struct sysinfo *si, const char *root)
{
	uint64_t	v;

	util_read_at(root, SYSINFO_SYSCPU "/cpu0/cpufreq/scaling_driver",
	    si->cpufreq_driver, sizeof si->cpufreq_driver);
	util_read_at(root, SYSINFO_SYSCPU "/cpu0/cpufreq/scaling_governor",
	    si->cpufreq_governor, sizeof si->cpufreq_governor);

	si->boost = -1;
	if (sysinfo_read_u64(root, SYSINFO_SYSCPU "/cpufreq/boost", &v) == 0 ||
	    sysinfo_read_u64(root, SYSINFO_SYSCPU "/cpu0/cpufreq/boost",
	    &v) == 0)
		si->boost = v != 0;
	else if (sysinfo_read_u64(root, SYSINFO_SYSCPU "/intel_pstate/no_turbo",
	    &v) == 0)
		si->boost = v == 0;

	if (sysinfo_read_u64(root, SYSINFO_SYSCPU
	    "/cpu0/cpufreq/scaling_cur_freq", &si->cur_khz) != 0 &&
	    sysinfo_read_u64(root, SYSINFO_SYSCPU
	    "/cpu0/cpufreq/cpuinfo_cur_freq", &si->cur_khz) != 0)
		si->cur_khz = 0;
	if (sysinfo_read_u64(root, SYSINFO_SYSCPU
	    "/cpu0/cpufreq/cpuinfo_max_freq", &si->max_khz) != 0 &&
	    sysinfo_read_u64(root, SYSINFO_SYSCPU
	    "/cpu0/cpufreq/scaling_max_freq", &si->max_khz) != 0)
		si->max_khz = 0;
}

/* Read the cpuidle driver, governor and the idle states of cpu0. */
static void
sysinfo_read_cpuidle(struct sysinfo *si, const char *root)
{
	struct sysinfo_idle	*st;
	char			 rel[256];
	uint64_t		 v;
	int			 i;

	util_read_at(root, SYSINFO_SYSCPU "/cpuidle/current_driver",
	    si->idle_driver, sizeof si->idle_driver);
	if (util_read_at(root, SYSINFO_SYSCPU "/cpuidle/current_governor",
	    si->idle_governor, sizeof si->idle_governor) != 0)
		util_read_at(root, SYSINFO_SYSCPU
		    "/cpuidle/current_governor_ro", si->idle_governor,
		    sizeof si->idle_governor);

	si->nidle = 0;
	for (i = 0; i < SYSINFO_MAX_IDLE; i++) {
		st = &si->idle[si->nidle];
		snprintf(rel, sizeof rel, SYSINFO_SYSCPU
		    "/cpu0/cpuidle/state%d/name", i);
		if (util_read_at(root, rel, st->name, sizeof st->name) != 0)
			break;
		snprintf(rel, sizeof rel, SYSINFO_SYSCPU
		    "/cpu0/cpuidle/state%d/latency", i);
		st->latency_us = 0;
		if (sysinfo_read_u64(root, rel, &v) == 0)
			st->latency_us = v > UINT32_MAX ? UINT32_MAX :
			    (unsigned)v;
		snprintf(rel, sizeof rel, SYSINFO_SYSCPU
		    "/cpu0/cpuidle/state%d/disable", i);
		st->disabled = sysinfo_read_u64(root, rel, &v) == 0 && v != 0;
		si->nidle++;
	}
}

/* Read the facts from <sysroot>/sys and <sysroot>/proc. */
int
sysinfo_read(struct sysinfo *si, const char *sysroot)
{
	const char	*root = sysroot == NULL ? os_root() : sysroot;
	char		 buf[64], *end;
	uint64_t	 v;
	int		 rc = 0;

	memset(si, 0, sizeof *si);

	util_read_at(root, SYSINFO_SYSCPU "/smt/control", si->smt_control,
	    sizeof si->smt_control);
	si->smt_active = -1;
	if (sysinfo_read_u64(root, SYSINFO_SYSCPU "/smt/active", &v) == 0)
		si->smt_active = v != 0;

	if (util_read_at(root, SYSINFO_SYSCPU "/online", si->online,
	    sizeof si->online) != 0)
		rc = -1;
	util_read_at(root, SYSINFO_SYSCPU "/offline", si->offline,
	    sizeof si->offline);
	util_read_at(root, SYSINFO_SYSCPU "/possible", si->possible,
	    sizeof si->possible);
	util_read_at(root, SYSINFO_SYSCPU "/isolated", si->isolated,
	    sizeof si->isolated);
	sysinfo_read_key(root, "/proc/self/status", "Cpus_allowed_list",
	    si->allowed, sizeof si->allowed);

	sysinfo_read_cpufreq(si, root);
	sysinfo_read_cpuidle(si, root);

	if (sysinfo_read_key(root, "/proc/meminfo", "MemAvailable", buf,
	    sizeof buf) == 0) {
		errno = 0;
		v = strtoull(buf, &end, 10);
		if (errno == 0 && end != buf && strncmp(end, " kB", 3) == 0)
			si->mem_available_bytes = v << 10;
		else if (errno == 0 && end != buf && *end == '\0')
			si->mem_available_bytes = v;
	}
	return rc;
}

/* Format a message and hand it to emit. */
static void __attribute__((format(printf, 3, 4)))
sysinfo_emit(void (*emit)(const char *, void *), void *arg,
    const char *fmt, ...)
{
	va_list	 ap;
	char	 msg[1024];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	emit(msg, arg);
}

/* "CPU 3 is" for one CPU, "CPUs 3-5 are" for a list. */
static const char *
sysinfo_cpus_are(const char *list, char *buf, size_t len)
{
	if (strpbrk(list, ",-") == NULL)
		snprintf(buf, len, "CPU %s is", list);
	else
		snprintf(buf, len, "CPUs %s are", list);
	return buf;
}

/* Call emit once per human warning about what may skew measurements. */
void
sysinfo_warnings(const struct sysinfo *si,
    void (*emit)(const char *msg, void *arg), void *arg)
{
	const struct sysinfo_idle	*st, *deep = NULL;
	char				 cpus[SYSINFO_LIST_MAX + 16];
	int				 i;

	if (strcmp(si->smt_control, "off") == 0 ||
	    strcmp(si->smt_control, "forceoff") == 0)
		sysinfo_emit(emit, arg, "SMT is off (control=%s): no sibling "
		    "measurements", si->smt_control);
	else if (strcmp(si->smt_control, "on") == 0 && si->smt_active == 0)
		sysinfo_emit(emit, arg, "SMT is on but no core has two threads "
		    "online: no sibling measurements");
	else if (strcmp(si->smt_control, "notsupported") == 0)
		sysinfo_emit(emit, arg, "SMT is not supported (one thread per "
		    "core): no sibling measurements");

	if (si->offline[0] != '\0')
		sysinfo_emit(emit, arg, "%s offline", sysinfo_cpus_are(
		    si->offline, cpus, sizeof cpus));
	if (si->isolated[0] != '\0')
		sysinfo_emit(emit, arg, "%s isolated: the scheduler does not "
		    "balance onto them", sysinfo_cpus_are(si->isolated, cpus,
		    sizeof cpus));
	if (si->allowed[0] != '\0' && si->online[0] != '\0' &&
	    strcmp(si->allowed, si->online) != 0)
		sysinfo_emit(emit, arg, "this process may run only on CPU%s %s "
		    "(online: %s)", strpbrk(si->allowed, ",-") != NULL ? "s" : "",
		    si->allowed, si->online);

	if (si->cpufreq_driver[0] == '\0')
		sysinfo_emit(emit, arg, "CPU frequency is not exposed (virtual "
		    "machine?): no frequency figure");
	if (si->cpufreq_governor[0] != '\0' &&
	    strcmp(si->cpufreq_governor, "performance") != 0)
		sysinfo_emit(emit, arg, "cpufreq governor is %s: rates may "
		    "change with frequency", si->cpufreq_governor);
	if (si->boost == 1)
		sysinfo_emit(emit, arg, "boost is on: solo rates may be higher "
		    "than co-run rates for reasons other than sharing");

	if (si->idle_driver[0] == '\0' || strcmp(si->idle_driver, "none") == 0)
		sysinfo_emit(emit, arg, "no cpuidle driver: idle CPUs poll or "
		    "halt");
	for (i = 0; i < si->nidle; i++) {
		st = &si->idle[i];
		if (!st->disabled && (deep == NULL ||
		    st->latency_us > deep->latency_us))
			deep = st;
	}
	if (deep != NULL && deep->latency_us >= SYSINFO_SLOW_IDLE_US)
		sysinfo_emit(emit, arg, "cpuidle states down to %s (latency %u "
		    "us): a sleeping CPU wakes slowly for a pipe's other end",
		    deep->name, deep->latency_us);

	if (si->mem_available_bytes != 0 &&
	    si->mem_available_bytes < SYSINFO_LOW_MEM_BYTES)
		sysinfo_emit(emit, arg, "only %" PRIu64 " MB of memory "
		    "available: large working sets may swap",
		    si->mem_available_bytes >> 20);
}

/* Busy percent of every CPU over interval_s, from two /proc/stat samples. */
int
sysinfo_busy_cpus(const char *procroot, double interval_s,
    double *busy_pct_by_cpu, int n)
{
	struct cpustat_sample	a, b;
	struct cpustat_pct	pct;
	char			err[512];
	int			i, ncpu = -1;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	if (!isfinite(interval_s) || interval_s < 0)
		return -1;
	if (cpustat_sample(&a, procroot, err, sizeof err) != 0)
		goto out;
	if (interval_s > 0)
		util_sleep_ns((uint64_t)(interval_s * 1e9));
	if (cpustat_sample(&b, procroot, err, sizeof err) != 0)
		goto out;
	ncpu = b.ncpu;
	for (i = 0; i < n; i++) {
		if (cpustat_delta(&a, &b, i, &pct) == 0)
			busy_pct_by_cpu[i] = pct.busy;
		else
			busy_pct_by_cpu[i] = -1;
	}
out:
	cpustat_free(&a);
	cpustat_free(&b);
	return ncpu;
}
