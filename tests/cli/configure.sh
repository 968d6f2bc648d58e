# tests/cli/configure.sh: ./configure's options and messages, run in a scratch copy.
. tests/lib.sh

cp configure Makefile.in "$TMP/"
cd "$TMP" || exit 1

./configure --frobnicate > out 2> err
st=$?
[ $st -eq 2 ] && grep -q "unknown option '--frobnicate'" err
ok $? "an unknown option is an error: $(cat err)"

# A pkg-config that knows every library but hwloc.
cat > fakepc <<'PC'
#!/bin/sh
for a; do case $a in hwloc) exit 1 ;; esac; done
exec pkg-config "$@"
PC
chmod +x fakepc
PKG_CONFIG=./fakepc ./configure > out 2> err
st=$?
[ $st -ne 0 ] && [ "$(wc -l < err)" -eq 1 ] && grep -q "apt-get install libhwloc-dev" err
ok $? "a missing hwloc stops with one message naming the package: $(cat err)"

./configure --without-libcpuid --prefix=/opt/x --mandir=/opt/man > out 2> err
st=$?
[ $st -eq 0 ] && grep -q "HAVE_LIBCPUID 0" config.h && grep -q "^PREFIX	= /opt/x" Makefile &&
    grep -q "^MANDIR	= /opt/man" Makefile
ok $? "--without-libcpuid, --prefix and --mandir reach config.h and Makefile"

./configure --enable-werror --enable-debug > out 2> err
grep -q -- "-Werror" Makefile && grep -q -- "-O0" Makefile && grep -q "SMTSCOPE_DEBUG 1" config.h
ok $? "--enable-werror and --enable-debug reach the flags"
[ -s config.log ]
ok $? "checks are logged to config.log"
CC=no-such-cc ./configure > out 2> err
[ $? -ne 0 ] && grep -q "no-such-cc" err
ok $? "a compiler that does not work is named: $(cat err)"
done_testing
