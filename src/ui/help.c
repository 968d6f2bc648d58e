/*
 * help.c: the help's text, wrapped by words to the box it is read in: what
 * the figures mean, then the keys, then the counters; a term or a key in a
 * column of its own, its text wrapped beside it. A replay has its own keys
 * (replayview_help()). Pure: no curses.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "engine/solo.h"
#include "ui/countersview.h"
#include "ui/help.h"
#include "ui/layout.h"
#include "ui/replayview.h"
#include "ui/state.h"
#include "ui/why.h"
#include "engine/kernels/kernel.h"
#include "engine/loads.h"

_Static_assert(SOLO_RETRIES == 3, "the help says a solo is measured again 3 times at most");

/* An entry: a term or key and its text; a NULL key is a heading, "" a paragraph. */
struct help_entry {
	const char	*key;
	const char	*text;
};

static const struct help_entry help_terms[] = {
	{ NULL, "What the figures mean" },
	{ "SPEED", "the load's rate / its solo rate, measured alone on its core with the "
	    "other loads held: 100% runs as fast as alone." },
	{ "SHARE", "the part of the wall time the load ran on a CPU." },
	{ "EFF", "SPEED / (SHARE / solo share): speed per CPU-second against alone, the "
	    "solo share being the part of the time it ran alone." },
	{ "~ before", "SOLO, SPEED, EFF: the solo was disturbed (it ran under 90% of the "
	    "time, or others used over 10% of a CPU on its core); measured again once "
	    "its core is quiet, 3 times at most." },
	{ "? in", "SPEED, EFF: unknown: past physics (faster beside others than alone, or "
	    "loads time-sharing a CPU doing more than its work), or above 100% of a "
	    "disturbed solo; the info lines say why, whole, and so does this help first." },
	{ "* in", "SPEED, EFF: its CPU's capacity moved while the load ran: a step in its "
	    "rate past its spread, held two refreshes, with nothing in view (no load "
	    "started, stopped, moved or paused; others' work, steal and its share "
	    "unchanged). The figure is then taken against what the CPU gives now; the "
	    "WHY says how much of its baseline that is and why: its clock (clock 3.1 -> "
	    "2.4 GHz), the host under a hypervisor, or unexplained. A new solo ends it." },
	{ "~ after", "a load's name: a floating load (the kernel places it); b after it: "
	    "the second end of a pipe." },
	{ "WHY", "why the load runs as it does: its speed's cause first, then whom it "
	    "shares a CPU, a core or a cache with. The column shows the cause's first "
	    "words; an ellipsis (\342\200\246 or ...) says there is more: the info lines "
	    "above the status line show the cursor's load's reason whole, and this help "
	    "begins with it." },
	{ "+N", "after the loads on a CPU's row: N more loads run there than the row "
	    "names." },
	{ "Grid", "a cell per core: its first CPU's number, then a mark per CPU: its busy "
	    "level \302\267 \342\226\201 to \342\226\210 (ASCII . _ , - = + * # @) in "
	    "the colour of what used it most; * a load runs on it, ~ a floating load; "
	    "with i, the digit of the idle state most of its idle went to, h held." },
	{ "Tree", "package, NUMA node, caches, core, its CPUs; a CPU's row: its bar, busy "
	    "percent, clock, the loads on it." },
	{ "each core:", "a core's own caches, outermost first as lstopo stacks them (L2 + "
	    "L1d data + L1i instructions), said once for the cores below it that have the "
	    "same; the info line names the cursor's core's where there is room." },
	{ "Bars", "smtscope's user time, its system time, then others' (the shade: other "
	    "processes, interrupts, steal); without colors # user, = system, o others. "
	    "A view of another machine: user, nice, system, irq, softirq, steal as "
	    "# + = * * ~." },
	{ "Meters", "a package's, NUMA node's or cache's bar: the average of its CPUs, "
	    "shown when every one of them is measured." },
	{ "Chart", "each load's SPEED over time, a thin line of braille dots (2 by 4 a "
	    "cell), a colour each that no verdict uses, named at its end with its last "
	    "speed; the dotted row is 100%. The axis starts at launch and widens until "
	    "the window is full; on it S started, M moved, B its sibling started, s "
	    "solo measured. Below: the busy levels of the cursor's core's CPUs, and a "
	    "floating load's CPU (0-9, then a-z). Without loads: each CPU's busy "
	    "history. C hides it." },
	{ "^ v", "more rows above or below the view: PgUp PgDn, Home End." },
	{ NULL, NULL }
};

