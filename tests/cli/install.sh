# tests/cli/install.sh: make install and uninstall honour DESTDIR and PREFIX.
. tests/lib.sh

d="$TMP/root"
make -s install DESTDIR="$d" PREFIX=/usr > "$TMP/out" 2>&1
ok $? "make install DESTDIR=... PREFIX=/usr succeeds"
[ -x "$d/usr/bin/smtscope" ]
ok $? "the program is installed in PREFIX/bin"
"$d/usr/bin/smtscope" --version | grep -q smtscope
ok $? "the installed program runs"
[ -x "$d/usr/libexec/smtscope/smtscope-load" ]
ok $? "the load program is installed in PREFIX/libexec/smtscope"
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
[ -f "$d/usr/share/bash-completion/completions/smtscope" ] &&
    [ -f "$d/usr/share/zsh/site-functions/_smtscope" ]
ok $? "the bash and zsh completions are installed where bash-completion and zsh look"
(cd "$d" && find . ! -type d) | sed 's|^\.||' | LC_ALL=C sort > "$TMP/installed"
sh tests/tools/install-list.sh /usr > "$TMP/expected"
diff "$TMP/expected" "$TMP/installed" > "$TMP/diff"
ok $? "the installed files are the expected list: $(wc -l < "$TMP/installed") files $(tr '\n' ' ' < "$TMP/diff")"
make -s uninstall DESTDIR="$d" PREFIX=/usr > "$TMP/out" 2>&1
[ ! -e "$d/usr/bin/smtscope" ] && [ ! -e "$d/usr/share/smtscope" ] &&
    [ ! -e "$d/usr/libexec/smtscope" ]
ok $? "make uninstall removes what install put there"
left=$(cd "$d" && find . ! -type d)
[ -z "$left" ]
ok $? "and leaves no file: $(echo $left)"

# LIBEXECDIR moves it.
make -s install DESTDIR="$d" PREFIX=/usr LIBEXECDIR=/usr/lib > "$TMP/out" 2>&1
[ -x "$d/usr/lib/smtscope/smtscope-load" ]
ok $? "make install LIBEXECDIR=/usr/lib puts it in /usr/lib/smtscope"
make -s uninstall DESTDIR="$d" PREFIX=/usr LIBEXECDIR=/usr/lib > "$TMP/out" 2>&1
[ ! -e "$d/usr/lib/smtscope" ]
ok $? "and make uninstall LIBEXECDIR=/usr/lib removes it"

# The program looks for it where configure says it is installed.
mkdir "$TMP/conf"
cp configure Makefile.in "$TMP/conf/"
(cd "$TMP/conf" && ./configure --prefix=/opt/x > out 2>&1 &&
    grep -q '^#define SMTSCOPE_LIBEXECDIR "/opt/x/libexec"$' config.h &&
    ./configure --prefix=/opt/x --libexecdir=/usr/lib > out 2>&1 &&
    grep -q '^#define SMTSCOPE_LIBEXECDIR "/usr/lib"$' config.h &&
    grep -q '^LIBEXECDIR = /usr/lib$' Makefile)
ok $? "configure --prefix and --libexecdir reach config.h and Makefile"
(cd "$TMP/conf" && ./configure --libexecdir=lib > out 2> err)
[ $? -ne 0 ] && grep -q 'libexecdir=lib: give an absolute directory' "$TMP/conf/err"
ok $? "a relative --libexecdir is refused: $(cat "$TMP/conf/err")"
done_testing
