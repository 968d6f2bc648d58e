/*
 * fuzz_proc.c: libFuzzer harness for the /proc and /sys readers, fed fuzzed
 * file contents through their settable root. The first byte picks the
 * file; the rest is its content; every reader then runs over the tree,
 * os_proc_start_at() (a pid's start time, its identity) among them.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/cpuinfo.h"
#include "os/os.h"
#include "sample/cpustat.h"
#include "sample/sysinfo.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const fuzz_files[] = {
	"proc/stat",
	"proc/cpuinfo",
	"proc/4242/stat",
	"proc/4242/schedstat",
	"proc/meminfo",
	"proc/self/status",
	"sys/devices/system/cpu/online",
	"sys/devices/system/cpu/offline",
	"sys/devices/system/cpu/possible",
	"sys/devices/system/cpu/isolated",
	"sys/devices/system/cpu/smt/control",
	"sys/devices/system/cpu/smt/active",
	"sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq",
	"sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq",
	"sys/devices/system/cpu/cpu0/cpufreq/scaling_driver",
	"sys/devices/system/cpu/cpu0/cpuidle/state0/name",
	"sys/devices/system/cpu/cpu0/cpuidle/state0/latency",
	"sys/devices/system/cpu/cpuidle/current_driver",
	"sys/devices/system/cpu/cpu0/topology/thread_siblings_list",
	"sys/devices/system/cpu/cpu0/cache/index0/level",
	"sys/devices/system/cpu/cpu0/cache/index0/type",
	"sys/devices/system/cpu/cpu0/cache/index0/size",
	"sys/hypervisor/type",
};
/* /proc/stat's plain text; every other file's is "0\n". */
static const char *const fuzz_plain_text[sizeof fuzz_files / sizeof fuzz_files[0]] = {
	"cpu  10 0 10 100 0 0 0 0 0 0\n"
	    "cpu0 5 0 5 50 0 0 0 0 0 0\ncpu1 5 0 5 50 0 0 0 0 0 0\n",
};

#include "fuzz_tree.h"

/* Put one file's content, run every reader, put the plain content back. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct cpustat_sample	s;
	struct cpustat_task	t;
	struct sysinfo		si;
	struct cpuinfo		ci;
	char			err[512];
	size_t			i;

	if (fuzz_root[0] == '\0')
		fuzz_tree_init("proc");
	if (len == 0)
		return 0;
	i = data[0] % FUZZ_NFILES;
	fuzz_write(i, data + 1, len - 1);
	memset(&s, 0, sizeof s);
	if (cpustat_sample(&s, fuzz_root, err, sizeof err) == 0)
		cpustat_free(&s);
	(void)cpustat_task_read(4242, &t, fuzz_root);
	/* A pid's identity: its start time, past a name with blanks and ')'. */
	(void)os_proc_start_at(fuzz_root, 4242);
	memset(&si, 0, sizeof si);
	(void)sysinfo_read(&si, fuzz_root);
	memset(&ci, 0, sizeof ci);
	(void)cpuinfo_read(&ci, fuzz_root);
	fuzz_plain(i);
	return 0;
}
