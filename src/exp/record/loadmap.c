/*
 * loadmap.c: the loads of a recording or of a run result, where they ran,
 * with their speed figures and marks as the file gives them (loadmap.h).
 * The file is opened as a recording is (record.c: infile.c's checks, plain
 * or gzip); its first line's "kind" says which it is.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/json.h"
#include "base/util.h"
#include "engine/analysis.h"
#include "engine/kernels/kernel.h"
#include "exp/record/loadmap.h"
#include "exp/record/record.h"
#include "exp/record/replay.h"

/* The most loads a file may hold. */
#define LOADMAP_LOADS_MAX	4096

/* Add a load, labelled KERNEL#ID; NULL (err set) when there are too many. */
static struct loadmap_load *
loadmap_add(struct loadmap *lm, const char *kernel, int id, char *err, size_t errlen)
{
	struct loadmap_load	*l;

	if (lm->nloads == LOADMAP_LOADS_MAX) {
		snprintf(err, errlen, "%s: more than %d loads", lm->path, LOADMAP_LOADS_MAX);
		return NULL;
	}
	lm->loads = xreallocarray(lm->loads, (size_t)lm->nloads + 1, sizeof *lm->loads);
	l = &lm->loads[lm->nloads++];
	memset(l, 0, sizeof *l);
	snprintf(l->label, sizeof l->label, "%s#%d", kernel, id);
	return l;
}

/* A figure as the reports write it: the mark, then the speed in percent. */
static void
loadmap_figure(struct loadmap_load *l, double speed, const char *mark)
{
	char	num[32];

	if (isfinite(speed))
		snprintf(l->figure, sizeof l->figure, "%s%s", mark,
		    fmt_num(num, sizeof num, speed, FMT_PCT, 0));
	else
		snprintf(l->figure, sizeof l->figure, "%s", *mark != '\0' ? mark : "-");
}

/* The machine's counts: its smt_state's whole machine, else its topology; -1 with why. */
static int
loadmap_machine(struct loadmap *lm, const struct json_val *root, char *err, size_t errlen)
{
	static const char *const key[4] = { "packages", "numa_nodes", "cores", "pus" };
	const struct json_val	*mo = json_get(root, "machine"), *c;
	int			*count[4] = { &lm->packages, &lm->numa_nodes, &lm->cores,
				    &lm->pus };
	int			 i;

	snprintf(lm->host, sizeof lm->host, "%s", json_str(json_get(mo, "hostname"), ""));
	c = json_get(json_get(json_get(mo, "smt_state"), "machine"), "pus");
	c = c != NULL ? json_get(json_get(mo, "smt_state"), "machine") :
	    json_get(mo, "topology");
	for (i = 0; i < 4; i++)
		if (json_int(json_get(c, key[i]), 0, CPUSET_MAX, -1, count[i]) == -1) {
			snprintf(err, errlen, "%s: the machine's \"%s\" is not a whole number "
			    "from 0 to %d", lm->path, key[i], CPUSET_MAX);
			return -1;
		}
	return 0;
}

/* A load's kernel: known to this smtscope, or -1 with a message. */
static const struct kernel *
loadmap_kernel(const struct loadmap *lm, const char *name, int id, char *err,
    size_t errlen)
{
	const struct kernel	*k = kernel_find(name);

	if (k == NULL)
		snprintf(err, errlen, "%s: load %d: unknown kernel '%.32s'", lm->path, id,
		    name);
	return k;
}

