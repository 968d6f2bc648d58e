#!/bin/sh
# tests/bench/run.sh: the speed goals, checked against independent references.
# Run by `make bench`; slow and noisy by nature, so never part of `make check`.
cd "$(dirname "$0")/../.." || exit 2
for b in tests/bench/*.sh; do
	[ "$b" = tests/bench/run.sh ] && continue
	echo "== $b"
	sh "$b" ./smtscope
done
