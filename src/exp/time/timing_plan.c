/* timing_plan.c: `smtscope time`'s placements (all, cores, half, N, cpus=LIST) and its command looked up. */
#include "config.h"

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cpuset.h"
#include "exp/time/timing.h"
#include "model/topo.h"
#include "base/util.h"

/* Count the cores holding a CPU of set. */
int
timing_count_cores(const struct topo *m, const struct cpuset *set)
{
	const struct topo_pu	*pu;
	int			*seen, cpu, n = 0;

	seen = xcalloc((size_t)m->ncores + 1, sizeof *seen);
	CPUSET_FOREACH(cpu, set) {
		if ((pu = topo_pu_by_os(m, cpu)) == NULL || pu->core < 0)
			continue;
		if (!seen[pu->core]) {
			seen[pu->core] = 1;
			n++;
		}
	}
	free(seen);
	return n;
}

/* Does any core have two allowed logical CPUs? */
int
timing_has_smt(const struct topo *m)
{
	int	c;

	for (c = 0; c < m->ncores; c++)
		if (m->cores[c].nallowed >= 2)
			return 1;
	return 0;
}

/* Why no core has two allowed CPUs, in the model's SMT words. */
void
timing_no_smt_why(const struct topo *m, char *buf, size_t len)
{
	if (m->smt.threads > 1)
		snprintf(buf, len, "one allowed CPU per core here: the siblings are "
		    "outside this process's cpuset");
	else
		snprintf(buf, len, "one logical CPU per core here: %s",
		    smtstate_kind_words(m->smt.kind));
}

/* The OS index of a core's rank-th allowed CPU, or -1. */
static int
timing_core_cpu(const struct topo *m, const struct topo_core *core, int rank)
{
	int	i, k = 0;

	for (i = core->first_pu; i < core->first_pu + core->npus; i++) {
		if (!m->pus[i].allowed)
			continue;
		if (k++ == rank)
			return m->pus[i].os_index;
	}
	return -1;
}

/* N CPUs: one per core in tree order, then the cores' second siblings, and so on. */
static void
timing_set_count(const struct topo *m, int n, struct cpuset *set)
{
	int	rank, c, cpu, got = 0, more = 1;

	cpuset_zero(set);
	for (rank = 0; got < n && more; rank++) {
		more = 0;
		for (c = 0; c < m->ncores && got < n; c++) {
			if ((cpu = timing_core_cpu(m, &m->cores[c], rank)) != -1) {
				cpuset_set(set, cpu);
				got++;
			}
			if (m->cores[c].nallowed > rank + 1)
				more = 1;
		}
	}
}

/*
 * Half the allowed CPUs as whole cores, every allowed sibling busy. Cores
 * are taken in turn from each package so that each package keeps its share
 * of caches and memory bandwidth; within a package they are packed in tree
 * order. Refused (-1 and reason) without SMT.
 */
static int
timing_set_half(const struct topo *m, struct cpuset *set, char *reason, size_t len)
{
	const struct topo_core	*core;
	char			 why[200];
	int			*next, npk, p, c, i, pk, total, target, got = 0, found;
	int			 smallest = 0;

	cpuset_zero(set);
	if (!timing_has_smt(m)) {
		timing_no_smt_why(m, why, sizeof why);
		snprintf(reason, len, "no whole cores of siblings to pack (%s)", why);
		return -1;
	}
	total = cpuset_count(&m->allowed);
	target = total / 2;
	npk = m->npackages > 0 ? m->npackages : 1;
	next = xcalloc((size_t)npk, sizeof *next);
	do {
		found = 0;
		for (p = 0; p < npk && got < target; p++) {
			for (c = next[p]; c < m->ncores; c++) {
				core = &m->cores[c];
				pk = core->package >= 0 && core->package < npk ? core->package : 0;
				if (pk == p && core->nallowed >= 2)
					break;
			}
			next[p] = c + 1;
			if (c >= m->ncores)
				continue;
			found = 1;
			core = &m->cores[c];
			if (smallest == 0 || core->nallowed < smallest)
				smallest = core->nallowed;
			if (got + core->nallowed > target)
				continue;
			for (i = 0; i < core->nallowed; i++)
				cpuset_set(set, timing_core_cpu(m, core, i));
			got += core->nallowed;
		}
	} while (found && got < target);
	free(next);
	if (got == 0) {
		snprintf(reason, len, "half of %d logical CPUs is %d, fewer than one "
		    "whole core (%d siblings)", total, target, smallest);
		return -1;
	}
	return 0;
}

