/* measure.h: headless measuring windows over running loads, interruptible by signals. */
#ifndef SMTSCOPE_MEASURE_H
#define SMTSCOPE_MEASURE_H

#include "loads.h"

/*
 * Block SIGINT, SIGTERM and SIGHUP so that the waits below can take them
 * synchronously; a fatal signal during a wait stops all loads first.
 */
void	measure_signals_block(void);
/* Sleep s seconds; returns 0, or the number of a terminating signal that came. */
int	measure_sleep(double s);
/* Wait until a load has done its first unit of work; 0, -1 on timeout or death, or a signal. */
int	measure_wait_ready(struct loads *, int id, double timeout_s);
/* Sample all loads, wait s seconds, sample again; 0 or a signal number. */
int	measure_window(struct loads *, double s);

#endif
