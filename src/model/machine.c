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
	util_read_at(root, "/proc/sys/kernel/hostname", mc->hostname,
	    sizeof mc->hostname);
	util_read_at(root, "/proc/sys/kernel/osrelease", mc->kernel, sizeof mc->kernel);
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
	/* The model's own state; a fixture tree's kernel files speak for it. */
	mc->smt = m->smt;
	if (*root != '\0')
		topo_smt_read(&mc->smt, m, 1, root);
	mc->smt_on = smtstate_on(&mc->smt);
	snprintf(mc->smt_control, sizeof mc->smt_control, "%s", mc->smt.control);
	if (!mc->live && *root == '\0')
		return;
	machine_read_host(mc, root);
	machine_read_microcode(root, mc->microcode, sizeof mc->microcode);
	for (i = 0; i < MACHINE_NDMI; i++) {
		snprintf(rel, sizeof rel, "/sys/class/dmi/id/%s", machine_dmi_keys[i]);
		util_read_at(root, rel, mc->dmi[i], sizeof mc->dmi[i]);
	}
}

/* A whole-number member, null when negative (unknown). */
static void
machine_json_int(struct jsonw *w, const char *key, int v)
{
	if (v < 0)
		jsonw_key_null(w, key);
	else
		jsonw_key_int(w, key, v);
}

/* The machine object's members, in the object open in w. */
void
machine_json_members(const struct machine *mc, struct jsonw *w)
{
	const struct topo_summary	*s = &mc->sum;
	int				 i;

	jsonw_key_int(w, "format", MACHINE_FORMAT);
	jsonw_key_str(w, "smtscope", SMTSCOPE_VERSION);
	jsonw_key_bool(w, "live", mc->live);
	jsonw_key_text(w, "source", mc->source);
	jsonw_key_text(w, "hostname", mc->hostname);
	jsonw_key_text(w, "kernel", mc->kernel);
	jsonw_key_object(w, "cpu");
	jsonw_key_text(w, "vendor", mc->ci.vendor);
	jsonw_key_text(w, "brand", mc->ci.brand);
	jsonw_key_text(w, "codename", mc->ci.codename);
	machine_json_int(w, "family", mc->ci.family);
	machine_json_int(w, "model", mc->ci.model);
	machine_json_int(w, "stepping", mc->ci.stepping);
	jsonw_key_text(w, "microcode", mc->microcode);
	jsonw_key_text(w, "hypervisor", mc->ci.hypervisor);
	jsonw_object_end(w);
	jsonw_key_object(w, "topology");
	jsonw_key_int(w, "packages", s->packages);
	jsonw_key_int(w, "numa_nodes", s->numa_nodes);
	jsonw_key_int(w, "cores", s->cores);
	jsonw_key_int(w, "pus", s->pus);
	jsonw_key_int(w, "smt_width", s->smt_width_max);
	jsonw_key_int(w, "cpu_kinds", s->cpu_kinds);
	jsonw_key_tristate(w, "smt_on", mc->smt_on);
	jsonw_key_text(w, "smt_control", mc->smt_control);
	jsonw_object_end(w);
	smtstate_json(&mc->smt, w);
	jsonw_key_object(w, "dmi");
	for (i = 0; i < MACHINE_NDMI; i++)
		jsonw_key_text(w, machine_dmi_keys[i], mc->dmi[i]);
	jsonw_object_end(w);
}

/* The "machine" member, whole. */
void
machine_json(const struct machine *mc, struct jsonw *w)
{
	jsonw_key_object(w, "machine");
	machine_json_members(mc, w);
	jsonw_object_end(w);
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
