/* test_smtstate.c: the SMT state and CPU set (issue 23), from topologies made here. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "model/smtstate.h"
#include "model/topo.h"
#include "tap.h"

/* A bitmask as hwloc XML writes it: "0x0000000f" (at most 32 CPUs here). */
static void
test_mask(char *buf, size_t len, unsigned mask)
{
	snprintf(buf, len, "0x%08x", mask);
}

/*
 * hwloc XML of one package: ncores cores, threads[i] PUs in core i with
 * the OS indexes os[] in tree order; allowed and online masks of OS
 * indexes; complete adds offline CPUs. Returns a malloc'd string.
 */
static char *
test_xml(int ncores, const int *threads, const int *os, unsigned allowed, unsigned complete)
{
	struct strbuf	 sb;
	char		 cs[16], cc[16], ca[16], pc[16];
	unsigned	 online = 0, core;
	int		 i, j, k = 0, gp = 10;

	for (i = 0; i < ncores; i++)
		for (j = 0; j < threads[i]; j++)
			online |= 1u << os[k++];
	test_mask(cs, sizeof cs, online);
	test_mask(cc, sizeof cc, complete | online);
	test_mask(ca, sizeof ca, allowed);
	strbuf_init(&sb);
	strbuf_printf(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<!DOCTYPE topology SYSTEM \"hwloc2.dtd\">\n<topology version=\"2.0\">\n"
	    "<object type=\"Machine\" os_index=\"0\" cpuset=\"%s\" complete_cpuset=\"%s\" "
	    "allowed_cpuset=\"%s\" nodeset=\"0x1\" complete_nodeset=\"0x1\" "
	    "allowed_nodeset=\"0x1\" gp_index=\"1\">\n"
	    "<object type=\"Package\" os_index=\"0\" cpuset=\"%s\" complete_cpuset=\"%s\" "
	    "nodeset=\"0x1\" complete_nodeset=\"0x1\" gp_index=\"2\">\n"
	    "<object type=\"NUMANode\" os_index=\"0\" cpuset=\"%s\" complete_cpuset=\"%s\" "
	    "nodeset=\"0x1\" complete_nodeset=\"0x1\" gp_index=\"3\" "
	    "local_memory=\"1073741824\"/>\n", cs, cc, ca, cs, cc, cs, cc);
	for (i = 0, k = 0; i < ncores; i++) {
		core = 0;
		for (j = 0; j < threads[i]; j++)
			core |= 1u << os[k + j];
		test_mask(pc, sizeof pc, core);
		strbuf_printf(&sb, "<object type=\"Core\" os_index=\"%d\" cpuset=\"%s\" "
		    "complete_cpuset=\"%s\" nodeset=\"0x1\" complete_nodeset=\"0x1\" "
		    "gp_index=\"%d\">\n", i, pc, pc, gp++);
		for (j = 0; j < threads[i]; j++, k++) {
			test_mask(pc, sizeof pc, 1u << os[k]);
			strbuf_printf(&sb, "<object type=\"PU\" os_index=\"%d\" cpuset=\"%s\" "
			    "complete_cpuset=\"%s\" nodeset=\"0x1\" complete_nodeset=\"0x1\" "
			    "gp_index=\"%d\"/>\n", os[k], pc, pc, gp++);
		}
		strbuf_puts(&sb, "</object>\n");
	}
	strbuf_puts(&sb, "</object>\n</object>\n</topology>\n");
	return sb.s;
}

/* Load the XML as a view; NULL (and a failed assertion) when hwloc refuses it. */
static struct topo *
test_load(int ncores, const int *threads, const int *os, unsigned allowed,
    unsigned complete)
{
	struct topo	*m;
	char		*xml = test_xml(ncores, threads, os, allowed, complete), err[512];

	m = topo_load_xmlbuffer(xml, "test", err, sizeof err);
	if (m == NULL)
		ok(0, "the test's XML loads: %s", err);
	free(xml);
	return m;
}

/* The names are a closed set, each parsed back; the short words differ. */
static void
test_names(void)
{
	int	k, j, good = 1;

	for (k = 0; k < SMTSTATE_COUNT; k++) {
		good &= smtstate_parse(smtstate_name(k)) == k;
		for (j = 0; j < k; j++)
			good &= strcmp(smtstate_kind_words(j), smtstate_kind_words(k)) != 0;
	}
	ok(good, "%d states: each JSON value parses back to its state, the words differ",
	    SMTSTATE_COUNT);
	ok(smtstate_parse("absent") == -1 && smtstate_parse(NULL) == -1,
	    "an unknown value is no state");
}

