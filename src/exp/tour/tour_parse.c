/* tour_parse.c: the tour file format: lines, directives, names and places, checked for syntax. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "engine/kernels/kernel.h"
#include "os/os.h"
#include "exp/tour/tour.h"
#include "base/infile.h"
#include "base/util.h"

#ifndef SMTSCOPE_DATADIR
#define SMTSCOPE_DATADIR "/usr/local/share/smtscope"
#endif

#define TOUR_LINE_MAX		1000
#define TOUR_CAPTION_MAX	4096
#define TOUR_NAMES_MAX		64

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
    "caption, start, stop, move, pause, resume, highlight, idle";

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

/* idle held | idle as-is: shallow idle held from this step on, or let go. */
static int
tour_parse_idle(struct tour_parser *tp, char *rest)
{
	char	*argv[2];

	if (tour_split(rest, argv, 2) != 1 || (strcmp(argv[0], "held") != 0 &&
	    strcmp(argv[0], "as-is") != 0))
		return tour_error(tp, "expected: idle held, or idle as-is");
	return tour_add_action(tp, TOUR_IDLE, argv[0]) == NULL ? -1 : 0;
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
	    strcmp(word, "highlight") == 0 || strcmp(word, "idle") == 0) {
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
		if (strcmp(word, "idle") == 0)
			return tour_parse_idle(tp, rest);
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

/* Is this path a regular file? */
static int
tour_is_file(const char *path)
{
	struct stat	st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * Where tours are (base/xdg.h): the user's own ($XDG_DATA_HOME/smtscope/
 * tours, else ~/.local/share/smtscope/tours), then the shipped ones beside
 * the running executable (the build tree's doc/tours), then the installed
 * data directory. Never the current directory: an installed smtscope run
 * as root reads no file it was not given. Returns how many.
 */
int
tour_dirs(char dirs[][XDG_DIR_LEN], int max)
{
	char	exe[512];

	return xdg_dirs(XDG_DATA, "tours", os_exe_dir(exe, sizeof exe) == 0 ? exe : NULL,
	    "doc/tours", dirs, max);
}

/* Is the argument a path (a '/' in it, or a name ending in .tour), not a name? */
int
tour_is_path(const char *arg)
{
	size_t	n = strlen(arg);

	return strchr(arg, '/') != NULL || (n > 5 && strcmp(arg + n - 5, ".tour") == 0);
}

/* Find and parse a tour: a path, or a name looked up in tour_dirs() only. */
struct tour *
tour_load(const char *arg, char *err, size_t errlen)
{
	struct tour	*t;
	char		 dirs[TOUR_NDIRS][XDG_DIR_LEN];
	char		*path = NULL, *buf;
	size_t		 len;
	int		 i, nd = tour_dirs(dirs, TOUR_NDIRS);

	if (tour_is_path(arg))
		path = xstrdup(arg);
	else if (tour_valid_word(arg, 64)) {
		for (i = 0; i < nd && path == NULL; i++) {
			path = xasprintf("%s/%s.tour", dirs[i], arg);
			if (!tour_is_file(path)) {
				free(path);
				path = NULL;
			}
		}
	}
	if (path == NULL) {
		snprintf(err, errlen, "no tour '%s' (a name is looked up as smtscope tour "
		    "--list shows; a file is a path with a '/' or ending in .tour)", arg);
		return NULL;
	}
	if ((buf = infile_read(path, "a tour", TOUR_FILE_MAX, &len, err, errlen)) == NULL) {
		free(path);
		return NULL;
	}
	t = tour_parse(buf, len, path, err, errlen);
	free(buf);
	free(path);
	return t;
}
