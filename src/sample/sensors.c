/* sensors.c: per-CPU MHz, temperatures and package power from sysfs, under a settable root. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/os.h"
#include "sample/sensors.h"
#include "base/util.h"

/* More CPUs than any machine has: a larger number is a corrupt tree. */
#define SENSORS_CPUS_MAX	65536

/* Read <root><path> into buf; -1 with errno when it cannot be read. */
static int
sensors_file(const struct sensors *s, const char *path, char *buf, size_t len)
{
	char	full[512];
	ssize_t	n;
	int	fd, e;

	snprintf(full, sizeof full, "%s%s", s->root, path);
	if ((fd = open(full, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, buf, len - 1);
	e = errno;
	close(fd);
	if (n < 0) {
		errno = e;
		return -1;
	}
	buf[n] = '\0';
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return 0;
}

/* A whole non-negative number from <root><path>; -1 with errno when none. */
static int
sensors_num(const struct sensors *s, const char *path, uint64_t *v)
{
	char	buf[64], *end;

	if (sensors_file(s, path, buf, sizeof buf) == -1)
		return -1;
	errno = 0;
	*v = strtoull(buf, &end, 10);
	if (errno != 0 || end == buf || *end != '\0' || buf[0] == '-') {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/* The number of a "PREFIXNSUFFIX" directory entry, or -1. */
static int
sensors_index(const char *name, const char *prefix, const char *suffix)
{
	size_t	n = strlen(prefix);
	char	*end;
	long	v;

	if (strncmp(name, prefix, n) != 0 || !isdigit((unsigned char)name[n]))
		return -1;
	v = strtol(name + n, &end, 10);
	return strcmp(end, suffix) == 0 && v < SENSORS_CPUS_MAX ? (int)v : -1;
}

/* Find the CPUs and their core and package numbers. */
static void
sensors_cpus(struct sensors *s)
{
	struct dirent	*e;
	DIR		*d;
	char		 path[512];
	uint64_t	 v;
	int		 i, max = -1;

	snprintf(path, sizeof path, "%s/sys/devices/system/cpu", s->root);
	if ((d = opendir(path)) == NULL)
		return;
	while ((e = readdir(d)) != NULL)
		if ((i = sensors_index(e->d_name, "cpu", "")) > max)
			max = i;
	closedir(d);
	s->ncpu = max + 1;
	s->cpu = xcalloc((size_t)s->ncpu + 1, sizeof *s->cpu);
	for (i = 0; i < s->ncpu; i++) {
		s->cpu[i].core_id = s->cpu[i].pkg = -1;
		s->cpu[i].mhz = s->cpu[i].base_mhz = s->cpu[i].max_mhz = NAN;
		s->cpu[i].temp_c = NAN;
		snprintf(path, sizeof path, "%s/sys/devices/system/cpu/cpu%d", s->root, i);
		s->cpu[i].online = access(path, F_OK) == 0;
		snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/core_id", i);
		if (sensors_num(s, path, &v) == 0)
			s->cpu[i].core_id = (int)v;
		snprintf(path, sizeof path,
		    "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", i);
		if (sensors_num(s, path, &v) == 0 && v < SENSORS_PKG_MAX)
			s->cpu[i].pkg = (int)v;
		if (s->cpu[i].pkg + 1 > s->npkg)
			s->npkg = s->cpu[i].pkg + 1;
	}
}

static void	sensors_find_temps(struct sensors *);
static void	sensors_find_rapl(struct sensors *);

/* Sensors under sysroot (NULL: the one root, os_root()). */
struct sensors *
sensors_new(const char *sysroot)
{
	struct sensors	*s = xcalloc(1, sizeof *s);
	int		 i, k;

	if (sysroot == NULL)
		sysroot = os_root();
	snprintf(s->root, sizeof s->root, "%s", sysroot);
	sensors_cpus(s);
	if (s->npkg == 0)
		s->npkg = 1;
	for (i = 0; i < SENSORS_PKG_MAX; i++) {
		s->pkg[i].temp_c = s->pkg[i].watts = NAN;
		for (k = 0; k < SENSORS_CCD_MAX; k++)
			s->pkg[i].ccd_c[k] = NAN;
	}
	sensors_find_temps(s);
	sensors_find_rapl(s);
	return s;
}

/* Release the sensors. */
void
sensors_free(struct sensors *s)
{
	if (s == NULL)
		return;
	free(s->cpu);
	free(s->src);
	free(s);
}

/* "cpu MHz" of each "processor" in <root>/proc/cpuinfo; how many were found. */
static int
sensors_cpuinfo_mhz(struct sensors *s)
{
	FILE	*f;
	char	 path[512], line[512], *colon;
	int	 cpu = -1, found = 0;

	snprintf(path, sizeof path, "%s/proc/cpuinfo", s->root);
	if ((f = fopen(path, "re")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL) {
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		if (strncmp(line, "processor", 9) == 0)
			cpu = atoi(colon + 1);
		else if (strncmp(line, "cpu MHz", 7) == 0 && cpu >= 0 && cpu < s->ncpu) {
			s->cpu[cpu].mhz = strtod(colon + 1, NULL);
			found++;
		}
	}
	fclose(f);
	return found;
}

/* Each CPU's clock: cpufreq first, /proc/cpuinfo's MHz where there is no driver. */
static void
sensors_read_mhz(struct sensors *s)
{
	char		path[256];
	uint64_t	khz;
	int		i, found = 0;

	for (i = 0; i < s->ncpu; i++) {
		s->cpu[i].mhz = NAN;
		snprintf(path, sizeof path,
		    "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_cur_freq", i);
		if (sensors_num(s, path, &khz) == 0) {
			s->cpu[i].mhz = (double)khz / 1000;
			found++;
		}
		snprintf(path, sizeof path,
		    "/sys/devices/system/cpu/cpu%d/cpufreq/base_frequency", i);
		if (sensors_num(s, path, &khz) == 0)
			s->cpu[i].base_mhz = (double)khz / 1000;
		snprintf(path, sizeof path,
		    "/sys/devices/system/cpu/cpu%d/cpufreq/cpuinfo_max_freq", i);
		if (sensors_num(s, path, &khz) == 0)
			s->cpu[i].max_mhz = (double)khz / 1000;
	}
	s->mhz_why[0] = '\0';
	if (found > 0) {
		snprintf(s->mhz_src, sizeof s->mhz_src, "cpufreq");
		return;
	}
	if (sensors_cpuinfo_mhz(s) > 0) {
		snprintf(s->mhz_src, sizeof s->mhz_src, "/proc/cpuinfo");
		snprintf(s->mhz_why, sizeof s->mhz_why, "no cpufreq driver: MHz from "
		    "/proc/cpuinfo");
	} else {
		s->mhz_src[0] = '\0';
		snprintf(s->mhz_why, sizeof s->mhz_why, "no cpufreq driver, and no MHz in "
		    "/proc/cpuinfo");
	}
}

/* Remember one temperature input under the root. */
static void
sensors_add_src(struct sensors *s, const char *path, int kind, int pkg, int n)
{
	struct sensors_src	*src;

	if (pkg < 0 || pkg >= SENSORS_PKG_MAX)
		return;
	s->src = xreallocarray(s->src, (size_t)s->nsrc + 1, sizeof *s->src);
	src = &s->src[s->nsrc++];
	snprintf(src->path, sizeof src->path, "%s", path);
	src->kind = kind;
	src->pkg = pkg;
	src->n = n;
	if (pkg + 1 > s->npkg)
		s->npkg = pkg + 1;
}

/* The numbers N of <root>/DIR/PREFIXNSUFFIX entries, sorted; how many. */
static int
sensors_list(const struct sensors *s, const char *dir, const char *prefix,
    const char *suffix, int *v, int max)
{
	struct dirent	*e;
	DIR		*d;
	char		 path[512];
	int		 n = 0, i, j, t;

	snprintf(path, sizeof path, "%s%s", s->root, dir);
	if ((d = opendir(path)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < max)
		if ((i = sensors_index(e->d_name, prefix, suffix)) >= 0)
			v[n++] = i;
	closedir(d);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n;
}

/* The package a coretemp hwmon covers, from its "Package id P" label; 0 if none. */
static int
sensors_coretemp_pkg(const struct sensors *s, const char *dir, const int *k, int nk)
{
	char	path[512], label[64];
	int	i, pkg;

	for (i = 0; i < nk; i++) {
		snprintf(path, sizeof path, "%s/temp%d_label", dir, k[i]);
		if (sensors_file(s, path, label, sizeof label) == 0 &&
		    sscanf(label, "Package id %d", &pkg) == 1)
			return pkg;
	}
	return 0;
}

/* One hwmon's inputs: coretemp per package and core, k10temp Tdie or Tctl and Tccd. */
static int
sensors_find_hwmon(struct sensors *s, const char *dir, const char *name, int k10)
{
	char	path[512], label[64], input[256];
	int	k[64], nk, i, pkg, n, tdie = 0, found = 0;

	nk = sensors_list(s, dir, "temp", "_input", k, 64);
	pkg = strcmp(name, "coretemp") == 0 ? sensors_coretemp_pkg(s, dir, k, nk) : k10;
	for (i = 0; i < nk; i++) {
		snprintf(path, sizeof path, "%s/temp%d_label", dir, k[i]);
		if (sensors_file(s, path, label, sizeof label) == 0 &&
		    strcmp(label, "Tdie") == 0)
			tdie = 1;
	}
	for (i = 0; i < nk; i++) {
		snprintf(input, sizeof input, "%s/temp%d_input", dir, k[i]);
		snprintf(path, sizeof path, "%s/temp%d_label", dir, k[i]);
		if (sensors_file(s, path, label, sizeof label) == -1)
			label[0] = '\0';
		if (strncmp(label, "Package id", 10) == 0 ||
		    strcmp(label, "Tdie") == 0 || (strcmp(label, "Tctl") == 0 && !tdie))
			sensors_add_src(s, input, SENSORS_SRC_PKG, pkg, 0);
		else if (sscanf(label, "Core %d", &n) == 1)
			sensors_add_src(s, input, SENSORS_SRC_CORE, pkg, n);
		else if (sscanf(label, "Tccd%d", &n) == 1 && n >= 1 && n <= SENSORS_CCD_MAX)
			sensors_add_src(s, input, SENSORS_SRC_CCD, pkg, n - 1);
		else
			continue;
		found++;
	}
	if (found)
		snprintf(s->temp_src, sizeof s->temp_src, "%s%s", name,
		    strcmp(name, "k10temp") == 0 ? (tdie ? " Tdie" : " Tctl") : "");
	return found;
}

/* Find the temperature inputs: hwmon (coretemp, k10temp), else the CPU thermal zones. */
static void
sensors_find_temps(struct sensors *s)
{
	char	dir[256], path[512], name[64];
	int	v[256], n, i, k10 = 0, found = 0;

	n = sensors_list(s, "/sys/class/hwmon", "hwmon", "", v, 256);
	for (i = 0; i < n; i++) {
		snprintf(dir, sizeof dir, "/sys/class/hwmon/hwmon%d", v[i]);
		snprintf(path, sizeof path, "%s/name", dir);
		if (sensors_file(s, path, name, sizeof name) == -1)
			continue;
		if (strcmp(name, "coretemp") == 0)
			found += sensors_find_hwmon(s, dir, name, 0);
		else if (strcmp(name, "k10temp") == 0)
			found += sensors_find_hwmon(s, dir, name, k10++);
	}
	if (found)
		return;
	n = sensors_list(s, "/sys/class/thermal", "thermal_zone", "", v, 256);
	for (i = 0, k10 = 0; i < n; i++) {
		snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/type", v[i]);
		if (sensors_file(s, path, name, sizeof name) == -1 ||
		    (strcmp(name, "x86_pkg_temp") != 0 && strcmp(name, "cpu-thermal") != 0 &&
		    strcmp(name, "cpu_thermal") != 0))
			continue;
		snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/temp", v[i]);
		sensors_add_src(s, path, SENSORS_SRC_PKG, k10++, 0);
		snprintf(s->temp_src, sizeof s->temp_src, "thermal zone %s", name);
	}
	if (s->nsrc == 0)
		snprintf(s->temp_why, sizeof s->temp_why, "no CPU temperature sensor (no "
		    "coretemp or k10temp hwmon, no CPU thermal zone)");
}

/* Why an energy counter could not be read, from errno. */
void
sensors_rapl_why(char *buf, int len, int err)
{
	if (err == EACCES || err == EPERM)
		snprintf(buf, (size_t)len, "RAPL needs root (energy_uj is readable by root "
		    "only)");
	else if (err == ENOENT)
		snprintf(buf, (size_t)len, "no RAPL (no powercap intel-rapl zone)");
	else
		snprintf(buf, (size_t)len, "RAPL: energy_uj: %s", strerror(err));
}

/* Find the package RAPL zones: powercap intel-rapl:N (not their subzones). */
static void
sensors_find_rapl(struct sensors *s)
{
	char		path[256], name[64];
	uint64_t	v;
	int		z[SENSORS_PKG_MAX], n, i, pkg;

	n = sensors_list(s, "/sys/class/powercap", "intel-rapl:", "", z,
	    SENSORS_PKG_MAX);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof path, "/sys/class/powercap/intel-rapl:%d/name", z[i]);
		if (sensors_file(s, path, name, sizeof name) == -1 ||
		    sscanf(name, "package-%d", &pkg) != 1 || pkg < 0 ||
		    pkg >= SENSORS_PKG_MAX)
			continue;
		snprintf(s->pkg[pkg].energy, sizeof s->pkg[pkg].energy,
		    "/sys/class/powercap/intel-rapl:%d/energy_uj", z[i]);
		snprintf(path, sizeof path,
		    "/sys/class/powercap/intel-rapl:%d/max_energy_range_uj", z[i]);
		s->pkg[pkg].range_uj = sensors_num(s, path, &v) == 0 ? v : 0;
		if (pkg + 1 > s->npkg)
			s->npkg = pkg + 1;
		s->rapl++;
	}
	if (s->rapl == 0)
		sensors_rapl_why(s->watts_why, sizeof s->watts_why, ENOENT);
}

/* Energy between two readings of a counter that wraps at range (0: unknown). */
uint64_t
sensors_energy_delta(uint64_t a, uint64_t b, uint64_t range)
{
	if (b >= a)
		return b - a;
	return range > a ? range - a + b : 0;
}

/* Set a package's temperature, and its CPUs' where no finer sensor did. */
static void
sensors_pkg_temp(struct sensors *s, int pkg, double c)
{
	int	i;

	s->pkg[pkg].temp_c = c;
	for (i = 0; i < s->ncpu; i++)
		if ((s->cpu[i].pkg == pkg || (s->cpu[i].pkg == -1 && pkg == 0)) &&
		    isnan(s->cpu[i].temp_c))
			s->cpu[i].temp_c = c;
}

/* Read the temperature inputs found: cores first, then packages fill the rest. */
static void
sensors_read_temps(struct sensors *s)
{
	struct sensors_src	*src;
	uint64_t		 mc;
	int			 i, k;

	for (i = 0; i < s->ncpu; i++)
		s->cpu[i].temp_c = NAN;
	for (i = 0; i < s->nsrc; i++) {
		src = &s->src[i];
		/* Hotter than any CPU runs is a broken sensor: no figure. */
		src->c = sensors_num(s, src->path, &mc) == 0 && mc <= SENSORS_TEMP_MAX_MC ?
		    (double)mc / 1000 : NAN;
		if (src->kind == SENSORS_SRC_CORE)
			for (k = 0; k < s->ncpu; k++)
				if (s->cpu[k].core_id == src->n && (s->cpu[k].pkg == src->pkg ||
				    s->cpu[k].pkg == -1))
					s->cpu[k].temp_c = src->c;
		if (src->kind == SENSORS_SRC_CCD) {
			s->pkg[src->pkg].ccd_c[src->n] = src->c;
			if (src->n + 1 > s->pkg[src->pkg].nccd)
				s->pkg[src->pkg].nccd = src->n + 1;
		}
	}
	for (i = 0; i < s->nsrc; i++)
		if (s->src[i].kind == SENSORS_SRC_PKG)
			sensors_pkg_temp(s, s->src[i].pkg, s->src[i].c);
}

/* Each package's power from its energy counter since the last reading. */
static void
sensors_read_power(struct sensors *s, uint64_t now_ns)
{
	struct sensors_pkg	*p;
	uint64_t		 uj;
	int			 i;

	for (i = 0; i < SENSORS_PKG_MAX; i++) {
		p = &s->pkg[i];
		if (p->energy[0] == '\0')
			continue;
		if (sensors_num(s, p->energy, &uj) == -1) {
			sensors_rapl_why(s->watts_why, sizeof s->watts_why, errno);
			p->watts = NAN;
			p->t_ns = 0;
			continue;
		}
		s->watts_why[0] = '\0';
		p->watts = p->t_ns != 0 && now_ns > p->t_ns ?
		    (double)sensors_energy_delta(p->uj, uj, p->range_uj) /
		    ((double)(now_ns - p->t_ns) / 1e3) : NAN;
		p->uj = uj;
		p->t_ns = now_ns;
	}
}

/* Read everything once. */
void
sensors_read(struct sensors *s, uint64_t now_ns)
{
	sensors_read_mhz(s);
	sensors_read_temps(s);
	sensors_read_power(s, now_ns);
}

/* The hottest package temperature, or NAN. */
double
sensors_temp(const struct sensors *s)
{
	double	t = NAN;
	int	i;

	for (i = 0; i < s->npkg && i < SENSORS_PKG_MAX; i++)
		if (isfinite(s->pkg[i].temp_c) && !(t >= s->pkg[i].temp_c))
			t = s->pkg[i].temp_c;
	return t;
}

/* All packages' power, or NAN until every counter has two readings. */
double
sensors_watts(const struct sensors *s)
{
	double	w = 0;
	int	i, n = 0;

	for (i = 0; i < SENSORS_PKG_MAX; i++) {
		if (s->pkg[i].energy[0] == '\0')
			continue;
		if (!isfinite(s->pkg[i].watts))
			return NAN;
		w += s->pkg[i].watts;
		n++;
	}
	return n ? w : NAN;
}
