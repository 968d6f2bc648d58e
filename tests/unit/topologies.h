/* topologies.h: the real machines' XML beside the checkout, for unit tests. */
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

#endif
