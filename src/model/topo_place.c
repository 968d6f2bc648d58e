/*
 * topo_place.c: places on any machine, as the user writes them: an OS CPU
 * number (`3`), a topology path of logical indexes (`core:1.pu:0`,
 * `package:1.core:0.pu:1`, as hwloc-calc reads them), a list, or `all`;
 * a set of CPUs that each take a load (`each:package:1`, `each:cores`,
 * `each:numa:0`, `each:all`). Model only: no hwloc here.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/topo.h"
#include "base/util.h"

/* Map a place component's type name to a model test. */
static int
topo_place_type(const char *s, size_t len, enum topo_type *type, int *level)
{
	static const struct {
		const char	*name;
		enum topo_type	 type;
		int		 level;
	} names[] = {
		{ "package", TOPO_PACKAGE, 0 }, { "socket", TOPO_PACKAGE, 0 },
		{ "die", TOPO_DIE, 0 }, { "group", TOPO_GROUP, 0 },
		{ "l3", TOPO_CACHE, 3 }, { "l3cache", TOPO_CACHE, 3 },
		{ "l2", TOPO_CACHE, 2 }, { "l2cache", TOPO_CACHE, 2 },
		{ "core", TOPO_CORE, 0 }, { "pu", TOPO_PU, 0 },
	};
	size_t	i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strlen(names[i].name) == len && strncasecmp(s, names[i].name, len) == 0) {
			*type = names[i].type;
			*level = names[i].level;
			return 0;
		}
	}
	return -1;
}

/* Resolve "core:1.pu:0" to a node; -1 with a message. */
static int
topo_resolve_path(const struct topo *m, const char *str, char *err, size_t errlen)
{
	const char	*p = str, *colon, *end;
	enum topo_type	 type;
	int		 level, scope = 0, i, seen, found;
	long		 idx;
	char		 num[16];

	while (*p != '\0') {
		end = strchr(p, '.');
		if (end == NULL)
			end = p + strlen(p);
		colon = memchr(p, ':', (size_t)(end - p));
		if (colon == NULL ||
		    topo_place_type(p, (size_t)(colon - p), &type, &level) == -1 ||
		    (size_t)(end - colon - 1) >= sizeof num) {
			snprintf(err, errlen, "bad place '%s' (expected e.g. 3, "
			    "core:1.pu:0 or package:1.core:0.pu:1)", str);
			return -1;
		}
		memcpy(num, colon + 1, (size_t)(end - colon - 1));
		num[end - colon - 1] = '\0';
		if (util_parse_long(num, 0, 1 << 20, &idx) == -1) {
			snprintf(err, errlen, "bad index '%s' in place '%s'", num, str);
			return -1;
		}
		found = -1;
		seen = 0;
		for (i = scope + 1; i < m->nnodes && found == -1; i++) {
			const struct topo_node *n = &m->nodes[i];
			int	p2;

			for (p2 = n->parent; p2 != -1 && p2 != scope; p2 = m->nodes[p2].parent)
				;
			if (p2 != scope && scope != 0)
				continue;
			if (n->type != type || (level != 0 && n->cache_level != level) ||
			    !n->allowed)
				continue;
			if (seen++ == idx)
				found = i;
		}
		if (found == -1) {
			if (seen == 0)
				snprintf(err, errlen, "place '%s': there is no %.*s there",
				    str, (int)(colon - p), p);
			else
				snprintf(err, errlen, "place '%s': there %s only %d %.*s%s "
				    "there", str, seen == 1 ? "is" : "are", seen,
				    (int)(colon - p), p, seen == 1 ? "" : "s");
			return -1;
		}
		scope = found;
		p = *end == '.' ? end + 1 : end;
	}
	return scope;
}

/* Parse one place to one logical CPU. */
int
topo_parse_place(const struct topo *m, const char *str, int *os, char *err,
    size_t errlen)
{
	const struct topo_node	*n;
	long			 v;
	int			 node, i, found = -1, count = 0;

	if (util_parse_long(str, 0, 1L << 30, &v) == 0) {
		*os = (int)v;
		return topo_check_cpu(m, *os, err, errlen);
	}
	if ((node = topo_resolve_path(m, str, err, errlen)) == -1)
		return -1;
	n = &m->nodes[node];
	for (i = n->first_pu; i < n->first_pu + n->npus; i++) {
		if (m->pus[i].allowed) {
			if (found == -1)
				found = m->pus[i].os_index;
			count++;
		}
	}
	if (count != 1) {
		snprintf(err, errlen, "place '%s' holds %d logical CPUs, not one "
		    "(add .pu:N)", str, count);
		return -1;
	}
	*os = found;
	return 0;
}

