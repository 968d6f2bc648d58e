/*
 * smtstate.c: the machine's SMT state and CPU set (smtstate.h) in words
 * and JSON; topo_smt.c computes it from the model and the kernel's word.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/smtstate.h"


/* The JSON values, in enum order. */
static const char *const smtstate_names[SMTSTATE_COUNT] = {
	"on", "off", "not-supported", "none", "topology-only", "siblings-outside",
	"siblings-offline"
};

/* The short words, in enum order. */
static const char *const smtstate_short[SMTSTATE_COUNT] = {
	"SMT on", "SMT off", "SMT not supported", "no SMT", "SMT in the topology only",
	"SMT on, siblings outside the cpuset", "SMT on, siblings offline"
};

/* "s" when n is not 1. */
static const char *
smtstate_s(int n)
{
	return n == 1 ? "" : "s";
}

/* A state's JSON value. */
const char *
smtstate_name(enum smtstate_kind k)
{
	return (int)k >= 0 && k < SMTSTATE_COUNT ? smtstate_names[k] : "?";
}

/* A state from its JSON value; -1 when none. */
int
smtstate_parse(const char *name)
{
	int	k;

	for (k = 0; name != NULL && k < SMTSTATE_COUNT; k++)
		if (strcmp(name, smtstate_names[k]) == 0)
			return k;
	return -1;
}

/* A state's short words. */
const char *
smtstate_kind_words(enum smtstate_kind k)
{
	return (int)k >= 0 && k < SMTSTATE_COUNT ? smtstate_short[k] : "SMT state unknown";
}

/* SMT on in the JSON sense: the topology in use has siblings, or the kernel says on. */
int
smtstate_on(const struct smtstate *s)
{
	switch (s->kind) {
	case SMTSTATE_ON:
	case SMTSTATE_TOPOLOGY_ONLY:
	case SMTSTATE_OUTSIDE:
	case SMTSTATE_OFFLINE:
		return 1;
	case SMTSTATE_OFF:
	case SMTSTATE_NOT_SUPPORTED:
		return 0;
	default:
		return s->control[0] != '\0' ? 0 : -1;
	}
}

/* "2 threads per core", "up to 4 threads per core". */
static void
smtstate_threads(const struct smtstate *s, char *buf, size_t len)
{
	snprintf(buf, len, "%s%d threads per core", s->threads_min != s->threads ?
	    "up to " : "", s->threads);
}

/* The state in words, with its evidence. */
void
smtstate_words(const struct smtstate *s, char *buf, size_t len)
{
	char			 th[64], list[512];

	smtstate_threads(s, th, sizeof th);
	cpuset_format(&s->offline, list, sizeof list);
	switch (s->kind) {
	case SMTSTATE_ON:
		snprintf(buf, len, "SMT on, %s", th);
		if (!s->live)
			util_catf(buf, len, " in this topology");
		break;
	case SMTSTATE_OFF:
		snprintf(buf, len, "SMT off (control: %s%s%s)", s->control,
		    list[0] ? "; offline CPUs " : "", list);
		break;
	case SMTSTATE_NOT_SUPPORTED:
		snprintf(buf, len, "SMT not supported (control: %s): one thread per core",
		    s->control);
		break;
	case SMTSTATE_NONE:
		if (!s->has_cores)
			snprintf(buf, len, "no SMT known: the topology has no cores, each "
			    "CPU counts as one");
		else
			snprintf(buf, len, "no SMT%s: one thread per core%s%s%s",
			    s->live ? "" : " in this topology", s->control[0] ?
			    " (control: " : "", s->control, s->control[0] ? ")" : "");
		break;
	case SMTSTATE_TOPOLOGY_ONLY:
		snprintf(buf, len, "SMT in the topology only: it shows %s, the kernel says "
		    "%s%s%s%s", th, s->control, s->override[0] ? " (" : "", s->override,
		    s->override[0] ? " declares the topology)" : "");
		break;
	case SMTSTATE_OUTSIDE:
		snprintf(buf, len, "SMT on, %s; the siblings are outside this process's "
		    "cpuset (%s)", th, s->outside_named);
		break;
	case SMTSTATE_OFFLINE:
		snprintf(buf, len, "SMT on (control: on), the siblings offline%s%s%s: one "
		    "thread per core online", list[0] ? " (CPUs " : "", list,
		    list[0] ? ")" : "");
		break;
	default:
		snprintf(buf, len, "SMT state unknown");
		break;
	}
}

/* The machine's counts: "1 package, 1 NUMA node, 2 cores x 2 threads". */
void
smtstate_counts(const struct smtstate *s, char *buf, size_t len)
{

	snprintf(buf, len, "%d package%s, %d NUMA node%s, ", s->packages,
	    smtstate_s(s->packages), s->numa_nodes, smtstate_s(s->numa_nodes));
	if (!s->has_cores)
		util_catf(buf, len, "%d logical CPU%s (no cores in the topology)", s->pus,
		    smtstate_s(s->pus));
	else if (s->threads == s->threads_min)
		util_catf(buf, len, "%d core%s x %d thread%s (%d logical CPU%s)",
		    s->cores, smtstate_s(s->cores), s->threads, smtstate_s(s->threads),
		    s->pus, smtstate_s(s->pus));
	else
		util_catf(buf, len, "%d cores, %d logical CPUs (%d to %d threads per "
		    "core)", s->cores, s->pus, s->threads_min, s->threads);
	if (s->kinds > 1)
		util_catf(buf, len, ", %d CPU kinds", s->kinds);
}

