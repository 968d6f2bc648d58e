/* load_main.c: smtscope-load, one synthetic load, exec'd pinned by the supervisor. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/kernels/kernel.h"
#include "engine/load/load.h"
#include "os/os.h"

const char	*__asan_default_options(void);
const char	*__ubsan_default_options(void);

/*
 * In a sanitizer build, leave the fatal signals alone: a load killed by
 * SIGSEGV must end killed by SIGSEGV, as smtscope reports it, not exit 1
 * from the runtime's handler. (Before loads were exec'd, the fork reset
 * those handlers; a user's ASAN_OPTIONS still wins.) Unused otherwise.
 */
const char *
__asan_default_options(void)
{
	return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:"
	    "handle_abort=0";
}

/* The same for UBSan alone. */
const char *
__ubsan_default_options(void)
{
	return __asan_default_options();
}

/* Say how this is run, and exit 2: smtscope runs it, people need not. */
static void __attribute__((noreturn))
load_usage(void)
{
	fprintf(stderr, "usage: " LOAD_PROGRAM " KERNEL a|b PARAM BYTES FD,FD,FD,FD "
	    "COUNTERS SLOT\n(smtscope starts it for each load; see src/load/load.h)\n");
	exit(2);
}

/* Parse a whole decimal number in [min, max]; -1 on error. */
static int
load_parse_num(const char *s, long long min, long long max, long long *out)
{
	char		*end;
	long long	 v;

	if (*s == '\0')
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* Parse the four descriptors "A,B,C,D" (-1 for none); -1 on error. */
static int
load_parse_fds(const char *s, int fd[4])
{
	char		 buf[64], *p, *next;
	long long	 v;
	int		 i;

	if (strlen(s) >= sizeof buf)
		return -1;
	memcpy(buf, s, strlen(s) + 1);
	p = buf;
	for (i = 0; i < 4; i++) {
		if ((next = strchr(p, ',')) != NULL)
			*next++ = '\0';
		if ((i < 3) != (next != NULL) || load_parse_num(p, -1, INT_MAX, &v) != 0)
			return -1;
		fd[i] = (int)v;
		p = next;
	}
	return 0;
}

/* Map the page of the counters that holds our slot; NULL on failure. */
static struct load_slot *
load_map_slot(int fd, long long slot)
{
	long	 page = sysconf(_SC_PAGESIZE);
	off_t	 at = (off_t)slot * LOAD_SLOT_BYTES, base;
	char	*p;

	if (page <= 0)
		page = 4096;
	base = at - at % page;
	p = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, base);
	if (p == MAP_FAILED)
		return NULL;
	return (struct load_slot *)(p + (at - base));
}

/*
 * While the load is alive, its err says why it does no work now (the
 * kernel's stall()), written only when that changes: stalled or not.
 * err[0] goes last on a write and first on a clear, so that a reader
 * (loads_stall()) sees "" or a whole message.
 */
static void
load_stall(struct load_slot *slot, const char *why, int *stalled)
{
	size_t	n;

	if ((why != NULL) == *stalled)
		return;
	*stalled = why != NULL;
	if (why == NULL) {
		__atomic_store_n(&slot->err[0], '\0', __ATOMIC_RELEASE);
		return;
	}
	n = strlen(why);
	if (n == 0)
		why = "?", n = 1;
	if (n > sizeof slot->err - 1)
		n = sizeof slot->err - 1;
	memcpy(slot->err + 1, why + 1, n - 1);
	slot->err[n] = '\0';
	__atomic_store_n(&slot->err[0], why[0], __ATOMIC_RELEASE);
}

/* Name ourselves, map our slot, then run the kernel (or serve as its peer). */
int
main(int argc, char **argv)
{
	const struct kernel	*k;
	struct kernel_param	 p;
	struct load_slot	*slot;
	char			 name[16], err[256];
	long long		 bytes, counters, n;
	uint64_t		 count = 0, done;
	void			*st;
	int			 end_b, stalled = 0;

	if (argc != LOAD_ARGC)
		load_usage();
	if ((k = kernel_find(argv[1])) == NULL)
		load_usage();
	snprintf(name, sizeof name, "smtscope:%s", k->name);
	os_set_name(name);

	memset(&p, 0, sizeof p);
	end_b = strcmp(argv[2], "b") == 0;
	if ((!end_b && strcmp(argv[2], "a") != 0) || strlen(argv[3]) >= sizeof p.text ||
	    load_parse_num(argv[4], 0, LLONG_MAX, &bytes) != 0 ||
	    load_parse_fds(argv[5], p.fd) != 0 ||
	    load_parse_num(argv[6], 0, INT_MAX, &counters) != 0 ||
	    load_parse_num(argv[7], 0, LOAD_SLOTS - 1, &n) != 0)
		load_usage();
	memcpy(p.text, argv[3], strlen(argv[3]) + 1);
	p.bytes = (uint64_t)bytes;
	if (end_b && k->peer == NULL)
		load_usage();

	if ((slot = load_map_slot((int)counters, n)) == NULL) {
		fprintf(stderr, "%s: cannot map the counters: %s\n", name, strerror(errno));
		_exit(LOAD_EXIT_SETUP);
	}
	close((int)counters);

	if (end_b) {
		k->peer(&p);
		_exit(0);
	}
	if ((st = k->init(&p, err, sizeof err)) == NULL) {
		snprintf(slot->err, sizeof slot->err, "%.63s", err);
		_exit(LOAD_EXIT_INIT);
	}
	for (;;) {
		done = k->step(st);
		count += done;
		__atomic_store_n(&slot->count, count, __ATOMIC_RELAXED);
		if (k->stall != NULL)
			load_stall(slot, done == 0 ? k->stall(st) : NULL, &stalled);
	}
}
