/* topo.c: the machine model, built once from hwloc (live, XML or synthetic). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <hwloc.h>

#include "model/topo.h"
#include "os/os.h"
#include "base/infile.h"
#include "base/sanitize.h"
#include "base/util.h"

static const char *topo_rel_names[REL_COUNT] = {
	"same-pu", "smt-sibling", "shared-l2", "shared-l3", "same-package",
	"other-package"
};

/* Builder state while walking hwloc's tree. */
struct topo_build {
	struct topo		*m;
	hwloc_topology_t	 t;
	int			 cap_nodes, cap_pus, cap_cores, cap_packages;
	int			 has_cores;
	hwloc_bitmap_t		 affinity;	/* live: this process's CPU binding */
};

/* Append a model node under parent; returns its index. */
static int
topo_add_node(struct topo_build *b, enum topo_type type, hwloc_obj_t o, int parent)
{
	struct topo		*m = b->m;
	struct topo_node	*n;
	int			 i, c;

	if (m->nnodes == b->cap_nodes) {
		b->cap_nodes = b->cap_nodes ? b->cap_nodes * 2 : 64;
		m->nodes = xreallocarray(m->nodes, (size_t)b->cap_nodes, sizeof *m->nodes);
	}
	i = m->nnodes++;
	n = &m->nodes[i];
	memset(n, 0, sizeof *n);
	n->type = type;
	n->os_index = -1;
	n->logical_index = -1;
	n->parent = parent;
	n->first_child = n->next_sibling = -1;
	n->depth = parent == -1 ? 0 : m->nodes[parent].depth + 1;
	n->first_pu = m->npus;
	n->index = -1;
	if (o != NULL) {
		if (o->os_index != HWLOC_UNKNOWN_INDEX && o->os_index <= INT_MAX)
			n->os_index = (int)o->os_index;
		n->logical_index = (int)o->logical_index;
		if (hwloc_obj_type_is_cache(o->type) && o->attr != NULL) {
			n->cache_level = (int)o->attr->cache.depth;
			n->bytes = o->attr->cache.size;
		}
		if (o->type == HWLOC_OBJ_NUMANODE && o->attr != NULL)
			n->bytes = o->attr->numanode.local_memory;
		if (o->type == HWLOC_OBJ_GROUP && o->subtype != NULL)
			n->subtype = sanitize_dup(o->subtype);
	}
	if (parent != -1) {
		c = m->nodes[parent].first_child;
		if (c == -1)
			m->nodes[parent].first_child = i;
		else {
			while (m->nodes[c].next_sibling != -1)
				c = m->nodes[c].next_sibling;
			m->nodes[c].next_sibling = i;
		}
	}
	return i;
}

/* Number of Core objects (or PUs, without cores) inside an object. */
static int
topo_cores_inside(struct topo_build *b, hwloc_obj_t o)
{
	int	n;

	n = hwloc_get_nbobjs_inside_cpuset_by_type(b->t, o->cpuset, HWLOC_OBJ_CORE);
	if (!b->has_cores)
		n = hwloc_get_nbobjs_inside_cpuset_by_type(b->t, o->cpuset, HWLOC_OBJ_PU);
	return n;
}

/* Should this hwloc object be a node of the model? */
static int
topo_keep(struct topo_build *b, hwloc_obj_t o, enum topo_type *type)
{
	switch (o->type) {
	case HWLOC_OBJ_MACHINE:
		*type = TOPO_MACHINE;
		return 1;
	case HWLOC_OBJ_GROUP:
		*type = TOPO_GROUP;
		return 1;
	case HWLOC_OBJ_PACKAGE:
		*type = TOPO_PACKAGE;
		return 1;
	case HWLOC_OBJ_DIE:
		*type = TOPO_DIE;
		return 1;
	case HWLOC_OBJ_CORE:
		*type = TOPO_CORE;
		return 1;
	case HWLOC_OBJ_PU:
		*type = TOPO_PU;
		return 1;
	case HWLOC_OBJ_NUMANODE:
		*type = TOPO_NUMA;
		return 1;
	default:
		break;
	}
	if (hwloc_obj_type_is_dcache(o->type) && o->attr != NULL) {
		*type = TOPO_CACHE;
		if (o->attr->cache.depth >= 3)
			return 1;
		if (o->attr->cache.depth == 2 && topo_cores_inside(b, o) > 1)
			return 1;
	}
	return 0;
}

