/*
 * smtstate.h: the machine's SMT state and CPU set, computed once when the
 * model is built (struct topo's smt, by topo_smt.c) from hwloc's siblings,
 * the kernel's smt/control and smt/active, the offline CPUs and this
 * process's allowed set. A small closed set of states, each with its words
 * and its JSON value; every command, the screen, recordings and compare
 * speak them.
 */
#ifndef SMTSCOPE_SMTSTATE_H
#define SMTSCOPE_SMTSTATE_H

#include <stddef.h>

#include "base/cpuset.h"
#include "base/jsonw.h"

/* The states, most usable first; smtstate_name() is each one's JSON value. */
enum smtstate_kind {
	SMTSTATE_ON,		/* "on": siblings in the topology and the kernel, usable */
	SMTSTATE_OFF,		/* "off": the kernel's control is off or forceoff */
	SMTSTATE_NOT_SUPPORTED,	/* "not-supported": the kernel says so; 1 thread per core */
	SMTSTATE_NONE,		/* "none": 1 thread per core, the kernel silent (or a view) */
	SMTSTATE_TOPOLOGY_ONLY,	/* "topology-only": siblings the kernel does not report */
	SMTSTATE_OUTSIDE,	/* "siblings-outside": no sibling in this process's cpuset */
	SMTSTATE_OFFLINE,	/* "siblings-offline": control on, the siblings offline */
	SMTSTATE_COUNT
};

struct smtstate {
	enum smtstate_kind	 kind;
	int			 live;		/* this machine; else a topology's file */
	char			 control[32];	/* sysfs smt/control, "" absent */
	int			 active;	/* sysfs smt/active: 1, 0, -1 unknown */
	char			 override[32];	/* "HWLOC_XMLFILE" when hwloc was told the tree */
	/* The machine: every online CPU, allowed or not. */
	int			 has_cores;	/* the topology has Core objects */
	int			 packages, numa_nodes, cores, pus;
	int			 threads;	/* most threads in one core */
	int			 threads_min;	/* fewest threads in one core */
	int			 kinds;		/* CPU kinds (hybrid), 0 or 1 none */
	/* What this process may use. */
	struct cpuset		 allowed;
	int			 nallowed;
	int			 allowed_cores;	/* cores holding an allowed CPU */
	int			 whole_cores;	/* cores whose every CPU is allowed */
	int			 allowed_threads; /* most allowed CPUs in one core */
	int			 partial_each;	/* allowed CPUs in each partly allowed core, 0 mixed */
	struct cpuset		 outside;	/* siblings of allowed CPUs, not allowed */
	char			 outside_named[160]; /* "CPU 2 of core 0, CPU 3 of core 1" */
	struct cpuset		 offline;	/* in the machine's set but offline */
};

/* A state's JSON value: "on", "off", "not-supported", ... ; "?" out of range. */
const char	*smtstate_name(enum smtstate_kind);
/* A state from its JSON value; -1 when it is none of them. */
int		 smtstate_parse(const char *);
/* A state's short words, for a header and for compare: "SMT on, siblings offline". */
const char	*smtstate_kind_words(enum smtstate_kind);
/* SMT on in the JSON sense (smt_on): 1, 0, or -1 unknown. */
int		 smtstate_on(const struct smtstate *);
/*
 * The state in words, with its evidence: "SMT on, 2 threads per core",
 * "SMT on; the siblings are outside this process's cpuset (CPU 2 of core 0,
 * CPU 3 of core 1)", "SMT off (control: forceoff; CPUs 4-7 offline)".
 */
void		 smtstate_words(const struct smtstate *, char *, size_t);
/* The machine's counts: "1 package, 1 NUMA node, 2 cores x 2 threads (4 logical CPUs)". */
void		 smtstate_counts(const struct smtstate *, char *, size_t);
/*
 * The allowed set against the cores: "this process may use CPUs 0-1: one
 * thread of each core" (a view: "the file allows ...").
 */
void		 smtstate_allowed_words(const struct smtstate *, char *, size_t);
/* Counts and allowed set: the headline every command starts with. */
void		 smtstate_headline(const struct smtstate *, char *, size_t);
/* The "smt_state" member: state, words, control, counts of both sets, the sets. */
void		 smtstate_json(const struct smtstate *, struct jsonw *);

#endif
