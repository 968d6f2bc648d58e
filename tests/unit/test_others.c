/*
 * test_others.c: the screen's scan of /proc for others' work (ui/others.c)
 * is made at most once a second whatever the refresh rate, and the names it
 * found stay between scans: a scratch /proc holds one busy process whose
 * CPU time grows as the refreshes' clock goes on.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/topo.h"
#include "os/os.h"
#include "sample/cpustat.h"
#include "tap.h"
#include "ui/host.h"
#include "ui/others.h"

/* The scratch root and the busy process's stat file in it. */
static char	root[] = "/tmp/smtscope-others.XXXXXX";
static char	stat_path[300];

/* Write pid 4321's stat: "busy", on CPU 1, ticks of CPU time so far. */
static void
write_busy(unsigned long long ticks)
{
	FILE	*f = fopen(stat_path, "w");

	if (f == NULL)
		return;
	fprintf(f, "4321 (busy) R 1 4321 4321 0 -1 4194304 0 0 0 0 %llu 0 0 0 20 0 1 0 "
	    "100 1000000 100 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 "
	    "0\n", ticks);
	fclose(f);
}

/*
 * Refresh n times, step_ns apart from *t, the busy process taking all of
 * CPU 1; returns the scans made. The shares are set as figures.c would.
 */
static uint64_t
refresh(struct ui_others *o, struct ui_host *h, int n, uint64_t step_ns, uint64_t *t,
    unsigned long long *ticks, int *named_between)
{
	struct cpustat_sample	prev, cur;
	uint64_t		scans0 = o->scans, s;
	long			hz = sysconf(_SC_CLK_TCK);
	int			i;

	memset(&prev, 0, sizeof prev);
	memset(&cur, 0, sizeof cur);
	*named_between = 1;
	for (i = 0; i < n; i++) {
		prev.t_ns = *t;
		*t += step_ns;
		cur.t_ns = *t;
		*ticks += (unsigned long long)hz * step_ns / 1000000000ULL;
		write_busy(*ticks);
		h->pct_ok[1] = 1;
		h->pct[1].busy = 100;
		h->pct_ok[0] = 1;
		h->pct[0].busy = 0;
		s = o->scans;
		others_tick(o, h, &prev, &cur);
		/* A refresh without a scan, after the first named: still named. */
		if (o->scans == s && o->scans - scans0 >= 2 &&
		    strstr(o->who[1], "busy (4321)") == NULL)
			*named_between = 0;
	}
	return o->scans - scans0;
}

int
main(void)
{
	struct ui_others	 o;
	struct ui_host		 h;
	uint64_t		 t = 1000000000ULL, scans;
	unsigned long long	 ticks = 1000;
	char			 err[256], dir[256];
	int			 between;

	if (mkdtemp(root) == NULL) {
		skip("no scratch directory: %s", strerror(errno));
		return tap_done();
	}
	snprintf(dir, sizeof dir, "%s/proc", root);
	mkdir(dir, 0700);
	snprintf(dir, sizeof dir, "%s/proc/4321", root);
	mkdir(dir, 0700);
	snprintf(stat_path, sizeof stat_path, "%s/stat", dir);
	write_busy(ticks);
	os_set_root(root);

	memset(&h, 0, sizeof h);
	if ((h.m = topo_load_synthetic("pack:1 core:2 pu:1", err, sizeof err)) == NULL) {
		skip("no synthetic topology: %s", err);
		return tap_done();
	}
	h.pct = calloc(2, sizeof *h.pct);
	h.pct_ok = calloc(2, 1);
	h.delay_tenths = 1;
	memset(&o, 0, sizeof o);
	others_init(&o, &h);

	scans = refresh(&o, &h, 50, 100000000ULL, &t, &ticks, &between);
	ok(scans >= 5 && scans <= 6, "50 refreshes at 10 Hz (5 s): %llu scans of /proc, "
	    "about one a second", (unsigned long long)scans);
	ok(strstr(o.who[1], "busy (4321) 100%") != NULL, "CPU 1's others are named: '%s'",
	    o.who[1]);
	ok(between, "the names stay between scans");
	ok(o.who[0][0] == '\0', "CPU 0, without others' work, names none: '%s'", o.who[0]);
	ok(strstr(o.top, "busy (4321)") != NULL && strstr(o.top, "CPU 1") != NULL,
	    "the header's top process: '%s'", o.top);

	scans = refresh(&o, &h, 5, 1000000000ULL, &t, &ticks, &between);
	ok(scans == 5, "5 refreshes at 1 Hz: a scan each (%llu)", (unsigned long long)scans);

	/* CPU 1 goes quiet: its name goes at once, with no scan. */
	h.pct[1].busy = 0;
	{
		struct cpustat_sample	prev, cur;

		memset(&prev, 0, sizeof prev);
		memset(&cur, 0, sizeof cur);
		prev.t_ns = t;
		cur.t_ns = t += 100000000ULL;
		scans = o.scans;
		h.pct_ok[1] = 1;
		o.hold = 0;
		/* others_tick() takes the shares from h; keep CPU 1 at 0 this time. */
		others_tick(&o, &h, &prev, &cur);
	}
	ok(o.who[1][0] == '\0' && o.top[0] == '\0' && o.scans == scans,
	    "a CPU that goes quiet loses its names at once, without a scan");

	others_free(&o);
	topo_free(h.m);
	free(h.pct);
	free(h.pct_ok);
	unlink(stat_path);
	rmdir(dir);
	snprintf(dir, sizeof dir, "%s/proc", root);
	rmdir(dir);
	rmdir(root);
	os_set_root(NULL);
	return tap_done();
}
