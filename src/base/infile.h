/*
 * infile.h: the one way smtscope opens a file it reads (a topology, a
 * recording, results to compare, the settings file, a theme, a tour, a
 * result for --infer-from). Only a regular file is read: a FIFO, a
 * device or a directory is refused in one line naming the path, without
 * blocking (the name is looked at first, then opened O_NONBLOCK and the
 * descriptor checked), and a file over its reader's size cap is refused
 * before it is read. A file of the kernel's (/proc, /sys, debugfs,
 * tracefs and the like, found by statfs after links are followed) is
 * refused as an input: /proc/kmsg passes as regular yet blocks for ever.
 * The descriptor stays non-blocking and infile_read waits for data with a
 * deadline (poll), so that no input can hang a reader.
 */
#ifndef SMTSCOPE_INFILE_H
#define SMTSCOPE_INFILE_H

#include <stddef.h>

/*
 * Open path to read: a regular file of at most max bytes. Its descriptor
 * (non-blocking, close-on-exec), or -1 with "PATH: why" in err and
 * errno set (ENOENT when there is no such file). what names the kind of
 * file for a refusal by size ("too large for a theme").
 */
int	infile_open(const char *path, const char *what, size_t max, char *err,
	    size_t errlen);
/*
 * Read a whole regular file of at most max bytes, NUL-terminated (the NUL
 * not counted in *len); NULL with "PATH: why" in err, errno set.
 */
char	*infile_read(const char *path, const char *what, size_t max, size_t *len,
	    char *err, size_t errlen);
/*
 * The next line of buf[0..len) from *off: its start and length (without
 * the newline), *off moved past it; 0 at the end. Linear: each byte is
 * looked at once.
 */
int	infile_line(const char *buf, size_t len, size_t *off, const char **line,
	    size_t *n);

/*
 * The kernel file system a file is on ("/proc", "tracefs"...), by path
 * (links followed) or, fd not -1, by the open file; NULL for an ordinary
 * one. infile_open refuses a file there once one is set (os_kernel_fs).
 */
typedef const char *(*infile_fs_fn)(const char *path, int fd);
void	infile_set_kernel_fs(infile_fs_fn);

#endif
