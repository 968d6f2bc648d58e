/*
 * machine.c: the "machine" object of every result: host, kernel, CPU,
 * microcode, topology summary, SMT control, board and firmware, format.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "os/os.h"
#include "model/machine.h"

/* The files under /sys/class/dmi/id/ that any user may read. */
const char *const machine_dmi_keys[MACHINE_NDMI] = {
	"sys_vendor", "product_name", "product_version", "board_vendor",
	"board_name", "bios_vendor", "bios_version", "bios_date"
};

/* Read <root><rel> into buf; "" when it is absent or unreadable. */
static void
machine_read_at(const char *root, const char *rel, char *buf, size_t len)
{
	char	path[4096];

	snprintf(path, sizeof path, "%s%s", root, rel);
	if (util_read_file(path, buf, len) != 0)
		buf[0] = '\0';
}

/* The first "microcode : 0x..." line of <root>/proc/cpuinfo, or "". */
static void
machine_read_microcode(const char *root, char *buf, size_t len)
{
	char	 path[4096], line[512], *p;
	FILE	*f;

	buf[0] = '\0';
	snprintf(path, sizeof path, "%s/proc/cpuinfo", root);
	if ((f = fopen(path, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "microcode", 9) != 0 || (p = strchr(line, ':')) == NULL)
			continue;
		p += strspn(p + 1, " \t") + 1;
		p[strcspn(p, " \t\r\n")] = '\0';
		snprintf(buf, len, "%s", p);
		break;
	}
	fclose(f);
}

/* Host name and kernel release: uname here, the proc files of a fixture tree. */
static void
machine_read_host(struct machine *mc, const char *root)
{
	struct utsname	u;

	if (*root == '\0' && uname(&u) == 0) {
		snprintf(mc->hostname, sizeof mc->hostname, "%s", u.nodename);
		snprintf(mc->kernel, sizeof mc->kernel, "%s", u.release);
		return;
	}
	machine_read_at(root, "/proc/sys/kernel/hostname", mc->hostname,
	    sizeof mc->hostname);
	machine_read_at(root, "/proc/sys/kernel/osrelease", mc->kernel, sizeof mc->kernel);
}

/* Is SMT on? From smt/control, else what the topology shows; -1 unknown. */
static int
machine_smt_on(const char *control, int width)
{
	if (width > 1 || strcmp(control, "on") == 0)
		return 1;
	if (strcmp(control, "off") == 0 || strcmp(control, "forceoff") == 0 ||
	    strcmp(control, "notsupported") == 0 || strcmp(control, "notimplemented") == 0)
		return 0;
	return width == 1 && *control == '\0' ? -1 : 0;
}

/* Describe the machine of a topology. */
void
machine_fill(struct machine *mc, const struct topo *m, const struct cpuinfo *ci,
    const char *sysroot)
{
	const char	*root = sysroot != NULL ? sysroot : os_root();
	int		 i;
	char		 rel[128];

	memset(mc, 0, sizeof *mc);
	mc->live = topo_is_live(m);
	snprintf(mc->source, sizeof mc->source, "%s", mc->live ? "this machine" :
	    m->source_name);
	mc->sum = m->summary;
	if (ci != NULL)
		mc->ci = *ci;
	else if (mc->live || *root != '\0')
		cpuinfo_read(&mc->ci, *root != '\0' ? root : NULL);
	else
		cpuinfo_from_topology(&mc->ci, m->cpu_vendor, m->cpu_model);
	mc->smt_on = mc->sum.smt_width_max > 1 ? 1 : -1;
	if (!mc->live && *root == '\0')
		return;
	machine_read_host(mc, root);
	machine_read_microcode(root, mc->microcode, sizeof mc->microcode);
	machine_read_at(root, "/sys/devices/system/cpu/smt/control", mc->smt_control,
	    sizeof mc->smt_control);
	mc->smt_on = machine_smt_on(mc->smt_control, mc->sum.smt_width_max);
	for (i = 0; i < MACHINE_NDMI; i++) {
		snprintf(rel, sizeof rel, "/sys/class/dmi/id/%s", machine_dmi_keys[i]);
		machine_read_at(root, rel, mc->dmi[i], sizeof mc->dmi[i]);
	}
}

