/*
 * compare_load.c: `smtscope compare` reads check --json results: each
 * file's machine object, its solos (in the kernels' display units), its
 * speeds and yields per kernel and relation, and its warnings. A file of
 * another kind or format is refused with its name.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "exp/compare/compare.h"
#include "base/json.h"
#include "base/sanitize.h"
#include "engine/kernels/kernel.h"
#include "model/machine.h"
#include "base/util.h"

/* The most kernels and result rows compare keeps. */
#define COMPARE_NAMES_MAX	256

/*
 * The index of a name in a list, added when new; -1 when the list is full.
 * Names are kept as they are shown (sanitize.h): a file's control bytes
 * never reach a terminal, and one name is one entry however it is read.
 */
static int
compare_name(char ***list, int *n, const char *raw)
{
	char	*name = sanitize_dup(raw);
	int	 i;

	for (i = 0; i < *n; i++)
		if (strcmp((*list)[i], name) == 0) {
			free(name);
			return i;
		}
	if (*n == COMPARE_NAMES_MAX) {
		free(name);
		return -1;
	}
	*list = xreallocarray(*list, (size_t)*n + 1, sizeof **list);
	(*list)[*n] = name;
	return (*n)++;
}

/* The kernel of a solo's name ("chase:1m" is chase), or NULL. */
static const struct kernel *
compare_kernel(const char *name)
{
	char	base[64];

	snprintf(base, sizeof base, "%.*s", (int)strcspn(name, ":"), name);
	return kernel_find(base);
}

/* A string member, duplicated ("" when absent). */
static char *
compare_strdup(const struct json_val *o, const char *key)
{
	return sanitize_dup(json_str(json_get(o, key), ""));
}

/* A whole-number member (true 1, false 0), or -1: absent, null, a fraction, negative. */
static int
compare_int(const struct json_val *o, const char *key)
{
	const struct json_val	*v = json_get(o, key);
	int			 n;

	if (v != NULL && v->type == JSON_TRUE)
		return 1;
	if (v != NULL && v->type == JSON_FALSE)
		return 0;
	return json_int(v, 0, INT_MAX, -1, &n) == 0 ? n : -1;
}

/* The machine object: identity and topology; -1 with err when it is not one. */
static int
compare_read_machine(struct compare_machine *cm, const struct json_val *mo,
    char *err, size_t errlen)
{
	const struct json_val	*cpu = json_get(mo, "cpu"), *t = json_get(mo, "topology");
	static const char *const keys[6] = {
		"packages", "numa_nodes", "cores", "pus", "smt_width", "smt_on"
	};
	int			 i;

	if (cpu == NULL || t == NULL) {
		snprintf(err, errlen, "its machine object has no cpu or topology");
		return -1;
	}
	cm->hostname = compare_strdup(mo, "hostname");
	cm->kernel = compare_strdup(mo, "kernel");
	cm->vendor = compare_strdup(cpu, "vendor");
	cm->brand = compare_strdup(cpu, "brand");
	cm->codename = compare_strdup(cpu, "codename");
	cm->microcode = compare_strdup(cpu, "microcode");
	cm->family = compare_int(cpu, "family");
	cm->model = compare_int(cpu, "model");
	cm->stepping = compare_int(cpu, "stepping");
	cm->bios = compare_strdup(json_get(mo, "dmi"), "bios_version");
	cm->product = compare_strdup(json_get(mo, "dmi"), "product_name");
	cm->smt_control = compare_strdup(t, "smt_control");
	for (i = 0; i < 6; i++)
		cm->topo[i] = compare_int(t, keys[i]);
	return 0;
}

/* The first member of an object member, or NULL (none, or not an object). */
static const struct json_val *
compare_members(const struct json_val *root, const char *key)
{
	const struct json_val	*o = json_get(root, key);

	return o != NULL && o->type == JSON_OBJ ? o->child : NULL;
}

/* Check the kind and format of a result; -1 with err. */
static int
compare_check_kind(const struct json_val *root, char *err, size_t errlen)
{
	const struct json_val	*kind = json_get(root, "kind"), *mo;
	double			 fmt;

	if (root->type != JSON_OBJ) {
		snprintf(err, errlen, "not a result of smtscope (not a JSON object)");
		return -1;
	}
	if (kind == NULL || kind->type != JSON_STR) {
		snprintf(err, errlen, "no \"kind\": not a result of smtscope check --json "
		    "(or one from before smtscope %s)", SMTSCOPE_VERSION);
		return -1;
	}
	if (strcmp(kind->s, "check") != 0) {
		snprintf(err, errlen, "a '%.32s' result; compare reads 'check' results",
		    kind->s);
		return -1;
	}
	mo = json_get(root, "machine");
	fmt = json_num(json_get(mo, "format"), NAN);
	if (fmt != MACHINE_FORMAT) {
		snprintf(err, errlen, "format %g; this smtscope reads format %d", fmt,
		    MACHINE_FORMAT);
		return -1;
	}
	if (json_get(root, "results") == NULL) {
		snprintf(err, errlen, "a plan (--dry-run) without results");
		return -1;
	}
	if (json_get(root, "results")->type != JSON_OBJ || (json_get(root, "solos") !=
	    NULL && json_get(root, "solos")->type != JSON_OBJ) || mo->type != JSON_OBJ) {
		snprintf(err, errlen, "its machine, results or solos is not an object");
		return -1;
	}
	return 0;
}