/* One load of a run result: its id, kernel, CPUs, speed and mark. */
static int
loadmap_run_load(struct loadmap *lm, const struct json_val *o, char *err, size_t errlen)
{
	const struct json_val	*v, *c;
	struct loadmap_load	*l;
	const char		*mark;
	int			 id, cpu;

	if (json_int(json_get(o, "id"), 0, 999999, -1, &id) == -1 || id < 0) {
		snprintf(err, errlen, "%s: a load without an id", lm->path);
		return -1;
	}
	if (loadmap_kernel(lm, json_str(json_get(o, "kernel"), ""), id, err,
	    errlen) == NULL || (l = loadmap_add(lm, json_str(json_get(o, "kernel"), ""),
	    id, err, errlen)) == NULL)
		return -1;
	v = json_get(o, "speed_mark");
	mark = json_str(v, "");
	if ((v != NULL && v->type != JSON_NULL && v->type != JSON_STR) ||
	    (*mark != '\0' && strcmp(mark, "~") != 0 && strcmp(mark, "?") != 0)) {
		snprintf(err, errlen, "%s: load %s: speed_mark is neither ~, ? nor null",
		    lm->path, l->label);
		return -1;
	}
	loadmap_figure(l, json_num(json_get(o, "speed"), NAN), mark);
	l->floating = json_get(o, "floating") != NULL &&
	    json_get(o, "floating")->type == JSON_TRUE;
	if ((c = json_get(o, "cpus")) == NULL || c->type != JSON_ARR || c->n == 0) {
		snprintf(err, errlen, "%s: load %s: no \"cpus\" array", lm->path, l->label);
		return -1;
	}
	for (v = c->child; v != NULL; v = v->next) {
		if (v->type != JSON_NUM || json_int(v, 0, CPUSET_MAX - 1, -1, &cpu) == -1) {
			snprintf(err, errlen, "%s: load %s: a CPU that is not a number "
			    "below %d", lm->path, l->label, CPUSET_MAX);
			return -1;
		}
		cpuset_set(&l->cpus, cpu);
	}
	cpuset_format(&l->cpus, l->place, sizeof l->place);
	return 0;
}

/* A run result: its loads as it measured them. */
static int
loadmap_run(struct loadmap *lm, const struct json_val *root, char *err, size_t errlen)
{
	const struct json_val	*loads = json_get(root, "loads"), *o;

	lm->kind = "run result";
	snprintf(lm->rule, sizeof lm->rule, "%s", "SPEED = together / solo, as the run "
	    "measured it");
	if (loads == NULL || loads->type != JSON_ARR) {
		snprintf(err, errlen, "%s: a run result without a \"loads\" array", lm->path);
		return -1;
	}
	for (o = loads->child; o != NULL; o = o->next)
		if (o->type != JSON_OBJ) {
			snprintf(err, errlen, "%s: a load that is not an object", lm->path);
			return -1;
		} else if (loadmap_run_load(lm, o, err, errlen) == -1)
			return -1;
	return 0;
}

/* One end's CPU: an OS number, or a place on m. */
static int
loadmap_one(const struct topo *m, const char *s, int *cpu, char *err, size_t errlen)
{
	long	v;

	if (util_parse_long(s, 0, CPUSET_MAX - 1, &v) == 0) {
		*cpu = (int)v;
		return 0;
	}
	return topo_parse_place(m, s, cpu, err, errlen);
}

/* Where a recording's load ran: the place of its text ("hash@0", "pipe@0,1"). */
static int
loadmap_place(struct loadmap_load *l, const struct kernel *k, const char *text,
    const struct topo *m, char *err, size_t errlen)
{
	const char	*at = strchr(text, '@');
	char		 where[128], *comma;
	int		 a, b;

	snprintf(where, sizeof where, "%s", at != NULL ? at + 1 : "");
	snprintf(l->place, sizeof l->place, "%s", where);
	cpuset_zero(&l->cpus);
	if (k->ends == 2 && (comma = strchr(where, ',')) != NULL) {
		*comma = '\0';
		if (loadmap_one(m, where, &a, err, errlen) == -1 ||
		    loadmap_one(m, comma + 1, &b, err, errlen) == -1)
			return -1;
		cpuset_set(&l->cpus, a);
		cpuset_set(&l->cpus, b);
		return 0;
	}
	if (strcmp(where, "all") == 0) {
		l->cpus = m->online;
		l->floating = 1;
		return 0;
	}
	if (cpuset_parse(&l->cpus, where, err, errlen) == -1 &&
	    topo_parse_set(m, where, &l->cpus, err, errlen) == -1)
		return -1;
	l->floating = cpuset_count(&l->cpus) > 1;
	return 0;
}

