/* kernels.c: the list of loads, found by name, and what each one is. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "engine/kernels/kernel.h"
#include "engine/kernels/kernels_internal.h"

/* Order is the order `smtscope kernels` lists them in. */
const struct kernel *const kernel_all[] = {
	&kernel_hash,
	&kernel_int,
	&kernel_fp,
	&kernel_spin,
	&kernel_chase,
	&kernel_stream,
	&kernel_pipe,
	&kernel_fork,
	NULL
};

/* Find a kernel by its exact name; NULL if there is none. */
const struct kernel *
kernel_find(const char *name)
{
	const struct kernel *const	*k;

	if (name == NULL)
		return NULL;
	for (k = kernel_all; *k != NULL; k++) {
		if (strcmp((*k)->name, name) == 0)
			return *k;
	}
	return NULL;
}

/* Convert a rate in work units per second to the kernel's displayed unit. */
double
kernel_display(const struct kernel *k, double rate)
{
	if (!(rate > 0))
		return 0;
	if (k->higher_is_better)
		return rate * k->scale;
	return k->scale / rate;
}

/* Would a load of this kernel use its whole CPU alone? */
int
kernel_cpu_bound(const struct kernel *k)
{
	return k != NULL && !k->blocks;
}

/* Close the descriptors a parser made, in the supervisor once all ends run. */
void
kernel_param_close(struct kernel_param *p)
{
	size_t	i;

	for (i = 0; i < sizeof p->fd / sizeof p->fd[0]; i++) {
		if (p->fd[i] >= 0)
			close(p->fd[i]);
		p->fd[i] = -1;
	}
}