/* Record a PU; a PU without a Core ancestor gets a core of its own. */
static void
topo_add_pu(struct topo_build *b, hwloc_obj_t o, int parent, int core)
{
	struct topo		*m = b->m;
	struct topo_pu		*pu;
	int			 node, self_core = 0;

	if (core == -1) {
		self_core = 1;
		parent = topo_add_node(b, TOPO_CORE, NULL, parent);
		if (m->ncores == b->cap_cores) {
			b->cap_cores = b->cap_cores ? b->cap_cores * 2 : 64;
			m->cores = xreallocarray(m->cores, (size_t)b->cap_cores, sizeof *m->cores);
		}
		core = m->ncores++;
		memset(&m->cores[core], 0, sizeof m->cores[core]);
		m->cores[core].os_index = -1;
		m->cores[core].logical_index = core;
		m->cores[core].node = parent;
		m->cores[core].first_pu = m->npus;
		m->nodes[parent].index = core;
		m->nodes[parent].logical_index = core;
	}
	node = topo_add_node(b, TOPO_PU, o, parent);
	if (m->npus == b->cap_pus) {
		b->cap_pus = b->cap_pus ? b->cap_pus * 2 : 64;
		m->pus = xreallocarray(m->pus, (size_t)b->cap_pus, sizeof *m->pus);
	}
	pu = &m->pus[m->npus];
	m->nodes[node].index = m->npus;
	m->npus++;
	pu->os_index = (int)o->os_index;
	pu->logical_index = (int)o->logical_index;
	pu->core = core;
	pu->rank = m->cores[core].npus++;
	pu->node = node;
	m->nodes[node].npus = 1;
	pu->allowed = hwloc_bitmap_isset(hwloc_topology_get_allowed_cpuset(b->t),
	    o->os_index) && (b->affinity == NULL ||
	    hwloc_bitmap_isset(b->affinity, o->os_index));
	if (pu->allowed)
		m->cores[core].nallowed++;
	if (self_core)
		m->nodes[parent].npus = 1;
}

/* Walk hwloc's tree below o, adding kept objects under parent. */
static void
topo_walk(struct topo_build *b, hwloc_obj_t o, int parent, int core)
{
	struct topo	*m = b->m;
	enum topo_type	 type;
	hwloc_obj_t	 c;
	int		 node = parent;

	if (o->type == HWLOC_OBJ_PU) {
		topo_add_pu(b, o, parent, core);
		return;
	}
	if (topo_keep(b, o, &type)) {
		node = topo_add_node(b, type, o, parent);
		o->userdata = (void *)(intptr_t)(node + 1);
		if (type == TOPO_CORE) {
			if (m->ncores == b->cap_cores) {
				b->cap_cores = b->cap_cores ? b->cap_cores * 2 : 64;
				m->cores = xreallocarray(m->cores, (size_t)b->cap_cores,
				    sizeof *m->cores);
			}
			core = m->ncores++;
			memset(&m->cores[core], 0, sizeof m->cores[core]);
			m->cores[core].os_index = m->nodes[node].os_index;
			m->cores[core].logical_index = (int)o->logical_index;
			m->cores[core].node = node;
			m->cores[core].first_pu = m->npus;
			m->nodes[node].index = core;
		} else if (type == TOPO_PACKAGE) {
			if (m->npackages == b->cap_packages) {
				b->cap_packages = b->cap_packages ? b->cap_packages * 2 : 8;
				m->packages = xreallocarray(m->packages,
				    (size_t)b->cap_packages, sizeof *m->packages);
			}
			m->nodes[node].index = m->npackages;
			m->packages[m->npackages].os_index = m->nodes[node].os_index;
			m->packages[m->npackages].logical_index = (int)o->logical_index;
			m->packages[m->npackages].node = node;
			m->packages[m->npackages].allowed = 0;
			m->npackages++;
		}
	}
	for (c = o->memory_first_child; c != NULL; c = c->next_sibling)
		topo_walk(b, c, node, core);
	for (c = o->first_child; c != NULL; c = c->next_sibling)
		topo_walk(b, c, node, core);
	if (node != parent)
		m->nodes[node].npus = m->npus - m->nodes[node].first_pu;
}

/* Model node of the nearest kept ancestor of o that satisfies the level test. */
static int
topo_cache_node(hwloc_obj_t o, int min_level, int max_level)
{
	for (; o != NULL; o = o->parent) {
		if (!hwloc_obj_type_is_dcache(o->type) || o->userdata == NULL)
			continue;
		if ((int)o->attr->cache.depth >= min_level &&
		    (int)o->attr->cache.depth <= max_level)
			return (int)(intptr_t)o->userdata - 1;
	}
	return -1;
}