static const struct help_entry help_keys[] = {
	{ "", "" },
	{ NULL, "Keys" },
	{ "Arrows, h j k l", "move the cursor over logical CPUs" },
	{ "PgUp PgDn Home End", "move by a page, to the first or last CPU" },
	{ "a or Enter", "start a load on the cursor's CPU (menu of kernels)" },
	{ "m", "move the load at the cursor: choose a CPU, Enter" },
	{ "Space", "pause or resume the load at the cursor" },
	{ "d or Delete", "stop the load at the cursor" },
	{ "D", "stop all loads" },
	{ "Tab", "select the next load (the cursor follows it)" },
	{ "c", "measure the solo rates again (others pause 1 s each)" },
	{ "v", "switch between the tree and the grid" },
	{ "#", "go to a CPU: its number, or a place (core:3.pu:1)" },
	{ "f", "the grid shows every CPU, only those with loads, only busy ones (10% or "
	    "more), or only the cursor's package" },
	{ "a, Left Right", "in the menu, Left Right choose where: the cursor's CPU, or a "
	    "load on each thread of its core, each CPU of its package, each core's first "
	    "thread, every allowed CPU" },
	{ "L", "core-to-core latency heatmap (measured in the background)" },
	{ "C", "show or hide the time chart (where rows are spare)" },
	{ "i", "idle residency column: each state's share, - held" },
	{ "S", "write the screen as SVG (smtscope-DATE.svg, --snapshot)" },
	{ "R", "record, R stops it (smtscope-DATE.jsonl.gz, --record)" },
	{ "t", "next theme" },
	{ "n", "next step of a tour" },
	{ "? or F1", "this help; arrows, PgUp PgDn, Home End scroll it, Esc closes it" },
	{ "q or F10", "quit (every load stops)" },
	{ "Mouse", "click a CPU, a load, or a menu entry; wheel scrolls" },
	{ "", "" },
	{ NULL, "Counters and sensors" },
	{ "IPC, GHz", "(and MPKI when wide): the load's perf counters; they need a PMU "
	    "(most VMs hide it) and kernel.perf_event_paranoid <= 2 or CAP_PERFMON." },
	{ "MHz", "a cpufreq driver." },
	{ "Temperature", "coretemp or k10temp (modprobe)." },
	{ "Watts", "RAPL's energy_uj, readable by root only." },
	{ NULL, NULL }
};

/* Room for the lines while they are made. */
struct help_out {
	char	(*lines)[HELP_LINE];
	int	 n, max, width;
};

/* One entry: its key in a column of keyw, its text wrapped beside it. */
static void
help_entry(struct help_out *o, const char *key, int keyw, const char *text)
{
	char	wrapped[HELP_MAX_LINES][512];
	int	i, n, indent = key != NULL && key[0] != '\0' ? keyw : 0;

	if (key == NULL) {
		if (o->n < o->max)
			snprintf(o->lines[o->n++], HELP_LINE, "%s", text);
		return;
	}
	n = layout_wrap(text, o->width - indent, wrapped, HELP_MAX_LINES);
	if (n == 0 && o->n < o->max)
		o->lines[o->n++][0] = '\0';
	for (i = 0; i < n && o->n < o->max; i++)
		snprintf(o->lines[o->n++], HELP_LINE, "%-*.40s%.200s", indent, i == 0 ? key : "",
		    wrapped[i]);
}

/* A list of entries, keys in a column as wide as the widest and two blanks; that width. */
static int
help_list(struct help_out *o, const struct help_entry *e)
{
	int	i, keyw = 0, w;

	for (i = 0; e[i].key != NULL || e[i].text != NULL; i++)
		if (e[i].key != NULL && (w = layout_width(e[i].key) + 2) > keyw)
			keyw = w;
	if (keyw > o->width / 3)
		keyw = o->width / 3;
	for (i = 0; e[i].key != NULL || e[i].text != NULL; i++)
		help_entry(o, e[i].key, keyw, e[i].text);
	return keyw;
}

/*
 * A replay's help lines ("Space              pause or play"): a key in its
 * first 19 columns when they end in blanks, the rest its text.
 */
static void
help_replay(struct help_out *o)
{
	const char *const	*l = replayview_help();
	char			 key[32];
	int			 i, k;

	for (i = 0; l[i] != NULL; i++) {
		if (strlen(l[i]) > 19 && l[i][17] == ' ' && l[i][18] == ' ' && l[i][19] != ' ') {
			snprintf(key, sizeof key, "%.19s", l[i]);
			for (k = 18; k > 0 && key[k] == ' '; k--)
				key[k] = '\0';
			help_entry(o, key, 19, l[i] + 19);
		} else
			help_entry(o, "", 0, l[i]);
	}
}

/* The cursor's load's reason, whole, first: the WHY column shows its first words. */
static void
help_why(struct help_out *o, const struct ui_state *st)
{
	struct load	*l;
	char		 head[128], why[1024];

	if (st->replay != NULL || (l = state_target(st)) == NULL)
		return;
	snprintf(head, sizeof head, "Why %s#%d on CPU %d runs as it does", l->spec.k->name,
	    l->id, state_cursor_os(st));
	help_entry(o, NULL, 0, head);
	why_text(st, l, why, sizeof why);
	help_entry(o, "", 0, why);
	help_entry(o, "", 0, "");
}

/* The help's lines for a width; how many. */
int
help_lines(const struct ui_state *st, int width, char lines[][HELP_LINE], int max)
{
	struct help_out	o = { lines, 0, max, width };
	char		why[512];
	int		keyw;

	if (width < 20)
		width = o.width = 20;
	help_why(&o, st);
	/* A replay's own keys first: they are what differs. */
	if (st->replay != NULL) {
		help_replay(&o);
		help_entry(&o, "", 0, "");
		help_list(&o, help_terms);
		return o.n;
	}
	help_list(&o, help_terms);
	keyw = help_list(&o, help_keys);
	if (countersview_header_form(st->cv, 3, why, sizeof why))
		help_entry(&o, "Here", keyw, why);
	return o.n;
}

/* The help's lines in its box, scrolled to the state's line (never past the last page). */
void
help_place(struct ui_layout *lay, const struct ui_state *st)
{
	if (st->sel.mode != UI_HELP || lay->scr.too_small)
		return;
	lay->help_n = help_lines(st, lay->help.w - 4, lay->help_line, HELP_MAX_LINES);
	lay->help_top = st->sel.help_top;
	if (lay->help_top > lay->help_n - lay->help_page)
		lay->help_top = lay->help_n - lay->help_page;
	if (lay->help_top < 0)
		lay->help_top = 0;
}
