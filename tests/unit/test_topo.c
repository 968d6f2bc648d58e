/* test_topo.c: the machine model on real machines' XML and synthetic topologies. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "topologies.h"
#include "model/topo.h"
#include "base/util.h"

/* Every topology in MANIFEST.tsv gives the manifest's counts. */
static void
test_manifest(void)
{
	char		 path[1024], line[4096], err[512];
	FILE		*f;
	int		 n = 0;

	snprintf(path, sizeof path, "%s/MANIFEST.tsv", topologies_dir());
	if ((f = fopen(path, "r")) == NULL) {
		skip("%s not found: real-machine topologies are not beside this checkout",
		    path);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		char		 name[256], source[1024];
		int		 pk, numa, cores, pus, smt;
		struct topo	*m;

		if (strncmp(line, "name\t", 5) == 0)
			continue;
		if (sscanf(line, "%255[^\t]\t%1023[^\t]\t%d\t%d\t%d\t%d\t%d", name, source,
		    &pk, &numa, &cores, &pus, &smt) != 7)
			continue;
		n++;
		snprintf(path, sizeof path, "%s/%s.xml", topologies_dir(), name);
		m = topo_load_xml(path, err, sizeof err);
		ok(m != NULL, "%s loads", name);
		if (m == NULL) {
			printf("# %s\n", err);
			continue;
		}
		ok(m->summary.packages == pk && m->summary.numa_nodes == numa &&
		    m->summary.cores == cores && m->summary.pus == pus &&
		    m->summary.smt_width_max == smt,
		    "%s: %d packages, %d NUMA, %d cores, %d PUs, SMT %d "
		    "(got %d %d %d %d %d)", name, pk, numa, cores, pus, smt,
		    m->summary.packages, m->summary.numa_nodes, m->summary.cores,
		    m->summary.pus, m->summary.smt_width_max);
		topo_free(m);
	}
	fclose(f);
	ok(n == 23, "MANIFEST.tsv lists 23 machines (got %d)", n);
}

/* POWER9 (the fixture): SMT4 numbered 4 per core, two cores to an L2 and an L3. */
static void
test_power9(void)
{
	struct topo	*m;

	if ((m = load_fixture("power9-2s", 5)) == NULL)
		return;
	ok(topo_relation(m, 0, 3) == REL_SMT_SIBLING, "POWER9: P#0 and P#3 are SMT siblings");
	ok(topo_relation(m, 0, 4) == REL_SHARED_L2, "POWER9: P#4 is the core-pair mate (L2)");
	ok(topo_relation(m, 0, 8) == REL_SAME_PACKAGE, "POWER9: P#8 is another core pair");
	ok(topo_relation(m, 0, 88) == REL_OTHER_PACKAGE, "POWER9: P#88 is the other package");
	topo_free(m);
}

/*
 * Siblings and relations on known machines: their shapes from the fixtures
 * (fixture 1) or the real files (0); the real-only quirks from the files.
 */