/* Allowed nodes: one holding an allowed PU, or an allowed NUMA node and its ancestors. */
static void
topo_finish_allowed(struct topo_build *b)
{
	struct topo		*m = b->m;
	hwloc_const_bitmap_t	 allowed_nodes = hwloc_topology_get_allowed_nodeset(b->t);
	int			 i, j, p;

	for (i = 0; i < m->nnodes; i++) {
		struct topo_node *n = &m->nodes[i];

		if (n->type == TOPO_NUMA) {
			n->allowed = n->os_index >= 0 &&
			    hwloc_bitmap_isset(allowed_nodes, (unsigned)n->os_index);
			for (p = n->parent; p != -1 && n->allowed; p = m->nodes[p].parent)
				m->nodes[p].allowed = 1;
			continue;
		}
		for (j = n->first_pu; j < n->first_pu + n->npus; j++)
			if (m->pus[j].allowed)
				n->allowed = 1;
	}
}

/* The CPU sets (online, allowed, offline) and the OS index to PU map. */
static void
topo_finish_cpus(struct topo_build *b)
{
	struct topo	*m = b->m;
	hwloc_obj_t	 o;
	int		 i, k;

	m->max_os = 0;
	for (i = 0; i < m->npus; i++) {
		if (m->pus[i].os_index + 1 > m->max_os)
			m->max_os = m->pus[i].os_index + 1;
		cpuset_set(&m->online, m->pus[i].os_index);
		if (m->pus[i].allowed)
			cpuset_set(&m->allowed, m->pus[i].os_index);
	}
	m->pu_by_os = xcalloc((size_t)m->max_os + 1, sizeof *m->pu_by_os);
	for (i = 0; i <= m->max_os; i++)
		m->pu_by_os[i] = -1;
	for (i = 0; i < m->npus; i++)
		m->pu_by_os[m->pus[i].os_index] = i;
	o = hwloc_get_root_obj(b->t);
	if (o->complete_cpuset != NULL) {
		/* Bounded: a hand-written file may give an infinite or huge set. */
		for (k = hwloc_bitmap_first(o->complete_cpuset); k != -1 && k < CPUSET_MAX;
		    k = hwloc_bitmap_next(o->complete_cpuset, k))
			if (!cpuset_isset(&m->online, k))
				cpuset_set(&m->offline, k);
	}
}

/* CPU kinds (hybrid parts), ranked by efficiency, and each core's kind + 1. */
static void
topo_finish_kinds(struct topo_build *b)
{
	struct topo		*m = b->m;
	struct hwloc_info_s	*infos;
	hwloc_bitmap_t		 set;
	unsigned		 ninfos, u;
	int			 i, k, nr, eff;

	nr = hwloc_cpukinds_get_nr(b->t, 0);
	if (nr > 0) {
		m->kinds = xcalloc((size_t)nr, sizeof *m->kinds);
		m->nkinds = nr;
	}
	set = hwloc_bitmap_alloc();
	for (k = 0; k < nr; k++) {
		if (hwloc_cpukinds_get_info(b->t, (unsigned)k, set, &eff, &ninfos,
		    &infos, 0) != 0)
			continue;
		m->kinds[k].efficiency = eff;
		for (u = 0; u < ninfos; u++)
			if (strcmp(infos[u].name, "CoreType") == 0)
				m->kinds[k].core_type = sanitize_dup(infos[u].value);
		if (nr == 2 && eff >= 0)
			m->kinds[k].label = xstrdup(eff == 0 ? "E" : "P");
		else if (m->kinds[k].core_type != NULL &&
		    strcmp(m->kinds[k].core_type, "IntelAtom") == 0)
			m->kinds[k].label = xstrdup("E");
		else if (m->kinds[k].core_type != NULL &&
		    strcmp(m->kinds[k].core_type, "IntelCore") == 0)
			m->kinds[k].label = xstrdup("P");
		else
			m->kinds[k].label = xasprintf("k%d", k);
		for (i = 0; i < m->npus; i++) {
			if (!hwloc_bitmap_isset(set, (unsigned)m->pus[i].os_index))
				continue;
			m->kinds[k].npus++;
			m->cores[m->pus[i].core].kind = k + 1;	/* made 0-based by the caller */
		}
	}
	hwloc_bitmap_free(set);
}

/* The summary counts the default (allowed) view, as hwloc's tools do. */
static void
topo_finish_summary(struct topo_build *b)
{
	struct topo	*m = b->m;
	int		 i, width;

	memset(&m->summary, 0, sizeof m->summary);
	for (i = 0; i < m->nnodes; i++) {
		if (!m->nodes[i].allowed)
			continue;
		if (m->nodes[i].type == TOPO_PACKAGE)
			m->summary.packages++;
		else if (m->nodes[i].type == TOPO_NUMA)
			m->summary.numa_nodes++;
	}
	for (i = 0; i < m->ncores; i++) {
		width = m->cores[i].nallowed;
		if (width == 0)
			continue;
		if (b->has_cores) {
			m->summary.cores++;
			if (width > m->summary.smt_width_max)
				m->summary.smt_width_max = width;
		}
		m->summary.pus += width;
	}
	m->summary.cpu_kinds = m->nkinds;
}

