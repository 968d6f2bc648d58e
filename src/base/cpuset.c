/* cpuset.c: a set of logical CPUs by OS index. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpuset.h"

/* Empty the set. */
void
cpuset_zero(struct cpuset *s)
{
	memset(s, 0, sizeof *s);
}

/* Add a CPU; out of range is ignored. */
void
cpuset_set(struct cpuset *s, int cpu)
{
	if (cpu >= 0 && cpu < CPUSET_MAX)
		s->w[cpu / 64] |= 1ULL << (cpu % 64);
}

/* Is the CPU a member? */
int
cpuset_isset(const struct cpuset *s, int cpu)
{
	if (cpu < 0 || cpu >= CPUSET_MAX)
		return 0;
	return (s->w[cpu / 64] >> (cpu % 64)) & 1;
}

/* Number of members. */
int
cpuset_count(const struct cpuset *s)
{
	int	i, n = 0;

	for (i = 0; i < CPUSET_MAX / 64; i++)
		n += __builtin_popcountll(s->w[i]);
	return n;
}

/* Same members? */
int
cpuset_equal(const struct cpuset *a, const struct cpuset *b)
{
	return memcmp(a->w, b->w, sizeof a->w) == 0;
}

/* First member at or after from, or -1. */
int
cpuset_next(const struct cpuset *s, int from)
{
	int		i;
	uint64_t	w;

	if (from < 0)
		from = 0;
	for (i = from / 64; i < CPUSET_MAX / 64; i++) {
		w = s->w[i];
		if (i == from / 64)
			w &= ~0ULL << (from % 64);
		if (w != 0)
			return i * 64 + __builtin_ctzll(w);
	}
	return -1;
}

/* Read a CPU number in [0, CPUSET_MAX) from *p, advancing it. */
static int
cpuset_number(const char **p, int *out)
{
	long	v = 0;

	if (!isdigit((unsigned char)**p))
		return -1;
	while (isdigit((unsigned char)**p)) {
		v = v * 10 + (**p - '0');
		if (v >= CPUSET_MAX)
			return -1;
		(*p)++;
	}
	*out = (int)v;
	return 0;
}

/* Parse a CPU list ("0-3,8"). */
int
cpuset_parse(struct cpuset *s, const char *str, char *err, size_t errlen)
{
	const char	*p = str;
	int		 a, b, i;

	cpuset_zero(s);
	if (*p == '\0') {
		snprintf(err, errlen, "empty CPU list");
		return -1;
	}
	for (;;) {
		if (cpuset_number(&p, &a) == -1)
			goto bad;
		b = a;
		if (*p == '-') {
			p++;
			if (cpuset_number(&p, &b) == -1 || b < a)
				goto bad;
		}
		for (i = a; i <= b; i++)
			cpuset_set(s, i);
		if (*p == '\0')
			return 0;
		if (*p++ != ',')
			goto bad;
	}
bad:
	/* A refused list leaves no half-filled set behind. */
	cpuset_zero(s);
	snprintf(err, errlen, "bad CPU list '%s' (expected e.g. 0-3,8; CPUs below %d)",
	    str, CPUSET_MAX);
	return -1;
}

/* Format as a compact list. */
void
cpuset_format(const struct cpuset *s, char *buf, size_t len)
{
	size_t	used = 0;
	int	a, b, n;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (a = cpuset_next(s, 0); a != -1; a = cpuset_next(s, b + 1)) {
		b = a;
		while (cpuset_isset(s, b + 1))
			b++;
		if (b == a)
			n = snprintf(buf + used, len - used, "%s%d", used ? "," : "", a);
		else
			n = snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", a, b);
		if (n < 0 || (size_t)n >= len - used) {
			buf[len - 1] = '\0';
			return;
		}
		used += (size_t)n;
	}
}
