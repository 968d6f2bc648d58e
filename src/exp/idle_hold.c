/*
 * idle_hold.c: shallow idle held safely, for check --idle. PM QoS first:
 * the hold is a descriptor, and the kernel drops it when the descriptor
 * closes, however smtscope ends. Per-state disable flags only where asked
 * (--idle=states): what they were is recorded under <root>/run/smtscope
 * before the first is written, and a guard process (os_guard_start) writes
 * them back when smtscope ends, SIGKILL included; a record left behind
 * (the guard killed too) makes the next check refuse, saying how to restore.
 * One smtscope at a time: an exclusive lock (IDLE_LOCK), taken before the
 * first flag is read and held by smtscope and its guard until every flag
 * is back; the record names the holder by pid and start time.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exp/idle.h"
#include "os/os.h"
#include "base/safefile.h"
#include "base/util.h"

/* A record read back: whose it was and what it changed. */
struct idle_record {
	long		pid;
	unsigned long long start;	/* its start time (os_proc_start); 0 not recorded */
	struct idle_rec	rec[IDLE_REC_MAX];
	int		nrec;
};

/* A hold not yet made. */
void
idle_hold_init(struct idle_hold *h, enum idle_how how, const char *root)
{
	memset(h, 0, sizeof *h);
	h->how = how;
	snprintf(h->root, sizeof h->root, "%s", cpuidle_root(root));
	h->qos_fd = h->guard_fd = h->lock_fd = -1;
	h->guard_pid = -1;
	snprintf(h->record, sizeof h->record, "%s%s", h->root, IDLE_RECORD);
}

/* Why the PM QoS hold cannot be had, from its errno. */
static void
idle_qos_why(const char *root, int e, char *err, size_t errlen)
{
	if (e == EACCES || e == EPERM)
		snprintf(err, errlen, "%s", IDLE_NO_ACCESS);
	else if (e == ENOENT)
		snprintf(err, errlen, "no PM QoS device %s/dev/cpu_dma_latency (a container "
		    "without it, or a kernel without PM QoS): idle cannot be held", root);
	else
		snprintf(err, errlen, "%s/dev/cpu_dma_latency: %s", root, strerror(e));
}

/* A recorded state in words: "CPU 1 C6". */
static void
idle_rec_words(const struct idle_rec *r, char *buf, size_t len)
{
	snprintf(buf, len, "CPU %d %s", r->cpu, r->name[0] != '\0' ? r->name : "?");
}

/* Read a record; 0, 1 when there is none, 2 when this user may not read it, -1 with why. */
static int
idle_record_read(const char *path, struct idle_record *out, char *err, size_t errlen)
{
	FILE	*f;
	char	 line[256];
	int	 lineno = 0, n;

	memset(out, 0, sizeof *out);
	out->pid = -1;
	if ((f = fopen(path, "re")) == NULL) {
		/*
		 * A record only root may read was written by root's run: this user
		 * can neither restore nor hold those states (the facts list them).
		 */
		if (errno == ENOENT || errno == EACCES)
			return errno == EACCES ? 2 : 1;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (sscanf(line, "pid %ld start %llu", &out->pid, &out->start) >= 1)
			continue;
		if (out->nrec < IDLE_REC_MAX && sscanf(line, "%d %d %d %n",
		    &out->rec[out->nrec].cpu, &out->rec[out->nrec].state,
		    &out->rec[out->nrec].orig, &n) == 3 && out->rec[out->nrec].cpu >= 0 &&
		    out->rec[out->nrec].state >= 0 && out->rec[out->nrec].state <
		    CPUIDLE_MAX_STATES && (out->rec[out->nrec].orig & ~1) == 0) {
			snprintf(out->rec[out->nrec].name, sizeof out->rec[0].name, "%s",
			    line + n);
			out->nrec++;
			continue;
		}
		fclose(f);
		snprintf(err, errlen, "%s:%d: not a record smtscope wrote (remove the file "
		    "if nothing of smtscope's is running)", path, lineno);
		return -1;
	}
	fclose(f);
	return 0;
}

