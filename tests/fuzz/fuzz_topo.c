/* fuzz_topo.c: libFuzzer harness for topology input: hwloc XML and synthetic strings. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/topo.h"
#include "report/reports.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A private file for XML inputs (hwloc reads XML from a path). */
static const char *
fuzz_path(void)
{
	static char	path[64];
	int		fd;

	if (path[0] == '\0') {
		snprintf(path, sizeof path, "/tmp/smtscope-fuzz-topo.XXXXXX");
		if ((fd = mkstemp(path)) == -1)
			__builtin_trap();
		close(fd);
	}
	return path;
}

/* Load one input into the model; a model that loads must print and resolve places. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct topo	*m;
	FILE		*f;
	char		 err[512], desc[512];
	int		 os;

	if (len > 0 && data[0] == '<') {
		if ((f = fopen(fuzz_path(), "w")) == NULL)
			__builtin_trap();
		fwrite(data, 1, len, f);
		fclose(f);
		m = topo_load_xml(fuzz_path(), err, sizeof err);
	} else {
		if (len >= sizeof desc)
			len = sizeof desc - 1;
		memcpy(desc, data, len);
		desc[len] = '\0';
		m = topo_load_synthetic(desc, err, sizeof err);
	}
	if (m == NULL)
		return 0;
	if ((f = fopen("/dev/null", "w")) != NULL) {
		topo_print_text(m, f);
		topo_print_json(m, f);
		fclose(f);
	}
	if (topo_parse_place(m, "core:0.pu:0", &os, err, sizeof err) == 0 &&
	    topo_pu_by_os(m, os) == NULL)
		__builtin_trap();
	(void)topo_relation(m, 0, 1);
	topo_free(m);
	return 0;
}
