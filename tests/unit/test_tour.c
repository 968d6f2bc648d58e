/* test_tour.c: the tour parser, place resolution, the player against a mock host, the summary. */
#include "config.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/capacity.h"
#include "engine/solo.h"
#include "tap.h"
#include "model/topo.h"
#include "exp/tour/tour.h"
#include "exp/tour/tour_plan.h"
#include "report/reports.h"
#include "exp/tour/tour_plan.h"
#include "exp/tour/tour_player.h"
#include "base/util.h"

/* ---------------------------------------------------------------- mock host */

/*
 * A pretend machine: each load does a million units a second alone; loads on one
 * CPU share it evenly; a load whose SMT sibling runs gets 60%.
 */
struct mock_load {
	int		id;
	char		name[TOUR_NAME_MAX];
	char		spec[96];
	int		cpu;
	int		paused;
	double		count;
};

struct mock {
	const struct topo	*m;
	struct mock_load	 v[TOUR_LOADS_MAX];
	int			 n;
	double			 now;
	int			 starts, stops, moves, pauses;
	int			 events[TOUR_EV_DONE + 1];
	struct cpuset		 highlight;
	char			 log[8192];
	int			 fail_start;	/* start fails for this spec prefix */
	int			 next_id;
	struct solo		*solo;		/* the host's own measurer, or NULL */
	double			 foreign;	/* others' CPUs on every load's core */
};

static struct mock mock;

static void __attribute__((format(printf, 1, 2)))
mock_log(const char *fmt, ...)
{
	size_t	used = strlen(mock.log);
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(mock.log + used, sizeof mock.log - used, fmt, ap);
	va_end(ap);
}

static int
mock_find(const char *name)
{
	int	i;

	for (i = 0; i < mock.n; i++)
		if (strcmp(mock.v[i].name, name) == 0)
			return i;
	return -1;
}

static int
mock_find_id(int id)
{
	int	i;

	for (i = 0; i < mock.n; i++)
		if (mock.v[i].id == id)
			return i;
	return -1;
}

/* The rate a load gets now, from where the others run. */
static double
mock_rate(int i)
{
	const struct topo_pu	*pu = topo_pu_by_os(mock.m, mock.v[i].cpu), *o;
	int			 j, same = 0, sibling = 0;

	if (mock.v[i].paused)
		return 0;
	for (j = 0; j < mock.n; j++) {
		if (mock.v[j].paused)
			continue;
		o = topo_pu_by_os(mock.m, mock.v[j].cpu);
		if (mock.v[j].cpu == mock.v[i].cpu)
			same++;
		else if (o->core == pu->core)
			sibling = 1;
	}
	return 1e6 / same * (sibling ? 0.6 : 1.0);
}

/* Let time pass on the pretend machine. */
static void
mock_advance(double dt)
{
	double	r[TOUR_LOADS_MAX];
	int	i;

	for (i = 0; i < mock.n; i++)
		r[i] = mock_rate(i);
	for (i = 0; i < mock.n; i++)
		mock.v[i].count += r[i] * dt;
	mock.now += dt;
}

static int
mock_start(void *arg, const char *name, const char *spec, char *err, size_t errlen)
{
	struct mock_load	*l;
	const char		*at = strchr(spec, '@');

	(void)arg;
	if (mock.fail_start && strncmp(spec, "fp", 2) == 0) {
		snprintf(err, errlen, "no fp today");
		return -1;
	}
	mock_log("start %s %s\n", name, spec);
	l = &mock.v[mock.n++];
	memset(l, 0, sizeof *l);
	l->id = ++mock.next_id;
	snprintf(l->name, sizeof l->name, "%s", name);
	snprintf(l->spec, sizeof l->spec, "%s", spec);
	l->cpu = atoi(at + 1);
	mock.starts++;
	return l->id;
}

static int
mock_stop(void *arg, int id)
{
	int	i = mock_find_id(id);

	(void)arg;
	mock_log("stop %s\n", i != -1 ? mock.v[i].name : "?");
	mock.stops++;
	if (i == -1)
		return -1;
	memmove(&mock.v[i], &mock.v[i + 1], (size_t)(mock.n - i - 1) * sizeof mock.v[0]);
	mock.n--;
	return 0;
}

static int
mock_move(void *arg, int id, int cpu, int cpu_b, char *err, size_t errlen)
{
	int	i = mock_find_id(id);
	char	where[32];

	(void)arg;
	(void)cpu_b;
	if (i == -1) {
		snprintf(err, errlen, "no #%d", id);
		return -1;
	}
	snprintf(where, sizeof where, "%d", cpu);
	mock_log("move %s %s\n", mock.v[i].name, where);
	mock.v[i].cpu = cpu;
	mock.moves++;
	return 0;
}

static int
mock_pause(void *arg, int id, int pause)
{
	int	i = mock_find_id(id);

	(void)arg;
	mock_log("%s %s\n", pause ? "pause" : "resume", i != -1 ? mock.v[i].name : "?");
	mock.pauses++;
	if (i == -1)
		return -1;
	mock.v[i].paused = pause;
	return 0;
}

static int
mock_sample(void *arg, int id, struct load_sample *out)
{
	int	i = mock_find_id(id);

	(void)arg;
	if (i == -1)
		return -1;
	memset(out, 0, sizeof *out);
	out->t_ns = (uint64_t)(mock.now * 1e9);
	out->count = (uint64_t)mock.v[i].count;
	out->cpu = mock.v[i].cpu;
	return 0;
}

static void
mock_highlight(void *arg, const struct cpuset *cpus)
{
	(void)arg;
	mock.highlight = *cpus;
}

