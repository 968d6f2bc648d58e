/* hog.c: a known foreign process for tests: spin for SECONDS, named "smtscope-hog". */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

/* Spin until argv[1] seconds have passed (default 10). */
int
main(int argc, char **argv)
{
	struct timespec		 t0, t;
	double			 secs = argc > 1 ? atof(argv[1]) : 10;
	volatile unsigned long	 n = 0;

	prctl(PR_SET_NAME, "smtscope-hog");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int i = 0; i < 1000000; i++)
			n++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
	return 0;
}
