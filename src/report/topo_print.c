/* topo_print.c: the machine model as text for 80 columns, as JSON, or as CSV. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "model/topo.h"
#include "base/util.h"
#include "report/reports.h"

#define TOPO_PRINT_WIDTH	80

/* The last space at or before room in s after one of the characters in after, or 0. */
static int
topo_print_break(const char *s, int room, const char *after)
{
	int	cut;

	for (cut = room; cut > 0; cut--)
		if (s[cut] == ' ' && (after == NULL || strchr(after, s[cut - 1]) != NULL))
			return cut;
	return 0;
}

/*
 * A line of words at 80 columns: broken between elements, after a "; "
 * where one is far enough along, else after a ", " or a ":", else at a
 * space; the rest of it indented by two.
 */
static void
topo_print_wrapped(const char *s, FILE *f)
{
	int	width = TOPO_PRINT_WIDTH, cut, indent = 0;

	while ((int)strlen(s) > width - indent) {
		if ((cut = topo_print_break(s, width - indent, ";")) <= width / 3 &&
		    (cut = topo_print_break(s, width - indent, ",:")) <= width / 3)
			cut = topo_print_break(s, width - indent, NULL);
		if (cut == 0)
			break;	/* one word wider than the line: it stays whole */
		fprintf(f, "%*s%.*s\n", indent, "", cut, s);
		s += cut + 1;
		indent = 2;
	}
	fprintf(f, "%*s%s\n", indent, "", s);
}

/*
 * The SMT state, then the machine's counts with what this process may use:
 * "SMT on, 2 threads per core" / "1 package, 1 NUMA node, 2 cores x 2
 * threads; this process may use CPUs 0-3: all of them".
 */
static void
topo_print_counts(const struct topo *m, FILE *f)
{
	char	line[2048];

	smtstate_words(&m->smt, line, sizeof line);
	topo_print_wrapped(line, f);
	smtstate_headline(&m->smt, line, sizeof line);
	topo_print_wrapped(line, f);
}

/* A node's label: "Package 0", "L3 32MB", "NUMA node 1: 64GB", "Core 3 P". */
void
topo_node_label(const struct topo *m, const struct topo_node *n, char *buf,
    size_t len)
{
	char	size[32];

	util_fmt_bytes(size, sizeof size, n->bytes);
	switch (n->type) {
	case TOPO_MACHINE:
		snprintf(buf, len, "Machine");
		break;
	case TOPO_GROUP:
		snprintf(buf, len, "Group %d%s%s", n->logical_index,
		    n->subtype ? " " : "", n->subtype ? n->subtype : "");
		break;
	case TOPO_PACKAGE:
		snprintf(buf, len, "Package %d", n->logical_index);
		break;
	case TOPO_DIE:
		snprintf(buf, len, "Die %d", n->logical_index);
		break;
	case TOPO_NUMA:
		if (n->bytes)
			snprintf(buf, len, "NUMA node %d: %s", n->os_index, size);
		else
			snprintf(buf, len, "NUMA node %d", n->os_index);
		break;
	case TOPO_CACHE:
		if (n->bytes)
			snprintf(buf, len, "L%d %s", n->cache_level, size);
		else
			snprintf(buf, len, "L%d", n->cache_level);
		break;
	case TOPO_CORE:
		if (m->nkinds > 1 && m->cores[n->index].kind != -1)
			snprintf(buf, len, "Core %d %s", n->logical_index,
			    m->kinds[m->cores[n->index].kind].label);
		else
			snprintf(buf, len, "Core %d", n->logical_index);
		break;
	case TOPO_PU:
		snprintf(buf, len, "CPU %d", n->os_index);
		break;
	}
}

/* "core 3 P: 3,39" with "!" after CPUs this process may not use. */
static void
topo_core_entry(const struct topo *m, const struct topo_core *c, char *buf, size_t len)
{
	size_t	used;
	int	i;

	snprintf(buf, len, "core %d%s%s:", c->logical_index,
	    m->nkinds > 1 && c->kind != -1 ? " " : "",
	    m->nkinds > 1 && c->kind != -1 ? m->kinds[c->kind].label : "");
	for (i = c->first_pu; i < c->first_pu + c->npus; i++) {
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s%d%s", i == c->first_pu ? " " : ",",
		    m->pus[i].os_index, m->pus[i].allowed ? "" : "!");
	}
}

