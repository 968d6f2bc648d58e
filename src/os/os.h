/*
 * os.h: everything smtscope asks of the operating system that POSIX does
 * not say: where /proc and /sys are read (one settable root), starting a
 * child (one spawn helper), shared memory, naming a process, dying with
 * the parent, the CPU a thread runs on, a child's resource use, the event
 * loop's signal and timer descriptors, and the performance counters.
 * src/os/linux*.c implement it for Linux; root.c is the same everywhere.
 * A port implements these functions in its own src/os/NAME*.c and nothing
 * else changes; doc/HACKING says what a FreeBSD or NetBSD port would use.
 * Nothing outside src/os/linux* includes a Linux header (tests/cli/seam.sh).
 */
#ifndef SMTSCOPE_OS_H
#define SMTSCOPE_OS_H

#include <signal.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

/*
 * The root every reader of /proc and /sys reads under (a reader's root
 * argument NULL means this one): "" for this machine, else $SMTSCOPE_ROOT,
 * where a test keeps fixed trees (root/proc/stat, root/sys/...). Two
 * things are real whatever the root, and ask for "" themselves: the
 * supervisor's own loads (loads.c reads their /proc/PID) and the
 * executable's path.
 */
const char	*os_root(void);
/*
 * The kernel file system a file is on ("/proc", "/sys", "tracefs"...), by
 * path (links followed) or, fd not -1, by the open file; NULL for an
 * ordinary one or when it cannot be told (infile_set_kernel_fs takes it).
 */
const char	*os_kernel_fs(const char *path, int fd);
/* Set the root for the rest of the process (unit tests); NULL: $SMTSCOPE_ROOT again. */
void		 os_set_root(const char *);
/* root + path ("/proc/stat") into buf; -1 if it does not fit. */
int		 os_path(char *buf, size_t len, const char *root, const char *path);

/* The directory of the running executable; -1 if it cannot be told. */
int		 os_exe_dir(char *buf, size_t len);
/* Memory available to start programs without swapping, in bytes; 0 unknown. */
uint64_t	 os_mem_available(void);
/* Ask for sig when the parent dies; -1 if the OS cannot. */
int		 os_parent_death_signal(int sig);
/* Name the calling process (as ps and top show it, 15 characters). */
void		 os_set_name(const char *);
/* The CPU (OS index) the calling thread runs on now; -1 if it cannot be told. */
int		 os_cpu_now(void);
/* Give freed heap back to the system (after a large load); a hint. */
void		 os_trim_heap(void);

/*
 * Hold every CPU in its shallowest idle state by PM QoS: <root>/dev/
 * cpu_dma_latency (root NULL: os_root()) opened and written 0. The hold
 * lasts while the descriptor (close-on-exec) is open: os_idle_release() or
 * this process's death, SIGKILL included, ends it. -1 with errno.
 */
int		 os_idle_hold(const char *root);
void		 os_idle_release(int fd);
/* The PM QoS limit on idle exit latency in force now, in us (2000000000: none); -1 with errno. */
long long	 os_idle_qos_now(const char *root);

/* A file a guard writes back: its path and the value to write. */
struct os_guard_file {
	const char	*path;
	const char	*value;
};
/*
 * A guard (started by os_spawn, no parent-death signal): a child in its own
 * process group, ignoring the terminal's signals, that waits until the
 * descriptor returned (close-on-exec) is closed, by os_guard_end() or by
 * this process's death (SIGKILL included), then writes each value to its
 * file, removes the file remove (NULL: none) and exits. hold (-1: none)
 * is a descriptor the guard keeps open until then (a lock: os_lock_take).
 * *pid is the child's. -1 with a message.
 */
int		 os_guard_start(const struct os_guard_file *, int n, const char *remove,
		     int hold, pid_t *pid, char *err, size_t errlen);
/* Close a guard's descriptor and wait for it: 0 once every file is written back, else -1. */
int		 os_guard_end(int fd, pid_t pid);

/*
 * An exclusive lock on the file path, not waited for: its descriptor
 * (close-on-exec; the lock lasts while it, or a copy a child keeps, is
 * open: this process's death, SIGKILL included, ends it). create: made
 * mode 0600 when absent. No link followed. -1 with errno: EWOULDBLOCK
 * when another holds it, ENOENT when absent and not to be made.
 */
int		 os_lock_take(const char *path, int create);
/*
 * A live process's start time (clock ticks since boot, /proc/PID/stat's
 * 22nd field, always this machine's /proc): with the pid, its identity,
 * as pids are reused. 0 when there is no such process (or a zombie).
 */
