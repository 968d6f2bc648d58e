/*
 * compare.c: the machines of `smtscope compare` grouped (same CPU), each
 * group's medians, and its outliers with the reasons in words: a topology,
 * microcode, firmware or kernel most of the group does not have; a solo
 * rate or a yield beyond the tolerance from the median; a warning most of
 * the group did not report. Pure arithmetic over what compare_load.c read.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/compare/compare.h"
#include "model/machine.h"
#include "base/fmt.h"
#include "base/util.h"

/* The words of the topology fields, in topo[] order (SMT has its own). */
static const char *const compare_topo_words[4] = {
	"packages", "NUMA nodes", "cores", "logical CPUs"
};

/*
 * A machine's SMT state in the machine model's words, with the kernel's
 * control where the file has it: "SMT on (2 threads per core), control on".
 * The one place compare says SMT: its groups' line and its reasons agree.
 */
static void
compare_smt_words(const struct compare_machine *cm, char *buf, size_t len)
{
	char	words[96];

	machine_smt_words(words, sizeof words, cm->topo[COMPARE_SMT_ON], cm->topo[COMPARE_WIDTH]);
	/* The kernel's "notsupported" in the words every other command uses. */
	if (cm->smt_control != NULL && (strcmp(cm->smt_control, "notsupported") == 0 ||
	    strcmp(cm->smt_control, "notimplemented") == 0))
		snprintf(buf, len, "SMT not supported (1 thread per core)");
	else if (cm->smt_control != NULL && cm->smt_control[0] != '\0')
		snprintf(buf, len, "%s, control %s", words, cm->smt_control);
	else
		snprintf(buf, len, "%s", words);
}

/* A machine's solo of a kernel, or NULL. */
const struct compare_fig *
compare_solo(const struct compare_machine *cm, int kernel)
{
	return kernel < cm->nsolo ? &cm->solo[kernel] : NULL;
}

/* A machine's speed in a cell, or NULL. */
const struct compare_fig *
compare_speed(const struct compare_machine *cm, int cell)
{
	return cell < cm->ncells ? &cm->speed[cell] : NULL;
}

/* A machine's yield in a cell, or NULL. */
const struct compare_fig *
compare_yield(const struct compare_machine *cm, int cell)
{
	return cell < cm->ncells ? &cm->yield[cell] : NULL;
}

/* Add a reason to a machine. */
static void __attribute__((format(printf, 2, 3)))
compare_why(struct compare_machine *cm, const char *fmt, ...)
{
	va_list	ap;
	struct strbuf sb;

	strbuf_init(&sb);
	va_start(ap, fmt);
	strbuf_vprintf(&sb, fmt, ap);
	va_end(ap);
	cm->why = xreallocarray(cm->why, (size_t)cm->nwhy + 1, sizeof *cm->why);
	cm->why[cm->nwhy++] = sb.s;
}

/* The CPU of a machine as its group's key and title. */
static char *
compare_cpu(const struct compare_machine *cm)
{
	return xasprintf("%s%s%s (%s family %d model %d)", cm->brand[0] ? cm->brand :
	    "unknown CPU", cm->codename[0] ? ", " : "", cm->codename, cm->vendor[0] ?
	    cm->vendor : "unknown vendor", cm->family, cm->model);
}

/* Put each machine in the group of its CPU. */
static void
compare_group(struct compare *c)
{
	struct compare_group	*g;
	char			*cpu;
	int			 i, k;

	for (i = 0; i < c->n; i++) {
		cpu = compare_cpu(&c->m[i]);
		for (k = 0; k < c->ngroups; k++)
			if (strcmp(c->groups[k].cpu, cpu) == 0)
				break;
		if (k == c->ngroups) {
			c->groups = xreallocarray(c->groups, (size_t)c->ngroups + 1,
			    sizeof *c->groups);
			g = &c->groups[c->ngroups++];
			memset(g, 0, sizeof *g);
			g->cpu = cpu;
		} else
			free(cpu);
		g = &c->groups[k];
		g->members = xreallocarray(g->members, (size_t)g->n + 1, sizeof *g->members);
		g->members[g->n++] = i;
		c->m[i].group = k;
	}
}

