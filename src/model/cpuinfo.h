/* cpuinfo.h: CPU identity (vendor, brand, caches, SMT state, hypervisor). */
#ifndef SMTSCOPE_CPUINFO_H
#define SMTSCOPE_CPUINFO_H

#include <stdint.h>

enum cpuinfo_smt {
	CPUINFO_SMT_UNKNOWN = 0,
	CPUINFO_SMT_ON,		/* supported and at least one sibling active */
	CPUINFO_SMT_OFF,	/* supported but disabled (control off/forceoff) */
	CPUINFO_SMT_ABSENT	/* not supported: one thread per core */
};

struct cpuinfo {
	char		vendor[32];	/* "AuthenticAMD", "ARM", "IBM" */
	char		brand[128];	/* "AMD EPYC 7763 64-Core Processor" */
	char		codename[64];	/* libcpuid codename, "" unknown */
	int		family;		/* display family, -1 unknown */
	int		model;		/* display model (ARM: part), -1 unknown */
	int		stepping;	/* -1 unknown (ARM: revision) */
	uint64_t	l1d_bytes;	/* per core; 0 unknown */
	uint64_t	l2_bytes;
	uint64_t	l3_bytes;
	int		smt;		/* enum cpuinfo_smt */
	char		smt_control[32]; /* raw sysfs smt/control, "" if absent */
	char		hypervisor[32];	/* "KVM", "Microsoft Hv", "" if none */
	char		source[32];	/* "libcpuid", "/proc/cpuinfo", "topology file" */
};

/*
 * Read the identity of the machine. sysroot NULL is the one root
 * (os_root()). With a root of "" this is the live machine: libcpuid is
 * tried first where built in, then the files. Any other root (even "/")
 * reads only <sysroot>/proc/cpuinfo and
 * <sysroot>/sys/..., so tests can feed fixture trees. Returns 0, or -1
 * when nothing at all could be learned (vendor and brand both empty);
 * the struct is always filled with what is known.
 */
int		 cpuinfo_read(struct cpuinfo *, const char *sysroot);

/* Fill identity from the vendor and model strings of a topology file. */
void		 cpuinfo_from_topology(struct cpuinfo *, const char *vendor,
		    const char *model);

/*
 * Combine the SMT state with what the caller's topology shows: more than
 * one thread in some core means SMT is on whatever the files said.
 */
void		 cpuinfo_smt_merge(struct cpuinfo *, int max_threads_per_core);

/* Name of an SMT state: "on", "off", "absent", "unknown". */
const char	*cpuinfo_smt_name(int);

/* Map sysfs smt/control and smt/active (NULL if absent) to a state. */
int		 cpuinfo_smt_parse(const char *control, const char *active);
/*
 * Does a brand string name a model (a number of three digits or more:
 * "EPYC 7763", "i7-12700", "Xeon Gold 6140")? A generic one, as
 * hypervisors give ("AMD EPYC", "Intel(R) Xeon(R) Processor", "QEMU
 * Virtual CPU version 2.5+"), leaves libcpuid guessing the codename from
 * family and model alone, and its guess for a model newer than its table
 * is another generation's: then no codename is shown.
 */
int		 cpuinfo_brand_names_model(const char *brand);

#endif