/* Build one placement from its word. */
int
timing_place_build(const struct topo *m, const char *word, struct timing_place *pl,
    char *err, size_t errlen)
{
	char	 why[256];
	long	 n;
	int	 c, cpu, total = cpuset_count(&m->allowed);

	memset(pl, 0, sizeof *pl);
	pl->same_as = -1;
	pl->status = TIMING_RUN;
	snprintf(pl->name, sizeof pl->name, "%s", word);
	if (strcmp(word, "all") == 0)
		pl->cpus = m->allowed;
	else if (strcmp(word, "cores") == 0) {
		cpuset_zero(&pl->cpus);
		for (c = 0; c < m->ncores; c++)
			if ((cpu = timing_core_cpu(m, &m->cores[c], 0)) != -1)
				cpuset_set(&pl->cpus, cpu);
	} else if (strcmp(word, "half") == 0) {
		if (timing_set_half(m, &pl->cpus, pl->reason, sizeof pl->reason) == -1)
			pl->status = TIMING_REFUSED;
	} else if (*word >= '0' && *word <= '9') {
		if (util_parse_long(word, 1, total, &n) == -1) {
			snprintf(err, errlen, "placement '%s': give a number of logical "
			    "CPUs from 1 to %d", word, total);
			return -1;
		}
		timing_set_count(m, (int)n, &pl->cpus);
	} else if (strncmp(word, "cpus=", 5) == 0) {
		if (word[5] == '\0') {
			snprintf(err, errlen, "placement 'cpus=': no CPU given "
			    "(e.g. cpus=0,2)");
			return -1;
		}
		why[0] = '\0';
		if (topo_parse_set(m, word + 5, &pl->cpus, why, sizeof why) == -1) {
			snprintf(err, errlen, "placement '%s': %s", word, why);
			return -1;
		}
		if (cpuset_count(&pl->cpus) == 0) {
			snprintf(err, errlen, "placement '%s': no CPU given", word);
			return -1;
		}
	} else {
		snprintf(err, errlen, "unknown placement '%s' (all, cores, half, a number "
		    "of CPUs, or cpus=LIST)", word);
		return -1;
	}
	pl->ncpus = cpuset_count(&pl->cpus);
	pl->ncores = timing_count_cores(m, &pl->cpus);
	return 0;
}

/* Append the placements of a comma list; "cpus=" takes the rest of it. */
int
timing_plan_add(const struct topo *m, const char *list, struct timing_place **places,
    int *n, char *err, size_t errlen)
{
	struct timing_place	 pl;
	char			*copy, *p, *end;
	int			 rc = 0;

	copy = xstrdup(list);
	for (p = copy;; p = end + 1) {
		end = NULL;
		if (strncmp(p, "cpus=", 5) != 0 && (end = strchr(p, ',')) != NULL)
			*end = '\0';
		if (*p == '\0') {
			snprintf(err, errlen, "empty placement in '%s'", list);
			rc = -1;
			break;
		}
		if (timing_place_build(m, p, &pl, err, errlen) == -1) {
			rc = -1;
			break;
		}
		*places = xreallocarray(*places, (size_t)*n + 1, sizeof **places);
		(*places)[(*n)++] = pl;
		if (end == NULL)
			break;
	}
	free(copy);
	return rc;
}

/* Mark placements with the same CPUs as an earlier runnable one. */
void
timing_plan_dedupe(const struct topo *m, struct timing_place *places, int n)
{
	char	why[150], note[160];
	int	i, j, smt = timing_has_smt(m);

	timing_no_smt_why(m, why, sizeof why);
	snprintf(note, sizeof note, " (%s)", why);

	for (i = 0; i < n; i++) {
		if (places[i].status != TIMING_RUN)
			continue;
		for (j = 0; j < i; j++) {
			if (places[j].status != TIMING_RUN ||
			    !cpuset_equal(&places[i].cpus, &places[j].cpus))
				continue;
			places[i].status = TIMING_SAME;
			places[i].same_as = j;
			snprintf(places[i].reason, sizeof places[i].reason,
			    "same CPUs as '%s'%s", places[j].name,
			    !smt && (strcmp(places[i].name, "cores") == 0 ||
			    strcmp(places[j].name, "cores") == 0) ? note : "");
			break;
		}
	}
}

/* Number of placements that will run. */
int
timing_plan_runnable(const struct timing_place *places, int n)
{
	int	i, k = 0;

	for (i = 0; i < n; i++)
		if (places[i].status == TIMING_RUN)
			k++;
	return k;
}

/* Is path an executable regular file? */
static int
timing_executable(const char *path)
{
	struct stat	st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Look COMMAND up as execvp would. */
int
timing_find_command(const char *name, char *path, size_t pathlen, char *err,
    size_t errlen)
{
	const char	*env, *p, *colon;
	size_t		 dirlen;
	int		 seen = 0;

	if (*name == '\0') {
		snprintf(err, errlen, "empty command name");
		return -1;
	}
	if (strchr(name, '/') != NULL) {
		if (!timing_executable(name)) {
			snprintf(err, errlen, "command '%s': %s", name, access(name, F_OK) ?
			    "not found" : "not an executable file");
			return -1;
		}
		snprintf(path, pathlen, "%s", name);
		return 0;
	}
	if ((env = getenv("PATH")) == NULL || *env == '\0')
		env = "/bin:/usr/bin";
	for (p = env;; p = colon + 1) {
		if ((colon = strchr(p, ':')) == NULL)
			colon = p + strlen(p);
		dirlen = (size_t)(colon - p);
		if (dirlen == 0)
			snprintf(path, pathlen, "%s", name);
		else
			snprintf(path, pathlen, "%.*s/%s", (int)dirlen, p, name);
		if (timing_executable(path))
			return 0;
		if (access(path, F_OK) == 0)
			seen = 1;
		if (*colon == '\0')
			break;
	}
	snprintf(err, errlen, "command '%s' %s", name, seen ?
	    "found in PATH but not executable" : "not found in PATH");
	return -1;
}
