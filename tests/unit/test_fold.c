/*
 * test_fold.c: fold_line() folds at words and list commas, two past the
 * line's indent, and keeps a process's name with its pid ("cc1 (3866)"):
 * run's Why line read "others: cc1" at the end of one line and "(3866)"
 * alone at the start of the next.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "report/fold.h"
#include "tap.h"

/* The line folded at width, in a string; the caller frees it. */
static char *
folded(const char *line, int width)
{
	FILE	*f = tmpfile();
	char	*out = xcalloc(1, 4096);

	if (f == NULL)
		return out;
	fold_line(f, line, strlen(line), width);
	rewind(f);
	out[fread(out, 1, 4095, f)] = '\0';
	fclose(f);
	return out;
}

/* The widest line of a text, in characters. */
static int
widest(const char *t)
{
	const char	*nl;
	int		 w, m = 0;

	for (; *t != '\0'; t = nl + 1) {
		if ((nl = strchr(t, '\n')) == NULL)
			nl = t + strlen(t);
		if ((w = fold_width(t, (size_t)(nl - t))) > m)
			m = w;
		if (*nl == '\0')
			break;
	}
	return m;
}

int
main(void)
{
	char	*out;

	/* w35d's line: "(32208)" had gone alone to the next line. */
	out = folded("  hash#1   32% x n/a x  80%  -68 %: got 32 % of its CPU; others: "
	    "hash#2, python3 (32208)", 80);
	ok(strcmp(out, "  hash#1   32% x n/a x  80%  -68 %: got 32 % of its CPU; others: "
	    "hash#2,\n    python3 (32208)\n") == 0, "a name and its pid folded together: %s",
	    out);
	free(out);
	out = folded("  fp#3     26% x n/a x  93%  -74 %: got 26 % of its CPU; others: cc1 "
	    "(32573), cc1 (32734), smtscope (32694)", 80);
	ok(strstr(out, "\n    (") == NULL && strstr(out, "cc1 (32573)") != NULL &&
	    strstr(out, "cc1 (32734)") != NULL && strstr(out, "smtscope (32694)") != NULL &&
	    widest(out) <= 80, "three names with their pids, within 80: %s", out);
	free(out);
	/* w44b: "3% of CPU" with "1" on the next line. */
	out = folded("  unclear: others' work disturbed the figures: cc1 (4242) 3% of CPU 1", 68);
	ok(strstr(out, "CPU\n") == NULL && strstr(out, "CPU 1") != NULL && widest(out) <= 68,
	    "a CPU kept with its number: %s", out);
	free(out);
	/* The capacity scan's plan read "windows of 0.30" and "s or less" on the next line. */
	out = folded("Plan: int alone on 132 CPUs, 3 interleaved rounds, one CPU per cache group at "
	    "once (2 at a time), each sampled core's first thread: 198 windows of 0.30 s or less", 80);
	ok(strstr(out, "0.30\n") == NULL && strstr(out, "0.30 s") != NULL && widest(out) <= 80,
	    "a figure kept with its unit: %s", out);
	free(out);
	out = folded("aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnn 100 %, "
	    "then 2 rounds", 72);
	ok(strstr(out, "100\n") == NULL && strstr(out, "100 %,") != NULL,
	    "'100 %%,' kept together: %s", out);
	free(out);
	/* A figure before a word that is not a unit folds: "3 rounds", "2 seconds". */
	out = folded("aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn 3 "
	    "seconds", 72);
	ok(strcmp(out, "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm "
	    "nnnn 3\n  seconds\n") == 0, "'3 seconds' is no figure and unit: %s", out);
	free(out);
	/* Words in parentheses that are not a pid still fold at their space. */
	out = folded("aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm "
	    "nnnn (about 3 s)", 72);
	ok(strcmp(out, "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm "
	    "nnnn\n  (about 3 s)\n") == 0, "'(about' is not a pid: a break before it: %s",
	    out);
	free(out);
	/* A list folds after its commas; the rest indented two past the line's. */
	out = folded("    CPUs 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,"
	    "23,24,25,26,27", 50);
	ok(widest(out) <= 50 && strstr(out, ",\n      ") != NULL, "a list folded at a "
	    "comma, indented 6: %s", out);
	free(out);
	/* A line within the width is as it was. */
	out = folded("smtscope (4242) 50% of CPU 1", 80);
	ok(strcmp(out, "smtscope (4242) 50% of CPU 1\n") == 0, "a short line as is");
	free(out);
	return tap_done();
}
