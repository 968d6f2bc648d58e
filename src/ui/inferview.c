/* inferview.c: the marks of a `check --infer` result (--infer-from FILE) on the screen. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "exp/infer/infer.h"
#include "ui/inferview.h"
#include "ui/layout.h"

/* Is a pair worth a mark: a clear call that the topology does not report? */
static int
inferview_marked(const struct infer_mark *k)
{
	return k->clear && k->agrees == 0;
}

/* The short word of a class for the tree. */
static const char *
inferview_word(enum infer_class c)
{
	switch (c) {
	case INFER_SAME_PU:
		return "same";
	case INFER_SMT:
		return "sib";
	default:
		return "apart";
	}
}

/* A CPU's mark for the tree, or 0. */
int
inferview_cpu(const struct infer_mark *marks, int nmarks, int os, int utf8, char *buf,
    size_t len)
{
	const struct infer_mark	*k;
	size_t			 used = 0;
	int			 i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < nmarks && used < len; i++) {
		k = &marks[i];
		if (!inferview_marked(k) || (k->a != os && k->b != os) || k->a == k->b)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s%s %d", n ? " " : "",
		    utf8 ? "\u2504" : ":", inferview_word(k->cls), k->a == os ? k->b : k->a);
		n++;
	}
	return n > 0;
}

/* The cursor's CPU: its measured pairs with their evidence, or 0. */
int
inferview_info(const struct infer_mark *marks, int nmarks, int os, char *buf, size_t len)
{
	const struct infer_mark	*k;
	size_t			 used = 0;
	int			 i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < nmarks && used < len; i++) {
		k = &marks[i];
		if (k->a != os && k->b != os)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%smeasured with CPU %d: %s%s "
		    "(%s)%s", n ? "; " : "", k->a == os ? k->b : k->a,
		    k->clear ? "" : "unclear, ", infer_class_name(k->cls), k->evidence,
		    inferview_marked(k) ? ", unlike the topology" : "");
		n++;
	}
	return n > 0;
}

/* The legend, the longest form that fits room columns (the last one else). */
int
inferview_legend(const struct infer_mark *marks, int nmarks, int utf8, int room, char *buf,
    size_t len)
{
	const char	*mark = utf8 ? "\u2504" : ":";
	int		 i, n = 0;

	for (i = 0; i < nmarks; i++)
		n += inferview_marked(&marks[i]);
	buf[0] = '\0';
	if (nmarks == 0)
		return 0;
	if (n == 0) {
		snprintf(buf, len, "check --infer: as reported");
		if (layout_width(buf) > room)
			snprintf(buf, len, "--infer: ok");
		return 1;
	}
	snprintf(buf, len, "%s check --infer: %d pair%s unlike the topology", mark, n,
	    n == 1 ? "" : "s");
	if (layout_width(buf) > room)
		snprintf(buf, len, "%s --infer: %d unlike topology", mark, n);
	if (layout_width(buf) > room)
		snprintf(buf, len, "%s --infer: %d", mark, n);
	return 1;
}
