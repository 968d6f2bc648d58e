/* cmd_topo.c: `smtscope topo`, the tree printed headless. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/safefile.h"
#include "cmd/cmd.h"
#include "exp/record/loadmap.h"
#include "model/cpuinfo.h"
#include "model/machine.h"
#include "model/topo.h"
#include "report/reports.h"

static int	cmd_topo_exec(int, char **);

#define CMD_TOPO_SVG	0x301
#define CMD_TOPO_LOADS	0x302

static const struct cmd_option cmd_topo_opts[] = {
	{ CMD_OPT_JSON, "json", no_argument, NULL, "one JSON object with a summary and "
	    "the whole tree" },
	{ CMD_OPT_CSV, "csv", no_argument, NULL, "one row per object of the tree, with "
	    "its parent, size and unit, and CPUs" },
	{ 'i', "input", required_argument, "FILE.xml|SYNTHETIC", "another machine: an "
	    "hwloc XML file or a synthetic description such as \"package:2 core:4 pu:2\"" },
	{ CMD_TOPO_SVG, "svg", required_argument, "FILE", "also draw the machine as "
	    "nested boxes to FILE, for slides: packages, NUMA nodes, shared caches, cores "
	    "with their threads by OS number" },
	{ CMD_TOPO_LOADS, "loads", required_argument, "FILE", "with --svg: the loads "
	    "of a recording (smtscope record) or a run result (run --json) in the box "
	    "of each CPU they were pinned to, with their speed and its mark as the file "
	    "gives them; a file from another machine needs that machine's XML (-i)" },
	{ 0, NULL, 0, NULL, NULL }
};

const struct cmd_entry cmd_topo_entry = {
	.name = "topo",
	.usage = "[--json|--csv] [-i FILE.xml|SYNTHETIC] [--svg FILE]\n"
	    "                     [--loads FILE]",
	.summary = "print the CPU topology tree (text, --json or --csv)",
	.options = cmd_topo_opts,
	.maxargs = 0,
	.about =
	    "Print the CPU topology: packages, NUMA nodes, cache groups, cores\n"
	    "and their logical CPUs (by OS index), and which CPUs this process\n"
	    "may use.\n",
	.exec = cmd_topo_exec
};

/* Print the CPU identity line: this machine's, or the one stored in the XML. */
static void
cmd_topo_identity(const struct topo *m, FILE *f)
{
	struct cpuinfo	ci;

	if (topo_is_live(m)) {
		if (cpuinfo_read(&ci, NULL) != 0)
			return;
	} else
		cpuinfo_from_topology(&ci, m->cpu_vendor, m->cpu_model);
	if (m->source == TOPO_SYNTHETIC) {
		fprintf(f, "CPU: none (a synthetic topology: \"%s\")\n", m->source_name);
		return;
	}
	if (ci.brand[0] == '\0' && ci.vendor[0] == '\0') {
		fprintf(f, "CPU: identity not recorded in %s\n", m->source_name);
		return;
	}
	fprintf(f, "CPU: %s", ci.brand[0] ? ci.brand : "unknown model");
	if (ci.vendor[0])
		fprintf(f, " (%s", ci.vendor);
	if (ci.codename[0])
		fprintf(f, ", %s", ci.codename);
	if (ci.family >= 0)
		fprintf(f, ", family %d model %d stepping %d", ci.family, ci.model,
		    ci.stepping);
	if (ci.vendor[0])
		fputc(')', f);
	if (topo_is_live(m) && ci.hypervisor[0])
		fprintf(f, ", under %s", ci.hypervisor);
	fputc('\n', f);
}

/* --loads FILE: its loads, read and checked against the machine drawn; CMD_OK. */
static int
cmd_topo_loads(const char *file, const struct topo *m, struct loadmap *lm)
{
	struct machine	*mc;
	char		 err[4600];
	int		 rc;

	if (*file == '\0')
		return cmd_usage_error("topo", "--loads: the file name is empty");
	if (loadmap_read(lm, file, m, err, sizeof err) == -1)
		return cmd_usage_error("topo", "--loads: %s", err);
	mc = xcalloc(1, sizeof *mc);
	machine_fill(mc, m, NULL, NULL);
	rc = loadmap_check(lm, m, mc->hostname, err, sizeof err);
	free(mc);
	if (rc == -1) {
		loadmap_free(lm);
		return cmd_usage_error("topo", "--loads: %s", err);
	}
	return CMD_OK;
}

/* --svg FILE: the machine as boxes, titled with its name and counts; --loads on it. */
static int
cmd_topo_svg(struct cmd_args *a, const struct topo *m)
{
	const char	*path = cmd_args_get(a, CMD_TOPO_SVG), *src = m->source_name;
	const char	*loads = cmd_args_get(a, CMD_TOPO_LOADS);
	struct loadmap	 lm;
	char		 title[512], model[256], err[512];
	size_t		 n;
	int		 rc;

	if (path == NULL && loads != NULL)
		return cmd_usage_error("topo", "--loads draws on the picture: give --svg "
		    "FILE too");
	if (path == NULL)
		return CMD_OK;
	if (*path == '\0')
		return cmd_usage_error("topo", "--svg: the file name is empty");
	if (safefile_probe(path, err, sizeof err) == -1)
		return cmd_usage_error("topo", "--svg: %s", err);
	if (loads != NULL && (rc = cmd_topo_loads(loads, m, &lm)) != CMD_OK)
		return rc;
	if (strrchr(src, '/') != NULL)
		src = strrchr(src, '/') + 1;
	snprintf(model, sizeof model, "%s", m->cpu_model != NULL ? m->cpu_model : src);
	for (n = strlen(model); n > 0 && model[n - 1] == ' '; n--)
		model[n - 1] = '\0';
	snprintf(title, sizeof title, "%s: %d package%s, %d cores, %d CPUs (by OS number)",
	    model,
	    m->summary.packages, m->summary.packages == 1 ? "" : "s", m->summary.cores,
	    m->summary.pus);
	rc = topo_svg_write(m, title, loads != NULL ? &lm : NULL, path, err, sizeof err);
	if (loads != NULL)
		loadmap_free(&lm);
	if (rc == -1) {
		fprintf(stderr, "smtscope: topo: %s\n", err);
		return CMD_FAIL;
	}
	return CMD_OK;
}

/* `smtscope topo [--json|--csv] [-i FILE.xml|SYNTHETIC] [--svg FILE]`. */
static int
cmd_topo_exec(int argc, char **argv)
{
	struct cmd_args	 a;
	struct topo	*m;
	const char	*input;
	enum report_format	 fmt;
	char		 err[512];
	int		 rc;

	if ((rc = cmd_args_parse(&a, &cmd_topo_entry, argc, argv)) != CMD_GO)
		return rc;
	if (cmd_args_format(&a, &fmt) != 0)
		return CMD_USAGE;
	if ((input = cmd_args_get(&a, 'i')) != NULL)
		m = topo_load_input(input, err, sizeof err);
	else
		m = topo_load_live(err, sizeof err);
	if (m == NULL)
		return cmd_usage_error("topo", "%s", err);
	if ((rc = cmd_topo_svg(&a, m)) != CMD_OK) {
		topo_free(m);
		return rc;
	}
	switch (fmt) {
	case REPORT_JSON:
		topo_print_json(m, stdout);
		break;
	case REPORT_CSV:
		topo_print_csv(m, stdout);
		break;
	case REPORT_TEXT:
		cmd_topo_identity(m, stdout);
		topo_print_text(m, stdout);
		break;
	}
	topo_free(m);
	return CMD_OK;
}