static void
mock_event(void *arg, enum tour_event ev, const struct tour_player *p)
{
	(void)arg;
	(void)p;
	mock.events[ev]++;
}

static const struct tour_ops mock_ops = {
	.start = mock_start,
	.stop = mock_stop,
	.move = mock_move,
	.pause = mock_pause,
	.sample = mock_sample,
	.highlight = mock_highlight,
	.event = mock_event,
};

/* The loads running on the pretend machine, for a host's own measurer. */
static int
mock_running(void *arg, int *ids, int max)
{
	int	i, n = 0;

	(void)arg;
	for (i = 0; i < mock.n && n < max; i++)
		if (!mock.v[i].paused)
			ids[n++] = mock.v[i].id;
	return n;
}

/* Others' work on every load's core: mock.foreign CPUs, by one process. */
static double
mock_foreign(void *arg, int id, struct foreign_proc *who, int max, int *n)
{
	(void)arg;
	(void)id;
	*n = 0;
	if (mock.foreign > 0 && max > 0) {
		memset(&who[0], 0, sizeof who[0]);
		who[0].pid = 4242;
		who[0].share = mock.foreign;
		snprintf(who[0].comm, sizeof who[0].comm, "hog");
		*n = 1;
	}
	return mock.foreign;
}

/* Others' CPU time so far on a load's core: mock.foreign CPUs all along. */
static int
mock_foreign_ns(void *arg, int id, uint64_t *ns)
{
	(void)arg;
	(void)id;
	*ns = (uint64_t)(mock.foreign * mock.now * 1e9);
	return 0;
}

static const struct solo_ops mock_solo_ops = {
	.pause = mock_pause,
	.sample = mock_sample,
	.running = mock_running,
	.foreign_ns = mock_foreign_ns,
};

/* A host that lends the player its own measurer, as the screen does. */
static struct solo *
mock_solo(void *arg)
{
	(void)arg;
	return mock.solo;
}

/* A host that lends its measurer; others keep mock.foreign CPUs busy on each load's core. */
static const struct tour_ops mock_shared_ops = {
	.start = mock_start,
	.stop = mock_stop,
	.move = mock_move,
	.pause = mock_pause,
	.sample = mock_sample,
	.highlight = mock_highlight,
	.event = mock_event,
	.solo = mock_solo,
	.foreign = mock_foreign,
};

/* Reset the pretend machine. */
static void
mock_reset(const struct topo *m)
{
	memset(&mock, 0, sizeof mock);
	mock.m = m;
	mock.now = 1000;
	/* Each test is a session of its own: no baseline from the one before. */
	capacity_clear(capacity_session());
}

/* Run the player until it is done or until a step, in 10 ms slices. */
static void
mock_run(struct tour_player *p, int until_step, double limit_s)
{
	double	deadline, end = mock.now + limit_s, dt;

	deadline = tour_player_tick(p, mock.now);
	while (!tour_player_done(p) && mock.now < end &&
	    (until_step < 0 || tour_player_step(p) < until_step)) {
		dt = deadline - mock.now;
		if (dt > 0.01 || !isfinite(dt))
			dt = 0.01;
		if (dt < 0.001)
			dt = 0.001;
		mock_advance(dt);
		deadline = tour_player_tick(p, mock.now);
	}
}

/*
 * Run the player for a while in 10 ms slices on a host that shares its
 * measurer and polls it first, taking the results as the screen's loop
 * does; stop early once step's figures are in (step -1: never). Notes
 * whether the measurer ever held a load.
 */
static void
mock_run_shared(struct tour_player *p, int step, double limit_s, int *held)
{
	struct solo_result	 r;
	double			 deadline, end = mock.now + limit_s, dt;
	int			 i, id;

	deadline = tour_player_tick(p, mock.now);
	while (!tour_player_done(p) && mock.now < end &&
	    (step < 0 || !tour_player_result(p, step)->measured)) {
		dt = deadline - mock.now;
		dt = !isfinite(dt) || dt > 0.01 ? 0.01 : dt < 0.001 ? 0.001 : dt;
		mock_advance(dt);
		while (solo_poll(mock.solo, (uint64_t)(mock.now * 1e9), &id, &r) == 1)
			;
		for (i = 0; i < mock.n; i++)
			*held |= solo_holds(mock.solo, mock.v[i].id);
		deadline = tour_player_tick(p, mock.now);
	}
}

/* ---------------------------------------------------------------- helpers */

static struct tour *
parse_str(const char *s, char *err, size_t errlen)
{
	return tour_parse(s, strlen(s), "inline.tour", err, errlen);
}

static int
near(double a, double b, double tol)
{
	return isfinite(a) && fabs(a - b) <= tol;
}

/* The result of a load by name in a step, or NULL. */
static const struct tour_load_result *
result_of(const struct tour_player *p, int step, const char *name)
{
	const struct tour_step_result	*r = tour_player_result(p, step);
	int				 i;

	for (i = 0; r != NULL && i < r->nloads; i++)
		if (strcmp(r->loads[i].name, name) == 0)
			return &r->loads[i];
	return NULL;
}

