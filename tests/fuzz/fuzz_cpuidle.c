/*
 * fuzz_cpuidle.c: libFuzzer harness for the cpuidle sysfs readers (driver,
 * states, busy MHz) through a settable root: the first byte picks the
 * file, the rest is its content.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "sample/cpuidle.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define S0	"sys/devices/system/cpu/cpu0/cpuidle/state0/"
#define S1	"sys/devices/system/cpu/cpu0/cpuidle/state1/"
static const char *const fuzz_files[] = {
	"sys/devices/system/cpu/cpuidle/current_driver",
	"sys/devices/system/cpu/cpuidle/current_governor",
	"sys/devices/system/cpu/cpuidle/current_governor_ro",
	S0 "name", S0 "latency", S0 "usage", S0 "time", S0 "disable",
	S1 "name", S1 "latency", S1 "usage", S1 "time", S1 "disable",
	"sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq",
	"sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq",
	"proc/cpuinfo",
};
static const char *const fuzz_plain_text[] = {
	"haltpoll\n", "haltpoll\n", "haltpoll\n",
	"POLL\n", "0\n", "12\n", "345\n", "0\n",
	"haltpoll\n", "1\n", "67\n", "8910\n", "0\n",
	"2400000\n", "3000000\n",
	"processor\t: 0\nflags\t\t: fpu aperfmperf hypervisor\ncpu MHz\t\t: 2400.000\n",
};

#include "fuzz_tree.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct cpuidle_cpu	a, b;
	struct cpuidle_res	d;
	char			drv[128], why[256], src[128];
	size_t			i;

	if (fuzz_root[0] == '\0')
		fuzz_tree_init("cpuidle");
	if (len == 0)
		return 0;
	i = data[0] % FUZZ_NFILES;
	fuzz_write(i, data + 1, len - 1);
	(void)cpuidle_driver(fuzz_root, "KVM", drv, sizeof drv, why, sizeof why);
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	if (cpuidle_read(fuzz_root, 0, &a) > 0 && cpuidle_read(fuzz_root, 0, &b) > 0) {
		(void)cpuidle_delta(&a, &b, &d);
		(void)cpuidle_shallow_mask(&a);
	}
	(void)cpuidle_aperfmperf(fuzz_root);
	(void)cpuidle_busy_mhz(fuzz_root, 0, src, sizeof src, why, sizeof why);
	fuzz_plain(i);
	return 0;
}
