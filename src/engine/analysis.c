/* analysis.c: pure arithmetic over load samples: rates, speeds, shares, neighbours. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/analysis.h"
#include "base/util.h"

/* Rate in work units per second; the counter may wrap, the interval may be empty. */
double
analysis_rate(const struct load_sample *a, const struct load_sample *b)
{
	if (b->t_ns <= a->t_ns)
		return NAN;
	return (double)(uint64_t)(b->count - a->count) * 1e9 / (double)(b->t_ns - a->t_ns);
}

/* Share of wall time spent on a CPU, from the kernel's run-time accounting. */
double
analysis_share(const struct load_sample *a, const struct load_sample *b)
{
	double	share;

	if (b->t_ns <= a->t_ns || b->run_ns < a->run_ns)
		return NAN;
	share = (double)(b->run_ns - a->run_ns) / (double)(b->t_ns - a->t_ns);
	/* The two clocks are read a few microseconds apart. */
	return share > 1.0 ? 1.0 : share;
}

/* Speed relative to solo: both are rates of work, so lower-is-better units agree. */
double
analysis_speed(double rate, double solo_rate)
{
	if (!isfinite(rate) || !isfinite(solo_rate) || solo_rate <= 0)
		return NAN;
	return rate / solo_rate;
}

/* Speed per CPU-second against alone: what the hardware gave the load while it ran. */
double
analysis_efficiency(double speed, double share, double solo_share)
{
	if (isfinite(solo_share) && solo_share > 0.01)
		share /= solo_share;
	if (!isfinite(speed) || !isfinite(share) || share <= 0.01)
		return NAN;
	return speed / share;
}

/* The mark's character. */
const char *
analysis_mark_text(enum analysis_mark m)
{
	return m == ANALYSIS_UNKNOWN ? "?" : m == ANALYSIS_MARKED ? "~" : "";
}

/* The mark of a speed: unknown past physics or above 100% on a disturbed solo. */
enum analysis_mark
analysis_speed_mark(double speed, double spread, int cpu_bound, int solo_disturbed,
    int disturbed, char *why, size_t len)
{
	double	tol = ANALYSIS_BEYOND + (isfinite(spread) ? spread : 0);

	if (why != NULL && len > 0)
		why[0] = '\0';
	if (isfinite(speed) && solo_disturbed && speed > 1) {
		if (why != NULL)
			snprintf(why, len, "speed unknown: %.0f%% of a solo others slowed",
			    100 * speed);
		return ANALYSIS_UNKNOWN;
	}
	if (isfinite(speed) && cpu_bound && speed > 1 + tol) {
		if (why != NULL)
			snprintf(why, len, "speed unknown: %.0f%%, faster than alone on its "
			    "CPU: its solo ran on a slower CPU", 100 * speed);
		return ANALYSIS_UNKNOWN;
	}
	return solo_disturbed || disturbed ? ANALYSIS_MARKED : ANALYSIS_CLEAN;
}

/* Loads time-sharing one CPU past one CPU's work: each becomes unknown. */
int
analysis_shared_marks(const int *cpu, const double *speed, const double *spread, int n,
    enum analysis_mark *mark)
{
	double	sum, sp;
	int	i, j, k, marked = 0;

	for (i = 0; i < n; i++) {
		if (cpu[i] < 0)
			continue;
		/* Each group once, from its first member. */
		for (j = 0; j < i && cpu[j] != cpu[i]; j++)
			;
		if (j < i)
			continue;
		sum = sp = 0;
		for (j = i, k = 0; j < n; j++) {
			if (cpu[j] != cpu[i] || !isfinite(speed[j]))
				continue;
			sum += speed[j];
			if (isfinite(spread[j]) && spread[j] > sp)
				sp = spread[j];
			k++;
		}
		if (k < 2 || sum <= 1 + ANALYSIS_BEYOND + sp)
			continue;
		for (j = i; j < n; j++)
			if (cpu[j] == cpu[i] && isfinite(speed[j])) {
				mark[j] = ANALYSIS_UNKNOWN;
				marked++;
			}
	}
	return marked;
}