/*
 * Before core c of a run from start: where its own caches differ from the
 * core's before it (or it is the first), end the line begun and print them
 * once for the cores that follow, as lstopo's "L2 + L1d + L1i + Core";
 * returns whether it printed.
 */
static int
topo_print_caches(const struct topo *m, int start, int c, int indent, int col,
    FILE *f)
{
	const struct topo_core	*core = &m->cores[m->nodes[c].index];
	char			 words[160];
	int			 prev;

	if (core->ncaches == 0)
		return 0;
	if (c != start) {
		for (prev = start; m->nodes[prev].next_sibling != c;
		    prev = m->nodes[prev].next_sibling)
			;
		if (topo_caches_same(&m->cores[m->nodes[prev].index], core))
			return 0;
	}
	if (col > 0)
		fprintf(f, "\n");
	topo_caches_words(core, words, sizeof words);
	fprintf(f, "%*seach core: %s\n", indent, "", words);
	return 1;
}

/* Whether core node c ends its line: the run ends, or the next core's caches differ. */
static int
topo_print_run_ends(const struct topo *m, int c)
{
	int	next = m->nodes[c].next_sibling;

	return next == -1 || m->nodes[next].type != TOPO_CORE ||
	    !topo_caches_same(&m->cores[m->nodes[c].index],
	    &m->cores[m->nodes[next].index]);
}

/* Print a node and its children; runs of cores are packed several a line. */
static void
topo_print_node(const struct topo *m, int idx, FILE *f, int *any_disallowed)
{
	const struct topo_node	*n = &m->nodes[idx];
	char			 label[128], entry[128];
	int			 c, start, width, per, col, indent;

	topo_node_label(m, n, label, sizeof label);
	fprintf(f, "%*s%s%s\n", n->depth * 2, "", label,
	    n->allowed ? "" : " (not allowed)");
	indent = (n->depth + 1) * 2;
	for (c = n->first_child; c != -1; ) {
		if (m->nodes[c].type != TOPO_CORE) {
			topo_print_node(m, c, f, any_disallowed);
			c = m->nodes[c].next_sibling;
			continue;
		}
		/* A run of cores: size the entries, then fill lines. */
		width = 0;
		for (start = c; c != -1 && m->nodes[c].type == TOPO_CORE;
		    c = m->nodes[c].next_sibling) {
			topo_core_entry(m, &m->cores[m->nodes[c].index], entry, sizeof entry);
			if ((int)strlen(entry) > width)
				width = (int)strlen(entry);
		}
		width += 2;
		per = (TOPO_PRINT_WIDTH - indent) / width;
		if (per < 1)
			per = 1;
		col = 0;
		for (c = start; c != -1 && m->nodes[c].type == TOPO_CORE;
		    c = m->nodes[c].next_sibling) {
			const struct topo_core *core = &m->cores[m->nodes[c].index];

			if (core->nallowed < core->npus)
				*any_disallowed = 1;
			if (topo_print_caches(m, start, c, indent, col, f))
				col = 0;
			topo_core_entry(m, core, entry, sizeof entry);
			if (col == 0)
				fprintf(f, "%*s", indent, "");
			col++;
			if (col == per || topo_print_run_ends(m, c)) {
				fprintf(f, "%s\n", entry);
				col = 0;
			} else
				fprintf(f, "%-*s", width, entry);
		}
	}
}

/* The tree as text, readable at 80 columns for hundreds of CPUs. */
void
topo_print_text(const struct topo *m, FILE *f)
{
	char	list[1024];
	int	any_disallowed = 0;

	topo_print_counts(m, f);
	fprintf(f, "Cores by logical index; CPUs by OS index, as taskset numbers them.\n\n");
	topo_print_node(m, 0, f, &any_disallowed);
	if (any_disallowed)
		fprintf(f, "\n! marks CPUs this process's cpuset does not allow.\n");
	if (cpuset_count(&m->offline) > 0) {
		cpuset_format(&m->offline, list, sizeof list);
		fprintf(f, "Offline CPUs: %s\n", list);
	}
}

