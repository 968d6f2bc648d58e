/*
 * fuzz_tree.h: a scratch root of plausible /proc and /sys files for the
 * harnesses whose readers take a root: the first input byte picks a file,
 * the rest is its content; the file gets its plain content back after.
 * Each harness defines fuzz_files[] and fuzz_plain_text[] before this; a
 * file whose plain text is NULL gets "0\n". The root is under /dev/shm
 * where it can be (a fuzz run writes files many times a second), and is
 * removed when the run ends (not after a crash: the tree is evidence).
 */
#ifndef FUZZ_TREE_H
#define FUZZ_TREE_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FUZZ_NFILES	(sizeof fuzz_files / sizeof fuzz_files[0])

static char	fuzz_root[64];

/* mkdir -p for the directories of path. */
static void
fuzz_mkdirs(char *path)
{
	char	*p;

	for (p = path + 1; *p != '\0'; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0700);
			*p = '/';
		}
	}
}

/* Write content to one file of the tree. */
static void
fuzz_write(size_t i, const void *buf, size_t len)
{
	char	 path[256];
	FILE	*f;

	snprintf(path, sizeof path, "%s/%s", fuzz_root, fuzz_files[i]);
	fuzz_mkdirs(path);
	if ((f = fopen(path, "w")) == NULL)
		__builtin_trap();
	fwrite(buf, 1, len, f);
	fclose(f);
}

/* Give one file its plain content back. */
static void
fuzz_plain(size_t i)
{
	const char	*t = fuzz_plain_text[i] != NULL ? fuzz_plain_text[i] : "0\n";

	fuzz_write(i, t, strlen(t));
}

/* Remove one entry of the tree, deepest first. */
static int
fuzz_remove(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

/* The tree gone at the end of the run. */
static void
fuzz_tree_free(void)
{
	nftw(fuzz_root, fuzz_remove, 16, FTW_DEPTH | FTW_PHYS);
}

/* The tree, made once; name tells the harnesses' scratch roots apart. */
static void
fuzz_tree_init(const char *name)
{
	size_t	i;

	snprintf(fuzz_root, sizeof fuzz_root, "%s/smtscope-fuzz-%s.XXXXXX",
	    access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", name);
	if (mkdtemp(fuzz_root) == NULL)
		__builtin_trap();
	atexit(fuzz_tree_free);
	for (i = 0; i < FUZZ_NFILES; i++)
		fuzz_plain(i);
}

#endif
