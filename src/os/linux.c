/* os_linux.c: os.h on Linux. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "os/os.h"

/* The directory of the running executable, from /proc/self/exe. */
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

/* MemAvailable from /proc/meminfo, in bytes; 0 when unknown. */
uint64_t
os_mem_available(void)
{
	char			 line[256];
	FILE			*f;
	unsigned long long	 kb = 0;

	if ((f = fopen("/proc/meminfo", "r")) == NULL)
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