/* Fill the per-core package, caches and kind, the per-node allowed flags, the summary. */
static void
topo_finish(struct topo_build *b)
{
	struct topo	*m = b->m;
	hwloc_obj_t	 pu;
	int		 i, p;

	topo_finish_allowed(b);
	topo_finish_cpus(b);
	topo_finish_kinds(b);
	for (i = 0; i < m->ncores; i++) {
		struct topo_core	*c = &m->cores[i];

		c->kind = c->kind - 1;
		c->package = -1;
		for (p = c->node; p != -1; p = m->nodes[p].parent)
			if (m->nodes[p].type == TOPO_PACKAGE)
				c->package = m->nodes[p].index;
		pu = hwloc_get_pu_obj_by_os_index(b->t,
		    (unsigned)m->pus[c->first_pu].os_index);
		c->l2 = topo_cache_node(pu, 2, 2);
		c->l3 = topo_cache_node(pu, 3, 99);
		topo_cache_fill(c, pu);
		for (c->llc_bytes = 0; pu != NULL; pu = pu->parent)
			if (hwloc_obj_type_is_dcache(pu->type) &&
			    pu->attr->cache.size > c->llc_bytes)
				c->llc_bytes = pu->attr->cache.size;
	}
	for (i = 0; i < m->npackages; i++)
		m->packages[i].allowed = m->nodes[m->packages[i].node].allowed;
	topo_finish_summary(b);
}

/* Find an info string on the root or the first package. */
static char *
topo_info(hwloc_topology_t t, const char *name)
{
	hwloc_obj_t	 o;
	const char	*v;

	o = hwloc_get_obj_by_type(t, HWLOC_OBJ_PACKAGE, 0);
	if (o != NULL && (v = hwloc_obj_get_info_by_name(o, name)) != NULL)
		return sanitize_dup(v);
	if ((v = hwloc_obj_get_info_by_name(hwloc_get_root_obj(t), name)) != NULL)
		return sanitize_dup(v);
	return NULL;
}

/* Refuse OS indexes the model cannot hold: every PU's must be below CPUSET_MAX. */
static int
topo_check_indexes(hwloc_topology_t t, const char *name, char *err, size_t errlen)
{
	hwloc_obj_t	o = NULL;

	while ((o = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_PU, o)) != NULL) {
		if (o->os_index == HWLOC_UNKNOWN_INDEX || o->os_index >= CPUSET_MAX) {
			snprintf(err, errlen, "%s: logical CPU L#%u has OS index %u; "
			    "smtscope handles OS indexes 0 to %d", name, o->logical_index,
			    o->os_index, CPUSET_MAX - 1);
			return -1;
		}
	}
	return 0;
}

/* Turn a loaded hwloc topology into the model; NULL with a message if it cannot hold it. */
static struct topo *
topo_build(hwloc_topology_t t, enum topo_source source, const char *name, char *err,
    size_t errlen)
{
	struct topo_build	 b;
	struct topo		*m;

	if (topo_check_indexes(t, name, err, errlen) == -1) {
		hwloc_topology_destroy(t);
		return NULL;
	}
	m = xcalloc(1, sizeof *m);
	m->source = source;
	m->source_name = xstrdup(name);
	m->hw = t;
	memset(&b, 0, sizeof b);
	b.m = m;
	b.t = t;
	b.has_cores = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_CORE) > 0;
	/* Live, a CPU outside our affinity (taskset) is as unusable as one outside the cpuset. */
	if (source == TOPO_LIVE) {
		b.affinity = hwloc_bitmap_alloc();
		if (hwloc_get_cpubind(t, b.affinity, HWLOC_CPUBIND_PROCESS) != 0 ||
		    hwloc_bitmap_iszero(b.affinity)) {
			hwloc_bitmap_free(b.affinity);
			b.affinity = NULL;
		}
	}
	m->cpu_vendor = topo_info(t, "CPUVendor");
	m->cpu_model = topo_info(t, "CPUModel");
	topo_walk(&b, hwloc_get_root_obj(t), -1, -1);
	topo_finish(&b);
	m->has_cores = b.has_cores;
	topo_smt_read(&m->smt, m, source == TOPO_LIVE, NULL);
	if (b.affinity != NULL)
		hwloc_bitmap_free(b.affinity);
	/* Only the live machine is ever bound to: a view keeps just the model. */
	if (source != TOPO_LIVE) {
		hwloc_topology_destroy(t);
		m->hw = NULL;
	}
	return m;
}

