/*
 * c2c.c: core-to-core latency of one pair of logical CPUs, and of a plan.
 * The calling thread pins itself on the pair's first CPU and pings; a
 * partner thread pinned on the second answers. They bounce one word alone
 * on its cache line: by compare-and-swap (each side swaps the value the
 * other left), or by a store that the other side, spinning on loads,
 * answers with a store of its own. A sample times N round trips; the
 * figure is the median over the samples of the one-way time. Both threads
 * say where they ran (os_cpu_now) before and after every sample: a pair
 * whose threads did not both run where asked gets no figure. Others' CPU
 * time on the pair's CPUs (foreign.c) over the pair marks it disturbed.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exp/c2c/c2c.h"
#include "model/cpuinfo.h"
#include "sample/foreign.h"
#include "engine/measure.h"
#include "os/os.h"
#include "base/util.h"

/* Two cache lines: adjacent-line prefetchers pair lines of 64 bytes. */
#define C2C_LINE	128
#define C2C_PING	0
#define C2C_PONG	1

/* What the two threads share: the travelling word alone on its line, then the control. */
struct c2c_shared {
	_Alignas(C2C_LINE) _Atomic uint64_t	 word;
	_Alignas(C2C_LINE) _Atomic int		 go;	/* the sample the pinger began */
	_Alignas(C2C_LINE) _Atomic int		 done;	/* the sample the partner ended */
	_Alignas(C2C_LINE) _Atomic int		 ready;	/* partner: 1 pinned, -1 failed */
	_Atomic int				 stop;	/* either side gave up */
};

/* One side of a pair. */
struct c2c_side {
	const struct topo	*m;
	struct c2c_shared	*sh;
	enum c2c_mode		 mode;
	int			 cpu;
	int			 samples;
	int			 trips;
	uint64_t		 deadline_ns;
	int			 ran_on;	/* a CPU it ran on that it was not asked to; -1 */
	int			 timed_out;
	int			 check_signals;	/* the pinger: stop for a terminating signal */
	int			 signo;		/* ... which came */
	char			 err[256];
};

struct c2c_meter {
	const struct topo	*m;
	struct foreign		*fg;
	struct c2c_shared	*sh;
	double			*ns;		/* per sample */
	int			 cap;
};

/* Give up a spin? Every 1024 turns: the other side gave up, or time is over. */
static inline int
c2c_give_up(struct c2c_side *s, unsigned *spins)
{
	if ((++*spins & 0x3ff) != 0)
		return 0;
	if (atomic_load_explicit(&s->sh->stop, memory_order_relaxed))
		return 1;
	if (util_now_ns() > s->deadline_ns) {
		s->timed_out = 1;
		atomic_store(&s->sh->stop, 1);
		return 1;
	}
	return 0;
}

/* Is the thread on its CPU? Else note where it is and stop both sides. */
static int
c2c_on_cpu(struct c2c_side *s)
{
	int	cpu = os_cpu_now();

	if (cpu == s->cpu)
		return 1;
	s->ran_on = cpu;
	atomic_store(&s->sh->stop, 1);
	return 0;
}

/* The pinger's side of one sample; 0, or -1 when it gave up. */
static int
c2c_ping(struct c2c_side *s)
{
	_Atomic uint64_t	*w = &s->sh->word;
	uint64_t		 expect, i;
	unsigned		 spins = 0;

	for (i = 1; i <= (uint64_t)s->trips; i++) {
		if (s->mode == C2C_CAS) {
			expect = C2C_PING;
			while (!atomic_compare_exchange_weak_explicit(w, &expect, C2C_PONG,
			    memory_order_acq_rel, memory_order_relaxed)) {
				expect = C2C_PING;
				if (c2c_give_up(s, &spins))
					return -1;
			}
			continue;
		}
		atomic_store_explicit(w, 2 * i - 1, memory_order_release);
		while (atomic_load_explicit(w, memory_order_acquire) != 2 * i)
			if (c2c_give_up(s, &spins))
				return -1;
	}
	return 0;
}

