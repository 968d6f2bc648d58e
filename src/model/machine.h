/*
 * machine.h: what makes a result file self-describing: which machine it
 * was measured on (host, kernel, CPU identity and microcode, topology
 * summary with the SMT state, the board and firmware that sysfs shows
 * without root) and which smtscope wrote it, in which format. Every
 * --json result (check, run, time, tour records) carries it as its
 * "machine" object; `smtscope compare` reads it back.
 */
#ifndef SMTSCOPE_MACHINE_H
#define SMTSCOPE_MACHINE_H

#include "model/cpuinfo.h"
#include "model/topo.h"
#include "base/jsonw.h"
#include "base/util.h"

/* The version of the result files' format; a reader refuses another. */
#define MACHINE_FORMAT		1

/* The firmware and board identity under /sys/class/dmi/id/, in this order. */
#define MACHINE_NDMI		8
extern const char *const machine_dmi_keys[MACHINE_NDMI];

struct machine {
	int			 live;		/* measured here, not a topology file */
	char			 source[256];	/* "this machine" or the file */
	char			 hostname[256];	/* "" unknown (and for a file) */
	char			 kernel[128];	/* uname release, "" unknown */
	struct cpuinfo		 ci;
	char			 microcode[32];	/* "0xa0011d1", "" not readable */
	struct topo_summary	 sum;
	char			 smt_control[32]; /* sysfs smt/control, "" absent */
	int			 smt_on;	/* 1, 0, -1 unknown (smtstate_on) */
	struct smtstate		 smt;		/* the SMT state and CPU set */
	char			 dmi[MACHINE_NDMI][128]; /* "" not readable */
};

/*
 * Describe the machine of a topology. ci is its identity when the caller
 * has it (else it is read); sysroot NULL is the one root (os_root()), ""
 * the live system, any other a fixture tree (its
 * proc/sys/kernel/{hostname,osrelease}). A
 * topology that is not this machine's gets no host, kernel or board.
 */
void	 machine_fill(struct machine *, const struct topo *, const struct cpuinfo *ci,
	    const char *sysroot);
/* The object's members, in the object open in the writer. */
void	 machine_json_members(const struct machine *, struct jsonw *);
/* The "machine" member, whole, in the object open in the writer. */
void	 machine_json(const struct machine *, struct jsonw *);
/* The SMT state in words: "SMT on, 2 threads per core", "SMT off (1 thread per core)". */
void	 machine_smt_words(char *, size_t, int smt_on, int width);
/* The short host name (up to the first dot) of this machine; -1 unknown. */
int	 machine_short_hostname(char *, size_t);

#endif
