/*
 * fuzz_record.c: libFuzzer harness for reading recordings (record.c's line
 * reader, replay.c's checks) and replay --summary's report. The first
 * byte's low bit says whether the rest is written gzip-compressed (the
 * reader's gzip path) or as it is; a refusal must name the file and line.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "exp/record/replay.h"
#include "report/reports.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	fuzz_path[64];

/* Remove the input's file at the end. */
static void
fuzz_cleanup(void)
{
	unlink(fuzz_path);
}

/* Write the input to a file of ours, plain or gzip; 0 or -1. */
static int
fuzz_file(const char *path, const uint8_t *data, size_t len, int gz)
{
	FILE	*f;
	gzFile	 z;
	int	 bad;

	if (gz) {
		if ((z = gzopen(path, "wb")) == NULL)
			return -1;
		bad = len > 0 && gzwrite(z, data, (unsigned)len) == 0;
		return (gzclose(z) != Z_OK || bad) ? -1 : 0;
	}
	if ((f = fopen(path, "wb")) == NULL)
		return -1;
	bad = fwrite(data, 1, len, f) != len;
	return (fclose(f) != 0 || bad) ? -1 : 0;
}

/* Read the input as a recording; print its summary in every format. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static FILE	*null;
	struct replay	 rp;
	char		 err[8192];

	if (len == 0)
		return 0;
	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL)
		return 0;
	if (fuzz_path[0] == '\0') {
		snprintf(fuzz_path, sizeof fuzz_path, "/tmp/fuzz_record.%d", (int)getpid());
		atexit(fuzz_cleanup);
	}
	if (fuzz_file(fuzz_path, data + 1, len - 1, data[0] & 1) == -1)
		return 0;
	err[0] = '\0';
	if (replay_read(&rp, fuzz_path, err, sizeof err) == -1) {
		if (strncmp(err, fuzz_path, strlen(fuzz_path)) != 0)
			__builtin_trap();
		return 0;
	}
	if (rp.warning[0] != '\0' && strstr(rp.warning, ": line ") == NULL)
		__builtin_trap();
	replay_summary(&rp, REPORT_TEXT, null);
	replay_summary(&rp, REPORT_JSON, null);
	replay_summary(&rp, REPORT_CSV, null);
	replay_free(&rp);
	return 0;
}
