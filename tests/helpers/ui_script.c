/* ui_script.c: drive the live screen through its step API, as a tour does. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui/ui.h"

static int	script_id = -1;

/* One step of the script; returns the delay to the next, or a UI_STEP_ code. */
static int
script_step(struct ui *ui, void *arg)
{
	static int		 n;
	struct ui_figures	 f;
	struct cpuset		 set;
	char			 err[256];

	(void)arg;
	switch (n++) {
	case 0:
		ui_caption(ui, "Step 1: a hash load on CPU 0, alone");
		if ((script_id = ui_load_start(ui, "hash@0", 1, err, sizeof err)) == -1) {
			ui_caption(ui, err);
			return UI_STEP_DONE;
		}
		cpuset_zero(&set);
		cpuset_set(&set, 0);
		ui_highlight(ui, &set);
		return 100;
	case 1:
		if (ui_measuring(ui)) {
			n--;	/* wait for its solo rate */
			return 100;
		}
		ui_load_figures(ui, script_id, &f);
		ui_caption(ui, isfinite(f.solo) && f.solo > 0 ?
		    "Step 2: solo rate measured; moved to CPU 1 (press n)" :
		    "Step 2: no solo rate");
		if (ui_load_move(ui, script_id, 1, -1, err, sizeof err) == -1)
			ui_caption(ui, err);
		ui_cursor(ui, 1);
		ui_view(ui, 1);
		return UI_STEP_KEY;
	case 2:
		ui_caption(ui, "Step 3: the end");
		ui_highlight(ui, NULL);
		ui_view(ui, 0);
		ui_message(ui, 0, "script over");
		return 1000;
	default:
		return UI_STEP_QUIT;
	}
}

/* Run the screen with the script as its step function. */
int
main(int argc, char **argv)
{
	struct ui_options	o;

	(void)argc;
	(void)argv;
	setlocale(LC_ALL, "");
	memset(&o, 0, sizeof o);
	o.delay_tenths = 2;
	o.step = script_step;
	return ui_run(&o);
}