/* Sort doubles. */
static int
compare_cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The median of the finite figures of a group's members, NAN with too few. */
static double
compare_median(const struct compare *c, const struct compare_group *g,
    const struct compare_fig *(*get)(const struct compare_machine *, int), int idx,
    double *tmp, int *count)
{
	const struct compare_fig	*f;
	int				 i, n = 0;

	for (i = 0; i < g->n; i++) {
		f = get(&c->m[g->members[i]], idx);
		if (f != NULL && isfinite(f->v))
			tmp[n++] = f->v;
	}
	if (count != NULL)
		*count = n;
	if (n < COMPARE_MEDIAN_MIN)
		return NAN;
	qsort(tmp, (size_t)n, sizeof *tmp, compare_cmp_double);
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/* Each group's medians of every figure. */
static void
compare_medians(struct compare *c, struct compare_group *g)
{
	double	*tmp = xcalloc((size_t)g->n + 1, sizeof *tmp);
	int	 i, ncells = c->nrows * REL_COUNT;

	g->solo_med = xcalloc((size_t)c->nkernels + 1, sizeof *g->solo_med);
	g->solo_n = xcalloc((size_t)c->nkernels + 1, sizeof *g->solo_n);
	g->yield_med = xcalloc((size_t)ncells + 1, sizeof *g->yield_med);
	g->speed_med = xcalloc((size_t)ncells + 1, sizeof *g->speed_med);
	for (i = 0; i < c->nkernels; i++)
		g->solo_med[i] = compare_median(c, g, compare_solo, i, tmp, &g->solo_n[i]);
	for (i = 0; i < ncells; i++) {
		g->yield_med[i] = compare_median(c, g, compare_yield, i, tmp, NULL);
		g->speed_med[i] = compare_median(c, g, compare_speed, i, tmp, NULL);
	}
	free(tmp);
}

/* How many of a group's members have topology field f equal to v. */
static int
compare_count_topo(const struct compare *c, const struct compare_group *g, int f, int v)
{
	int	i, n = 0;

	for (i = 0; i < g->n; i++)
		n += c->m[g->members[i]].topo[f] == v;
	return n;
}

/* How many of a group's members have this SMT state. */
static int
compare_count_smt(const struct compare *c, const struct compare_group *g, const char *smt)
{
	int	i, n = 0;

	for (i = 0; i < g->n; i++)
		n += strcmp(c->m[g->members[i]].smt, smt) == 0;
	return n;
}

/* The most common topology of a group, field by field, and its most common SMT state. */
static void
compare_topo_mode(const struct compare *c, struct compare_group *g)
{
	int	f, i, n, best;

	for (f = 0; f < 6; f++) {
		best = 0;
		for (i = 0; i < g->n; i++) {
			n = compare_count_topo(c, g, f, c->m[g->members[i]].topo[f]);
			if (n > best) {
				best = n;
				g->topo[f] = c->m[g->members[i]].topo[f];
			}
		}
	}
	for (best = 0, i = 0; i < g->n; i++) {
		n = compare_count_smt(c, g, c->m[g->members[i]].smt);
		if (n > best) {
			best = n;
			snprintf(g->smt, sizeof g->smt, "%s", c->m[g->members[i]].smt);
		}
	}
}

/* Reasons from a machine's topology where most of its group has another. */
static void
compare_topo_why(const struct compare *c, const struct compare_group *g,
    struct compare_machine *cm)
{
	int	f, mine, most;

	for (f = COMPARE_PACKAGES; f <= COMPARE_PUS; f++) {
		if (cm->topo[f] == g->topo[f])
			continue;
		mine = compare_count_topo(c, g, f, cm->topo[f]);
		most = compare_count_topo(c, g, f, g->topo[f]);
		if (most > mine)
			compare_why(cm, "%d %s where %d other%s have %d", cm->topo[f],
			    compare_topo_words[f], most, most == 1 ? "" : "s", g->topo[f]);
	}
	/* SMT: one state in the model's words, against the one most have. */
	mine = compare_count_smt(c, g, cm->smt);
	most = compare_count_smt(c, g, g->smt);
	if (strcmp(cm->smt, g->smt) != 0 && most > mine)
		compare_why(cm, "%s where %d other%s have %s", cm->smt, most,
		    most == 1 ? "" : "s", g->smt);
}

/* A text field of a machine: microcode, BIOS version, kernel, product. */
static const char *
compare_text_of(const struct compare_machine *cm, int f)
{
	switch (f) {
	case 0:
		return cm->microcode;
	case 1:
		return cm->bios;
	case 2:
		return cm->kernel;
	}
	return cm->product;
}

/* The distinct values of a text field in a group, with how many have each. */
struct compare_tally {
	const char	**val;
	int		 *n;
	int		  nv;
	int		  best;	/* the index of the most common known value, -1 */
};

/* Count a group's values of text field f. */
static void
compare_tally(const struct compare *c, const struct compare_group *g, int f,
    struct compare_tally *t)
{
	const char	*s;
	int		 i, k;

	memset(t, 0, sizeof *t);
	t->val = xcalloc((size_t)g->n + 1, sizeof *t->val);
	t->n = xcalloc((size_t)g->n + 1, sizeof *t->n);
	t->best = -1;
	for (i = 0; i < g->n; i++) {
		s = compare_text_of(&c->m[g->members[i]], f);
		for (k = 0; k < t->nv && strcmp(t->val[k], s) != 0; k++)
			;
		if (k == t->nv)
			t->val[t->nv++] = s;
		t->n[k]++;
		if (*s != '\0' && (t->best == -1 || t->n[k] > t->n[t->best]))
			t->best = k;
	}
}

/* How many of the tally have this value. */
static int
compare_tally_of(const struct compare_tally *t, const char *s)
{
	int	k;

	for (k = 0; k < t->nv; k++)
		if (strcmp(t->val[k], s) == 0)
			return t->n[k];
	return 0;
}

/* Reasons from microcode, firmware, kernel or product most have not (SMT: compare_topo_why). */
static void
compare_text_why(const struct compare *c, const struct compare_group *g)
{
	static const char *const words[4] = {
		"microcode", "BIOS version", "kernel", "product"
	};
	struct compare_tally	 t;
	struct compare_machine	*cm;
	const char		*mine;
	int			 f, i, most;

	for (f = 0; f < 4; f++) {
		compare_tally(c, g, f, &t);
		for (i = 0; t.best != -1 && i < g->n; i++) {
			cm = &c->m[g->members[i]];
			mine = compare_text_of(cm, f);
			most = t.n[t.best];
			if (*mine != '\0' && most > compare_tally_of(&t, mine))
				compare_why(cm, "%s %s where %d other%s have %s", words[f],
				    mine, most, most == 1 ? "" : "s", t.val[t.best]);
		}
		free(t.val);
		free(t.n);
	}
}

/* Flag a figure beyond the tolerance; the words of how far, or NULL. */
static int
compare_far(const struct compare *c, struct compare_fig *f, double med, char *buf,
    size_t len)
{
	char	a[32], b[32];
	double	d;

	if (f == NULL || !isfinite(f->v) || !isfinite(med) || med == 0)
		return 0;
	d = (f->v - med) / fabs(med);
	if (fabs(d) <= c->tolerance)
		return 0;
	f->outlier = 1;
	snprintf(buf, len, "%s, %.0f %% %s the median %s%s%s%s%s",
	    fmt_num(a, sizeof a, f->v, FMT_SIG3, 0), fabs(d) * 100,
	    d < 0 ? "below" : "above", fmt_num(b, sizeof b, med, FMT_SIG3, 0),
	    f->disturbed || fabs(d) <= f->spread ? " (" : "",
	    f->disturbed ? "other work ran during it" : "",
	    f->disturbed && fabs(d) <= f->spread ? "; " : "",
	    fabs(d) <= f->spread ? "within its own spread" : "");
	if (f->disturbed || fabs(d) <= f->spread)
		snprintf(buf + strlen(buf), len - strlen(buf), ")");
	return 1;
}

/* Reasons from solos and yields beyond the tolerance from the group's medians. */
static void
compare_figure_why(const struct compare *c, const struct compare_group *g,
    struct compare_machine *cm)
{
	char	words[200];
	int	k, cell;

	for (k = 0; k < c->nkernels; k++) {
		if ((k >= cm->nsolo || !isfinite(cm->solo[k].v)) && g->solo_n[k] * 2 > g->n)
			compare_why(cm, "no %s solo where %d other%s have one", c->kernels[k],
			    g->solo_n[k], g->solo_n[k] == 1 ? "" : "s");
		if (k >= cm->nsolo)
			continue;
		if (compare_far(c, &cm->solo[k], g->solo_med[k], words, sizeof words)) {
			/* "hash solo 612, 21 % below ..." with the unit after the figure. */
			char	*sp = strchr(words, ',');

			compare_why(cm, "%s solo %.*s %s%s", c->kernels[k], (int)(sp - words),
			    words, c->units[k], sp);
		}
	}
	for (cell = 0; cell < cm->ncells; cell++)
		if (compare_far(c, &cm->yield[cell], g->yield_med[cell], words, sizeof words))
			compare_why(cm, "%s on %s: yield %s", c->rows[cell / REL_COUNT],
			    topo_rel_name(cell % REL_COUNT), words);
}

/* A warning's kind: figures others disturbed, or its words without numbers or detail. */
static void
compare_warn_kind(const char *w, char *buf, size_t len)
{
	size_t	n = 0;

	if (*w == '~') {
		snprintf(buf, len, "other work disturbed figures (~)");
		return;
	}
	for (; *w != '\0' && *w != ':' && n + 1 < len; w++) {
		if (isdigit((unsigned char)*w)) {
			if (n == 0 || buf[n - 1] != '#')
				buf[n++] = '#';
			continue;
		}
		buf[n++] = *w;
	}
	buf[n] = '\0';
}

/* The warning kinds of a group and how many machines reported each. */
struct compare_kinds {
	char	**kind;
	int	 *n;
	int	 *noted;	/* the group has its note */
	int	  nkinds;
};

/* The index of a kind in the table, added when new. */
static int
compare_kind_index(struct compare_kinds *t, const char *kind)
{
	int	i;

	for (i = 0; i < t->nkinds; i++)
		if (strcmp(t->kind[i], kind) == 0)
			return i;
	t->kind = xreallocarray(t->kind, (size_t)t->nkinds + 1, sizeof *t->kind);
	t->n = xreallocarray(t->n, (size_t)t->nkinds + 1, sizeof *t->n);
	t->noted = xreallocarray(t->noted, (size_t)t->nkinds + 1, sizeof *t->noted);
	t->kind[t->nkinds] = xstrdup(kind);
	t->n[t->nkinds] = t->noted[t->nkinds] = 0;
	return t->nkinds++;
}

/*
 * A machine's warnings as kind indexes (ids[i]), and how many of each
 * (per[kind]); the first of each kind has first[i] set.
 */
static void
compare_machine_kinds(struct compare_kinds *t, const struct compare_machine *cm,
    int *ids, int *first)
{
	char	kind[256];
	int	i, j;

	for (i = 0; i < cm->nwarn; i++) {
		compare_warn_kind(cm->warn[i], kind, sizeof kind);
		ids[i] = compare_kind_index(t, kind);
		first[i] = 1;
		for (j = 0; j < i; j++)
			if (ids[j] == ids[i])
				first[i] = 0;
	}
}

/* Count, for each kind, the machines of a group that reported it. */
static void
compare_count_kinds(const struct compare *c, const struct compare_group *g,
    struct compare_kinds *t)
{
	const struct compare_machine	*cm;
	int				*ids, *first, i, j;

	for (i = 0; i < g->n; i++) {
		cm = &c->m[g->members[i]];
		ids = xcalloc((size_t)cm->nwarn + 1, sizeof *ids);
		first = xcalloc((size_t)cm->nwarn + 1, sizeof *first);
		compare_machine_kinds(t, cm, ids, first);
		for (j = 0; j < cm->nwarn; j++)
			t->n[ids[j]] += first[j];
		free(ids);
		free(first);
	}
}

/*
 * The note of a warning kind most of a group reported, in the machines'
 * own words (a kind's digits are only a key, never printed): the warning
 * where they all say the same, else the first with its machine's name.
 */
static char *
compare_note(const struct compare *c, const struct compare_group *g,
    const struct compare_kinds *t, int kind)
{
	const struct compare_machine	*cm;
	const char			*text = NULL, *who = "";
	char				 k[256];
	int				 i, j, same = 1;

	for (i = 0; i < g->n; i++) {
		cm = &c->m[g->members[i]];
		for (j = 0; j < cm->nwarn; j++) {
			compare_warn_kind(cm->warn[j], k, sizeof k);
			if (strcmp(k, t->kind[kind]) != 0)
				continue;
			if (text == NULL) {
				text = cm->warn[j];
				who = cm->name;
			} else if (strcmp(text, cm->warn[j]) != 0)
				same = 0;
		}
	}
	if (text == NULL || text[0] == '~')
		return xasprintf("%d of %d reported: other work disturbed some of their "
		    "figures (~; each names who)", t->n[kind], g->n);
	if (same)
		return xasprintf("%d of %d reported: %s", t->n[kind], g->n, text);
	return xasprintf("%d of %d reported it, each in its own figures, e.g. %s: %s",
	    t->n[kind], g->n, who, text);
}

/* One machine's warnings: a note when most of the group reported it, else a reason. */
static void
compare_warn_one(struct compare *c, struct compare_group *g, struct compare_kinds *t,
    struct compare_machine *cm)
{
	int	*ids = xcalloc((size_t)cm->nwarn + 1, sizeof *ids);
	int	*first = xcalloc((size_t)cm->nwarn + 1, sizeof *first);
	int	 i, j, cnt;

	compare_machine_kinds(t, cm, ids, first);
	for (i = 0; i < cm->nwarn; i++) {
		if (!first[i])
			continue;
		if (t->n[ids[i]] * 2 > g->n) {
			if (!t->noted[ids[i]]) {
				t->noted[ids[i]] = 1;
				g->notes = xreallocarray(g->notes, (size_t)g->nnotes + 1,
				    sizeof *g->notes);
				g->notes[g->nnotes++] = compare_note(c, g, t, ids[i]);
			}
			continue;
		}
		if (!c->use_warnings)
			continue;
		for (cnt = 0, j = 0; j < cm->nwarn; j++)
			cnt += ids[j] == ids[i];
		if (cm->warn[i][0] == '~')
			compare_why(cm, "other work disturbed %d of its figures (its warnings "
			    "name who)", cnt);
		else
			compare_why(cm, "reported: %s", cm->warn[i]);
	}
	free(ids);
	free(first);
}

/* Warnings of a group's machines. */
static void
compare_warn_why(struct compare *c, struct compare_group *g)
{
	struct compare_kinds	t;
	int			i;

	memset(&t, 0, sizeof t);
	compare_count_kinds(c, g, &t);
	for (i = 0; i < g->n; i++)
		compare_warn_one(c, g, &t, &c->m[g->members[i]]);
	for (i = 0; i < t.nkinds; i++)
		free(t.kind[i]);
	free(t.kind);
	free(t.n);
	free(t.noted);
}

/* Machines whose file names (stems) are alike are named by their paths. */
static void
compare_unique_names(struct compare *c)
{
	int	i, j, *dup = xcalloc((size_t)c->n + 1, sizeof *dup);

	for (i = 0; i < c->n; i++)
		for (j = i + 1; j < c->n; j++)
			if (strcmp(c->m[i].name, c->m[j].name) == 0)
				dup[i] = dup[j] = 1;
	for (i = 0; i < c->n; i++) {
		if (!dup[i])
			continue;
		free(c->m[i].name);
		c->m[i].name = xstrdup(c->m[i].path);
	}
	free(dup);
}

/* Group, take the medians, and name the outliers; how many machines are. */
int
compare_analyse(struct compare *c)
{
	struct compare_group	*g;
	struct compare_machine	*cm;
	int			 k, i, n = 0;

	compare_unique_names(c);
	for (i = 0; i < c->n; i++)
		compare_smt_words(&c->m[i], c->m[i].smt, sizeof c->m[i].smt);
	compare_group(c);
	for (k = 0; k < c->ngroups; k++) {
		g = &c->groups[k];
		compare_medians(c, g);
		compare_topo_mode(c, g);
		for (i = 0; i < g->n; i++) {
			cm = &c->m[g->members[i]];
			compare_topo_why(c, g, cm);
			compare_figure_why(c, g, cm);
		}
		compare_text_why(c, g);
		compare_warn_why(c, g);
	}
	for (i = 0; i < c->n; i++)
		n += c->m[i].nwhy > 0;
	return n;
}
