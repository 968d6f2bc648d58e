/*
 * test_scan.c: check --capacity's report from synthetic rounds on a
 * 16-CPU machine with SMT (no CPU measured): the text within 80 columns,
 * an outlier with what is known beside it, a CPU in two levels called so
 * with both levels under a hypervisor, a hog's rounds named as others'
 * work, how a core's threads compare, the noise floor in text, JSON and
 * CSV.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "exp/capacity/scan.h"
#include "report/reports.h"
#include "tap.h"

/* A report of s in a string; the caller frees it. */
static char *
out_of(const struct scan *s, void (*report)(const struct scan *, FILE *))
{
	FILE	*f = tmpfile();
	char	*out = xcalloc(1, 65536);

	if (f == NULL)
		return out;
	report(s, f);
	rewind(f);
	out[fread(out, 1, 65535, f)] = '\0';
	fclose(f);
	return out;
}

/* The text with each wrapped line joined: a newline and its indent read as one blank. */
static void
flat(char *t)
{
	char	*w = t, *r = t;

	while (*r != '\0') {
		if (r[0] == '\n' && r[1] == ' ' && r[2] == ' ' && r[3] == ' ' && r[4] == ' ' &&
		    r[5] == ' ' && r[6] == ' ' && r[7] != ' ') {
			*w++ = ' ';
			r += 7;
		} else
			*w++ = *r++;
	}
	*w = '\0';
}

/* The widest line of a text. */
static int
widest(const char *t)
{
	int	w = 0, n = 0;

	for (; *t != '\0'; t++) {
		if (*t == '\n') {
			w = n > w ? n : w;
			n = 0;
		} else if (((unsigned char)*t & 0xc0) != 0x80)
			n++;
	}
	return n > w ? n : w;
}

/* Fill CPU i's rounds (by its place in the plan) with rates; hog: round 1 a hog's. */
static void
rounds_of(struct rounds *r, int i, double a, double b, double c, int hog)
{
	double	v[3] = { a, b, c };
	int	k;

	for (k = 0; k < 3; k++) {
		struct rounds_sample	*x = rounds_at(r, k, i);

		x->done = 1;
		x->rate = v[k];
		x->share = 1;
		x->spread = 0.004;
		x->mhz = NAN;
		if (hog && k == 1) {
			x->disturbed = 1;
			x->share = 0.5;
			x->foreign = 0.5;
			x->nwho = 1;
			x->who[0].pid = 4242;
			x->who[0].cpu = r->cpu[i].cpu;
			x->who[0].share = 0.5;
			snprintf(x->who[0].comm, sizeof x->who[0].comm, "smtscope-hog");
		}
	}
}

/*
 * A topology that names no cache: a package is one group, each core's
 * first thread one per package at once passes 60 s, so an evenly spread
 * sample of each package's cores fits it (issue 35 point 2).
 */
static void
test_sample(void)
{
	struct scan	*s = xcalloc(1, sizeof *s);
	char		 err[512];
	int		 i, pkg[2] = { 0, 0 }, gap = 0;

	s->m = topo_load_synthetic("pack:2 core:96 pu:2", err, sizeof err);
	ok(s->m != NULL && scan_add_kernels(s, "int", err, sizeof err) == 0 &&
	    scan_plan(s, err, sizeof err) == 0, "a 384-CPU plan: %s", s->m ? err : "");
	if (s->m == NULL) {
		free(s);
		return;
	}
	ok(s->how == SCAN_SAMPLE && s->est_s <= SCAN_CEILING_S && s->r[0].nlanes == 2,
	    "no cache named: a sample, one per package at once, in %.1f s", s->est_s);
	for (i = 0; i < s->r[0].ncpus; i++) {
		int	cpu = s->r[0].cpu[i].cpu;

		pkg[cpu >= 192]++;
		if (i > 0 && cpu - s->r[0].cpu[i - 1].cpu > gap)
			gap = cpu - s->r[0].cpu[i - 1].cpu;
	}
	ok(pkg[0] == pkg[1] && pkg[0] > 48 && gap <= 4, "evenly spread: %d and %d cores "
	    "of the packages' 96, no gap of more than one core (%d CPUs)", pkg[0], pkg[1],
	    gap);
	ok(strstr(s->how_why, "names no cache below the package") != NULL, "the plan says "
	    "why: %s", s->how_why);
	scan_free(s);
	free(s);
}

