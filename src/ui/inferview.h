/*
 * inferview.h: what `check --infer` measured, on the screen (--infer-from
 * FILE): a CPU row of the tree marks a pair that behaves unlike what the
 * topology reports (a dotted link and the partner: "┄sib 1"), the info
 * line gives the cursor's CPU the evidence, and the header the legend.
 * The reported topology is never redrawn: the marks stand beside it.
 */
#ifndef SMTSCOPE_UI_INFERVIEW_H
#define SMTSCOPE_UI_INFERVIEW_H

#include <stddef.h>

struct infer_mark;

/* A CPU's mark for the tree ("┄sib 1", ASCII ":sib 1"), or 0 with buf "". */
int	inferview_cpu(const struct infer_mark *, int n, int os, int utf8, char *buf,
	    size_t len);
/* The cursor's CPU: the measured pairs it is in, with their evidence; 0 if none. */
int	inferview_info(const struct infer_mark *, int n, int os, char *buf, size_t len);
/*
 * The legend for the header, in room columns if it can: "┄ check --infer: 1 pair
 * unlike the topology", shorter forms on a narrow screen; 0 if none was read.
 */
int	inferview_legend(const struct infer_mark *, int n, int utf8, int room, char *buf,
	    size_t len);

#endif
