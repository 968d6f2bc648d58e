/* topo.h: the machine model, built once from hwloc and immutable after. */
#ifndef SMTSCOPE_TOPO_H
#define SMTSCOPE_TOPO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "base/cpuset.h"
#include "model/smtstate.h"

enum topo_source {
	TOPO_LIVE,
	TOPO_XML,
	TOPO_SYNTHETIC
};

enum topo_type {
	TOPO_MACHINE,
	TOPO_GROUP,
	TOPO_PACKAGE,
	TOPO_DIE,
	TOPO_NUMA,
	TOPO_CACHE,
	TOPO_CORE,
	TOPO_PU
};

/* How two logical CPUs relate, nearest first. */
enum topo_rel {
	REL_SAME_PU,
	REL_SMT_SIBLING,
	REL_SHARED_L2,
	REL_SHARED_L3,
	REL_SAME_PACKAGE,
	REL_OTHER_PACKAGE,
	REL_COUNT
};

/* One object of the tree: machine, group, package, die, NUMA, cache, core, PU. */
struct topo_node {
	enum topo_type	 type;
	int		 os_index;	/* -1 when the object has none */
	int		 logical_index;	/* among objects of its hwloc type */
	int		 cache_level;	/* TOPO_CACHE only */
	uint64_t	 bytes;		/* cache size or NUMA local memory, 0 unknown */
	char		*subtype;	/* Group subtype ("Cluster", "Book"), or NULL */
	int		 parent;	/* node index, -1 for the root */
	int		 first_child;	/* node index, -1 if none */
	int		 next_sibling;	/* node index, -1 if none */
	int		 depth;		/* 0 for the machine */
	int		 first_pu;	/* its PUs are pus[first_pu .. first_pu+npus) */
	int		 npus;
	int		 allowed;	/* has an allowed PU, or is an allowed NUMA node */
	int		 index;		/* into pus/cores/packages for those types, else -1 */
};

struct topo_pu {
	int		 os_index;	/* P#, as taskset and /proc/cpuinfo number it */
	int		 logical_index;	/* L# */
	int		 core;		/* into cores[] */
	int		 rank;		/* rank among its core's PUs, 0-based */
	int		 allowed;	/* allowed by this process's cpuset */
	int		 node;
};

/* A cache of one core alone (L1d, L1i, a private L2), as lstopo shows it. */
struct topo_cache {
	int		 level;
	char		 kind;		/* 'd' data, 'i' instruction, 'u' unified */
	uint64_t	 bytes;		/* 0 unknown */
};

#define TOPO_CORE_CACHES	4

struct topo_core {
	int		 os_index;	/* -1 when the topology has no Core objects */
	int		 logical_index;
	int		 package;	/* into packages[], -1 if none */
	int		 l2;		/* node of an L2 shared with other cores, or -1 */
	int		 l3;		/* node of the last-level cache (level >= 3), or -1 */
	int		 kind;		/* into kinds[], -1 when unknown */
	uint64_t	 llc_bytes;	/* the largest cache over it, 0 unknown */
	struct topo_cache caches[TOPO_CORE_CACHES]; /* its own caches, outermost first */
	int		 ncaches;
	int		 first_pu;	/* its PUs are pus[first_pu .. first_pu+npus) */
	int		 npus;
	int		 nallowed;
	int		 node;
};

struct topo_package {
	int		 os_index;
	int		 logical_index;
	int		 node;
	int		 allowed;
};

/* A CPU kind (hwloc cpukinds), ranked by efficiency: 0 is the least efficient. */
struct topo_kind {
	int		 efficiency;	/* hwloc's rank, -1 when unknown */
	char		*core_type;	/* "IntelCore", "IntelAtom", or NULL */
	char		*label;		/* short: "P", "E", or "k0" */
	int		 npus;
};

struct topo_summary {
	int		 packages;
	int		 numa_nodes;
	int		 cores;
	int		 pus;
	int		 smt_width_max;
	int		 cpu_kinds;
};

struct topo {
	enum topo_source	 source;
	char			*source_name;	/* path or synthetic string; "this machine" */
	/*
	 * Live, but hwloc was handed another description (HWLOC_XMLFILE or
	 * HWLOC_SYNTHETIC without HWLOC_THISSYSTEM=1): it binds nothing, so
	 * no load may start (topo_bind_* refuse with this). NULL otherwise.
	 */
	const char		*unbindable;
	char			*cpu_vendor;	/* hwloc CPUVendor info, or NULL */
	char			*cpu_model;	/* hwloc CPUModel info, or NULL */
	struct topo_node	*nodes;
	int			 nnodes;
	struct topo_pu		*pus;		/* in logical (tree) order */
	int			 npus;
	struct topo_core	*cores;		/* in tree order */
	int			 ncores;
	struct topo_package	*packages;
	int			 npackages;
	struct topo_kind	*kinds;
	int			 nkinds;
	int			*pu_by_os;	/* OS index to pus[] index, -1 */
	int			 max_os;	/* largest OS index + 1 */
	struct cpuset		 allowed;	/* allowed PUs (OS indexes) */
	struct cpuset		 online;	/* PUs that exist as objects */
	struct cpuset		 offline;	/* in the complete set but not online */
	struct topo_summary	 summary;	/* counts what this process may use */
	int			 has_cores;	/* hwloc showed Core objects */
	struct smtstate		 smt;		/* the SMT state and CPU set (smtstate.h) */
	void			*hw;		/* live: the hwloc topology, for binding */
};

