/* test_ui_layout.c: the screen's layout, computed apart from drawing. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "model/topo.h"
#include "ui/chart.h"
#include "ui/layout.h"
#include "ui/state.h"

#define TOPOS	"../shared/topologies/"

/* Every CPU has a spot, and the spot finds its CPU again. */
static int
round_trip(const struct layout *l, int npus)
{
	int	i;

	for (i = 0; i < npus; i++)
		if (l->spots[i].row < 0 || layout_pu_at(l, l->spots[i].row,
		    l->spots[i].x) != i)
			return i;
	return -1;
}

/* The fewest and most cells on a grid row that has cells. */
static void
cells_per_row(const struct layout *l, int *min, int *max)
{
	int	i;

	*min = 1 << 30;
	*max = 0;
	for (i = 0; i < l->nrows; i++) {
		if (l->rows[i].ncells == 0)
			continue;
		if (l->rows[i].ncells < *min)
			*min = l->rows[i].ncells;
		if (l->rows[i].ncells > *max)
			*max = l->rows[i].ncells;
	}
}

/* Rows whose text holds a string. */
static int
rows_with(const struct layout *l, const char *what)
{
	int	i, n = 0;

	for (i = 0; i < l->nrows; i++)
		n += strstr(l->rows[i].text, what) != NULL;
	return n;
}

/* Real machines at 80 columns: groups kept on a row, NUMA nodes and Groups shown. */
static void
real_grids(void)
{
	struct layout	 l;
	struct topo	*m;
	char		 err[256];
	int		 lo, hi;

	memset(&l, 0, sizeof l);
	if ((m = topo_load_xml(TOPOS "intel-xeon-e5-4620v2-ivybridge-12s.xml", err,
	    sizeof err)) == NULL) {
		skip("../shared/topologies is absent");
		return;
	}
	layout_build(&l, m, LAYOUT_GRID, 80, 1);
	cells_per_row(&l, &lo, &hi);
	ok(lo == 8 && hi == 8 && round_trip(&l, m->npus) == -1,
	    "192 CPUs at 80 columns: each L3's 8 cores on one row (%d..%d)", lo, hi);
	topo_free(m);
	m = topo_load_xml(TOPOS "intel-xeon-6140-skylake-2s.xml", err, sizeof err);
	layout_build(&l, m, LAYOUT_GRID, 80, 1);
	cells_per_row(&l, &lo, &hi);
	ok(lo == 6 && hi == 6, "72 CPUs at 80 columns: 18 cores split evenly, 6 a row");
	topo_free(m);
	m = topo_load_xml(TOPOS "amd-epyc-7451-zen1-2s.xml", err, sizeof err);
	layout_build(&l, m, LAYOUT_GRID, 80, 1);
	ok(rows_with(&l, "NUMA node") == 8 && rows_with(&l, "Group") == 8,
	    "Zen 1: 8 NUMA nodes and 8 Groups shown (%d, %d)", rows_with(&l, "NUMA node"),
	    rows_with(&l, "Group"));
	topo_free(m);
	m = topo_load_xml(TOPOS "huawei-kunpeng920-arm-2s.xml", err, sizeof err);
	layout_build(&l, m, LAYOUT_GRID, 80, 1);
	cells_per_row(&l, &lo, &hi);
	ok(rows_with(&l, "Cluster") == 32 && lo == 4 && hi == 4,
	    "Kunpeng: a row per 4-core cluster (%d rows)", rows_with(&l, "Cluster"));
	layout_free(&l);
	topo_free(m);
}

