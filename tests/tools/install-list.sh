#!/bin/sh
# tests/tools/install-list.sh PREFIX [ZSHCOMPDIR]: the files `make install`
# must put under PREFIX (default directories), one path a line, sorted,
# worked out from the source tree here, not from the Makefile.
set -eu
p=${1:?usage: install-list.sh PREFIX [ZSHCOMPDIR]}
zsh=${2:-$p/share/zsh/site-functions}
{
	echo "$p/bin/smtscope"
	echo "$p/libexec/smtscope/smtscope-load"
	for f in themes/*.theme; do [ -f "$f" ] && echo "$p/share/smtscope/themes/${f##*/}"; done
	for f in doc/tours/*.tour; do [ -f "$f" ] && echo "$p/share/smtscope/tours/${f##*/}"; done
	for f in doc/*.1 doc/*.5; do [ -f "$f" ] && echo "$p/share/man/man${f##*.}/${f##*/}"; done
	echo "$p/share/bash-completion/completions/smtscope"
	echo "$zsh/_smtscope"
} | LC_ALL=C sort
