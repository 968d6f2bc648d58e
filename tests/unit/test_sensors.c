/* test_sensors.c: cpufreq, hwmon (coretemp, k10temp), thermal zones and RAPL on fixture trees. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sample/sensors.h"
#include "tap.h"

/* Whether a and b agree to a thousandth. */
static int
near(double a, double b)
{
	return fabs(a - b) < 1e-3;
}

/* Write text to dir/name. */
static void
put(const char *dir, const char *name, const char *text)
{
	char	 path[512];
	FILE	*f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "w")) == NULL)
		return;
	fputs(text, f);
	fclose(f);
}

/* Intel: cpufreq per CPU, coretemp per core and package, RAPL package-0. */
static void
test_coretemp(void)
{
	struct sensors	*s = sensors_new("tests/data/sys-coretemp");

	sensors_read(s, 1000000000ULL);
	ok(s->ncpu == 4, "4 CPUs (%d)", s->ncpu);
	ok(strcmp(s->mhz_src, "cpufreq") == 0 && s->mhz_why[0] == '\0',
	    "MHz from cpufreq ('%s', '%s')", s->mhz_src, s->mhz_why);
	ok(near(s->cpu[0].mhz, 3800) && near(s->cpu[3].mhz, 4100), "cpu0 3800, cpu3 4100 MHz "
	    "(%.0f, %.0f)", s->cpu[0].mhz, s->cpu[3].mhz);
	ok(near(s->cpu[1].base_mhz, 2100) && near(s->cpu[1].max_mhz, 4700),
	    "base 2100, max 4700 (%.0f, %.0f)", s->cpu[1].base_mhz, s->cpu[1].max_mhz);
	ok(strcmp(s->temp_src, "coretemp") == 0, "temperature from coretemp ('%s')",
	    s->temp_src);
	ok(near(s->cpu[0].temp_c, 58) && near(s->cpu[2].temp_c, 58),
	    "core 0's threads 58 C (%.1f, %.1f)", s->cpu[0].temp_c, s->cpu[2].temp_c);
	ok(near(s->cpu[1].temp_c, 63.5) && near(s->cpu[3].temp_c, 63.5),
	    "core 4's threads 63.5 C (%.1f, %.1f)", s->cpu[1].temp_c, s->cpu[3].temp_c);
	ok(near(sensors_temp(s), 61), "package 61 C, not the acpitz hwmon nor the zone "
	    "(%.1f)", sensors_temp(s));
	ok(s->rapl == 1, "one RAPL package zone, its subzone left out (%d)", s->rapl);
	ok(isnan(sensors_watts(s)) && s->watts_why[0] == '\0',
	    "no watts after one reading, and no failure");
	sensors_read(s, 2000000000ULL);
	ok(near(sensors_watts(s), 0), "an unchanged counter: 0 W (%.3f)", sensors_watts(s));
	sensors_free(s);
}

/* AMD: k10temp Tctl for the package, Tccd per CCD; /proc/cpuinfo MHz; RAPL across its wrap. */
static void
test_k10temp(void)
{
	struct sensors	*s;
	char		 tmpl[] = "/tmp/smtscope-sensors-XXXXXX", cmd[256], dir[512];

	s = sensors_new("tests/data/sys-k10temp");
	sensors_read(s, 1000000000ULL);
	ok(strcmp(s->mhz_src, "/proc/cpuinfo") == 0, "MHz from /proc/cpuinfo ('%s')",
	    s->mhz_src);
	ok(strstr(s->mhz_why, "no cpufreq driver") != NULL, "says no cpufreq: '%s'",
	    s->mhz_why);
	ok(near(s->cpu[0].mhz, 3593.25) && near(s->cpu[2].mhz, 4100.5),
	    "per processor (%.2f, %.2f)", s->cpu[0].mhz, s->cpu[2].mhz);
	ok(isnan(s->cpu[0].max_mhz), "no maximum without cpufreq");
	ok(strcmp(s->temp_src, "k10temp Tctl") == 0, "k10temp Tctl ('%s')", s->temp_src);
	ok(near(sensors_temp(s), 72.25), "package 72.25 C (%.2f)", sensors_temp(s));
	ok(near(s->cpu[3].temp_c, 72.25), "each CPU gets the package's (%.2f)",
	    s->cpu[3].temp_c);
	ok(s->pkg[0].nccd == 2 && near(s->pkg[0].ccd_c[0], 70) && near(s->pkg[0].ccd_c[1],
	    68.5), "Tccd1 70, Tccd2 68.5 (%d)", s->pkg[0].nccd);
	sensors_free(s);

	/* RAPL across the wrap: a copy of the tree whose counter moves. */
	if (mkdtemp(tmpl) == NULL) {
		skip("mkdtemp: %s", strerror(errno));
		return;
	}
	snprintf(cmd, sizeof cmd, "cp -R tests/data/sys-k10temp/. %s", tmpl);
	if (system(cmd) != 0) {
		skip("cannot copy the fixture");
		return;
	}
	s = sensors_new(tmpl);
	sensors_read(s, 1000000000ULL);
	snprintf(dir, sizeof dir, "%s/sys/class/powercap/intel-rapl:0", tmpl);
	/* 65532000000 -> wrap at 65532610987 -> 389013: 1000000 uJ in 0.5 s. */
	put(dir, "energy_uj", "389013\n");
	sensors_read(s, 1500000000ULL);
	ok(near(sensors_watts(s), 2.0), "1 J in 0.5 s across the wrap: 2 W (%.4f)",
	    sensors_watts(s));
	put(dir, "energy_uj", "20389013\n");
	sensors_read(s, 2500000000ULL);
	ok(near(sensors_watts(s), 20.0), "then 20 J in 1 s: 20 W (%.4f)", sensors_watts(s));
	sensors_free(s);
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpl);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpl);
}

