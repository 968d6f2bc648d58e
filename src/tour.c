/* tour.c: scripted demos: the tour file format, place resolution and a player. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis.h"
#include "cmd.h"
#include "kernel.h"
#include "loads.h"
#include "measure.h"
#include "topo.h"
#include "tour.h"
#include "ui/ui.h"
#include "util.h"

#ifndef SMTSCOPE_DATADIR
#define SMTSCOPE_DATADIR "/usr/local/share/smtscope"
#endif

#define TOUR_LINE_MAX		1000
#define TOUR_CAPTION_MAX	4096
#define TOUR_NAMES_MAX		64
#define TOUR_READY_S		30.0	/* a load that has done nothing by then failed */
#define TOUR_POLL_S		0.02

/* ---------------------------------------------------------------- parser */

/* What the parser knows of a load name at the current line. */
struct tour_name {
	char	 name[TOUR_NAME_MAX];
	int	 state;		/* 1 started, 2 stopped */
	int	 line;		/* where it was last started or stopped */
	int	 ends;
};

struct tour_parser {
	const char		*path;
	int			 line;
	char			*err;
	size_t			 errlen;
	struct tour		*t;
	struct tour_step	*step;		/* the open step, or NULL */
	int			 wait_line;	/* the open step's wait, 0 none */
	struct tour_name	 names[TOUR_NAMES_MAX];
	int			 nnames;
};

static const char *const tour_directives = "tour, title, theme, wait, step, "
    "caption, start, stop, move, pause, resume, highlight";