/* Parse a set: "all", a CPU list, or a place (all allowed CPUs below it). */
int
topo_parse_set(const struct topo *m, const char *str, struct cpuset *set,
    char *err, size_t errlen)
{
	const struct topo_node	*n;
	int			 node, i;
	long			 v;

	cpuset_zero(set);
	if (*str == '\0') {
		snprintf(err, errlen, "empty CPU set (expected e.g. 3, 0-3, all or package:1)");
		return -1;
	}
	if (strcmp(str, "all") == 0) {
		*set = m->allowed;
		return 0;
	}
	if (util_parse_long(str, 0, 1L << 30, &v) == 0) {
		if (topo_check_cpu(m, (int)v, err, errlen) == -1)
			return -1;
		cpuset_set(set, (int)v);
		return 0;
	}
	if (*str >= '0' && *str <= '9') {
		if (cpuset_parse(set, str, err, errlen) == -1)
			return -1;
		CPUSET_FOREACH(i, set)
			if (topo_check_cpu(m, i, err, errlen) == -1)
				return -1;
		return 0;
	}
	if ((node = topo_resolve_path(m, str, err, errlen)) == -1)
		return -1;
	n = &m->nodes[node];
	for (i = n->first_pu; i < n->first_pu + n->npus; i++)
		if (m->pus[i].allowed)
			cpuset_set(set, m->pus[i].os_index);
	if (cpuset_count(set) == 0) {
		snprintf(err, errlen, "place '%s' holds no allowed CPU", str);
		return -1;
	}
	return 0;
}

/* The allowed CPUs whose NUMA node is the one of logical index idx; -1 with a message. */
static int
topo_numa_set(const struct topo *m, const char *str, struct cpuset *set, char *err,
    size_t errlen)
{
	long	idx;
	int	i, node = -1, n = 0;

	if (util_parse_long(str, 0, 1 << 20, &idx) == -1) {
		snprintf(err, errlen, "bad NUMA node '%s' (expected e.g. numa:0)", str);
		return -1;
	}
	for (i = 0; i < m->nnodes; i++)
		if (m->nodes[i].type == TOPO_NUMA && n++ == idx)
			node = i;
	if (node == -1) {
		snprintf(err, errlen, "numa:%ld: there %s %d NUMA node%s", idx, n == 1 ?
		    "is" : "are", n, n == 1 ? "" : "s");
		return -1;
	}
	cpuset_zero(set);
	for (i = 0; i < m->npus; i++)
		if (m->pus[i].allowed && topo_numa_of(m, m->pus[i].os_index) == node)
			cpuset_set(set, m->pus[i].os_index);
	return 0;
}

/*
 * A set whose CPUs each take a load, after "each:": all (every allowed
 * CPU), cores (the first allowed thread of each core; cores:SET within a
 * set), numa:N (a NUMA node's CPUs), or a set (a list, a place: package:1,
 * core:3 for a core's threads). -1 with a message, or when it is empty.
 */
int
topo_parse_each(const struct topo *m, const char *str, struct cpuset *set, char *err,
    size_t errlen)
{
	const struct topo_core	*c;
	struct cpuset		 in;
	int			 i, j, firsts = 0, rc;

	if (strncmp(str, "cores", 5) == 0 && (str[5] == '\0' || str[5] == ':')) {
		firsts = 1;
		str = str[5] == ':' ? str + 6 : "all";
	}
	if (strncasecmp(str, "numa:", 5) == 0)
		rc = topo_numa_set(m, str + 5, &in, err, errlen);
	else
		rc = topo_parse_set(m, str, &in, err, errlen);
	if (rc == -1)
		return -1;
	cpuset_zero(set);
	for (i = 0; i < m->ncores; i++) {
		c = &m->cores[i];
		for (j = c->first_pu; j < c->first_pu + c->npus; j++)
			if (cpuset_isset(&in, m->pus[j].os_index)) {
				cpuset_set(set, m->pus[j].os_index);
				if (firsts)
					break;
			}
	}
	/* CPUs without a core object (some VMs) each count as one. */
	for (i = 0; i < m->npus; i++)
		if (m->pus[i].core == -1 && cpuset_isset(&in, m->pus[i].os_index))
			cpuset_set(set, m->pus[i].os_index);
	if (cpuset_count(set) == 0) {
		snprintf(err, errlen, "each:%s holds no allowed CPU", str);
		return -1;
	}
	return 0;
}

/*
 * The NUMA node over a CPU, as a node index: the one NUMA child of its
 * nearest ancestor that has any; -1 if none, or several (it cannot tell).
 */
int
topo_numa_of(const struct topo *m, int os)
{
	const struct topo_pu	*pu = topo_pu_by_os(m, os);
	int			 n, c, found;

	if (pu == NULL)
		return -1;
	for (n = m->nodes[pu->node].parent; n != -1; n = m->nodes[n].parent) {
		found = -1;
		for (c = m->nodes[n].first_child; c != -1; c = m->nodes[c].next_sibling) {
			if (m->nodes[c].type != TOPO_NUMA)
				continue;
			if (found != -1)
				return -1;	/* several: the model cannot tell which */
			found = c;
		}
		if (found != -1)
			return found;
	}
	return -1;
}
