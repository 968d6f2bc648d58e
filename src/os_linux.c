/* os_linux.c: os.h on Linux. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "os.h"

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
