/* cpuset.h: a set of logical CPUs by OS index, as a plain value. */
#ifndef SMTSCOPE_CPUSET_H
#define SMTSCOPE_CPUSET_H

#include <stddef.h>
#include <stdint.h>

#define CPUSET_MAX	4096

struct cpuset {
	uint64_t	w[CPUSET_MAX / 64];
};

void	cpuset_zero(struct cpuset *);
void	cpuset_set(struct cpuset *, int);
int	cpuset_isset(const struct cpuset *, int);
int	cpuset_count(const struct cpuset *);
int	cpuset_equal(const struct cpuset *, const struct cpuset *);
/* First member at or after from, or -1. */
int	cpuset_next(const struct cpuset *, int from);
/* Parse a list such as "0-3,8,10-11"; -1 with a message on error. */
int	cpuset_parse(struct cpuset *, const char *, char *err, size_t errlen);
/* Format as a compact list ("0-3,8"); "" when empty. */
void	cpuset_format(const struct cpuset *, char *, size_t);

#define CPUSET_FOREACH(cpu, set) \
	for ((cpu) = cpuset_next((set), 0); (cpu) != -1; (cpu) = cpuset_next((set), (cpu) + 1))

#endif
