/* cpuinfo.c: CPU identity from libcpuid, else /proc/cpuinfo and sysfs. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if HAVE_LIBCPUID
#include <libcpuid.h>
#endif
#if defined(__i386__) || defined(__x86_64__)
#include <cpuid.h>
#define CPUINFO_X86 1
#else
#define CPUINFO_X86 0
#endif

#include "os/os.h"
#include "model/cpuinfo.h"
#include "base/util.h"

#define CPUINFO_SYSCPU "/sys/devices/system/cpu"

/* An ARM implementer code and its name. */
struct cpuinfo_arm_vendor {
	unsigned	 code;
	const char	*name;
};

/* An ARM part number of one implementer and its core name. */
struct cpuinfo_arm_part {
	unsigned	 vendor;
	unsigned	 part;
	const char	*name;
};

/* A hypervisor CPUID signature (leaf 0x40000000) and its short name. */
struct cpuinfo_hv_sig {
	const char	*sig;
	const char	*name;
};

static const struct cpuinfo_arm_vendor cpuinfo_arm_vendors[] = {
	{ 0x41, "ARM" },	{ 0x42, "Broadcom" },	{ 0x43, "Cavium" },
	{ 0x46, "Fujitsu" },	{ 0x48, "HiSilicon" },	{ 0x4e, "NVIDIA" },
	{ 0x50, "APM" },	{ 0x51, "Qualcomm" },	{ 0x53, "Samsung" },
	{ 0x61, "Apple" },	{ 0x69, "Intel" },	{ 0x6d, "Microsoft" },
	{ 0xc0, "Ampere" },
};

static const struct cpuinfo_arm_part cpuinfo_arm_parts[] = {
	{ 0x41, 0xd03, "Cortex-A53" },	{ 0x41, 0xd04, "Cortex-A35" },
	{ 0x41, 0xd05, "Cortex-A55" },	{ 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" },	{ 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" },	{ 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" },	{ 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd40, "Neoverse-V1" },	{ 0x41, 0xd41, "Cortex-A78" },
	{ 0x41, 0xd44, "Cortex-X1" },	{ 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" },	{ 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" },	{ 0x41, 0xd4f, "Neoverse-V2" },
	{ 0x41, 0xd80, "Cortex-A520" },	{ 0x41, 0xd81, "Cortex-A720" },
	{ 0x41, 0xd84, "Neoverse-V3" },	{ 0x41, 0xd8e, "Neoverse-N3" },
	{ 0x43, 0x0af, "ThunderX2" },	{ 0x46, 0x001, "A64FX" },
	{ 0x48, 0xd01, "Kunpeng-920" },	{ 0x4e, 0x004, "Carmel" },
	{ 0x51, 0x800, "Kryo" },	{ 0xc0, 0xac3, "Ampere-1" },
	{ 0xc0, 0xac4, "Ampere-1a" },
};

static const struct cpuinfo_hv_sig cpuinfo_hv_sigs[] = {
	{ "KVMKVMKVM", "KVM" },
	{ "Microsoft Hv", "Hyper-V" },
	{ "VMwareVMware", "VMware" },
	{ "XenVMMXenVMM", "Xen" },
	{ "TCGTCGTCGTCG", "QEMU TCG" },
	{ "bhyve bhyve ", "bhyve" },
	{ " lrpepyh  vr", "Parallels" },
	{ "VBoxVBoxVBox", "VirtualBox" },
	{ "ACRNACRNACRN", "ACRN" },
	{ "QNXQVMBSQG", "QNX" },
};

/* Build <root><rel> into buf; a NULL or "" root is the real root. */
static void
cpuinfo_path(char *buf, size_t len, const char *root, const char *rel)
{
	if (root == NULL || *root == '\0')
		root = "";
	snprintf(buf, len, "%s%s", root, rel);
}

/* Read one small file under root into buf; -1 and buf "" if it is absent. */
static int
cpuinfo_read_at(const char *root, const char *rel, char *buf, size_t len)
{
	char	path[4096];

	cpuinfo_path(path, sizeof path, root, rel);
	if (util_read_file(path, buf, len) != 0) {
		buf[0] = '\0';
		return -1;
	}
	return 0;
}

/* Copy src into dst with runs of white space collapsed and ends trimmed. */
static void
cpuinfo_copy(char *dst, size_t len, const char *src)
{
	size_t	n = 0;
	int	space = 0;

	if (len == 0)
		return;
	while (isspace((unsigned char)*src))
		src++;
	for (; *src != '\0' && n + 1 < len; src++) {
		if (isspace((unsigned char)*src)) {
			space = 1;
			continue;
		}
		if (space && n + 2 < len)
			dst[n++] = ' ';
		else if (space)
			break;
		space = 0;
		dst[n++] = *src;
	}
	dst[n] = '\0';
}

/* Parse a whole number (decimal, or hex with 0x); -1 if it is not one. */
static int
cpuinfo_number(const char *s, long *out)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 0);
	if (end == s || errno != 0 || v < 0)
		return -1;
	while (isspace((unsigned char)*end))
		end++;
	if (*end != '\0')
		return -1;
	*out = v;
	return 0;
}

