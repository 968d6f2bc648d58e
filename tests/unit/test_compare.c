/* test_compare.c: groups, medians and outliers with their reasons, and bad input. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exp/compare/compare.h"
#include "model/machine.h"
#include "tap.h"
#include "base/util.h"

/* A check result as compare reads it: a host, its SMT, a hash solo, a yield, a warning. */
static char *
test_result(const char *host, int width, int smt_on, double hash_rate, double yield,
    const char *warning)
{
	char	*sib, *t, rate[64];

	if (isfinite(hash_rate))
		snprintf(rate, sizeof rate, "%.17g", hash_rate);
	else
		snprintf(rate, sizeof rate, "null");
	sib = width > 1 ? xasprintf("{\"speed_anchor\":%.17g,\"yield\":%.17g,"
	    "\"spread\":0.01}", yield / 2, yield) : xstrdup("null");
	t = xasprintf("{\"kind\":\"check\",\"machine\":{\"format\":%d,\"hostname\":\"%s\","
	    "\"cpu\":{\"vendor\":\"AuthenticAMD\",\"brand\":\"AMD EPYC 7763\",\"family\":25,"
	    "\"model\":1,\"stepping\":1,\"microcode\":\"0xa0011d1\"},\"topology\":"
	    "{\"packages\":2,\"numa_nodes\":8,\"cores\":128,\"pus\":%d,\"smt_width\":%d,"
	    "\"smt_on\":%s,\"smt_control\":\"%s\"},\"dmi\":{\"bios_version\":\"1.2\"}},"
	    "\"results\":{\"hash\":{\"same-pu\":{\"speed_anchor\":0.5,\"yield\":1.0,"
	    "\"spread\":0.01,\"disturbed\":false},\"smt-sibling\":%s}},"
	    "\"solos\":{\"hash\":{\"rate\":%s,\"spread\":0.01,\"disturbed\":false}},"
	    "\"warnings\":[%s%s%s]}", MACHINE_FORMAT, host, 128 * width, width,
	    smt_on ? "true" : "false", smt_on ? "on" : "off", sib, rate,
	    warning != NULL ? "\"" : "", warning != NULL ? warning : "",
	    warning != NULL ? "\"" : "");
	free(sib);
	return t;
}

/* Add a result; 0 or -1 with err. */
static int
test_add(struct compare *c, const char *path, char *text, char *err, size_t errlen)
{
	int	rc = compare_add_text(c, path, text, strlen(text), err, errlen);

	free(text);
	return rc;
}

/* Is this reason among a machine's? */
static int
test_has_why(const struct compare *c, const char *name, const char *why)
{
	int	i, j;

	for (i = 0; i < c->n; i++)
		for (j = 0; strcmp(c->m[i].name, name) == 0 && j < c->m[i].nwhy; j++)
			if (strcmp(c->m[i].why[j], why) == 0)
				return 1;
	return 0;
}

/* Forty nodes: one with SMT off, one with a slow hash, one with a warning of its own. */
static void
test_fleet(void)
{
	struct compare	c;
	char		err[512], name[64];
	int		i, bad = 0, n;

	memset(&c, 0, sizeof c);
	c.tolerance = COMPARE_TOLERANCE;
	c.use_warnings = 1;
	for (i = 1; i <= 40; i++) {
		snprintf(name, sizeof name, "results/node%02d.json", i);
		bad |= test_add(&c, name, test_result(name + 8, i == 17 ? 1 : 2, i != 17,
		    i == 8 ? 612e6 : i == 33 ? NAN : 776e6 + i * 1e5, i == 30 ? 1.0 : 1.25,
		    i == 22 ? "CPU 3 is 100% busy with other work: figures there would be low" :
		    NULL), err, sizeof err);
	}
	ok(!bad && c.n == 40, "forty results are read (%s)", bad ? err : "ok");
	n = compare_analyse(&c);
	ok(c.ngroups == 1, "one group: the same CPU (%d)", c.ngroups);
	ok(n == 5, "five outliers (%d)", n);
	ok(strcmp(c.groups[0].smt, "SMT on (2 threads per core), control on") == 0,
	    "most have SMT on, in the model's words (%s)", c.groups[0].smt);
	ok(test_has_why(&c, "node17", "SMT off (1 thread per core), control off where 39 "
	    "others have SMT on (2 threads per core), control on"),
	    "node17: its SMT state where 39 others have the group's, in the same words");
	ok(test_has_why(&c, "node17", "128 logical CPUs where 39 others have 256"),
	    "node17: 128 logical CPUs");
	ok(test_has_why(&c, "node08", "hash solo 612 MB/s, 21 % below the median 778"),
	    "node08: hash solo 612 MB/s, 21 %% below the median");
	ok(test_has_why(&c, "node30", "hash on smt-sibling: yield 1.00, 20 % below the "
	    "median 1.25"), "node30: its yield 20 %% below the median");
	ok(test_has_why(&c, "node22", "reported: CPU 3 is 100% busy with other work: "
	    "figures there would be low"), "node22: the warning it alone reported");
	ok(c.m[0].nwhy == 0 && !c.m[0].solo[0].outlier, "node01 is no outlier");
	ok(test_has_why(&c, "node33", "no hash solo where 39 others have one"),
	    "node33: no hash solo where 39 others have one");
	compare_free(&c);
}

