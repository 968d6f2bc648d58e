/*
 * fuzz_loadmap.c: libFuzzer harness for topo --svg --loads: the input, as
 * a file, read as a recording or a run result (loadmap_read) on a
 * synthetic two-CPU machine, checked against it (loadmap_check) and, when
 * it passes, drawn (topo_svg_write). A refusal names the file.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exp/record/loadmap.h"
#include "model/topo.h"
#include "report/reports.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char		 fuzz_path[64], fuzz_svg[64];
static struct topo	*fuzz_m;

/* Remove the input's file and the picture at the end. */
static void
fuzz_cleanup(void)
{
	unlink(fuzz_path);
	unlink(fuzz_svg);
	topo_free(fuzz_m);
}

/* Read the input's loads, check them against the machine, draw them. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct loadmap	 lm;
	FILE		*f;
	char		 err[8192];

	if (fuzz_path[0] == '\0') {
		snprintf(fuzz_path, sizeof fuzz_path, "/tmp/fuzz_loadmap.%d", (int)getpid());
		snprintf(fuzz_svg, sizeof fuzz_svg, "/tmp/fuzz_loadmap.%d.svg", (int)getpid());
		if ((fuzz_m = topo_load_synthetic("package:1 core:2 pu:1", err,
		    sizeof err)) == NULL)
			abort();
		atexit(fuzz_cleanup);
	}
	if ((f = fopen(fuzz_path, "w")) == NULL)
		return 0;
	fwrite(data, 1, len, f);
	fclose(f);
	err[0] = '\0';
	if (loadmap_read(&lm, fuzz_path, fuzz_m, err, sizeof err) == -1) {
		if (strncmp(err, fuzz_path, strlen(fuzz_path)) != 0)
			__builtin_trap();
		return 0;
	}
	if (loadmap_check(&lm, fuzz_m, "", err, sizeof err) == 0)
		(void)topo_svg_write(fuzz_m, "fuzz", &lm, fuzz_svg, err, sizeof err);
	else if (strncmp(err, fuzz_path, strlen(fuzz_path)) != 0)
		__builtin_trap();
	loadmap_free(&lm);
	return 0;
}
