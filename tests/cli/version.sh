# tests/cli/version.sh: configure's VERSION is the one version: the
# program, debian/changelog, the installed man pages and the tarball's
# name carry it, and the man pages the date of the changelog's top entry.
. tests/lib.sh

v=$(sed -n 's/^VERSION=//p' configure)
echo "$v" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$'
ok $? "configure holds one version: '$v'"
[ "$("$SMTSCOPE" --version)" = "smtscope $v" ]
ok $? "smtscope --version says it: $("$SMTSCOPE" --version)"
grep -q "^#define SMTSCOPE_VERSION \"$v\"$" config.h
ok $? "config.h carries it"
top=$(head -n 1 debian/changelog)
[ "$(echo "$top" | sed -n 's/^smtscope (\([^)]*\)) .*/\1/p')" = "$v" ]
ok $? "debian/changelog's top entry is that version: $top"
when=$(sed -n 's/^ -- .*>  //p' debian/changelog | head -n 1)
day=$(LC_ALL=C date -u -d "$when" '+%B %-d, %Y')
[ -n "$day" ]
ok $? "debian/changelog's top entry has a date: $when"
make -s -n dist | grep -q "smtscope-$v\$"
ok $? "make dist writes smtscope-$v.tar.gz"

d="$TMP/root"
make -s install DESTDIR="$d" PREFIX=/usr > "$TMP/out" 2>&1
ok $? "make install DESTDIR=... succeeds"
m1=$d/usr/share/man/man1/smtscope.1
m5=$d/usr/share/man/man5/smtscope-tour.5
grep -qx ".Os smtscope $v" "$m1" && grep -qx ".Dd $day" "$m1"
ok $? "smtscope(1) says smtscope $v, $day: $(grep -E '^\.(Dd|Os)' "$m1" | tr '\n' ' ')"
grep -q "^\.TH SMTSCOPE-TOUR 5 \"$day\" \"smtscope $v\"" "$m5"
ok $? "smtscope-tour(5) says smtscope $v, $day: $(grep '^\.TH' "$m5")"
for m in "$m1" "$m5"; do
	if command -v groff > /dev/null 2>&1; then
		[ -z "$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$m" 2>&1)" ]
		ok $? "the installed ${m##*/} formats without a warning"
	else
		skip "groff is not installed: ${m##*/} not formatted"
	fi
done
done_testing
