/* linux.c: os.h on Linux: the process, its memory and its CPU (prctl, memfd, sched_getcpu, wait4). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/os.h"

/* The directory of the running executable, from /proc/self/exe (ours: never under the root). */
int
os_exe_dir(char *buf, size_t len)
{
	char	exe[4096], *slash;
	ssize_t	n;

	if ((n = readlink("/proc/self/exe", exe, sizeof exe - 1)) <= 0)
		return -1;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL || (size_t)(slash - exe) >= len)
		return -1;
	*slash = '\0';
	memcpy(buf, exe, (size_t)(slash - exe) + 1);
	return 0;
}

/* MemAvailable from <root>/proc/meminfo, in bytes; 0 when unknown. */
uint64_t
os_mem_available(void)
{
	char			 line[256], path[4096];
	FILE			*f;
	unsigned long long	 kb = 0;

	if (os_path(path, sizeof path, os_root(), "/proc/meminfo") == -1 ||
	    (f = fopen(path, "re")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

/* PR_SET_PDEATHSIG: the signal comes when the parent thread exits. */
int
os_parent_death_signal(int sig)
{
	return prctl(PR_SET_PDEATHSIG, sig) == -1 ? -1 : 0;
}

/* PR_SET_NAME. */
void
os_set_name(const char *name)
{
	prctl(PR_SET_NAME, name);
}

/* sched_getcpu(). */
int
os_cpu_now(void)
{
	return sched_getcpu();
}

/* glibc keeps freed heap mapped; malloc_trim() returns it. */
void
os_trim_heap(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

/* A memfd: it outlives an exec, unlike an anonymous mapping, and needs no name in /dev/shm. */
int
os_shared_memory(const char *name, size_t bytes)
{
	int	fd, e;

	if ((fd = memfd_create(name, MFD_CLOEXEC)) == -1)
		return -1;
	if (ftruncate(fd, (off_t)bytes) == -1) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Anonymous memory, with transparent huge pages asked for from 2 MiB. */
void *
os_map(size_t bytes)
{
	void	*p;

	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* Fewer TLB misses, so the memory loads measure caches and DRAM. */
	if (bytes >= (2U << 20))
		madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

/* Unmap what os_map() gave. */
void
os_unmap(void *p, size_t bytes)
{
	if (p != NULL)
		munmap(p, bytes);
}

/* pipe2(O_CLOEXEC): no window in which a fork elsewhere inherits the ends. */
int
os_pipe(int fds[2])
{
	return pipe2(fds, O_CLOEXEC);
}

/* wait4(). */
pid_t
os_wait(pid_t pid, int *status, int options, struct rusage *ru)
{
	return wait4(pid, status, options, ru);
}

/*
 * The kernel's file systems, by statfs's magic (linux/magic.h, written out
 * so that no header is needed): their "regular" files are the kernel's own.
 */
static const struct {
	unsigned long	 magic;
	const char	*name;
} os_kernel_fs_magic[] = {
	{ 0x9fa0UL, "/proc" },			/* PROC_SUPER_MAGIC */
	{ 0x62656572UL, "/sys" },		/* SYSFS_MAGIC */
	{ 0x64626720UL, "debugfs" },		/* DEBUGFS_MAGIC */
	{ 0x74726163UL, "tracefs" },		/* TRACEFS_MAGIC */
	{ 0x73636673UL, "securityfs" },		/* SECURITYFS_MAGIC */
	{ 0x27e0ebUL, "cgroup" },		/* CGROUP_SUPER_MAGIC */
	{ 0x63677270UL, "cgroup2" },		/* CGROUP2_SUPER_MAGIC */
	{ 0x6e736673UL, "nsfs" },		/* NSFS_MAGIC */
	{ 0x42494e4dUL, "binfmt_misc" },	/* BINFMT_MISC */
	{ 0xcafe4a11UL, "bpf" },		/* BPF_FS_MAGIC */
	{ 0x1cd1UL, "devpts" },			/* DEVPTS_SUPER_MAGIC */
	{ 0x19800202UL, "mqueue" },		/* MQUEUE_MAGIC */
	{ 0xde5e81e4UL, "efivarfs" },		/* EFIVARFS_MAGIC */
	{ 0x6165676cUL, "pstore" },		/* PSTORE_MAGIC */
	{ 0x50495045UL, "pipefs" },		/* PIPEFS_MAGIC */
	{ 0x534f434bUL, "sockfs" },		/* SOCKFS_MAGIC */
	{ 0x09041934UL, "anon_inode" },		/* ANON_INODE_FS_MAGIC */
};

const char *
os_kernel_fs(const char *path, int fd)
{
	struct statfs	f;
	size_t		i;

	if ((fd != -1 ? fstatfs(fd, &f) : statfs(path, &f)) == -1)
		return NULL;
	for (i = 0; i < sizeof os_kernel_fs_magic / sizeof os_kernel_fs_magic[0]; i++)
		if ((unsigned long)f.f_type == os_kernel_fs_magic[i].magic)
			return os_kernel_fs_magic[i].name;
	return NULL;
}

/* An exclusive lock on path, not waited for; -1 with errno. */
int
os_lock_take(const char *path, int create)
{
	int	fd, e;

	if ((fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | (create ? O_CREAT : 0),
	    0600)) == -1)
		return -1;
	if (flock(fd, LOCK_EX | LOCK_NB) == -1) {
		e = errno;
		close(fd);
		errno = e == EAGAIN ? EWOULDBLOCK : e;
		return -1;
	}
	return fd;
}

/*
 * A process's start time from the text of its stat file (the whole file,
 * NUL-terminated); 0 when it is not one: a zombie, a line cut short, a
 * 22nd field that is not a number of ticks.
 */
static unsigned long long
os_stat_start(char *buf)
{
	unsigned long long	 start;
	char			*p, *end;
	int			 i;

	/* The name (field 2) may hold blanks, parentheses, newlines: read after its last ')'. */
	if ((p = strrchr(buf, ')')) == NULL || p[1] != ' ')
		return 0;
	p += 2;
	if (*p == 'Z' || *p == 'X' || *p == '\0' || *p == ' ')
		return 0;
	/* Fields 3 (the state) to 22 (the start time): 19 blanks on. */
	for (i = 0; *p != '\0' && i < 19; p++)
		if (*p == ' ')
			i++;
	if (i < 19 || *p < '0' || *p > '9')
		return 0;
	errno = 0;
	start = strtoull(p, &end, 10);
	if (errno != 0 || (*end != ' ' && *end != '\n' && *end != '\0'))
		return 0;
	return start;
}

/* A process's start time under a root ("" this machine); 0 none or a zombie. */
unsigned long long
os_proc_start_at(const char *root, long pid)
{
	char		path[4096], buf[4096];
	struct stat	sb;
	ssize_t		n;
	size_t		got = 0;
	int		fd;

	if (pid <= 0 || snprintf(path, sizeof path, "%s/proc/%ld/stat", root != NULL ?
	    root : os_root(), pid) >= (int)sizeof path)
		return 0;
	/* Not blocking, and only a regular file: a FIFO planted there waits for no one. */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)) == -1)
		return 0;
	if (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return 0;
	}
	while (got + 1 < sizeof buf) {
		n = read(fd, buf + got, sizeof buf - 1 - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	/* A NUL in it ends the text there (the name cannot hold one). */
	return os_stat_start(buf);
}

/* A live process's start time (ticks since boot); 0 none or a zombie. */
unsigned long long
os_proc_start(long pid)
{
	return os_proc_start_at("", pid);
}