unsigned long long os_proc_start(long pid);
/*
 * The same read under a root (root + "/proc/PID/stat"; NULL: os_root()),
 * for tests and tests/fuzz/fuzz_proc.c with planted files: a name with
 * blanks, ')' or newlines in it is read past its last ')'; a file cut
 * short, a start that is not a number, one past 64 bits, and a file that
 * is not regular (not opened blocking) each give 0.
 */
unsigned long long os_proc_start_at(const char *root, long pid);

/*
 * Memory shared with children across exec: a descriptor (close-on-exec)
 * of bytes zeroed bytes, to mmap MAP_SHARED; -1 with errno.
 */
int		 os_shared_memory(const char *name, size_t bytes);
/* Zeroed private memory for a load's buffer, on huge pages where the OS gives them; NULL. */
void		*os_map(size_t bytes);
void		 os_unmap(void *, size_t bytes);
/* A pipe whose ends close on exec; -1 with errno. */
int		 os_pipe(int fds[2]);
/* Wait for a child as waitpid() does, with its resource use; as waitpid() returns. */
pid_t		 os_wait(pid_t, int *status, int options, struct rusage *);

/*
 * Start a child, as tmux does: stdio flushed and every signal blocked
 * around the fork; in the child, the parent-death signal armed (and the
 * parent checked: one already gone ends the child), every caught signal
 * back to its default (an ignored one stays ignored, as exec leaves it,
 * unless default_all), the signal mask set to mask (NULL: empty), 0-2 on
 * /dev/null with stdio_null, every other descriptor closed but keep[]
 * (lifted above 2 where one sat on 0-2: keep[] is rewritten) and the
 * status pipe; then child(arg, statusfd), which execs or _exits and never
 * returns. The parent returns once the child is set up: its pid and, with
 * statusfd not NULL, the read end of the status pipe, on which the child
 * may write (it closes on the child's exec); -1 with a message if no
 * child started (one that began is killed and reaped).
 */
struct os_spawn {
	void		(*child)(void *arg, int statusfd);
	void		 *arg;
	int		  death_sig;	/* sent to the child when we die; 0: none */
	int		  default_all;	/* ignored signals to their default too */
	const sigset_t	 *mask;		/* the child's signal mask; NULL: none blocked */
	int		  stdio_null;	/* 0-2 on /dev/null */
	int		 *keep;		/* descriptors the child keeps; may be NULL */
	int		  nkeep;
};
pid_t		 os_spawn(const struct os_spawn *, int *statusfd, char *err, size_t errlen);

/*
 * The event loop's descriptors, for one poll(): one that is readable when
 * a signal of set comes (the caller blocked them), and a periodic timer.
 */
int		 os_signal_fd(const sigset_t *set);
/* The next signal the descriptor holds, or 0 when none is left. */
int		 os_signal_next(int fd);
/* A timer that fires every interval_ns, first after one interval; -1 with errno. */
int		 os_timer_fd(uint64_t interval_ns);
/* The timer's expirations since the last call (0 when it has not fired). */
uint64_t	 os_timer_ticks(int fd);

/* The counters smtscope reads of a load (sample/perf.h names them). */
enum os_event {
	OS_EV_CYCLES,
	OS_EV_INSTR,
	OS_EV_REF_CYCLES,
	OS_EV_LLC_MISS,		/* last-level cache misses */
	OS_EV_TASK_CLOCK,	/* ns on a CPU */
	OS_EV_CTX_SWITCH,
	OS_EV_MIGRATION,
	OS_NEV
};
/*
 * Open one counter on pid (0: this process) in the group led by group (-1:
 * lead a new one), inherited by the children and threads pid makes from
 * now on; it counts user and kernel time, or user time alone where only
 * that is allowed (*user_only then 1). A descriptor, or -1 with errno.
 */
int		 os_event_open(enum os_event, pid_t, int group, int *user_only);
/* Read a group of n at once: counts in order, the group's time enabled and running (ns). */
int		 os_event_read(int leader, int n, uint64_t *val, uint64_t *ena,
		     uint64_t *run);
/* How much the kernel lets a user count (Linux's kernel.perf_event_paranoid); -9 unknown. */
int		 os_event_paranoid(void);
/* Does the kernel have a driver for this CPU's core PMU? */
int		 os_event_pmu(void);

/*
 * A write-only stdio stream: what is written goes to write(cookie, buf,
 * size) (the bytes taken, or -1), fclose to close(cookie). NULL if none.
 */
FILE		*os_stream(void *cookie, ssize_t (*write)(void *, const char *, size_t),
		     int (*close)(void *));

#endif
