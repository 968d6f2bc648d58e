/* lview.c: the loads as the screen shows them, one entry a load, by id. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ui/lview.h"
#include "base/util.h"

/* A load's figures, or NULL. */
const struct ui_loadview *
lview_find(const struct ui_lview *lv, int id)
{
	int	i;

	for (i = 0; i < lv->n; i++)
		if (lv->lv[i].id == id)
			return &lv->lv[i];
	return NULL;
}

/* A load's figures, made on first use. */
struct ui_loadview *
lview_get(struct ui_lview *lv, int id)
{
	struct ui_loadview	*v;
	int			 i;

	for (i = 0; i < lv->n; i++)
		if (lv->lv[i].id == id)
			return &lv->lv[i];
	if (lv->n == lv->cap) {
		lv->cap = lv->cap ? lv->cap * 2 : 16;
		lv->lv = xreallocarray(lv->lv, (size_t)lv->cap, sizeof *lv->lv);
	}
	v = &lv->lv[lv->n++];
	memset(v, 0, sizeof *v);
	v->id = id;
	v->rate = v->solo = v->solo_share = v->speed = v->share = v->eff = NAN;
	v->solo_foreign = v->solo_spread = NAN;
	v->fresh = 1;
	drift_load_init(&v->drift);
	return v;
}

/* Forget a load's figures. */
void
lview_drop(struct ui_lview *lv, int id)
{
	int	i;

	for (i = 0; i < lv->n; i++) {
		if (lv->lv[i].id == id) {
			memmove(&lv->lv[i], &lv->lv[i + 1],
			    (size_t)(lv->n - i - 1) * sizeof lv->lv[0]);
			lv->n--;
			return;
		}
	}
}

/* Release the entries. */
void
lview_free(struct ui_lview *lv)
{
	free(lv->lv);
	lv->lv = NULL;
	lv->n = lv->cap = 0;
}
