/*
 * compose.c: lines made of elements, fitted to a width: each element steps
 * to its next shorter form, or out, by its priority, until the line fits;
 * what was dropped is counted as "+N"; a line that still does not fit ends
 * at a word with an ellipsis, never in the middle of one. Pure: no curses.
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/compose.h"
#include "ui/layout.h"

/* An empty line. */
void
compose_init(struct compose *c, int utf8)
{
	c->n = 0;
	c->dropped = 0;
	c->width = 0;
	c->ellipsis = utf8 ? "\342\200\246" : "...";
	c->more = NULL;
}

/* The dropped marked by the ellipsis, not counted. */
void
compose_more_ellipsis(struct compose *c)
{
	c->more = c->ellipsis;
}

/* Is an element ended at a word (it carries the ellipsis already)? */
static int
compose_clipped(const struct compose *c)
{
	int	i;

	for (i = 0; i < c->n; i++)
		if (c->e[i].pick >= 0 && c->e[i].clip >= 0)
			return 1;
	return 0;
}

/* What stands for the dropped elements, with its blank: " +3", " ..."; "" for none. */
const char *
compose_more_text(const struct compose *c, char *buf, size_t len)
{
	if (c->dropped == 0 || (c->more != NULL && compose_clipped(c)))
		snprintf(buf, len, "%s", "");
	else if (c->more != NULL)
		snprintf(buf, len, " %s", c->more);
	else
		snprintf(buf, len, " +%d", c->dropped);
	return buf;
}

/* Add an element, its forms longest first and NULL after the last. */
int
compose_add(struct compose *c, int attr, int shrink, int drop, int flags, ...)
{
	struct compose_elem	*e;
	const char		*s;
	va_list			 ap;

	if (c->n == COMPOSE_MAX)
		return -1;
	e = &c->e[c->n];
	memset(e, 0, sizeof *e);
	e->attr = attr;
	e->shrink = shrink;
	e->drop = drop;
	e->flags = flags;
	e->clip = -1;
	va_start(ap, flags);
	while ((s = va_arg(ap, const char *)) != NULL)
		if (e->nforms < COMPOSE_FORMS)
			e->form[e->nforms++] = s;
	va_end(ap);
	if (e->nforms == 0)
		e->form[e->nforms++] = "";
	return c->n++;
}

/* Columns of what stands for the dropped, with its blank. */
static int
compose_more_w(const struct compose *c)
{
	char	buf[32];

	return layout_width(compose_more_text(c, buf, sizeof buf));
}

/* Columns of an element as it stands (0 dropped). */
static int
compose_elem_w(const struct compose *c, const struct compose_elem *e)
{
	char	buf[1024];

	if (e->pick < 0)
		return 0;
	if (e->clip < 0)
		return layout_width(e->form[e->pick]);
	snprintf(buf, sizeof buf, "%.*s%s", e->clip, e->form[e->pick], c->ellipsis);
	return layout_width(buf);
}

/* Does element i show text (shown, not a separator, not empty)? */
static int
compose_shows(const struct compose *c, int i)
{
	const struct compose_elem	*e = &c->e[i];

	return !(e->flags & COMPOSE_SEP) && e->pick >= 0 && e->form[e->pick][0] != '\0';
}

/*
 * Show each separator only between two elements that show text, one of a
 * run of separators with nothing between them: the first.
 */
static void
compose_seps(struct compose *c)
{
	int	i, j, before = 0, after;

	for (i = 0; i < c->n; i++) {
		if (!(c->e[i].flags & COMPOSE_SEP)) {
			before |= compose_shows(c, i);
			continue;
		}
		for (after = 0, j = i + 1; j < c->n && !after; j++)
			after = compose_shows(c, j);
		c->e[i].pick = before && after ? 0 : -1;
		if (before && after)
			before = 0;
	}
}

/* Columns of the line as it stands. */
static int
compose_total(struct compose *c)
{
	int	i, w = 0;

	compose_seps(c);
	c->dropped = 0;
	for (i = 0; i < c->n; i++) {
		if (c->e[i].pick < 0)
			c->dropped += (c->e[i].flags & COMPOSE_COUNTED) != 0;
		w += compose_elem_w(c, &c->e[i]);
	}
	return w + compose_more_w(c);
}

/* The element whose turn it is to shorten or go: the lowest priority, the later on a tie. */
static int
compose_next(const struct compose *c)
{
	const struct compose_elem	*e;
	int				 i, best = -1, bp = INT_MAX, p;

	for (i = 0; i < c->n; i++) {
		e = &c->e[i];
		if (e->pick < 0 || (e->flags & COMPOSE_TIED))
			continue;
		if (e->pick + 1 < e->nforms)
			p = e->shrink;
		else if (e->drop > 0)
			p = e->drop;
		else
			continue;
		if (p <= bp) {
			best = i;
			bp = p;
		}
	}
	return best;
}