/* Run hwloc's load with its own chatter on stderr silenced. */
static int
topo_quiet_load(hwloc_topology_t t)
{
	int	saved, devnull, rc;

	fflush(stderr);
	saved = dup(STDERR_FILENO);
	devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved != -1 && devnull != -1)
		dup2(devnull, STDERR_FILENO);
	rc = hwloc_topology_load(t);
	if (saved != -1 && devnull != -1) {
		dup2(saved, STDERR_FILENO);
	}
	if (saved != -1)
		close(saved);
	if (devnull != -1)
		close(devnull);
	return rc;
}

/*
 * A new hwloc topology with the flags every source uses, and none of hwloc's
 * plugins loaded.
 */
static hwloc_topology_t
topo_new(void)
{
	/*
	 * Every plugin hwloc 2.x ships: I/O discovery (PCI, GPUs, OpenCL, GL),
	 * which smtscope filters out anyway, and the libxml2 XML parser, for
	 * which hwloc's built-in parser reads the same files. Loading them
	 * costs ~150 mappings (libxml2, ICU, libstdc++, libOpenCL...) and
	 * milliseconds at start. hwloc reads the list only in the first
	 * hwloc_topology_init() while no other topology exists; it is set just
	 * for that call, so commands smtscope runs never inherit it, and a
	 * user's own setting is left alone.
	 */
	static const char	 unused[] = "hwloc_pci,hwloc_opencl,hwloc_cuda,"
	    "hwloc_nvml,hwloc_rsmi,hwloc_levelzero,hwloc_gl,hwloc_xml_libxml";
	hwloc_topology_t	 t;
	int			 set = 0, rc;

	if (getenv("HWLOC_PLUGINS_BLACKLIST") == NULL)
		set = setenv("HWLOC_PLUGINS_BLACKLIST", unused, 0) == 0;
	rc = hwloc_topology_init(&t);
	if (set)
		unsetenv("HWLOC_PLUGINS_BLACKLIST");
	if (rc != 0)
		fatal("hwloc_topology_init");
	hwloc_topology_set_flags(t, HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED);
	hwloc_topology_set_io_types_filter(t, HWLOC_TYPE_FILTER_KEEP_NONE);
	hwloc_topology_set_type_filter(t, HWLOC_OBJ_MISC, HWLOC_TYPE_FILTER_KEEP_NONE);
	hwloc_topology_set_icache_types_filter(t, HWLOC_TYPE_FILTER_KEEP_ALL); /* L1i, as lstopo */
	return t;
}

/* XML for the probe's child: the bytes with their NUL, as hwloc counts them. */
struct topo_probe {
	const char	*xml;
	int		 len;
	const char	*synthetic;	/* or a synthetic description */
};

/* The probe's child: load the XML (its stderr on /dev/null); exit 0, or 3 if hwloc refused. */
static void
topo_probe_child(void *arg, int statusfd)
{
	const struct topo_probe	*pr = arg;
	hwloc_topology_t	 t;
	int			 rc;

	(void)statusfd;
	t = topo_new();
	rc = pr->synthetic != NULL ? hwloc_topology_set_synthetic(t, pr->synthetic) :
	    hwloc_topology_set_xmlbuffer(t, pr->xml, pr->len);
	if (rc == 0)
		rc = hwloc_topology_load(t);
	_exit(rc == 0 ? 0 : 3);
}

/*
 * Try hwloc's load of XML (len bytes with its NUL, as hwloc counts), or of
 * a synthetic description (xml NULL), in a child first: hwloc itself can
 * crash on malformed input (2.9 segfaults on an XML object that has a
 * cpuset but no complete_cpuset) or where memory runs out, and a crash
 * must become a message. 0 when the child loaded it or hwloc refused it
 * (the caller's own load says why); -1 with a message naming name when
 * hwloc died on it.
 */
static int
topo_probe_xml(const char *xml, int len, const char *synthetic, const char *name, char *err,
    size_t errlen)
{
	struct topo_probe	pr = { xml, len, synthetic };
	struct os_spawn		sp;
	char			why[256];
	pid_t			pid;
	int			status;

	memset(&sp, 0, sizeof sp);
	sp.child = topo_probe_child;
	sp.arg = &pr;
	sp.death_sig = SIGKILL;
	sp.stdio_null = 1;
	if ((pid = os_spawn(&sp, NULL, why, sizeof why)) == -1)
		return 0;	/* no probe: load as before */
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			return 0;
	if (WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 3))
		return 0;
	if (WIFSIGNALED(status))
		snprintf(err, errlen, "%s: hwloc crashed reading it (%s): not a valid "
		    "topology", name, strsignal(WTERMSIG(status)));
	else
		snprintf(err, errlen, "%s: hwloc failed reading it (status %d): not a "
		    "valid topology", name, WEXITSTATUS(status));
	return -1;
}