/* Whether word appears as a whole word in a space-separated list. */
static int
cpuinfo_has_word(const char *list, const char *word)
{
	size_t		 n = strlen(word);
	const char	*p = list;

	while ((p = strstr(p, word)) != NULL) {
		if ((p == list || isspace((unsigned char)p[-1])) &&
		    (p[n] == '\0' || isspace((unsigned char)p[n])))
			return 1;
		p += n;
	}
	return 0;
}

/* Set every field to unknown. */
static void
cpuinfo_clear(struct cpuinfo *ci)
{
	memset(ci, 0, sizeof *ci);
	ci->family = ci->model = ci->stepping = -1;
	ci->smt = CPUINFO_SMT_UNKNOWN;
}

/* Name of an SMT state: "on", "off", "absent", "unknown". */
const char *
cpuinfo_smt_name(int smt)
{
	switch (smt) {
	case CPUINFO_SMT_ON:
		return "on";
	case CPUINFO_SMT_OFF:
		return "off";
	case CPUINFO_SMT_ABSENT:
		return "absent";
	default:
		return "unknown";
	}
}

/* Map sysfs smt/control and smt/active (NULL if absent) to a state. */
int
cpuinfo_smt_parse(const char *control, const char *active)
{
	if (control == NULL)
		return CPUINFO_SMT_UNKNOWN;
	if (strcmp(control, "on") == 0) {
		/* On, but no core has two siblings online: hotplugged off. */
		if (active != NULL && strcmp(active, "0") == 0)
			return CPUINFO_SMT_OFF;
		return CPUINFO_SMT_ON;
	}
	if (strcmp(control, "off") == 0 || strcmp(control, "forceoff") == 0)
		return CPUINFO_SMT_OFF;
	if (strcmp(control, "notsupported") == 0)
		return CPUINFO_SMT_ABSENT;
	return CPUINFO_SMT_UNKNOWN;
}

/* Combine the SMT state with the most threads the topology shows per core. */
void
cpuinfo_smt_merge(struct cpuinfo *ci, int max_threads_per_core)
{
	if (max_threads_per_core > 1)
		ci->smt = CPUINFO_SMT_ON;
}

/* Fill the SMT state from <root>/sys smt/control, active and cpu0 siblings. */
static void
cpuinfo_read_smt(struct cpuinfo *ci, const char *root)
{
	char	 control[64], active[16], sib[256];
	int	 have_active;

	if (cpuinfo_read_at(root, CPUINFO_SYSCPU "/smt/control", control,
	    sizeof control) != 0) {
		ci->smt_control[0] = '\0';
		ci->smt = CPUINFO_SMT_UNKNOWN;
	} else {
		cpuinfo_copy(ci->smt_control, sizeof ci->smt_control, control);
		have_active = cpuinfo_read_at(root, CPUINFO_SYSCPU
		    "/smt/active", active, sizeof active) == 0;
		ci->smt = cpuinfo_smt_parse(control,
		    have_active ? active : NULL);
	}
	if (ci->smt != CPUINFO_SMT_UNKNOWN)
		return;

	/* No verdict from the control file: siblings of cpu0 can say "on". */
	if (cpuinfo_read_at(root, CPUINFO_SYSCPU
	    "/cpu0/topology/thread_siblings_list", sib, sizeof sib) == 0 &&
	    strpbrk(sib, ",-") != NULL)
		ci->smt = CPUINFO_SMT_ON;
}

/* Parse a sysfs cache size ("32K", "1024K", "32M") into bytes; 0 if bad. */
static uint64_t
cpuinfo_cache_size(const char *s)
{
	char		*end;
	unsigned long	 v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (end == s || errno != 0)
		return 0;
	switch (*end) {
	case 'K':
	case 'k':
		return (uint64_t)v << 10;
	case 'M':
	case 'm':
		return (uint64_t)v << 20;
	case 'G':
	case 'g':
		return (uint64_t)v << 30;
	case '\0':
		return v;
	default:
		return 0;
	}
}

