/*
 * os.h: what smtscope asks of the operating system outside the readers
 * that take a settable root (cpustat, sysinfo, cpuinfo) and the event
 * loop's own descriptors. os_linux.c is the Linux implementation; a port
 * replaces that one file.
 */
#ifndef SMTSCOPE_OS_H
#define SMTSCOPE_OS_H

#include <stddef.h>

#include <stdint.h>
#include <sys/types.h>

/* The directory of the running executable; -1 if it cannot be told. */
int		os_exe_dir(char *buf, size_t len);
/* Memory available to start programs without swapping, in bytes; 0 unknown. */
uint64_t	os_mem_available(void);
/* Ask for sig when the parent dies; -1 if the OS cannot. */
int		os_parent_death_signal(int sig);
/* Name the calling process (as ps and top show it, 15 characters). */
void		os_set_name(const char *);

/*
 * Hold every CPU in its shallowest idle state by PM QoS: <root>/dev/
 * cpu_dma_latency opened and written 0. The hold lasts while the
 * descriptor (close-on-exec) is open: os_idle_release() or this process's
 * death, SIGKILL included, ends it. -1 with errno.
 */
int		os_idle_hold(const char *root);
void		os_idle_release(int fd);
/* The PM QoS limit on idle exit latency in force now, in us (2000000000: none); -1 with errno. */
long long	os_idle_qos_now(const char *root);

/* A file a guard writes back: its path and the value to write. */
struct os_guard_file {
	const char	*path;
	const char	*value;
};
/*
 * A guard: a child in its own process group, ignoring the terminal's
 * signals, that waits until the descriptor returned (close-on-exec) is
 * closed, by os_guard_end() or by this process's death (SIGKILL
 * included), then writes each value to its file, removes the file remove
 * (NULL: none) and exits. *pid is the child's. -1 with a message.
 */
int		os_guard_start(const struct os_guard_file *, int n, const char *remove,
		    pid_t *pid, char *err, size_t errlen);
/* Close a guard's descriptor and wait for it: 0 once every file is written back, else -1. */
int		os_guard_end(int fd, pid_t pid);

#endif