static unsigned long	topo_synthetic_pus(const char *);

/*
 * Load the machine we run on. Without hwloc's x86 backend (unless the user
 * names components, or the CPU is a hybrid, whose core types it reads from
 * cpuid): on Linux it otherwise adds only cache annotations smtscope does
 * not read, and it binds this process to each CPU in turn to run cpuid.
 * Bound to a CPU a fork loop keeps busy, the first frame in tmux waited
 * 57-90 s here at 1 start in 2 to 5 (`taskset -c 1 sh -c 'while :; do
 * /bin/true; done'`). The Linux backend reads the same tree from sysfs.
 */
struct topo *
topo_load_live(char *err, size_t errlen)
{
	hwloc_topology_t	 t;
	struct topo		*m;
	const char		*xmlenv = getenv("HWLOC_XMLFILE"), *synenv = getenv("HWLOC_SYNTHETIC");
	char			*xml = NULL;
	size_t			 len = 0;

	/*
	 * hwloc reads HWLOC_XMLFILE and HWLOC_SYNTHETIC itself, past every
	 * bound -i has (a FIFO or /dev/zero hung, a crashing XML took smtscope
	 * down, a huge synthetic string ran for ever): read them as -i reads,
	 * then hand hwloc the result. HWLOC_THISSYSTEM still says whether the
	 * description is this machine's (hwloc reads it at load).
	 */
	if (xmlenv != NULL && xmlenv[0] != '\0') {
		if ((xml = infile_read(xmlenv, "an hwloc XML topology (HWLOC_XMLFILE)",
		    TOPO_XML_MAX, &len, err, errlen)) == NULL)
			return NULL;
		if (len == 0 || len >= INT_MAX) {
			snprintf(err, errlen, "HWLOC_XMLFILE=%s: no hwloc XML topology", xmlenv);
			free(xml);
			return NULL;
		}
		if (topo_probe_xml(xml, (int)len + 1, NULL, xmlenv, err, errlen) == -1) {
			free(xml);
			return NULL;
		}
	} else if (synenv != NULL && synenv[0] != '\0' &&
	    topo_synthetic_pus(synenv) > CPUSET_MAX) {
		snprintf(err, errlen, "HWLOC_SYNTHETIC='%s': more than %d logical CPUs", synenv,
		    CPUSET_MAX);
		return NULL;
	}
	t = topo_new();
	if (xml != NULL && hwloc_topology_set_xmlbuffer(t, xml, (int)len + 1) != 0) {
		snprintf(err, errlen, "HWLOC_XMLFILE=%s: not a valid hwloc XML topology", xmlenv);
		free(xml);
		hwloc_topology_destroy(t);
		return NULL;
	}
	if (getenv("HWLOC_COMPONENTS") == NULL && xml == NULL &&
	    access("/sys/devices/cpu_atom/cpus", F_OK) != 0)
		(void)hwloc_topology_set_components(t, HWLOC_TOPOLOGY_COMPONENTS_FLAG_BLACKLIST,
		    "x86");
	if (topo_quiet_load(t) != 0) {
		if (xml != NULL)
			snprintf(err, errlen, "HWLOC_XMLFILE=%s: not a valid hwloc XML topology",
			    xmlenv);
		else
			snprintf(err, errlen, "cannot read this machine's topology: %s",
			    strerror(errno));
		free(xml);
		hwloc_topology_destroy(t);
		return NULL;
	}
	free(xml);
	if (hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU) == 0) {
		snprintf(err, errlen, "%s: the topology has no logical CPUs", xmlenv != NULL &&
		    xmlenv[0] != '\0' ? "HWLOC_XMLFILE" : "this machine");
		hwloc_topology_destroy(t);
		return NULL;
	}
	if ((m = topo_build(t, TOPO_LIVE, "this machine", err, errlen)) != NULL &&
	    !hwloc_topology_is_thissystem(t))
		m->unbindable = xml != NULL ?
		    "HWLOC_XMLFILE without HWLOC_THISSYSTEM=1: no load can be bound" :
		    "HWLOC_SYNTHETIC without HWLOC_THISSYSTEM=1: no load can be bound";
	return m;
}

/*
 * Build the model from hwloc XML in memory (len bytes with the NUL), first
 * loaded in a probe child; name says whose.
 */
