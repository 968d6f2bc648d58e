/*
 * infer_c2c.c: the candidate pairs of `check --infer --infer-from-c2c FILE`,
 * from a saved `c2c --json` result: a pair whose one-way round trip is far
 * below its class's median (the pairs c2c's warning names: two vCPUs a
 * hypervisor shows as separate cores that behave as one host core's two
 * threads) is measured first, labelled with its figures.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpuset.h"
#include "base/json.h"
#include "base/sanitize.h"
#include "base/util.h"
#include "exp/infer/infer.h"

#define INFER_C2C_CLASSES	16	/* classes read from a result at most */
#define INFER_C2C_NS_MAX	1e9	/* a one-way round trip past a second is no figure */

/* A class of the result: its name and median over its measured pairs. */
struct infer_c2c_class {
	const char	*name;
	double		 median;
	int		 measured, disturbed;
};


/* The classes that can judge a pair (three measured pairs or more, as c2c's). */
static int
infer_c2c_classes(const struct json_val *arr, struct infer_c2c_class *cl, int max)
{
	const struct json_val	*k;
	int			 n = 0, nm, nd;
	double			 med;

	for (k = arr != NULL && arr->type == JSON_ARR ? arr->child : NULL; k != NULL &&
	    n < max; k = k->next) {
		med = json_num(json_get(k, "median_ns"), NAN);
		if (json_str(json_get(k, "class"), NULL) == NULL ||
		    json_int(json_get(k, "measured"), 0, CPUSET_MAX * CPUSET_MAX, 0, &nm) == -1 ||
		    json_int(json_get(k, "disturbed"), 0, CPUSET_MAX * CPUSET_MAX, 0, &nd) == -1 ||
		    nm < 3 || !isfinite(med) || !(med > 0) || med > INFER_C2C_NS_MAX)
			continue;
		cl[n].name = json_str(json_get(k, "class"), "");
		cl[n].median = med;
		cl[n].measured = nm;
		cl[n].disturbed = nd;
		n++;
	}
	return n;
}

/* One pair of the result: a candidate (1), not one (0), or -1 with why. */
static int
infer_c2c_pair(struct infer *inf, const struct json_val *p, const struct infer_c2c_class *cl,
    int ncl, double factor, struct infer_c2c_cand *c, const char *path, int i,
    char *err, size_t errlen)
{
	const char	*rel = json_str(json_get(p, "relation"), "");
	const char	*st = json_str(json_get(p, "status"), "");
	double		 ns = json_num(json_get(p, "ns"), NAN);
	int		 k;

	if (json_int(json_get(p, "cpu_a"), 0, CPUSET_MAX - 1, -1, &c->a) == -1 ||
	    json_int(json_get(p, "cpu_b"), 0, CPUSET_MAX - 1, -1, &c->b) == -1 ||
	    c->a < 0 || c->b < 0) {
		snprintf(err, errlen, "%s: pair %d: \"cpu_a\" or \"cpu_b\" is not a whole "
		    "number from 0 to %d", path, i + 1, CPUSET_MAX - 1);
		return -1;
	}
	if (topo_pu_by_os(inf->m, c->a) == NULL || topo_pu_by_os(inf->m, c->b) == NULL) {
		snprintf(err, errlen, "%s: pair %d: CPUs %d and %d are not both here", path,
		    i + 1, c->a, c->b);
		return -1;
	}
	if (!isfinite(ns) || !(ns > 0) || ns > INFER_C2C_NS_MAX || c->a == c->b)
		return 0;
	for (k = 0; k < ncl && strcmp(cl[k].name, rel) != 0; k++)
		;
	/* c2c's rule: a disturbed pair judges nothing unless its whole class was */
	if (k == ncl || strncmp(st, "failed", 6) == 0 || (strncmp(st, "disturbed", 9) == 0 &&
	    cl[k].disturbed < cl[k].measured) || !(ns < cl[k].median / factor))
		return 0;
	if (topo_check_cpu(inf->m, c->a, err, errlen) == -1 ||
	    topo_check_cpu(inf->m, c->b, err, errlen) == -1) {
		char	why[256];

		snprintf(why, sizeof why, "%s", err);
		snprintf(err, errlen, "%s: pair %d: %s", path, i + 1, why);
		return -1;
	}
	c->ns = ns;
	c->class_ns = cl[k].median;
	return 1;
}

/* Fastest against its class first. */
static int
infer_c2c_cmp(const void *x, const void *y)
{
	const struct infer_c2c_cand	*a = x, *b = y;
	double				 ra = a->ns / a->class_ns, rb = b->ns / b->class_ns;

	if (ra != rb)
		return ra < rb ? -1 : 1;
	return a->a != b->a ? a->a - b->a : a->b - b->b;
}

/* Candidates into the plan, fastest against their class first (sorts c); how many. */
int
infer_c2c_add(struct infer *inf, struct infer_c2c_cand *c, int n, int max)
{
	struct infer_pair	*q;
	int			 i, added = 0;

	qsort(c, (size_t)n, sizeof *c, infer_c2c_cmp);
	if (inf->reps < 1)
		inf->reps = INFER_REPS;
	for (i = 0; i < n && added < max; i++)
		if (infer_add(inf, c[i].a, c[i].b, INFER_MAX_PAIRS)) {
			q = &inf->pairs[inf->npairs - 1];
			q->origin = INFER_FROM_C2C;
			q->c2c_ns = c[i].ns;
			q->c2c_class_ns = c[i].class_ns;
			added++;
		}
	inf->nc2c += added;
	return added;
}

/* The candidates of a c2c result, into the plan first; how many, or -1 with why. */
int
infer_c2c_load(struct infer *inf, const char *path, double factor, int max, char *err,
    size_t errlen)
{
	struct infer_c2c_class	 cl[INFER_C2C_CLASSES];
	struct infer_c2c_cand	*cand = NULL;
	const struct json_val	*root, *pairs, *p;
	struct json		*j;
	int			 ncl, n = 0, i = 0, rc = 0, added = 0;

	if ((j = json_load(path, err, errlen)) == NULL)
		return -1;
	root = json_root(j);
	pairs = json_get(root, "pairs");
	if (strcmp(json_str(json_get(root, "kind"), ""), "c2c") != 0) {
		snprintf(err, errlen, "%s: not a c2c --json result (kind '%.32s')", path,
		    json_str(json_get(root, "kind"), ""));
		rc = -1;
	} else if (infer_load_machine(root, inf->m, path, "a c2c --json result", err,
	    errlen) == -1)
		rc = -1;
	else if (pairs == NULL || pairs->type != JSON_ARR) {
		snprintf(err, errlen, "%s: no \"pairs\" array: not a c2c --json result", path);
		rc = -1;
	}
	if (rc == 0) {
		ncl = infer_c2c_classes(json_get(root, "classes"), cl, INFER_C2C_CLASSES);
		cand = xcalloc((size_t)pairs->n + 1, sizeof *cand);
		for (p = pairs->child; p != NULL && rc == 0; p = p->next, i++)
			if ((rc = infer_c2c_pair(inf, p, cl, ncl, factor, &cand[n], path, i,
			    err, errlen)) == 1) {
				n++;
				rc = 0;
			}
	}
	if (rc == 0) {
		added = infer_c2c_add(inf, cand, n, max);
		snprintf(inf->c2c_file, sizeof inf->c2c_file, "%s", path);
		sanitize(inf->c2c_source, sizeof inf->c2c_source, path);
	}
	free(cand);
	json_free(j);
	return rc == 0 ? added : -1;
}