/* A recording's load: its place at the end, its median speed and mark. */
static int
loadmap_rec_load(struct loadmap *lm, const struct replay *rp, int li, double *buf,
    const struct topo *m, char *err, size_t errlen)
{
	const struct replay_load	*rl = &rp->loads[li];
	const struct kernel		*k;
	struct loadmap_load		*l;
	const char			*text = rl->load;
	enum analysis_mark		 mark;
	char				 why[160];
	double				 speed;
	int				 i, n;

	if ((k = loadmap_kernel(lm, rl->kernel, rl->id, err, errlen)) == NULL ||
	    (l = loadmap_add(lm, rl->kernel, rl->id, err, errlen)) == NULL)
		return -1;
	for (i = 0; i < rp->nev; i++)
		if (rp->ev[i].kind == REPLAY_EV_MOVE && rp->ev[i].load == li) {
			text = rp->ev[i].text;
			l->moved++;
		}
	if (loadmap_place(l, k, text, m, why, sizeof why) == -1) {
		snprintf(err, errlen, "%s: load %s at '%s': %s", lm->path, l->label, text,
		    why);
		return -1;
	}
	speed = analysis_speed(replay_median_rate(rp, li, 0, rp->nsamples, buf, &n),
	    rl->solo);
	mark = analysis_speed_mark(speed, NAN, kernel_cpu_bound(k), rl->solo_disturbed,
	    0, why, sizeof why);
	if (mark == ANALYSIS_UNKNOWN)
		loadmap_figure(l, NAN, "?");
	else
		loadmap_figure(l, speed, mark == ANALYSIS_CLEAN ? "" :
		    analysis_mark_text(mark));
	return 0;
}

/* A recording: read whole (replay.c), its loads that started. */
static int
loadmap_recording(struct loadmap *lm, const struct topo *m, char *err, size_t errlen)
{
	struct replay	 rp;
	double		*buf;
	int		 i, rc = 0;

	if (replay_read(&rp, lm->path, err, errlen) == -1)
		return -1;
	lm->kind = "recording";
	snprintf(lm->date, sizeof lm->date, "%s", rp.start);
	snprintf(lm->rule, sizeof lm->rule, "SPEED = median rate / solo over its %d "
	    "refresh%s, as replay --summary", rp.nsamples, rp.nsamples == 1 ? "" : "es");
	if (*lm->host == '\0')
		snprintf(lm->host, sizeof lm->host, "%s", rp.host);
	for (i = 0; i < rp.ncpus; i++)
		if (rp.cpu_os[i] >= 0 && rp.cpu_os[i] < CPUSET_MAX)
			cpuset_set(&lm->cpus, rp.cpu_os[i]);
	lm->has_cpus = 1;
	buf = xcalloc((size_t)rp.nsamples + 1, sizeof *buf);
	for (i = 0; i < rp.nloads && rc == 0; i++)
		if (rp.loads[i].id >= 0)
			rc = loadmap_rec_load(lm, &rp, i, buf, m, err, errlen);
	free(buf);
	replay_free(&rp);
	return rc;
}