/* The largest hwloc XML file read (a big machine's is under 1 MB). */
#define TOPO_XML_MAX	(64u << 20)

/*
 * Load from the live machine, an XML file or a synthetic string; NULL and
 * err. XML, from a file or a string, is loaded by hwloc in a probe child
 * first, so that a file that crashes hwloc is a message, not a crash.
 */
struct topo	*topo_load_live(char *err, size_t errlen);
struct topo	*topo_load_xml(const char *path, char *err, size_t errlen);
/* The same from XML in a string (a recording's); name says whose. */
struct topo	*topo_load_xmlbuffer(const char *xml, const char *name, char *err,
		     size_t errlen);
struct topo	*topo_load_synthetic(const char *desc, char *err, size_t errlen);
/* -i argument: an existing file is XML, anything else must be synthetic. */
struct topo	*topo_load_input(const char *arg, char *err, size_t errlen);
void		 topo_free(struct topo *);

/*
 * The PU with this OS index, or NULL. Inline: topo.c and topo_smt.c both
 * look CPUs up, and neither may call the other back.
 */
static inline const struct topo_pu *
topo_pu_by_os(const struct topo *m, int os)
{
	if (os < 0 || os >= m->max_os || m->pu_by_os[os] == -1)
		return NULL;
	return &m->pus[m->pu_by_os[os]];
}
/* The NUMA node (tree node index) over a CPU, -1 when the model does not say. */
int		 topo_numa_of(const struct topo *, int os_index);
/* Relation between two logical CPUs given by OS index. */
enum topo_rel	 topo_relation(const struct topo *, int os_a, int os_b);
const char	*topo_rel_name(enum topo_rel);
const char	*topo_type_name(enum topo_type);
/*
 * A core's own caches in lstopo's order and words, outermost first:
 * "L2 1MB + L1d 48KB + L1i 32KB"; "" when the model has none.
 */
void		 topo_caches_words(const struct topo_core *, char *, size_t);
/*
 * Fill a core's own caches (topo_cache.c) from its first CPU's hwloc object
 * (an hwloc_obj_t, opaque here: only model/topo*.c see hwloc).
 */
void		 topo_cache_fill(struct topo_core *, void *hwloc_pu);
/* Do two cores have the same caches of their own? */
int		 topo_caches_same(const struct topo_core *, const struct topo_core *);
/* Bytes of the last-level cache above this CPU, 0 if unknown. */
uint64_t	 topo_llc_bytes(const struct topo *, int os_index);
/* The live topology as hwloc XML, NUL-terminated (free it); NULL with a message. */
char		*topo_export_xml(const struct topo *, size_t *len, char *err,
		     size_t errlen);
/* Is this a view of the machine we run on? */
int		 topo_is_live(const struct topo *);

/*
 * Places. A place is an OS index ("3") or a topology-relative path of
 * logical indexes as hwloc-calc writes them ("core:1.pu:0",
 * "package:1.core:0.pu:1"). A set is a place, a list ("0-3,8") or "all".
 */
int		 topo_parse_place(const struct topo *, const char *, int *os_index,
		     char *err, size_t errlen);
int		 topo_parse_set(const struct topo *, const char *, struct cpuset *,
		     char *err, size_t errlen);
/*
 * The CPUs that each take a load, from what follows "each:" in a load's
 * place: all, cores (each core's first thread; cores:SET within a set),
 * numa:N, or a set (package:1, core:3, 0-7); -1 with a message.
 */
int		 topo_parse_each(const struct topo *, const char *, struct cpuset *,
		     char *err, size_t errlen);
/* Check that a CPU exists, is online and allowed; -1 with a message naming it. */
int		 topo_check_cpu(const struct topo *, int os_index, char *err, size_t errlen);

/*
 * The SMT state (topo_smt.c): from the model and what the kernel said:
 * control as sysfs smt/control reads ("" absent), active 1, 0 or -1
 * unknown, override the hwloc variable that declared the topology ("" none).
 * Pure: the model's cores, PUs, allowed and offline sets, nothing read.
 */
void		 topo_smt_compute(struct smtstate *, const struct topo *, int live,
		     const char *control, int active, const char *override);
/* The same, reading smt/control and smt/active under sysroot (NULL: os_root(); "" this machine). */
void		 topo_smt_read(struct smtstate *, const struct topo *, int live,
		     const char *sysroot);
/*
 * Why CPU cpu has no SMT sibling this process may use, in the state's
 * words: "no SMT", "SMT off (control: off)", "CPU 0's sibling CPU 2 is
 * outside this process's cpuset", "CPU 0's siblings are offline".
 */
void		 topo_no_sibling(const struct topo *, int cpu, char *, size_t);

/* Bind a process (all its threads) to a set of CPUs; live topology only. */
int		 topo_bind_pid(const struct topo *, pid_t, const struct cpuset *,
		     char *err, size_t errlen);
/* Bind the calling thread alone to a set of CPUs; live topology only. */
int		 topo_bind_thread(const struct topo *, const struct cpuset *, char *err,
		     size_t errlen);
#endif