/* Make the record's directory (mode 0700), refusing anything but a directory there. */
static int
idle_record_dir(const char *path, char *err, size_t errlen)
{
	char		dir[4096], *slash;
	struct stat	sb;

	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
		snprintf(err, errlen, "cannot record the idle states it changes: %s: %s",
		    dir, strerror(errno));
		return -1;
	}
	if (lstat(dir, &sb) == -1 || !S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "cannot record the idle states it changes: %s is not a "
		    "directory", dir);
		return -1;
	}
	return 0;
}

/* Write the record whole through the one writer: a temporary beside it, renamed into place. */
static int
idle_record_write(const struct idle_hold *h, char *err, size_t errlen)
{
	struct safefile	sf;
	char		why[SAFEFILE_PATH_MAX + 128];
	int		i;

	if (idle_record_dir(h->record, err, errlen) == -1)
		return -1;
	if (safefile_open(&sf, h->record, SAFEFILE_REPLACE, why, sizeof why) == -1) {
		snprintf(err, errlen, "cannot record the idle states it changes: %s", why);
		return -1;
	}
	fprintf(sf.f, "# smtscope check --idle=states: idle states it disables while it "
	    "measures.\n# CPU STATE DISABLE-BEFORE NAME. smtscope writes them back when "
	    "it ends;\n# if this file is left, `smtscope check --idle=restore` does.\n"
	    "pid %ld start %llu\n", (long)getpid(), os_proc_start((long)getpid()));
	for (i = 0; i < h->nrec; i++)
		fprintf(sf.f, "%d %d %d %s\n", h->rec[i].cpu, h->rec[i].state, h->rec[i].orig,
		    h->rec[i].name);
	if (safefile_close(&sf, 1, why, sizeof why) == -1) {
		snprintf(err, errlen, "cannot record the idle states it changes: %s", why);
		return -1;
	}
	return 0;
}

/* Is a process alive (or there but not ours to signal)? */
static int
idle_pid_alive(long pid)
{
	return pid > 0 && pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 ||
	    errno == EPERM);
}

/*
 * Does another smtscope hold the idle states? Its lock tells (pids are
 * reused: a record's pid may name another process by now); where there is
 * no lock to try (a record of a smtscope before the lock), its pid and
 * start time, or the pid alone when the record has no start time.
 */
static int
idle_held_elsewhere(const char *root, const struct idle_record *rd)
{
	char	lock[4096];
	int	fd;

	snprintf(lock, sizeof lock, "%s%s", root, IDLE_LOCK);
	if ((fd = os_lock_take(lock, 0)) >= 0) {
		close(fd);
		return 0;
	}
	if (errno == EWOULDBLOCK)
		return 1;
	if (rd->start != 0)
		return rd->pid != (long)getpid() && os_proc_start(rd->pid) == rd->start;
	return idle_pid_alive(rd->pid);
}

/* Is a recorded state still off its value before? */
static int
idle_rec_changed(const char *root, const struct idle_rec *r)
{
	struct cpuidle_cpu	c;

	if (cpuidle_read(root, r->cpu, &c) <= r->state)
		return 0;
	return c.st[r->state].disabled != r->orig;
}