/* Is there a '#' (a kind's placeholder) in any reason or note? */
static int
test_placeholder(const struct compare *c)
{
	int	i, j;

	for (i = 0; i < c->n; i++)
		for (j = 0; j < c->m[i].nwhy; j++)
			if (strchr(c->m[i].why[j], '#') != NULL)
				return 1;
	for (i = 0; i < c->ngroups; i++)
		for (j = 0; j < c->groups[i].nnotes; j++)
			if (strchr(c->groups[i].notes[j], '#') != NULL)
				return 1;
	return 0;
}

/* Is this note among the first group's? */
static int
test_has_note(const struct compare *c, const char *note)
{
	int	j;

	for (j = 0; j < c->groups[0].nnotes; j++)
		if (strcmp(c->groups[0].notes[j], note) == 0)
			return 1;
	return 0;
}

/*
 * Three machines whose kernels say SMT is not supported or off: the group's
 * line and the odd one's reason speak of one SMT state, in the same words;
 * the warnings most reported come back in their own words, never a kind's
 * placeholders ("CPU # was #% busy").
 */
static void
test_words(void)
{
	static const char *const busy[3] = { "CPU 0 was 100% busy", "CPU 1 was 40% busy",
	    "CPU 0 was 100% busy" };
	struct compare	c;
	char		err[512], name[16], warn[256], *t, *p, why[512];
	int		i;

	memset(&c, 0, sizeof c);
	c.tolerance = COMPARE_TOLERANCE;
	c.use_warnings = 1;
	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof name, "%c.json", 'a' + i);
		snprintf(warn, sizeof warn, "running under KVM: unseen from here\",\"%s with "
		    "other work before measuring: figures there may be low", busy[i]);
		t = test_result(name, 1, 0, 700e6, 1.0, warn);
		if (i < 2 && (p = strstr(t, "\"smt_control\":\"off\"")) != NULL) {
			*p = '\0';
			p = xasprintf("%s\"smt_control\":\"notsupported\"%s", t,
			    p + strlen("\"smt_control\":\"off\""));
			free(t);
			t = p;
		}
		test_add(&c, name, t, err, sizeof err);
	}
	ok(c.n == 3, "three results are read (%d)", c.n);
	compare_analyse(&c);
	ok(strstr(c.groups[0].smt, "SMT not supported") != NULL &&
	    strstr(c.groups[0].smt, "notsupported") == NULL,
	    "most have the kernel's notsupported, in words (%s)", c.groups[0].smt);
	snprintf(why, sizeof why, "%s where 2 others have %s", c.m[2].smt, c.groups[0].smt);
	ok(strstr(c.m[2].smt, "control off") != NULL && test_has_why(&c, "c", why),
	    "c: its SMT state where the others have the group's line's: %s", why);
	ok(!test_placeholder(&c), "no reason or note carries a placeholder");
	ok(test_has_note(&c, "3 of 3 reported: running under KVM: unseen from here"),
	    "a warning all said alike: its words");
	ok(test_has_note(&c, "3 of 3 reported it, each in its own figures, e.g. a: CPU 0 "
	    "was 100% busy with other work before measuring: figures there may be low"),
	    "a warning said with other figures: one of them, named");
	compare_free(&c);
}

