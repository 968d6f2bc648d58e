# tests/cli/install.sh: make install and uninstall honour DESTDIR and PREFIX.
. tests/lib.sh

d="$TMP/root"
make -s install DESTDIR="$d" PREFIX=/usr > "$TMP/out" 2>&1
ok $? "make install DESTDIR=... PREFIX=/usr succeeds"
[ -x "$d/usr/bin/smtscope" ]
ok $? "the program is installed in PREFIX/bin"
"$d/usr/bin/smtscope" --version | grep -q smtscope
ok $? "the installed program runs"
if [ -f doc/smtscope.1 ]; then
	[ -f "$d/usr/share/man/man1/smtscope.1" ]
	ok $? "the man page is installed in PREFIX/share/man/man1"
else
	skip "doc/smtscope.1 not written yet"
fi
if ls themes/*.theme > /dev/null 2>&1; then
	[ -n "$(ls "$d/usr/share/smtscope/themes/")" ]
	ok $? "themes are installed in PREFIX/share/smtscope/themes"
else
	skip "no themes yet"
fi
make -s uninstall DESTDIR="$d" PREFIX=/usr > "$TMP/out" 2>&1
[ ! -e "$d/usr/bin/smtscope" ] && [ ! -e "$d/usr/share/smtscope" ]
ok $? "make uninstall removes what install put there"
done_testing
