/* test_compose.c: lines of elements fitted to a width (ui/compose.c). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "ui/compose.h"

/* The line as text after fitting to width. */
static const char *
fitted(struct compose *c, int width)
{
	static char	buf[1024];

	compose_fit(c, width);
	compose_text(c, buf, sizeof buf);
	return buf;
}

/* Forms and priorities: the lowest goes first, a tie the later one. */
static void
forms(void)
{
	struct compose	c;

	compose_init(&c, 0);
	compose_add(&c, 0, 0, 0, 0, "smtscope", NULL);
	compose_add(&c, 0, 1, 4, 0, ": Intel Xeon E5 (Ivy Bridge)", ": Intel Xeon E5", NULL);
	compose_add(&c, 0, 3, 0, 0, "  12 packages, 96 cores", "  12p 96c", NULL);
	ok(strcmp(fitted(&c, 80), "smtscope: Intel Xeon E5 (Ivy Bridge)  12 packages, 96 cores")
	    == 0, "all long where it fits: %s", fitted(&c, 80));
	ok(strcmp(fitted(&c, 46), "smtscope: Intel Xeon E5  12 packages, 96 cores") == 0,
	    "the lowest priority shortens first: %s", fitted(&c, 46));
	ok(strcmp(fitted(&c, 32), "smtscope: Intel Xeon E5  12p 96c") == 0,
	    "then the next: %s", fitted(&c, 32));
	ok(strcmp(fitted(&c, 20), "smtscope  12p 96c") == 0,
	    "then the droppable one goes: %s", fitted(&c, 20));
	ok(c.width <= 20, "the width fitted is within the width (%d)", c.width);
}

/* Counted elements go from the last, and say how many went as "+N". */
static void
counted(void)
{
	struct compose	c;

	compose_init(&c, 0);
	compose_add(&c, 0, 0, 0, 0, "shares CPU 0", NULL);
	compose_add(&c, 0, 0, 2, COMPOSE_COUNTED, " with fp#2", NULL);
	compose_add(&c, 0, 0, 1, COMPOSE_COUNTED, ", cc1 (6347) 13%", NULL);
	compose_add(&c, 0, 0, 1, COMPOSE_COUNTED, ", make (77) 9%", NULL);
	ok(strcmp(fitted(&c, 80), "shares CPU 0 with fp#2, cc1 (6347) 13%, make (77) 9%") == 0,
	    "whole: %s", fitted(&c, 80));
	ok(strcmp(fitted(&c, 41), "shares CPU 0 with fp#2, cc1 (6347) 13% +1") == 0,
	    "the last neighbour counted: %s", fitted(&c, 41));
	ok(strcmp(fitted(&c, 26), "shares CPU 0 with fp#2 +2") == 0,
	    "two counted: %s", fitted(&c, 26));
	ok(strcmp(fitted(&c, 20), "shares CPU 0 +3") == 0, "the head stays: %s",
	    fitted(&c, 20));
}

/*
 * A reason's dropped clauses are marked by the ellipsis, never a count (a
 * "+3" after a WHY reads as a figure); a first clause that does not fit
 * ends at a word, with one ellipsis only (issue 36).
 */
static void
ellipsis(void)
{
	struct compose	c;

	compose_init(&c, 0);
	compose_more_ellipsis(&c);
	compose_add(&c, 0, 0, 0, COMPOSE_CLIP, "shares CPU 0", NULL);
	compose_add(&c, 0, 0, 2, COMPOSE_COUNTED, " with fp#2", NULL);
	compose_add(&c, 0, 0, 1, COMPOSE_COUNTED, ", cc1 (6347) 13%", NULL);
	ok(strcmp(fitted(&c, 80), "shares CPU 0 with fp#2, cc1 (6347) 13%") == 0,
	    "whole: %s", fitted(&c, 80));
	ok(strcmp(fitted(&c, 30), "shares CPU 0 with fp#2 ...") == 0,
	    "a clause left out: the ellipsis, no count: %s", fitted(&c, 30));
	ok(strcmp(fitted(&c, 10), "shares...") == 0, "its first words: %s",
	    fitted(&c, 10));
	ok(strchr(fitted(&c, 20), '+') == NULL, "never a +N: %s", fitted(&c, 20));
}

/*
 * A run of counted elements is cut from its end only: a short neighbour
 * never comes back after the clause that names its relation went.
 */