/* One core x 2 threads over CPUs 0-1: on, or in the topology only. */
static void
test_one_core(void)
{
	static const int	 th[] = { 2 }, os[] = { 0, 1 };
	struct topo		*m = test_load(1, th, os, 0x3, 0);
	char			 buf[1024];

	if (m == NULL)
		return;
	topo_smt_compute(&m->smt, m, 1, "on", 1, "");
	ok(m->smt.kind == SMTSTATE_ON && smtstate_on(&m->smt) == 1, "control on: %s",
	    smtstate_name(m->smt.kind));
	smtstate_words(&m->smt, buf, sizeof buf);
	ok(strcmp(buf, "SMT on, 2 threads per core") == 0, "words: %s", buf);
	smtstate_headline(&m->smt, buf, sizeof buf);
	ok(strcmp(buf, "1 package, 1 NUMA node, 1 core x 2 threads (2 logical CPUs); this "
	    "process may use CPUs 0-1: all of them") == 0, "headline: %s", buf);
	topo_smt_compute(&m->smt, m, 1, "notsupported", -1, "HWLOC_XMLFILE");
	smtstate_words(&m->smt, buf, sizeof buf);
	ok(m->smt.kind == SMTSTATE_TOPOLOGY_ONLY && strstr(buf, "the kernel says "
	    "notsupported") != NULL && strstr(buf, "HWLOC_XMLFILE") != NULL,
	    "control notsupported under an override: %s: %s", smtstate_name(m->smt.kind), buf);
	ok(smtstate_on(&m->smt) == 1, "the topology's siblings are what smtscope "
	    "measures: smt_on true");
	topo_smt_compute(&m->smt, m, 1, "off", -1, "");
	ok(m->smt.kind == SMTSTATE_TOPOLOGY_ONLY, "control off with two threads in the "
	    "topology: in the topology only");
	topo_free(m);
}

/* Cores {0,2},{1,3}, CPUs 0-1 allowed: the siblings are outside (issue 23, item 3). */
static void
test_outside(void)
{
	static const int	 th[] = { 2, 2 }, os[] = { 0, 2, 1, 3 };
	struct topo		*m = test_load(2, th, os, 0x3, 0);
	char			 buf[1024], list[64];

	if (m == NULL)
		return;
	topo_smt_compute(&m->smt, m, 1, "on", 1, "");
	cpuset_format(&m->smt.outside, list, sizeof list);
	ok(m->smt.kind == SMTSTATE_OUTSIDE && strcmp(list, "2-3") == 0,
	    "control on, siblings not allowed: %s, outside %s", smtstate_name(m->smt.kind),
	    list);
	smtstate_words(&m->smt, buf, sizeof buf);
	ok(strcmp(buf, "SMT on, 2 threads per core; the siblings are outside this "
	    "process's cpuset (CPU 2 of core 0, CPU 3 of core 1)") == 0, "words: %s", buf);
	smtstate_headline(&m->smt, buf, sizeof buf);
	ok(strcmp(buf, "1 package, 1 NUMA node, 2 cores x 2 threads (4 logical CPUs); this "
	    "process may use CPUs 0-1: one thread of each core") == 0, "headline counts the machine, "
	    "names the allowed set: %s", buf);
	topo_no_sibling(m, 0, buf, sizeof buf);
	ok(strcmp(buf, "CPU 0's sibling CPU 2 is outside this process's cpuset") == 0,
	    "no sibling of CPU 0: %s", buf);
	ok(smtstate_on(&m->smt) == 1, "SMT is on");
	topo_free(m);

	/* CPUs 0-2: one whole core, one thread of the other; SMT usable. */
	m = test_load(2, th, os, 0x7, 0);
	if (m == NULL)
		return;
	topo_smt_compute(&m->smt, m, 1, "on", 1, "");
	smtstate_allowed_words(&m->smt, buf, sizeof buf);
	ok(m->smt.kind == SMTSTATE_ON && strcmp(buf, "this process may use CPUs 0-2: 1 "
	    "whole core and part of 1 more, of 2") == 0, "%s: %s",
	    smtstate_name(m->smt.kind), buf);
	topo_free(m);

	/* CPU 0 alone (taskset -c 0): one thread of one of the two cores. */
	m = test_load(2, th, os, 0x1, 0);
	if (m == NULL)
		return;
	topo_smt_compute(&m->smt, m, 1, "on", 1, "");
	smtstate_allowed_words(&m->smt, buf, sizeof buf);
	ok(m->smt.kind == SMTSTATE_OUTSIDE && strcmp(buf, "this process may use CPU 0: 1 "
	    "thread of 1 of 2 cores") == 0, "%s: %s", smtstate_name(m->smt.kind), buf);
	topo_free(m);
}

