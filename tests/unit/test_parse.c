/*
 * test_parse.c: the parsers of user input: loads_parse, cpuset_parse, the
 * size, number and seconds parsers. Each
 * malformed input is refused with its message.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpuset.h"
#include "engine/loads.h"
#include "tap.h"
#include "model/topo.h"
#include "base/util.h"

/* Good loads on a 2-core SMT2 machine: kernel, CPUs, floating, end B, parameter. */
static void
test_loads_good(const struct topo *m)
{
	static const struct {
		const char	*text, *kernel, *cpus;
		int		 floating, cpu_b;
		const char	*param;
	} good[] = {
		{ "hash@0", "hash", "0", 0, -1, "" },
		{ "hash:1k@3", "hash", "3", 0, -1, "1k" },
		{ "chase:32k@core:1.pu:0", "chase", "2", 0, -1, "32k" },
		{ "spin@0-2", "spin", "0-2", 1, -1, "" },
		{ "hash@0,3", "hash", "0,3", 1, -1, "" },
		{ "int@all", "int", "0-3", 1, -1, "" },
		{ "fp@package:0.core:1.pu:1", "fp", "3", 0, -1, "" },
		{ "pipe@0,1", "pipe", "0", 0, 1, "" },
		{ "pipe@2,2", "pipe", "2", 0, 2, "" },
		{ "fork@1", "fork", "1", 0, -1, "" },
	};
	struct load_spec	spec;
	char			err[512], cpus[64];
	size_t			i;
	int			rc;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		err[0] = '\0';
		rc = loads_parse(m, good[i].text, &spec, err, sizeof err);
		if (rc == 0)
			cpuset_format(&spec.cpus, cpus, sizeof cpus);
		ok(rc == 0 && strcmp(spec.k->name, good[i].kernel) == 0 &&
		    strcmp(cpus, good[i].cpus) == 0 && spec.floating == good[i].floating &&
		    spec.cpu_b == good[i].cpu_b &&
		    strcmp(spec.param.text, good[i].param) == 0 &&
		    strcmp(spec.text, good[i].text) == 0,
		    "load '%s': %s on %s%s (%s)", good[i].text, good[i].kernel, good[i].cpus,
		    good[i].floating ? ", floating" : "", rc == 0 ? "ok" : err);
	}
}

/* Malformed loads: each refused with its message. */
static void
test_loads_bad(const struct topo *m)
{
	static const struct {
		const char	*text, *msg;
	} bad[] = {
		{ "hash", "load 'hash': expected KERNEL[:PARAM]@CPU, e.g. hash@0" },
		{ "hash@", "load 'hash@': expected KERNEL[:PARAM]@CPU, e.g. hash@0" },
		{ "@0", "load '@0': expected KERNEL[:PARAM]@CPU, e.g. hash@0" },
		{ "", "load '': expected KERNEL[:PARAM]@CPU, e.g. hash@0" },
		{ "nope@0", "load 'nope@0': unknown kernel 'nope' (see smtscope kernels)" },
		{ ":x@0", "load ':x@0': unknown kernel '' (see smtscope kernels)" },
		{ "pipe@0", "load 'pipe@0': pipe has two ends: pipe@A,B (the same CPU "
		    "twice for one CPU)" },
		{ "spin:3@0", "spin takes no parameter (got \"3\")" },
		{ "chase:lots@0", "chase: bad size \"lots\" (want a size like 32k, 1m, 2g)" },
		{ "hash@9999", "CPU 9999 does not exist (CPUs here: 0-3)" },
		{ "hash@core:99.pu:0", "place 'core:99.pu:0': there are only 2 cores there" },
		{ "pipe@0,x", "bad place 'x' (expected e.g. 3, core:1.pu:0 or "
		    "package:1.core:0.pu:1)" },
		{ "hash@-1", NULL },
		{ "hash@0-", NULL },
		{ "stream:99999999g@0", NULL },
		{ "hash@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
		    "load 'hash@aaaaaaaaaaaaaaaaaaaaaaaaaaa...' is too long" },
	};
	struct load_spec	spec;
	char			err[512];
	size_t			i;
	int			rc;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		rc = loads_parse(m, bad[i].text, &spec, err, sizeof err);
		ok(rc == -1 && err[0] != '\0' &&
		    (bad[i].msg == NULL || strcmp(err, bad[i].msg) == 0),
		    "load '%.20s' refused: %s", bad[i].text, err);
	}
}