static void
test_relations(int fixture)
{
	struct topo	*m;
	int		 i, mates;

	if ((m = load_shape(fixture, "skylake-2s", "intel-xeon-6140-skylake-2s", 0)) == NULL) {
		skip("Skylake topology not available");
	} else {
		ok(topo_relation(m, 0, 36) == REL_SMT_SIBLING, "Skylake: P#0 and P#36 are SMT siblings");
		ok(topo_relation(m, 0, 1) != REL_SMT_SIBLING, "Skylake: P#0 and P#1 are not siblings");
		ok(topo_relation(m, 0, 2) == REL_SHARED_L3, "Skylake: P#0 and P#2 share the L3");
		ok(topo_relation(m, 0, 0) == REL_SAME_PU, "Skylake: P#0 with itself is same-pu");
		i = m->packages[1].node;
		ok(topo_relation(m, 0, m->pus[m->nodes[i].first_pu].os_index) ==
		    REL_OTHER_PACKAGE, "Skylake: first CPU of package 1 is other-package");
		ok(topo_pu_by_os(m, 36)->rank == 1 && topo_pu_by_os(m, 0)->rank == 0,
		    "Skylake: P#0 is rank 0, P#36 rank 1 of core 0");
		topo_free(m);
	}
	if (fixture) {
		test_power9();
	} else if ((m = load_real("amd-opteron-6272-bulldozer-4s", 0)) == NULL) {
		skip("Bulldozer topology not available");
	} else {
		ok(topo_relation(m, 0, 1) == REL_SHARED_L2, "Bulldozer: P#0 and P#1 are module mates (shared-l2)");
		ok(topo_relation(m, 0, 2) == REL_SHARED_L3, "Bulldozer: P#0 and P#2 share only the L3");
		for (i = 0, mates = 0; i < m->npus; i++)
			if (topo_relation(m, 0, m->pus[i].os_index) == REL_SMT_SIBLING)
				mates++;
		ok(mates == 0, "Bulldozer: no SMT siblings at all");
		topo_free(m);
	}
	if ((m = load_shape(fixture, "zen4-2s", "amd-epyc-9654-zen4-2s", 0)) == NULL) {
		skip("Zen 4 topology not available");
	} else {
		ok(topo_relation(m, 0, 192) == REL_SMT_SIBLING, "Zen 4: P#0 and P#192 are siblings");
		ok(topo_relation(m, 0, 7) == REL_SHARED_L3, "Zen 4: P#7 is in P#0's CCD");
		ok(topo_relation(m, 0, 8) == REL_SAME_PACKAGE, "Zen 4: P#8 is another CCD of the package");
		ok(topo_relation(m, 0, 96) == REL_OTHER_PACKAGE, "Zen 4: P#96 is the other package");
		ok(topo_llc_bytes(m, 0) == 32ULL << 20, "Zen 4: LLC over P#0 is 32MB");
		topo_free(m);
	}
	if ((m = load_shape(fixture, "knl", "intel-xeonphi-7210-knl", 0)) == NULL) {
		skip("KNL topology not available");
	} else {
		for (i = 0, mates = 0; i < m->npus; i++)
			if (topo_relation(m, 0, m->pus[i].os_index) == REL_SMT_SIBLING)
				mates++;
		ok(mates == 3, "KNL: P#0 has 3 SMT siblings (got %d)", mates);
		ok(topo_relation(m, 0, 64) == REL_SMT_SIBLING, "KNL: P#64 is a sibling of P#0");
		ok(topo_relation(m, 0, 1) == REL_SHARED_L2, "KNL: P#1 is the tile mate (shared L2)");
		topo_free(m);
	}
	if (fixture) {
		/* PS3, offline CPUs and cgroups: only the real files have them. */
	} else if ((m = load_real("sony-ps3-cell-1c2t", 0)) == NULL) {
		skip("PS3 topology not available");
	} else {
		ok(m->npackages == 0 && m->ncores == 1, "PS3: no package, one core");
		ok(topo_relation(m, 0, 1) == REL_SMT_SIBLING, "PS3: its two threads are siblings");
		topo_free(m);
	}
	if (fixture) {
	} else if ((m = load_real("intel-xeon-netburst-4s2c2t-offline", 0)) == NULL) {
		skip("offline topology not available");
	} else {
		ok(cpuset_count(&m->offline) == 4, "NetBurst offline: 4 CPUs offline (got %d)",
		    cpuset_count(&m->offline));
		topo_free(m);
	}
	if (fixture) {
	} else if ((m = load_real("amd-opteron-6134-cgroup2", 0)) == NULL) {
		skip("cgroup topology not available");
	} else {
		char	err[256];

		ok(cpuset_count(&m->allowed) == 6 && m->npus == 32,
		    "cgroup2: 6 of 32 CPUs allowed (got %d of %d)",
		    cpuset_count(&m->allowed), m->npus);
		for (i = 0; i < m->npus && m->pus[i].allowed; i++)
			;
		ok(i < m->npus && topo_check_cpu(m, m->pus[i].os_index, err, sizeof err) == -1 &&
		    strstr(err, "not allowed") != NULL, "cgroup2: a disallowed CPU is refused: %s", err);
		topo_free(m);
	}
	if ((m = load_shape(fixture, "hybrid-laptop", "intel-core-i7-1370p-raptorlake-hybrid",
	    0)) == NULL) {
		skip("hybrid topology not available");
	} else {
		int	p = 0, e = 0;

		for (i = 0; i < m->ncores; i++) {
			if (m->cores[i].kind == -1)
				continue;
			if (strcmp(m->kinds[m->cores[i].kind].label, "P") == 0)
				p++;
			else if (strcmp(m->kinds[m->cores[i].kind].label, "E") == 0)
				e++;
		}
		ok(m->nkinds == 2 && p == 6 && e == 8, "Raptor Lake: 6 P-cores, 8 E-cores (got %d, %d)", p, e);
		topo_free(m);
	}
}