/* Append a JSON string member, null when s is empty. */
static void
machine_json_str(struct strbuf *sb, const char *key, const char *s, int first)
{
	strbuf_printf(sb, "%s\"%s\":", first ? "" : ",", key);
	strbuf_json_str(sb, *s != '\0' ? s : NULL);
}

/* Append a whole-number member, null when negative (unknown). */
static void
machine_json_int(struct strbuf *sb, const char *key, int v)
{
	if (v < 0)
		strbuf_printf(sb, ",\"%s\":null", key);
	else
		strbuf_printf(sb, ",\"%s\":%d", key, v);
}

/* Append the object's members (no braces). */
void
machine_json_members(const struct machine *mc, struct strbuf *sb)
{
	const struct topo_summary	*s = &mc->sum;
	int				 i;

	strbuf_printf(sb, "\"format\":%d", MACHINE_FORMAT);
	machine_json_str(sb, "smtscope", SMTSCOPE_VERSION, 0);
	strbuf_printf(sb, ",\"live\":%s", mc->live ? "true" : "false");
	machine_json_str(sb, "source", mc->source, 0);
	machine_json_str(sb, "hostname", mc->hostname, 0);
	machine_json_str(sb, "kernel", mc->kernel, 0);
	strbuf_puts(sb, ",\"cpu\":{");
	machine_json_str(sb, "vendor", mc->ci.vendor, 1);
	machine_json_str(sb, "brand", mc->ci.brand, 0);
	machine_json_str(sb, "codename", mc->ci.codename, 0);
	machine_json_int(sb, "family", mc->ci.family);
	machine_json_int(sb, "model", mc->ci.model);
	machine_json_int(sb, "stepping", mc->ci.stepping);
	machine_json_str(sb, "microcode", mc->microcode, 0);
	machine_json_str(sb, "hypervisor", mc->ci.hypervisor, 0);
	strbuf_printf(sb, "},\"topology\":{\"packages\":%d,\"numa_nodes\":%d,"
	    "\"cores\":%d,\"pus\":%d,\"smt_width\":%d,\"cpu_kinds\":%d,\"smt_on\":%s",
	    s->packages, s->numa_nodes, s->cores, s->pus, s->smt_width_max, s->cpu_kinds,
	    mc->smt_on == 1 ? "true" : mc->smt_on == 0 ? "false" : "null");
	machine_json_str(sb, "smt_control", mc->smt_control, 0);
	strbuf_puts(sb, "},\"dmi\":{");
	for (i = 0; i < MACHINE_NDMI; i++)
		machine_json_str(sb, machine_dmi_keys[i], mc->dmi[i], i == 0);
	strbuf_puts(sb, "}");
}

/* Append "machine":{...} as a whole. */
void
machine_json(const struct machine *mc, struct strbuf *sb)
{
	strbuf_puts(sb, "\"machine\":{");
	machine_json_members(mc, sb);
	strbuf_puts(sb, "}");
}

/* The SMT state in words. */
void
machine_smt_words(char *buf, size_t len, int smt_on, int width)
{
	if (smt_on == 0)
		snprintf(buf, len, "SMT off (1 thread per core)");
	else if (width > 1)
		snprintf(buf, len, "SMT on (%d threads per core)", width);
	else if (smt_on == 1)
		snprintf(buf, len, "SMT on but 1 thread per core online");
	else
		snprintf(buf, len, "1 thread per core (SMT control unknown)");
}

/* The short host name of this machine. */
int
machine_short_hostname(char *buf, size_t len)
{
	char	host[256];

	if (gethostname(host, sizeof host) == -1)
		return -1;
	host[sizeof host - 1] = '\0';
	host[strcspn(host, ".")] = '\0';
	if (host[0] == '\0')
		return -1;
	snprintf(buf, len, "%s", host);
	return 0;
}
