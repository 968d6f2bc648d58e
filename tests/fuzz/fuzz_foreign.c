/*
 * fuzz_foreign.c: libFuzzer harness for the readers of others' work
 * (foreign.c): a /proc tree under the settable root with two single-threaded
 * processes, one of two threads and one of smtscope's own; a scan of the
 * plain tree, then the first byte picks a file that gets the rest as its
 * content, and a second scan a second later. Every share is a finite
 * number at or above zero, every process named is a CPU of the machine's,
 * every description fits its buffer, whatever the files say.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sample/foreign.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define FUZZ_NCPUS	4

static const char *const fuzz_files[] = {
	"proc/100/stat",
	"proc/100/schedstat",
	"proc/101/stat",
	"proc/200/stat",
	"proc/200/task/200/stat",
	"proc/200/task/201/stat",
	"proc/300/stat",
	"proc/300/task/300/stat",
};
/* The plain content of each file: a stat line of 52 fields, or a schedstat. */
static const char *const fuzz_plain_text[] = {
	"100 (cc1) R 1 100 100 0 -1 0 0 0 0 0 50 10 0 0 20 0 1 0 1 1 1 1 1 1 1 1 1 "
	    "1 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
	"123456789 0 7\n",
	"101 (a (b) c) S 1 101 101 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 1 1 1 1 1 1 1 1 1 "
	    "1 0 0 0 0 0 0 0 0 0 2 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
	"200 (java) S 1 200 200 0 -1 0 0 0 0 0 80 20 0 0 20 0 2 0 1 1 1 1 1 1 1 1 1 "
	    "1 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
	"200 (java) S 1 200 200 0 -1 0 0 0 0 0 40 10 0 0 20 0 2 0 1 1 1 1 1 1 1 1 1 "
	    "1 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
	"201 (GC thread) R 1 200 200 0 -1 0 0 0 0 0 40 10 0 0 20 0 2 0 1 1 1 1 1 1 1 "
	    "1 1 1 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
	"300 (smtscope:spin) R 1 300 300 0 -1 0 0 0 0 0 90 0 0 0 20 0 1 0 1 1 1 1 1 1 "
	    "1 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
	"300 (smtscope:spin) R 1 300 300 0 -1 0 0 0 0 0 90 0 0 0 20 0 1 0 1 1 1 1 1 1 "
	    "1 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
};

#include "fuzz_tree.h"

/* Is v finite and not negative? */
static int
fuzz_share(double v)
{
	return isfinite(v) && v >= 0;
}

/* Check what a scan says about every CPU. */
static void
fuzz_check(const struct foreign *f)
{
	struct foreign_proc	top[8];
	char			desc[256];
	int			cpu, n, k;

	if (!fuzz_share(foreign_interval_s(f)))
		__builtin_trap();
	for (cpu = 0; cpu < FUZZ_NCPUS; cpu++) {
		if (!fuzz_share(foreign_cpu_share(f, cpu)))
			__builtin_trap();
		n = foreign_top(f, cpu, top, 8);
		if (n < 0 || n > 8)
			__builtin_trap();
		for (k = 0; k < n; k++)
			if (top[k].cpu != cpu || !fuzz_share(top[k].share) ||
			    memchr(top[k].comm, '\0', sizeof top[k].comm) == NULL ||
			    top[k].pid == 300)
				__builtin_trap();
		foreign_describe(f, cpu, 0.0, 4, desc, sizeof desc);
		if (memchr(desc, '\0', sizeof desc) == NULL)
			__builtin_trap();
	}
}

/* Two scans, the second over the fuzzed file. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static const pid_t	 own[] = { 300 };
	struct foreign		*f;
	uint64_t		 ns, sys;
	size_t			 i;
	int			 cpu;

	if (fuzz_root[0] == '\0')
		fuzz_tree_init("foreign");
	if (len == 0)
		return 0;
	for (i = 0; i < FUZZ_NFILES; i++)
		fuzz_plain(i);
	f = foreign_new(fuzz_root, FUZZ_NCPUS);
	foreign_sample(f, own, 1, 1000000000ULL);
	fuzz_check(f);
	fuzz_write(data[0] % FUZZ_NFILES, data + 1, len - 1);
	foreign_sample(f, own, 1, 2000000000ULL);
	fuzz_check(f);
	if (foreign_proc_ns(f, 300, &ns, &sys, &cpu) == 0 && sys > ns)
		__builtin_trap();
	foreign_free(f);
	return 0;
}