/* The partner's side of one sample; 0, or -1 when it gave up. */
static int
c2c_pong(struct c2c_side *s)
{
	_Atomic uint64_t	*w = &s->sh->word;
	uint64_t		 expect, i;
	unsigned		 spins = 0;

	for (i = 1; i <= (uint64_t)s->trips; i++) {
		if (s->mode == C2C_CAS) {
			expect = C2C_PONG;
			while (!atomic_compare_exchange_weak_explicit(w, &expect, C2C_PING,
			    memory_order_acq_rel, memory_order_relaxed)) {
				expect = C2C_PONG;
				if (c2c_give_up(s, &spins))
					return -1;
			}
			continue;
		}
		while (atomic_load_explicit(w, memory_order_acquire) != 2 * i - 1)
			if (c2c_give_up(s, &spins))
				return -1;
		atomic_store_explicit(w, 2 * i, memory_order_release);
	}
	return 0;
}

/* Wait until an int of the control reaches v; 0, or -1 when it gave up. */
static int
c2c_wait_for(struct c2c_side *s, _Atomic int *x, int v)
{
	unsigned	spins = 0;

	while (atomic_load_explicit(x, memory_order_acquire) < v)
		if (c2c_give_up(s, &spins))
			return -1;
	return 0;
}

/* The partner thread: pin, say ready, answer each sample. */
static void *
c2c_partner(void *arg)
{
	struct c2c_side	*s = arg;
	struct cpuset	 one;
	int		 i;

	cpuset_zero(&one);
	cpuset_set(&one, s->cpu);
	if (topo_bind_thread(s->m, &one, s->err, sizeof s->err) == -1 || !c2c_on_cpu(s)) {
		atomic_store(&s->sh->stop, 1);
		atomic_store(&s->sh->ready, -1);
		return NULL;
	}
	atomic_store(&s->sh->ready, 1);
	for (i = 0; i < s->samples; i++) {
		if (c2c_wait_for(s, &s->sh->go, i) == -1 || !c2c_on_cpu(s) ||
		    c2c_pong(s) == -1 || !c2c_on_cpu(s))
			break;
		atomic_store_explicit(&s->sh->done, i, memory_order_release);
	}
	return NULL;
}

/* A terminating signal pending (blocked by the caller), or 0. */
static int
c2c_signal_pending(void)
{
	struct timespec	zero = { 0, 0 };
	sigset_t	set;
	int		sig;

	measure_sigset(&set);
	sig = sigtimedwait(&set, NULL, &zero);
	return sig > 0 ? sig : 0;
}

/* The pinger: wait for the partner, then time each sample; samples kept. */
static int
c2c_pinger(struct c2c_side *s, double *ns)
{
	uint64_t	t0, t1;
	int		i, n = 0;
	double		trips = s->mode == C2C_CAS ? 2.0 * s->trips - 1 : 2.0 * s->trips;

	if (c2c_wait_for(s, &s->sh->ready, 1) == -1)
		return 0;
	for (i = 0; i < s->samples; i++) {
		if (s->check_signals && (s->signo = c2c_signal_pending()) != 0) {
			atomic_store(&s->sh->stop, 1);
			break;
		}
		if (!c2c_on_cpu(s))
			break;
		atomic_store(&s->sh->word, s->mode == C2C_CAS ? C2C_PING : 0);
		atomic_store_explicit(&s->sh->go, i, memory_order_release);
		t0 = util_now_ns();
		if (c2c_ping(s) == -1)
			break;
		t1 = util_now_ns();
		if (c2c_wait_for(s, &s->sh->done, i) == -1 || !c2c_on_cpu(s))
			break;
		ns[n++] = (double)(t1 - t0) / (trips > 0 ? trips : 1);
	}
	return n;
}

/* A meter: the shared lines, the samples' room, a sampler of others' work. */
struct c2c_meter *
c2c_meter_new(const struct topo *m, char *err, size_t errlen)
{
	struct c2c_meter	*mt;

	if (!topo_is_live(m)) {
		snprintf(err, errlen, "%s is another machine's topology: nothing can be "
		    "measured on it (add --dry-run for the plan)", m->source_name);
		return NULL;
	}
	mt = xcalloc(1, sizeof *mt);
	mt->m = m;
	mt->sh = aligned_alloc(C2C_LINE, sizeof *mt->sh);
	if (mt->sh == NULL)
		fatal("aligned_alloc");
	memset(mt->sh, 0, sizeof *mt->sh);
	mt->fg = foreign_new(NULL, m->max_os > 0 ? m->max_os : 1);
	foreign_sample(mt->fg, (pid_t[]){ getpid() }, 1, util_now_ns());
	return mt;
}

