/* test_cpuinfo.c: CPU identity from fixture trees and the live machine. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/cpuinfo.h"
#include "tap.h"

/* Directory of the fixture trees: $TESTDATA or tests/data. */
static const char *
test_data(void)
{
	const char	*d = getenv("TESTDATA");

	return d != NULL && *d != '\0' ? d : "tests/data";
}

/* Read a fixture tree named name into ci; returns cpuinfo_read's result. */
static int
test_read(struct cpuinfo *ci, const char *name)
{
	char	root[1024];

	snprintf(root, sizeof root, "%s/%s", test_data(), name);
	return cpuinfo_read(ci, root);
}

/* AMD bare metal with SMT on. */
static void
test_amd(void)
{
	struct cpuinfo	ci;

	ok(test_read(&ci, "proc-amd") == 0, "amd: read");
	ok(strcmp(ci.vendor, "AuthenticAMD") == 0, "amd: vendor '%s'",
	    ci.vendor);
	ok(strcmp(ci.brand, "AMD EPYC 7763 64-Core Processor") == 0,
	    "amd: brand '%s'", ci.brand);
	ok(ci.family == 25 && ci.model == 1 && ci.stepping == 1,
	    "amd: family %d model %d stepping %d", ci.family, ci.model,
	    ci.stepping);
	ok(ci.codename[0] == '\0', "amd: no codename without libcpuid");
	ok(ci.l1d_bytes == 32 * 1024, "amd: l1d %llu",
	    (unsigned long long)ci.l1d_bytes);
	ok(ci.l2_bytes == 512 * 1024, "amd: l2 %llu",
	    (unsigned long long)ci.l2_bytes);
	ok(ci.l3_bytes == 32ULL << 20, "amd: l3 %llu",
	    (unsigned long long)ci.l3_bytes);
	ok(ci.smt == CPUINFO_SMT_ON, "amd: smt %s", cpuinfo_smt_name(ci.smt));
	ok(strcmp(ci.smt_control, "on") == 0, "amd: smt control '%s'",
	    ci.smt_control);
	ok(ci.hypervisor[0] == '\0', "amd: no hypervisor ('%s')",
	    ci.hypervisor);
	ok(strcmp(ci.source, "/proc/cpuinfo") == 0, "amd: source '%s'",
	    ci.source);
}

/* Intel guest: hypervisor flag, /sys/hypervisor/type, SMT forced off. */
static void
test_intel(void)
{
	struct cpuinfo	ci;

	ok(test_read(&ci, "proc-intel") == 0, "intel: read");
	ok(strcmp(ci.vendor, "GenuineIntel") == 0, "intel: vendor '%s'",
	    ci.vendor);
	ok(strcmp(ci.brand, "Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz")
	    == 0, "intel: brand '%s'", ci.brand);
	ok(ci.family == 6 && ci.model == 85 && ci.stepping == 7,
	    "intel: family %d model %d stepping %d", ci.family, ci.model,
	    ci.stepping);
	ok(strcmp(ci.hypervisor, "xen") == 0, "intel: hypervisor '%s'",
	    ci.hypervisor);
	ok(ci.smt == CPUINFO_SMT_OFF, "intel: smt %s",
	    cpuinfo_smt_name(ci.smt));
	ok(strcmp(ci.smt_control, "forceoff") == 0, "intel: control '%s'",
	    ci.smt_control);
	ok(ci.l2_bytes == 1024 * 1024 && ci.l3_bytes == 36608ULL * 1024,
	    "intel: l2 %llu l3 %llu", (unsigned long long)ci.l2_bytes,
	    (unsigned long long)ci.l3_bytes);
}

