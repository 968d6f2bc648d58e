/*
 * topo_smt.c: the machine's SMT state and CPU set (smtstate.h), computed
 * once from the model (the cores, the allowed and offline CPUs) and the
 * kernel's smt/control and smt/active, and why a CPU has no sibling to use.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/smtstate.h"
#include "model/topo.h"
#include "os/os.h"
#include "base/util.h"

#define TOPO_SMT_SYSCPU		"/sys/devices/system/cpu"
#define TOPO_SMT_NAMED_MAX	4	/* siblings named one by one, then a count */

/* "s" when n is not 1. */
static const char *
topo_smt_s(int n)
{
	return n == 1 ? "" : "s";
}

/* Name the first siblings outside the cpuset: "CPU 2 of core 0, CPU 3 of core 1". */
static void
topo_smt_name_outside(const struct smtstate *s, const struct topo *m, char *buf,
    size_t len)
{
	const struct topo_pu	*pu;
	int			 cpu, n = 0, total = cpuset_count(&s->outside);

	buf[0] = '\0';
	CPUSET_FOREACH(cpu, &s->outside) {
		if (n == TOPO_SMT_NAMED_MAX) {
			util_catf(buf, len, " and %d more", total - n);
			break;
		}
		pu = topo_pu_by_os(m, cpu);
		util_catf(buf, len, "%sCPU %d of core %d", n ? ", " : "", cpu,
		    pu != NULL ? m->cores[pu->core].logical_index : -1);
		n++;
	}
}

/* Count the machine's cores and threads and this process's share of them. */
static void
topo_smt_count(struct smtstate *s, const struct topo *m)
{
	int	i, n, each = -1;

	s->packages = m->npackages;
	for (i = 0; i < m->nnodes; i++)
		s->numa_nodes += m->nodes[i].type == TOPO_NUMA;
	s->has_cores = m->has_cores;
	s->cores = m->ncores;
	s->pus = m->npus;
	s->kinds = m->nkinds;
	s->allowed = m->allowed;
	s->nallowed = cpuset_count(&m->allowed);
	s->offline = m->offline;
	s->threads_min = m->ncores > 0 ? m->cores[0].npus : 0;
	for (i = 0; i < m->ncores; i++) {
		const struct topo_core	*c = &m->cores[i];

		if (c->npus > s->threads)
			s->threads = c->npus;
		if (c->npus < s->threads_min)
			s->threads_min = c->npus;
		if (c->nallowed > s->allowed_threads)
			s->allowed_threads = c->nallowed;
		if (c->nallowed == 0)
			continue;
		s->allowed_cores++;
		if (c->nallowed == c->npus) {
			s->whole_cores++;
			continue;
		}
		each = each == -1 || each == c->nallowed ? c->nallowed : 0;
		for (n = c->first_pu; n < c->first_pu + c->npus; n++)
			if (!m->pus[n].allowed)
				cpuset_set(&s->outside, m->pus[n].os_index);
	}
	s->partial_each = each > 0 ? each : 0;
	topo_smt_name_outside(s, m, s->outside_named, sizeof s->outside_named);
	if (!s->has_cores) {
		s->threads = s->threads_min = s->pus > 0 ? 1 : 0;
		s->allowed_threads = s->nallowed > 0 ? 1 : 0;
	}
}

/* The state from the model and what the kernel said. */
void
topo_smt_compute(struct smtstate *s, const struct topo *m, int live, const char *control,
    int active, const char *override)
{
	int	off, unsupported;

	memset(s, 0, sizeof *s);
	s->live = live;
	snprintf(s->control, sizeof s->control, "%s", control != NULL ? control : "");
	snprintf(s->override, sizeof s->override, "%s", override != NULL ? override : "");
	s->active = active;
	topo_smt_count(s, m);
	off = strcmp(s->control, "off") == 0 || strcmp(s->control, "forceoff") == 0;
	unsupported = strcmp(s->control, "notsupported") == 0 ||
	    strcmp(s->control, "notimplemented") == 0;
	if (s->threads > 1 && (off || unsupported))
		s->kind = SMTSTATE_TOPOLOGY_ONLY;
	else if (off)
		s->kind = SMTSTATE_OFF;
	else if (unsupported)
		s->kind = SMTSTATE_NOT_SUPPORTED;
	else if (s->threads > 1)
		s->kind = s->allowed_threads > 1 || s->nallowed == 0 ? SMTSTATE_ON :
		    SMTSTATE_OUTSIDE;
	else if (strcmp(s->control, "on") == 0 && (s->active == 0 ||
	    cpuset_count(&s->offline) > 0))
		s->kind = SMTSTATE_OFFLINE;
	else
		s->kind = SMTSTATE_NONE;
}