static char *
read_all(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "r");
	char	*buf;

	if (f == NULL)
		return NULL;
	buf = xmalloc(TOUR_FILE_MAX + 1);
	*len = fread(buf, 1, TOUR_FILE_MAX, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* ---------------------------------------------------------------- tests */

static void
test_shipped(void)
{
	static const char *const names[] = { "smt-basics", "memory-vs-compute",
	    "wakeup-latency" };
	struct tour	*t;
	char		 err[512], path[128];
	size_t		 i;

	/* By path: by name, tours are found beside the executable (not tests/unit). */
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "doc/tours/%s.tour", names[i]);
		t = tour_load(path, err, sizeof err);
		ok(t != NULL && strcmp(t->name, names[i]) == 0 && t->nsteps >= 4,
		    "shipped tour %s parses (%s)", names[i], t != NULL ? "ok" : err);
		tour_free(t);
	}
	t = tour_load("no-such-tour", err, sizeof err);
	ok(t == NULL && strstr(err, "no tour 'no-such-tour'") != NULL,
	    "an unknown tour name says so (%s)", err);
}

static void
test_broken(void)
{
	struct dirent	*de;
	struct tour	*t;
	DIR		*d;
	char		 path[512], err[512], want[256], prefix[1024], *buf, *nl;
	size_t		 len;
	int		 n = 0;

	if ((d = opendir("tests/data/tours")) == NULL) {
		ok(0, "tests/data/tours is readable");
		return;
	}
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len < 6 || strcmp(de->d_name + len - 5, ".tour") != 0)
			continue;
		snprintf(path, sizeof path, "tests/data/tours/%s", de->d_name);
		if ((buf = read_all(path, &len)) == NULL)
			continue;
		/* The first line says what to expect: "# expect: LINE: text". */
		if (strncmp(buf, "# expect: ", 10) != 0) {
			ok(0, "%s starts with '# expect: LINE: text'", path);
			free(buf);
			continue;
		}
		snprintf(want, sizeof want, "%s", buf + 10);
		if ((nl = strchr(want, '\n')) != NULL)
			*nl = '\0';
		snprintf(prefix, sizeof prefix, "%s:%s", path, want);
		t = tour_load(path, err, sizeof err);
		ok(t == NULL && strncmp(err, prefix, strlen(prefix)) == 0,
		    "%s is refused with '%s' (got '%s')", de->d_name, want,
		    t == NULL ? err : "no error");
		tour_free(t);
		free(buf);
		n++;
	}
	closedir(d);
	ok(n >= 20, "%d broken tours checked", n);
}

static void
test_syntax(void)
{
	struct tour	*t;
	char		 err[512];

	t = parse_str("# a comment\r\ntour x\r\ntitle \"Say \\\"hi\\\"\"\r\nwait 2\r\n"
	    "step Plain title here   \r\n"
	    "  caption one\n  caption   two  \n  caption\n  caption\n  caption three\n"
	    "  start a hash at core:0.pu:0   # trailing comment\n"
	    "  start p pipe at 0, sibling-of a\n"
	    "  highlight core:1\n"
	    "  wait 1.5\n"
	    "step \"second # not a comment\"\n  stop all\n", err, sizeof err);
	ok(t != NULL, "a tour with every form parses (%s)", t != NULL ? "ok" : err);
	if (t == NULL)
		return;
	ok(strcmp(t->title, "Say \"hi\"") == 0, "quoted title with escapes: %s", t->title);
	ok(t->wait_s == 2 && t->steps[0].wait_s == 1.5, "default wait and step wait");
	ok(strcmp(t->steps[0].title, "Plain title here") == 0, "bare title, trimmed");
	ok(strcmp(t->steps[0].caption, "one two\nthree") == 0,
	    "caption lines join; an empty caption breaks a paragraph");
	ok(t->steps[0].nactions == 3 && t->steps[0].actions[1].nplaces == 2 &&
	    t->steps[0].actions[1].place[1].kind == TOUR_PLACE_SIBLING,
	    "two-ended place with a relation");
	ok(t->steps[0].actions[2].type == TOUR_HIGHLIGHT,
	    "highlight takes a core");
	ok(strcmp(t->steps[1].title, "second # not a comment") == 0,
	    "a # inside a quoted title stays");
	ok(t->steps[1].actions[0].type == TOUR_STOP_ALL, "stop all");
	tour_free(t);

	t = parse_str("tour x\nstep one\n start a hash at 0\n stop a\n"
	    "step two\n start a fp at 1\n pause a\n resume a\n", err, sizeof err);
	ok(t != NULL, "a stopped name may be started again (%s)", t ? "ok" : err);
	tour_free(t);
	t = parse_str("tour x\nstep one\n start a hash at 0\n", err, sizeof err);
	ok(t != NULL && strcmp(t->title, "x") == 0, "the title defaults to the name");
	tour_free(t);
	t = parse_str("tour x\nstep one\n start a hash at 0\nstep two\n move a to 1,2\n",
	    err, sizeof err);
	ok(t == NULL && strstr(err, "inline.tour:5: one place only") != NULL,
	    "moving a one-ended load to two places is refused (%s)", err);
	t = parse_str("tour x\nstep one\n caption x\xff\xfe y\n", err, sizeof err);
	ok(t != NULL, "bytes above 127 in a caption are text");
	tour_free(t);
	t = parse_str("tour x\nstep one\n  start a hash at package:0.core:0.pu:0\n"
	    "  start b hash at other-package-of a\n  start c hash at l3:0.core:1.pu:0\n",
	    err, sizeof err);
	ok(t != NULL, "package, other-package-of and l3 places parse (%s)", t ? "ok" : err);
	tour_free(t);
}

