/* test_ui_layout.c: the screen's layout, computed apart from drawing. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "topo.h"
#include "ui/layout.h"

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

/* Every check of the layout, in order. */
int
main(void)
{
	struct layout_screen	 s;
	struct layout		 l;
	struct topo		*m;
	char			 err[256];
	int			 i, bad;

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

	/* The tree. */
	memset(&l, 0, sizeof l);
	layout_build(&l, m, LAYOUT_TREE, 120, 1);
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
	    l.loads_x < 120, "columns in order: CPU, bar, percent, loads");
	ok(round_trip(&l, m->npus) == -1, "tree: every CPU's spot finds it");
	ok(layout_vertical(&l, 0, 1) == 1 && layout_vertical(&l, 1, -1) == 0,
	    "down and up go to the next and previous CPU");
	ok(layout_vertical(&l, 0, -1) == 0 && layout_vertical(&l, 7, 1) == 7,
	    "and stop at the ends");
	ok(layout_pu_at(&l, 0, 0) == -1 && layout_pu_at(&l, 99, 0) == -1,
	    "label rows and rows past the end have no CPU");
	layout_build(&l, m, LAYOUT_TREE, 120, 0);
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
	ok(l.spots[0].row == l.spots[1].row && l.spots[1].x == l.spots[0].x + 2,
	    "siblings side by side in one cell");
	ok(round_trip(&l, m->npus) == -1, "grid: every CPU's spot finds it");
	ok(layout_pu_at(&l, 1, l.cells[1].x) == 2, "a click on a cell's number picks its first CPU");
	ok(layout_vertical(&l, 0, 1) == 4 && layout_vertical(&l, 2, 1) == 6,
	    "down goes to the same column of the next package");
	layout_build(&l, m, LAYOUT_GRID, 12, 1);
	ok(l.nrows == 6 && round_trip(&l, m->npus) == -1, "narrow: cells wrap (%d rows)",
	    l.nrows);
	layout_free(&l);
	topo_free(m);

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