/* Fail with "PATH:LINE: what". */
static int __attribute__((format(printf, 2, 3)))
tour_error(struct tour_parser *tp, const char *fmt, ...)
{
	char	msg[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(tp->err, tp->errlen, "%s:%d: %s", tp->path, tp->line, msg);
	return -1;
}

/* Free a tour and everything in it. */
void
tour_free(struct tour *t)
{
	int	i;

	if (t == NULL)
		return;
	for (i = 0; i < t->nsteps; i++) {
		free(t->steps[i].title);
		free(t->steps[i].caption);
		free(t->steps[i].actions);
	}
	free(t->steps);
	free(t->path);
	free(t->name);
	free(t->title);
	free(t->theme);
	free(t);
}

/* Skip blanks. */
static char *
tour_skip(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Cut blanks at the end in place. */
static void
tour_trim_end(char *s)
{
	size_t	len = strlen(s);

	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		s[--len] = '\0';
}

/* Cut a trailing comment: a # after a blank. */
static void
tour_cut_comment(char *s)
{
	char	*p;

	for (p = s; *p != '\0'; p++) {
		if (*p == '#' && p > s && (p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			break;
		}
	}
	tour_trim_end(s);
}

/* Split into blank-separated words in place; returns the count, -1 if too many. */
static int
tour_split(char *s, char **argv, int max)
{
	int	n = 0;

	for (;;) {
		s = tour_skip(s);
		if (*s == '\0')
			return n;
		if (n == max)
			return -1;
		argv[n++] = s;
		while (*s != '\0' && *s != ' ' && *s != '\t')
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
}

/* A string argument: "quoted" with \" and \\, or the rest of the line. */
static int
tour_string(struct tour_parser *tp, const char *what, char *s, char **out)
{
	char	*o, *p;

	s = tour_skip(s);
	if (*s != '"') {
		tour_trim_end(s);
		if (*s == '\0')
			return tour_error(tp, "%s needs a text, e.g. %s \"Two loads on one core\"",
			    what, what);
		*out = xstrdup(s);
		return 0;
	}
	o = p = s + 1;
	for (;;) {
		if (*p == '\0')
			return tour_error(tp, "%s: the quoted text has no closing '\"'", what);
		if (*p == '"')
			break;
		if (*p == '\\') {
			if (p[1] != '"' && p[1] != '\\')
				return tour_error(tp, "%s: only \\\" and \\\\ are escapes in "
				    "quoted text", what);
			p++;
		}
		*o++ = *p++;
	}
	*o = '\0';
	p = tour_skip(p + 1);
	if (*p != '\0' && *p != '#')
		return tour_error(tp, "%s: unexpected '%s' after the quoted text", what, p);
	if (*tour_skip(s + 1) == '\0')
		return tour_error(tp, "%s needs a text, e.g. %s \"Two loads on one core\"",
		    what, what);
	*out = xstrdup(s + 1);
	return 0;
}

/* A tour or theme name: letters, digits, '.', '_', '-'. */
static int
tour_valid_word(const char *s, size_t max)
{
	size_t	len = strlen(s);

	if (len == 0 || len >= max)
		return 0;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '.' && *s != '_' && *s != '-')
			return 0;
	return 1;
}

/* A load name: a lower-case letter, then letters, digits, '_' or '-'. */
static int
tour_valid_name(const char *s)
{
	size_t	len = strlen(s);

	if (len == 0 || len >= TOUR_NAME_MAX || !islower((unsigned char)*s))
		return 0;
	if (strcmp(s, "all") == 0 || strcmp(s, "at") == 0 || strcmp(s, "to") == 0)
		return 0;
	for (; *s != '\0'; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) &&
		    *s != '_' && *s != '-')
			return 0;
	return 1;
}

/* Is this component type one the topology knows ("core", "pu", "l3", ...)? */
static int
tour_place_type(const char *s, size_t len)
{
	static const char *const types[] = {
		"package", "socket", "die", "group", "l3", "l3cache", "l2", "l2cache",
		"core", "pu"
	};
	size_t	i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strlen(types[i]) == len && strncasecmp(s, types[i], len) == 0)
			return 1;
	return 0;
}

/*
 * Check the syntax of a topology place: an OS index, or TYPE:N joined by
 * dots. With one_cpu, it must name one logical CPU (a number or ending .pu:N).
 */
static int
tour_place_syntax(const char *s, int one_cpu)
{
	const char	*p = s, *colon, *end, *last = NULL;
	size_t		 digits;

	if (*s == '\0' || strlen(s) >= sizeof ((struct tour_place *)0)->text)
		return 0;
	if (isdigit((unsigned char)*s)) {
		for (p = s; isdigit((unsigned char)*p); p++)
			;
		return *p == '\0' && p - s <= 7;
	}
	while (*p != '\0') {
		if ((end = strchr(p, '.')) == NULL)
			end = p + strlen(p);
		colon = memchr(p, ':', (size_t)(end - p));
		if (colon == NULL || !tour_place_type(p, (size_t)(colon - p)))
			return 0;
		digits = (size_t)(end - colon - 1);
		if (digits == 0 || digits > 7)
			return 0;
		for (colon++; colon < end; colon++)
			if (!isdigit((unsigned char)*colon))
				return 0;
		last = p;
		if (*end == '\0')
			break;
		p = end + 1;
		if (*p == '\0')
			return 0;
	}
	if (one_cpu && (last == NULL || strncasecmp(last, "pu:", 3) != 0))
		return 0;
	return 1;
}

/* The parser's record of a name, or NULL. */
static struct tour_name *
tour_name_find(struct tour_parser *tp, const char *name)
{
	int	i;

	for (i = 0; i < tp->nnames; i++)
		if (strcmp(tp->names[i].name, name) == 0)
			return &tp->names[i];
	return NULL;
}

/* Check that a load name is running at this line. */
static int
tour_name_use(struct tour_parser *tp, const char *name, struct tour_name **out)
{
	struct tour_name	*n;

	if (!tour_valid_name(name))
		return tour_error(tp, "bad load name '%s' (a lower-case letter, then "
		    "letters, digits, '_' or '-'; at most %d)", name, TOUR_NAME_MAX - 1);
	if ((n = tour_name_find(tp, name)) == NULL)
		return tour_error(tp, "load '%s' is used before it is defined (start it "
		    "first: start %s KERNEL at PLACE)", name, name);
	if (n->state == 2)
		return tour_error(tp, "load '%s' was stopped at line %d (start it again "
		    "first)", name, n->line);
	if (out != NULL)
		*out = n;
	return 0;
}

/* Parse one place of a list: a topology place or REL-of NAME. */
static int
tour_parse_place(struct tour_parser *tp, char *s, int one_cpu, const char *self,
    struct tour_place *pl)
{
	static const struct {
		const char		*word;
		enum tour_place_kind	 kind;
	} rels[] = {
		{ "same-pu-of", TOUR_PLACE_SAME_PU },
		{ "sibling-of", TOUR_PLACE_SIBLING },
		{ "other-core-of", TOUR_PLACE_OTHER_CORE },
		{ "other-package-of", TOUR_PLACE_OTHER_PACKAGE },
	};
	char	*argv[3];
	size_t	 i;
	int	 n;

	n = tour_split(s, argv, 3);
	memset(pl, 0, sizeof *pl);
	if (n == 1) {
		if (!tour_place_syntax(argv[0], one_cpu)) {
			if (one_cpu && tour_place_syntax(argv[0], 0))
				return tour_error(tp, "place '%s' is not one logical CPU (end it "
				    "with .pu:N, e.g. core:1.pu:0)", argv[0]);
			return tour_error(tp, "bad place '%s' (expected e.g. core:0.pu:1, "
			    "package:1.core:0.pu:0, 3, or sibling-of NAME)", argv[0]);
		}
		pl->kind = TOUR_PLACE_TOPO;
		snprintf(pl->text, sizeof pl->text, "%s", argv[0]);
		return 0;
	}
	if (n == 2) {
		for (i = 0; i < sizeof rels / sizeof rels[0]; i++) {
			if (strcmp(argv[0], rels[i].word) != 0)
				continue;
			if (self != NULL && strcmp(argv[1], self) == 0)
				return tour_error(tp, "load '%s' is used before it is defined "
				    "(a load cannot be placed relative to itself)", self);
			if (tour_name_use(tp, argv[1], NULL) == -1)
				return -1;
			pl->kind = rels[i].kind;
			snprintf(pl->text, sizeof pl->text, "%s", argv[1]);
			return 0;
		}
		return tour_error(tp, "bad place '%s %s' (relations: same-pu-of, sibling-of, "
		    "other-core-of, other-package-of NAME)", argv[0], argv[1]);
	}
	if (n == 0)
		return tour_error(tp, "missing place (expected e.g. core:0.pu:1 or "
		    "sibling-of NAME)");
	return tour_error(tp, "bad place '%s' (expected e.g. core:0.pu:1, or "
	    "sibling-of NAME; two ends are PLACE,PLACE)", tour_skip(s));
}

/* Parse "PLACE" or "PLACE,PLACE". */
static int
tour_parse_places(struct tour_parser *tp, char *s, int max, int one_cpu,
    const char *self, struct tour_action *a)
{
	char	*comma;

	a->nplaces = 0;
	if ((comma = strchr(s, ',')) != NULL) {
		if (max < 2)
			return tour_error(tp, "one place only here (PLACE,PLACE is for the two "
			    "ends of pipe)");
		*comma = '\0';
		if (strchr(comma + 1, ',') != NULL)
			return tour_error(tp, "at most two places (PLACE,PLACE)");
	}
	if (tour_parse_place(tp, s, one_cpu, self, &a->place[0]) == -1)
		return -1;
	a->nplaces = 1;
	if (comma != NULL) {
		if (tour_parse_place(tp, comma + 1, one_cpu, self, &a->place[1]) == -1)
			return -1;
		a->nplaces = 2;
	}
	return 0;
}

/* Check a kernel with its parameter as `smtscope run` would, without a machine. */
static int
tour_check_kernel(struct tour_parser *tp, const char *text, int *ends)
{
	const struct kernel	*k;
	struct kernel_param	 p;
	struct kernel_env	 env;
	char			 name[80], *param, msg[256];
	int			 rc;

	if (strlen(text) >= sizeof name)
		return tour_error(tp, "kernel '%.20s...' is too long", text);
	snprintf(name, sizeof name, "%s", text);
	if ((param = strchr(name, ':')) != NULL)
		*param++ = '\0';
	if ((k = kernel_find(name)) == NULL)
		return tour_error(tp, "unknown kernel '%s' (see smtscope kernels)", name);
	memset(&env, 0, sizeof env);
	memset(&p, 0, sizeof p);
	rc = k->parse(param, &env, &p, msg, sizeof msg);
	kernel_param_close(&p);
	if (rc != 0)
		return tour_error(tp, "%s", msg);
	*ends = k->ends;
	return 0;
}

/* Add an action to the open step. */
static struct tour_action *
tour_add_action(struct tour_parser *tp, enum tour_action_type type, const char *name)
{
	struct tour_step	*s = tp->step;
	struct tour_action	*a;

	if (s->nactions == TOUR_ACTIONS_MAX) {
		tour_error(tp, "too many actions in one step (at most %d)",
		    TOUR_ACTIONS_MAX);
		return NULL;
	}
	s->actions = xreallocarray(s->actions, (size_t)s->nactions + 1, sizeof *a);
	a = &s->actions[s->nactions++];
	memset(a, 0, sizeof *a);
	a->type = type;
	a->line = tp->line;
	if (name != NULL)
		snprintf(a->name, sizeof a->name, "%s", name);
	return a;
}

/* start NAME KERNEL[:PARAM] at PLACE[,PLACE] */
static int
tour_parse_start(struct tour_parser *tp, char *rest)
{
	struct tour_action	*a;
	struct tour_name	*n;
	char			*argv[3], *at, *places;
	int			 ends = 1, live = 0, i;

	/* Split off "NAME KERNEL at" and keep the rest whole for the places. */
	rest = tour_skip(rest);
	at = rest;
	for (i = 0; i < 3; i++) {
		at = tour_skip(at);
		argv[i] = at;
		while (*at != '\0' && *at != ' ' && *at != '\t')
			at++;
		if (*at != '\0')
			*at++ = '\0';
	}
	places = at;
	if (*argv[0] == '\0' || *argv[1] == '\0' || strcmp(argv[2], "at") != 0)
		return tour_error(tp, "expected: start NAME KERNEL[:PARAM] at PLACE, e.g. "
		    "start a hash at core:0.pu:0");
	if (!tour_valid_name(argv[0]))
		return tour_error(tp, "bad load name '%s' (a lower-case letter, then "
		    "letters, digits, '_' or '-'; at most %d)", argv[0], TOUR_NAME_MAX - 1);
	n = tour_name_find(tp, argv[0]);
	if (n != NULL && n->state == 1)
		return tour_error(tp, "load '%s' is already running (started at line %d): "
		    "stop it first, or move it", argv[0], n->line);
	if (tour_check_kernel(tp, argv[1], &ends) == -1)
		return -1;
	if ((a = tour_add_action(tp, TOUR_START, argv[0])) == NULL)
		return -1;
	snprintf(a->kernel, sizeof a->kernel, "%s", argv[1]);
	if (tour_parse_places(tp, places, 2, 1, argv[0], a) == -1)
		return -1;
	if (ends == 2 && a->nplaces != 2)
		return tour_error(tp, "%s has two ends: start %s %s at PLACE,PLACE (the same "
		    "place twice for one CPU)", argv[1], argv[0], argv[1]);
	if (ends == 1 && a->nplaces != 1)
		return tour_error(tp, "%s has one end: one place only", argv[1]);
	for (i = 0; i < tp->nnames; i++)
		live += tp->names[i].state == 1;
	if (live == TOUR_LOADS_MAX)
		return tour_error(tp, "too many loads at once (at most %d)", TOUR_LOADS_MAX);
	if (n == NULL) {
		if (tp->nnames == TOUR_NAMES_MAX)
			return tour_error(tp, "too many load names (at most %d)",
			    TOUR_NAMES_MAX);
		n = &tp->names[tp->nnames++];
		snprintf(n->name, sizeof n->name, "%s", argv[0]);
	}
	n->state = 1;
	n->line = tp->line;
	n->ends = ends;
	return 0;
}

/* stop NAME|all, pause NAME, resume NAME */
static int
tour_parse_name_action(struct tour_parser *tp, enum tour_action_type type,
    const char *word, char *rest)
{
	struct tour_name	*n;
	char			*argv[2];
	int			 i;

	if (tour_split(rest, argv, 2) != 1)
		return tour_error(tp, "expected: %s NAME%s", word,
		    type == TOUR_STOP ? " (or stop all)" : "");
	if (type == TOUR_STOP && strcmp(argv[0], "all") == 0) {
		if (tour_add_action(tp, TOUR_STOP_ALL, NULL) == NULL)
			return -1;
		for (i = 0; i < tp->nnames; i++) {
			if (tp->names[i].state == 1) {
				tp->names[i].state = 2;
				tp->names[i].line = tp->line;
			}
		}
		return 0;
	}
	if (tour_name_use(tp, argv[0], &n) == -1)
		return -1;
	if (tour_add_action(tp, type, argv[0]) == NULL)
		return -1;
	if (type == TOUR_STOP) {
		n->state = 2;
		n->line = tp->line;
	}
	return 0;
}

/* move NAME to PLACE[,PLACE] */
static int
tour_parse_move(struct tour_parser *tp, char *rest)
{
	struct tour_action	*a;
	struct tour_name	*n;
	char			*name, *to, *p;

	name = tour_skip(rest);
	for (p = name; *p != '\0' && *p != ' ' && *p != '\t'; p++)
		;
	if (*p != '\0')
		*p++ = '\0';
	to = tour_skip(p);
	if (*name == '\0' || strncmp(to, "to", 2) != 0 || (to[2] != ' ' && to[2] != '\t'))
		return tour_error(tp, "expected: move NAME to PLACE, e.g. move b to "
		    "other-core-of a");
	if (tour_name_use(tp, name, &n) == -1)
		return -1;
	if ((a = tour_add_action(tp, TOUR_MOVE, name)) == NULL)
		return -1;
	return tour_parse_places(tp, to + 3, n->ends, 1, name, a);
}

/* highlight PLACE */
static int
tour_parse_highlight(struct tour_parser *tp, char *rest)
{
	struct tour_action	*a;

	if ((a = tour_add_action(tp, TOUR_HIGHLIGHT, NULL)) == NULL)
		return -1;
	return tour_parse_places(tp, rest, 1, 0, NULL, a);
}

/* wait SECONDS, in a step or before the first as the default. */
static int
tour_parse_wait(struct tour_parser *tp, char *rest)
{
	char	*argv[2];
	double	 s;

	if (tour_split(rest, argv, 2) != 1 || util_parse_seconds(argv[0], &s) == -1 ||
	    s < 0.1 || s > 3600)
		return tour_error(tp, "expected: wait SECONDS (0.1 to 3600), e.g. wait 5");
	if (tp->step == NULL) {
		if (tp->t->wait_s > 0)
			return tour_error(tp, "the default wait is already set");
		tp->t->wait_s = s;
		return 0;
	}
	if (tp->wait_line != 0)
		return tour_error(tp, "this step already has a wait (line %d)", tp->wait_line);
	tp->wait_line = tp->line;
	tp->step->wait_s = s;
	return 0;
}

/* caption [TEXT]: lines join into a paragraph; an empty one ends it. */
static int
tour_parse_caption(struct tour_parser *tp, char *rest)
{
	struct tour_step	*s = tp->step;
	size_t			 len = strlen(s->caption);
	char			*text = tour_skip(rest), *old = s->caption;
	const char		*sep;

	tour_trim_end(text);
	if (len + strlen(text) + 2 >= TOUR_CAPTION_MAX)
		return tour_error(tp, "caption too long (at most %d bytes a step)",
		    TOUR_CAPTION_MAX);
	if (*text == '\0') {
		if (len == 0 || old[len - 1] == '\n')
			return 0;
		sep = "\n";
	} else
		sep = len == 0 || old[len - 1] == '\n' ? "" : " ";
	s->caption = xasprintf("%s%s%s", old, sep, text);
	free(old);
	return 0;
}

/* Close the open step: trim its caption. */
static void
tour_close_step(struct tour_parser *tp)
{
	size_t	len;

	if (tp->step == NULL)
		return;
	len = strlen(tp->step->caption);
	while (len > 0 && tp->step->caption[len - 1] == '\n')
		tp->step->caption[--len] = '\0';
	tp->step = NULL;
	tp->wait_line = 0;
}

/* step TITLE */
static int
tour_parse_step(struct tour_parser *tp, char *rest)
{
	struct tour		*t = tp->t;
	struct tour_step	*s;
	char			*title;

	if (tour_string(tp, "step", rest, &title) == -1)
		return -1;
	tour_close_step(tp);
	if (t->nsteps == TOUR_STEPS_MAX) {
		free(title);
		return tour_error(tp, "too many steps (at most %d)", TOUR_STEPS_MAX);
	}
	t->steps = xreallocarray(t->steps, (size_t)t->nsteps + 1, sizeof *t->steps);
	s = &t->steps[t->nsteps++];
	memset(s, 0, sizeof *s);
	s->line = tp->line;
	s->title = title;
	s->caption = xstrdup("");
	tp->step = s;
	return 0;
}

/* One line, comments and blank lines already gone. */
static int
tour_parse_line(struct tour_parser *tp, char *line)
{
	struct tour	*t = tp->t;
	char		*word = line, *rest, *argv[2];
	int		 in_step;

	rest = line;
	while (*rest != '\0' && *rest != ' ' && *rest != '\t')
		rest++;
	if (*rest != '\0')
		*rest++ = '\0';
	in_step = tp->step != NULL;

	if (t->name == NULL && strcmp(word, "tour") != 0)
		return tour_error(tp, "a tour begins with 'tour NAME' (found '%s')", word);
	if (strcmp(word, "tour") == 0) {
		if (t->name != NULL)
			return tour_error(tp, "'tour' comes once, on the first line");
		tour_cut_comment(rest);
		if (tour_split(rest, argv, 2) != 1 || !tour_valid_word(argv[0], 64))
			return tour_error(tp, "expected: tour NAME (letters, digits, '.', "
			    "'_', '-'), e.g. tour smt-basics");
		t->name = xstrdup(argv[0]);
		return 0;
	}
	if (strcmp(word, "title") == 0 || strcmp(word, "theme") == 0) {
		if (in_step)
			return tour_error(tp, "'%s' belongs before the first step", word);
		if (*word == 't' && word[1] == 'i') {
			if (t->title != NULL)
				return tour_error(tp, "the title is already set");
			return tour_string(tp, "title", rest, &t->title);
		}
		tour_cut_comment(rest);
		if (t->theme != NULL)
			return tour_error(tp, "the theme is already set");
		if (tour_split(rest, argv, 2) != 1 || !tour_valid_word(argv[0], 64))
			return tour_error(tp, "expected: theme NAME, e.g. theme projector");
		t->theme = xstrdup(argv[0]);
		return 0;
	}
	if (strcmp(word, "step") == 0)
		return tour_parse_step(tp, rest);
	if (strcmp(word, "wait") == 0) {
		tour_cut_comment(rest);
		return tour_parse_wait(tp, rest);
	}
	if (strcmp(word, "caption") == 0 || strcmp(word, "start") == 0 ||
	    strcmp(word, "stop") == 0 || strcmp(word, "move") == 0 ||
	    strcmp(word, "pause") == 0 || strcmp(word, "resume") == 0 ||
	    strcmp(word, "highlight") == 0) {
		if (!in_step)
			return tour_error(tp, "'%s' outside a step (put a 'step \"TITLE\"' "
			    "line before it)", word);
		if (*word == 'c')
			return tour_parse_caption(tp, rest);
		tour_cut_comment(rest);
		if (strcmp(word, "start") == 0)
			return tour_parse_start(tp, rest);
		if (strcmp(word, "stop") == 0)
			return tour_parse_name_action(tp, TOUR_STOP, word, rest);
		if (strcmp(word, "pause") == 0)
			return tour_parse_name_action(tp, TOUR_PAUSE, word, rest);
		if (strcmp(word, "resume") == 0)
			return tour_parse_name_action(tp, TOUR_RESUME, word, rest);
		if (strcmp(word, "move") == 0)
			return tour_parse_move(tp, rest);
		return tour_parse_highlight(tp, rest);
	}
	return tour_error(tp, "unknown directive '%.40s' (expected %s)", word,
	    tour_directives);
}

/* Parse a whole tour from memory. */
struct tour *
tour_parse(const char *buf, size_t len, const char *path, char *err, size_t errlen)
{
	struct tour_parser	 tp;
	const char		*p = buf, *end = buf + len, *nl;
	char			 line[TOUR_LINE_MAX + 2], *s;
	size_t			 n, i;

	memset(&tp, 0, sizeof tp);
	tp.path = path;
	tp.err = err;
	tp.errlen = errlen;
	tp.t = xcalloc(1, sizeof *tp.t);
	tp.t->path = xstrdup(path);
	if (len > TOUR_FILE_MAX) {
		tour_error(&tp, "file too big (at most %d bytes)", TOUR_FILE_MAX);
		goto fail;
	}
	while (p < end) {
		tp.line++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		n = (size_t)(nl - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n > TOUR_LINE_MAX) {
			tour_error(&tp, "line too long (at most %d bytes)", TOUR_LINE_MAX);
			goto fail;
		}
		for (i = 0; i < n; i++) {
			if (((unsigned char)p[i] < 0x20 && p[i] != '\t') || p[i] == 0x7f) {
				tour_error(&tp, "control character 0x%02x in the text",
				    (unsigned char)p[i]);
				goto fail;
			}
		}
		memcpy(line, p, n);
		line[n] = '\0';
		p = nl + 1;
		s = tour_skip(line);
		if (*s == '\0' || *s == '#')
			continue;
		if (tour_parse_line(&tp, s) == -1)
			goto fail;
	}
	tour_close_step(&tp);
	if (tp.t->name == NULL) {
		tp.line = tp.line > 0 ? tp.line : 1;
		tour_error(&tp, "empty tour (it begins with 'tour NAME')");
		goto fail;
	}
	if (tp.t->nsteps == 0) {
		tour_error(&tp, "no step (a tour needs at least one 'step \"TITLE\"')");
		goto fail;
	}
	if (tp.t->title == NULL)
		tp.t->title = xstrdup(tp.t->name);
	return tp.t;

fail:
	tour_free(tp.t);
	return NULL;
}

/* Read a file of at most TOUR_FILE_MAX bytes; NULL with a message. */
static char *
tour_read(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE	*f;
	char	*buf;
	size_t	 n;

	if ((f = fopen(path, "r")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	buf = xmalloc(TOUR_FILE_MAX + 1);
	n = fread(buf, 1, TOUR_FILE_MAX + 1, f);
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	if (n > TOUR_FILE_MAX) {
		snprintf(err, errlen, "%s: file too big (at most %d bytes)", path,
		    TOUR_FILE_MAX);
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

/* Is this path a regular file? */
static int
tour_is_file(const char *path)
{
	struct stat	st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Find and parse a tour: a path, or a shipped name. */
struct tour *
tour_load(const char *arg, char *err, size_t errlen)
{
	static const char *const dirs[] = { "doc/tours", SMTSCOPE_DATADIR "/tours" };
	struct tour	*t;
	char		*path = NULL, *buf;
	size_t		 len, i;

	if (tour_is_file(arg) || strchr(arg, '/') != NULL)
		path = xstrdup(arg);
	else if (tour_valid_word(arg, 64)) {
		for (i = 0; i < sizeof dirs / sizeof dirs[0] && path == NULL; i++) {
			path = xasprintf("%s/%s.tour", dirs[i], arg);
			if (!tour_is_file(path)) {
				free(path);
				path = NULL;
			}
		}
	}
	if (path == NULL) {
		snprintf(err, errlen, "no tour '%s' (not a file, nor in ./doc/tours or "
		    "%s/tours; see smtscope tour --list)", arg, SMTSCOPE_DATADIR);
		return NULL;
	}
	if ((buf = tour_read(path, &len, err, errlen)) == NULL) {
		free(path);
		return NULL;
	}
	t = tour_parse(buf, len, path, err, errlen);
	free(buf);
	free(path);
	return t;
}

/* ------------------------------------------------------------ resolution */

/* A load in a step's configuration. */
struct tour_cfg_load {
	char			 name[TOUR_NAME_MAX];
	char			 kernel[80];
	int			 ends;
	int			 placed;	/* its place exists here */
	int			 cpu, cpu_b;
	int			 paused;
};

/* The loads after a step, as the script means them on this machine. */
struct tour_cfg {
	struct tour_cfg_load	 v[TOUR_LOADS_MAX];
	int			 n;
};

/* A resolved action: what the host is asked to do. */
struct tour_op {
	enum tour_action_type	 type;	/* START, STOP, MOVE, PAUSE, RESUME */
	char			 name[TOUR_NAME_MAX];
	char			 spec[96];
	int			 cpu, cpu_b;
};

/* A step resolved against the machine. */
struct tour_plan {
	int			 skipped;
	char			 note[256];
	struct tour_op		*ops;
	int			 nops;
	struct cpuset		 highlight;
	struct tour_cfg		 after;
};

/* The index of a load in a configuration, or -1. */
static int
tour_cfg_find(const struct tour_cfg *c, const char *name)
{
	int	i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].name, name) == 0)
			return i;
	return -1;
}

/* The CPUs that placed loads use, but for one load. */
static void
tour_cfg_busy(const struct tour_cfg *c, const char *except, struct cpuset *busy)
{
	int	i;

	cpuset_zero(busy);
	for (i = 0; i < c->n; i++) {
		if (!c->v[i].placed || (except != NULL && strcmp(c->v[i].name, except) == 0))
			continue;
		cpuset_set(busy, c->v[i].cpu);
		if (c->v[i].cpu_b != -1)
			cpuset_set(busy, c->v[i].cpu_b);
	}
}

/* Is any PU of this core busy? */
static int
tour_core_busy(const struct topo *m, int core, const struct cpuset *busy)
{
	const struct topo_core	*c = &m->cores[core];
	int			 i;

	for (i = c->first_pu; i < c->first_pu + c->npus; i++)
		if (cpuset_isset(busy, m->pus[i].os_index))
			return 1;
	return 0;
}

/* Order of preference among other cores: a shared L3 first. */
static int
tour_rel_rank(enum topo_rel r)
{
	switch (r) {
	case REL_SHARED_L3:
		return 0;
	case REL_SAME_PACKAGE:
		return 1;
	case REL_SHARED_L2:
		return 2;
	default:
		return 3;
	}
}

/* A CPU in relation kind to CPU x; -1 with a note when there is none here. */
static int
tour_relative(const struct topo *m, enum tour_place_kind kind, int x,
    const struct cpuset *busy, char *note, size_t notelen)
{
	const struct topo_pu	*px = topo_pu_by_os(m, x), *pu;
	const struct topo_core	*cx;
	int			 i, j, best = -1, score, best_score = 0;

	if (px == NULL) {
		snprintf(note, notelen, "CPU %d is not on this machine", x);
		return -1;
	}
	cx = &m->cores[px->core];
	if (kind == TOUR_PLACE_SAME_PU)
		return x;
	if (kind == TOUR_PLACE_SIBLING) {
		/* The next allowed thread of the same core, a free one first. */
		for (j = 1; j < cx->npus; j++) {
			i = cx->first_pu + (px - m->pus - cx->first_pu + j) % cx->npus;
			pu = &m->pus[i];
			if (!pu->allowed)
				continue;
			score = cpuset_isset(busy, pu->os_index) ? 1 : 0;
			if (best == -1 || score < best_score) {
				best = pu->os_index;
				best_score = score;
			}
		}
		if (best == -1)
			snprintf(note, notelen, "no SMT sibling of CPU %d on this machine", x);
		return best;
	}
	if (kind == TOUR_PLACE_OTHER_PACKAGE && m->npackages <= 1) {
		snprintf(note, notelen, "no other package on this machine (one package)");
		return -1;
	}
	/* Another core: free cores first, then by relation, thread 0 first. */
	for (i = 0; i < m->npus; i++) {
		pu = &m->pus[i];
		if (!pu->allowed || pu->core == px->core)
			continue;
		if (kind == TOUR_PLACE_OTHER_CORE) {
			if (m->cores[pu->core].package != cx->package)
				continue;
			score = tour_rel_rank(topo_relation(m, x, pu->os_index)) * 4;
		} else {
			if (m->cores[pu->core].package == cx->package)
				continue;
			score = 0;
		}
		score += cpuset_isset(busy, pu->os_index) ? 1000 : 0;
		score += tour_core_busy(m, pu->core, busy) ? 100 : 0;
		score += pu->rank < 3 ? pu->rank : 3;
		if (best == -1 || score < best_score) {
			best = pu->os_index;
			best_score = score;
		}
	}
	if (best == -1) {
		if (kind == TOUR_PLACE_OTHER_CORE)
			snprintf(note, notelen, "no other core in CPU %d's package on "
			    "this machine", x);
		else
			snprintf(note, notelen, "no other package with an allowed CPU on "
			    "this machine");
	}
	return best;
}

/* Why a topology place is not on this machine, in words for the audience. */
static void
tour_topo_note(const struct topo *m, const char *text, const char *msg, char *note,
    size_t notelen)
{
	struct cpuset	 set;
	char		 prefix[64], err[160];
	const char	*comp = text, *dot;
	size_t		 len;

	/* Find the first component that does not exist here. */
	for (;;) {
		dot = strchr(comp, '.');
		len = dot != NULL ? (size_t)(dot - text) : strlen(text);
		snprintf(prefix, sizeof prefix, "%.*s", (int)len, text);
		if (topo_parse_set(m, prefix, &set, err, sizeof err) == -1)
			break;
		if (dot == NULL) {
			snprintf(note, notelen, "%s is not on this machine (%.150s)", text, msg);
			return;
		}
		comp = dot + 1;
	}
	if (strncasecmp(comp, "pu:", 3) == 0 && strcmp(comp, "pu:0") != 0) {
		if (comp == text)
			snprintf(note, notelen, "no %s on this machine", text);
		else
			snprintf(note, notelen, "no SMT sibling on this machine (%.*s has no "
			    "%s)", (int)(comp - text - 1), text, comp);
	} else if (strncasecmp(comp, "package:", 8) == 0 ||
	    strncasecmp(comp, "socket:", 7) == 0)
		snprintf(note, notelen, "no %.*s on this machine (%d package%s)",
		    (int)(dot != NULL ? dot - comp : (long)strlen(comp)), comp,
		    m->npackages, m->npackages == 1 ? "" : "s");
	else
		snprintf(note, notelen, "%s is not on this machine (%.150s)", text, err);
}

/* Resolve one place to a CPU (or, for highlight, a set); -1 with a note. */
static int
tour_resolve_place(const struct topo *m, const struct tour_cfg *c,
    const struct tour_place *pl, const char *self, struct cpuset *set, int *cpu,
    char *note, size_t notelen)
{
	struct cpuset	 busy;
	char		 msg[200];
	int		 i;

	if (pl->kind == TOUR_PLACE_TOPO) {
		if (set != NULL) {
			if (topo_parse_set(m, pl->text, set, msg, sizeof msg) == -1) {
				tour_topo_note(m, pl->text, msg, note, notelen);
				return -1;
			}
			return 0;
		}
		if (topo_parse_place(m, pl->text, cpu, msg, sizeof msg) == -1) {
			tour_topo_note(m, pl->text, msg, note, notelen);
			return -1;
		}
		return 0;
	}
	if ((i = tour_cfg_find(c, pl->text)) == -1 || !c->v[i].placed) {
		snprintf(note, notelen, "%s is not running here (its step was skipped)",
		    pl->text);
		return -1;
	}
	tour_cfg_busy(c, self, &busy);
	*cpu = tour_relative(m, pl->kind, c->v[i].cpu, &busy, note, notelen);
	if (*cpu == -1)
		return -1;
	if (set != NULL) {
		cpuset_zero(set);
		cpuset_set(set, *cpu);
	}
	return 0;
}

/* Add an op to a plan. */
static void
tour_plan_op(struct tour_plan *pl, enum tour_action_type type,
    const struct tour_cfg_load *l)
{
	struct tour_op	*op;

	pl->ops = xreallocarray(pl->ops, (size_t)pl->nops + 1, sizeof *pl->ops);
	op = &pl->ops[pl->nops++];
	memset(op, 0, sizeof *op);
	op->type = type;
	snprintf(op->name, sizeof op->name, "%s", l->name);
	op->cpu = l->cpu;
	op->cpu_b = l->cpu_b;
	if (l->cpu_b != -1)
		snprintf(op->spec, sizeof op->spec, "%s@%d,%d", l->kernel, l->cpu, l->cpu_b);
	else
		snprintf(op->spec, sizeof op->spec, "%s@%d", l->kernel, l->cpu);
}

/* Remove load i from a configuration. */
static void
tour_cfg_remove(struct tour_cfg *c, int i)
{
	memmove(&c->v[i], &c->v[i + 1], (size_t)(c->n - i - 1) * sizeof c->v[0]);
	c->n--;
}

/* Resolve one step from the configuration before it; fills pl. */
static void
tour_plan_step(const struct topo *m, const struct tour_step *s,
    const struct tour_cfg *before, struct tour_plan *pl)
{
	const struct tour_action	*a;
	struct tour_cfg_load		*l, nl;
	struct cpuset			 set;
	int				 i, j, cpu[2], was_placed;

	memset(pl, 0, sizeof *pl);
	pl->after = *before;
	cpuset_zero(&pl->highlight);
	for (i = 0; i < s->nactions && !pl->skipped; i++) {
		a = &s->actions[i];
		switch (a->type) {
		case TOUR_START:
		case TOUR_MOVE:
			for (j = 0; j < a->nplaces; j++) {
				if (tour_resolve_place(m, &pl->after, &a->place[j], a->name,
				    NULL, &cpu[j], pl->note, sizeof pl->note) == -1) {
					pl->skipped = 1;
					break;
				}
			}
			if (pl->skipped)
				break;
			j = tour_cfg_find(&pl->after, a->name);
			if (a->type == TOUR_START) {
				/* A name still here (stopped in a skipped step) is replaced. */
				if (j != -1) {
					if (pl->after.v[j].placed)
						tour_plan_op(pl, TOUR_STOP, &pl->after.v[j]);
					tour_cfg_remove(&pl->after, j);
				}
				if (pl->after.n == TOUR_LOADS_MAX)
					break;
				memset(&nl, 0, sizeof nl);
				snprintf(nl.name, sizeof nl.name, "%s", a->name);
				snprintf(nl.kernel, sizeof nl.kernel, "%s", a->kernel);
				nl.ends = a->nplaces;
				nl.placed = 1;
				nl.cpu = cpu[0];
				nl.cpu_b = a->nplaces == 2 ? cpu[1] : -1;
				pl->after.v[pl->after.n++] = nl;
				tour_plan_op(pl, TOUR_START, &nl);
				break;
			}
			if (j == -1)
				break;
			l = &pl->after.v[j];
			was_placed = l->placed;
			l->cpu = cpu[0];
			if (a->nplaces == 2)
				l->cpu_b = cpu[1];
			else if (l->ends == 2 && !was_placed)
				l->cpu_b = cpu[0];
			l->placed = 1;
			if (was_placed) {
				tour_plan_op(pl, TOUR_MOVE, l);
				if (a->nplaces == 1)
					pl->ops[pl->nops - 1].cpu_b = -1;
			} else {
				tour_plan_op(pl, TOUR_START, l);
				if (l->paused)
					tour_plan_op(pl, TOUR_PAUSE, l);
			}
			break;
		case TOUR_STOP:
			if ((j = tour_cfg_find(&pl->after, a->name)) == -1)
				break;
			if (pl->after.v[j].placed)
				tour_plan_op(pl, TOUR_STOP, &pl->after.v[j]);
			tour_cfg_remove(&pl->after, j);
			break;
		case TOUR_STOP_ALL:
			while (pl->after.n > 0) {
				if (pl->after.v[0].placed)
					tour_plan_op(pl, TOUR_STOP, &pl->after.v[0]);
				tour_cfg_remove(&pl->after, 0);
			}
			break;
		case TOUR_PAUSE:
		case TOUR_RESUME:
			if ((j = tour_cfg_find(&pl->after, a->name)) == -1)
				break;
			l = &pl->after.v[j];
			l->paused = a->type == TOUR_PAUSE;
			if (l->placed)
				tour_plan_op(pl, a->type, l);
			break;
		case TOUR_HIGHLIGHT:
			if (tour_resolve_place(m, &pl->after, &a->place[0], NULL, &set, &j,
			    pl->note, sizeof pl->note) == -1) {
				pl->skipped = 1;
				break;
			}
			CPUSET_FOREACH(j, &set)
				cpuset_set(&pl->highlight, j);
			break;
		}
	}
	if (!pl->skipped)
		return;

	/* Skipped: nothing runs, but its starts name loads a later move may place. */
	free(pl->ops);
	pl->ops = NULL;
	pl->nops = 0;
	cpuset_zero(&pl->highlight);
	pl->after = *before;
	for (i = 0; i < s->nactions; i++) {
		a = &s->actions[i];
		if (a->type != TOUR_START || tour_cfg_find(&pl->after, a->name) != -1 ||
		    pl->after.n == TOUR_LOADS_MAX)
			continue;
		memset(&nl, 0, sizeof nl);
		snprintf(nl.name, sizeof nl.name, "%s", a->name);
		snprintf(nl.kernel, sizeof nl.kernel, "%s", a->kernel);
		nl.ends = a->nplaces;
		nl.cpu = nl.cpu_b = -1;
		pl->after.v[pl->after.n++] = nl;
	}
}

/* -------------------------------------------------------------- player */

enum tour_phase {
	PH_IDLE,
	PH_READY,		/* waiting for new loads to do their first unit */
	PH_SOLO_SETTLE,		/* one load alone, the others paused, settling */
	PH_SOLO_WINDOW,		/* ... measuring */
	PH_SETTLE,		/* all together, settling */
	PH_WINDOW,		/* ... measuring */
	PH_HOLD,		/* figures in; until the step's time or a key */
	PH_DONE
};

/* A load the host runs for the player. */
struct tour_live {
	char			 name[TOUR_NAME_MAX];
	char			 spec[96];
	int			 cpu, cpu_b;
	int			 paused;	/* by the script */
	int			 solo_paused;	/* by the player, for a solo */
	int			 ready;
	struct load_sample	 s0;
};

/* A solo rate: one spec alone on this machine. */
struct tour_solo {
	char	spec[96];
	double	rate;
};

struct tour_player {
	const struct tour	*t;
	const struct topo	*m;
	const struct tour_ops	*ops;
	void			*arg;
	struct tour_options	 opt;
	struct tour_plan	*plan;
	struct tour_step_result	*res;

	int			 step;
	enum tour_phase		 phase;
	double			 t_end;		/* end of the current phase */
	double			 step_start;	/* when the step's own time began */
	double			 ready_end;
	char			 status[160];

	struct tour_live	 live[TOUR_LOADS_MAX];
	int			 nlive;
	int			 solo_queue[TOUR_LOADS_MAX];
	int			 nsolo, solo_at;
	struct load_sample	 solo_s0;

	struct tour_solo	*solos;
	int			 nsolos;
};

/* Resolve every step against the topology. */
struct tour_player *
tour_player_new(const struct tour *t, const struct topo *m, const struct tour_ops *ops,
    void *arg, const struct tour_options *opt)
{
	struct tour_player	*p;
	struct tour_cfg		 empty;
	int			 i;

	p = xcalloc(1, sizeof *p);
	p->t = t;
	p->m = m;
	p->ops = ops;
	p->arg = arg;
	if (opt != NULL)
		p->opt = *opt;
	if (p->opt.default_s <= 0)
		p->opt.default_s = 5;
	p->plan = xcalloc((size_t)t->nsteps, sizeof *p->plan);
	p->res = xcalloc((size_t)t->nsteps, sizeof *p->res);
	memset(&empty, 0, sizeof empty);
	for (i = 0; i < t->nsteps; i++)
		tour_plan_step(m, &t->steps[i], i == 0 ? &empty : &p->plan[i - 1].after,
		    &p->plan[i]);
	p->phase = PH_IDLE;
	return p;
}

/* Tell the host something changed. */
static void
tour_player_event(struct tour_player *p, enum tour_event ev)
{
	if (p->ops->event != NULL)
		p->ops->event(p->arg, ev, p);
}

/* Add a failure to the current step's note. */
static void __attribute__((format(printf, 2, 3)))
tour_player_fail(struct tour_player *p, const char *fmt, ...)
{
	struct tour_step_result	*r = &p->res[p->step];
	char			 msg[200];
	size_t			 used = strlen(r->note);
	va_list			 ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(r->note + used, sizeof r->note - used, "%sfailed: %s",
	    used > 0 ? "; " : "", msg);
	tour_player_event(p, TOUR_EV_FAILED);
}

/* The live load of this name, or -1. */
static int
tour_live_find(const struct tour_player *p, const char *name)
{
	int	i;

	for (i = 0; i < p->nlive; i++)
		if (strcmp(p->live[i].name, name) == 0)
			return i;
	return -1;
}

/* Forget a live load (already stopped or dead). */
static void
tour_live_remove(struct tour_player *p, int i)
{
	memmove(&p->live[i], &p->live[i + 1], (size_t)(p->nlive - i - 1) *
	    sizeof p->live[0]);
	p->nlive--;
}

/* Stop every live load. */
static void
tour_player_stop_all(struct tour_player *p)
{
	while (p->nlive > 0) {
		p->ops->stop(p->arg, p->live[p->nlive - 1].name);
		p->nlive--;
	}
}

/* Resume the loads a solo measurement paused. */
static void
tour_player_unsolo(struct tour_player *p)
{
	int	i;

	for (i = 0; i < p->nlive; i++) {
		if (p->live[i].solo_paused) {
			p->ops->pause(p->arg, p->live[i].name, 0);
			p->live[i].solo_paused = 0;
		}
	}
}

/* Rewrite a live load's spec for its new place: its solo is the one that counts. */
static void
tour_live_respec(struct tour_live *l)
{
	const char	*at = strchr(l->spec, '@');
	char		 kernel[80];
	int		 len = at != NULL ? (int)(at - l->spec) : (int)strlen(l->spec);

	snprintf(kernel, sizeof kernel, "%.*s", len < 79 ? len : 79, l->spec);
	if (l->cpu_b != -1)
		snprintf(l->spec, sizeof l->spec, "%s@%d,%d", kernel, l->cpu, l->cpu_b);
	else
		snprintf(l->spec, sizeof l->spec, "%s@%d", kernel, l->cpu);
}

/* Ask the host to do one resolved action. */
static void
tour_player_apply(struct tour_player *p, const struct tour_op *op)
{
	struct tour_live	*l;
	char			 err[256];
	int			 i = tour_live_find(p, op->name);

	err[0] = '\0';
	switch (op->type) {
	case TOUR_START:
		if (i != -1) {
			p->ops->stop(p->arg, op->name);
			tour_live_remove(p, i);
		}
		if (p->nlive == TOUR_LOADS_MAX)
			return;
		if (p->ops->start(p->arg, op->name, op->spec, err, sizeof err) == -1) {
			tour_player_fail(p, "start %s (%s): %.100s", op->name, op->spec,
			    err);
			return;
		}
		l = &p->live[p->nlive++];
		memset(l, 0, sizeof *l);
		snprintf(l->name, sizeof l->name, "%s", op->name);
		snprintf(l->spec, sizeof l->spec, "%s", op->spec);
		l->cpu = op->cpu;
		l->cpu_b = op->cpu_b;
		break;
	case TOUR_STOP:
	case TOUR_STOP_ALL:
		if (i == -1)
			return;
		p->ops->stop(p->arg, op->name);
		tour_live_remove(p, i);
		break;
	case TOUR_MOVE:
		if (i == -1)
			return;
		l = &p->live[i];
		if (p->ops->move(p->arg, op->name, op->cpu, op->cpu_b, err, sizeof err) == -1) {
			tour_player_fail(p, "move %s: %.150s", op->name, err);
			return;
		}
		l->cpu = op->cpu;
		if (op->cpu_b != -1)
			l->cpu_b = op->cpu_b;
		tour_live_respec(l);
		break;
	case TOUR_PAUSE:
	case TOUR_RESUME:
		if (i == -1)
			return;
		p->live[i].paused = op->type == TOUR_PAUSE;
		p->ops->pause(p->arg, op->name, p->live[i].paused);
		break;
	case TOUR_HIGHLIGHT:
		break;
	}
}

/* The step's own time: --step, its wait, the tour's default, or 0 (a key). */
static double
tour_player_step_s(const struct tour_player *p)
{
	if (p->opt.step_s > 0)
		return p->opt.step_s;
	if (p->t->steps[p->step].wait_s > 0)
		return p->t->steps[p->step].wait_s;
	if (p->t->wait_s > 0)
		return p->t->wait_s;
	return p->opt.auto_advance ? p->opt.default_s : 0;
}

/* Settling time after a change. */
static double
tour_player_settle_s(const struct tour_player *p)
{
	double	s = tour_player_step_s(p);

	return s > 0 && s / 5 < 0.5 ? s / 5 : 0.5;
}

/* The solo measuring window. */
static double
tour_player_solo_s(const struct tour_player *p)
{
	double	s = tour_player_step_s(p) / 2;

	if (p->opt.solo_s > 0)
		return p->opt.solo_s;
	if (s <= 0 || s > 1)
		return 1;
	return s < 0.5 ? 0.5 : s;
}

/* The solo rate of a spec, or NAN. */
static double
tour_player_solo(const struct tour_player *p, const char *spec)
{
	int	i;

	for (i = 0; i < p->nsolos; i++)
		if (strcmp(p->solos[i].spec, spec) == 0)
			return p->solos[i].rate;
	return NAN;
}

/* Running loads: live and not paused by the script. */
static int
tour_player_running(const struct tour_player *p)
{
	int	i, n = 0;

	for (i = 0; i < p->nlive; i++)
		n += !p->live[i].paused;
	return n;
}

/* Begin the timed part of a step: settle, then measure, then hold. */
static void
tour_player_settle(struct tour_player *p, double now)
{
	p->status[0] = '\0';
	p->step_start = now;
	if (tour_player_running(p) == 0 || p->res[p->step].skipped) {
		p->phase = PH_HOLD;
		return;
	}
	p->phase = PH_SETTLE;
	p->t_end = now + tour_player_settle_s(p);
}

/* Enter step k; clean: stop everything and start the configuration before it. */
static void
tour_player_enter(struct tour_player *p, int k, int clean, double now)
{
	const struct tour_plan	*pl = &p->plan[k];
	struct tour_step_result	*r = &p->res[k];
	struct cpuset		 none;
	int			 i;

	tour_player_unsolo(p);
	p->step = k;
	memset(r, 0, sizeof *r);
	r->ran = 1;
	r->skipped = pl->skipped;
	r->yield = NAN;
	if (pl->skipped)
		snprintf(r->note, sizeof r->note, "skipped: %s", pl->note);
	if (clean) {
		tour_player_stop_all(p);
		if (k > 0) {
			const struct tour_cfg *c = &p->plan[k - 1].after;
			struct tour_op	op;

			for (i = 0; i < c->n; i++) {
				if (!c->v[i].placed)
					continue;
				memset(&op, 0, sizeof op);
				op.type = TOUR_START;
				snprintf(op.name, sizeof op.name, "%s", c->v[i].name);
				op.cpu = c->v[i].cpu;
				op.cpu_b = c->v[i].cpu_b;
				if (op.cpu_b != -1)
					snprintf(op.spec, sizeof op.spec, "%s@%d,%d",
					    c->v[i].kernel, op.cpu, op.cpu_b);
				else
					snprintf(op.spec, sizeof op.spec, "%s@%d",
					    c->v[i].kernel, op.cpu);
				tour_player_apply(p, &op);
				if (c->v[i].paused) {
					op.type = TOUR_PAUSE;
					tour_player_apply(p, &op);
				}
			}
		}
	}
	for (i = 0; i < pl->nops; i++)
		tour_player_apply(p, &pl->ops[i]);
	p->status[0] = '\0';
	tour_player_event(p, TOUR_EV_STEP);
	if (p->ops->highlight != NULL) {
		cpuset_zero(&none);
		p->ops->highlight(p->arg, pl->skipped ? &none : &pl->highlight);
	}
	if (pl->skipped || tour_player_running(p) == 0) {
		tour_player_settle(p, now);
		return;
	}
	p->phase = PH_READY;
	p->ready_end = now + TOUR_READY_S;
}

/* Finish: stop every load, clear the highlight. */
static void
tour_player_finish(struct tour_player *p)
{
	struct cpuset	none;

	if (p->phase == PH_DONE)
		return;
	tour_player_unsolo(p);
	tour_player_stop_all(p);
	if (p->ops->highlight != NULL) {
		cpuset_zero(&none);
		p->ops->highlight(p->arg, &none);
	}
	p->phase = PH_DONE;
	p->step = p->t->nsteps;
	p->status[0] = '\0';
	tour_player_event(p, TOUR_EV_DONE);
}

/* Start the next solo measurement, or the step's own time when none is left. */
static void
tour_player_next_solo(struct tour_player *p, double now)
{
	struct tour_live	*l;
	int			 i;

	tour_player_unsolo(p);
	if (p->solo_at == p->nsolo) {
		tour_player_settle(p, now);
		return;
	}
	l = &p->live[p->solo_queue[p->solo_at]];
	for (i = 0; i < p->nlive; i++) {
		if (&p->live[i] == l || p->live[i].paused)
			continue;
		p->ops->pause(p->arg, p->live[i].name, 1);
		p->live[i].solo_paused = 1;
	}
	snprintf(p->status, sizeof p->status, "measuring %s (%s) alone, the others "
	    "paused", l->name, l->spec);
	p->phase = PH_SOLO_SETTLE;
	p->t_end = now + (p->nlive > 1 ? 0.2 : 0.05);
	tour_player_event(p, TOUR_EV_SOLO);
}

/* Queue every running load whose placement has no solo rate yet. */
static void
tour_player_queue_solos(struct tour_player *p)
{
	int	i, j, dup;

	p->nsolo = p->solo_at = 0;
	for (i = 0; i < p->nlive; i++) {
		if (p->live[i].paused || isfinite(tour_player_solo(p, p->live[i].spec)))
			continue;
		for (dup = 0, j = 0; j < p->nsolo; j++)
			dup |= strcmp(p->live[p->solo_queue[j]].spec, p->live[i].spec) == 0;
		if (!dup)
			p->solo_queue[p->nsolo++] = i;
	}
}

/* Sample a live load; on death forget it and note why. */
static int
tour_player_sample(struct tour_player *p, int i, struct load_sample *s)
{
	if (p->ops->sample(p->arg, p->live[i].name, s) == 0)
		return 0;
	tour_player_fail(p, "%s (%s) died", p->live[i].name, p->live[i].spec);
	p->ops->stop(p->arg, p->live[i].name);
	tour_live_remove(p, i);
	return -1;
}

/* Record the figures of the step from the two samples of each running load. */
static void
tour_player_measured(struct tour_player *p)
{
	struct tour_step_result	*r = &p->res[p->step];
	struct tour_load_result	*lr;
	struct tour_live	*l;
	struct load_sample	 s1;
	char			 kernel[96];
	const char		*at;
	double			 sum = 0;
	int			 i, n = 0;

	r->nloads = 0;
	for (i = 0; i < p->nlive; i++) {
		l = &p->live[i];
		lr = &r->loads[r->nloads];
		memset(lr, 0, sizeof *lr);
		snprintf(lr->name, sizeof lr->name, "%s", l->name);
		snprintf(lr->spec, sizeof lr->spec, "%s", l->spec);
		at = strchr(l->spec, '@');
		snprintf(kernel, sizeof kernel, "%.*s", at != NULL ? (int)(at - l->spec) :
		    (int)strlen(l->spec), l->spec);
		if (strchr(kernel, ':') != NULL)
			*strchr(kernel, ':') = '\0';
		lr->k = kernel_find(kernel);
		lr->cpu = l->cpu;
		lr->cpu_b = l->cpu_b;
		lr->paused = l->paused;
		lr->solo = tour_player_solo(p, l->spec);
		lr->rate = lr->speed = NAN;
		if (!l->paused) {
			if (tour_player_sample(p, i, &s1) == -1) {
				i--;
				continue;
			}
			lr->rate = analysis_rate(&l->s0, &s1);
			lr->speed = analysis_speed(lr->rate, lr->solo);
			if (isfinite(lr->speed)) {
				sum += lr->speed;
				n++;
			}
		}
		r->nloads++;
	}
	r->yield = n > 0 ? sum : NAN;
	r->measured = 1;
	tour_player_event(p, TOUR_EV_MEASURED);
}

/* One pass of the state machine; returns 1 if the phase changed. */
static int
tour_player_step_machine(struct tour_player *p, double now)
{
	struct load_sample	 s;
	struct tour_live	*l;
	double			 rate, t;
	int			 i, waiting;

	switch (p->phase) {
	case PH_IDLE:
	case PH_DONE:
		return 0;
	case PH_READY:
		waiting = 0;
		for (i = 0; i < p->nlive; i++) {
			l = &p->live[i];
			if (l->paused || l->ready)
				continue;
			if (tour_player_sample(p, i, &s) == -1) {
				i--;
				continue;
			}
			if (s.count > 0)
				l->ready = 1;
			else
				waiting++;
		}
		if (waiting > 0 && now < p->ready_end)
			return 0;
		for (i = 0; i < p->nlive; i++) {
			if (!p->live[i].paused && !p->live[i].ready) {
				tour_player_fail(p, "%s (%s) did no work in %.0f s",
				    p->live[i].name, p->live[i].spec, TOUR_READY_S);
				p->ops->stop(p->arg, p->live[i].name);
				tour_live_remove(p, i--);
			}
		}
		tour_player_queue_solos(p);
		tour_player_next_solo(p, now);
		return 1;
	case PH_SOLO_SETTLE:
		if (now < p->t_end)
			return 0;
		i = p->solo_queue[p->solo_at];
		if (tour_player_sample(p, i, &p->solo_s0) == -1) {
			tour_player_queue_solos(p);
			tour_player_next_solo(p, now);
			return 1;
		}
		p->phase = PH_SOLO_WINDOW;
		p->t_end = now + tour_player_solo_s(p);
		return 1;
	case PH_SOLO_WINDOW:
		if (now < p->t_end)
			return 0;
		i = p->solo_queue[p->solo_at];
		if (tour_player_sample(p, i, &s) == -1) {
			tour_player_queue_solos(p);
			tour_player_next_solo(p, now);
			return 1;
		}
		rate = analysis_rate(&p->solo_s0, &s);
		p->solos = xreallocarray(p->solos, (size_t)p->nsolos + 1, sizeof *p->solos);
		snprintf(p->solos[p->nsolos].spec, sizeof p->solos[0].spec, "%s",
		    p->live[i].spec);
		p->solos[p->nsolos++].rate = isfinite(rate) && rate > 0 ? rate : NAN;
		p->solo_at++;
		tour_player_next_solo(p, now);
		return 1;
	case PH_SETTLE:
		if (now < p->t_end)
			return 0;
		for (i = 0; i < p->nlive; i++)
			if (!p->live[i].paused && tour_player_sample(p, i,
			    &p->live[i].s0) == -1)
				i--;
		t = tour_player_step_s(p);
		p->phase = PH_WINDOW;
		p->t_end = t > 0 ? p->step_start + t : now + 3;
		if (p->t_end < now + 0.1)
			p->t_end = now + 0.1;
		return 1;
	case PH_WINDOW:
		if (now < p->t_end)
			return 0;
		tour_player_measured(p);
		p->phase = PH_HOLD;
		return 1;
	case PH_HOLD:
		t = tour_player_step_s(p);
		if (t <= 0 || now < p->step_start + t)
			return 0;
		if (p->step + 1 < p->t->nsteps)
			tour_player_enter(p, p->step + 1, 0, now);
		else
			tour_player_finish(p);
		return 1;
	}
	return 0;
}

/* When the host must call tick next. */
static double
tour_player_deadline(const struct tour_player *p)
{
	double	t;

	switch (p->phase) {
	case PH_READY:
		return p->ready_end;
	case PH_SOLO_SETTLE:
	case PH_SOLO_WINDOW:
	case PH_SETTLE:
	case PH_WINDOW:
		return p->t_end;
	case PH_HOLD:
		t = tour_player_step_s(p);
		return t > 0 ? p->step_start + t : INFINITY;
	default:
		return INFINITY;
	}
}

/* Advance the clock. */
double
tour_player_tick(struct tour_player *p, double now)
{
	int	guard = 0;

	while (tour_player_step_machine(p, now) && ++guard < 1000)
		;
	if (p->phase == PH_READY)
		return now + TOUR_POLL_S;
	return tour_player_deadline(p);
}

/* Begin the first step. */
double
tour_player_begin(struct tour_player *p, double now)
{
	if (p->phase != PH_IDLE)
		return tour_player_deadline(p);
	tour_player_enter(p, 0, 1, now);
	return tour_player_tick(p, now);
}

/* The next step, or the end. */
double
tour_player_next(struct tour_player *p, double now)
{
	if (p->phase == PH_DONE)
		return INFINITY;
	if (p->phase == PH_IDLE)
		return tour_player_begin(p, now);
	if (p->step + 1 < p->t->nsteps)
		tour_player_enter(p, p->step + 1, 0, now);
	else
		tour_player_finish(p);
	return tour_player_tick(p, now);
}

/* Restart the previous step from a clean state. */
double
tour_player_prev(struct tour_player *p, double now)
{
	int	k;

	if (p->phase == PH_IDLE)
		return tour_player_begin(p, now);
	k = p->phase == PH_DONE ? p->t->nsteps - 1 : p->step - 1;
	if (k < 0)
		k = 0;
	tour_player_enter(p, k, 1, now);
	return tour_player_tick(p, now);
}

/* End now. */
void
tour_player_quit(struct tour_player *p)
{
	tour_player_finish(p);
}

/* Stop whatever runs and free. */
void
tour_player_free(struct tour_player *p)
{
	int	i;

	if (p == NULL)
		return;
	if (p->ops != NULL && p->phase != PH_DONE) {
		tour_player_unsolo(p);
		tour_player_stop_all(p);
	}
	for (i = 0; i < p->t->nsteps; i++)
		free(p->plan[i].ops);
	free(p->plan);
	free(p->res);
	free(p->solos);
	free(p);
}

/* Is the tour over? */
int
tour_player_done(const struct tour_player *p)
{
	return p->phase == PH_DONE;
}

/* The current step. */
int
tour_player_step(const struct tour_player *p)
{
	return p->step;
}

/* The tour played. */
const struct tour *
tour_player_tour(const struct tour_player *p)
{
	return p->t;
}

/* The current step's title, or "Summary" at the end. */
const char *
tour_player_title(const struct tour_player *p)
{
	if (p->step >= p->t->nsteps)
		return "Summary";
	return p->t->steps[p->step].title;
}

/* The current step's caption: paragraphs separated by "\n". */
const char *
tour_player_caption(const struct tour_player *p)
{
	if (p->step >= p->t->nsteps)
		return "";
	return p->t->steps[p->step].caption;
}

/* The current step's skip or failure note, or NULL. */
const char *
tour_player_note(const struct tour_player *p)
{
	if (p->step >= p->t->nsteps || p->res[p->step].note[0] == '\0')
		return NULL;
	return p->res[p->step].note;
}

/* What the player is doing now. */
const char *
tour_player_status(const struct tour_player *p)
{
	return p->status;
}

/* Why a step would be skipped on this topology, or "". */
const char *
tour_player_skip_note(const struct tour_player *p, int step)
{
	if (step < 0 || step >= p->t->nsteps || !p->plan[step].skipped)
		return "";
	return p->plan[step].note;
}

/* A step's figures. */
const struct tour_step_result *
tour_player_result(const struct tour_player *p, int step)
{
	if (step < 0 || step >= p->t->nsteps)
		return NULL;
	return &p->res[step];
}

/* ------------------------------------------------------------- summary */

/* A rate in the kernel's unit, or "-". */
static void
tour_fmt_value(char *buf, size_t len, const struct kernel *k, double rate)
{
	double	v;

	if (k == NULL || !isfinite(rate) || rate <= 0) {
		snprintf(buf, len, "-");
		return;
	}
	v = kernel_display(k, rate);
	snprintf(buf, len, "%.*f %s", v < 10 ? 3 : 1, v, k->unit);
}

/* A ratio as a percentage, or "-". */
static void
tour_fmt_pct(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.0f%%", v * 100);
}

/* Print the summary table: a line per step, then a line per load. */
void
tour_summary_print(const struct tour_player *p, FILE *f)
{
	const struct tour_step_result	*r;
	const struct tour_load_result	*l;
	char				 rate[40], solo[40], speed[16], yield[16];
	int				 i, j;

	fprintf(f, "Summary: %s (%s)\n", p->t->title, p->t->name);
	fprintf(f, "Speed: each load's rate against the same load alone on the same "
	    "CPU, measured\nin this run with the others paused. Yield: the sum of "
	    "the speeds, the work done\ncounted in loads running alone.\n\n");
	fprintf(f, "%-4s%-7s%-14s %14s %14s %6s %6s\n", "#", "LOAD", "WHERE", "RATE",
	    "SOLO", "SPEED", "YIELD");
	for (i = 0; i < p->t->nsteps; i++) {
		r = &p->res[i];
		yield[0] = '\0';
		if (r->measured && isfinite(r->yield))
			snprintf(yield, sizeof yield, "%.2f", r->yield);
		fprintf(f, "%-3d %-58.58s %6s\n", i + 1, p->t->steps[i].title, yield);
		if (!r->ran) {
			fprintf(f, "    not shown\n");
			continue;
		}
		for (j = 0; r->measured && j < r->nloads; j++) {
			l = &r->loads[j];
			tour_fmt_value(rate, sizeof rate, l->k, l->rate);
			tour_fmt_value(solo, sizeof solo, l->k, l->solo);
			tour_fmt_pct(speed, sizeof speed, l->speed);
			fprintf(f, "    %-6s %-14s %14s %14s %6s\n", l->name, l->spec,
			    l->paused ? "paused" : rate, solo, speed);
		}
		if (r->note[0] != '\0')
			fprintf(f, "    %s\n", r->note);
		else if (!r->measured && !r->skipped)
			fprintf(f, "    not measured (advanced before the end of its "
			    "window)\n");
		else if (r->nloads == 0)
			fprintf(f, "    no load running\n");
	}
}

/* A rate in the kernel's unit for JSON, or null. */
static void
tour_json_value(struct strbuf *sb, const struct kernel *k, double rate)
{
	if (k == NULL || !isfinite(rate) || rate <= 0)
		strbuf_puts(sb, "null");
	else
		strbuf_json_num(sb, kernel_display(k, rate));
}

/* The summary as one JSON object. */
void
tour_summary_json(const struct tour_player *p, struct strbuf *sb)
{
	const struct tour_step_result	*r;
	const struct tour_load_result	*l;
	int				 i, j;

	strbuf_puts(sb, "{\"tour\":");
	strbuf_json_str(sb, p->t->name);
	strbuf_puts(sb, ",\"title\":");
	strbuf_json_str(sb, p->t->title);
	strbuf_puts(sb, ",\"path\":");
	strbuf_json_str(sb, p->t->path);
	strbuf_puts(sb, ",\"solo_method\":\"each placement alone on this machine in this "
	    "run, the other loads paused\",\"steps\":[");
	for (i = 0; i < p->t->nsteps; i++) {
		r = &p->res[i];
		strbuf_printf(sb, "%s{\"step\":%d,\"title\":", i ? "," : "", i + 1);
		strbuf_json_str(sb, p->t->steps[i].title);
		strbuf_printf(sb, ",\"ran\":%s,\"skipped\":%s,\"measured\":%s,\"note\":",
		    r->ran ? "true" : "false", r->skipped ? "true" : "false",
		    r->measured ? "true" : "false");
		strbuf_json_str(sb, r->note[0] != '\0' ? r->note : NULL);
		strbuf_puts(sb, ",\"yield\":");
		strbuf_json_num(sb, r->measured ? r->yield : NAN);
		strbuf_puts(sb, ",\"loads\":[");
		for (j = 0; j < r->nloads; j++) {
			l = &r->loads[j];
			strbuf_printf(sb, "%s{\"name\":", j ? "," : "");
			strbuf_json_str(sb, l->name);
			strbuf_puts(sb, ",\"spec\":");
			strbuf_json_str(sb, l->spec);
			strbuf_puts(sb, ",\"kernel\":");
			strbuf_json_str(sb, l->k != NULL ? l->k->name : NULL);
			strbuf_printf(sb, ",\"cpus\":[%d", l->cpu);
			if (l->cpu_b != -1)
				strbuf_printf(sb, ",%d", l->cpu_b);
			strbuf_puts(sb, "],\"unit\":");
			strbuf_json_str(sb, l->k != NULL ? l->k->unit : NULL);
			strbuf_printf(sb, ",\"paused\":%s,\"rate\":", l->paused ? "true" :
			    "false");
			tour_json_value(sb, l->k, l->rate);
			strbuf_puts(sb, ",\"solo\":");
			tour_json_value(sb, l->k, l->solo);
			strbuf_puts(sb, ",\"speed\":");
			strbuf_json_num(sb, l->speed);
			strbuf_puts(sb, "}");
		}
		strbuf_puts(sb, "]}");
	}
	strbuf_puts(sb, "]}\n");
}

/* ------------------------------------------------------------ headless */

/* The headless host: loads on this machine, output as plain text. */
struct tour_host {
	const struct topo	*m;
	struct loads		*ls;
	struct tour_names	 names;
	int			 failed;
	FILE			*out;
};

/* Add a load's name and id to a host's map. */
int
tour_names_add(struct tour_names *names, const char *name, int id)
{
	if (names->n == TOUR_LOADS_MAX)
		return -1;
	snprintf(names->map[names->n].name, sizeof names->map[0].name, "%s", name);
	names->map[names->n++].id = id;
	return 0;
}

/* The id of a tour load, or -1; remove drops it from the map. */
int
tour_names_id(struct tour_names *names, const char *name, int remove)
{
	int	i, id;

	for (i = 0; i < names->n; i++) {
		if (strcmp(names->map[i].name, name) != 0)
			continue;
		id = names->map[i].id;
		if (remove) {
			memmove(&names->map[i], &names->map[i + 1],
			    (size_t)(names->n - i - 1) * sizeof names->map[0]);
			names->n--;
		}
		return id;
	}
	return -1;
}

/* Start a load for the player. */
static int
tour_host_start(void *arg, const char *name, const char *text, char *err, size_t errlen)
{
	struct tour_host	*h = arg;
	struct load_spec	 spec;
	int			 id;

	if (h->names.n == TOUR_LOADS_MAX) {
		snprintf(err, errlen, "too many loads");
		return -1;
	}
	if (loads_parse(h->m, text, &spec, err, errlen) == -1 ||
	    (id = loads_start(h->ls, &spec, err, errlen)) == -1)
		return -1;
	return tour_names_add(&h->names, name, id);
}

/* Stop a load for the player. */
static int
tour_host_stop(void *arg, const char *name)
{
	struct tour_host	*h = arg;
	int			 id = tour_names_id(&h->names, name, 1);

	return id == -1 ? -1 : loads_stop(h->ls, id);
}

/* Move a load for the player. */
static int
tour_host_move(void *arg, const char *name, int cpu, int cpu_b, char *err, size_t errlen)
{
	struct tour_host	*h = arg;
	struct cpuset		 set;
	int			 id = tour_names_id(&h->names, name, 0);

	if (id == -1) {
		snprintf(err, errlen, "no load %s", name);
		return -1;
	}
	cpuset_zero(&set);
	cpuset_set(&set, cpu);
	return loads_move(h->ls, id, &set, cpu_b, err, errlen);
}

/* Pause or resume a load for the player. */
static int
tour_host_pause(void *arg, const char *name, int pause)
{
	struct tour_host	*h = arg;
	int			 id = tour_names_id(&h->names, name, 0);

	return id == -1 ? -1 : loads_pause(h->ls, id, pause);
}

/* A fresh sample of a load. */
static int
tour_host_sample(void *arg, const char *name, struct load_sample *out)
{
	struct tour_host	*h = arg;
	struct load		*l;
	int			 id = tour_names_id(&h->names, name, 0);

	loads_reap(h->ls);
	if (id == -1 || (l = loads_get(h->ls, id)) == NULL || l->state == LOAD_DEAD)
		return -1;
	loads_peek(h->ls, l, out);
	return 0;
}

/* Say which CPUs the step points at. */
static void
tour_host_highlight(void *arg, const struct cpuset *cpus)
{
	struct tour_host	*h = arg;
	char			 list[256];

	if (cpuset_count(cpus) == 0)
		return;
	cpuset_format(cpus, list, sizeof list);
	fprintf(h->out, "    look at CPU %s\n", list);
}

/* Print a caption wrapped at 76 columns, indented. */
static void
tour_host_caption(FILE *f, const char *caption)
{
	const char	*p = caption, *w;
	size_t		 col = 0, len;

	while (*p != '\0') {
		if (*p == '\n') {
			fputs(col > 0 ? "\n\n" : "\n", f);
			col = 0;
			p++;
			continue;
		}
		if (*p == ' ') {
			p++;
			continue;
		}
		for (w = p; *w != '\0' && *w != ' ' && *w != '\n'; w++)
			;
		len = (size_t)(w - p);
		if (col > 0 && col + 1 + len > 76) {
			fputc('\n', f);
			col = 0;
		}
		fprintf(f, "%s%.*s", col == 0 ? "    " : " ", (int)len, p);
		col += (col == 0 ? 4 : 1) + len;
		p = w;
	}
	if (col > 0)
		fputc('\n', f);
}

/* Print what the player reports, as it happens. */
static void
tour_host_event(void *arg, enum tour_event ev, const struct tour_player *p)
{
	struct tour_host		*h = arg;
	const struct tour_step_result	*r;
	const struct tour_load_result	*l;
	char				 rate[40], solo[40], speed[16];
	int				 i, k = tour_player_step(p);

	switch (ev) {
	case TOUR_EV_STEP:
		fprintf(h->out, "\n== Step %d/%d: %s\n", k + 1,
		    tour_player_tour(p)->nsteps, tour_player_title(p));
		tour_host_caption(h->out, tour_player_caption(p));
		if (tour_player_note(p) != NULL)
			fprintf(h->out, "    %s\n", tour_player_note(p));
		break;
	case TOUR_EV_SOLO:
		fprintf(h->out, "    (%s)\n", tour_player_status(p));
		break;
	case TOUR_EV_FAILED:
		h->failed = 1;
		fprintf(h->out, "    %s\n", tour_player_note(p));
		break;
	case TOUR_EV_MEASURED:
		r = tour_player_result(p, k);
		for (i = 0; i < r->nloads; i++) {
			l = &r->loads[i];
			tour_fmt_value(rate, sizeof rate, l->k, l->rate);
			tour_fmt_value(solo, sizeof solo, l->k, l->solo);
			tour_fmt_pct(speed, sizeof speed, l->speed);
			if (l->paused)
				fprintf(h->out, "    %-5s %-12s paused\n", l->name, l->spec);
			else
				fprintf(h->out, "    %-5s %-12s %14s   solo %14s   speed %5s\n",
				    l->name, l->spec, rate, solo, speed);
		}
		if (isfinite(r->yield))
			fprintf(h->out, "    yield %.2f (the work of %.2f loads running "
			    "alone)\n", r->yield, r->yield);
		break;
	case TOUR_EV_DONE:
		break;
	}
	fflush(h->out);
}

static const struct tour_ops tour_host_ops = {
	tour_host_start, tour_host_stop, tour_host_move, tour_host_pause,
	tour_host_sample, tour_host_highlight, tour_host_event
};

/* Write the JSON summary to a file; -1 with a message. */
static int
tour_record(const struct tour_player *p, const char *path)
{
	struct strbuf	 sb;
	FILE		*f;
	int		 rc = 0;

	strbuf_init(&sb);
	tour_summary_json(p, &sb);
	if ((f = fopen(path, "w")) == NULL) {
		fprintf(stderr, "smtscope: tour: %s: %s\n", path, strerror(errno));
		strbuf_free(&sb);
		return -1;
	}
	fputs(sb.s, f);
	if (fclose(f) != 0) {
		fprintf(stderr, "smtscope: tour: %s: %s\n", path, strerror(errno));
		rc = -1;
	}
	strbuf_free(&sb);
	return rc;
}

/* Run a tour without a screen: each step printed as it is measured. */
static int
tour_headless(const struct tour *t, const struct tour_options *opt, const char *record)
{
	struct tour_host	 h;
	struct tour_player	*p;
	struct topo		*m;
	sigset_t		 set;
	char			 err[512];
	double			 now, deadline, wait;
	int			 sig = 0, rc;

	if ((m = topo_load_live(err, sizeof err)) == NULL) {
		fprintf(stderr, "smtscope: tour: %s\n", err);
		return CMD_FAIL;
	}
	memset(&h, 0, sizeof h);
	h.m = m;
	h.out = stdout;
	measure_signals_block();
	h.ls = loads_new(m);
	p = tour_player_new(t, m, &tour_host_ops, &h, opt);
	printf("Tour %s: %s (%d steps, %s)\n", t->name, t->title, t->nsteps, t->path);
	now = (double)util_now_ns() / 1e9;
	deadline = tour_player_begin(p, now);
	while (!tour_player_done(p)) {
		now = (double)util_now_ns() / 1e9;
		wait = deadline - now;
		if (wait > 0 && (sig = measure_sleep(wait < 0.5 ? wait : 0.5)) != 0)
			break;
		loads_reap(h.ls);
		now = (double)util_now_ns() / 1e9;
		deadline = tour_player_tick(p, now);
		if (isinf(deadline))
			deadline = now + 0.5;
	}
	tour_player_quit(p);
	loads_free(h.ls);
	printf("\n");
	tour_summary_print(p, stdout);
	fflush(stdout);
	rc = h.failed ? CMD_FAIL : CMD_OK;
	if (record != NULL && tour_record(p, record) == -1)
		rc = CMD_FAIL;
	tour_player_free(p);
	topo_free(m);
	if (sig != 0) {
		signal(sig, SIG_DFL);
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		raise(sig);
		return 128 + sig;
	}
	return rc;
}

/* ------------------------------------------------------------- command */

/* Print the help of `smtscope tour`. */
static void
tour_help(void)
{
	printf("usage: smtscope tour [--step S] [--record FILE] [-t THEME] [--headless] "
	    "NAME|FILE\n"
	    "       smtscope tour --check [-i FILE.xml|SYNTHETIC] NAME|FILE...\n"
	    "       smtscope tour --list\n"
	    "\n"
	    "Play a scripted demo: each step has a caption and puts loads on places\n"
	    "that adapt to this machine (sibling-of a, other-core-of a); a place that\n"
	    "does not exist here skips its step with a note. Every speed is measured\n"
	    "against the same load alone, in this run. A summary table ends the tour.\n"
	    "\n"
	    "  -s, --step S      every step advances by itself after S seconds\n"
	    "  -r, --record FILE write the summary as JSON\n"
	    "  -t, --theme NAME  the screen's theme (default: the tour's own)\n"
	    "  -H, --headless    print the steps instead of drawing (also when stdout\n"
	    "                    is not a terminal)\n"
	    "  -c, --check       parse and report errors (exit 2), and which steps this\n"
	    "                    machine (or -i) would skip; run nothing\n"
	    "  -i, --input X     with --check: resolve against another topology\n"
	    "  -l, --list        the shipped tours\n"
	    "\n"
	    "NAME is a shipped tour (./doc/tours or %s/tours). See smtscope-tour(5).\n",
	    SMTSCOPE_DATADIR);
}

/* `smtscope tour --check`: parse each, and say what would be skipped. */
static int
tour_check(char **files, int n, const char *input)
{
	struct tour_player	*p;
	struct tour		*t;
	struct topo		*m = NULL;
	const char		*note;
	char			 err[512];
	int			 i, j, rc = CMD_OK;

	if (input != NULL && (m = topo_load_input(input, err, sizeof err)) == NULL)
		return cmd_usage_error("tour", "%s", err);
	if (input == NULL)
		m = topo_load_live(err, sizeof err);
	for (i = 0; i < n; i++) {
		if ((t = tour_load(files[i], err, sizeof err)) == NULL) {
			fprintf(stderr, "smtscope: tour: %s\n", err);
			rc = CMD_USAGE;
			continue;
		}
		printf("%s: ok: %s, %d step%s\n", t->path, t->name, t->nsteps,
		    t->nsteps == 1 ? "" : "s");
		if (m != NULL) {
			p = tour_player_new(t, m, NULL, NULL, NULL);
			for (j = 0; j < t->nsteps; j++) {
				note = tour_player_skip_note(p, j);
				if (*note != '\0')
					printf("  step %d (%s) is skipped %s: %s\n", j + 1,
					    t->steps[j].title, input != NULL ? "there" :
					    "here", note);
			}
			tour_player_free(p);
		}
		tour_free(t);
	}
	topo_free(m);
	return rc;
}

/* `smtscope tour --list`: the shipped tours with their titles. */
static int
tour_list(void)
{
	static const char *const dirs[] = { "doc/tours", SMTSCOPE_DATADIR "/tours" };
	struct dirent	*de;
	struct tour	*t;
	DIR		*d;
	char		 err[512], *path;
	size_t		 i, len;
	int		 found = 0;

	for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		if ((d = opendir(dirs[i])) == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			len = strlen(de->d_name);
			if (len < 6 || strcmp(de->d_name + len - 5, ".tour") != 0)
				continue;
			path = xasprintf("%s/%s", dirs[i], de->d_name);
			if ((t = tour_load(path, err, sizeof err)) != NULL) {
				printf("%-20s %s  (%s)\n", t->name, t->title, path);
				tour_free(t);
				found++;
			} else
				printf("%-20.*s broken: %s\n", (int)(len - 5), de->d_name, err);
			free(path);
		}
		closedir(d);
	}
	if (found == 0)
		printf("no tours found in ./doc/tours or %s/tours\n", SMTSCOPE_DATADIR);
	return CMD_OK;
}

/* `smtscope tour [options] NAME|FILE`. */
int
cmd_tour(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "step", required_argument, NULL, 's' },
		{ "record", required_argument, NULL, 'r' },
		{ "theme", required_argument, NULL, 't' },
		{ "headless", no_argument, NULL, 'H' },
		{ "check", no_argument, NULL, 'c' },
		{ "input", required_argument, NULL, 'i' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct tour_options	 opt;
	struct tour		*t;
	const char		*record = NULL, *input = NULL, *theme = NULL;
	char			 err[512];
	int			 ch, check = 0, headless = 0, rc;

	memset(&opt, 0, sizeof opt);
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":s:r:t:Hci:lh", longopts, NULL)) != -1) {
		switch (ch) {
		case 's':
			if (util_parse_seconds(optarg, &opt.step_s) == -1 ||
			    opt.step_s < 0.2 || opt.step_s > 3600)
				return cmd_usage_error("tour", "bad --step '%s' (seconds, 0.2 "
				    "to 3600)", optarg);
			break;
		case 'r':
			record = optarg;
			break;
		case 't':
			theme = optarg;
			break;
		case 'H':
			headless = 1;
			break;
		case 'c':
			check = 1;
			break;
		case 'i':
			input = optarg;
			break;
		case 'l':
			return tour_list();
		case 'h':
			tour_help();
			return CMD_OK;
		case ':':
			return cmd_usage_error("tour", "option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			return cmd_usage_error("tour", "unknown option '%s' (see smtscope tour "
			    "--help)", argv[optind - 1]);
		}
	}
	if (optind == argc)
		return cmd_usage_error("tour", "no tour given (e.g. smtscope tour "
		    "smt-basics; smtscope tour --list)");
	if (check)
		return tour_check(argv + optind, argc - optind, input);
	if (input != NULL)
		return cmd_usage_error("tour", "-i is for --check only: a tour runs loads "
		    "on this machine");
	if (argc - optind > 1)
		return cmd_usage_error("tour", "one tour at a time");
	if ((t = tour_load(argv[optind], err, sizeof err)) == NULL)
		return cmd_usage_error("tour", "%s", err);
	if (!headless && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO))
		rc = ui_tour(t, &opt, theme, record);
	else {
		opt.auto_advance = 1;
		rc = tour_headless(t, &opt, record);
	}
	tour_free(t);
	return rc;
}