/* The record check; locked: this process holds the lock (any record was left behind). */
static int
idle_record_check_as(const char *root, int locked, char *err, size_t errlen)
{
	struct idle_record	rd;
	char			path[4096], w[64];
	size_t			used;
	int			i, n = 0, rc;

	root = cpuidle_root(root);
	snprintf(path, sizeof path, "%s%s", root, IDLE_RECORD);
	if ((rc = idle_record_read(path, &rd, err, errlen)) != 0)
		return rc >= 1 ? 0 : -1;
	if (!locked && idle_held_elsewhere(root, &rd)) {
		snprintf(err, errlen, "another smtscope (pid %ld) holds idle states disabled "
		    "(its record: %s): wait for it to end", rd.pid, path);
		return -1;
	}
	used = (size_t)snprintf(err, errlen, "a previous smtscope (pid %ld) left idle "
	    "states disabled:", rd.pid);
	for (i = 0; i < rd.nrec; i++) {
		if (!idle_rec_changed(root, &rd.rec[i]))
			continue;
		idle_rec_words(&rd.rec[i], w, sizeof w);
		if (used < errlen)
			used += (size_t)snprintf(err + used, errlen - used, "%s %s",
			    n++ > 0 ? "," : "", w);
	}
	if (n == 0) {
		/* Every state is back as it was: the record is stale. */
		err[0] = '\0';
		unlink(path);
		return 0;
	}
	if (used < errlen)
		snprintf(err + used, errlen - used, " (recorded in %s); `smtscope check "
		    "--idle=restore` writes them back", path);
	return -1;
}

/* Is a record of --idle=states there? 0 when none, -1 with what it says. */
int
idle_record_check(const char *root, char *err, size_t errlen)
{
	return idle_record_check_as(root, 0, err, errlen);
}

