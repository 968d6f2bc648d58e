/* infer_load.c: a `check --infer --json` result read back, for the live screen's marks. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/infer/infer.h"
#include "base/json.h"
#include "model/machine.h"
#include "base/util.h"

/* The class of a JSON token, or -1. */
static int
infer_token_class(const char *s)
{
	int	c;

	for (c = INFER_UNCLEAR; c <= INFER_CORES_FAR; c++)
		if (strcmp(s, infer_class_token((enum infer_class)c)) == 0)
			return c;
	return -1;
}

/* Is the result this machine's (its topology summary)? 0, or -1 with why. */
int
infer_load_machine(const struct json_val *root, const struct topo *m, const char *path,
    const char *what, char *err, size_t errlen)
{
	const struct json_val	*mc = json_get(root, "machine"), *t;
	char			 host[256];
	const char		*h;
	int			 pus;

	if (mc == NULL || mc->type != JSON_OBJ) {
		snprintf(err, errlen, "%s: no machine object: not %s", path, what);
		return -1;
	}
	if (json_num(json_get(mc, "format"), -1) != MACHINE_FORMAT) {
		snprintf(err, errlen, "%s: result format %.0f; this smtscope reads format %d",
		    path, json_num(json_get(mc, "format"), -1), MACHINE_FORMAT);
		return -1;
	}
	t = json_get(mc, "topology");
	if (json_int(json_get(t, "pus"), 1, CPUSET_MAX, -1, &pus) == -1) {
		snprintf(err, errlen, "%s: the topology's \"pus\" is not a whole number from 1 "
		    "to %d", path, CPUSET_MAX);
		return -1;
	}
	if (pus != m->summary.pus) {
		snprintf(err, errlen, "%s: measured on a machine of %d logical CPUs; this one "
		    "shows %d", path, pus, m->summary.pus);
		return -1;
	}
	h = json_str(json_get(mc, "hostname"), "");
	if (m->source == TOPO_LIVE && *h != '\0' &&
	    machine_short_hostname(host, sizeof host) == 0 &&
	    strncmp(h, host, strlen(host)) != 0) {
		snprintf(err, errlen, "%s: measured on %s, not on this machine (%s)", path, h,
		    host);
		return -1;
	}
	return 0;
}

/* One pair of the result into marks; 0, or -1 with why. */
static int
infer_load_pair(const struct json_val *p, const struct topo *m, struct infer_mark *k,
    const char *path, int i, char *err, size_t errlen)
{
	const struct json_val	*e = json_get(p, "evidence");
	int			 cls;

	if (json_int(json_get(p, "a"), 0, CPUSET_MAX - 1, -1, &k->a) == -1 ||
	    json_int(json_get(p, "b"), 0, CPUSET_MAX - 1, -1, &k->b) == -1) {
		snprintf(err, errlen, "%s: pair %d: \"a\" or \"b\" is not a whole number from 0 "
		    "to %d", path, i + 1, CPUSET_MAX - 1);
		return -1;
	}
	cls = infer_token_class(json_str(json_get(p, "measured"), "?"));
	if (k->a < 0 || k->b < 0 || topo_pu_by_os(m, k->a) == NULL ||
	    topo_pu_by_os(m, k->b) == NULL) {
		snprintf(err, errlen, "%s: pair %d: CPUs %d and %d are not both here", path,
		    i + 1, k->a, k->b);
		return -1;
	}
	k->cls = cls < 0 ? INFER_UNCLEAR : (enum infer_class)cls;
	k->clear = strcmp(json_str(json_get(p, "confidence"), ""), "clear") == 0;
	k->agrees = infer_agrees(k->cls, topo_relation(m, k->a, k->b));
	snprintf(k->evidence, sizeof k->evidence, "yields: int %.2f, chase %.2f",
	    json_num(json_get(e, "int_yield"), NAN), json_num(json_get(e, "chase_yield"), NAN));
	return 0;
}

/* Read the pairs of a result measured on this machine; how many, or -1 with why. */
int
infer_load(const char *path, const struct topo *m, struct infer_mark *marks, int max,
    char *err, size_t errlen)
{
	const struct json_val	*root, *pairs, *p;
	struct json		*j;
	int			 n = 0, rc = -1;

	if ((j = json_load(path, err, errlen)) == NULL)
		return -1;
	root = json_root(j);
	if (strcmp(json_str(json_get(root, "kind"), ""), "check-infer") != 0)
		snprintf(err, errlen, "%s: not a check --infer --json result (kind '%.32s')",
		    path, json_str(json_get(root, "kind"), ""));
	else if (infer_load_machine(root, m, path,
	    "a check --infer --json result", err, errlen) == 0) {
		pairs = json_get(json_get(root, "infer"), "pairs");
		rc = 0;
		for (p = pairs != NULL && pairs->type == JSON_ARR ? pairs->child : NULL;
		    p != NULL && n < max && rc == 0; p = p->next)
			if ((rc = infer_load_pair(p, m, &marks[n], path, n, err, errlen)) == 0)
				n++;
	}
	json_free(j);
	return rc == 0 ? n : -1;
}