/* Random bytes, truncations and mutations of real tours never crash the parser. */
static void
test_fuzz(void)
{
	static const char *const words[] = { "tour ", "step ", "caption ", "start ",
	    "stop ", "move ", "pause ", "resume ", "highlight ", "wait ", "title ", "idle ",
	    "held", "as-is",
	    "theme ", " at ", " to ", "sibling-of ", "other-core-of ", "core:0.pu:",
	    ",", "\"", "\\", "#", "\n", "all", "hash", "pipe", "a", "b", " ", "\r\n",
	    "package:1.", "same-pu-of ", "other-package-of ", "9999999999" };
	const char	*files[] = { "doc/tours/smt-basics.tour",
	    "doc/tours/memory-vs-compute.tour", "doc/tours/wakeup-latency.tour" };
	struct tour	*t;
	char		*base[3], *buf, err[512];
	size_t		 blen[3], len, j, k;
	unsigned int	 seed = 20240601;
	int		 i, parsed = 0, refused = 0, bad_msg = 0;

	for (k = 0; k < 3; k++)
		if ((base[k] = read_all(files[k], &blen[k])) == NULL) {
			ok(0, "%s is readable", files[k]);
			return;
		}
	buf = xmalloc(65536);
	for (i = 0; i < 6000; i++) {
		k = (size_t)rand_r(&seed) % 3;
		switch (i % 4) {
		case 0:		/* random bytes */
			len = (size_t)rand_r(&seed) % 2048;
			for (j = 0; j < len; j++)
				buf[j] = (char)rand_r(&seed);
			break;
		case 1:		/* a real tour, truncated */
			len = (size_t)rand_r(&seed) % (blen[k] + 1);
			memcpy(buf, base[k], len);
			break;
		case 2:		/* a real tour with bytes flipped */
			len = blen[k];
			memcpy(buf, base[k], len);
			for (j = 0; j < 8; j++)
				buf[(size_t)rand_r(&seed) % len] = (char)rand_r(&seed);
			break;
		default:	/* "tour x\n" and random directive soup */
			memcpy(buf, "tour x\n", 7);
			len = 7;
			while (len < 60000 && (size_t)rand_r(&seed) % 80 != 0) {
				const char *w = words[(size_t)rand_r(&seed) %
				    (sizeof words / sizeof words[0])];
				memcpy(buf + len, w, strlen(w));
				len += strlen(w);
			}
			break;
		}
		t = tour_parse(buf, len, "fuzz.tour", err, sizeof err);
		if (t != NULL) {
			parsed++;
			tour_free(t);
		} else {
			refused++;
			if (strncmp(err, "fuzz.tour:", 10) != 0)
				bad_msg++;
		}
	}
	ok(parsed + refused == 6000, "6000 random, truncated and mutated tours: %d "
	    "parsed, %d refused, no crash", parsed, refused);
	ok(bad_msg == 0, "every refusal names fuzz.tour:LINE (%d did not)", bad_msg);
	ok(parsed > 0, "some truncated tours still parse (%d)", parsed);
	free(buf);
	for (k = 0; k < 3; k++)
		free(base[k]);
}

/* smt-basics on a 2-package, 2-core, 2-thread machine: every step runs. */
static void
test_player_smt(void)
{
	const struct tour_load_result	*a, *b, *c, *d;
	struct tour_options		 opt;
	struct tour_player		*p;
	struct topo			*m;
	struct tour			*t;
	struct cpuset			 cpus;
	char				 err[512];
	int				 i;

	m = topo_load_synthetic("package:2 core:2 pu:2", err, sizeof err);
	t = tour_load("doc/tours/smt-basics.tour", err, sizeof err);
	if (m == NULL || t == NULL) {
		ok(0, "synthetic topology and smt-basics load (%s)", err);
		topo_free(m);
		tour_free(t);
		return;
	}
	mock_reset(m);
	memset(&opt, 0, sizeof opt);
	opt.step_s = 2;
	opt.auto_advance = 1;
	p = tour_player_new(t, m, &mock_ops, NULL, &opt);
	for (i = 0; i < t->nsteps; i++)
		ok(*tour_player_skip_note(p, i) == '\0', "SMT machine: step %d runs", i + 1);
	tour_player_begin(p, mock.now);
	ok(tour_player_step(p) == 0 && strstr(tour_player_caption(p), "alone") != NULL,
	    "the first step's caption is up");
	ok(cpuset_count(&mock.highlight) == 2, "highlight core:0 is two CPUs");
	mock_run(p, -1, 120);
	ok(tour_player_done(p), "the tour ends by itself with --step");
	ok(mock.n == 0, "no load remains at the end (%d)", mock.n);
	ok(mock.events[TOUR_EV_STEP] == 5 && mock.events[TOUR_EV_DONE] == 1,
	    "five step events, one done");

	a = result_of(p, 0, "a");
	ok(a != NULL && near(a->speed, 1, 0.05), "step 1: a alone at speed 1 (%.2f)",
	    a ? a->speed : NAN);
	a = result_of(p, 1, "a");
	b = result_of(p, 1, "b");
	ok(a != NULL && b != NULL && topo_relation(m, a->cpu, b->cpu) == REL_SMT_SIBLING,
	    "step 2: sibling-of resolves to the other thread of a's core (%d, %d)",
	    a ? a->cpu : -1, b ? b->cpu : -1);
	ok(b != NULL && near(b->solo, 1e6, 3e4),
	    "step 2: b's solo is taken alone, a paused (%.1f)", b ? b->solo : NAN);
	ok(a != NULL && b != NULL && near(a->speed, 0.6, 0.05) && near(b->speed, 0.6, 0.05),
	    "step 2: each sibling at 60%% (%.2f, %.2f)", a ? a->speed : NAN,
	    b ? b->speed : NAN);
	ok(near(tour_player_result(p, 1)->yield, 1.2, 0.1), "step 2: yield 1.2 (%.2f)",
	    tour_player_result(p, 1)->yield);
	b = result_of(p, 2, "b");
	ok(b != NULL && b->cpu == result_of(p, 2, "a")->cpu && near(b->speed, 0.5, 0.05),
	    "step 3: same-pu-of shares a's CPU at half speed (%.2f)", b ? b->speed : NAN);
	a = result_of(p, 3, "a");
	b = result_of(p, 3, "b");
	ok(a != NULL && b != NULL && topo_relation(m, a->cpu, b->cpu) != REL_SMT_SIBLING &&
	    topo_relation(m, a->cpu, b->cpu) != REL_SAME_PU &&
	    topo_relation(m, a->cpu, b->cpu) != REL_OTHER_PACKAGE,
	    "step 4: other-core-of is another core of the same package");
	ok(near(tour_player_result(p, 3)->yield, 2, 0.1), "step 4: yield 2 (%.2f)",
	    tour_player_result(p, 3)->yield);
	a = result_of(p, 4, "a");
	b = result_of(p, 4, "b");
	c = result_of(p, 4, "c");
	d = result_of(p, 4, "d");
	cpuset_zero(&cpus);
	if (a && b && c && d) {
		cpuset_set(&cpus, a->cpu);
		cpuset_set(&cpus, b->cpu);
		cpuset_set(&cpus, c->cpu);
		cpuset_set(&cpus, d->cpu);
	}
	ok(cpuset_count(&cpus) == 4 && near(tour_player_result(p, 4)->yield, 2.4, 0.15),
	    "step 5: four loads on four threads, yield 2.4 (%.2f)",
	    tour_player_result(p, 4)->yield);
	tour_player_free(p);
	tour_free(t);
	topo_free(m);
}

