/*
 * own.h: smtscope's own CPU time on each CPU, refresh by refresh: this
 * process and both ends of every load, each charged to the CPU it is
 * pinned on (or, floating, last ran on), with the system part apart. A
 * CPU's busy time less this is others' work: the screen's bars and a
 * recording's samples split it with own_split().
 */
#ifndef SMTSCOPE_OWN_H
#define SMTSCOPE_OWN_H

#include <stdint.h>
#include <sys/types.h>

struct foreign;
struct loads;
struct topo;

struct own;

/* The accounting for CPUs of m; nothing is charged before the first own_tick(). */
struct own	*own_new(const struct topo *m);
void		 own_free(struct own *);
/*
 * Read our processes with fg (this one and the ends of ls's live loads; ls
 * may be NULL) and charge each what it ran since the last call to its
 * CPU; a process not read before is new: all its time counts.
 */
void		 own_tick(struct own *, const struct foreign *fg, struct loads *ls);
/*
 * A CPU (pus[] index) busy busy (0..1) over wall_ns since the last tick:
 * others' share (busy less ours, kept within 0..busy: ticks and run time
 * are counted apart) and our system share (at most what others left);
 * ours in user space is busy - *others - *sys. NAN both when wall_ns is 0.
 */
void		 own_split(const struct own *, int pu, double busy, uint64_t wall_ns,
		     double *others, double *sys);
/* Our processes as last read, for a scan of /proc that leaves them out; how many. */
int		 own_pids(const struct own *, pid_t *, int max);

#endif
