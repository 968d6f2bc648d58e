/*
 * os.h: what smtscope asks of the operating system outside the readers
 * that take a settable root (cpustat, sysinfo, cpuinfo) and the event
 * loop's own descriptors. os_linux.c is the Linux implementation; a port
 * replaces that one file.
 */
#ifndef SMTSCOPE_OS_H
#define SMTSCOPE_OS_H

#include <stddef.h>

/* The directory of the running executable; -1 if it cannot be told. */
int	os_exe_dir(char *buf, size_t len);

#endif