/* Exponentially weighted moving average; a NAN history starts afresh. */
double
analysis_smooth(double prev, double cur, double alpha)
{
	if (!isfinite(cur))
		return prev;
	if (!isfinite(prev))
		return cur;
	return prev + alpha * (cur - prev);
}

/* The CPU a load's end A is at: pinned, or where it last ran; -1 unknown. */
int
analysis_load_cpu(const struct load *l)
{
	if (!l->spec.floating)
		return cpuset_next(&l->spec.cpus, 0);
	return l->cur.cpu;
}

/* The CPUs a load occupies now: end A's, and end B's if it has one. */
static int
analysis_cpus(const struct load *l, int cpus[2])
{
	int	n = 0;

	if ((cpus[n] = analysis_load_cpu(l)) != -1)
		n++;
	if (l->spec.cpu_b != -1)
		cpus[n++] = l->spec.cpu_b;
	return n;
}

/* Where every other live load runs relative to l, nearest first. */
int
analysis_neighbours(const struct topo *m, struct loads *ls, const struct load *l,
    struct analysis_neighbour *out, int max)
{
	struct analysis_neighbour	 nb, tmp;
	struct load			*o;
	enum topo_rel			 r;
	int				 mine[2], theirs[2], nm, nt, i, j, k, n = 0;

	nm = analysis_cpus(l, mine);
	for (i = 0; i < loads_count(ls) && n < max; i++) {
		o = loads_at(ls, i);
		if (o == l || o->state != LOAD_RUNNING)
			continue;
		nt = analysis_cpus(o, theirs);
		nb.id = o->id;
		nb.rel = REL_COUNT;
		nb.cpu = -1;
		for (j = 0; j < nm; j++) {
			for (k = 0; k < nt; k++) {
				r = topo_relation(m, mine[j], theirs[k]);
				if (r < nb.rel) {
					nb.rel = r;
					nb.cpu = theirs[k];
				}
			}
		}
		if (nb.rel == REL_COUNT)
			continue;
		out[n++] = nb;
	}
	/* Insertion sort, nearest first; stable so start order breaks ties. */
	for (i = 1; i < n; i++) {
		tmp = out[i];
		for (j = i; j > 0 && out[j - 1].rel > tmp.rel; j--)
			out[j] = out[j - 1];
		out[j] = tmp;
	}
	return n;
}

/* Append "name#id" of a load to a buffer. */
static void
analysis_add_name(struct loads *ls, int id, char *buf, size_t len, int first)
{
	struct load	*o = loads_get(ls, id);
	size_t		 used = strlen(buf);

	if (o == NULL || used >= len)
		return;
	snprintf(buf + used, len - used, "%s%s#%d", first ? "" : ", ", o->spec.k->name, id);
}

/* A short reason in words for a load's speed. */
void
analysis_reason(const struct topo *m, struct loads *ls, const struct load *l,
    char *buf, size_t len)
{
	struct analysis_neighbour	nb[LOADS_MAX];
	char				names[96];
	int				n, i, cpu;

	if (l->state == LOAD_DEAD) {
		snprintf(buf, len, "%s", l->death);
		return;
	}
	if (l->state == LOAD_PAUSED) {
		snprintf(buf, len, "paused");
		return;
	}
	cpu = analysis_load_cpu(l);
	n = analysis_neighbours(m, ls, l, nb, LOADS_MAX);
	names[0] = '\0';
	for (i = 0; i < n && nb[i].rel == nb[0].rel; i++)
		analysis_add_name(ls, nb[i].id, names, sizeof names, i == 0);
	if (n == 0 || nb[0].rel >= REL_SHARED_L3) {
		if (n > 0 && nb[0].rel == REL_SHARED_L3)
			snprintf(buf, len, "alone on its core; L3 shared with %s", names);
		else
			snprintf(buf, len, "alone on its core");
		return;
	}
	switch (nb[0].rel) {
	case REL_SAME_PU:
		snprintf(buf, len, "shares CPU %d with %s", cpu != -1 ? cpu : nb[0].cpu, names);
		break;
	case REL_SMT_SIBLING:
		snprintf(buf, len, "sibling CPU %d runs %s", nb[0].cpu, names);
		break;
	default:
		snprintf(buf, len, "L2 mate CPU %d runs %s", nb[0].cpu, names);
		break;
	}
}

