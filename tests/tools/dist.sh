#!/bin/sh
# tests/tools/dist.sh NAME: write NAME.tar.gz, the files needed to build,
# test and install smtscope. In a git checkout: the files git tracks but the
# dot files (.ci/, .gitignore); in an unpacked tarball: MANIFEST's. The
# tarball holds a MANIFEST naming its files, and is the same byte for byte
# when made again from the same files (owners, order and times fixed).
set -eu
name=${1:?usage: dist.sh NAME}
here=$(pwd -P)

if top=$(git rev-parse --show-toplevel 2> /dev/null) && [ "$(cd "$top" && pwd -P)" = "$here" ]; then
	list=$(git ls-files | grep -v -e '^\.' -e '^MANIFEST$')
elif [ -f MANIFEST ]; then
	list=$(grep -v '^MANIFEST$' MANIFEST)
else
	echo "dist: neither a git checkout nor a MANIFEST here" >&2
	exit 1
fi

stage=$(mktemp -d "${TMPDIR:-/tmp}/smtscope-dist.XXXXXX")
trap 'rm -rf "$stage"' EXIT INT TERM
mkdir "$stage/$name"
printf '%s\n' "$list" > "$stage/list"
missing=$(while read -r f; do [ -e "$f" ] || echo "$f"; done < "$stage/list")
if [ -n "$missing" ]; then
	echo "dist: listed but not here: $(echo $missing)" >&2
	exit 1
fi
tar -cf - -T "$stage/list" | tar -xf - -C "$stage/$name"
{ cat "$stage/list"; echo MANIFEST; } | LC_ALL=C sort > "$stage/$name/MANIFEST"

# The release date (debian/changelog's top entry) stamps every file.
when=$(sed -n 's/^ -- .*>  //p' debian/changelog 2> /dev/null | head -n 1)
[ -n "$when" ] || when="@0"
LC_ALL=C tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$when" \
    -C "$stage" -cf - "$name" | gzip -n -9 > "$name.tar.gz.tmp"
mv "$name.tar.gz.tmp" "$name.tar.gz"
echo "dist: $name.tar.gz ($(wc -l < "$stage/$name/MANIFEST") files)"
