/* cmd_kernels.c: `smtscope kernels`, the synthetic loads with their units and parameters. */
#include "config.h"

#include <stdio.h>

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

/* `smtscope kernels`: one line per kernel, then how a load is written. */
static int
cmd_kernels_exec(int argc, char **argv)
{
	const struct kernel	*k;
	struct cmd_args		 a;
	int			 i, rc;

	if ((rc = cmd_args_parse(&a, &cmd_kernels_entry, argc, argv)) != CMD_GO)
		return rc;
	printf("%-8s %-10s %-6s %-24s %s\n", "KERNEL", "UNIT", "BETTER", "PARAMETER",
	    "WHAT IT DOES");
	for (i = 0; (k = kernel_all[i]) != NULL; i++)
		printf("%-8s %-10s %-6s %-24s %s\n", k->name, k->unit,
		    k->higher_is_better ? "higher" : "lower",
		    k->param_help != NULL ? k->param_help : "-", k->desc);
	printf("\nA load is KERNEL[:PARAM]@WHERE: WHERE is a CPU (3), a topology place "
	    "(core:1.pu:0),\na set where the load floats (0-3, all), or for pipe two "
	    "CPUs (pipe@0,1).\n");
	return CMD_OK;
}
