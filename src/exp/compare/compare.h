/*
 * compare.h: `smtscope compare`, many machines' check results side by
 * side. compare_load.c reads the files (check --json, with their machine
 * object); compare.c groups alike machines (same CPU) and finds the
 * outliers of each group with the reasons in words; compare_report.c
 * writes the table as text (80 columns, machines wrapped into blocks),
 * JSON, CSV or an SVG heatmap.
 */
#ifndef SMTSCOPE_COMPARE_H
#define SMTSCOPE_COMPARE_H

#include <stdio.h>

#include "model/topo.h"

/*
 * A figure's default tolerance around its group's median; an outlier
 * within its own measured spread says so.
 */
#define COMPARE_TOLERANCE_PCT	10
#define COMPARE_TOLERANCE	(COMPARE_TOLERANCE_PCT / 100.0)
/* A median needs this many machines with the figure. */
#define COMPARE_MEDIAN_MIN	3

/* One figure of a machine; NAN when it has none. */
struct compare_fig {
	double	v;
	double	spread;		/* its own relative spread, 0 when not known */
	int	disturbed;	/* the machine marked it: other work ran */
	int	outlier;	/* beyond the tolerance from the median */
};

/* One machine's result file. */
struct compare_machine {
	char			*path;
	char			*name;		/* the file's stem, or its path */
	char			*hostname, *kernel;
	char			*vendor, *brand, *codename, *microcode, *bios, *product;
	char			*smt_control;
	char			 smt[128];	/* its SMT state in the model's words (compare.c) */
	int			 family, model, stepping;
	int			 topo[6];	/* packages, numa, cores, pus, width, smt_on */
	char			**warn;
	int			 nwarn;
	/* Its figures, sized by the kernels and rows known when it was read. */
	struct compare_fig	*solo;		/* [nsolo], by kernel */
	int			 nsolo;
	struct compare_fig	*speed, *yield;	/* [ncells]: row * REL_COUNT + relation */
	int			 ncells;
	int			 group;
	char			**why;		/* the reasons it is an outlier */
	int			 nwhy;
};

/* Machines alike: the same CPU. */
struct compare_group {
	char	*cpu;			/* "AMD EPYC 7763 (AuthenticAMD 25/1)" */
	int	 topo[6];		/* the topology most of them have */
	char	 smt[128];		/* the SMT state most of them have, in words */
	int	*members;		/* machine indexes */
	int	 n;
	double	*solo_med;		/* [nkernels] */
	int	*solo_n;		/* [nkernels]: how many have a solo */
	double	*yield_med;		/* [nrows * REL_COUNT] */
	double	*speed_med;
	char	**notes;		/* warnings most of them reported */
	int	 nnotes;
};

struct compare {
	struct compare_machine	*m;
	int			 n, cap;
	char			**kernels;	/* solo kernels, in first-seen order */
	char			**units;	/* their display units */
	int			 nkernels;
	char			**rows;		/* result rows (kernels, pairs) */
	int			 nrows;
	struct compare_group	*groups;
	int			 ngroups;
	double			 tolerance;
	int			 use_warnings;
};

/* The topology fields, in struct compare_machine's topo[] order. */
enum { COMPARE_PACKAGES, COMPARE_NUMA, COMPARE_CORES, COMPARE_PUS, COMPARE_WIDTH,
	COMPARE_SMT_ON };

/* compare_load.c: add one file, or every *.json of a directory; -1 with err naming it. */
int	 compare_add_path(struct compare *, const char *path, char *err, size_t errlen);
/* Add one result from its text (the fuzz harness and tests); -1 with err. */
int	 compare_add_text(struct compare *, const char *path, const char *text,
	    size_t len, char *err, size_t errlen);
void	 compare_free(struct compare *);

/* compare.c: group the machines, take the medians, name the outliers; how many. */
int	 compare_analyse(struct compare *);
/* A machine's solo of a kernel, or NULL; its speed or yield of a cell, or NULL. */
const struct compare_fig *compare_solo(const struct compare_machine *, int kernel);
const struct compare_fig *compare_speed(const struct compare_machine *, int cell);
const struct compare_fig *compare_yield(const struct compare_machine *, int cell);
#endif