/* What the allowed CPUs are of the cores: "one thread of each core", "1 whole core of 2". */
static void
smtstate_share(const struct smtstate *s, char *buf, size_t len)
{
	int	partial = s->allowed_cores - s->whole_cores;

	if (s->nallowed == s->pus)
		snprintf(buf, len, s->pus == 1 ? "its only one" : "all of them");
	else if (!s->has_cores)
		snprintf(buf, len, "%d of %d", s->nallowed, s->pus);
	else if (s->threads == 1)
		snprintf(buf, len, "%d of %d cores", s->allowed_cores, s->cores);
	else if (partial == 0)
		snprintf(buf, len, "%d whole core%s of %d", s->whole_cores,
		    smtstate_s(s->whole_cores), s->cores);
	else if (s->whole_cores == 0 && s->partial_each > 0) {
		if (s->cores == 1 && s->partial_each == 1)
			snprintf(buf, len, "one of its core's %d threads", s->threads);
		else if (s->cores == 1)
			snprintf(buf, len, "%d of its core's %d threads", s->partial_each,
			    s->threads);
		else if (s->allowed_cores == s->cores && s->partial_each == 1)
			snprintf(buf, len, "one thread of each core");
		else if (s->allowed_cores == s->cores)
			snprintf(buf, len, "%d threads of each core", s->partial_each);
		else if (s->allowed_cores == 1)
			snprintf(buf, len, "%d thread%s of 1 of %d cores", s->partial_each,
			    smtstate_s(s->partial_each), s->cores);
		else
			snprintf(buf, len, "%d thread%s each of %d of %d cores",
			    s->partial_each, smtstate_s(s->partial_each), s->allowed_cores,
			    s->cores);
	} else if (s->whole_cores == 0)
		snprintf(buf, len, "part of %d of %d cores", s->allowed_cores, s->cores);
	else
		snprintf(buf, len, "%d whole core%s and part of %d more, of %d",
		    s->whole_cores, smtstate_s(s->whole_cores), partial, s->cores);
}

/* The allowed set against the cores. */
void
smtstate_allowed_words(const struct smtstate *s, char *buf, size_t len)
{
	char			 list[1024], share[128];

	if (s->nallowed == 0) {
		snprintf(buf, len, "%s no CPU of it", s->live ? "this process may use" :
		    "the topology allows");
		return;
	}
	cpuset_format(&s->allowed, list, sizeof list);
	smtstate_share(s, share, sizeof share);
	snprintf(buf, len, "%s CPU%s %s: %s", s->live ? "this process may use" :
	    "the topology allows", smtstate_s(s->nallowed), list, share);
}

/* Counts and allowed set: the headline. */
void
smtstate_headline(const struct smtstate *s, char *buf, size_t len)
{
	char	counts[256], allowed[1200];

	smtstate_counts(s, counts, sizeof counts);
	smtstate_allowed_words(s, allowed, sizeof allowed);
	snprintf(buf, len, "%s; %s", counts, allowed);
}

/* The "smt_state" member: state, words, control, counts of both sets, the sets. */
void
smtstate_json(const struct smtstate *s, struct jsonw *w)
{
	char	words[1024], list[1024];

	jsonw_key_object(w, "smt_state");
	jsonw_key_str(w, "state", smtstate_name(s->kind));
	smtstate_words(s, words, sizeof words);
	jsonw_key_text(w, "words", words);
	jsonw_key_str(w, "short", smtstate_kind_words(s->kind));
	jsonw_key_tristate(w, "on", smtstate_on(s));
	jsonw_key_text(w, "control", s->control);
	jsonw_key_tristate(w, "active", s->active);
	jsonw_key_text(w, "override", s->override);
	jsonw_key_int(w, "threads_per_core", s->threads);
	jsonw_key_object(w, "machine");
	jsonw_key_int(w, "packages", s->packages);
	jsonw_key_int(w, "numa_nodes", s->numa_nodes);
	jsonw_key_int(w, "cores", s->has_cores ? s->cores : 0);
	jsonw_key_int(w, "pus", s->pus);
	jsonw_object_end(w);
	jsonw_key_object(w, "allowed");
	cpuset_format(&s->allowed, list, sizeof list);
	jsonw_key_str(w, "cpus", list);
	jsonw_key_int(w, "pus", s->nallowed);
	jsonw_key_int(w, "cores", s->allowed_cores);
	jsonw_key_int(w, "whole_cores", s->whole_cores);
	jsonw_key_int(w, "threads_per_core", s->allowed_threads);
	jsonw_object_end(w);
	smtstate_allowed_words(s, words, sizeof words);
	jsonw_key_text(w, "allowed_words", words);
	cpuset_format(&s->outside, list, sizeof list);
	jsonw_key_str(w, "outside", list);
	cpuset_format(&s->offline, list, sizeof list);
	jsonw_key_str(w, "offline", list);
	jsonw_object_end(w);
}