/*
 * A core's own caches, outermost first as lstopo nests them: "caches":
 * [{"level":2,"cache_type":"unified","bytes":1048576}, ...].
 */
static void
topo_json_caches(const struct topo_core *c, struct jsonw *w)
{
	int	i;

	jsonw_key_array(w, "caches");
	for (i = 0; i < c->ncaches; i++) {
		jsonw_object(w);
		jsonw_key_int(w, "level", c->caches[i].level);
		jsonw_key_str(w, "cache_type", c->caches[i].kind == 'd' ? "data" :
		    c->caches[i].kind == 'i' ? "instruction" : "unified");
		if (c->caches[i].bytes)
			jsonw_key_int(w, "bytes", (long long)c->caches[i].bytes);
		else
			jsonw_key_null(w, "bytes");
		jsonw_object_end(w);
	}
	jsonw_array_end(w);
}

/* One node and its subtree as JSON. */
static void
topo_json_node(const struct topo *m, int idx, struct jsonw *w)
{
	const struct topo_node	*n = &m->nodes[idx];
	int			 c;

	jsonw_object(w);
	jsonw_key_str(w, "type", topo_type_name(n->type));
	if (n->type == TOPO_CACHE)
		jsonw_key_int(w, "level", n->cache_level);
	jsonw_key_int(w, "logical_index", n->logical_index);
	if (n->os_index >= 0)
		jsonw_key_int(w, "os_index", n->os_index);
	else
		jsonw_key_null(w, "os_index");
	if (n->subtype != NULL)
		jsonw_key_str(w, "subtype", n->subtype);
	if (n->bytes)
		jsonw_key_int(w, "bytes", (long long)n->bytes);
	jsonw_key_bool(w, "allowed", n->allowed);
	if (n->type == TOPO_CORE && m->cores[n->index].kind != -1)
		jsonw_key_str(w, "kind", m->kinds[m->cores[n->index].kind].label);
	if (n->type == TOPO_CORE)
		topo_json_caches(&m->cores[n->index], w);
	if (n->type == TOPO_PU)
		jsonw_key_int(w, "rank", m->pus[n->index].rank);
	else {
		jsonw_key_array(w, "children");
		for (c = n->first_child; c != -1; c = m->nodes[c].next_sibling)
			topo_json_node(m, c, w);
		jsonw_array_end(w);
	}
	jsonw_object_end(w);
}

/* The model as one JSON object: source, summary, kinds, and the whole tree. */
void
topo_print_json(const struct topo *m, FILE *f)
{
	const struct topo_summary	*s = &m->summary;
	struct strbuf			 sb;
	struct jsonw			 w;
	char				 list[4096];
	int				 k;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "source", m->source == TOPO_LIVE ? "live" :
	    m->source == TOPO_XML ? "xml" : "synthetic");
	jsonw_key_str(&w, "input", m->source_name);
	jsonw_key_str(&w, "cpu_vendor", m->cpu_vendor);
	jsonw_key_str(&w, "cpu_model", m->cpu_model);
	jsonw_key_object(&w, "summary");
	jsonw_key_int(&w, "packages", s->packages);
	jsonw_key_int(&w, "numa_nodes", s->numa_nodes);
	jsonw_key_int(&w, "cores", s->cores);
	jsonw_key_int(&w, "pus", s->pus);
	jsonw_key_int(&w, "smt_width_max", s->smt_width_max);
	jsonw_key_int(&w, "cpu_kinds", s->cpu_kinds);
	jsonw_object_end(&w);
	cpuset_format(&m->allowed, list, sizeof list);
	jsonw_key_str(&w, "allowed", list);
	cpuset_format(&m->offline, list, sizeof list);
	jsonw_key_str(&w, "offline", list);
	smtstate_json(&m->smt, &w);
	jsonw_key_array(&w, "kinds");
	for (k = 0; k < m->nkinds; k++) {
		jsonw_object(&w);
		jsonw_key_str(&w, "label", m->kinds[k].label);
		jsonw_key_int(&w, "efficiency", m->kinds[k].efficiency);
		jsonw_key_str(&w, "core_type", m->kinds[k].core_type);
		jsonw_key_int(&w, "pus", m->kinds[k].npus);
		jsonw_object_end(&w);
	}
	jsonw_array_end(&w);
	jsonw_key(&w, "tree");
	topo_json_node(m, 0, &w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	strbuf_puts(&sb, "\n");
	fputs(sb.s, f);
	strbuf_free(&sb);
}

