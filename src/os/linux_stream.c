/* linux_stream.c: a stdio stream whose writes go to a function (glibc's fopencookie). */
#include "config.h"

#include <stdio.h>

#include "os/os.h"

/* A write-only stream: each write to write(cookie, ...), close to close(cookie). */
FILE *
os_stream(void *cookie, ssize_t (*write)(void *, const char *, size_t),
    int (*close)(void *))
{
	cookie_io_functions_t	io = { .write = write, .close = close };

	return fopencookie(cookie, "w", io);
}
