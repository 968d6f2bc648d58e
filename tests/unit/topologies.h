/*
 * topologies.h: machines for unit tests: the project's own fixtures
 * (tests/tools/topofix.sh, made from hwloc synthetic strings, which every
 * clone has; tests/run.sh makes them in $SMTSCOPE_FIXTURES), and the real
 * machines' XML beside the checkout (../shared/topologies), for what only
 * a real file shows.
 */
#ifndef SMTSCOPE_TEST_TOPOLOGIES_H
#define SMTSCOPE_TEST_TOPOLOGIES_H

#include <stdio.h>
#include <stdlib.h>

#include "tap.h"
#include "model/topo.h"

/* Where the real machines' XML lies: $SMTSCOPE_TOPOLOGIES or ../shared/topologies. */
static inline const char *
topologies_dir(void)
{
	const char	*d = getenv("SMTSCOPE_TOPOLOGIES");

	return d != NULL ? d : "../shared/topologies";
}

/*
 * Load a real machine. When the file is absent (a user's clone has no
 * ../shared), record nskip skips and return NULL; when it is there, its
 * loading is an assertion, and a failure records nskip - 1 skips.
 */
static inline struct topo *
load_real(const char *name, int nskip)
{
	char		 path[1024], err[512];
	struct topo	*m;
	FILE		*f;
	int		 i;

	snprintf(path, sizeof path, "%s/%s.xml", topologies_dir(), name);
	if ((f = fopen(path, "r")) == NULL) {
		for (i = 0; i < nskip; i++)
			skip("%s not found: real-machine topologies are not beside this "
			    "checkout", path);
		return NULL;
	}
	fclose(f);
	m = topo_load_xml(path, err, sizeof err);
	ok(m != NULL, "%s loads", name);
	if (m == NULL) {
		printf("# %s\n", err);
		for (i = 1; i < nskip; i++)
			skip("%s did not load", name);
	}
	return m;
}

/* Where the fixtures lie: $SMTSCOPE_FIXTURES or tests/out/fixtures. */
static inline const char *
fixtures_dir(void)
{
	const char	*d = getenv("SMTSCOPE_FIXTURES");

	return d != NULL && *d != '\0' ? d : "tests/out/fixtures";
}

/*
 * Load one of the project's fixtures (skylake-2s, zen4-2s, knl,
 * hybrid-laptop, power9-2s...). When it was not made (hwloc's tools are
 * missing), record nskip skips and return NULL; else its loading is an
 * assertion, and a failure records nskip - 1 skips.
 */
static inline struct topo *
load_fixture(const char *name, int nskip)
{
	char		 path[1024], err[512];
	struct topo	*m;
	FILE		*f;
	int		 i;

	snprintf(path, sizeof path, "%s/%s.xml", fixtures_dir(), name);
	if ((f = fopen(path, "r")) == NULL) {
		for (i = 0; i < nskip; i++)
			skip("%s not made: sh tests/tools/topofix.sh %s (hwloc's tools)",
			    path, fixtures_dir());
		return NULL;
	}
	fclose(f);
	m = topo_load_xml(path, err, sizeof err);
	ok(m != NULL, "fixture %s loads", name);
	if (m == NULL) {
		printf("# %s\n", err);
		for (i = 1; i < nskip; i++)
			skip("fixture %s did not load", name);
	}
	return m;
}

/* A shape's machine: the fixture (fixture 1) or the real file (0). */
static inline struct topo *
load_shape(int fixture, const char *fixture_name, const char *real_name, int nskip)
{
	return fixture ? load_fixture(fixture_name, nskip) : load_real(real_name, nskip);
}

#endif