static struct topo *
topo_load_xmlmem(const char *xml, size_t len, const char *name, char *err, size_t errlen)
{
	hwloc_topology_t	t;

	if (len <= 1 || len > INT_MAX) {
		snprintf(err, errlen, "%s: no hwloc XML topology", name);
		return NULL;
	}
	if (topo_probe_xml(xml, (int)len, NULL, name, err, errlen) == -1)
		return NULL;
	t = topo_new();
	if (hwloc_topology_set_xmlbuffer(t, xml, (int)len) != 0 ||
	    topo_quiet_load(t) != 0) {
		snprintf(err, errlen, "%s: not a valid hwloc XML topology", name);
		hwloc_topology_destroy(t);
		return NULL;
	}
	if (hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU) == 0) {
		snprintf(err, errlen, "%s: the topology has no logical CPUs", name);
		hwloc_topology_destroy(t);
		return NULL;
	}
	return topo_build(t, TOPO_XML, name, err, errlen);
}

/* Load an hwloc XML file (format 1.x or 2.x): read as every input is (base/infile.h). */
struct topo *
topo_load_xml(const char *path, char *err, size_t errlen)
{
	struct topo	*m;
	char		*xml;
	size_t		 len;

	if ((xml = infile_read(path, "an hwloc XML topology", TOPO_XML_MAX, &len, err,
	    errlen)) == NULL)
		return NULL;
	m = topo_load_xmlmem(xml, len + 1, path, err, errlen);
	free(xml);
	return m;
}

/* Build the model from hwloc XML in a string (a recording's); name says whose. */
struct topo *
topo_load_xmlbuffer(const char *xml, const char *name, char *err, size_t errlen)
{
	return topo_load_xmlmem(xml, strlen(xml) + 1, name, err, errlen);
}

/*
 * An upper bound of the logical CPUs a synthetic description makes: the
 * product of every arity in it ("package:2 core:4 pu:2", "2 4 2"), every
 * number after a ':' counted, attributes or not, so that no spelling hides
 * a level. hwloc takes seconds to build a few thousand CPUs (minutes under
 * the sanitizers), so a size smtscope cannot hold is refused first.
 */
static unsigned long
topo_synthetic_pus(const char *desc)
{
	const char	*p, *q;
	char		*end;
	unsigned long	 n = 1, arity;
	int		 start;

	for (p = desc; *p != '\0'; p++) {
		/* A level's arity follows a ':' or stands alone as a word. */
		start = *p == ':' || ((p == desc || isspace((unsigned char)p[-1])) &&
		    isdigit((unsigned char)*p));
		if (!start)
			continue;
		q = *p == ':' ? p + 1 : p;
		/* As hwloc reads it: strtoul, so "0x86220" is 549,408. */
		errno = 0;
		arity = strtoul(q, &end, 0);
		if (end == q)
			continue;
		if (errno != 0 || arity > CPUSET_MAX ||
		    (arity > 0 && (n *= arity) > CPUSET_MAX))
			return CPUSET_MAX + 1;
		p = end - 1;
	}
	return n;
}

/* A description as a message may show it: one line, control bytes as ^[. */
static void
topo_printable(char *buf, size_t len, const char *s)
{
	sanitize(buf, len, s);
}

/* Load an hwloc synthetic description ("package:2 core:4 pu:2"). */
struct topo *
topo_load_synthetic(const char *desc, char *err, size_t errlen)
{
	hwloc_topology_t	t;
	char			shown[256];
	int			saved, devnull, rc;

	topo_printable(shown, sizeof shown, desc);
	if (topo_synthetic_pus(desc) > CPUSET_MAX) {
		snprintf(err, errlen, "'%s': more than %d logical CPUs; smtscope handles "
		    "OS indexes 0 to %d", shown, CPUSET_MAX, CPUSET_MAX - 1);
		return NULL;
	}
	/* hwloc dies where memory runs out (a bitmap copy under ulimit -v). */
	if (topo_probe_xml(NULL, 0, desc, shown, err, errlen) == -1)
		return NULL;
	t = topo_new();
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved != -1 && devnull != -1)
		dup2(devnull, STDERR_FILENO);
	rc = hwloc_topology_set_synthetic(t, desc);
	if (saved != -1 && devnull != -1)
		dup2(saved, STDERR_FILENO);
	if (saved != -1)
		close(saved);
	if (devnull != -1)
		close(devnull);
	if (rc != 0 || topo_quiet_load(t) != 0) {
		snprintf(err, errlen, "'%s': not a valid hwloc synthetic topology "
		    "(e.g. \"package:2 core:4 pu:2\")", shown);
		hwloc_topology_destroy(t);
		return NULL;
	}
	return topo_build(t, TOPO_SYNTHETIC, desc, err, errlen);
}