/* Others' share of a CPU by OS index, and who they were; NAN if unknown. */
static double
analysis_others_at(const struct topo *m, const struct analysis_others *o, int os,
    const char **who)
{
	const struct topo_pu	*pu = topo_pu_by_os(m, os);
	int			 i;

	*who = "";
	if (pu == NULL || o == NULL || o->share == NULL)
		return NAN;
	i = (int)(pu - m->pus);
	if (o->who != NULL)
		*who = o->who[i];
	return o->share[i];
}

/* Append one clause about others on a CPU: the load's own, or an SMT sibling of it. */
static void
analysis_add_others(char *buf, size_t len, int sibling, int os, double share,
    const char *who)
{
	size_t	used = strlen(buf);
	char	pct[32];

	if (used >= len)
		return;
	snprintf(pct, sizeof pct, "other processes %.0f%%", 100 * share);
	snprintf(buf + used, len - used, "%s%s CPU %d %s %s", used ? "; " : "",
	    sibling ? "sibling" : "shares", os, sibling ? "busy with" : "with",
	    who[0] != '\0' ? who : pct);
}

/* Others' work on a load's CPUs and their SMT siblings, in words. */
void
analysis_reason_others(const struct topo *m, const struct load *l,
    const struct analysis_others *o, char *buf, size_t len)
{
	const struct topo_pu	*pu;
	const struct topo_core	*core;
	struct cpuset		 seen;
	const char		*who;
	double			 share;
	int			 mine[2], n, i, j, os;

	buf[0] = '\0';
	cpuset_zero(&seen);
	n = analysis_cpus(l, mine);
	for (i = 0; i < n; i++) {
		if (cpuset_isset(&seen, mine[i]))
			continue;
		cpuset_set(&seen, mine[i]);
		share = analysis_others_at(m, o, mine[i], &who);
		if (isfinite(share) && share >= ANALYSIS_OTHERS_MIN)
			analysis_add_others(buf, len, 0, mine[i], share, who);
	}
	for (i = 0; i < n; i++) {
		if ((pu = topo_pu_by_os(m, mine[i])) == NULL || pu->core < 0)
			continue;
		core = &m->cores[pu->core];
		for (j = core->first_pu; j < core->first_pu + core->npus; j++) {
			os = m->pus[j].os_index;
			if (cpuset_isset(&seen, os))
				continue;
			cpuset_set(&seen, os);
			share = analysis_others_at(m, o, os, &who);
			if (isfinite(share) && share >= ANALYSIS_OTHERS_MIN)
				analysis_add_others(buf, len, 1, os, share, who);
		}
	}
}

/* A load's WHY: its neighbours and others' work near it. */
void
analysis_why(const struct topo *m, struct loads *ls, const struct load *l,
    const struct analysis_others *o, char *buf, size_t len)
{
	char	others[256], prefix[48];
	size_t	used;
	int	n;

	analysis_reason(m, ls, l, buf, len);
	if (l->state != LOAD_RUNNING)
		return;
	analysis_reason_others(m, l, o, others, sizeof others);
	if (others[0] == '\0')
		return;
	/* "shares CPU 1 with hash#2" and "shares CPU 1 with cc1 ...": one list. */
	n = snprintf(prefix, sizeof prefix, "shares CPU %d with ", analysis_load_cpu(l));
	if (strncmp(buf, "alone on its core", 17) == 0)
		snprintf(buf, len, "%s", others);
	else if ((used = strlen(buf)) >= len)
		return;
	else if (strncmp(buf, prefix, (size_t)n) == 0 && strncmp(others, prefix, (size_t)n) == 0)
		snprintf(buf + used, len - used, ", %s", others + n);
	else
		snprintf(buf + used, len - used, "; %s", others);
}