/* Fill unknown cache sizes from <root>/sys .../cpu0/cache/index*. */
static void
cpuinfo_read_caches(struct cpuinfo *ci, const char *root)
{
	char		 rel[256], level[16], type[32], size[32];
	uint64_t	 bytes;
	int		 i;

	for (i = 0; i < 16; i++) {
		snprintf(rel, sizeof rel, CPUINFO_SYSCPU
		    "/cpu0/cache/index%d/level", i);
		if (cpuinfo_read_at(root, rel, level, sizeof level) != 0)
			continue;
		snprintf(rel, sizeof rel, CPUINFO_SYSCPU
		    "/cpu0/cache/index%d/type", i);
		cpuinfo_read_at(root, rel, type, sizeof type);
		snprintf(rel, sizeof rel, CPUINFO_SYSCPU
		    "/cpu0/cache/index%d/size", i);
		cpuinfo_read_at(root, rel, size, sizeof size);
		if ((bytes = cpuinfo_cache_size(size)) == 0)
			continue;
		if (strcmp(type, "Instruction") == 0)
			continue;
		if (strcmp(level, "1") == 0 && ci->l1d_bytes == 0)
			ci->l1d_bytes = bytes;
		else if (strcmp(level, "2") == 0 && ci->l2_bytes == 0)
			ci->l2_bytes = bytes;
		else if (strcmp(level, "3") == 0 && ci->l3_bytes == 0)
			ci->l3_bytes = bytes;
	}
}

