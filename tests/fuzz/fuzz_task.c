/*
 * fuzz_task.c: libFuzzer harness for the /proc/PID task readers (stat,
 * schedstat, status, sched) through a settable root: the first byte picks
 * the file, the rest is its content.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "sample/task.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const fuzz_files[] = {
	"proc/4242/stat",
	"proc/4242/schedstat",
	"proc/4242/status",
	"proc/4242/sched",
	"proc/4242/comm",
};
static const char *const fuzz_plain_text[] = {
	"4242 (smtscope:hash) R 1 4242 4242 0 -1 4194304 100 0 0 0 50 10 0 0 20 0 1 0 "
	    "12345 1000000 100 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0\n",
	"123456789 1000 7\n",
	"Name:\tsmtscope:hash\nvoluntary_ctxt_switches:\t5\n"
	    "nonvoluntary_ctxt_switches:\t9\n",
	"smtscope:hash (4242, #threads: 1)\n---\nse.nr_migrations : 3\n",
	"smtscope:hash\n",
};

#include "fuzz_tree.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct task_figures	t;
	char			why[TASK_WHY_MAX];
	size_t			i;

	if (fuzz_root[0] == '\0')
		fuzz_tree_init("task");
	if (len == 0)
		return 0;
	i = data[0] % FUZZ_NFILES;
	fuzz_write(i, data + 1, len - 1);
	(void)task_read(4242, fuzz_root, &t);
	(void)task_probe(4242, fuzz_root, why, sizeof why);
	fuzz_plain(i);
	return 0;
}