/* A frame's layout at 80x24 and 120x40: the WHY's room, the chart's rows. */
static void
frames(void)
{
	struct ui_layout	 lay;
	struct ui_state		 st;
	char			 err[256];

	memset(&st, 0, sizeof st);
	memset(&lay, 0, sizeof lay);
	st.host.m = topo_load_synthetic("package:2 core:2 pu:2", err, sizeof err);
	layout_update(&lay, &st, 24, 80, 1);
	ok(80 - lay.panel.why >= LAYOUT_WHY_MIN && lay.panel.share_w == 0 &&
	    lay.panel.eff_w == 0, "80x24: the WHY keeps %d columns; SHARE and EFF go",
	    80 - lay.panel.why);
	layout_update(&lay, &st, 40, 160, 1);
	ok(lay.panel.share_w > 0 && lay.panel.eff_w > 0 && lay.panel.hist_w > 0,
	    "160x40: every column");
	ok(lay.scr.chart_h == 0, "no chart without one");
	st.chart.samples = chart_new(st.host.m->npus);
	st.chart.on = 1;
	layout_update(&lay, &st, 40, 120, 1);
	/* Issue 36: no row the tree spares stays blank: without loads, the CPUs' busy history. */
	ok(lay.scr.chart_h >= LAYOUT_CHART_MIN && lay.scr.chart_y + lay.scr.chart_h ==
	    lay.scr.panel_y, "a chart without loads takes the spare rows (%d)", lay.scr.chart_h);
	/* One sample taken: the chart has something to draw. */
	st.chart.samples->ns = 1;
	layout_update(&lay, &st, 40, 120, 1);
	ok(lay.scr.chart_h >= LAYOUT_CHART_MIN && lay.scr.chart_y > lay.scr.topo_y +
	    lay.topo.nrows - 1 && lay.scr.chart_y + lay.scr.chart_h <= lay.scr.panel_y &&
	    lay.scr.topo_h >= lay.topo.nrows, "120x40: the chart takes the tree's "
	    "spare rows (%d at %d)", lay.scr.chart_h, lay.scr.chart_y);
	st.chart.on = 0;
	layout_update(&lay, &st, 40, 120, 1);
	ok(lay.scr.chart_h == 0, "hidden: no chart rows");
	chart_free(st.chart.samples);
	layout_release(&lay);
	topo_free(st.host.m);
}

