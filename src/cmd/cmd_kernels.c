/* cmd_kernels.c: `smtscope kernels`, the synthetic loads with their units and parameters. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "engine/kernels/kernel.h"

static int	cmd_kernels_exec(int, char **);

static const struct cmd_option cmd_kernels_opts[] = {
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_kernels_entry = {
	.name = "kernels",
	.usage = "",
	.summary = "list the synthetic loads, their units and parameters",
	.options = cmd_kernels_opts,
	.maxargs = 0,
	.about = "List the synthetic loads with their units and parameters.\n",
	.exec = cmd_kernels_exec
};

/* Columns as wide as their widest cell ("us/round trip" is wider than "MB/s"). */
static void
cmd_kernels_widths(int w[3])
{
	const struct kernel	*k;
	int			 i, n;

	w[0] = 6;		/* KERNEL */
	w[1] = 4;		/* UNIT */
	w[2] = 9;		/* PARAMETER */
	for (i = 0; (k = kernel_all[i]) != NULL; i++) {
		if ((n = (int)strlen(k->name)) > w[0])
			w[0] = n;
		if ((n = (int)strlen(k->unit)) > w[1])
			w[1] = n;
		if ((n = k->param_help != NULL ? (int)strlen(k->param_help) : 1) > w[2])
			w[2] = n;
	}
}

/* `smtscope kernels`: one line per kernel, then how a load is written. */
static int
cmd_kernels_exec(int argc, char **argv)
{
	const struct kernel	*k;
	struct cmd_args		 a;
	int			 i, rc, w[3];

	if ((rc = cmd_args_parse(&a, &cmd_kernels_entry, argc, argv)) != CMD_GO)
		return rc;
	cmd_kernels_widths(w);
	/* Two blanks between columns: a cell's own words are one apart. */
	printf("%-*s  %-*s  %-6s  %-*s  %s\n", w[0], "KERNEL", w[1], "UNIT", "BETTER",
	    w[2], "PARAMETER", "WHAT IT DOES");
	for (i = 0; (k = kernel_all[i]) != NULL; i++)
		printf("%-*s  %-*s  %-6s  %-*s  %s\n", w[0], k->name, w[1], k->unit,
		    k->higher_is_better ? "higher" : "lower", w[2],
		    k->param_help != NULL ? k->param_help : "-", k->desc);
	printf("\nA load is KERNEL[:PARAM]@WHERE: WHERE is a CPU (3), a topology place "
	    "(core:1.pu:0),\na set where the load floats (0-3, all), or for pipe two "
	    "CPUs (pipe@0,1).\n");
	return CMD_OK;
}