/* smt-basics on two cores without SMT: the sibling steps are skipped, the rest runs. */
static void
test_player_nosmt(void)
{
	const struct tour_load_result	*a, *b;
	struct tour_options		 opt;
	struct tour_player		*p;
	struct topo			*m;
	struct tour			*t;
	struct strbuf			 sb;
	struct jsonw			 w;
	char				 err[512];
	FILE				*f;
	char				*text = NULL;
	size_t				 tlen = 0;

	m = topo_load_synthetic("package:1 core:2 pu:1", err, sizeof err);
	t = tour_load("doc/tours/smt-basics.tour", err, sizeof err);
	if (m == NULL || t == NULL) {
		ok(0, "synthetic topology and smt-basics load (%s)", err);
		topo_free(m);
		tour_free(t);
		return;
	}
	mock_reset(m);
	memset(&opt, 0, sizeof opt);
	opt.step_s = 1;
	opt.auto_advance = 1;
	p = tour_player_new(t, m, &mock_ops, NULL, &opt);
	ok(strstr(tour_player_skip_note(p, 1), "no SMT sibling") != NULL,
	    "no SMT: step 2 would be skipped (%s)", tour_player_skip_note(p, 1));
	ok(*tour_player_skip_note(p, 2) == '\0' && *tour_player_skip_note(p, 3) == '\0',
	    "no SMT: steps 3 and 4 run");
	ok(strstr(tour_player_skip_note(p, 4), "no SMT sibling") != NULL,
	    "no SMT: step 5 would be skipped");
	tour_player_begin(p, mock.now);
	mock_run(p, 1, 60);
	ok(tour_player_step(p) == 1 && tour_player_note(p) != NULL &&
	    strncmp(tour_player_note(p), "skipped: no SMT sibling", 23) == 0,
	    "step 2 shows its caption with the note '%s'", tour_player_note(p) ?
	    tour_player_note(p) : "(none)");
	ok(strstr(tour_player_caption(p), "other hardware thread") != NULL,
	    "a skipped step still shows its caption");
	ok(mock.n == 1, "a skipped step starts nothing (%d loads)", mock.n);
	mock_run(p, -1, 60);
	ok(tour_player_done(p) && mock.n == 0, "the tour goes on to the end, no load left");
	b = result_of(p, 2, "b");
	a = result_of(p, 2, "a");
	ok(a != NULL && b != NULL && a->cpu == b->cpu && near(b->speed, 0.5, 0.05),
	    "step 3: b, skipped at step 2, starts on a's CPU: half speed (%.2f)",
	    b ? b->speed : NAN);
	b = result_of(p, 3, "b");
	ok(b != NULL && b->cpu != a->cpu && near(b->speed, 1, 0.05) &&
	    near(tour_player_result(p, 3)->yield, 2, 0.1),
	    "step 4: the other core, full speed, yield 2 (%.2f)", b ? b->speed : NAN);
	ok(tour_player_result(p, 4)->skipped && !tour_player_result(p, 4)->measured,
	    "step 5 skipped, nothing measured");

	f = open_memstream(&text, &tlen);
	tour_report_summary(p, f);
	fclose(f);
	ok(strstr(text, "skipped: no SMT sibling") != NULL && strstr(text, "hash@1") != NULL
	    && strstr(text, " 50%") != NULL, "the summary table has the skip note and "
	    "the speeds");
	free(text);
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	tour_report_summary_json(p, &w);
	jsonw_object_end(&w);
	jsonw_finish(&w);
	ok(strstr(sb.s, "\"tour\":\"smt-basics\"") != NULL &&
	    strstr(sb.s, "\"skipped\":true") != NULL && strstr(sb.s, "\"speed\":0.") != NULL,
	    "the JSON summary has the tour, the skip and the speed");
	strbuf_free(&sb);
	tour_player_free(p);
	tour_free(t);
	topo_free(m);
}