/* Free a meter. */
void
c2c_meter_free(struct c2c_meter *mt)
{
	if (mt == NULL)
		return;
	foreign_free(mt->fg);
	free(mt->sh);
	free(mt->ns);
	free(mt);
}

/* The figures of a pair from its samples; why it has none otherwise. */
static void
c2c_figures(struct c2c_result *r, double *ns, int n, const struct c2c_side *pi,
    const struct c2c_side *pa, int samples)
{
	const struct c2c_side	*bad = pi->ran_on != -1 ? pi : pa->ran_on != -1 ? pa : NULL;

	if (pa->err[0] != '\0' || pi->err[0] != '\0') {
		r->state = C2C_FAILED;
		snprintf(r->error, sizeof r->error, "%s", pi->err[0] ? pi->err : pa->err);
	} else if (bad != NULL) {
		r->state = C2C_FAILED;
		snprintf(r->error, sizeof r->error, "the thread pinned on CPU %d ran on "
		    "CPU %d: no figure", bad->cpu, bad->ran_on);
	} else if (n < samples) {
		r->state = C2C_FAILED;
		snprintf(r->error, sizeof r->error, "%s after %d of %d samples",
		    pi->timed_out || pa->timed_out ? "timed out" : "stopped", n, samples);
	}
	if (r->state == C2C_FAILED || n == 0) {
		r->state = C2C_FAILED;
		return;
	}
	r->state = C2C_DONE;
	r->nsamples = n;
	r->ns = c2c_quantile(ns, n, 0.5);
	r->min_ns = ns[0];
	r->max_ns = ns[n - 1];
	r->spread = r->ns > 0 ? (c2c_quantile(ns, n, 0.9) - c2c_quantile(ns, n, 0.1)) / 2 /
	    r->ns : NAN;
}

/* Others' work on the pair's CPUs since the last scan: marks the pair. */
static void
c2c_foreign(struct c2c_meter *mt, const struct c2c_pair *p, struct c2c_result *r)
{
	struct foreign_proc	who[4];
	struct cpuset		set;
	int			n;

	r->foreign = NAN;
	if (foreign_sample(mt->fg, (pid_t[]){ getpid() }, 1, util_now_ns()) == -1 ||
	    foreign_interval_s(mt->fg) <= 0)
		return;
	cpuset_zero(&set);
	cpuset_set(&set, p->a);
	cpuset_set(&set, p->b);
	r->foreign = measure_foreign_cpus(mt->fg, &set);
	if (r->foreign <= C2C_FOREIGN_MAX)
		return;
	r->disturbed = 1;
	n = measure_foreign_on(mt->fg, &set, 0.01, who, 4);
	measure_foreign_text(who, n, r->who, sizeof r->who);
}

/* Set up both sides of a pair. */
static void
c2c_sides(struct c2c_meter *mt, const struct c2c_plan *plan, const struct c2c_pair *p,
    struct c2c_side *pi, struct c2c_side *pa)
{
	memset(pi, 0, sizeof *pi);
	pi->m = mt->m;
	pi->sh = mt->sh;
	pi->mode = plan->mode;
	pi->samples = plan->samples;
	pi->trips = plan->trips;
	/* Long samples get their time: a microsecond a trip beyond the fixed wait. */
	pi->deadline_ns = util_now_ns() + (uint64_t)((C2C_PAIR_TIMEOUT_S +
	    (double)plan->samples * plan->trips * 2e-6) * 1e9);
	pi->ran_on = -1;
	*pa = *pi;
	pi->cpu = p->a;
	pa->cpu = p->b;
	memset(mt->sh, 0, sizeof *mt->sh);
	atomic_store(&mt->sh->go, -1);
	atomic_store(&mt->sh->done, -1);
}

