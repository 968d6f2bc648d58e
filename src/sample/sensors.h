/*
 * sensors.h: per-CPU clock, temperature and package power from Linux
 * sysfs, unprivileged sources first: cpufreq's scaling_cur_freq (or
 * /proc/cpuinfo's MHz), hwmon (coretemp per core and package, k10temp
 * Tctl/Tdie/Tccd) or the CPU thermal zones, and powercap's intel-rapl
 * energy counters. Read under the one root (os_root(), $SMTSCOPE_ROOT in
 * tests: <root>/sys and <root>/proc); what cannot be read says why.
 */
#ifndef SMTSCOPE_SENSORS_H
#define SMTSCOPE_SENSORS_H

#include <stdint.h>

#define SENSORS_PKG_MAX		16
/* The hottest reading taken as a figure, in millidegrees C (Tjmax is 125 at most). */
#define SENSORS_TEMP_MAX_MC	200000
#define SENSORS_CCD_MAX		16
#define SENSORS_WHY_MAX		128

/* One logical CPU. */
struct sensors_cpu {
	int	online;		/* its directory exists */
	int	core_id;	/* topology/core_id, -1 unknown */
	int	pkg;		/* topology/physical_package_id, -1 unknown */
	double	mhz;		/* current clock; NAN unknown */
	double	base_mhz;	/* base (nominal) clock; NAN unknown */
	double	max_mhz;	/* hardware maximum; NAN unknown */
	double	temp_c;		/* the finest sensor that covers it; NAN none */
};

/* A temperature input found under the root, and what it covers. */
enum sensors_src_kind {
	SENSORS_SRC_PKG,	/* a package: coretemp "Package id", k10temp Tdie/Tctl, a zone */
	SENSORS_SRC_CORE,	/* coretemp "Core N": the CPUs of core N */
	SENSORS_SRC_CCD		/* k10temp "TccdN" */
};
struct sensors_src {
	char			path[128];
	enum sensors_src_kind	kind;
	int			pkg;
	int			n;	/* core id, or CCD index */
	double			c;	/* the last reading; NAN none */
};

/* One package: temperature and RAPL energy. */
struct sensors_pkg {
	double		temp_c;		/* NAN none */
	double		ccd_c[SENSORS_CCD_MAX];	/* k10temp Tccd1..; NAN none */
	int		nccd;
	double		watts;		/* over the last two readings; NAN none */
	uint64_t	uj;		/* energy_uj at t_ns */
	uint64_t	range_uj;	/* max_energy_range_uj: where energy_uj wraps */
	uint64_t	t_ns;		/* 0: no reading yet */
	char		energy[96];	/* its energy_uj under the root, "" none */
};

struct sensors {
	char			 root[256];
	int			 ncpu;		/* slots: the highest CPU number + 1 */
	struct sensors_cpu	*cpu;
	int			 npkg;
	struct sensors_pkg	 pkg[SENSORS_PKG_MAX];
	char			 mhz_src[32];	/* "cpufreq", "/proc/cpuinfo", "" */
	char			 mhz_why[SENSORS_WHY_MAX];	/* why no MHz or no cpufreq */
	char			 temp_src[96];	/* "coretemp", "k10temp Tctl", "thermal zone x86_pkg_temp" */
	char			 temp_why[SENSORS_WHY_MAX];
	struct sensors_src	*src;
	int			 nsrc;
	int			 rapl;		/* packages with an energy counter */
	char			 watts_why[SENSORS_WHY_MAX];
};

/* Sensors under sysroot (NULL: the one root, os_root(): "" the live machine). */
struct sensors	*sensors_new(const char *sysroot);
void		 sensors_free(struct sensors *);
/* Read everything once, at now_ns (CLOCK_MONOTONIC); watts from the last reading. */
void		 sensors_read(struct sensors *, uint64_t now_ns);
/* The hottest package temperature, or NAN. */
double		 sensors_temp(const struct sensors *);
/* All packages' power, or NAN until two readings with energy counters. */
double		 sensors_watts(const struct sensors *);
/* Energy between two readings of a counter that wraps at range (0: unknown). */
uint64_t	 sensors_energy_delta(uint64_t a, uint64_t b, uint64_t range);
/* Why an energy counter could not be read, from errno. */
void		 sensors_rapl_why(char *buf, int len, int err);

#endif
