/*
 * fuzz_machine.c: libFuzzer harness for the host and firmware readers of
 * every result's "machine" object (machine_fill: host name, kernel,
 * microcode, board and firmware under /sys/class/dmi/id, the hypervisor,
 * the SMT files) through a settable root: the first byte picks the file,
 * the rest is its content. Every string read must end inside its field,
 * and the object written must read back as JSON.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "base/json.h"
#include "base/jsonw.h"
#include "model/machine.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define DMI	"sys/class/dmi/id/"
static const char *const fuzz_files[] = {
	"proc/cpuinfo",
	"proc/sys/kernel/hostname",
	"proc/sys/kernel/osrelease",
	DMI "sys_vendor", DMI "product_name", DMI "product_version", DMI "board_vendor",
	DMI "board_name", DMI "bios_vendor", DMI "bios_version", DMI "bios_date",
	"sys/hypervisor/type",
	"sys/devices/system/cpu/smt/control",
	"sys/devices/system/cpu/smt/active",
};
static const char *const fuzz_plain_text[] = {
	"processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 106\n"
	    "model name\t: Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz\nstepping\t: 6\n"
	    "microcode\t: 0xd0003a5\nflags\t\t: fpu ht hypervisor\n",
	"node17.cluster.example\n", "6.1.0-28-amd64\n",
	"Dell Inc.\n", "PowerEdge R750\n", "\n", "Dell Inc.\n",
	"0XYZ12\n", "Dell Inc.\n", "1.10.2\n", "03/15/2023\n",
	"kvm\n", "on\n", "1\n",
};

#include "fuzz_tree.h"

static struct topo	*fuzz_m;

static void
fuzz_cleanup(void)
{
	topo_free(fuzz_m);
}

/* A string field must end inside itself. */
static void
fuzz_ends(const char *s, size_t len)
{
	if (memchr(s, '\0', len) == NULL)
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct machine	 mc;
	struct strbuf	 sb;
	struct jsonw	 w;
	struct json	*j;
	char		 err[256];
	size_t		 i;
	int		 k;

	if (fuzz_root[0] == '\0') {
		fuzz_tree_init("machine");
		if ((fuzz_m = topo_load_synthetic("package:1 core:2 pu:2", err,
		    sizeof err)) == NULL)
			abort();
		atexit(fuzz_cleanup);
	}
	if (len == 0)
		return 0;
	i = data[0] % FUZZ_NFILES;
	fuzz_write(i, data + 1, len - 1);
	machine_fill(&mc, fuzz_m, NULL, fuzz_root);
	fuzz_ends(mc.hostname, sizeof mc.hostname);
	fuzz_ends(mc.kernel, sizeof mc.kernel);
	fuzz_ends(mc.microcode, sizeof mc.microcode);
	fuzz_ends(mc.smt_control, sizeof mc.smt_control);
	fuzz_ends(mc.ci.vendor, sizeof mc.ci.vendor);
	fuzz_ends(mc.ci.brand, sizeof mc.ci.brand);
	fuzz_ends(mc.ci.hypervisor, sizeof mc.ci.hypervisor);
	for (k = 0; k < MACHINE_NDMI; k++)
		fuzz_ends(mc.dmi[k], sizeof mc.dmi[k]);
	if (mc.smt_on < -1 || mc.smt_on > 1 || mc.sum.pus != 4)
		__builtin_trap();
	/* Whatever the files held, the object written is JSON. */
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	machine_json(&mc, &w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	if ((j = json_parse(sb.s, sb.len, err, sizeof err)) == NULL)
		__builtin_trap();
	json_free(j);
	strbuf_free(&sb);
	fuzz_plain(i);
	return 0;
}