/* Every check of the layout, in order. */
int
main(void)
{
	struct layout_screen	 s;
	struct layout		 l;
	struct topo		*m;
	char			 err[256];
	int			 i, bad, w;

	/* Regions. */
	layout_screen(&s, 40, 120, 0, 0);
	ok(!s.too_small && s.header_y == 0 && s.header_h == 2 && s.caption_y == -1,
	    "120x40: two header rows, no caption");
	ok(s.topo_y == 2 && s.status_y == 39 && s.info_y == 38, "status at the bottom");
	ok(s.panel_h == 2 && s.panel_y + s.panel_h == s.info_y,
	    "an empty panel: title and one row, above the info line");
	ok(s.topo_y + s.topo_h == s.panel_y, "the topology fills the rest");
	layout_screen(&s, 40, 120, 1, 50);
	ok(s.caption_y == 2 && s.topo_y == 3, "a caption pushes the topology down");
	ok(s.panel_h - 1 == (40 - 2 - 2 - 1) / 3, "many loads get at most a third");
	layout_screen(&s, 8, 30, 0, 0);
	ok(s.too_small, "30x8 is too small");
	layout_screen(&s, UI_MIN_ROWS, UI_MIN_COLS, 1, 3);
	ok(!s.too_small && s.topo_h >= 3, "the minimum size leaves %d topology rows",
	    s.topo_h);
	layout_screen(&s, UI_MIN_ROWS, UI_MIN_COLS - 1, 0, 0);
	ok(s.too_small, "one column less is too small");

	ok(layout_width("\342\224\234\342\224\200abc") == 5, "UTF-8 width counts characters");

	m = topo_load_synthetic("package:2 core:2 pu:2", err, sizeof err);
	ok(m != NULL, "synthetic topology (%s)", m ? "" : err);
	if (m == NULL)
		return tap_done();

	/* The tree, folded at 120 columns: a core's threads share its row (issue 36). */
	memset(&l, 0, sizeof l);
	layout_build(&l, m, LAYOUT_TREE, 120, 1);
	ok(l.nrows == 7 && l.seg_w > 0 && l.rows[2].pu == 0 && l.rows[2].npu == 2,
	    "120 columns: a row per core, its two threads on it (%d rows)", l.nrows);
	ok(l.spots[1].row == l.spots[0].row && l.spots[1].x == l.cpu_x + l.seg_w &&
	    layout_pu_at(&l, 2, l.cpu_x + l.seg_w + 1) == 1 &&
	    layout_pu_at(&l, 2, l.cpu_x) == 0, "each thread's spot finds it");
	ok(round_trip(&l, m->npus) == -1 && layout_vertical(&l, 0, 1) == 2,
	    "folded: every spot round-trips; down from CPU 0 goes to the next core's");
	/* Unfolded at 80: a row per CPU. */
	layout_build(&l, m, LAYOUT_TREE, 80, 1);
	ok(l.nrows == 11, "tree: NUMA, 2 packages and 8 CPU rows: %d rows", l.nrows);
	ok(strcmp(l.rows[1].text, "Package 0") == 0, "a package row: '%s'", l.rows[1].text);
	ok(strncmp(l.rows[2].text, "\342\224\234\342\224\200Core 0 ", 13) == 0 &&
	    l.rows[2].pu == 0, "the first core row holds CPU 0: '%s'", l.rows[2].text);
	ok(l.rows[3].pu == 1 && l.rows[3].node == -1, "its sibling is on the next row");
	ok(l.rows[2].label_x == 2 && l.rows[2].label_w == 6, "the core label's place");
	bad = 0;
	for (i = 0; i < l.nrows; i++)
		if (l.rows[i].pu >= 0 && l.rows[i].text_w != l.cpu_x)
			bad++;
	ok(bad == 0, "every CPU row's lines end at the CPU column %d", l.cpu_x);
	ok(l.bar_x > l.cpu_x && l.pct_x > l.bar_x + l.bar_w && l.loads_x > l.pct_x &&
	    l.loads_x < 80, "columns in order: CPU, bar, percent, loads");
	ok(round_trip(&l, m->npus) == -1, "tree: every CPU's spot finds it");
	ok(layout_vertical(&l, 0, 1) == 1 && layout_vertical(&l, 1, -1) == 0,
	    "down and up go to the next and previous CPU");
	ok(layout_vertical(&l, 0, -1) == 0 && layout_vertical(&l, 7, 1) == 7,
	    "and stop at the ends");
	ok(layout_pu_at(&l, 0, 0) == -1 && layout_pu_at(&l, 99, 0) == -1,
	    "label rows and rows past the end have no CPU");
	layout_build(&l, m, LAYOUT_TREE, 80, 0);
	ok(strncmp(l.rows[2].text, "|-Core 0 ", 9) == 0, "ASCII tree lines: '%s'",
	    l.rows[2].text);
	for (i = 0; i < l.nrows; i++)
		if (layout_width(l.rows[i].text) != (int)strlen(l.rows[i].text))
			break;
	ok(i == l.nrows, "ASCII rows are pure ASCII");

	/* The grid. */
	layout_build(&l, m, LAYOUT_GRID, 120, 1);
	ok(l.nrows == 4, "grid: a header and a row of cells per package: %d rows", l.nrows);
	ok(l.ncells == 4 && l.rows[1].ncells == 2, "a cell per core, two per row");
	ok(l.spots[0].row == l.spots[1].row && l.spots[1].x > l.spots[0].x &&
	    l.spots[1].x < l.cells[1].x, "siblings side by side in one cell");
	ok(round_trip(&l, m->npus) == -1, "grid: every CPU's spot finds it");
	ok(layout_pu_at(&l, 1, l.cells[1].x) == 2, "a click on a cell's number picks its first CPU");
	ok(layout_vertical(&l, 0, 1) == 4 && layout_vertical(&l, 2, 1) == 6,
	    "down goes to the same column of the next package");
	layout_build(&l, m, LAYOUT_GRID, 12, 1);
	ok(l.nrows == 6 && round_trip(&l, m->npus) == -1, "narrow: cells wrap (%d rows)",
	    l.nrows);
	layout_free(&l);
	topo_free(m);

	/* Seven cores at every width from 12 to 200: rows even (4 and 3, not 5 and 2). */
	m = topo_load_synthetic("package:1 l3cache:1 core:7 pu:1", err, sizeof err);
	for (w = 12; w <= 200; w++) {
		layout_build(&l, m, LAYOUT_GRID, w, 1);
		cells_per_row(&l, &i, &bad);
		if (bad - i > 1)
			break;
	}
	ok(w > 200, "7 cores: rows even at every width (%d..%d at %d columns)", i, bad, w);
	layout_free(&l);
	topo_free(m);
	real_grids();
	frames();

	/* A 384-CPU machine: the grid fits a 40-row screen, the tree does not. */
	m = topo_load_xml("../shared/topologies/amd-epyc-9654-zen4-2s.xml", err, sizeof err);
	if (m == NULL) {
		skip("../shared/topologies is absent");
		skip("../shared/topologies is absent");
		skip("../shared/topologies is absent");
	} else {
		layout_screen(&s, 40, 120, 0, 0);
		layout_build(&l, m, LAYOUT_GRID, 120, 1);
		ok(l.nrows <= s.topo_h, "Zen 4 grid: %d rows fit %d", l.nrows, s.topo_h);
		ok(round_trip(&l, m->npus) == -1, "Zen 4 grid: all 384 CPUs have a spot");
		layout_build(&l, m, LAYOUT_TREE, 120, 1);
		ok(l.nrows > s.topo_h && round_trip(&l, m->npus) == -1,
		    "Zen 4 tree: %d rows, scrolled", l.nrows);
		layout_free(&l);
		topo_free(m);
	}
	return tap_done();
}