/*
 * A skipped step's stop still stops (issue 23, item 6): memory-vs-compute on
 * one core x 2 threads skips step 4 (no other core), whose `stop mem` ran
 * with it, so step 5 ("fp beside fp") ran three loads, the chase beside them.
 */
static void
test_plan_skipped_stop(void)
{
	static struct tour_plan	 pl[8];
	struct tour_cfg		 empty;
	struct topo		*m;
	struct tour		*t;
	char			 err[512], who[128];
	int			 i, placed = 0, stops = 0;

	m = topo_load_synthetic("pack:1 core:1 pu:2", err, sizeof err);
	t = tour_load("doc/tours/memory-vs-compute.tour", err, sizeof err);
	if (m == NULL || t == NULL || t->nsteps != 5) {
		ok(0, "one core x 2 threads and memory-vs-compute load (%s)", err);
		topo_free(m);
		tour_free(t);
		return;
	}
	memset(&empty, 0, sizeof empty);
	for (i = 0; i < t->nsteps; i++)
		tour_plan_step(m, &t->steps[i], i == 0 ? &empty : &pl[i - 1].after, &pl[i]);
	for (i = 0; i < pl[3].nops; i++)
		stops += pl[3].ops[i].type == TOUR_STOP && strcmp(pl[3].ops[i].name, "mem") == 0;
	ok(pl[3].skipped && stops == 1 && strstr(pl[3].note, "; mem is stopped all the "
	    "same") != NULL, "step 4 is skipped, its stop of mem applies: %s", pl[3].note);
	who[0] = '\0';
	for (i = 0; i < pl[4].after.n; i++) {
		if (!pl[4].after.v[i].placed)
			continue;
		placed++;
		snprintf(who + strlen(who), sizeof who - strlen(who), " %s@%d",
		    pl[4].after.v[i].name, pl[4].after.v[i].cpu);
	}
	ok(!pl[4].skipped && placed == 2 && strstr(who, "mem") == NULL &&
	    strstr(who, "fpa@") != NULL && strstr(who, "fpb@") != NULL,
	    "step 5 runs fp beside fp, two loads, no chase:%s", who);
	for (i = 0; i < t->nsteps; i++)
		free(pl[i].ops);
	tour_free(t);
	topo_free(m);
}

/* Left, key-driven steps, relations to packages, solo with others paused, failures. */
static void
test_player_control(void)
{
	const struct tour_load_result	*a, *b, *c;
	struct tour_options		 opt;
	struct tour_player		*p;
	struct topo			*m, *m1;
	struct tour			*t;
	char				 err[512];
	double				 d;

	m = topo_load_synthetic("package:2 core:2 pu:2", err, sizeof err);
	m1 = topo_load_synthetic("package:1 core:2 pu:2", err, sizeof err);
	t = parse_str("tour ctl\n"
	    "step one\n caption both at once on one CPU\n"
	    "  start a hash at 0\n  start b hash at same-pu-of a\n"
	    "step two\n  move b to other-package-of a\n"
	    "step three\n  pause a\n  start c hash at other-core-of b\n", err, sizeof err);
	if (m == NULL || m1 == NULL || t == NULL) {
		ok(0, "control setup (%s)", err);
		return;
	}
	memset(&opt, 0, sizeof opt);
	p = tour_player_new(t, m1, &mock_ops, NULL, &opt);
	ok(strstr(tour_player_skip_note(p, 1), "no other package") != NULL,
	    "one package: other-package-of skips (%s)", tour_player_skip_note(p, 1));
	tour_player_free(p);

	mock_reset(m);
	p = tour_player_new(t, m, &mock_ops, NULL, &opt);
	ok(*tour_player_skip_note(p, 1) == '\0', "two packages: other-package-of resolves");
	d = tour_player_begin(p, mock.now);
	mock_run(p, -1, 10);
	ok(!tour_player_done(p) && tour_player_step(p) == 0 &&
	    isinf(tour_player_tick(p, mock.now)),
	    "without --step or wait, a step holds until a key (deadline %g)", d);
	a = result_of(p, 0, "a");
	ok(a != NULL && near(a->solo, 1e6, 3e4) && near(a->speed, 0.5, 0.05),
	    "two new loads on one CPU: the solo is taken with the other paused "
	    "(solo %.1f, speed %.2f)", a ? a->solo : NAN, a ? a->speed : NAN);
	tour_player_next(p, mock.now);
	mock_run(p, -1, 10);
	b = result_of(p, 1, "b");
	ok(b != NULL && topo_relation(m, 0, b->cpu) == REL_OTHER_PACKAGE &&
	    near(b->speed, 1, 0.05), "other-package-of: CPU %d, full speed",
	    b ? b->cpu : -1);
	tour_player_next(p, mock.now);
	mock_run(p, -1, 10);
	a = result_of(p, 2, "a");
	b = result_of(p, 2, "b");
	ok(a != NULL && a->paused && !isfinite(a->speed), "a paused load is shown paused");
	c = result_of(p, 2, "c");
	ok(b != NULL && c != NULL && topo_relation(m, b->cpu, c->cpu) != REL_SMT_SIBLING &&
	    topo_relation(m, b->cpu, c->cpu) != REL_SAME_PU &&
	    topo_relation(m, b->cpu, c->cpu) != REL_OTHER_PACKAGE,
	    "other-core-of b: another core of b's package (CPU %d)", c ? c->cpu : -1);
	ok(near(tour_player_result(p, 2)->yield, 2, 0.1),
	    "the paused load is not in the yield (%.2f)", tour_player_result(p, 2)->yield);

	/* Left from step three: a clean restart of step two. */
	mock.log[0] = '\0';
	mock.starts = mock.stops = 0;
	tour_player_prev(p, mock.now);
	ok(tour_player_step(p) == 1 && mock.stops == 3 && mock.n == 2,
	    "Left stops every load (%d) and replays up to step two (%d running)",
	    mock.stops, mock.n);
	ok(strstr(mock.log, "start a hash@0\nstart b hash@0\nmove b ") != NULL,
	    "the replay starts step one's loads, then does step two");
	ok(mock_find("a") != -1 && !mock.v[mock_find("a")].paused,
	    "after Left, a runs again (its pause belongs to step three)");
	tour_player_prev(p, mock.now);
	tour_player_prev(p, mock.now);
	ok(tour_player_step(p) == 0 && mock.n == 2, "Left at the first step restarts it");
	tour_player_quit(p);
	ok(tour_player_done(p) && mock.n == 0, "q stops every load");
	ok(strcmp(tour_player_title(p), "Summary") == 0, "the end shows the summary");
	tour_player_free(p);
	tour_free(t);

	/* A start that fails is noted; the tour goes on. */
	t = parse_str("tour f\nstep one\n start a fp at 0\n start b hash at 1\n"
	    "step two\n stop b\n", err, sizeof err);
	mock_reset(m);
	mock.fail_start = 1;
	opt.step_s = 1;
	opt.auto_advance = 1;
	p = tour_player_new(t, m, &mock_ops, NULL, &opt);
	tour_player_begin(p, mock.now);
	ok(tour_player_note(p) != NULL && strstr(tour_player_note(p), "no fp today") != NULL,
	    "a failed start is in the step's note (%s)", tour_player_note(p) ?
	    tour_player_note(p) : "none");
	mock_run(p, -1, 30);
	ok(tour_player_done(p) && result_of(p, 0, "b") != NULL &&
	    near(result_of(p, 0, "b")->speed, 1, 0.05) && mock.n == 0,
	    "the other load is measured and the tour ends");
	tour_player_free(p);
	tour_free(t);
	topo_free(m);
	topo_free(m1);
}

