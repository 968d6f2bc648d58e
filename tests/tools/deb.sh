#!/bin/sh
# tests/tools/deb.sh NAME: build the Debian package from NAME.tar.gz in a
# temporary directory (dpkg-buildpackage cleans the tree it builds in, so
# this one is left alone) and copy the .deb and .buildinfo here.
# DEB_BUILD_OPTIONS=nocheck skips make check in the package build.
set -eu
name=${1:?usage: deb.sh NAME}
top=$(pwd -P)
for t in dpkg-buildpackage dh fakeroot; do
	command -v "$t" > /dev/null 2>&1 ||
		{ echo "deb: $t not found; install it: apt-get install dpkg-dev debhelper fakeroot" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-deb.XXXXXX")
# mktemp -d is mode 0700, as a root user's own build directory would be:
# the tests that run smtscope as another user copy what it needs
# (tests/lib.sh's uid_bindir), so make check passes here too (issue 28).
trap 'rm -rf "$work"' EXIT INT TERM
tar -xzf "$name.tar.gz" -C "$work"
profiles=
case " ${DEB_BUILD_OPTIONS:-} " in *" nocheck "*) profiles=-Pnocheck ;; esac
(cd "$work/$name" && dpkg-buildpackage -us -uc -b $profiles) > "$work/build.log" 2>&1 ||
	{ tail -n 40 "$work/build.log"; echo "deb: dpkg-buildpackage failed" >&2; exit 1; }
grep -E '^[0-9]+ passed, [0-9]+ failed|^(dpkg-deb: building|dpkg-buildpackage: info: binary-only)' "$work/build.log" || true
cp "$work"/*.deb "$work"/*.buildinfo "$top/"
ls "$work"/*.deb | sed 's|.*/|deb: |'
