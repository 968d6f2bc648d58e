/*
 * fuzz_infer.c: libFuzzer harness for --infer-from FILE (infer_load), a
 * check --infer --json result read back for the screen's marks, and for
 * check --infer --infer-from-c2c FILE (infer_c2c_load), a c2c --json
 * result's candidate pairs, on a synthetic machine of four logical CPUs:
 * the input is the file, read by both. A refusal names the file; what is
 * accepted holds at most the marks (candidates) asked for, each a pair of
 * this machine's CPUs with a class and words that end (a round trip below
 * its class's by the factor).
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "exp/infer/infer.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_MAX	8	/* the marks asked for: fewer than a long file's pairs */

static const char *const fuzz_files[] = {
	"infer.json",
};
static const char *const fuzz_plain_text[] = {
	"{\"kind\":\"check-infer\",\"machine\":{\"format\":1,\"topology\":{\"pus\":4}},"
	    "\"infer\":{\"pairs\":[]}}\n",
};

#define FUZZ_C2C_MAX	2	/* candidates asked for: fewer than a file's pairs */
#define FUZZ_C2C_FACTOR	1.5

#include "fuzz_tree.h"

static struct topo	*fuzz_m;
static char		 fuzz_path[128];

static void
fuzz_cleanup(void)
{
	topo_free(fuzz_m);
}

/* The same file as a c2c result: its candidates, or a refusal naming it. */
static void
fuzz_c2c(void)
{
	static struct infer	 inf;
	const struct infer_pair	*p;
	char			 err[1024];
	int			 n, k;

	memset(&inf, 0, sizeof inf);
	inf.m = fuzz_m;
	err[0] = '\0';
	if ((n = infer_c2c_load(&inf, fuzz_path, FUZZ_C2C_FACTOR, FUZZ_C2C_MAX, err,
	    sizeof err)) < 0) {
		if (memchr(err, '\0', sizeof err) == NULL || strstr(err, fuzz_path) == NULL)
			__builtin_trap();
		return;
	}
	if (n > FUZZ_C2C_MAX || n != inf.npairs || n != inf.nc2c)
		__builtin_trap();
	for (k = 0; k < n; k++) {
		p = &inf.pairs[k];
		if (p->origin != INFER_FROM_C2C || p->a == p->b ||
		    topo_pu_by_os(fuzz_m, p->a) == NULL || topo_pu_by_os(fuzz_m, p->b) == NULL ||
		    !(p->c2c_ns > 0) || !(p->c2c_ns * FUZZ_C2C_FACTOR < p->c2c_class_ns) ||
		    !isfinite(p->c2c_class_ns))
			__builtin_trap();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct infer_mark	 mk[FUZZ_MAX];
	char			 err[512];
	int			 n, k;

	if (fuzz_root[0] == '\0') {
		fuzz_tree_init("infer");
		snprintf(fuzz_path, sizeof fuzz_path, "%s/%s", fuzz_root, fuzz_files[0]);
		if ((fuzz_m = topo_load_synthetic("package:1 core:2 pu:2", err,
		    sizeof err)) == NULL)
			abort();
		atexit(fuzz_cleanup);
	}
	fuzz_write(0, data, len);
	memset(mk, 0xa5, sizeof mk);
	err[0] = '\0';
	if ((n = infer_load(fuzz_path, fuzz_m, mk, FUZZ_MAX, err, sizeof err)) < 0) {
		if (memchr(err, '\0', sizeof err) == NULL || strstr(err, fuzz_path) == NULL)
			__builtin_trap();
		return 0;
	}
	if (n > FUZZ_MAX)
		__builtin_trap();
	fuzz_c2c();
	for (k = 0; k < n; k++) {
		if (mk[k].a < 0 || mk[k].b < 0 || mk[k].a >= fuzz_m->summary.pus ||
		    mk[k].b >= fuzz_m->summary.pus || topo_pu_by_os(fuzz_m, mk[k].a) == NULL ||
		    topo_pu_by_os(fuzz_m, mk[k].b) == NULL)
			__builtin_trap();
		if ((int)mk[k].cls < INFER_UNCLEAR || mk[k].cls > INFER_CORES_FAR ||
		    (mk[k].clear != 0 && mk[k].clear != 1) || mk[k].agrees < -1 ||
		    mk[k].agrees > 1 || memchr(mk[k].evidence, '\0', sizeof mk[k].evidence) == NULL)
			__builtin_trap();
	}
	return 0;
}