/* A 4-thread core with 2 allowed; a hybrid with one SMT kind; offline siblings. */
static void
test_shapes(void)
{
	static const int	 th4[] = { 4 }, os4[] = { 0, 1, 2, 3 };
	static const int	 thh[] = { 2, 1, 1 }, osh[] = { 0, 1, 2, 3 };
	static const int	 th1[] = { 1, 1, 1, 1 }, os1[] = { 0, 1, 2, 3 };
	struct topo		*m;
	char			 buf[1024];

	if ((m = test_load(1, th4, os4, 0x3, 0)) != NULL) {
		topo_smt_compute(&m->smt, m, 1, "on", 1, "");
		smtstate_headline(&m->smt, buf, sizeof buf);
		ok(m->smt.kind == SMTSTATE_ON && strcmp(buf, "1 package, 1 NUMA node, 1 core "
		    "x 4 threads (4 logical CPUs); this process may use CPUs 0-1: 2 of its "
		    "core's 4 threads") ==
		    0, "a 4-thread core, 2 allowed: %s", buf);
		topo_free(m);
	}
	if ((m = test_load(3, thh, osh, 0xf, 0)) != NULL) {
		topo_smt_compute(&m->smt, m, 1, "on", 1, "");
		smtstate_words(&m->smt, buf, sizeof buf);
		ok(m->smt.kind == SMTSTATE_ON && strcmp(buf, "SMT on, up to 2 threads per "
		    "core") == 0, "a hybrid, one kind with SMT: %s", buf);
		smtstate_counts(&m->smt, buf, sizeof buf);
		ok(strcmp(buf, "1 package, 1 NUMA node, 3 cores, 4 logical CPUs (1 to 2 "
		    "threads per core)") == 0, "its counts: %s", buf);
		topo_no_sibling(m, 2, buf, sizeof buf);
		ok(strcmp(buf, "CPU 2's core has one thread") == 0, "its 1-thread core: %s",
		    buf);
		topo_free(m);
	}
	if ((m = test_load(4, th1, os1, 0xf, 0xf0)) != NULL) {
		topo_smt_compute(&m->smt, m, 1, "on", 0, "");
		smtstate_words(&m->smt, buf, sizeof buf);
		ok(m->smt.kind == SMTSTATE_OFFLINE && strstr(buf, "CPUs 4-7") != NULL,
		    "control on, active 0, CPUs 4-7 offline: %s: %s",
		    smtstate_name(m->smt.kind), buf);
		topo_smt_compute(&m->smt, m, 1, "forceoff", 0, "");
		topo_no_sibling(m, 0, buf, sizeof buf);
		ok(m->smt.kind == SMTSTATE_OFF && strcmp(buf, "SMT off (control: forceoff)") ==
		    0, "control forceoff: %s: %s", smtstate_name(m->smt.kind), buf);
		topo_smt_compute(&m->smt, m, 1, "notsupported", -1, "");
		ok(m->smt.kind == SMTSTATE_NOT_SUPPORTED && smtstate_on(&m->smt) == 0,
		    "control notsupported: %s",
		    smtstate_name(m->smt.kind));
		topo_smt_compute(&m->smt, m, 0, "", -1, "");
		ok(m->smt.kind == SMTSTATE_NONE && smtstate_on(&m->smt) == -1,
		    "a view with one thread per core: none, smt_on unknown");
		topo_free(m);
	}
}

/* Under taskset -c 1: the counts are the machine's, the allowed set is named (item 4). */
static void
test_taskset(void)
{
	static const int	 th[] = { 1, 1 }, os[] = { 0, 1 };
	struct topo		*m = test_load(2, th, os, 0x2, 0);
	char			 buf[1024];

	if (m == NULL)
		return;
	topo_smt_compute(&m->smt, m, 1, "notsupported", -1, "");
	smtstate_headline(&m->smt, buf, sizeof buf);
	ok(strcmp(buf, "1 package, 1 NUMA node, 2 cores x 1 thread (2 logical CPUs); this "
	    "process may use CPU 1: 1 of 2 cores") == 0, "headline: %s", buf);
	topo_free(m);
}

/* The JSON object parses, with both sets' counts. */
static void
test_json(void)
{
	static const int	 th[] = { 2, 2 }, os[] = { 0, 2, 1, 3 };
	struct topo		*m = test_load(2, th, os, 0x3, 0);
	struct strbuf		 sb;
	struct jsonw		 w;
	struct json		*j;
	const struct json_val	*o;
	char			 err[256];

	if (m == NULL)
		return;
	topo_smt_compute(&m->smt, m, 1, "on", 1, "");
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	smtstate_json(&m->smt, &w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	j = json_parse(sb.s, sb.len, err, sizeof err);
	ok(j != NULL, "valid JSON (%s)", j != NULL ? "ok" : err);
	if (j != NULL) {
		o = json_get(json_root(j), "smt_state");
		ok(strcmp(json_str(json_get(o, "state"), ""), "siblings-outside") == 0 &&
		    json_get(o, "on")->type == JSON_TRUE &&
		    strcmp(json_str(json_get(o, "control"), ""), "on") == 0,
		    "state siblings-outside, on true, control on");
		ok(json_num(json_get(json_get(o, "machine"), "pus"), -1) == 4 &&
		    json_num(json_get(json_get(o, "allowed"), "pus"), -1) == 2 &&
		    strcmp(json_str(json_get(json_get(o, "allowed"), "cpus"), ""), "0-1") == 0 &&
		    strcmp(json_str(json_get(o, "outside"), ""), "2-3") == 0,
		    "machine 4 CPUs, allowed 0-1, outside 2-3");
		json_free(j);
	}
	strbuf_free(&sb);
	topo_free(m);
}

int
main(void)
{
	test_names();
	test_one_core();
	test_outside();
	test_shapes();
	test_taskset();
	test_json();
	return tap_done();
}