/* Register the kernels and rows of a result; -1 when there are too many. */
static int
compare_register(struct compare *c, const struct json_val *root)
{
	const struct json_val	*v;
	const struct kernel	*k;
	int			 i, had;

	for (v = compare_members(root, "solos"); v != NULL; v = v->next) {
		had = c->nkernels;
		if ((i = compare_name(&c->kernels, &c->nkernels, v->key)) == -1)
			return -1;
		if (c->nkernels > had) {
			c->units = xreallocarray(c->units, (size_t)c->nkernels,
			    sizeof *c->units);
			k = compare_kernel(v->key);
			c->units[i] = sanitize_dup(k != NULL ? k->unit : json_str(json_get(
			    json_get(root, "units"), v->key), "/s"));
		}
	}
	for (v = compare_members(root, "results"); v != NULL; v = v->next)
		if (compare_name(&c->rows, &c->nrows, v->key) == -1)
			return -1;
	return 0;
}

/* A figure from a member of a cell; disturbed from its flags. */
static void
compare_fig_set(struct compare_fig *f, const struct json_val *cell, const char *key)
{
	const struct json_val	*d = json_get(cell, "disturbed");
	const struct json_val	*sd = json_get(cell, "solo_disturbed");

	f->v = json_num(json_get(cell, key), NAN);
	f->spread = json_num(json_get(cell, "spread"), 0);
	if (!(f->spread > 0 && f->spread < 10))
		f->spread = 0;
	f->disturbed = (d != NULL && d->type == JSON_TRUE) ||
	    (sd != NULL && sd->type == JSON_TRUE);
}

/* Fill a machine's figures from its result. */
static void
compare_read_figures(struct compare *c, struct compare_machine *cm,
    const struct json_val *root)
{
	const struct json_val	*v, *cell;
	const struct kernel	*k;
	const char		*unit;
	int			 i, r, row, kern;

	cm->nsolo = c->nkernels;
	cm->ncells = c->nrows * REL_COUNT;
	cm->solo = xcalloc((size_t)cm->nsolo + 1, sizeof *cm->solo);
	cm->speed = xcalloc((size_t)cm->ncells + 1, sizeof *cm->speed);
	cm->yield = xcalloc((size_t)cm->ncells + 1, sizeof *cm->yield);
	for (i = 0; i < cm->nsolo; i++)
		cm->solo[i].v = NAN;
	for (i = 0; i < cm->ncells; i++)
		cm->speed[i].v = cm->yield[i].v = NAN;
	for (v = compare_members(root, "solos"); v != NULL; v = v->next) {
		kern = compare_name(&c->kernels, &c->nkernels, v->key);
		compare_fig_set(&cm->solo[kern], v, "rate");
		k = compare_kernel(v->key);
		/*
		 * A result written before its rates were in the kernel's unit
		 * ("units" says "byte/s", or nothing) gave work units per second.
		 */
		unit = json_str(json_get(json_get(root, "units"), v->key), NULL);
		if (k != NULL && (unit == NULL || strcmp(unit, k->unit) != 0) &&
		    isfinite(cm->solo[kern].v) && cm->solo[kern].v > 0)
			cm->solo[kern].v = kernel_display(k, cm->solo[kern].v);
	}
	for (v = compare_members(root, "results"); v != NULL; v = v->next) {
		row = compare_name(&c->rows, &c->nrows, v->key);
		for (r = 0; r < REL_COUNT; r++) {
			cell = json_get(v, topo_rel_name(r));
			if (cell == NULL || cell->type != JSON_OBJ)
				continue;
			compare_fig_set(&cm->speed[row * REL_COUNT + r], cell, "speed_anchor");
			compare_fig_set(&cm->yield[row * REL_COUNT + r], cell, "yield");
		}
	}
}

/* The warnings the machine reported. */
static void
compare_read_warnings(struct compare_machine *cm, const struct json_val *root)
{
	const struct json_val	*w = json_get(root, "warnings"), *v;

	if (w == NULL || w->type != JSON_ARR)
		return;
	cm->warn = xcalloc((size_t)w->n + 1, sizeof *cm->warn);
	for (v = w->child; v != NULL; v = v->next)
		if (v->type == JSON_STR)
			cm->warn[cm->nwarn++] = sanitize_dup(v->s);
}

/* The name of a machine: its file's name without ".json". */
static char *
compare_stem(const char *path)
{
	const char	*base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	size_t		 n = strlen(base);

	if (n > 5 && strcmp(base + n - 5, ".json") == 0)
		n -= 5;
	return xasprintf("%.*s", (int)n, base);
}