/* An existing path is XML; otherwise it must be a synthetic description. */
struct topo *
topo_load_input(const char *arg, char *err, size_t errlen)
{
	struct stat	st;

	if (*arg == '\0') {
		snprintf(err, errlen, "an empty topology (give an hwloc XML file or a "
		    "synthetic description, e.g. \"package:2 core:4 pu:2\")");
		return NULL;
	}
	if (stat(arg, &st) == 0 || strchr(arg, '/') != NULL ||
	    strstr(arg, ".xml") != NULL || strchr(arg, ':') == NULL)
		return topo_load_xml(arg, err, errlen);
	return topo_load_synthetic(arg, err, errlen);
}

/* Release the model and its hwloc topology. */
void
topo_free(struct topo *m)
{
	int	i;

	if (m == NULL)
		return;
	for (i = 0; i < m->nnodes; i++)
		free(m->nodes[i].subtype);
	for (i = 0; i < m->nkinds; i++) {
		free(m->kinds[i].core_type);
		free(m->kinds[i].label);
	}
	if (m->hw != NULL)
		hwloc_topology_destroy(m->hw);
	free(m->nodes);
	free(m->pus);
	free(m->cores);
	free(m->packages);
	free(m->kinds);
	free(m->pu_by_os);
	free(m->source_name);
	free(m->cpu_vendor);
	free(m->cpu_model);
	free(m);
}

/* Relation between two logical CPUs, from the model alone. */
enum topo_rel
topo_relation(const struct topo *m, int os_a, int os_b)
{
	const struct topo_pu	*a = topo_pu_by_os(m, os_a), *b = topo_pu_by_os(m, os_b);
	const struct topo_core	*ca, *cb;

	if (a == NULL || b == NULL)
		return REL_OTHER_PACKAGE;
	if (a == b)
		return REL_SAME_PU;
	if (a->core == b->core)
		return REL_SMT_SIBLING;
	ca = &m->cores[a->core];
	cb = &m->cores[b->core];
	if (ca->l2 != -1 && ca->l2 == cb->l2)
		return REL_SHARED_L2;
	if (ca->l3 != -1 && ca->l3 == cb->l3)
		return REL_SHARED_L3;
	if (ca->package == cb->package)
		return REL_SAME_PACKAGE;
	return REL_OTHER_PACKAGE;
}

/* Name of a relation, as the JSON and the screen spell it. */
const char *
topo_rel_name(enum topo_rel r)
{
	if (r < 0 || r >= REL_COUNT)
		return "?";
	return topo_rel_names[r];
}

/* Name of a node type. */
const char *
topo_type_name(enum topo_type t)
{
	switch (t) {
	case TOPO_MACHINE:
		return "Machine";
	case TOPO_GROUP:
		return "Group";
	case TOPO_PACKAGE:
		return "Package";
	case TOPO_DIE:
		return "Die";
	case TOPO_NUMA:
		return "NUMANode";
	case TOPO_CACHE:
		return "Cache";
	case TOPO_CORE:
		return "Core";
	case TOPO_PU:
		return "PU";
	}
	return "?";
}

/* Size of the last-level cache over a CPU, 0 if unknown. */
uint64_t
topo_llc_bytes(const struct topo *m, int os)
{
	const struct topo_pu	*pu = topo_pu_by_os(m, os);

	return pu == NULL ? 0 : m->cores[pu->core].llc_bytes;
}

/* Is this a view of the machine we run on? */
int
topo_is_live(const struct topo *m)
{
	return m->source == TOPO_LIVE;
}

/* The live topology as hwloc XML (v2), NUL-terminated; NULL with a message. */
char *
topo_export_xml(const struct topo *m, size_t *len, char *err, size_t errlen)
{
	char	*xml, *copy;
	int	 n;

	if (m->hw == NULL) {
		snprintf(err, errlen, "%s: only the live machine's topology can be "
		    "exported", m->source_name);
		return NULL;
	}
	if (hwloc_topology_export_xmlbuffer(m->hw, &xml, &n, 0) != 0 || n <= 0) {
		snprintf(err, errlen, "hwloc cannot export this machine's topology: %s",
		    strerror(errno));
		return NULL;
	}
	/* hwloc's buffer is freed by hwloc: hand the caller its own copy. */
	copy = xmalloc((size_t)n);
	memcpy(copy, xml, (size_t)n);
	copy[n - 1] = '\0';
	hwloc_free_xmlbuffer(m->hw, xml);
	*len = strlen(copy);
	return copy;
}
