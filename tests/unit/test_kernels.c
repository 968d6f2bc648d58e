/* test_kernels.c: the loads' registry, parsers, MD5, chase cycle and steps. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"
#include "tap.h"

#define GIB	(1ULL << 30)
#define MIB	(1ULL << 20)

/* Format a digest as 32 hex digits. */
static void
test_hex(const uint8_t d[16], char out[33])
{
	int	i;

	for (i = 0; i < 16; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* The RFC 1321 test suite, and incremental updates giving the same. */
static void
test_md5(void)
{
	static const char	*suite[][2] = {
		{ "", "d41d8cd98f00b204e9800998ecf8427e" },
		{ "a", "0cc175b9c0f1b6a831c399e269772661" },
		{ "abc", "900150983cd24fb0d6963f7d28e17f72" },
		{ "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
		{ "abcdefghijklmnopqrstuvwxyz",
		    "c3fcd3d76192e4007dfb496cca67e13b" },
		{ "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		    "0123456789", "d174ab98d277d9f5a5611c2c9f419d9f" },
		{ "1234567890123456789012345678901234567890"
		    "1234567890123456789012345678901234567890",
		    "57edf4a22be3c955ac49da2e2107b67a" },
	};
	struct md5_ctx	 ctx;
	uint8_t		 d[16], *buf;
	char		 hex[33], hex2[33];
	size_t		 i, len;

	for (i = 0; i < sizeof suite / sizeof suite[0]; i++) {
		md5_digest(suite[i][0], strlen(suite[i][0]), d);
		test_hex(d, hex);
		ok(strcmp(hex, suite[i][1]) == 0, "MD5(\"%s\") = %s (got %s)",
		    suite[i][0], suite[i][1], hex);
	}

	/* A million 'a's, fed in uneven pieces that straddle blocks. */
	len = 1000000;
	buf = xmalloc(len);
	memset(buf, 'a', len);
	md5_init(&ctx);
	for (i = 0; i < len; i += (i % 7) + 1) {
		size_t	n = (i % 7) + 1;

		md5_update(&ctx, buf + i, n > len - i ? len - i : n);
	}
	md5_final(&ctx, d);
	test_hex(d, hex);
	ok(strcmp(hex, "7707d6ae4e027c70eea2a935c2296f21") == 0,
	    "MD5 of a million 'a' in pieces (got %s)", hex);
	md5_digest(buf, len, d);
	test_hex(d, hex2);
	ok(strcmp(hex, hex2) == 0, "MD5 in one call equals in pieces");

	/* Lengths around the 56-byte padding edge. */
	for (len = 55; len <= 65; len++) {
		md5_init(&ctx);
		for (i = 0; i < len; i++)
			md5_update(&ctx, buf + i, 1);
		md5_final(&ctx, d);
		test_hex(d, hex);
		md5_digest(buf, len, d);
		test_hex(d, hex2);
		if (strcmp(hex, hex2) != 0)
			break;
	}
	ok(len == 66, "MD5 byte by byte equals one call for 55..65 bytes");
	free(buf);
}

/* Follow next[] from slot 0; 1 if it is one cycle through all n slots. */
static int
test_one_cycle(const uint64_t *next, size_t n, size_t stride)
{
	uint8_t	*seen;
	size_t	 i, cur = 0;
	int	 good = 1;

	seen = xcalloc(n, 1);
	for (i = 0; i < n; i++) {
		if (cur >= n || seen[cur]) {
			good = 0;
			break;
		}
		seen[cur] = 1;
		cur = (size_t)next[cur * stride];
	}
	if (good && cur != 0)
		good = 0;
	free(seen);
	return good;
}

/* Sattolo's algorithm gives one cycle over all slots, whatever n. */
static void
test_chase_cycle(void)
{
	static const size_t	 sizes[] = { 1, 2, 3, 7, 64, 1000, 4097,
				     1 << 20 };
	uint64_t		*next, a, b;
	size_t			 i, n;
	int			 fixed;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		n = sizes[i];
		next = xcalloc(n, sizeof *next);
		chase_build(next, n, 1, 42 + i);
		ok(test_one_cycle(next, n, 1), "chase: one cycle over %zu slots",
		    n);
		if (n > 1) {
			size_t	j;

			fixed = 0;
			for (j = 0; j < n; j++)
				fixed += next[j] == j;
			ok(fixed == 0, "chase: no slot of %zu links to itself", n);
		}
		free(next);
	}

	/* Strided, as the load lays it out: one index per cache line. */
	n = 513;
	next = xcalloc(n * 8, sizeof *next);
	chase_build(next, n, 8, 7);
	ok(test_one_cycle(next, n, 8), "chase: one cycle with stride 8");
	free(next);

	/* Random: two seeds give two different cycles. */
	n = 100;
	next = xcalloc(2 * n, sizeof *next);
	chase_build(next, n, 1, 1);
	chase_build(next + n, n, 1, 2);
	a = b = 0;
	for (i = 0; i < n; i++) {
		a += next[i] != next[n + i];
		b += next[i] == (i + 1) % n;
	}
	ok(a > 0 && b < n, "chase: seeds give different, non-trivial cycles");
	free(next);

	/* The packed 32-bit table the load builds in: the same cycle. */
	{
		uint32_t	*n32;
		int		 same = 1;

		n = 4097;
		n32 = xcalloc(n, sizeof *n32);
		next = xcalloc(n, sizeof *next);
		chase_build32(n32, n, 9);
		chase_build(next, n, 1, 9);
		for (i = 0; i < n; i++)
			same &= next[i] == n32[i];
		ok(same, "chase: the 32-bit table holds the cycle the 64-bit one does");
		for (i = 0; i < n; i++)
			next[i] = n32[i];
		ok(test_one_cycle(next, n, 1), "chase: one cycle over %zu slots, 32-bit", n);
		free(next);
		free(n32);
	}
}

/* Parse with a kernel, returning its result; err holds the message. */
static int
test_parse(const char *name, const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	const struct kernel	*k = kernel_find(name);

	*err = '\0';
	return k->parse(param, env, p, err, errlen);
}

/* What each parser accepts and rejects, and the words it uses. */
static void
test_parsers(void)
{
	static const char	*none[] = { "int", "fp", "spin", "fork" };
	struct kernel_env	 env = { 8 * MIB, 12 * GIB };
	struct kernel_env	 unknown = { 0, 0 };
	struct kernel_param	 p;
	char			 err[256], want[128];
	size_t			 i;
	int			 r;

	for (i = 0; i < sizeof none / sizeof none[0]; i++) {
		r = test_parse(none[i], NULL, &env, &p, err, sizeof err);
		ok(r == 0 && p.bytes == 0 && p.fd[0] == -1 && p.fd[3] == -1,
		    "%s: no parameter accepted", none[i]);
		r = test_parse(none[i], "", &env, &p, err, sizeof err);
		ok(r == 0, "%s: empty parameter accepted", none[i]);
		r = test_parse(none[i], "32k", &env, &p, err, sizeof err);
		snprintf(want, sizeof want,
		    "%s takes no parameter (got \"32k\")", none[i]);
		ok(r == -1 && strcmp(err, want) == 0, "%s:32k rejected: %s",
		    none[i], err);
	}

	r = test_parse("chase", "32k", &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 32768 && strcmp(p.text, "32k") == 0,
	    "chase:32k is 32768 bytes");
	r = test_parse("chase", "1m", &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == MIB, "chase:1m is 1 MiB");
	r = test_parse("chase", "256m", &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 256 * MIB, "chase:256m is 256 MiB");
	r = test_parse("chase", NULL, &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 32 * MIB && p.text[0] == '\0',
	    "chase: default is 4x an 8 MiB LLC");
	r = test_parse("chase", NULL, &unknown, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 64 * MIB, "chase: default 64 MiB, LLC unknown");
	r = test_parse("chase", "256g", &env, &p, err, sizeof err);
	ok(r == -1 && strcmp(err,
	    "chase:256g needs 256 GiB, only 12 GiB available") == 0,
	    "chase:256g rejected: %s", err);
	r = test_parse("chase", "256g", &unknown, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 256 * GIB,
	    "chase:256g accepted when free memory is unknown");
	r = test_parse("chase", "lots", &env, &p, err, sizeof err);
	ok(r == -1 && strncmp(err, "chase: bad size \"lots\"", 22) == 0,
	    "chase:lots rejected: %s", err);
	r = test_parse("chase", "32q", &env, &p, err, sizeof err);
	ok(r == -1 && strstr(err, "bad size") != NULL, "chase:32q rejected");
	r = test_parse("chase", "16", &env, &p, err, sizeof err);
	ok(r == -1 && strcmp(err, "chase:16 is too small (at least 1 KiB)") == 0,
	    "chase:16 rejected: %s", err);
	r = test_parse("chase", "1000000000000000000000000000000000000000000"
	    "0000000000000000000000000", &env, &p, err, sizeof err);
	ok(r == -1 && strstr(err, "too long") != NULL,
	    "chase: a 68-character parameter rejected: %s", err);

	r = test_parse("stream", NULL, &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 32 * MIB, "stream: default is 4x the LLC");
	r = test_parse("stream", "1g", &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == GIB, "stream:1g accepted");
	r = test_parse("stream", "13g", &env, &p, err, sizeof err);
	ok(r == -1 && strcmp(err,
	    "stream:13g needs 13 GiB, only 12 GiB available") == 0,
	    "stream:13g rejected: %s", err);
	r = test_parse("stream", "-1", &env, &p, err, sizeof err);
	ok(r == -1 && strstr(err, "bad size") != NULL, "stream:-1 rejected");

	r = test_parse("hash", NULL, &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 8192, "hash: default buffer is 8 KiB");
	r = test_parse("hash", "1m", &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == MIB, "hash:1m accepted");
	r = test_parse("hash", "1", &env, &p, err, sizeof err);
	ok(r == -1 && strcmp(err, "hash:1 is too small (at least 64 bytes)") ==
	    0, "hash:1 rejected: %s", err);

	/* Little memory: the default shrinks to fit rather than fail. */
	env.llc_bytes = 32 * MIB;
	env.mem_avail_bytes = 100 * MIB;
	r = test_parse("chase", NULL, &env, &p, err, sizeof err);
	ok(r == 0 && p.bytes == 50 * MIB, "chase: default capped at half of"
	    " free memory");

	r = test_parse("pipe", "x", &env, &p, err, sizeof err);
	ok(r == -1 && strcmp(err, "pipe takes no parameter (got \"x\")") == 0 &&
	    p.fd[0] == -1, "pipe:x rejected, no pipes made");
	r = test_parse("pipe", NULL, &env, &p, err, sizeof err);
	ok(r == 0 && p.fd[0] >= 0 && p.fd[1] >= 0 && p.fd[2] >= 0 &&
	    p.fd[3] >= 0, "pipe: parse makes two pipes");
	ok((fcntl(p.fd[1], F_GETFD) & FD_CLOEXEC) != 0,
	    "pipe: descriptors are close-on-exec");
	{
		int	fds[4];

		memcpy(fds, p.fd, sizeof fds);
		kernel_param_close(&p);
		for (i = 0; i < 4; i++) {
			if (fcntl(fds[i], F_GETFD) != -1 || errno != EBADF)
				break;
		}
		ok(i == 4 && p.fd[0] == -1 && p.fd[3] == -1,
		    "kernel_param_close closes all four");
	}
}

/* Sizes printed the way error messages print them. */
static void
test_fmt_size(void)
{
	char	buf[32];

	kernels_fmt_size(buf, sizeof buf, 12 * GIB);
	ok(strcmp(buf, "12 GiB") == 0, "fmt 12 GiB (%s)", buf);
	kernels_fmt_size(buf, sizeof buf, 3 * MIB / 2);
	ok(strcmp(buf, "1.5 MiB") == 0, "fmt 1.5 MiB (%s)", buf);
	kernels_fmt_size(buf, sizeof buf, 64);
	ok(strcmp(buf, "64 bytes") == 0, "fmt 64 bytes (%s)", buf);
	kernels_fmt_size(buf, sizeof buf, 12 * GIB + 300 * MIB);
	ok(strcmp(buf, "12 GiB") == 0, "fmt 12.3 GiB rounds to 12 GiB (%s)",
	    buf);
}

/* Every single-ended kernel prepares and does work. */
static void
test_steps(void)
{
	static const char	*runs[][2] = {
		{ "hash", NULL }, { "hash", "1000" }, { "int", NULL },
		{ "fp", NULL }, { "spin", NULL }, { "chase", "32k" },
		{ "chase", "1k" }, { "stream", "64k" }, { "fork", NULL },
	};
	struct kernel_env	 env = { 1 * MIB, 0 };
	struct kernel_param	 p;
	const struct kernel	*k;
	void			*st;
	char			 err[256];
	uint64_t		 u1, u2;
	size_t			 i;

	for (i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		k = kernel_find(runs[i][0]);
		if (k->parse(runs[i][1], &env, &p, err, sizeof err) != 0) {
			ok(0, "%s: parse: %s", runs[i][0], err);
			continue;
		}
		if ((st = k->init(&p, err, sizeof err)) == NULL) {
			ok(0, "%s: init: %s", runs[i][0], err);
			continue;
		}
		u1 = k->step(st);
		u2 = k->step(st);
		ok(u1 > 0 && u2 > 0, "%s%s%s: step does work (%llu %s)",
		    runs[i][0], runs[i][1] ? ":" : "", runs[i][1] ? runs[i][1] :
		    "", (unsigned long long)u1, k->work_unit);
		if (strcmp(k->name, "hash") == 0) {
			uint8_t	 d[16], want[16], *buf;
			size_t	 len = (size_t)p.bytes;

			ok(u1 % len == 0 && u1 >= 256 * 1024,
			    "hash: step digests whole buffers, 256 KiB or more");
			buf = xmalloc(len);
			hash_fill(buf, len);
			md5_digest(buf, len, want);
			hash_last_digest(st, d);
			ok(memcmp(d, want, 16) == 0,
			    "hash: digest of a %zu-byte buffer is deterministic",
			    len);
			free(buf);
		}
		k->fini(st);
	}
	ok(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD,
	    "fork: every child reaped");
}

/*
 * The stream arrays never sit a whole number of pages apart, and past a
 * huge page their distance keeps the same low bits whatever the size, so
 * that stream:384m (128 MiB arrays) runs as fast as stream:390m.
 */
static void
test_stream_layout(void)
{
	static const size_t	 sizes[] = {
		64, 2728, 4096, 1 << 17, 1 << 20, (3 << 20) + 8, 12345672,
		1 << 24, 17039360, 1 << 25,
	};
	size_t			 off[3], bytes, span, d, i, big = 0;
	int			 aligned = 1, apart = 1, pages = 1, same = 1, lean = 1;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		stream_layout(sizes[i], off, &bytes);
		span = sizes[i] * sizeof(double);
		d = off[1];
		if (off[0] != 0 || off[1] % 64 != 0 || off[2] % 64 != 0)
			aligned = 0;
		if (off[1] < span || off[2] - off[1] != d || bytes != off[2] + span)
			apart = 0;
		if (d % 4096 == 0 || d % 4096 != off[2] % 4096 / 2)
			pages = 0;
		if (span >= 2 * MIB) {
			if (big == 0)
				big = d % (2 * MIB);
			if (d % (2 * MIB) != big || big < 4096)
				same = 0;
			if (bytes - 3 * span > 2 * (2 * MIB + 64 * 1024))
				lean = 0;
		} else if (bytes > 5 * span + 128 * 1024)
			lean = 0;
	}
	ok(aligned, "stream: each array starts on a cache line");
	ok(apart, "stream: the arrays do not overlap and are evenly spaced");
	ok(pages, "stream: no two arrays are a whole number of pages apart");
	ok(same, "stream: past 2 MiB, the distance mod 2 MiB is one value, "
	    "bits 12 and up included (%zu)", big);
	ok(lean, "stream: the stagger costs at most 4 MiB and change, or 2x below 2 MiB");
}

/* Run the pipe load's two ends: a forked peer and this process. */
static void
test_pipe(void)
{
	const struct kernel	*k = kernel_find("pipe");
	struct kernel_param	 p;
	void			*st;
	char			 err[256];
	uint64_t		 u;
	pid_t			 pid;
	int			 status;

	if (k->parse(NULL, NULL, &p, err, sizeof err) != 0) {
		ok(0, "pipe: parse: %s", err);
		return;
	}
	if ((pid = fork()) == -1) {
		skip("pipe: fork failed");
		kernel_param_close(&p);
		return;
	}
	if (pid == 0) {
		k->peer(&p);
		_exit(2);
	}
	/* Here this process is both supervisor and first end. */
	if ((st = k->init(&p, err, sizeof err)) == NULL) {
		ok(0, "pipe: init: %s", err);
		kernel_param_close(&p);
		waitpid(pid, NULL, 0);
		return;
	}
	u = k->step(st);
	u += k->step(st);
	ok(u == 64, "pipe: two steps make %llu round trips",
	    (unsigned long long)u);
	k->fini(st);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "pipe: peer exits 0 once its first end closes");
}

/* The list, lookups, and the conversion to displayed units. */
static void
test_registry(void)
{
	const struct kernel *const	*k;
	const struct kernel		*hash, *chase, *pipe;
	int				 n = 0, good = 1;

	for (k = kernel_all; *k != NULL; k++) {
		n++;
		if (kernel_find((*k)->name) != *k)
			good = 0;
		if ((*k)->desc == NULL || (*k)->unit == NULL ||
		    (*k)->work_unit == NULL || (*k)->parse == NULL ||
		    (*k)->init == NULL || (*k)->step == NULL ||
		    (*k)->fini == NULL || !((*k)->scale > 0))
			good = 0;
		if (((*k)->ends == 2) != ((*k)->peer != NULL))
			good = 0;
	}
	ok(n == 8, "eight kernels listed (%d)", n);
	ok(good, "each kernel found by name, fully described");
	ok(kernel_find("nope") == NULL, "kernel_find(\"nope\") is NULL");
	ok(kernel_find(NULL) == NULL, "kernel_find(NULL) is NULL");
	ok(kernel_find("Hash") == NULL, "names are case-sensitive");

	hash = kernel_find("hash");
	chase = kernel_find("chase");
	pipe = kernel_find("pipe");
	ok(fabs(kernel_display(hash, 800e6) - 800) < 1e-9,
	    "hash: 800e6 bytes/s is 800 MB/s");
	ok(fabs(kernel_display(chase, 1e7) - 100) < 1e-9,
	    "chase: 1e7 loads/s is 100 ns/load");
	ok(fabs(kernel_display(pipe, 2e5) - 5) < 1e-9,
	    "pipe: 2e5 round trips/s is 5 us each");
	ok(kernel_display(chase, 0) == 0 && kernel_display(hash, 0) == 0 &&
	    kernel_display(chase, -1) == 0, "no rate displays as 0");
	ok(fp_path() != NULL && fp_lanes() >= 1, "fp path %s, %d lanes",
	    fp_path(), fp_lanes());
}

/* Which kernels use their whole CPU alone: every one but those that wait. */
static void
test_cpu_bound(void)
{
	const char	*bound[] = { "hash", "int", "fp", "chase", "stream", "spin" };
	size_t		 i;

	for (i = 0; i < sizeof bound / sizeof bound[0]; i++)
		ok(kernel_cpu_bound(kernel_find(bound[i])), "%s is CPU-bound", bound[i]);
	ok(!kernel_cpu_bound(kernel_find("pipe")) && !kernel_cpu_bound(kernel_find("fork")),
	    "pipe and fork wait: not CPU-bound");
	ok(!kernel_cpu_bound(NULL), "no kernel: not CPU-bound");
}

/* Run every group of assertions and print the plan. */
int
main(void)
{
	test_md5();
	test_chase_cycle();
	test_parsers();
	test_fmt_size();
	test_registry();
	test_steps();
	test_stream_layout();
	test_pipe();
	test_cpu_bound();
	return tap_done();
}
