/* tour_host.c: a tour without a screen: loads on this machine, each step printed as it is measured. */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "cmd/tour_host.h"
#include "engine/eta.h"
#include "engine/loads.h"
#include "engine/measure.h"
#include "engine/solo.h"
#include "model/topo.h"
#include "report/reports.h"
#include "sample/foreign.h"

/* The headless host: loads on this machine, output as plain text. */
struct tour_host {
	const struct topo	*m;
	struct loads		*ls;
	struct solo		*solo;		/* over ls */
	struct foreign		*f;		/* others' work */
	int			 failed;
	FILE			*out;
};

/* Start a load for the player; its id. */
static int
tour_host_start(void *arg, const char *name, const char *text, char *err, size_t errlen)
{
	struct tour_host	*h = arg;
	struct load_spec	 spec;

	(void)name;
	if (loads_parse(h->m, text, &spec, err, errlen) == -1)
		return -1;
	return loads_start(h->ls, &spec, err, errlen);
}

/* Stop a load for the player. */
static int
tour_host_stop(void *arg, int id)
{
	struct tour_host	*h = arg;

	return loads_stop(h->ls, id);
}

/* Move a load for the player. */
static int
tour_host_move(void *arg, int id, int cpu, int cpu_b, char *err, size_t errlen)
{
	struct tour_host	*h = arg;
	struct cpuset		 set;

	cpuset_zero(&set);
	cpuset_set(&set, cpu);
	return loads_move(h->ls, id, &set, cpu_b, err, errlen);
}

/* Pause or resume a load for the player. */
static int
tour_host_pause(void *arg, int id, int pause)
{
	struct tour_host	*h = arg;

	return loads_pause(h->ls, id, pause);
}

/* A fresh sample of a load. */
static int
tour_host_sample(void *arg, int id, struct load_sample *out)
{
	struct tour_host	*h = arg;
	struct load		*l;

	loads_reap(h->ls);
	if ((l = loads_get(h->ls, id)) == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(h->ls, l, out);
	return 0;
}

/* Note every process's CPU time now. */
static void
tour_host_foreign_mark(void *arg)
{
	struct tour_host	*h = arg;

	measure_foreign_scan(h->f, h->ls);
}

/* Others' work on a load's core between the last two marks. */
static double
tour_host_foreign(void *arg, int id, struct foreign_proc *who, int max, int *n)
{
	struct tour_host	*h = arg;
	struct load		*l = loads_get(h->ls, id);
	struct cpuset		 core;

	*n = 0;
	if (l == NULL || foreign_interval_s(h->f) <= 0)
		return NAN;
	measure_core_cpus(h->m, &l->spec, &core);
	*n = measure_foreign_on(h->f, &core, 0.02, who, max);
	return measure_foreign_whole(measure_foreign_cpus(h->f, &core), who, *n);
}

/* The measurer of solo rates, over the host's loads. */
static struct solo *
tour_host_solo(void *arg)
{
	struct tour_host	*h = arg;

	return h->solo;
}

/* Say which CPUs the step points at. */
static void
tour_host_highlight(void *arg, const struct cpuset *cpus)
{
	struct tour_host	*h = arg;
	char			 list[256];

	if (cpuset_count(cpus) == 0)
		return;
	cpuset_format(cpus, list, sizeof list);
	fprintf(h->out, "    look at CPU %s\n", list);
}

/* Print what the player reports, as it happens; note a failed step. */
static void
tour_host_event(void *arg, enum tour_event ev, const struct tour_player *p)
{
	struct tour_host	*h = arg;

	if (ev == TOUR_EV_FAILED)
		h->failed = 1;
	tour_report_event(h->out, ev, p);
}

static const struct tour_ops tour_host_ops = {
	.start = tour_host_start,
	.stop = tour_host_stop,
	.move = tour_host_move,
	.pause = tour_host_pause,
	.sample = tour_host_sample,
	.highlight = tour_host_highlight,
	.event = tour_host_event,
	.solo = tour_host_solo,
	.foreign_mark = tour_host_foreign_mark,
	.foreign = tour_host_foreign,
};

/* Run a tour without a screen: each step printed as it is measured. */
int
tour_host_run(const struct tour *t, const struct tour_options *opt, const char *record,
    const char *svg)
{
	struct tour_host	 h;
	struct tour_player	*p;
	struct topo		*m;
	sigset_t		 set;
	struct eta		 e;
	char			 err[512], took[512];
	double			 now, deadline, wait, waited, again_s, setup;
	int			 sig = 0, rc, again;

	if ((m = topo_load_live(err, sizeof err)) == NULL) {
		fprintf(stderr, "smtscope: tour: %s\n", err);
		return CMD_FAIL;
	}
	memset(&h, 0, sizeof h);
	h.m = m;
	h.out = stdout;
	measure_signals_block();
	h.ls = loads_new(m);
	h.solo = solo_new(&solo_loads_ops, h.ls);
	h.f = foreign_new(NULL, m->max_os > 0 ? m->max_os : 1);
	p = tour_player_new(t, m, &tour_host_ops, &h, opt);
	/* The estimate from the plan it plays: steps' times, new placements' solos. */
	eta_start(&e, tour_player_estimate(p), 0, 0, util_now_ns());
	printf("Tour %s: %s (%d steps, %s): about %.0f s\n", t->name, t->title, t->nsteps,
	    t->path, e.first_s);
	now = (double)util_now_ns() / 1e9;
	deadline = tour_player_begin(p, now);
	while (!tour_player_done(p)) {
		now = (double)util_now_ns() / 1e9;
		wait = deadline - now;
		if (wait > 0 && (sig = measure_sleep(wait < 0.5 ? wait : 0.5)) != 0)
			break;
		loads_reap(h.ls);
		now = (double)util_now_ns() / 1e9;
		deadline = tour_player_tick(p, now);
		if (isinf(deadline))
			deadline = now + 0.5;
	}
	tour_player_quit(p);
	eta_end(&e, util_now_ns());
	tour_player_costs(p, &waited, &again, &again_s, &setup);
	eta_wait(&e, waited);
	eta_again(&e, again, again_s);
	eta_setup(&e, setup);
	foreign_free(h.f);
	solo_free(h.solo);
	loads_free(h.ls);
	printf("\n");
	tour_report_summary(p, stdout);
	eta_took(&e, took, sizeof took);
	printf("\nThe tour %s.\n", took);
	fflush(stdout);
	rc = h.failed ? CMD_FAIL : CMD_OK;
	if (record != NULL && tour_report_record(p, record) == -1)
		rc = CMD_FAIL;
	if (svg != NULL && tour_report_svg(p, svg) == -1)
		rc = CMD_FAIL;
	tour_player_free(p);
	topo_free(m);
	if (sig != 0) {
		signal(sig, SIG_DFL);
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		raise(sig);
		return 128 + sig;
	}
	return rc;
}