/* Every pair of CPUs on several machines: symmetric, and consistent with the tree. */
static void
test_all_pairs(void)
{
	static const char	*names[] = {
		"intel-xeon-6140-skylake-2s", "amd-opteron-6272-bulldozer-4s",
		"amd-epyc-9654-zen4-2s", "intel-xeonphi-7210-knl",
		"intel-core-i7-1370p-raptorlake-hybrid", "ibm-power8-smt-sparse",
		/* The project's fixtures (tests/tools/topofix.sh), in every clone. */
		"fixture:skylake-2s", "fixture:zen4-2s", "fixture:ivybridge-12s",
		"fixture:hybrid-laptop", "fixture:knl", "fixture:power9-2s",
	};
	struct topo		*m;
	size_t			 k;
	int			 i, j, bad, pairs;
	enum topo_rel		 r;

	for (k = 0; k < sizeof names / sizeof names[0]; k++) {
		if ((m = strncmp(names[k], "fixture:", 8) == 0 ?
		    load_fixture(names[k] + 8, 0) : load_real(names[k], 0)) == NULL) {
			skip("%s not available", names[k]);
			continue;
		}
		bad = pairs = 0;
		for (i = 0; i < m->npus; i++) {
			for (j = 0; j < m->npus; j++) {
				const struct topo_pu *a = &m->pus[i], *b = &m->pus[j];

				r = topo_relation(m, a->os_index, b->os_index);
				pairs++;
				if (r != topo_relation(m, b->os_index, a->os_index))
					bad++;
				else if ((r == REL_SAME_PU) != (i == j))
					bad++;
				else if (i != j && (r == REL_SMT_SIBLING) != (a->core == b->core))
					bad++;
				else if ((r == REL_OTHER_PACKAGE) !=
				    (m->cores[a->core].package != m->cores[b->core].package))
					bad++;
			}
		}
		ok(bad == 0, "%s: all %d pairs symmetric and consistent with the tree "
		    "(%d bad)", names[k], pairs, bad);
		topo_free(m);
	}
}

/* Synthetic topologies, places and sets. */
static void
test_synthetic(void)
{
	struct topo	*m;
	struct cpuset	 s;
	char		 err[512];
	int		 os;

	m = topo_load_synthetic("package:2 core:2 pu:2", err, sizeof err);
	ok(m != NULL, "synthetic package:2 core:2 pu:2 loads");
	if (m == NULL)
		return;
	ok(m->summary.packages == 2 && m->summary.cores == 4 && m->summary.pus == 8 &&
	    m->summary.smt_width_max == 2, "synthetic counts 2/4/8/2");
	ok(topo_relation(m, 0, 1) == REL_SMT_SIBLING, "synthetic: 0 and 1 are siblings");
	ok(topo_relation(m, 0, 2) == REL_SAME_PACKAGE, "synthetic: 0 and 2 same package (no cache)");
	ok(topo_relation(m, 0, 4) == REL_OTHER_PACKAGE, "synthetic: 0 and 4 other package");
	ok(topo_parse_place(m, "core:1.pu:0", &os, err, sizeof err) == 0 && os == 2,
	    "place core:1.pu:0 is CPU 2");
	ok(topo_parse_place(m, "package:1.core:0.pu:1", &os, err, sizeof err) == 0 && os == 5,
	    "place package:1.core:0.pu:1 is CPU 5");
	ok(topo_parse_place(m, "7", &os, err, sizeof err) == 0 && os == 7, "place 7 is CPU 7");
	ok(topo_parse_place(m, "8", &os, err, sizeof err) == -1 && strstr(err, "CPU 8") != NULL,
	    "place 8 does not exist: %s", err);
	ok(topo_parse_place(m, "core:9.pu:0", &os, err, sizeof err) == -1 &&
	    strstr(err, "only 4 cores there") != NULL, "place core:9 refused: %s", err);
	ok(topo_parse_place(m, "core:1", &os, err, sizeof err) == -1 &&
	    strstr(err, "2 logical CPUs") != NULL, "place core:1 is two CPUs: %s", err);
	ok(topo_parse_place(m, "bogus:1", &os, err, sizeof err) == -1 &&
	    strstr(err, "bad place") != NULL, "place bogus:1 refused: %s", err);
	ok(topo_parse_set(m, "all", &s, err, sizeof err) == 0 && cpuset_count(&s) == 8, "set all has 8");
	ok(topo_parse_set(m, "0-3", &s, err, sizeof err) == 0 && cpuset_count(&s) == 4, "set 0-3 has 4");
	ok(topo_parse_set(m, "package:1", &s, err, sizeof err) == 0 && cpuset_count(&s) == 4 &&
	    cpuset_isset(&s, 4) && cpuset_isset(&s, 7), "set package:1 is 4-7");
	ok(topo_parse_set(m, "0-9", &s, err, sizeof err) == -1, "set 0-9 refused: %s", err);
	ok(topo_bind_pid(m, 0, &s, err, sizeof err) == -1 && strstr(err, "another machine") != NULL,
	    "binding on a synthetic topology is refused");
	topo_free(m);

	m = topo_load_synthetic("package:1 l3:2 l2:2 core:1 pu:2", err, sizeof err);
	ok(m != NULL, "synthetic with caches loads");
	if (m != NULL) {
		ok(topo_relation(m, 0, 2) == REL_SHARED_L3, "0 and 2 share an L3 (L2 private)");
		ok(topo_relation(m, 0, 4) == REL_SAME_PACKAGE, "0 and 4 are in another L3");
		topo_free(m);
	}
	m = topo_load_synthetic("package:1 l2:2 core:2 pu:1", err, sizeof err);
	ok(m != NULL && topo_relation(m, 0, 1) == REL_SHARED_L2 &&
	    topo_relation(m, 0, 2) == REL_SAME_PACKAGE, "shared L2 pairs are shared-l2");
	topo_free(m);

	m = topo_load_synthetic("package:1 pu:4", err, sizeof err);
	ok(m != NULL, "a topology without cores loads");
	if (m != NULL) {
		ok(m->ncores == 4 && m->summary.cores == 0 && m->summary.smt_width_max == 0 &&
		    m->summary.pus == 4, "without Core objects each CPU is its own core");
		ok(topo_relation(m, 0, 1) == REL_SAME_PACKAGE, "CPUs without cores are not siblings");
		topo_free(m);
	}
	ok(topo_load_synthetic("package:2 frob:3", err, sizeof err) == NULL &&
	    strstr(err, "synthetic") != NULL, "bad synthetic refused: %s", err);
	ok(topo_load_xml("/nonexistent.xml", err, sizeof err) == NULL &&
	    strstr(err, "/nonexistent.xml") != NULL, "missing XML refused: %s", err);
}

