/* cmd_topo.c: `smtscope topo`, the tree printed headless. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cpuinfo.h"
#include "topo.h"
#include "util.h"

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
	if (topo_is_live(m)) {
		fprintf(f, ", SMT %s", cpuinfo_smt_name(ci.smt));
		if (ci.hypervisor[0])
			fprintf(f, ", under %s", ci.hypervisor);
	}
	fputc('\n', f);
}

/* `smtscope topo [--json] [-i FILE.xml|SYNTHETIC]`. */
int
cmd_topo(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "input", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct topo	*m;
	const char	*input = NULL;
	char		 err[512];
	int		 json = 0, ch;

	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":ji:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'j':
			json = 1;
			break;
		case 'i':
			input = optarg;
			break;
		case 'h':
			printf("usage: smtscope topo [--json] [-i FILE.xml|SYNTHETIC]\n"
			    "\n"
			    "Print the CPU topology: packages, NUMA nodes, cache groups, cores\n"
			    "and their logical CPUs (by OS index), and which CPUs this process\n"
			    "may use.\n"
			    "\n"
			    "  -i, --input FILE.xml|SYNTHETIC  another machine: an hwloc XML file\n"
			    "                                  or a synthetic description such as\n"
			    "                                  \"package:2 core:4 pu:2\"\n"
			    "  --json                          one JSON object with a summary and\n"
			    "                                  the whole tree\n");
			return CMD_OK;
		case ':':
			return cmd_usage_error("topo", "option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			return cmd_usage_error("topo", "unknown option '%s' (see smtscope topo --help)",
			    argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cmd_usage_error("topo", "unexpected argument '%s'", argv[optind]);
	if (input != NULL)
		m = topo_load_input(input, err, sizeof err);
	else
		m = topo_load_live(err, sizeof err);
	if (m == NULL)
		return cmd_usage_error("topo", "%s", err);
	if (json)
		topo_print_json(m, stdout);
	else {
		cmd_topo_identity(m, stdout);
		topo_print_text(m, stdout);
	}
	topo_free(m);
	return CMD_OK;
}
