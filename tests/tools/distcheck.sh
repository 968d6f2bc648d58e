#!/bin/sh
# tests/tools/distcheck.sh NAME: check the release tarball NAME.tar.gz as a
# user would use it: unpack it in a temporary directory, configure with a
# non-default prefix, build, make check, install into a DESTDIR and compare
# the files with the expected list, uninstall and check no file is left,
# make distclean and check the tree is the tarball's again, and make dist
# there gives the same files.
set -eu
name=${1:?usage: distcheck.sh NAME}
top=$(pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-distcheck.XXXXXX")
# mktemp -d is mode 0700, as a root user's own build directory would be:
# the tests that run smtscope as another user copy what it needs
# (tests/lib.sh's uid_bindir), so make check passes here too (issue 28).
trap 'chmod -R u+w "$work" 2> /dev/null; rm -rf "$work"' EXIT INT TERM
prefix=/opt/smtscope-distcheck
dest=$work/dest
start=$(date +%s)

fail() {
	echo "distcheck: $*" >&2
	exit 1
}
step() {
	echo "== distcheck: $* ($(( $(date +%s) - start )) s)"
}

step "unpack $name.tar.gz in $work"
tar -xzf "$top/$name.tar.gz" -C "$work"
cd "$work/$name"
find . -type f | sed 's|^\./||' | LC_ALL=C sort > "$work/unpacked"
LC_ALL=C sort MANIFEST | cmp -s - "$work/unpacked" || fail "the tarball's files differ from its MANIFEST"

step "configure --prefix=$prefix --enable-werror, make"
./configure --prefix="$prefix" --enable-werror > "$work/configure.log" 2>&1 ||
	{ cat "$work/configure.log"; fail "configure failed"; }
make -j"$(nproc 2> /dev/null || echo 2)" > "$work/make.log" 2>&1 ||
	{ tail -n 30 "$work/make.log"; fail "make failed"; }

step "make check${DISTCHECK_TESTS:+ CHECK_TESTS=\"$DISTCHECK_TESTS\"}"
# A failed make check fails distcheck at the end; the other steps run.
checked=ok
make check CHECK_TESTS="${DISTCHECK_TESTS:-}" > "$work/check.log" 2>&1 || {
	grep -E -A3 ' [1-9][0-9]* failed, ' "$work/check.log" | head -n 60
	checked=failed
}
grep -E '^[0-9]+ passed, [0-9]+ failed' "$work/check.log" || tail -n 3 "$work/check.log"

step "make install DESTDIR=$dest"
make install DESTDIR="$dest" > "$work/install.log" 2>&1 ||
	{ cat "$work/install.log"; fail "make install failed"; }
(cd "$dest" && find . -type f -o -type l) | sed 's|^\.||' | LC_ALL=C sort > "$work/installed"
sh tests/tools/install-list.sh "$prefix" > "$work/expected"
if ! cmp -s "$work/expected" "$work/installed"; then
	diff -u "$work/expected" "$work/installed" | sed 's/^/    /' >&2
	fail "the installed files differ from the expected list (- expected, + installed)"
fi
echo "installed: $(wc -l < "$work/installed") files, as expected"
"$dest$prefix/bin/smtscope" --version | grep -q "^smtscope " || fail "the installed program does not run"

step "make uninstall DESTDIR=$dest"
make uninstall DESTDIR="$dest" > "$work/uninstall.log" 2>&1 ||
	{ cat "$work/uninstall.log"; fail "make uninstall failed"; }
left=$(cd "$dest" && find . ! -type d)
[ -z "$left" ] || fail "make uninstall left: $(echo $left)"
left=$(cd "$dest" && find . -type d -name smtscope)
[ -z "$left" ] || fail "make uninstall left directories: $(echo $left)"
echo "uninstalled: no file left; empty standard directories: $(cd "$dest" && find . -mindepth 1 -type d | wc -l)"

step "make distclean: the tree is the tarball's again"
make distclean > "$work/distclean.log" 2>&1 || fail "make distclean failed"
find . -type f | sed 's|^\./||' | LC_ALL=C sort > "$work/after"
if ! cmp -s "$work/unpacked" "$work/after"; then
	diff -u "$work/unpacked" "$work/after" | sed 's/^/    /' >&2
	fail "make distclean leaves the tree unlike the tarball (- tarball, + left)"
fi

step "make dist from the unpacked tarball"
./configure > /dev/null 2>&1 || fail "configure failed the second time"
make dist > /dev/null || fail "make dist failed in the unpacked tarball"
tar -tzf "$name.tar.gz" | grep -v '/$' | sed "s|^$name/||" | LC_ALL=C sort > "$work/again"
cmp -s "$work/unpacked" "$work/again" || fail "make dist in the unpacked tarball gives other files"
[ $checked = ok ] || fail "make check failed in the unpacked tarball (above); every other step passed"
step "$name.tar.gz is ready for distribution"