/* aarch64 Neoverse-N1: implementer and part codes. */
static void
test_arm64(void)
{
	struct cpuinfo	ci;

	ok(test_read(&ci, "proc-arm64") == 0, "arm64: read");
	ok(strcmp(ci.vendor, "ARM") == 0, "arm64: vendor '%s'", ci.vendor);
	ok(strcmp(ci.brand, "ARM Neoverse-N1") == 0, "arm64: brand '%s'",
	    ci.brand);
	ok(strcmp(ci.codename, "Neoverse-N1") == 0, "arm64: codename '%s'",
	    ci.codename);
	ok(ci.family == 8 && ci.model == 0xd0c && ci.stepping == 1,
	    "arm64: family %d model 0x%x stepping %d", ci.family, ci.model,
	    ci.stepping);
	ok(ci.smt == CPUINFO_SMT_UNKNOWN, "arm64: smt %s (notimplemented)",
	    cpuinfo_smt_name(ci.smt));
	ok(strcmp(ci.smt_control, "notimplemented") == 0,
	    "arm64: control '%s'", ci.smt_control);
	ok(ci.hypervisor[0] == '\0', "arm64: no hypervisor");
	ok(ci.l1d_bytes == 0 && ci.l3_bytes == 0, "arm64: caches unknown");
}

/* ppc64 POWER9: "cpu" line; SMT known only from the siblings list. */
static void
test_ppc64(void)
{
	struct cpuinfo	ci;

	ok(test_read(&ci, "proc-ppc64") == 0, "ppc64: read");
	ok(strcmp(ci.vendor, "IBM") == 0, "ppc64: vendor '%s'", ci.vendor);
	ok(strcmp(ci.brand, "POWER9 (architected)") == 0, "ppc64: brand '%s'",
	    ci.brand);
	ok(strcmp(ci.codename, "POWER9") == 0, "ppc64: codename '%s'",
	    ci.codename);
	ok(ci.family == -1 && ci.model == -1 && ci.stepping == -1,
	    "ppc64: no numbers (model line is a machine name): %d %d %d",
	    ci.family, ci.model, ci.stepping);
	ok(ci.smt == CPUINFO_SMT_ON, "ppc64: smt %s from siblings 0-3",
	    cpuinfo_smt_name(ci.smt));
	ok(ci.smt_control[0] == '\0', "ppc64: no control file");
}

/* A tree with nothing in it. */
static void
test_missing(void)
{
	struct cpuinfo	ci;

	ok(test_read(&ci, "no-such-tree") == -1, "missing: read fails");
	ok(ci.vendor[0] == '\0' && ci.family == -1 &&
	    ci.smt == CPUINFO_SMT_UNKNOWN && ci.source[0] == '\0',
	    "missing: all unknown");
}

/* The SMT control file states and names. */
static void
test_smt(void)
{
	struct cpuinfo	ci;

	ok(cpuinfo_smt_parse("on", "1") == CPUINFO_SMT_ON, "smt: on/1");
	ok(cpuinfo_smt_parse("on", NULL) == CPUINFO_SMT_ON, "smt: on/-");
	ok(cpuinfo_smt_parse("on", "0") == CPUINFO_SMT_OFF, "smt: on/0");
	ok(cpuinfo_smt_parse("off", "0") == CPUINFO_SMT_OFF, "smt: off");
	ok(cpuinfo_smt_parse("forceoff", "0") == CPUINFO_SMT_OFF,
	    "smt: forceoff");
	ok(cpuinfo_smt_parse("notsupported", "0") == CPUINFO_SMT_ABSENT,
	    "smt: notsupported");
	ok(cpuinfo_smt_parse("notimplemented", NULL) == CPUINFO_SMT_UNKNOWN,
	    "smt: notimplemented");
	ok(cpuinfo_smt_parse(NULL, NULL) == CPUINFO_SMT_UNKNOWN, "smt: none");
	ok(strcmp(cpuinfo_smt_name(CPUINFO_SMT_ON), "on") == 0 &&
	    strcmp(cpuinfo_smt_name(CPUINFO_SMT_OFF), "off") == 0 &&
	    strcmp(cpuinfo_smt_name(CPUINFO_SMT_ABSENT), "absent") == 0 &&
	    strcmp(cpuinfo_smt_name(CPUINFO_SMT_UNKNOWN), "unknown") == 0 &&
	    strcmp(cpuinfo_smt_name(99), "unknown") == 0, "smt: names");

	cpuinfo_from_topology(&ci, NULL, NULL);
	cpuinfo_smt_merge(&ci, 2);
	ok(ci.smt == CPUINFO_SMT_ON, "smt: merge 2 threads -> on");
	ci.smt = CPUINFO_SMT_ABSENT;
	cpuinfo_smt_merge(&ci, 1);
	ok(ci.smt == CPUINFO_SMT_ABSENT, "smt: merge 1 thread keeps absent");
}

