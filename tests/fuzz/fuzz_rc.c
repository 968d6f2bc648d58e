/*
 * fuzz_rc.c: libFuzzer harness for the live screen's settings file
 * (rc_read): any bytes are read without a crash or a hang; each setting
 * read is in its range; a malformed line is named by file and line; and
 * what was read, written back with rc_write and read again, is the same.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui/rc.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	fuzz_dir[64];

/* Remove the harness's files at the end. */
static void
fuzz_cleanup(void)
{
	char	path[128];

	snprintf(path, sizeof path, "%s/in", fuzz_dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/out", fuzz_dir);
	unlink(path);
	rmdir(fuzz_dir);
}

/* Is every setting unset or in its range? */
static int
fuzz_sane(const struct rc *rc)
{
	if (rc->delay_tenths != 0 && (rc->delay_tenths < 1 || rc->delay_tenths > 100))
		return 0;
	if (rc->chart < -1 || rc->chart > 1)
		return 0;
	if (rc->view[0] != '\0' && strcmp(rc->view, "tree") != 0 &&
	    strcmp(rc->view, "grid") != 0 && strcmp(rc->view, "c2c") != 0 &&
	    strcmp(rc->view, "auto") != 0)
		return 0;
	return memchr(rc->theme, '\0', sizeof rc->theme) != NULL &&
	    strchr(rc->theme, '\n') == NULL;
}

/* Read the input as a settings file; write what it set and read that back. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct rc	 a, b;
	char		 in[128], out[128], err[8192];
	FILE		*f;
	int		 bad;

	if (fuzz_dir[0] == '\0') {
		/* tmpfs where there is one: rc_write syncs every file it writes. */
		snprintf(fuzz_dir, sizeof fuzz_dir, "%s/smtscope-fuzz-rc.XXXXXX",
		    access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
		if (mkdtemp(fuzz_dir) == NULL)
			__builtin_trap();
		atexit(fuzz_cleanup);
	}
	snprintf(in, sizeof in, "%s/in", fuzz_dir);
	snprintf(out, sizeof out, "%s/out", fuzz_dir);
	if ((f = fopen(in, "w")) == NULL)
		return 0;
	fwrite(data, 1, len, f);
	fclose(f);
	rc_init(&a);
	err[0] = '\0';
	bad = rc_read(&a, in, err, sizeof err);
	if (bad < -1 || (bad != 0 && strncmp(err, in, strlen(in)) != 0))
		__builtin_trap();
	if (bad == -1)
		return 0;
	if (!fuzz_sane(&a))
		__builtin_trap();
	if (rc_write(&a, out, err, sizeof err) == -1)
		__builtin_trap();
	rc_init(&b);
	if (rc_read(&b, out, err, sizeof err) != 0 || strcmp(a.theme, b.theme) != 0 ||
	    a.delay_tenths != b.delay_tenths || strcmp(a.view, b.view) != 0 ||
	    a.chart != b.chart)
		__builtin_trap();
	return 0;
}
