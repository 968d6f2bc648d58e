/* test_machine.c: the "machine" object of results, from a fixture tree and live. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "model/machine.h"
#include "tap.h"
#include "model/topo.h"

/* Path of a fixture tree: $TESTDATA or tests/data. */
static const char *
test_root(const char *name)
{
	static char	 root[1024];
	const char	*d = getenv("TESTDATA");

	snprintf(root, sizeof root, "%s/%s", d != NULL && *d != '\0' ? d : "tests/data",
	    name);
	return root;
}

/* A fixture tree: host, kernel, microcode, SMT off, the board. */
static void
test_fixture(void)
{
	struct machine	 mc;
	struct topo	*m;
	char		 err[512];

	m = topo_load_synthetic("pack:2 core:4 pu:1", err, sizeof err);
	ok(m != NULL, "a synthetic topology loads (%s)", m != NULL ? "ok" : err);
	if (m == NULL)
		return;
	machine_fill(&mc, m, NULL, test_root("machine-a"));
	ok(strcmp(mc.hostname, "node17.cluster.example") == 0, "host '%s'", mc.hostname);
	ok(strcmp(mc.kernel, "6.1.0-28-amd64") == 0, "kernel '%s'", mc.kernel);
	ok(strcmp(mc.microcode, "0xd0003a5") == 0, "microcode '%s'", mc.microcode);
	ok(strcmp(mc.smt_control, "off") == 0 && mc.smt_on == 0, "SMT control '%s' on %d",
	    mc.smt_control, mc.smt_on);
	ok(strcmp(mc.dmi[1], "PowerEdge R750") == 0 && strcmp(mc.dmi[6], "1.10.2") == 0 &&
	    mc.dmi[4][0] == '\0', "product '%s', BIOS '%s', no board name", mc.dmi[1],
	    mc.dmi[6]);
	ok(mc.sum.packages == 2 && mc.sum.cores == 8 && mc.sum.pus == 8,
	    "topology summary %d packages %d cores %d CPUs", mc.sum.packages, mc.sum.cores,
	    mc.sum.pus);
	topo_free(m);
}

/* The JSON object parses back with the members compare reads. */
static void
test_json(void)
{
	struct machine	 mc;
	struct topo	*m;
	struct strbuf	 sb;
	struct jsonw	 w;
	struct json	*j;
	const struct json_val *v, *mo;
	char		 err[512], words[128];

	if ((m = topo_load_synthetic("pack:1 core:2 pu:2", err, sizeof err)) == NULL) {
		ok(0, "a synthetic topology loads: %s", err);
		return;
	}
	machine_fill(&mc, m, NULL, test_root("machine-a"));
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	machine_json(&mc, &w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	j = json_parse(sb.s, sb.len, err, sizeof err);
	ok(j != NULL, "the machine object is valid JSON (%s)", j != NULL ? "ok" : err);
	if (j != NULL) {
		mo = json_get(json_root(j), "machine");
		v = json_get(mo, "format");
		ok(v != NULL && json_num(v, -1) == MACHINE_FORMAT, "format %d",
		    MACHINE_FORMAT);
		ok(strcmp(json_str(json_get(mo, "hostname"), ""), "node17.cluster.example")
		    == 0, "hostname");
		v = json_get(json_get(mo, "topology"), "smt_width");
		ok(json_num(v, -1) == 2, "smt_width 2");
		/* Two threads per core in the topology: SMT is on whatever control says. */
		v = json_get(json_get(mo, "topology"), "smt_on");
		ok(v != NULL && v->type == JSON_TRUE, "smt_on true with 2 threads per core");
		ok(json_get(json_get(mo, "dmi"), "board_name") != NULL &&
		    json_get(json_get(mo, "dmi"), "board_name")->type == JSON_NULL,
		    "an unreadable DMI field is null");
		json_free(j);
	}
	machine_smt_words(words, sizeof words, 0, 1);
	ok(strcmp(words, "SMT off (1 thread per core)") == 0, "words: %s", words);
	strbuf_free(&sb);
	topo_free(m);
}

/* A topology file is another machine: no host, kernel or board of ours. */
static void
test_file(void)
{
	struct machine	 mc;
	struct topo	*m;
	char		 err[512];

	if ((m = topo_load_synthetic("pack:1 core:2 pu:2", err, sizeof err)) == NULL)
		return;
	machine_fill(&mc, m, NULL, NULL);
	ok(!mc.live && mc.hostname[0] == '\0' && mc.kernel[0] == '\0' &&
	    mc.dmi[1][0] == '\0', "a synthetic topology has no host (source '%s')",
	    mc.source);
	topo_free(m);
}

int
main(void)
{
	test_fixture();
	test_json();
	test_file();
	return tap_done();
}
