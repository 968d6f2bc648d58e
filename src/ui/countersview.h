/*
 * countersview.h: the screen's counters and sensors: each load's IPC,
 * clock, LLC misses, context switches and migrations per refresh and over
 * its solo, each CPU's MHz, the package's temperature and power, and the
 * reason, once, for what this machine cannot give. countersview_tick()
 * reads at each refresh; the rest only formats text for draw.c.
 */
#ifndef SMTSCOPE_UI_COUNTERSVIEW_H
#define SMTSCOPE_UI_COUNTERSVIEW_H

#include <stddef.h>

#include "ui/host.h"

struct countersview;
struct load;

/* From this many columns the loads panel shows LLC misses per 1000 instructions too. */
#define COUNTERSVIEW_WIDE	140

/* Read the loads' counters and the sensors once; made on first use. */
void	countersview_tick(struct countersview **, const struct ui_host *);
/* Release it. */
void	countersview_free(struct countersview **);
/* Whether the loads panel has counter columns (the machine has hardware counters). */
int	countersview_columns(const struct countersview *);
/* The counter columns' title, or a load's figures, in as many columns: wide adds MPKI. */
int	countersview_title(const struct countersview *, int wide, char *buf, size_t len);
int	countersview_load(const struct countersview *, int id, int wide, char *buf, size_t len);
/* A CPU's clock ("3800MHz"), or 0 with buf "" when not known. */
int	countersview_cpu(const struct countersview *, int os, char *buf, size_t len);
/* A CPU's clock in MHz as the last refresh read it; NAN when not known. */
double	countersview_mhz(const struct countersview *, int os);
/* The header's figures and reasons: "61 C 35.2 W; no hardware counters: ...". */
int	countersview_header(const struct countersview *, char *buf, size_t len);
/* The same in a form: 0 the reasons in words, 1 what is missing named, 2 figures only, 3 reasons only. */
int	countersview_header_form(const struct countersview *, int form, char *buf,
	    size_t len);
/* The cursor's load (NULL: none): every counter and the solo comparison (IPC 2.40 -> 1.30). */
int	countersview_info(const struct countersview *, const struct load *, char *buf,
	    size_t len);

#endif