/* The last element still shown, ended at a word so that the line takes at most width. */
static void
compose_clip(struct compose *c, int width)
{
	struct compose_elem	*e;
	const char		*s;
	int			 i, over, keep, w, cols, last;
	size_t			 b;

	for (i = c->n - 1; i >= 0; i--)
		if (c->e[i].pick >= 0 && (c->e[i].flags & COMPOSE_CLIP))
			break;
	if (i < 0)
		for (i = c->n - 1; i >= 0 && c->e[i].pick < 0; i--)
			;
	if (i < 0)
		return;
	e = &c->e[i];
	s = e->form[e->pick];
	/* With the ellipsis for the dropped, the clip's own ellipsis stands for them. */
	over = compose_total(c) - width - (c->more != NULL ? compose_more_w(c) : 0);
	keep = layout_width(s) - over - layout_width(c->ellipsis);
	/* The bytes of the first keep columns, back to the last blank in them. */
	last = 0;
	for (b = 0, cols = 0; s[b] != '\0' && cols <= keep; b++) {
		if (((unsigned char)s[b] & 0xc0) == 0x80)
			continue;
		if (s[b] == ' ' && cols > 0 && cols <= keep)
			last = (int)b;
		cols++;
	}
	w = last;
	while (w > 0 && (s[w - 1] == ' ' || s[w - 1] == ',' || s[w - 1] == ';' ||
	    s[w - 1] == ':'))
		w--;
	e->clip = w;
	if (w == 0)
		e->pick = -1;
}

/* Take element i's next step: its next form, or out with the elements tied to it. */
static void
compose_step(struct compose *c, int i, int pick)
{
	c->e[i].pick = pick;
	for (i++; i < c->n && (c->e[i].flags & COMPOSE_TIED); i++)
		c->e[i].pick = pick == -1 ? -1 : 0;
}

/*
 * Would showing counted element i leave a gap: a counted element before it,
 * in the same run of counted ones, dropped? A list ("; shares L3 with
 * hash#2, int#3") is cut from its end only, never shown without its head.
 */
static int
compose_gap(const struct compose *c, int i)
{
	if (!(c->e[i].flags & COMPOSE_COUNTED))
		return 0;
	for (i--; i >= 0 && (c->e[i].flags & COMPOSE_COUNTED); i--)
		if (c->e[i].pick < 0)
			return 1;
	return 0;
}

/*
 * Fit the line to width columns: steps by priority until it fits, then
 * the steps undone again, the most important first, where they still fit
 * (a message shortened may leave room for a hint dropped before it).
 */
int
compose_fit(struct compose *c, int width)
{
	int	i, w, nlog = 0, log[COMPOSE_MAX * COMPOSE_FORMS], old;

	for (i = 0; i < c->n; i++) {
		c->e[i].pick = 0;
		c->e[i].clip = -1;
	}
	while ((w = compose_total(c)) > width && (i = compose_next(c)) != -1) {
		if (nlog < COMPOSE_MAX * COMPOSE_FORMS)
			log[nlog++] = i;
		compose_step(c, i, c->e[i].pick + 1 < c->e[i].nforms ? c->e[i].pick + 1 : -1);
	}
	if (w > width) {
		compose_clip(c, width);
		/* What still does not fit is not drawn at all, from the last. */
		for (i = c->n - 1; (w = compose_total(c)) > width && i >= 0; i--)
			c->e[i].pick = -1;
		c->width = w;
		return w;
	}
	while (nlog-- > 0) {
		i = log[nlog];
		old = c->e[i].pick;
		if (old == -1 && compose_gap(c, i))
			continue;
		compose_step(c, i, old == -1 ? c->e[i].nforms - 1 : old - 1);
		if (compose_total(c) > width)
			compose_step(c, i, old);
	}
	c->width = w = compose_total(c);
	return w;
}

/* The text of element i as fitted. */
const char *
compose_part(const struct compose *c, int i, char *buf, size_t len)
{
	const struct compose_elem	*e = &c->e[i];

	if (e->pick < 0) {
		snprintf(buf, len, "%s", "");
		return buf;
	}
	if (e->clip >= 0)
		snprintf(buf, len, "%.*s%s", e->clip, e->form[e->pick], c->ellipsis);
	else
		snprintf(buf, len, "%s", e->form[e->pick]);
	return buf;
}

/* The element after which "+N" goes: the last one shown up to the last counted one. */
int
compose_more_after(const struct compose *c)
{
	int	i, last = -1;

	if (c->dropped == 0)
		return -2;
	for (i = 0; i < c->n; i++)
		if (c->e[i].flags & COMPOSE_COUNTED)
			last = i;
	for (i = last; i >= 0; i--)
		if (c->e[i].pick >= 0)
			return i;
	return -1;
}

/* The fitted line as text. */
void
compose_text(const struct compose *c, char *buf, size_t len)
{
	char	part[1024], more[32];
	size_t	used = 0;
	int	i, after = compose_more_after(c);

	if (len == 0)
		return;
	buf[0] = '\0';
	compose_more_text(c, more, sizeof more);
	if (after == -1)
		used += (size_t)snprintf(buf, len, "%s", more[0] != '\0' ? more + 1 : "");
	for (i = 0; i < c->n && used < len; i++) {
		used += (size_t)snprintf(buf + used, len - used, "%s",
		    compose_part(c, i, part, sizeof part));
		if (i == after && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s", more);
	}
}