/* CPU lists: good ones with their members, bad ones with the message. */
static void
test_cpuset(void)
{
	static const struct {
		const char	*text, *want;
		int		 count;
	} good[] = {
		{ "0", "0", 1 }, { "0-3,8", "0-3,8", 5 }, { "8,0-3", "0-3,8", 5 },
		{ "1,1,1", "1", 1 }, { "4095", "4095", 1 }, { "0-4095", "0-4095", 4096 },
		{ "2-2", "2", 1 },
	};
	static const char *const bad[] = {
		"", "-1", "3-1", "0-", "0,", ",0", "a", "0 1", "0-3x", "4096", "1-99999",
		"0;1",
	};
	struct cpuset	s;
	char		err[512], out[64];
	size_t		i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		ok(cpuset_parse(&s, good[i].text, err, sizeof err) == 0 &&
		    cpuset_count(&s) == good[i].count &&
		    (cpuset_format(&s, out, sizeof out), strcmp(out, good[i].want) == 0),
		    "CPU list '%s' is %s (%d CPUs)", good[i].text, good[i].want,
		    good[i].count);
	}
	ok(cpuset_parse(&s, "", err, sizeof err) == -1 &&
	    strcmp(err, "empty CPU list") == 0, "an empty list: %s", err);
	for (i = 1; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		ok(cpuset_parse(&s, bad[i], err, sizeof err) == -1 &&
		    strstr(err, "bad CPU list '") != NULL && strstr(err, bad[i]) != NULL &&
		    strstr(err, "expected e.g. 0-3,8; CPUs below 4096") != NULL,
		    "CPU list '%s' refused: %s", bad[i], err);
		ok(cpuset_count(&s) == 0, "and it leaves an empty set, not a half-filled one");
	}
}

/* Sizes: suffixes k, m, g with an optional b or i; everything else refused. */
static void
test_size(void)
{
	static const struct {
		const char	*text;
		uint64_t	 bytes;
	} good[] = {
		{ "0", 0 }, { "4096", 4096 }, { "32k", 32768 }, { "32K", 32768 },
		{ "1m", 1048576 }, { "256M", 268435456 }, { "2g", 2147483648ULL },
		{ "8kb", 8192 }, { "1mi", 1048576 },
	};
	static const char *const bad[] = {
		"", "k", "-1", " 1k", "1k ", "1x", "1kk", "1.5m", "1kbb", "1t",
		"18446744073709551616", "17179869184g", "0x10",
	};
	uint64_t	v;
	size_t		i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		v = 12345;
		ok(util_parse_size(good[i].text, &v) == 0 && v == good[i].bytes,
		    "size '%s' is %llu bytes", good[i].text,
		    (unsigned long long)good[i].bytes);
	}
	ok(util_parse_size("8KiB", &v) == -1, "size '8KiB': only one letter after k");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		v = 12345;
		ok(util_parse_size(bad[i], &v) == -1 && v == 12345,
		    "size '%s' refused, the result left alone", bad[i]);
	}
	ok(util_parse_size(NULL, &v) == -1, "no size at all is refused");
}

/* Whole numbers within bounds; seconds as non-negative decimals up to a day. */
static void
test_numbers(void)
{
	static const char *const bad_long[] = {
		"", " 5", "5 ", "5x", "x", "0", "101", "-1", "1e2", "99999999999999999999",
	};
	static const char *const bad_secs[] = {
		"", "-1", "-0", " 1", "1 ", "abc", "1s", "nan", "inf", "86401", "1e9",
	};
	double	d;
	long	v;
	size_t	i;

	ok(util_parse_long("1", 1, 100, &v) == 0 && v == 1, "number '1' in 1..100");
	ok(util_parse_long("100", 1, 100, &v) == 0 && v == 100, "number '100' in 1..100");
	ok(util_parse_long("+7", 1, 100, &v) == 0 && v == 7, "number '+7' is 7");
	for (i = 0; i < sizeof bad_long / sizeof bad_long[0]; i++) {
		v = 42;
		ok(util_parse_long(bad_long[i], 1, 100, &v) == -1 && v == 42,
		    "number '%s' refused for 1..100", bad_long[i]);
	}
	ok(util_parse_seconds("0.5", &d) == 0 && d == 0.5, "seconds '0.5'");
	ok(util_parse_seconds("3", &d) == 0 && d == 3, "seconds '3'");
	ok(util_parse_seconds("0", &d) == 0 && d == 0, "seconds '0'");
	ok(util_parse_seconds("1e1", &d) == 0 && d == 10, "seconds '1e1'");
	ok(util_parse_seconds("86400", &d) == 0 && d == 86400, "a day of seconds");
	for (i = 0; i < sizeof bad_secs / sizeof bad_secs[0]; i++) {
		d = 42;
		ok(util_parse_seconds(bad_secs[i], &d) == -1 && d == 42,
		    "seconds '%s' refused", bad_secs[i]);
	}
}

int
main(void)
{
	struct topo	*m;
	char		 err[512];

	test_cpuset();
	test_size();
	test_numbers();
	if ((m = topo_load_synthetic("pack:1 core:2 pu:2", err, sizeof err)) == NULL) {
		ok(0, "a synthetic machine for the loads: %s", err);
		return tap_done();
	}
	test_loads_good(m);
	test_loads_bad(m);
	topo_free(m);
	return tap_done();
}
