/*
 * topo_bind.c: whether a load may run on a CPU of the model (it exists, is
 * online and allowed, and hwloc binds on this topology), and binding a
 * process or a thread there with hwloc. Only the live machine binds.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include <hwloc.h>

#include "model/topo.h"

/* Check that a CPU exists, is online and allowed. */
int
topo_check_cpu(const struct topo *m, int os, char *err, size_t errlen)
{
	char	list[256];

	if (cpuset_isset(&m->offline, os)) {
		snprintf(err, errlen, "CPU %d is offline", os);
		return -1;
	}
	/* Before any load starts, not as each fails to bind. */
	if (m->unbindable != NULL) {
		snprintf(err, errlen, "%s", m->unbindable);
		return -1;
	}
	if (topo_pu_by_os(m, os) == NULL) {
		cpuset_format(&m->online, list, sizeof list);
		snprintf(err, errlen, "CPU %d does not exist (CPUs here: %s)", os, list);
		return -1;
	}
	if (!topo_pu_by_os(m, os)->allowed) {
		snprintf(err, errlen, "CPU %d is not allowed by this process's cpuset%s", os,
		    m->source == TOPO_LIVE ? " or affinity" : "");
		return -1;
	}
	return 0;
}

/* Bind a process (thread 0) or the calling thread (thread 1) with hwloc; live only. */
static int
topo_bind(const struct topo *m, pid_t pid, int thread, const struct cpuset *set,
    char *err, size_t errlen)
{
	hwloc_bitmap_t	bm;
	int		cpu, rc;
	char		list[256];

	if (m->source != TOPO_LIVE) {
		snprintf(err, errlen, "this topology is a view of another machine: "
		    "nothing can run on it");
		return -1;
	}
	if (m->unbindable != NULL) {
		snprintf(err, errlen, "%s", m->unbindable);
		return -1;
	}
	bm = hwloc_bitmap_alloc();
	CPUSET_FOREACH(cpu, set)
		hwloc_bitmap_set(bm, (unsigned)cpu);
	rc = thread ? hwloc_set_cpubind(m->hw, bm, HWLOC_CPUBIND_THREAD) :
	    hwloc_set_proc_cpubind(m->hw, pid, bm, 0);
	hwloc_bitmap_free(bm);
	if (rc != 0) {
		cpuset_format(set, list, sizeof list);
		snprintf(err, errlen, "cannot bind %s to CPU %s: %s", thread ? "a thread" :
		    "a load", list, strerror(errno));
		return -1;
	}
	return 0;
}

/* Bind a process to a set of CPUs with hwloc. */
int
topo_bind_pid(const struct topo *m, pid_t pid, const struct cpuset *set, char *err,
    size_t errlen)
{
	return topo_bind(m, pid, 0, set, err, errlen);
}

/* Bind the calling thread (only it) to a set of CPUs; live topology only. */
int
topo_bind_thread(const struct topo *m, const struct cpuset *set, char *err, size_t errlen)
{
	return topo_bind(m, 0, 1, set, err, errlen);
}