/* An absurd reading (issue 39, point 8): no figure, not 4 million degrees. */
static void
test_absurd(void)
{
	char		 tmpl[] = "/tmp/smtscope-sensors.XXXXXX", cmd[600], dir[512];
	struct sensors	*s;

	if (mkdtemp(tmpl) == NULL) {
		skip("mkdtemp: %s", strerror(errno));
		return;
	}
	snprintf(cmd, sizeof cmd, "cp -R tests/data/sys-coretemp/. %s", tmpl);
	if (system(cmd) != 0) {
		skip("cannot copy the fixture");
		return;
	}
	snprintf(dir, sizeof dir, "%s/sys/class/hwmon/hwmon3", tmpl);
	put(dir, "temp2_input", "4000000000\n");
	s = sensors_new(tmpl);
	sensors_read(s, 1000000000ULL);
	ok(isfinite(sensors_temp(s)) && near(s->cpu[0].temp_c, sensors_temp(s)),
	    "Core 0 at 4000000 C: not a figure; its package's instead (%.1f)",
	    s->cpu[0].temp_c);
	ok(isfinite(s->cpu[3].temp_c) && s->cpu[3].temp_c < 200,
	    "the other cores keep theirs (%.1f)", s->cpu[3].temp_c);
	sensors_free(s);
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpl);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpl);
}

/* Nothing but /proc/cpuinfo without MHz, and a board with a CPU thermal zone only. */
static void
test_bare(void)
{
	struct sensors	*s = sensors_new("tests/data/sys-bare");

	sensors_read(s, 1000000000ULL);
	ok(s->ncpu == 2 && isnan(s->cpu[0].mhz) && isnan(s->cpu[1].mhz), "no MHz anywhere");
	ok(strcmp(s->mhz_why, "no cpufreq driver, and no MHz in /proc/cpuinfo") == 0,
	    "says why: '%s'", s->mhz_why);
	ok(isnan(sensors_temp(s)) && strstr(s->temp_why, "no CPU temperature sensor") != NULL,
	    "no temperature: '%s'", s->temp_why);
	ok(isnan(sensors_watts(s)) && strstr(s->watts_why, "no RAPL") != NULL,
	    "no watts: '%s'", s->watts_why);
	sensors_free(s);

	s = sensors_new("tests/data/sys-zone");
	sensors_read(s, 1000000000ULL);
	ok(near(sensors_temp(s), 45.678), "the cpu-thermal zone, not acpitz: 45.678 C (%.3f)",
	    sensors_temp(s));
	ok(strcmp(s->temp_src, "thermal zone cpu-thermal") == 0, "named: '%s'", s->temp_src);
	sensors_free(s);
}

/* The arithmetic and the reasons. */
static void
test_pure(void)
{
	char	buf[SENSORS_WHY_MAX];

	ok(sensors_energy_delta(100, 300, 1000) == 200, "energy 100 -> 300: 200");
	ok(sensors_energy_delta(900, 100, 1000) == 200, "energy across the wrap at 1000: 200");
	ok(sensors_energy_delta(900, 100, 0) == 0, "an unknown range: no figure");
	sensors_rapl_why(buf, sizeof buf, EACCES);
	ok(strncmp(buf, "RAPL needs root", 15) == 0, "EACCES: '%s'", buf);
	sensors_rapl_why(buf, sizeof buf, ENOENT);
	ok(strstr(buf, "no RAPL") != NULL, "ENOENT: '%s'", buf);
}

int
main(void)
{
	test_coretemp();
	test_k10temp();
	test_bare();
	test_absurd();
	test_pure();
	return tap_done();
}