/* The columns of topo --csv: one row per object of the tree. */
enum {
	TOPO_CSV_ID, TOPO_CSV_PARENT, TOPO_CSV_DEPTH, TOPO_CSV_TYPE, TOPO_CSV_LEVEL,
	TOPO_CSV_LOGICAL, TOPO_CSV_OS, TOPO_CSV_SIZE, TOPO_CSV_UNIT, TOPO_CSV_ALLOWED,
	TOPO_CSV_KIND, TOPO_CSV_CPUS, TOPO_CSV_LABEL, TOPO_CSV_NCOLS
};
static const struct report_col topo_csv_cols[TOPO_CSV_NCOLS] = {
	{ .key = "id" }, { .key = "parent" }, { .key = "depth" }, { .key = "type" },
	{ .key = "level" }, { .key = "logical_index" }, { .key = "os_index" },
	{ .key = "size" }, { .key = "unit" }, { .key = "allowed" }, { .key = "kind" },
	{ .key = "cpus" }, { .key = "label" }
};

/* One object's row (its place in the tree, its size in the unit shown, its CPUs), then its children's. */
static void
topo_csv_node(const struct topo *m, int idx, struct report_table *t)
{
	const struct topo_node	*n = &m->nodes[idx];
	struct cpuset		 set;
	char			 buf[4096];
	size_t			 digits;
	int			 row = report_add_row(t), i;

	report_set_num(t, row, TOPO_CSV_ID, idx, NULL, REPORT_NEUTRAL);
	if (n->parent >= 0)
		report_set_num(t, row, TOPO_CSV_PARENT, n->parent, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, TOPO_CSV_DEPTH, n->depth, NULL, REPORT_NEUTRAL);
	report_set_text(t, row, TOPO_CSV_TYPE, "%s", topo_type_name(n->type));
	if (n->type == TOPO_CACHE)
		report_set_num(t, row, TOPO_CSV_LEVEL, n->cache_level, NULL, REPORT_NEUTRAL);
	report_set_num(t, row, TOPO_CSV_LOGICAL, n->logical_index, NULL, REPORT_NEUTRAL);
	if (n->os_index >= 0)
		report_set_num(t, row, TOPO_CSV_OS, n->os_index, NULL, REPORT_NEUTRAL);
	if (n->bytes) {
		util_fmt_bytes(buf, sizeof buf, n->bytes);
		digits = strspn(buf, "0123456789");
		report_set_text(t, row, TOPO_CSV_UNIT, "%s", buf + digits);
		buf[digits] = '\0';
		report_set_num(t, row, TOPO_CSV_SIZE, strtod(buf, NULL),
		    report_cell(t, row, TOPO_CSV_UNIT)->s, REPORT_NEUTRAL);
	}
	report_set_text(t, row, TOPO_CSV_ALLOWED, "%s", n->allowed ? "true" : "false");
	if (n->type == TOPO_CORE && m->cores[n->index].kind != -1)
		report_set_text(t, row, TOPO_CSV_KIND, "%s",
		    m->kinds[m->cores[n->index].kind].label);
	cpuset_zero(&set);
	for (i = n->first_pu; i < n->first_pu + n->npus; i++)
		cpuset_set(&set, m->pus[i].os_index);
	cpuset_format(&set, buf, sizeof buf);
	report_set_text(t, row, TOPO_CSV_CPUS, "%s", buf);
	topo_node_label(m, n, buf, sizeof buf);
	report_set_text(t, row, TOPO_CSV_LABEL, "%s", buf);
	for (i = n->first_child; i != -1; i = m->nodes[i].next_sibling)
		topo_csv_node(m, i, t);
}

/* The tree as CSV: one row per object in tree order, sizes in the unit shown. */
void
topo_print_csv(const struct topo *m, FILE *f)
{
	struct report_table	*t = report_new(topo_csv_cols, TOPO_CSV_NCOLS);

	topo_csv_node(m, 0, t);
	report_write_csv(t, f);
	report_free(t);
}
