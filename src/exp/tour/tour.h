/*
 * tour.h: scripted demos: the tour file format, parsed and checked for syntax
 * (tour_parse.c). Resolution against a machine is tour_plan.h; playing a
 * tour is tour_player.h; the headless host and the summary are tour_host.h.
 */
#ifndef SMTSCOPE_TOUR_H
#define SMTSCOPE_TOUR_H

#include <stddef.h>

#include "base/xdg.h"

#define TOUR_NAME_MAX		16	/* a load name, NUL included */
#define TOUR_LOADS_MAX		32	/* loads alive at once */
#define TOUR_STEPS_MAX		256
#define TOUR_ACTIONS_MAX	64	/* per step */
#define TOUR_FILE_MAX		(1024 * 1024)

/* A tour file as parsed: every name and place checked for syntax, nothing resolved. */
enum tour_action_type {
	TOUR_START,
	TOUR_STOP,
	TOUR_STOP_ALL,
	TOUR_MOVE,
	TOUR_PAUSE,
	TOUR_RESUME,
	TOUR_HIGHLIGHT,
	TOUR_IDLE		/* idle held | idle as-is: name "held" or "as-is" */
};

/* A place as written: a topology place, or a relation to a named load. */
enum tour_place_kind {
	TOUR_PLACE_TOPO,		/* "core:0.pu:1", "package:1.core:0.pu:0", "3" */
	TOUR_PLACE_SAME_PU,		/* same-pu-of NAME */
	TOUR_PLACE_SIBLING,		/* sibling-of NAME */
	TOUR_PLACE_OTHER_CORE,		/* other-core-of NAME */
	TOUR_PLACE_OTHER_PACKAGE	/* other-package-of NAME */
};

struct tour_place {
	enum tour_place_kind	 kind;
	char			 text[64];	/* TOPO: the place; else the load name */
};

struct tour_action {
	enum tour_action_type	 type;
	int			 line;
	char			 name[TOUR_NAME_MAX];	/* the load, "" for highlight */
	char			 kernel[80];	/* START: "hash", "chase:1m" */
	struct tour_place	 place[2];	/* START, MOVE, HIGHLIGHT */
	int			 nplaces;	/* 1, or 2 for the ends of pipe */
};

struct tour_step {
	int			 line;
	char			*title;
	char			*caption;	/* paragraphs joined by "\n", or "" */
	double			 wait_s;	/* its own time, or 0 for the default */
	struct tour_action	*actions;
	int			 nactions;
};

struct tour {
	char			*path;		/* as opened, for messages */
	char			*name;		/* from the `tour` line */
	char			*title;		/* or the name */
	char			*theme;		/* suggested theme, or NULL */
	double			 wait_s;	/* default step time, 0 none */
	struct tour_step	*steps;
	int			 nsteps;
};

/* Parse a tour from memory; NULL with "PATH:LINE: what" in err. */
struct tour	*tour_parse(const char *buf, size_t len, const char *path, char *err,
		    size_t errlen);
/* Find a tour by path or name (in the directories of tour_dirs()) and parse it. */
struct tour	*tour_load(const char *name_or_path, char *err, size_t errlen);
/* Where tours are: the user's, beside the executable, installed; how many. */
#define TOUR_NDIRS	3	/* the user's, the build tree's, the installed */
int		 tour_dirs(char dirs[][XDG_DIR_LEN], int max);
/* Is the argument a path (a '/' in it, or a name ending in .tour), not a tour's name? */
int		 tour_is_path(const char *arg);
void		 tour_free(struct tour *);

#endif