/* Two machines: no median, so no figure outlier; another CPU is another group. */
static void
test_small(void)
{
	struct compare	c;
	char		err[512], *t;

	memset(&c, 0, sizeof c);
	c.tolerance = COMPARE_TOLERANCE;
	test_add(&c, "a.json", test_result("a", 2, 1, 700e6, 1.2, NULL), err, sizeof err);
	test_add(&c, "b.json", test_result("b", 2, 1, 900e6, 1.2, NULL), err, sizeof err);
	t = test_result("c", 2, 1, 900e6, 1.2, NULL);
	memcpy(strstr(t, "EPYC 7763"), "EPYC 9654", 9);
	test_add(&c, "c.json", t, err, sizeof err);
	ok(compare_analyse(&c) == 0, "two alike machines and one other: no outlier");
	ok(c.ngroups == 2 && c.groups[0].n == 2, "two groups (%d)", c.ngroups);
	ok(isnan(c.groups[0].solo_med[0]), "no median from two machines");
	compare_free(&c);
}

/*
 * A result in the kernel's unit ("units" names MB/s) and one written before,
 * in bytes per second (no "units"): the same solo, 700 MB/s, from both.
 */
static void
test_units(void)
{
	struct compare	c;
	char		err[512], *t, *u, *p;

	memset(&c, 0, sizeof c);
	c.tolerance = COMPARE_TOLERANCE;
	test_add(&c, "old.json", test_result("old", 2, 1, 700e6, 1.2, NULL), err, sizeof err);
	t = test_result("new", 2, 1, 700, 1.2, NULL);
	p = strstr(t, "\"solos\":");
	u = xasprintf("%.*s\"units\":{\"hash\":\"MB/s\"},%s", (int)(p - t), t, p);
	free(t);
	test_add(&c, "new.json", u, err, sizeof err);
	ok(c.n == 2 && c.m[0].solo[0].v == 700 && c.m[1].solo[0].v == 700,
	    "a solo in bytes per second and one in MB/s: both 700 MB/s (%g, %g)",
	    c.n == 2 ? c.m[0].solo[0].v : NAN, c.n == 2 ? c.m[1].solo[0].v : NAN);
	compare_free(&c);
}

/* Another kind, another format, no results, not JSON: refused, naming the file. */
static void
test_bad(void)
{
	struct compare	c;
	char		err[512], *t;
	int		rc;

	memset(&c, 0, sizeof c);
	t = test_result("a", 2, 1, 700e6, 1.2, NULL);
	memcpy(strstr(t, "\"check\""), "\"chuck\"", 7);
	rc = test_add(&c, "x.json", t, err, sizeof err);
	ok(rc == -1 && strstr(err, "x.json: a 'chuck' result") == err, "kind: %s", err);
	t = xasprintf("{\"kind\":\"check\",\"machine\":{\"format\":%d},\"results\":{}}",
	    MACHINE_FORMAT + 1);
	rc = test_add(&c, "y.json", t, err, sizeof err);
	ok(rc == -1 && strstr(err, "y.json: format 2; this smtscope reads format 1") ==
	    err, "format: %s", err);
	t = xasprintf("{\"kind\":\"check\",\"machine\":{\"format\":%d}}", MACHINE_FORMAT);
	rc = test_add(&c, "z.json", t, err, sizeof err);
	ok(rc == -1 && strstr(err, "without results") != NULL, "a plan: %s", err);
	rc = test_add(&c, "w.json", xstrdup("{\"kind\":"), err, sizeof err);
	ok(rc == -1 && strstr(err, "w.json: not JSON: line 1, column 9") == err,
	    "not JSON: %s", err);
	ok(c.n == 0, "nothing was added");
	compare_free(&c);
}

int
main(void)
{
	test_fleet();
	test_words();
	test_small();
	test_units();
	test_bad();
	return tap_done();
}
