/* topo_cache.c: a core's own caches (L1d, L1i, a private L2), as lstopo shows them. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <hwloc.h>

#include "model/topo.h"
#include "base/util.h"

/*
 * The caches over a core's first CPU that hold no other core's CPUs and
 * that the tree keeps no node for (topo.c keeps every L3): the core's own
 * (a Bulldozer module's L1i, shared by two cores, is not). hwloc lists
 * them innermost first; the model keeps them outermost first, as lstopo.
 */
void
topo_cache_fill(struct topo_core *c, void *hwloc_pu)
{
	hwloc_obj_t		 pu = hwloc_pu;
	struct topo_cache	 found[TOPO_CORE_CACHES];
	hwloc_obj_t		 o, core;
	int			 n = 0, i;

	for (core = pu; core != NULL && core->type != HWLOC_OBJ_CORE; core = core->parent)
		;
	if (core == NULL)
		core = pu;
	for (o = pu != NULL ? pu->parent : NULL; o != NULL; o = o->parent) {
		if (!hwloc_obj_type_is_cache(o->type) || o->attr == NULL ||
		    o->userdata != NULL || n == TOPO_CORE_CACHES ||
		    !hwloc_bitmap_isincluded(o->cpuset, core->cpuset))
			continue;
		found[n].level = (int)o->attr->cache.depth;
		found[n].kind = o->attr->cache.type == HWLOC_OBJ_CACHE_DATA ? 'd' :
		    o->attr->cache.type == HWLOC_OBJ_CACHE_INSTRUCTION ? 'i' : 'u';
		found[n].bytes = o->attr->cache.size;
		n++;
	}
	c->ncaches = n;
	for (i = 0; i < n; i++)
		c->caches[i] = found[n - 1 - i];
}

/* "L2 1MB + L1d 48KB + L1i 32KB": a core's own caches in lstopo's words. */
void
topo_caches_words(const struct topo_core *c, char *buf, size_t len)
{
	char	size[32];
	size_t	used;
	int	i;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < c->ncaches; i++) {
		used = strlen(buf);
		size[0] = '\0';
		if (c->caches[i].bytes)
			util_fmt_bytes(size, sizeof size, c->caches[i].bytes);
		snprintf(buf + used, len - used, "%sL%d%s%s%s", i ? " + " : "",
		    c->caches[i].level, c->caches[i].kind == 'u' ? "" :
		    c->caches[i].kind == 'd' ? "d" : "i", size[0] ? " " : "", size);
	}
}

/* Whether two cores' own caches are the same levels, kinds and sizes. */
int
topo_caches_same(const struct topo_core *a, const struct topo_core *b)
{
	int	i;

	if (a->ncaches != b->ncaches)
		return 0;
	for (i = 0; i < a->ncaches; i++)
		if (a->caches[i].level != b->caches[i].level ||
		    a->caches[i].kind != b->caches[i].kind ||
		    a->caches[i].bytes != b->caches[i].bytes)
			return 0;
	return 1;
}