/* Read a recording or a run result. */
int
loadmap_read(struct loadmap *lm, const char *path, const struct topo *m, char *err,
    size_t errlen)
{
	struct record_in	*in;
	struct json		*j = NULL;
	const char		*kind;
	int			 rc;

	memset(lm, 0, sizeof *lm);
	lm->packages = lm->numa_nodes = lm->cores = lm->pus = -1;
	snprintf(lm->path, sizeof lm->path, "%s", path);
	if ((in = record_open(path, err, errlen)) == NULL)
		return -1;
	rc = record_next(in, &j, err, errlen);
	record_in_free(in);
	if (rc == RECORD_EOF)
		snprintf(err, errlen, "%s: empty: neither a recording nor a run result", path);
	/* One line without its newline: a result as written by hand or a tool. */
	if (rc == RECORD_TRUNCATED && (j = json_load(path, err, errlen)) != NULL)
		rc = RECORD_LINE;
	if (rc != RECORD_LINE)
		return -1;
	kind = json_str(json_get(json_root(j), "kind"), "");
	if (strcmp(kind, "run") != 0 && strcmp(kind, "record") != 0) {
		snprintf(err, errlen, "%s: %s%.32s%s, not a recording or a run result", path,
		    *kind != '\0' ? "a result of kind \"" : "no \"kind\"", kind,
		    *kind != '\0' ? "\"" : "");
		rc = -1;
	} else if (loadmap_machine(lm, json_root(j), err, errlen) == -1)
		rc = -1;
	else if (strcmp(kind, "run") == 0)
		rc = loadmap_run(lm, json_root(j), err, errlen);
	else
		rc = loadmap_recording(lm, m, err, errlen);
	json_free(j);
	if (rc == -1)
		loadmap_free(lm);
	return rc == -1 ? -1 : 0;
}

/* The counts that differ, in words ("cores 2 in the file, 1 drawn"); how many. */
static int
loadmap_counts(const struct loadmap *lm, const struct smtstate *s, char *buf,
    size_t len)
{
	const char	*name[4] = { "packages", "NUMA nodes", "cores", "CPUs" };
	int		 file[4] = { lm->packages, lm->numa_nodes, lm->cores, lm->pus };
	int		 drawn[4] = { s->packages, s->numa_nodes, s->cores, s->pus };
	int		 i, n = 0;

	*buf = '\0';
	for (i = 0; i < 4; i++)
		if (file[i] >= 0 && file[i] != drawn[i])
			util_catf(buf, len, "%s%s %d in the file, %d drawn", n++ > 0 ? "; " :
			    "", name[i], file[i], drawn[i]);
	return n;
}

/* Is the file's machine the one drawn, and each load's CPU in it? */
int
loadmap_check(const struct loadmap *lm, const struct topo *m, const char *host,
    char *err, size_t errlen)
{
	const struct smtstate	*s = &m->smt;
	const struct loadmap_load *l;
	char			 a[256], b[256];
	int			 i, cpu;

	if (*host != '\0' && *lm->host != '\0' && strcmp(host, lm->host) != 0) {
		snprintf(err, errlen, "%s: a %s from host %s, not %s (draw it on its own "
		    "machine's XML with -i)", lm->path, lm->kind, lm->host, host);
		return -1;
	}
	if (loadmap_counts(lm, s, a, sizeof a) > 0) {
		snprintf(err, errlen, "%s: a %s from another machine: %s (draw it on its "
		    "own machine's XML with -i)", lm->path, lm->kind, a);
		return -1;
	}
	if (lm->has_cpus && !cpuset_equal(&lm->cpus, &m->online)) {
		cpuset_format(&lm->cpus, a, sizeof a);
		cpuset_format(&m->online, b, sizeof b);
		snprintf(err, errlen, "%s: a %s of CPUs %s; the machine drawn has CPUs %s "
		    "(draw it on its own machine's XML with -i)", lm->path, lm->kind, a, b);
		return -1;
	}
	for (i = 0; i < lm->nloads; i++) {
		l = &lm->loads[i];
		for (cpu = cpuset_next(&l->cpus, 0); cpu != -1;
		    cpu = cpuset_next(&l->cpus, cpu + 1))
			if (topo_pu_by_os(m, cpu) == NULL) {
				snprintf(err, errlen, "%s: load %s ran on CPU %d, which the "
				    "topology drawn lacks", lm->path, l->label, cpu);
				return -1;
			}
	}
	return 0;
}

/* Release what loadmap_read() made. */
void
loadmap_free(struct loadmap *lm)
{
	free(lm->loads);
	lm->loads = NULL;
	lm->nloads = 0;
}