/* Add one result from its text. */
int
compare_add_text(struct compare *c, const char *path, const char *text, size_t len,
    char *err, size_t errlen)
{
	struct compare_machine	*cm;
	struct json		*j;
	const struct json_val	*root;
	char			 why[300];

	if ((j = json_parse(text, len, why, sizeof why)) == NULL) {
		snprintf(err, errlen, "%s: not JSON: %s", path, why);
		return -1;
	}
	root = json_root(j);
	if (compare_check_kind(root, why, sizeof why) == -1 ||
	    compare_register(c, root) == -1) {
		if (c->nkernels == COMPARE_NAMES_MAX || c->nrows == COMPARE_NAMES_MAX)
			snprintf(why, sizeof why, "more than %d kernels or rows",
			    COMPARE_NAMES_MAX);
		snprintf(err, errlen, "%s: %s", path, why);
		json_free(j);
		return -1;
	}
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->m = xreallocarray(c->m, (size_t)c->cap, sizeof *c->m);
	}
	cm = &c->m[c->n];
	memset(cm, 0, sizeof *cm);
	if (compare_read_machine(cm, json_get(root, "machine"), why, sizeof why) == -1) {
		snprintf(err, errlen, "%s: %s", path, why);
		json_free(j);
		return -1;
	}
	cm->path = xstrdup(path);
	cm->name = compare_stem(path);
	compare_read_figures(c, cm, root);
	compare_read_warnings(cm, root);
	c->n++;
	json_free(j);
	return 0;
}

/* Add one file. */
static int
compare_add_file(struct compare *c, const char *path, char *err, size_t errlen)
{
	char	*text;
	size_t	 len;
	int	 rc;

	if ((text = json_slurp(path, &len, err, errlen)) == NULL)
		return -1;
	rc = compare_add_text(c, path, text, len, err, errlen);
	free(text);
	return rc;
}

/* Sort names. */
static int
compare_cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add every *.json of a directory (not hidden ones), in name order. */
static int
compare_add_dir(struct compare *c, const char *path, char *err, size_t errlen)
{
	DIR		*d;
	struct dirent	*de;
	char		**names = NULL, *p;
	size_t		 n = 0, i, len;
	int		 rc = 0, found = 0;

	if ((d = opendir(path)) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 6 || strcmp(de->d_name + len - 5, ".json"))
			continue;
		names = xreallocarray(names, n + 1, sizeof *names);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n > 0)
		qsort(names, n, sizeof *names, compare_cmp_names);
	for (i = 0; i < n; i++) {
		p = xasprintf("%s%s%s", path, path[strlen(path) - 1] == '/' ? "" : "/",
		    names[i]);
		if (rc == 0 && compare_add_file(c, p, err, errlen) == -1)
			rc = -1;
		found++;
		free(p);
		free(names[i]);
	}
	free(names);
	if (rc == 0 && found == 0) {
		snprintf(err, errlen, "%s: no *.json results in this directory", path);
		rc = -1;
	}
	return rc;
}

/* Add a file, or every *.json of a directory. */
int
compare_add_path(struct compare *c, const char *path, char *err, size_t errlen)
{
	struct stat	st;

	if (*path == '\0') {
		snprintf(err, errlen, "an empty file name");
		return -1;
	}
	if (stat(path, &st) == -1) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return compare_add_dir(c, path, err, errlen);
	return compare_add_file(c, path, err, errlen);
}

/* Free a machine's strings and figures. */
static void
compare_free_machine(struct compare_machine *cm)
{
	int	i;

	free(cm->path);
	free(cm->name);
	free(cm->hostname);
	free(cm->kernel);
	free(cm->vendor);
	free(cm->brand);
	free(cm->codename);
	free(cm->microcode);
	free(cm->bios);
	free(cm->product);
	free(cm->smt_control);
	for (i = 0; i < cm->nwarn; i++)
		free(cm->warn[i]);
	free(cm->warn);
	for (i = 0; i < cm->nwhy; i++)
		free(cm->why[i]);
	free(cm->why);
	free(cm->solo);
	free(cm->speed);
	free(cm->yield);
}

/* Free everything. */
void
compare_free(struct compare *c)
{
	int	i;

	for (i = 0; i < c->n; i++)
		compare_free_machine(&c->m[i]);
	free(c->m);
	for (i = 0; i < c->nkernels; i++) {
		free(c->kernels[i]);
		free(c->units[i]);
	}
	free(c->kernels);
	free(c->units);
	for (i = 0; i < c->nrows; i++)
		free(c->rows[i]);
	free(c->rows);
	for (i = 0; i < c->ngroups; i++) {
		free(c->groups[i].cpu);
		free(c->groups[i].members);
		free(c->groups[i].solo_med);
		free(c->groups[i].solo_n);
		free(c->groups[i].yield_med);
		free(c->groups[i].speed_med);
		while (c->groups[i].nnotes > 0)
			free(c->groups[i].notes[--c->groups[i].nnotes]);
		free(c->groups[i].notes);
	}
	free(c->groups);
	memset(c, 0, sizeof *c);
}
