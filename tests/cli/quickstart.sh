#!/bin/sh
# tests/cli/quickstart.sh: the README's quick-start line never removes a
# package. It is run as written with apt-get, make, ./configure and
# ./smtscope replaced by stubs that log their arguments: where hwloc's tools
# are already there (from `hwloc` or `hwloc-nox`) it asks for no hwloc
# package (apt-get would swap `hwloc` for `hwloc-nox`); where they are
# missing it asks for hwloc-nox.
. tests/lib.sh

line=$(grep '^    apt-get update' README | sed 's/^    //')
[ -n "$line" ]
ok $? "README has a quick-start apt line"

# quickstart_run DIR WITH_LSTOPO: runs the line in DIR with stubs on PATH.
quickstart_run() {
	d=$1
	mkdir -p "$d/bin"
	for s in apt-get make; do
		printf '#!/bin/sh\necho "%s $*" >> "%s/log"\n' "$s" "$d" > "$d/bin/$s"
		chmod +x "$d/bin/$s"
	done
	for s in configure smtscope; do
		printf '#!/bin/sh\necho "./%s $*" >> "%s/log"\n' "$s" "$d" > "$d/$s"
		chmod +x "$d/$s"
	done
	if [ "$2" = yes ]; then
		printf '#!/bin/sh\nexit 0\n' > "$d/bin/lstopo-no-graphics"
		chmod +x "$d/bin/lstopo-no-graphics"
	fi
	: > "$d/log"
	# Only the stubs and the shell's own tools: no real lstopo found.
	mkdir -p "$d/sys"
	for t in sh grep sed; do
		p=$(command -v $t) && ln -sf "$p" "$d/sys/$t"
	done
	(cd "$d" && PATH="$d/bin:$d/sys" sh -c "$line") > "$d/out" 2>&1
}

quickstart_run "$TMP/have" yes
rc=$?
[ $rc -eq 0 ] && ! grep -Eq ' hwloc(-nox)?( |$)' "$TMP/have/log" && grep -q '^./smtscope' "$TMP/have/log"
ok $? "with hwloc's tools installed, the line installs no hwloc package and builds: $(tr '\n' ';' < "$TMP/have/log")"

quickstart_run "$TMP/none" no
rc=$?
[ $rc -eq 0 ] && grep -q '^apt-get install -y hwloc-nox$' "$TMP/none/log" && grep -q '^./smtscope' "$TMP/none/log"
ok $? "without them, the line installs hwloc-nox and builds: $(tr '\n' ';' < "$TMP/none/log")"

! grep -q 'remove\|purge\|autoremove' "$TMP/have/log" "$TMP/none/log"
ok $? "the line removes nothing"

done_testing
