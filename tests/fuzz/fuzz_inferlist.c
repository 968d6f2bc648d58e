/*
 * fuzz_inferlist.c: libFuzzer harness for the pairs of check --infer=LIST
 * (infer_plan_list: "0:1,core:0.pu:0:core:1.pu:0") on a synthetic machine
 * of eight logical CPUs: the input is the list. A refusal says why; what
 * is accepted is one to INFER_MAX_PAIRS pairs of this machine's CPUs, each
 * with its reported relation, and a plan whose estimate is finite.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exp/infer/infer.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct topo	*fuzz_m;

static void
fuzz_cleanup(void)
{
	topo_free(fuzz_m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct infer	*inf;
	char		*list, err[512];
	double		 est;
	int		 i, rc;

	if (fuzz_m == NULL) {
		if ((fuzz_m = topo_load_synthetic("package:2 core:2 pu:2", err,
		    sizeof err)) == NULL)
			abort();
		atexit(fuzz_cleanup);
	}
	if ((list = malloc(len + 1)) == NULL || (inf = calloc(1, sizeof *inf)) == NULL) {
		free(list);
		return 0;
	}
	memcpy(list, data, len);
	list[len] = '\0';
	inf->m = fuzz_m;
	memset(err, 'x', sizeof err);
	rc = infer_plan_list(inf, list, err, sizeof err);
	if (rc == -1) {
		if (memchr(err, '\0', sizeof err) == NULL || err[0] == '\0')
			__builtin_trap();
	} else {
		if (rc != 0 || inf->npairs < 1 || inf->npairs > INFER_MAX_PAIRS)
			__builtin_trap();
		for (i = 0; i < inf->npairs; i++)
			if (inf->pairs[i].a > inf->pairs[i].b ||
			    topo_pu_by_os(fuzz_m, inf->pairs[i].a) == NULL ||
			    topo_pu_by_os(fuzz_m, inf->pairs[i].b) == NULL ||
			    inf->pairs[i].reported != topo_relation(fuzz_m, inf->pairs[i].a,
			    inf->pairs[i].b))
				__builtin_trap();
		infer_size(inf, INFER_BUDGET_S);
		est = infer_estimate(inf);
		if (!isfinite(est) || est <= 0)
			__builtin_trap();
	}
	free(inf);
	free(list);
	return 0;
}