/* Identity from a topology file's strings. */
static void
test_topology(void)
{
	struct cpuinfo	ci;

	cpuinfo_from_topology(&ci, " GenuineIntel ",
	    "Intel(R)  Xeon(R)   Gold 6230 CPU @ 2.10GHz ");
	ok(strcmp(ci.vendor, "GenuineIntel") == 0, "topology: vendor '%s'",
	    ci.vendor);
	ok(strcmp(ci.brand, "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz") == 0,
	    "topology: brand spaces collapsed '%s'", ci.brand);
	ok(strcmp(ci.source, "topology file") == 0 && ci.family == -1 &&
	    ci.l3_bytes == 0 && ci.smt == CPUINFO_SMT_UNKNOWN,
	    "topology: source and unknowns");
	cpuinfo_from_topology(&ci, NULL, NULL);
	ok(ci.vendor[0] == '\0' && ci.brand[0] == '\0',
	    "topology: NULL strings");
}

/* The live machine: only what is true anywhere. */
static void
test_live(void)
{
	struct cpuinfo	live, files;
	int		rc;

	rc = cpuinfo_read(&live, NULL);
	printf("# live: vendor '%s' brand '%s' codename '%s' %d/%d/%d "
	    "l1d %llu l2 %llu l3 %llu smt %s (%s) hv '%s' source '%s'\n",
	    live.vendor, live.brand, live.codename, live.family, live.model,
	    live.stepping, (unsigned long long)live.l1d_bytes,
	    (unsigned long long)live.l2_bytes,
	    (unsigned long long)live.l3_bytes, cpuinfo_smt_name(live.smt),
	    live.smt_control, live.hypervisor, live.source);
	ok(rc == 0, "live: read");
	ok(live.vendor[0] != '\0', "live: vendor '%s'", live.vendor);
	ok(live.source[0] != '\0', "live: source '%s'", live.source);

	/* "/" reads only the files: the fallback on this machine. */
	rc = cpuinfo_read(&files, "/");
	printf("# files: vendor '%s' brand '%s' hv '%s' source '%s'\n",
	    files.vendor, files.brand, files.hypervisor, files.source);
	ok(rc == 0 && strcmp(files.source, "/proc/cpuinfo") == 0,
	    "live: /proc/cpuinfo fallback works");
	/* CPUID may differ from the kernel's view (valgrind): compare less. */
	ok(files.smt == live.smt, "live: same SMT state both ways");
	if (files.hypervisor[0] != '\0')
		ok(live.hypervisor[0] != '\0', "live: hypervisor named '%s'",
		    live.hypervisor);
	else
		skip("no hypervisor flag in /proc/cpuinfo");
	ok(files.vendor[0] != '\0' || files.brand[0] != '\0',
	    "live: /proc/cpuinfo names the CPU");
}

/* Run every test. */
/* Brand strings that name a model, and generic ones (libcpuid's codename then is a guess). */
static void
test_brand_model(void)
{
	static const char *const named[] = { "AMD EPYC 7763 64-Core Processor",
	    "Intel(R) Core(TM) i7-12700K", "Intel(R) Xeon(R) Gold 6140 CPU @ 2.30GHz",
	    "AMD Ryzen 9 5950X 16-Core Processor", NULL };
	static const char *const generic[] = { "AMD EPYC", "Intel(R) Xeon(R) Processor",
	    "QEMU Virtual CPU version 2.5+", "Intel(R) Xeon(R) CPU @ 2.20GHz",
	    "Common KVM processor", "", NULL };
	int	i;

	for (i = 0; named[i] != NULL; i++)
		ok(cpuinfo_brand_names_model(named[i]), "'%s' names a model", named[i]);
	for (i = 0; generic[i] != NULL; i++)
		ok(!cpuinfo_brand_names_model(generic[i]), "'%s' is generic: no codename",
		    generic[i]);
}

int
main(void)
{
	test_brand_model();
	test_amd();
	test_intel();
	test_arm64();
	test_ppc64();
	test_missing();
	test_smt();
	test_topology();
	test_live();
	return tap_done();
}