/* Read one line of <root><rel> into buf; -1 when absent. */
static int
topo_smt_read_file(const char *root, const char *rel, char *buf, size_t len)
{
	char	path[4096];

	snprintf(path, sizeof path, "%s%s", root, rel);
	if (util_read_file(path, buf, len) != 0) {
		buf[0] = '\0';
		return -1;
	}
	buf[strcspn(buf, "\r\n")] = '\0';
	return 0;
}

/* The same, reading the kernel's files; a view reads nothing. */
void
topo_smt_read(struct smtstate *s, const struct topo *m, int live, const char *sysroot)
{
	const char	*root = sysroot != NULL ? sysroot : os_root(), *ov = "";
	static const char *const vars[] = { "HWLOC_XMLFILE", "HWLOC_SYNTHETIC",
	    "HWLOC_FSROOT" };
	char		 control[32] = "", active[16];
	int		 act = -1;
	size_t		 i;

	if (live) {
		topo_smt_read_file(root, TOPO_SMT_SYSCPU "/smt/control", control,
		    sizeof control);
		if (topo_smt_read_file(root, TOPO_SMT_SYSCPU "/smt/active", active,
		    sizeof active) == 0)
			act = strcmp(active, "0") != 0;
		for (i = 0; i < sizeof vars / sizeof vars[0]; i++)
			if (getenv(vars[i]) != NULL && getenv(vars[i])[0] != '\0') {
				ov = vars[i];
				break;
			}
	}
	topo_smt_compute(s, m, live, control, act, ov);
}

/* Why CPU cpu has no SMT sibling this process may use. */
void
topo_no_sibling(const struct topo *m, int cpu, char *buf, size_t len)
{
	const struct smtstate	*s = &m->smt;
	const struct topo_pu	*pu = topo_pu_by_os(m, cpu);
	const struct topo_core	*c;
	struct cpuset		 out;
	char			 list[256];
	int			 i;

	if (pu == NULL) {
		snprintf(buf, len, "CPU %d is not on this machine", cpu);
		return;
	}
	c = &m->cores[pu->core];
	cpuset_zero(&out);
	for (i = c->first_pu; i < c->first_pu + c->npus; i++)
		if (m->pus[i].os_index != cpu && !m->pus[i].allowed)
			cpuset_set(&out, m->pus[i].os_index);
	if (cpuset_count(&out) > 0) {
		cpuset_format(&out, list, sizeof list);
		snprintf(buf, len, "CPU %d's sibling%s CPU%s %s %s outside this process's "
		    "cpuset", cpu, topo_smt_s(cpuset_count(&out)), topo_smt_s(cpuset_count(&out)),
		    list, cpuset_count(&out) == 1 ? "is" : "are");
		return;
	}
	switch (s->kind) {
	case SMTSTATE_OFF:
		snprintf(buf, len, "SMT off (control: %s)", s->control);
		break;
	case SMTSTATE_NOT_SUPPORTED:
		snprintf(buf, len, "SMT not supported");
		break;
	case SMTSTATE_NONE:
		snprintf(buf, len, s->has_cores ? "no SMT" : "no cores in the topology");
		break;
	case SMTSTATE_OFFLINE:
		snprintf(buf, len, "CPU %d's siblings are offline", cpu);
		break;
	default:
		snprintf(buf, len, "CPU %d's core has one thread", cpu);
		break;
	}
}