/* Name the hypervisor from the CPUID leaf 0x40000000 signature; -1 if none. */
static int
cpuinfo_hv_cpuid(struct cpuinfo *ci)
{
#if CPUINFO_X86
	unsigned int	 a, b, c, d;
	char		 sig[13];
	size_t		 i;

	__cpuid(1, a, b, c, d);
	if ((c & (1U << 31)) == 0)
		return -1;
	__cpuid(0x40000000, a, b, c, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	sig[12] = '\0';
	for (i = 0; i < sizeof cpuinfo_hv_sigs / sizeof cpuinfo_hv_sigs[0];
	    i++) {
		if (strcmp(sig, cpuinfo_hv_sigs[i].sig) == 0) {
			snprintf(ci->hypervisor, sizeof ci->hypervisor, "%s",
			    cpuinfo_hv_sigs[i].name);
			return 0;
		}
	}
	cpuinfo_copy(ci->hypervisor, sizeof ci->hypervisor, sig);
	if (ci->hypervisor[0] == '\0')
		snprintf(ci->hypervisor, sizeof ci->hypervisor, "unknown");
	return 0;
#else
	(void)ci;
	return -1;
#endif
}

/* Name an ARM core from implementer and part codes. */
static void
cpuinfo_arm_name(struct cpuinfo *ci, long impl, long part)
{
	const char	*vendor = NULL, *core = NULL;
	size_t		 i;

	for (i = 0; i < sizeof cpuinfo_arm_vendors /
	    sizeof cpuinfo_arm_vendors[0]; i++) {
		if (cpuinfo_arm_vendors[i].code == (unsigned)impl)
			vendor = cpuinfo_arm_vendors[i].name;
	}
	for (i = 0; i < sizeof cpuinfo_arm_parts /
	    sizeof cpuinfo_arm_parts[0]; i++) {
		if (cpuinfo_arm_parts[i].vendor == (unsigned)impl &&
		    cpuinfo_arm_parts[i].part == (unsigned)part)
			core = cpuinfo_arm_parts[i].name;
	}
	if (ci->vendor[0] == '\0') {
		if (vendor != NULL)
			snprintf(ci->vendor, sizeof ci->vendor, "%s", vendor);
		else
			snprintf(ci->vendor, sizeof ci->vendor,
			    "implementer 0x%02lx", impl);
	}
	if (ci->brand[0] == '\0' && part >= 0) {
		if (core != NULL)
			snprintf(ci->brand, sizeof ci->brand, "%s %s",
			    ci->vendor, core);
		else
			snprintf(ci->brand, sizeof ci->brand, "%s part 0x%03lx",
			    ci->vendor, part);
	}
	if (ci->codename[0] == '\0' && core != NULL)
		snprintf(ci->codename, sizeof ci->codename, "%s", core);
}

/* Take a POWER "cpu" line ("POWER9 (architected), altivec supported"). */
static void
cpuinfo_power_name(struct cpuinfo *ci, const char *value)
{
	char	buf[128];
	size_t	n;

	snprintf(buf, sizeof buf, "%s", value);
	buf[strcspn(buf, ",")] = '\0';
	cpuinfo_copy(ci->brand, sizeof ci->brand, buf);
	n = strcspn(ci->brand, " ");
	if (n < sizeof ci->codename)
		snprintf(ci->codename, sizeof ci->codename, "%.*s", (int)n,
		    ci->brand);
	if (ci->vendor[0] == '\0' && (strncmp(value, "POWER", 5) == 0 ||
	    strncmp(value, "PPC", 3) == 0))
		snprintf(ci->vendor, sizeof ci->vendor, "IBM");
}

/*
 * Parse <root>/proc/cpuinfo: the first value of each key wins, so the first
 * processor block gives the identity. Sets *hv_flag from x86 "flags".
 * Returns -1 if the file cannot be read.
 */
static int
cpuinfo_read_proc(struct cpuinfo *ci, const char *root, int *hv_flag)
{
	char	 path[4096], *line = NULL, *key, *value, *colon, *end;
	size_t	 cap = 0;
	FILE	*f;
	long	 v, impl = -1, arch = -1, part = -1, rev = -1;
	int	 have_flags = 0;

	*hv_flag = 0;
	cpuinfo_path(path, sizeof path, root, "/proc/cpuinfo");
	if ((f = fopen(path, "re")) == NULL)
		return -1;
	while (getline(&line, &cap, f) != -1) {
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		*colon = '\0';
		key = line;
		end = colon;
		while (end > key && isspace((unsigned char)end[-1]))
			*--end = '\0';
		value = colon + 1;
		while (isspace((unsigned char)*value))
			value++;
		end = value + strlen(value);
		while (end > value && isspace((unsigned char)end[-1]))
			*--end = '\0';

		if (strcmp(key, "vendor_id") == 0 && ci->vendor[0] == '\0')
			cpuinfo_copy(ci->vendor, sizeof ci->vendor, value);
		else if ((strcmp(key, "model name") == 0 ||
		    strcmp(key, "Processor") == 0) && ci->brand[0] == '\0')
			cpuinfo_copy(ci->brand, sizeof ci->brand, value);
		else if (strcmp(key, "cpu family") == 0 && ci->family == -1 &&
		    cpuinfo_number(value, &v) == 0)
			ci->family = (int)v;
		else if (strcmp(key, "model") == 0 && ci->model == -1 &&
		    cpuinfo_number(value, &v) == 0)
			ci->model = (int)v;
		else if (strcmp(key, "stepping") == 0 && ci->stepping == -1 &&
		    cpuinfo_number(value, &v) == 0)
			ci->stepping = (int)v;
		else if (strcmp(key, "flags") == 0 && !have_flags) {
			have_flags = 1;
			*hv_flag = cpuinfo_has_word(value, "hypervisor");
		} else if (strcmp(key, "CPU implementer") == 0 && impl == -1)
			cpuinfo_number(value, &impl);
		else if (strcmp(key, "CPU architecture") == 0 && arch == -1)
			cpuinfo_number(value, &arch);
		else if (strcmp(key, "CPU part") == 0 && part == -1)
			cpuinfo_number(value, &part);
		else if (strcmp(key, "CPU revision") == 0 && rev == -1)
			cpuinfo_number(value, &rev);
		else if (strcmp(key, "cpu") == 0 && ci->brand[0] == '\0')
			cpuinfo_power_name(ci, value);
		else if (strcmp(key, "uarch") == 0 && ci->brand[0] == '\0') {
			/* RISC-V: "sifive,u74-mc". */
			cpuinfo_copy(ci->brand, sizeof ci->brand, value);
			if (ci->vendor[0] == '\0')
				snprintf(ci->vendor, sizeof ci->vendor, "%.*s",
				    (int)strcspn(value, ","), value);
		}
	}
	free(line);
	fclose(f);

	if (impl >= 0) {
		cpuinfo_arm_name(ci, impl, part);
		if (ci->family == -1 && arch >= 0)
			ci->family = (int)arch;
		if (ci->model == -1 && part >= 0)
			ci->model = (int)part;
		if (ci->stepping == -1 && rev >= 0)
			ci->stepping = (int)rev;
	}
	return 0;
}

/*
 * Name the hypervisor: CPUID when live, else /sys/hypervisor/type, else
 * "unknown" if the "hypervisor" flag is set (hv_flag -1: not yet known).
 */
static void
cpuinfo_read_hv(struct cpuinfo *ci, const char *root, int live, int hv_flag)
{
	struct cpuinfo	scratch;
	char		type[64];

	ci->hypervisor[0] = '\0';
	if (live && cpuinfo_hv_cpuid(ci) == 0)
		return;
	if (cpuinfo_read_at(root, "/sys/hypervisor/type", type,
	    sizeof type) == 0 && type[0] != '\0') {
		cpuinfo_copy(ci->hypervisor, sizeof ci->hypervisor, type);
		return;
	}
	/* CPUID may be masked (valgrind, some hypervisors): ask the kernel. */
	if (hv_flag == -1) {
		cpuinfo_clear(&scratch);
		if (cpuinfo_read_proc(&scratch, root, &hv_flag) != 0)
			hv_flag = 0;
	}
	if (hv_flag)
		snprintf(ci->hypervisor, sizeof ci->hypervisor, "unknown");
}

/* Does a brand string name a model: three digits or more in a row? */
int
cpuinfo_brand_names_model(const char *brand)
{
	int	run = 0;

	for (; *brand != '\0'; brand++) {
		run = *brand >= '0' && *brand <= '9' ? run + 1 : 0;
		if (run == 3)
			return 1;
	}
	return 0;
}

#if HAVE_LIBCPUID
/* Swallow libcpuid warnings: they would land on the terminal. */
static void
cpuinfo_cpuid_warn(const char *msg)
{
	(void)msg;
}

/* Identify the CPU with libcpuid; -1 if it is not there or fails. */
static int
cpuinfo_read_cpuid(struct cpuinfo *ci)
{
	struct cpu_raw_data_t	raw;
	struct cpu_id_t		id;

	cpuid_set_warn_function(cpuinfo_cpuid_warn);
	if (!cpuid_present())
		return -1;
	memset(&raw, 0, sizeof raw);
	memset(&id, 0, sizeof id);
	if (cpuid_get_raw_data(&raw) != 0 || cpu_identify(&raw, &id) != 0)
		return -1;
	if (id.vendor_str[0] == '\0')
		return -1;

	cpuinfo_copy(ci->vendor, sizeof ci->vendor, id.vendor_str);
	cpuinfo_copy(ci->brand, sizeof ci->brand, id.brand_str);
	cpuinfo_copy(ci->codename, sizeof ci->codename, id.cpu_codename);
	if (strcmp(ci->codename, "Unknown") == 0 ||
	    strncmp(ci->codename, "Unknown ", 8) == 0 ||
	    !cpuinfo_brand_names_model(ci->brand))
		ci->codename[0] = '\0';
	ci->family = id.ext_family;
	ci->model = id.ext_model;
	ci->stepping = id.stepping;
	if (id.l1_data_cache > 0)
		ci->l1d_bytes = (uint64_t)id.l1_data_cache << 10;
	if (id.l2_cache > 0)
		ci->l2_bytes = (uint64_t)id.l2_cache << 10;
	if (id.l3_cache > 0)
		ci->l3_bytes = (uint64_t)id.l3_cache << 10;
	snprintf(ci->source, sizeof ci->source, "libcpuid");
	return 0;
}
#endif

/* Read the identity of the live machine or of a fixture tree. */
int
cpuinfo_read(struct cpuinfo *ci, const char *sysroot)
{
	int	live, hv_flag = -1, done = 0;

	cpuinfo_clear(ci);
	if (sysroot == NULL)
		sysroot = os_root();
	live = *sysroot == '\0';

#if HAVE_LIBCPUID
	if (live && cpuinfo_read_cpuid(ci) == 0)
		done = 1;
#endif
	if (!done) {
		if (cpuinfo_read_proc(ci, sysroot, &hv_flag) == 0)
			snprintf(ci->source, sizeof ci->source,
			    "/proc/cpuinfo");
	}
	cpuinfo_read_caches(ci, sysroot);
	cpuinfo_read_smt(ci, sysroot);
	cpuinfo_read_hv(ci, sysroot, live, hv_flag);

	if (ci->vendor[0] == '\0' && ci->brand[0] == '\0')
		return -1;
	return 0;
}

/* Fill identity from the vendor and model strings of a topology file. */
void
cpuinfo_from_topology(struct cpuinfo *ci, const char *vendor,
    const char *model)
{
	cpuinfo_clear(ci);
	if (vendor != NULL)
		cpuinfo_copy(ci->vendor, sizeof ci->vendor, vendor);
	if (model != NULL)
		cpuinfo_copy(ci->brand, sizeof ci->brand, model);
	snprintf(ci->source, sizeof ci->source, "topology file");
}