int
main(void)
{
	struct scan	*s = xcalloc(1, sizeof *s);
	char		 err[512], *out;
	int		 i;

	s->m = topo_load_synthetic("pack:1 l3:2 core:4 pu:2", err, sizeof err);
	ok(s->m != NULL && scan_add_kernels(s, "int", err, sizeof err) == 0 &&
	    scan_plan(s, err, sizeof err) == 0, "a 16-CPU plan: %s", s->m ? err : "");
	if (s->m == NULL)
		return tap_done();
	ok(s->how == SCAN_SERIAL && s->r[0].ncpus == 16 && s->est_s <= SCAN_BUDGET_S,
	    "16 CPUs one at a time in %.1f s", s->est_s);
	snprintf(s->ci.hypervisor, sizeof s->ci.hypervisor, "KVM");
	for (i = 0; i < 16; i++)
		rounds_of(&s->r[0], i, 9.70e9, 9.72e9, 9.71e9, 0);
	rounds_of(&s->r[0], 3, 7.00e9, 7.02e9, 7.01e9, 0);
	rounds_of(&s->r[0], 5, 9.73e9, 6.56e9, 5.65e9, 0);
	rounds_of(&s->r[0], 9, 9.70e9, 4.80e9, 9.71e9, 1);
	rounds_calc(&s->r[0]);
	out = out_of(s, scan_report_text);
	ok(widest(out) <= 80, "text within 80 columns (%d)", widest(out));
	ok(strstr(out, " \n") == NULL, "no line ends in a blank");
	flat(out);
	ok(strstr(out, "CPU 3: 7.01 Gop/s, 28 % below the median (its rounds moved 0 %); "
	    "under KVM: the host may share its core or lower its clock") != NULL,
	    "the outlier, with what is known beside it");
	ok(strstr(out, "CPU 5: two levels, 9.73 and 6.1") != NULL && strstr(out,
	    "under KVM, the host shares this vCPU's core or lowers its clock, unseen from") !=
	    NULL, "two levels, with both, under KVM");
	ok(strstr(out, "CPU 9: others' work in 1 of 3 rounds, not capacity: its load got as "
	    "little as 50% of its CPU; smtscope-hog (4242) 50% of CPU") != NULL,
	    "the hog's round: others' work, named");
	ok(strstr(out, "Noise floor: \u00b162.4 %") != NULL || strstr(out,
	    "Noise floor: \u00b162.") != NULL, "the noise floor: CPU 5's move");
	ok(strstr(out, "Threads of each core, each alone (SMT reported here):") != NULL &&
	    strstr(out, "core 1: CPU 3 28 % below CPU 2 alone") != NULL &&
	    strstr(out, "core 0: its 2 threads alike alone (within 0.0 %)") != NULL &&
	    strstr(out, "core 2: its threads not compared: CPU 5's rounds fall in two "
	    "levels") != NULL, "how a core's threads compare");
	ok(strstr(out, "  L3 0: 8 CPUs, sum ") != NULL && strstr(out, "  L3 1: 8 CPUs, "
	    "sum ") != NULL && strstr(out, "  package 0 ") != NULL, "the map by cache "
	    "group, the sums");
	if (tap_failed)
		printf("%s", out);
	free(out);
	out = out_of(s, scan_report_json);
	ok(strstr(out, "\"kind\":\"check-capacity\"") != NULL && strstr(out,
	    "\"noise_floor\":0.62") != NULL && strstr(out, "\"two_levels\":true") != NULL &&
	    strstr(out, "\"outlier\":true") != NULL, "JSON: kind, noise floor, two levels, "
	    "outlier");
	free(out);
	out = out_of(s, scan_report_csv);
	ok(strncmp(out, "kernel,cpu,core,cache,numa,package,unit,median,min,max,moved,rounds,"
	    "rounds_disturbed,two_levels,level_hi,level_lo,outlier,below_median,mhz,"
	    "noise_floor,status\n", 149) == 0 && strstr(out, ",Gop/s,") != NULL,
	    "CSV: its keys, the unit column");
	free(out);
	scan_free(s);
	free(s);
	test_sample();
	return tap_done();
}