/*
 * A tour begun on a 2-core machine by a host that lends its measurer, with
 * others keeping foreign CPUs busy on each load's core; NULL on a failed setup.
 */
static struct tour_player *
shared_begin(const char *text, double foreign, struct topo **m, struct tour **t)
{
	struct tour_options	opt;
	struct tour_player	*p;
	char			err[512] = "";

	*m = topo_load_synthetic("package:1 core:2 pu:1", err, sizeof err);
	*t = parse_str(text, err, sizeof err);
	if (*m == NULL || *t == NULL) {
		ok(0, "shared measurer setup (%s)", err);
		topo_free(*m);
		tour_free(*t);
		return NULL;
	}
	mock_reset(*m);
	mock.solo = solo_new(&mock_solo_ops, NULL);
	mock.foreign = foreign;
	memset(&opt, 0, sizeof opt);
	p = tour_player_new(*t, *m, &mock_shared_ops, NULL, &opt);
	tour_player_begin(p, mock.now);
	return p;
}

/* A host that lends its measurer (the screen): results it polls reach the player. */
static void
test_player_shared(void)
{
	const struct tour_load_result	*a, *b;
	struct tour_player		*p;
	struct topo			*m;
	struct tour			*t;
	int				 held = 0, ida;

	if ((p = shared_begin("tour shared\nstep one\n  start a hash at 0\n"
	    "  start b hash at same-pu-of a\nstep two\n  move b to other-core-of a\n", 0,
	    &m, &t)) == NULL)
		return;
	mock_run_shared(p, 0, 20, &held);
	a = result_of(p, 0, "a");
	ok(held, "the host's measurer holds the other load while one is measured");
	ok(a != NULL && near(a->solo, 1e6, 3e4) && near(a->speed, 0.5, 0.05),
	    "the host polls first, the player still gets the solo rate (solo %.1f, "
	    "speed %.2f)", a ? a->solo : NAN, a ? a->speed : NAN);
	ida = mock.v[mock_find("a")].id;
	ok(near(tour_player_solo_of(p, ida), 1e6, 3e4), "the host can ask for it by id");

	/* Step two; the host measures a alone during the window (c on the screen). */
	tour_player_next(p, mock.now);
	mock_run_shared(p, -1, 2, &held);
	ok(!solo_busy(mock.solo), "step two's new placement is measured");
	mock_run_shared(p, -1, 0.8, &held);
	solo_queue(mock.solo, ida);
	mock_run_shared(p, 1, 20, &held);
	b = result_of(p, 1, "b");
	ok(b != NULL && near(b->speed, 1, 0.05) && near(tour_player_result(p, 1)->yield,
	    2, 0.1), "a measurement by the host mid-window: the player waits, then "
	    "measures again (yield %.2f)", tour_player_result(p, 1)->yield);
	tour_player_quit(p);
	ok(mock.n == 0 && !solo_busy(mock.solo), "q: no load left, nothing measured");
	tour_player_free(p);
	solo_free(mock.solo);
	tour_free(t);
	topo_free(m);
}

/*
 * A twin (a second load of the same kernel on the same CPU) is given its
 * partner's solo, and the solo's mark with it: a disturbed solo is
 * disturbed for both, on the screen (solo_disturbed by id) and in the
 * step's results (issue 24: the twin's copy showed as clean).
 */