/* Measure one pair: the caller's thread pings from CPU a, a partner answers on b. */
int
c2c_measure_pair(struct c2c_meter *mt, const struct c2c_plan *plan, int pair,
    struct c2c_result *r, int wait_signals)
{
	const struct c2c_pair	*p = &plan->pairs[pair];
	struct c2c_side		 pi, pa;
	struct cpuset		 one;
	pthread_t		 th;
	uint64_t		 t0 = util_now_ns();
	char			 scratch[256];
	int			 n = 0, rc;

	memset(r, 0, sizeof *r);
	r->ns = r->min_ns = r->max_ns = r->spread = r->foreign = NAN;
	if (mt->cap < plan->samples) {
		mt->cap = plan->samples;
		mt->ns = xreallocarray(mt->ns, (size_t)mt->cap, sizeof *mt->ns);
	}
	c2c_sides(mt, plan, p, &pi, &pa);
	pi.check_signals = wait_signals;
	cpuset_zero(&one);
	cpuset_set(&one, p->a);
	if (topo_bind_thread(mt->m, &one, pi.err, sizeof pi.err) == 0) {
		if ((rc = pthread_create(&th, NULL, c2c_partner, &pa)) != 0)
			snprintf(pi.err, sizeof pi.err, "cannot start a thread: %s",
			    strerror(rc));
		else {
			n = c2c_pinger(&pi, mt->ns);
			/*
			 * Others' work, scanned while this thread is still on CPU a:
			 * our time is charged where each thread last ran.
			 */
			c2c_foreign(mt, p, r);
			atomic_store(&mt->sh->stop, 1);
			pthread_join(th, NULL);
		}
	}
	topo_bind_thread(mt->m, &mt->m->allowed, scratch, sizeof scratch);
	if (pi.signo != 0) {
		r->state = C2C_NOT_RUN;
		return pi.signo;
	}
	c2c_figures(r, mt->ns, n, &pi, &pa, plan->samples);
	r->secs = (double)(util_now_ns() - t0) / 1e9;
	return 0;
}

/* Measure the plan from where it stands, up to pair upto (-1: all). */
void
c2c_run(struct c2c *c, int upto, void (*progress)(void *, const struct c2c *, int, double),
    void *arg, char *err, size_t errlen)
{
	struct c2c_meter	*mt;
	uint64_t		 t0 = util_now_ns();
	double			 spent = 0, left;
	int			 i, first = c->ndone;

	if (upto < 0 || upto > c->plan.npairs)
		upto = c->plan.npairs;
	measure_signals_block();
	if ((mt = c2c_meter_new(c->m, err, errlen)) == NULL)
		return;
	for (i = c->ndone; i < upto; i++) {
		if ((c->signo = c2c_signal_pending()) != 0)
			break;
		left = i > first ? spent / (i - first) * (c->plan.npairs - i) :
		    c->est_s * (c->plan.npairs - i) / (c->plan.npairs > 0 ? c->plan.npairs : 1);
		if (progress != NULL)
			progress(arg, c, i, left);
		if ((c->signo = c2c_measure_pair(mt, &c->plan, i, &c->res[i], 1)) != 0)
			break;
		spent += c->res[i].secs;
		c->ndone = i + 1;
	}
	if (progress != NULL)
		progress(arg, c, -1, 0);
	c->elapsed_s += (double)(util_now_ns() - t0) / 1e9;
	c2c_meter_free(mt);
}

/* Start a run on a model: results zeroed, the facts read. */
void
c2c_init(struct c2c *c, struct topo *m, int dry_run)
{
	struct cpuinfo	ci;

	memset(c, 0, sizeof *c);
	c->m = m;
	c->dry_run = dry_run;
	c->live = topo_is_live(m) && !dry_run;
	memset(&ci, 0, sizeof ci);
	if (topo_is_live(m))
		cpuinfo_read(&ci, NULL);
	else
		cpuinfo_from_topology(&ci, m->cpu_vendor, m->cpu_model);
	snprintf(c->hypervisor, sizeof c->hypervisor, "%s", ci.hypervisor);
	snprintf(c->machine, sizeof c->machine, "%s", ci.brand[0] ? ci.brand :
	    m->cpu_model != NULL ? m->cpu_model : "unknown CPU");
}

/* Free what a run holds (not the model). */
void
c2c_free(struct c2c *c)
{
	c2c_plan_free(&c->plan);
	free(c->res);
	c->res = NULL;
}