/* The live machine loads and everything it has is consistent. */
static void
test_live(void)
{
	struct topo	*m;
	char		 err[512];
	int		 i, bad = 0;

	m = topo_load_live(err, sizeof err);
	ok(m != NULL, "the live machine loads");
	if (m == NULL)
		return;
	ok(m->npus >= 1 && m->summary.pus == cpuset_count(&m->allowed),
	    "live: %d CPUs, %d allowed", m->npus, cpuset_count(&m->allowed));
	for (i = 0; i < m->npus; i++)
		if (topo_pu_by_os(m, m->pus[i].os_index) != &m->pus[i])
			bad++;
	ok(bad == 0, "live: every CPU is found by its OS index");
	topo_free(m);
}

/*
 * A CPU's NUMA node: one for every CPU of a one-node machine, the package's
 * own on a machine with a node a package (check moves a copy within a node
 * and starts it anew across nodes: a PU's tree index is not its node).
 */
static void
test_numa_of(void)
{
	struct topo	*m;
	char		 err[512];

	if ((m = topo_load_synthetic("package:2 core:2 pu:1", err, sizeof err)) == NULL) {
		ok(0, "synthetic one node: %s", err);
		return;
	}
	ok(topo_numa_of(m, 0) != -1 && topo_numa_of(m, 0) == topo_numa_of(m, 3) &&
	    topo_numa_of(m, 0) == topo_numa_of(m, 1), "one NUMA node: CPUs 0, 1 and 3 "
	    "share it (%d %d %d)", topo_numa_of(m, 0), topo_numa_of(m, 1), topo_numa_of(m, 3));
	ok(topo_numa_of(m, 9) == -1, "no CPU 9: no node");
	topo_free(m);
	if ((m = topo_load_synthetic("package:2 numa:1 core:2 pu:1", err, sizeof err)) == NULL) {
		ok(0, "synthetic two nodes: %s", err);
		return;
	}
	ok(topo_numa_of(m, 0) == topo_numa_of(m, 1) && topo_numa_of(m, 2) ==
	    topo_numa_of(m, 3) && topo_numa_of(m, 0) != topo_numa_of(m, 2) &&
	    topo_numa_of(m, 0) != -1 && topo_numa_of(m, 2) != -1, "a node a package: "
	    "CPUs 0 and 1 on one, 2 and 3 on the other (%d %d %d %d)", topo_numa_of(m, 0),
	    topo_numa_of(m, 1), topo_numa_of(m, 2), topo_numa_of(m, 3));
	topo_free(m);
}

int
main(void)
{
	test_manifest();
	test_relations(1);
	test_relations(0);
	test_all_pairs();
	test_synthetic();
	test_numa_of();
	test_live();
	return tap_done();
}
