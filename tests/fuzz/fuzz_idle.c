/*
 * fuzz_idle.c: libFuzzer harness for the record of idle states that
 * check --idle=states leaves while it holds them (idle_hold.c's reader,
 * through idle_record_check and idle_record_restore) under a settable
 * root: the first byte picks the record or a cpuidle file, the rest is its
 * content. What comes back is a message that ends, never empty on a
 * refusal; restoring writes only the record's states of the scratch tree.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "exp/idle.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define S0	"sys/devices/system/cpu/cpu0/cpuidle/state0/"
#define S1	"sys/devices/system/cpu/cpu0/cpuidle/state1/"
static const char *const fuzz_files[] = {
	"run/smtscope/idle-states",
	"run/smtscope/idle-states.lock",
	S0 "name", S0 "disable", S1 "name", S1 "disable",
	"sys/devices/system/cpu/cpuidle/current_driver",
};
static const char *const fuzz_plain_text[] = {
	"# CPU STATE DISABLE-BEFORE NAME.\npid 4242 start 12345\n0 1 0 C1\n",
	"", "POLL\n", "0\n", "C1\n", "1\n", "intel_idle\n",
};

#include "fuzz_tree.h"

/* A message must end inside its buffer, and say something on a refusal. */
static void
fuzz_said(int rc, const char *msg, size_t len)
{
	if (memchr(msg, '\0', len) == NULL || (rc == -1 && msg[0] == '\0'))
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	char	msg[512];
	size_t	i, k;
	int	rc;

	if (fuzz_root[0] == '\0')
		fuzz_tree_init("idle");
	if (len == 0)
		return 0;
	i = data[0] % FUZZ_NFILES;
	fuzz_write(i, data + 1, len - 1);
	memset(msg, 'x', sizeof msg);
	rc = idle_record_check(fuzz_root, msg, sizeof msg);
	fuzz_said(rc, msg, sizeof msg);
	/* The check removes a stale record: restore reads it as it was. */
	if (i == 0)
		fuzz_write(i, data + 1, len - 1);
	else
		fuzz_plain(0);
	memset(msg, 'x', sizeof msg);
	rc = idle_record_restore(fuzz_root, msg, sizeof msg);
	fuzz_said(rc, msg, sizeof msg);
	/* Restoring rewrote the disable files: every file plain again. */
	for (k = 0; k < FUZZ_NFILES; k++)
		fuzz_plain(k);
	return 0;
}
