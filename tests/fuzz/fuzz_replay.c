/*
 * fuzz_replay.c: libFuzzer harness for the replay path of the screen: a
 * recording read whole (replay_read), the model built from the hwloc XML
 * in it (topo_load_xmlbuffer, through hwloc's probe child, so that hwloc
 * crashing is a message) and every recorded load placed on that model, as
 * replayview.c does. The first byte's low bit picks the input: 0, the rest
 * is the recording; 1, the rest is the XML, put into a recording of two
 * CPUs and a load (escaped as JSON) so that hwloc reads fuzzed XML. A
 * refusal names the recording.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/jsonw.h"
#include "engine/loads.h"
#include "exp/record/replay.h"
#include "model/topo.h"
#include "base/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	fuzz_path[64];

/* Remove the input's file at the end. */
static void
fuzz_cleanup(void)
{
	unlink(fuzz_path);
}

/* The recording around fuzzed XML: a header with it, a start, a sample, the end. */
static void
fuzz_wrap(struct strbuf *sb, const uint8_t *xml, size_t len)
{
	struct jsonw	 w;
	char		*s = xmalloc(len + 1);

	memcpy(s, xml, len);
	s[len] = '\0';
	jsonw_init(&w, sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "kind", "record");
	jsonw_key_int(&w, "format", 1);
	jsonw_key_str(&w, "smtscope", "0.1.0");
	jsonw_key_str(&w, "start", "2026-11-30T19:00:00Z");
	jsonw_key_int(&w, "interval", 1);
	jsonw_key_object(&w, "machine");
	jsonw_key_str(&w, "hostname", "fuzz");
	jsonw_object_end(&w);
	jsonw_key_array(&w, "cpus");
	jsonw_int(&w, 0);
	jsonw_int(&w, 1);
	jsonw_array_end(&w);
	jsonw_key_array(&w, "loads");
	jsonw_object(&w);
	jsonw_key_str(&w, "load", "spin@0");
	jsonw_key_str(&w, "kernel", "spin");
	jsonw_key_str(&w, "unit", "Mloop/s");
	jsonw_key_str(&w, "work", "loop");
	jsonw_key_num(&w, "scale", 1e-06);
	jsonw_key_bool(&w, "higher", 1);
	jsonw_object_end(&w);
	jsonw_array_end(&w);
	jsonw_key_str(&w, "xml", s);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	strbuf_puts(sb, "\n{\"t\":0.01,\"e\":\"start\",\"id\":1,\"n\":0}\n"
	    "{\"t\":1,\"c\":[50,0,0,0,0,10],\"l\":[[1,\"r\",2e7,0.99,2e7]]}\n"
	    "{\"t\":1.5,\"e\":\"end\",\"why\":\"quit\"}\n");
	free(s);
}

/* Read the input as a recording, build its model, place its loads. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct load_spec	 spec;
	struct replay		 rp;
	struct strbuf		 sb;
	struct topo		*m;
	FILE			*f;
	char			 err[8192];
	int			 i;

	if (len == 0)
		return 0;
	if (fuzz_path[0] == '\0') {
		snprintf(fuzz_path, sizeof fuzz_path, "/tmp/fuzz_replay.%d", (int)getpid());
		atexit(fuzz_cleanup);
	}
	strbuf_init(&sb);
	if (data[0] & 1)
		fuzz_wrap(&sb, data + 1, len - 1);
	else
		strbuf_add(&sb, (const char *)data + 1, len - 1);
	if ((f = fopen(fuzz_path, "w")) == NULL) {
		strbuf_free(&sb);
		return 0;
	}
	fwrite(sb.s, 1, sb.len, f);
	fclose(f);
	strbuf_free(&sb);
	err[0] = '\0';
	if (replay_read(&rp, fuzz_path, err, sizeof err) == -1) {
		if (strncmp(err, fuzz_path, strlen(fuzz_path)) != 0)
			__builtin_trap();
		return 0;
	}
	if (rp.xml != NULL && (m = topo_load_xmlbuffer(rp.xml, "fuzz", err,
	    sizeof err)) != NULL) {
		for (i = 0; i < rp.nloads; i++)
			(void)loads_parse(m, rp.loads[i].load, &spec, err, sizeof err);
		for (i = 0; i < rp.ncpus; i++)
			(void)topo_pu_by_os(m, rp.cpu_os[i]);
		topo_free(m);
	} else if (rp.xml != NULL && strncmp(err, "fuzz: ", 6) != 0)
		__builtin_trap();
	replay_free(&rp);
	return 0;
}
