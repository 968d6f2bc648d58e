/*
 * load.h: what the supervisor (loads.c) and smtscope-load agree on.
 *
 * A load runs as its own small program, smtscope-load (load_main.c: libc,
 * libm and the kernels, nothing else), so that it carries no hwloc, curses
 * or plugin mappings and forks as cheaply as a ten-line program. loads.c
 * forks, arms the parent-death signal, tells the parent it is ready, resets
 * signals and descriptors, binds the child with hwloc and execs:
 *
 *	smtscope-load KERNEL END PARAM BYTES FDS COUNTERS SLOT
 *
 *	KERNEL		a name from kernel_all[] ("hash")
 *	END		"a" (the load) or "b" (the peer of a two-ended load)
 *	PARAM		the parameter as the user wrote it, or ""
 *	BYTES		its working set in bytes (kernel_param.bytes), decimal
 *	FDS		kernel_param.fd[0..3], "-1,-1,-1,-1" when none
 *	COUNTERS	a memfd of LOAD_SLOTS slots of LOAD_SLOT_BYTES
 *	SLOT		the load's slot in it
 *
 * The load maps the page that holds its slot, counts its work units into
 * count, and writes why it gave up into err before it exits. While it
 * runs, err says why it does no work now, if the system refuses it that
 * (a fork load at the process limit), and is "" otherwise.
 */
#ifndef SMTSCOPE_LOAD_H
#define SMTSCOPE_LOAD_H

#include <stdint.h>

#define LOAD_PROGRAM	"smtscope-load"
#define LOAD_ARGC	8

/* Slots, and their size: two cache lines, so neighbours' prefetch never shares. */
#define LOAD_SLOTS	256
#define LOAD_SLOT_BYTES	128

/* One load's shared memory: the counter alone on its line, then an error. */
struct load_slot {
	uint64_t	count;
	char		pad[56];
	char		err[64];
};

/* Exit statuses of a load that ends by itself. */
#define LOAD_EXIT_BIND	3	/* could not be bound to its CPUs */
#define LOAD_EXIT_INIT	4	/* the kernel's init() failed */
#define LOAD_EXIT_SETUP	125	/* descriptors, counters or arguments */
#define LOAD_EXIT_EXEC	127	/* smtscope-load could not be run */

#endif
