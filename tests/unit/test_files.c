/*
 * test_files.c: the one output writer (base/safefile.c), the one input
 * opener (base/infile.c) and the one search path (base/xdg.c): a planted
 * link, a FIFO, a device, another file's hard link are never written
 * through or read; a file is written whole or not at all.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/infile.h"
#include "base/safefile.h"
#include "base/util.h"
#include "base/xdg.h"
#include "tap.h"

static char	test_dir[] = "/tmp/smtscope-test-files.XXXXXX";

/* A path in the test's directory. */
static const char *
test_path(const char *name)
{
	static char	buf[4][512];
	static int	k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", test_dir, name);
	return buf[k];
}

/* Write text to path with plain stdio (a file of the test's own). */
static void
test_put(const char *path, const char *text)
{
	FILE	*f = fopen(path, "w");

	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

/* The whole (small) text of a file, or "" if none. */
static const char *
test_get(const char *path)
{
	static char	buf[256];
	FILE		*f = fopen(path, "r");
	size_t		 n = 0;

	if (f != NULL) {
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

/* How many entries the test's directory holds (a temporary left over shows). */
static int
test_entries(void)
{
	char	cmd[600];
	FILE	*p;
	int	n = -1;

	snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", test_dir);
	if ((p = popen(cmd, "r")) != NULL) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		pclose(p);
	}
	return n;
}

/* SAFEFILE_REPLACE: whole or nothing, and never through a link or into a device. */
static void
test_replace(void)
{
	struct safefile	sf;
	char		err[8192];
	int		n0;

	test_put(test_path("victim"), "root's own\n");
	n0 = test_entries();
	ok(safefile_open(&sf, test_path("out"), SAFEFILE_REPLACE, err, sizeof err) == 0,
	    "a new file opens");
	fputs("one\n", sf.f);
	ok(access(test_path("out"), F_OK) == -1, "it is not there before it is complete");
	ok(safefile_close(&sf, 1, err, sizeof err) == 0 &&
	    strcmp(test_get(test_path("out")), "one\n") == 0, "then there, whole");
	safefile_open(&sf, test_path("out"), SAFEFILE_REPLACE, err, sizeof err);
	fputs("two\n", sf.f);
	safefile_close(&sf, 1, err, sizeof err);
	ok(strcmp(test_get(test_path("out")), "two\n") == 0, "an existing file is replaced");
	safefile_open(&sf, test_path("out"), SAFEFILE_REPLACE, err, sizeof err);
	fputs("three\n", sf.f);
	safefile_close(&sf, 0, err, sizeof err);
	ok(strcmp(test_get(test_path("out")), "two\n") == 0 && test_entries() == n0 + 1,
	    "not kept: the old file stays, no temporary is left");
	symlink(test_path("victim"), test_path("link"));
	ok(safefile_open(&sf, test_path("link"), SAFEFILE_REPLACE, err, sizeof err) == -1 &&
	    strstr(err, "link: a symbolic link") != NULL &&
	    strcmp(test_get(test_path("victim")), "root's own\n") == 0,
	    "a planted link is refused, naming it (%s); its target untouched", err);
	ok(safefile_open(&sf, "/dev/null", SAFEFILE_REPLACE, err, sizeof err) == -1 &&
	    strstr(err, "/dev/null: not a regular file") != NULL,
	    "a device is refused, not replaced: %s", err);
	ok(safefile_open(&sf, test_dir, SAFEFILE_REPLACE, err, sizeof err) == -1 &&
	    strstr(err, "a directory") != NULL, "a directory is refused: %s", err);
	ok(safefile_open(&sf, test_path("no/such/x"), SAFEFILE_REPLACE, err,
	    sizeof err) == -1 && strstr(err, "no/such/x: No such file") != NULL,
	    "a missing directory names the path: %s", err);
	ok(safefile_probe(test_path("probe"), err, sizeof err) == 0 &&
	    access(test_path("probe"), F_OK) == -1 && test_entries() == n0 + 2,
	    "a probe leaves nothing");
	safefile_open(&sf, test_path("dying"), SAFEFILE_REPLACE, err, sizeof err);
	safefile_cleanup();
	ok(test_entries() == n0 + 2, "a death's cleanup removes the temporary");
	fclose(sf.f);
	ok(safefile_open(&sf, "", SAFEFILE_REPLACE, err, sizeof err) == -1,
	    "an empty name is refused: %s", err);
}

/* SAFEFILE_NEW, SAFEFILE_GROW and unique names. */
static void
test_new_grow(void)
{
	struct safefile	sf;
	char		err[8192], stem[512];
	int		fd;

	test_put(test_path("taken"), "mine\n");
	ok(safefile_open(&sf, test_path("taken"), SAFEFILE_NEW, err, sizeof err) == -1 &&
	    strstr(err, "exists") != NULL, "NEW refuses an existing file: %s", err);
	ok(safefile_open(&sf, test_path("link"), SAFEFILE_NEW, err, sizeof err) == -1,
	    "NEW refuses a link: %s", err);
	ok(safefile_open(&sf, test_path("grow"), SAFEFILE_GROW, err, sizeof err) == 0,
	    "GROW creates");
	fputs("line 1\n", sf.f);
	fflush(sf.f);
	ok(strcmp(test_get(test_path("grow")), "line 1\n") == 0,
	    "GROW writes in place: readable as it grows");
	safefile_close(&sf, 1, err, sizeof err);
	ok(safefile_open(&sf, test_path("grow"), SAFEFILE_GROW, err, sizeof err) == 0 &&
	    strcmp(test_get(test_path("grow")), "") == 0,
	    "GROW empties a file of ours to write it again");
	safefile_close(&sf, 0, err, sizeof err);
	ok(access(test_path("grow"), F_OK) == -1, "not kept: removed");
	ok(safefile_open(&sf, test_path("link"), SAFEFILE_GROW, err, sizeof err) == -1 &&
	    strstr(err, "a symbolic link") != NULL &&
	    strcmp(test_get(test_path("victim")), "root's own\n") == 0,
	    "GROW refuses a planted link (%s); its target untouched", err);
	link(test_path("victim"), test_path("hard"));
	ok(safefile_open(&sf, test_path("hard"), SAFEFILE_GROW, err, sizeof err) == -1 &&
	    strstr(err, "other links") != NULL &&
	    strcmp(test_get(test_path("victim")), "root's own\n") == 0,
	    "GROW refuses a hard link to another file: %s", err);
	mkfifo(test_path("fifo"), 0600);
	ok(safefile_open(&sf, test_path("fifo"), SAFEFILE_GROW, err, sizeof err) == -1 &&
	    strstr(err, "not a regular file") != NULL, "GROW refuses a FIFO at once: %s", err);
	snprintf(stem, sizeof stem, "%s/dated", test_dir);
	test_put(test_path("dated.txt"), "taken\n");
	symlink(test_path("victim"), test_path("dated-2.txt"));
	ok(safefile_open_unique(&sf, stem, ".txt", SAFEFILE_NEW, err, sizeof err) == 0 &&
	    strcmp(sf.path, test_path("dated-3.txt")) == 0,
	    "a default name passes over a file and a planted link: %s", sf.path);
	fputs("x\n", sf.f);
	safefile_close(&sf, 1, err, sizeof err);
	ok(strcmp(test_get(test_path("victim")), "root's own\n") == 0 &&
	    strcmp(test_get(test_path("dated.txt")), "taken\n") == 0,
	    "and writes neither");
	fd = open(test_path("dated-3.txt"), O_RDONLY);
	ok(fd != -1, "the new name is there");
	if (fd != -1)
		close(fd);
}

/* The input opener: regular files only, at once, capped. */
static void
test_infile(void)
{
	char		 err[8192], *buf;
	const char	*line;
	size_t		 len, off = 0, n;
	uint64_t	 t0;
	int		 fd, lines = 0;

	test_put(test_path("in"), "a\nbb\n\nccc");
	buf = infile_read(test_path("in"), "a test", 100, &len, err, sizeof err);
	ok(buf != NULL && len == 9 && buf[9] == '\0', "a regular file is read whole");
	while (buf != NULL && infile_line(buf, len, &off, &line, &n))
		lines++;
	ok(lines == 4, "four lines, the last without a newline (%d)", lines);
	free(buf);
	ok(infile_read(test_path("in"), "a test", 8, &len, err, sizeof err) == NULL &&
	    strstr(err, "too large for a test") != NULL, "over the cap: %s", err);
	t0 = util_now_ns();
	fd = infile_open(test_path("fifo"), "a test", 100, err, sizeof err);
	ok(fd == -1 && strstr(err, "fifo: a FIFO") != NULL &&
	    util_now_ns() - t0 < 2 * UTIL_NSEC_PER_SEC, "a FIFO is refused at once: %s", err);
	ok(infile_read("/dev/zero", "a test", 100, &len, err, sizeof err) == NULL &&
	    strstr(err, "/dev/zero: a device") != NULL, "a device: %s", err);
	ok(infile_read(test_dir, "a test", 100, &len, err, sizeof err) == NULL &&
	    strstr(err, "a directory") != NULL, "a directory: %s", err);
	ok(infile_read(test_path("none"), "a test", 100, &len, err, sizeof err) == NULL &&
	    errno == ENOENT && strstr(err, "none: No such file") != NULL,
	    "a missing file: ENOENT, %s", err);
}

/* One search path: XDG's rules, relative variables ignored. */
static void
test_xdg(void)
{
	char	dirs[XDG_DIRS_MAX][XDG_DIR_LEN], buf[512];
	int	n;

	setenv("XDG_CONFIG_HOME", "/x/conf", 1);
	setenv("HOME", "/home/u", 1);
	ok(xdg_home(XDG_CONFIG, "smtscoperc", buf, sizeof buf) == 0 &&
	    strcmp(buf, "/x/conf/smtscope/smtscoperc") == 0, "XDG_CONFIG_HOME: %s", buf);
	setenv("XDG_CONFIG_HOME", "rel", 1);
	ok(xdg_home(XDG_CONFIG, "themes", buf, sizeof buf) == 0 &&
	    strcmp(buf, "/home/u/.config/smtscope/themes") == 0,
	    "a relative XDG_CONFIG_HOME is ignored: %s", buf);
	unsetenv("XDG_DATA_HOME");
	n = xdg_dirs(XDG_DATA, "tours", "/build", "doc/tours", dirs, XDG_DIRS_MAX);
	ok(n == 3 && strcmp(dirs[0], "/home/u/.local/share/smtscope/tours") == 0 &&
	    strcmp(dirs[1], "/build/doc/tours") == 0 &&
	    strcmp(dirs[2], SMTSCOPE_DATADIR "/tours") == 0,
	    "tours: the user's, the build tree's, the installed (%s)", dirs[0]);
	setenv("HOME", "relative", 1);
	n = xdg_dirs(XDG_DATA, "tours", NULL, "doc/tours", dirs, XDG_DIRS_MAX);
	ok(n == 1 && strcmp(dirs[0], SMTSCOPE_DATADIR "/tours") == 0,
	    "no absolute HOME, no executable's tree: the installed only");
	ok(xdg_home(XDG_CONFIG, "smtscoperc", buf, sizeof buf) == -1,
	    "and no settings file");
}

int
main(void)
{
	char	cmd[600];

	if (mkdtemp(test_dir) == NULL) {
		skip("no temporary directory");
		return tap_done();
	}
	test_replace();
	test_new_grow();
	test_infile();
	test_xdg();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", test_dir);
	return tap_done();
}
