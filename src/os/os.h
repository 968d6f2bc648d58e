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

/* The directory of the running executable; -1 if it cannot be told. */
int		os_exe_dir(char *buf, size_t len);
/* Memory available to start programs without swapping, in bytes; 0 unknown. */
uint64_t	os_mem_available(void);
/* Ask for sig when the parent dies; -1 if the OS cannot. */
int		os_parent_death_signal(int sig);
/* Name the calling process (as ps and top show it, 15 characters). */
void		os_set_name(const char *);

#endif
