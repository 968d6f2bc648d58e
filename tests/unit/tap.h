/* tap.h: a tiny TAP producer for unit tests; each test is one program. */
#ifndef SMTSCOPE_TAP_H
#define SMTSCOPE_TAP_H

#include <stdio.h>
#include <stdlib.h>

static int tap_n, tap_failed;

/* Record one assertion: prints "ok N - what" or "not ok N - what". */
#define ok(cond, ...) do {						\
	int tap_c = (cond) ? 1 : 0;					\
	printf("%sok %d - ", tap_c ? "" : "not ", ++tap_n);		\
	printf(__VA_ARGS__);						\
	printf("\n");							\
	if (!tap_c) {							\
		tap_failed++;						\
		printf("#   failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	}								\
	fflush(stdout);							\
} while (0)

/* Record a skipped assertion with the reason. */
#define skip(...) do {							\
	printf("ok %d # skip ", ++tap_n);				\
	printf(__VA_ARGS__);						\
	printf("\n");							\
	fflush(stdout);							\
} while (0)

/* Print the plan and return the exit status for main(). */
static inline int
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