static void
test_player_twin(void)
{
	const struct tour_load_result	*a, *b;
	struct tour_player		*p;
	struct topo			*m;
	struct tour			*t;
	int				 held = 0, ida, idb;

	if ((p = shared_begin("tour twin\nstep one\n  start a hash at 0\n"
	    "  start b hash at same-pu-of a\n", 0.5, &m, &t)) == NULL)
		return;
	mock_run_shared(p, 0, 30, &held);
	ida = mock.v[mock_find("a")].id;
	idb = mock.v[mock_find("b")].id;
	ok(isfinite(tour_player_solo_of(p, idb)) && tour_player_solo_of(p, idb) ==
	    tour_player_solo_of(p, ida), "the twin b has a's solo (%.0f, %.0f)",
	    tour_player_solo_of(p, ida), tour_player_solo_of(p, idb));
	ok(tour_player_solo_disturbed(p, ida) && tour_player_solo_disturbed(p, idb),
	    "a's solo was disturbed (others 0.5 CPU on its core): so is the twin's copy");
	a = result_of(p, 0, "a");
	b = result_of(p, 0, "b");
	ok(a != NULL && b != NULL && a->solo_disturbed && b->solo_disturbed &&
	    a->mark != ANALYSIS_CLEAN && b->mark == a->mark, "the step's results: both "
	    "solos disturbed, both speeds marked alike (%d, %d)", a ? (int)a->mark : -1,
	    b ? (int)b->mark : -1);
	mock.foreign = 0;
	tour_player_quit(p);
	tour_player_free(p);
	solo_free(mock.solo);
	tour_free(t);
	topo_free(m);
}

/*
 * tour --headless smt-basics printed the same solo warning for steps 1, 3
 * and 4 (one solo serves every step with its placement): said once, with
 * the steps it serves.
 */
static void
test_solo_warning_once(void)
{
	struct tour_player	*p;
	struct topo		*m;
	struct tour		*t;
	FILE			*f;
	char			*text = NULL, *s;
	size_t			 tlen = 0;
	int			 held = 0, k, n;

	if ((p = shared_begin("tour again\nstep one\n  start a hash at 0\n"
	    "step two\n  start b hash at 1\nstep three\n  stop b\n", 0.5, &m, &t)) == NULL)
		return;
	for (k = 0; k < 3; k++) {
		if (k > 0)
			tour_player_next(p, mock.now);
		mock_run_shared(p, k, 30, &held);
	}
	f = open_memstream(&text, &tlen);
	tour_report_summary(p, f);
	fclose(f);
	for (n = 0, s = text; (s = strstr(s, "a solo (hash@0)")) != NULL; s++)
		n++;
	ok(n == 1 && strstr(text, "! steps 1, 2 and 3, a solo (hash@0): others used") != NULL,
	    "a's disturbed solo: one warning, with the three steps it serves (%d)", n);
	ok(strstr(text, "! step 2, b solo (hash@1): others used") != NULL,
	    "b's: one step, in the singular");
	if (n != 1 && text != NULL)
		printf("# %s", text);
	free(text);
	mock.foreign = 0;
	tour_player_quit(p);
	tour_player_free(p);
	solo_free(mock.solo);
	tour_free(t);
	topo_free(m);
}

/* idle held | idle as-is: parsed, planned into the configuration, an op each. */
static void
test_idle_directive(void)
{
	struct tour_plan	 pl[3];
	struct tour_cfg		 empty;
	struct topo		*m;
	struct tour		*t;
	char			 err[512];
	int			 i;

	t = parse_str("tour x\nstep one\n start p pipe at core:0.pu:0,core:0.pu:1\n"
	    " idle as-is\nstep two\n idle held   # a comment\nstep three\n stop p\n",
	    err, sizeof err);
	ok(t != NULL && t->steps[0].actions[1].type == TOUR_IDLE &&
	    strcmp(t->steps[0].actions[1].name, "as-is") == 0 &&
	    strcmp(t->steps[1].actions[0].name, "held") == 0,
	    "idle as-is and idle held parse (%s)", t != NULL ? "ok" : err);
	if (t == NULL)
		return;
	m = topo_load_synthetic("pack:1 core:2 pu:2", err, sizeof err);
	memset(&empty, 0, sizeof empty);
	for (i = 0; i < 3 && m != NULL; i++)
		tour_plan_step(m, &t->steps[i], i == 0 ? &empty : &pl[i - 1].after, &pl[i]);
	ok(m != NULL && !pl[1].skipped && pl[1].nops == 1 && pl[1].ops[0].type == TOUR_IDLE &&
	    pl[1].ops[0].cpu == 1 && pl[1].after.idle_held == 1 && pl[0].after.idle_held == 0,
	    "planned on another machine's topology: an op, the configuration holds idle");
	ok(m != NULL && pl[2].after.idle_held == 1, "the hold stays in later steps' "
	    "configuration until idle as-is");
	for (i = 0; i < 3 && m != NULL; i++)
		free(pl[i].ops);
	topo_free(m);
	tour_free(t);
	t = parse_str("tour x\nstep one\n idle deep\n", err, sizeof err);
	ok(t == NULL && strstr(err, "inline.tour:3: expected: idle held, or idle as-is") !=
	    NULL, "idle takes held or as-is (%s)", err);
	t = parse_str("tour x\nidle held\n", err, sizeof err);
	ok(t == NULL && strstr(err, "inline.tour:2: 'idle' outside a step") != NULL,
	    "idle outside a step is refused (%s)", err);
}

int
main(void)
{
	test_idle_directive();
	test_shipped();
	test_broken();
	test_syntax();
	test_fuzz();
	test_player_smt();
	test_player_nosmt();
	test_plan_skipped_stop();
	test_player_control();
	test_player_shared();
	test_player_twin();
	test_solo_warning_once();
	return tap_done();
}
