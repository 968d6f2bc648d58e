/*
 * fuzz_sensors.c: libFuzzer harness for the sensor readers (hwmon coretemp
 * and k10temp, thermal zones, powercap RAPL) through a settable root: the
 * first byte picks the file, the rest is its content; a new reader finds
 * the inputs and reads them twice.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "sample/sensors.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define HW0	"sys/class/hwmon/hwmon0/"
#define HW1	"sys/class/hwmon/hwmon1/"
#define RAPL	"sys/class/powercap/intel-rapl:0/"
static const char *const fuzz_files[] = {
	HW0 "name", HW0 "temp1_input", HW0 "temp1_label", HW0 "temp2_input",
	HW0 "temp2_label",
	HW1 "name", HW1 "temp1_input", HW1 "temp1_label", HW1 "temp3_input",
	HW1 "temp3_label",
	"sys/class/thermal/thermal_zone0/type", "sys/class/thermal/thermal_zone0/temp",
	RAPL "name", RAPL "energy_uj", RAPL "max_energy_range_uj",
	"sys/devices/system/cpu/cpu0/topology/physical_package_id",
	"sys/devices/system/cpu/cpu0/topology/core_id",
	"sys/devices/system/cpu/online",
	"proc/cpuinfo",
};
static const char *const fuzz_plain_text[] = {
	"coretemp\n", "45000\n", "Package id 0\n", "43000\n", "Core 0\n",
	"k10temp\n", "51000\n", "Tctl\n", "50000\n", "Tccd1\n",
	"x86_pkg_temp\n", "47000\n",
	"package-0\n", "123456789\n", "262143328850\n",
	"0\n", "0\n", "0\n",
	"processor\t: 0\nphysical id\t: 0\ncore id\t\t: 0\n",
};

#include "fuzz_tree.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct sensors	*s;
	size_t		 i;

	if (fuzz_root[0] == '\0')
		fuzz_tree_init("sensors");
	if (len == 0)
		return 0;
	i = data[0] % FUZZ_NFILES;
	fuzz_write(i, data + 1, len - 1);
	if ((s = sensors_new(fuzz_root)) != NULL) {
		sensors_read(s, 1000000000ULL);
		sensors_read(s, 2000000000ULL);
		(void)sensors_temp(s);
		(void)sensors_watts(s);
		sensors_free(s);
	}
	fuzz_plain(i);
	return 0;
}