/* Who may read a record this user may not: its owner, else its directory's ("root"). */
static void
idle_record_owner(const char *path, char *buf, size_t len)
{
	char		dir[4096], *slash;
	struct stat	sb;

	snprintf(dir, sizeof dir, "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	if (stat(path, &sb) == -1 && stat(dir, &sb) == -1)
		sb.st_uid = 0;
	if (sb.st_uid == 0)
		snprintf(buf, len, "root");
	else
		snprintf(buf, len, "uid %lu", (unsigned long)sb.st_uid);
}

/* check --idle=restore: write back what the record says and remove it. */
int
idle_record_restore(const char *root, char *msg, size_t msglen)
{
	struct idle_record	rd;
	char			path[4096], w[64], e[512], owner[32];
	size_t			used;
	int			i, rc;

	root = cpuidle_root(root);
	snprintf(path, sizeof path, "%s%s", root, IDLE_RECORD);
	if ((rc = idle_record_read(path, &rd, msg, msglen)) == 2) {
		idle_record_owner(path, owner, sizeof owner);
		snprintf(msg, msglen, "%s: only %s can restore it; run this as %s", path, owner,
		    owner);
		return -1;
	}
	if (rc != 0) {
		if (rc == 1)
			snprintf(msg, msglen, "nothing to restore: no record %s", path);
		return rc == 1 ? 0 : -1;
	}
	if (idle_held_elsewhere(root, &rd)) {
		snprintf(msg, msglen, "smtscope pid %ld is running and holds them: it "
		    "writes them back itself when it ends", rd.pid);
		return -1;
	}
	used = (size_t)snprintf(msg, msglen, "wrote back from %s:", path);
	for (i = 0; i < rd.nrec; i++) {
		if (cpuidle_set_disable(root, rd.rec[i].cpu, rd.rec[i].state, rd.rec[i].orig,
		    e, sizeof e) == -1) {
			snprintf(msg, msglen, "cannot restore: %s", e);
			return -1;
		}
		idle_rec_words(&rd.rec[i], w, sizeof w);
		if (used < msglen)
			used += (size_t)snprintf(msg + used, msglen - used, "%s %s %s",
			    i > 0 ? "," : "", w, rd.rec[i].orig ? "disabled" : "enabled");
	}
	if (unlink(path) == -1) {
		snprintf(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Find each deeper state on cpus and its flag now; -1 with why. */
static int
idle_hold_find(struct idle_hold *h, const struct cpuset *cpus, char *err, size_t errlen)
{
	struct cpuidle_cpu	c;
	unsigned		mask;
	int			cpu, k;

	h->nrec = 0;
	CPUSET_FOREACH(cpu, cpus) {
		if (cpuidle_read(h->root, cpu, &c) <= 0) {
			snprintf(err, errlen, "CPU %d shows no idle states to disable", cpu);
			return -1;
		}
		mask = cpuidle_shallow_mask(&c);
		for (k = 0; k < c.nstates && h->nrec < IDLE_REC_MAX; k++) {
			if (mask & (1u << k))
				continue;
			h->rec[h->nrec].cpu = cpu;
			h->rec[h->nrec].state = k;
			h->rec[h->nrec].orig = c.st[k].disabled;
			snprintf(h->rec[h->nrec].name, sizeof h->rec[0].name, "%s",
			    c.st[k].name);
			h->nrec++;
		}
	}
	if (h->nrec == 0) {
		snprintf(err, errlen, "no idle state deeper than polling on the measured "
		    "CPUs: nothing to disable");
		return -1;
	}
	return 0;
}

/* Write each recorded state's flag: value 1 disables, -1 writes back what it was. */
static int
idle_hold_write(struct idle_hold *h, int value, char *err, size_t errlen)
{
	char	e[512];
	int	i, rc = 0;

	for (i = 0; i < h->nrec; i++) {
		if (cpuidle_set_disable(h->root, h->rec[i].cpu, h->rec[i].state,
		    value == -1 ? h->rec[i].orig : value, e, sizeof e) == -1 && rc == 0) {
			rc = -1;
			if (errno == EROFS)
				snprintf(err, errlen, "idle states cannot be disabled here: %s "
				    "(a container's read-only /sys?)", e);
			else if (errno == EACCES || errno == EPERM)
				snprintf(err, errlen, "idle states cannot be disabled: %s (root "
				    "needed)", e);
			else
				snprintf(err, errlen, "%s", e);
		}
	}
	return rc;
}

/* Start the guard: it writes every flag back and removes the record when we end. */
static int
idle_hold_guard(struct idle_hold *h, char *err, size_t errlen)
{
	struct os_guard_file	w[IDLE_REC_MAX];
	char			(*paths)[4200] = xcalloc(IDLE_REC_MAX, sizeof *paths);
	int			i;

	for (i = 0; i < h->nrec; i++) {
		if (cpuidle_disable_path(h->root, h->rec[i].cpu, h->rec[i].state, paths[i],
		    sizeof paths[i]) == -1) {
			snprintf(err, errlen, "CPU %d: path too long", h->rec[i].cpu);
			free(paths);
			return -1;
		}
		w[i].path = paths[i];
		w[i].value = h->rec[i].orig ? "1\n" : "0\n";
	}
	/* The guard has its own copy of the paths once it has started. */
	h->guard_fd = os_guard_start(w, h->nrec, h->record, h->lock_fd, &h->guard_pid, err,
	    errlen);
	free(paths);
	return h->guard_fd == -1 ? -1 : 0;
}

/* Take IDLE_LOCK (its directory made): -1 with why, naming the holder. */
static int
idle_hold_lock(struct idle_hold *h, char *err, size_t errlen)
{
	struct idle_record	rd;
	char			lock[4096], e[512];

	snprintf(lock, sizeof lock, "%s%s", h->root, IDLE_LOCK);
	if (idle_record_dir(lock, err, errlen) == -1)
		return -1;
	if ((h->lock_fd = os_lock_take(lock, 1)) >= 0)
		return 0;
	if (errno != EWOULDBLOCK) {
		snprintf(err, errlen, "cannot lock the idle states: %s: %s", lock,
		    strerror(errno));
		return -1;
	}
	if (idle_record_read(h->record, &rd, e, sizeof e) == 0 && rd.pid > 0)
		snprintf(err, errlen, "another smtscope (pid %ld) holds idle states disabled "
		    "(its lock: %s): wait for it to end", rd.pid, lock);
	else
		snprintf(err, errlen, "another smtscope is taking the idle states (its lock: "
		    "%s): wait for it to end", lock);
	return -1;
}

/* Let go of IDLE_LOCK (the guard keeps its copy until every flag is back). */
static void
idle_hold_unlock(struct idle_hold *h)
{
	if (h->lock_fd != -1)
		close(h->lock_fd);
	h->lock_fd = -1;
}

/* Make ready to hold. */
int
idle_hold_open(struct idle_hold *h, const struct cpuset *cpus, char *err, size_t errlen)
{
	int	fd;

	if (h->how == IDLE_QOS) {
		if ((fd = os_idle_hold(h->root)) == -1) {
			idle_qos_why(h->root, errno, err, errlen);
			return -1;
		}
		os_idle_release(fd);
		return 0;
	}
	/*
	 * The lock before the first flag is read: a second smtscope must never
	 * read the first one's disabled flags as what they were, nor write them.
	 */
	if (idle_record_check(h->root, err, errlen) == -1 || idle_hold_lock(h, err, errlen) == -1)
		return -1;
	if (idle_record_check_as(h->root, 1, err, errlen) == -1 ||
	    idle_hold_find(h, cpus, err, errlen) == -1 ||
	    /* Writing each flag as it is tells whether it can be written at all. */
	    idle_hold_write(h, -1, err, errlen) == -1) {
		idle_hold_unlock(h);
		return -1;
	}
	/*
	 * The guard first, then the record: a SIGKILL between the two leaves
	 * a guard that finds no record to remove, never a record no guard
	 * removes (CI's SIGKILL at 2245 ms into check --idle=states did).
	 */
	if (idle_hold_guard(h, err, errlen) == -1) {
		idle_hold_unlock(h);
		return -1;
	}
	if (idle_record_write(h, err, errlen) == -1) {
		os_guard_end(h->guard_fd, h->guard_pid);
		h->guard_fd = -1;
		h->guard_pid = -1;
		idle_hold_unlock(h);
		return -1;
	}
	return 0;
}

/* Can shallow idle be held here, and would it change anything? */
int
idle_can_hold(const char *hypervisor, char *why, size_t len)
{
	struct idle_hold	h;
	char			drv[96];

	if (cpuidle_driver(NULL, hypervisor, drv, sizeof drv, why, len) == -1)
		return -1;
	idle_hold_init(&h, IDLE_QOS, NULL);
	return idle_hold_open(&h, NULL, why, len);
}

/* Hold shallow idle now. */
int
idle_hold_on(struct idle_hold *h, char *err, size_t errlen)
{
	if (h->held)
		return 0;
	if (h->how == IDLE_QOS) {
		if ((h->qos_fd = os_idle_hold(h->root)) == -1) {
			idle_qos_why(h->root, errno, err, errlen);
			return -1;
		}
	} else if (idle_hold_write(h, 1, err, errlen) == -1) {
		idle_hold_write(h, -1, err, errlen);
		return -1;
	}
	h->held = 1;
	return 0;
}

/* Let go. */
int
idle_hold_off(struct idle_hold *h, char *err, size_t errlen)
{
	if (!h->held)
		return 0;
	h->held = 0;
	if (h->how == IDLE_QOS) {
		os_idle_release(h->qos_fd);
		h->qos_fd = -1;
		return 0;
	}
	return idle_hold_write(h, -1, err, errlen);
}

/* Let go and end the guard. */
int
idle_hold_close(struct idle_hold *h, char *err, size_t errlen)
{
	int	rc = idle_hold_off(h, err, errlen);

	if (h->guard_fd != -1) {
		if (os_guard_end(h->guard_fd, h->guard_pid) == -1 && rc == 0) {
			snprintf(err, errlen, "the idle guard could not write every state back: "
			    "see %s", h->record);
			rc = -1;
		}
		h->guard_fd = -1;
		h->guard_pid = -1;
	}
	idle_hold_unlock(h);
	return rc;
}