static void
suffix(void)
{
	struct compose	c;

	compose_init(&c, 0);
	compose_add(&c, 0, 0, 0, 0, "alone on its core", NULL);
	compose_add(&c, 0, 0, 1, COMPOSE_COUNTED, "; shares L3 with spin#1", NULL);
	compose_add(&c, 0, 0, 1, COMPOSE_COUNTED, ", hash#2", NULL);
	compose_add(&c, 0, 0, 1, COMPOSE_COUNTED, ", int#3", NULL);
	ok(strcmp(fitted(&c, 80), "alone on its core; shares L3 with spin#1, hash#2, int#3")
	    == 0, "whole: %s", fitted(&c, 80));
	ok(strcmp(fitted(&c, 51), "alone on its core; shares L3 with spin#1, hash#2 +1")
	    == 0, "the last goes first: %s", fitted(&c, 51));
	ok(strcmp(fitted(&c, 28), "alone on its core +3") == 0,
	    "no neighbour shown without its clause (room for \", hash#2\"): %s",
	    fitted(&c, 28));
}

/*
 * Separators show only between two elements that show text, one of a run:
 * the info line's counters and its CPU's time.
 */
static void
separators(void)
{
	struct compose	c;
	const char	*counters = "hash#1, 818 cs/s";

	compose_init(&c, 0);
	compose_add(&c, 0, 0, 0, 0, "CPU 0: core 0", NULL);
	compose_add(&c, 0, 0, 0, COMPOSE_SEP, "  ", NULL);
	compose_add(&c, 0, 0, 2, 0, counters, NULL);
	compose_add(&c, 0, 0, 0, COMPOSE_SEP, "; ", NULL);
	compose_add(&c, 0, 0, 0, 0, "busy 42%", NULL);
	ok(strcmp(fitted(&c, 80), "CPU 0: core 0  hash#1, 818 cs/s; busy 42%") == 0,
	    "between: %s", fitted(&c, 80));
	ok(strcmp(fitted(&c, 30), "CPU 0: core 0  busy 42%") == 0,
	    "the counters dropped, one separator of the two: %s", fitted(&c, 30));
	c.e[4].form[0] = "";
	ok(strcmp(fitted(&c, 80), "CPU 0: core 0  hash#1, 818 cs/s") == 0,
	    "nothing after: no '; ' at the end: %s", fitted(&c, 80));
	c.e[2].form[0] = "";
	ok(strcmp(fitted(&c, 80), "CPU 0: core 0") == 0, "both empty: none: %s",
	    fitted(&c, 80));
}

/* A key and its word go together; what stays (? help, q quit) stays. */
static void
tied(void)
{
	struct compose	c;

	compose_init(&c, 0);
	compose_add(&c, 0, 0, 2, 0, "a", NULL);
	compose_add(&c, 0, 0, 0, COMPOSE_TIED, " start ", NULL);
	compose_add(&c, 0, 0, 1, 0, "m", NULL);
	compose_add(&c, 0, 0, 0, COMPOSE_TIED, " move ", NULL);
	compose_add(&c, 0, 0, 0, 0, "?", NULL);
	compose_add(&c, 0, 0, 0, COMPOSE_TIED, " help ", NULL);
	compose_add(&c, 0, 0, 0, 0, "q", NULL);
	compose_add(&c, 0, 0, 0, COMPOSE_TIED, " quit ", NULL);
	ok(strcmp(fitted(&c, 22), "a start ? help q quit ") == 0, "m move went whole: %s",
	    fitted(&c, 22));
	ok(strcmp(fitted(&c, 14), "? help q quit ") == 0, "the kept ones stay: %s",
	    fitted(&c, 14));
}

/* Nothing fits: the clipped element ends at a word, with an ellipsis. */
static void
clipped(void)
{
	struct compose	c;
	const char	*s;

	compose_init(&c, 0);
	compose_add(&c, 0, 0, 0, COMPOSE_CLIP, "int#3's solo is marked ~ and more words", NULL);
	compose_add(&c, 0, 0, 0, 0, "  q quit", NULL);
	s = fitted(&c, 30);
	ok(strcmp(s, "int#3's solo is marked...  q quit") != 0 && c.width <= 30,
	    "within the width (%d): %s", c.width, s);
	ok(strcmp(s, "int#3's solo is...  q quit") == 0, "ends at a word: %s", s);
	compose_init(&c, 1);
	compose_add(&c, 0, 0, 0, 0, "supercalifragilistic", NULL);
	s = fitted(&c, 10);
	ok(c.width <= 10 && strstr(s, "supercal") == NULL,
	    "a word longer than the width is not cut: \"%s\"", s);
}

int
main(void)
{
	forms();
	counted();
	ellipsis();
	suffix();
	separators();
	tied();
	clipped();
	return tap_done();
}
