# tests/cli/seam.sh: the OS seam is whole. Everything Linux-specific is in
# src/os/linux*.c behind src/os/os.h (doc/HACKING, "A port"), so:
#  1. every other source file compiles with POSIX.1-2008 and XSI alone: a
#     config.h without _GNU_SOURCE, -D_POSIX_C_SOURCE=200809L
#     -D_XOPEN_SOURCE=700, neither _GNU_SOURCE nor _DEFAULT_SOURCE (glibc
#     then declares no GNU or BSD extension: memfd_create, sched_getcpu,
#     pipe2, wait4, vasprintf... are errors);
#  2. no other file includes a Linux header (<linux/...>, <sys/prctl.h>,
#     <sys/signalfd.h>, <sys/timerfd.h>, <sys/syscall.h>, ...), which
#     declare their functions whatever the feature macros;
#  3. no other object file calls a Linux-only function (nm), and none but
#     the fork kernel calls fork(): every child comes from os_spawn().
# Each check is first shown to catch a file that breaks it.
. tests/lib.sh

CC=$(sed -n 's/^CC[	 ]*=[	 ]*//p' Makefile 2> /dev/null)
CC=${CC:-cc}
# The libraries' include paths without their feature macros.
incs=
for w in $(sed -n 's/^LIBCFLAGS[	 ]*=//p' Makefile 2> /dev/null); do
	case $w in -D*|-U*) ;; *) incs="$incs $w" ;; esac
done
sed '/_GNU_SOURCE/d; /_DEFAULT_SOURCE/d' config.h > "$TMP/config.h"
FLAGS="-std=c11 -fsyntax-only -Werror=implicit-function-declaration -I$TMP -I. -Isrc \
    -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700 -U_GNU_SOURCE -U_DEFAULT_SOURCE"
HEADERS='^[	 ]*#[	 ]*include[	 ]*<(linux/|asm/|sys/prctl\.h|sys/signalfd\.h|sys/timerfd\.h|sys/syscall\.h|sys/epoll\.h|sys/inotify\.h|sys/eventfd\.h|sys/sysinfo\.h|sys/vfs\.h|sys/sysmacros\.h|malloc\.h|mntent\.h)'
SYMBOLS='prctl signalfd timerfd_create timerfd_settime timerfd_gettime memfd_create
    sched_getcpu syscall epoll_create epoll_create1 epoll_ctl epoll_wait inotify_init
    inotify_init1 eventfd sched_setaffinity sched_getaffinity pthread_setaffinity_np
    pthread_getaffinity_np malloc_trim mallinfo get_nprocs get_nprocs_conf sysinfo
    getauxval gettid personality unshare setns splice vmsplice'

# The files the seam keeps out: every source file but the Linux implementation.
files=$(ls src/*.c src/*/*.c src/engine/*/*.c 2> /dev/null | grep -v '^src/os/linux')

# 1. The compile check bites: a call to sched_getcpu() is refused.
printf '#include "config.h"\n#include <sched.h>\nint f(void);\nint f(void) { return sched_getcpu(); }\n' \
    > "$TMP/bite.c"
# shellcheck disable=SC2086
! $CC $FLAGS $incs "$TMP/bite.c" > /dev/null 2>&1
ok $? "the POSIX-only compile refuses a Linux call (sched_getcpu)"
bad=
for f in $files; do
	# shellcheck disable=SC2086
	if ! $CC $FLAGS $incs "$f" > "$TMP/cc.out" 2>&1; then
		bad="$bad $f"
		sed -n 's/^[^:]*:[0-9]*:[0-9]*: error: /    /p' "$TMP/cc.out" | head -n 3 |
		    while read -r l; do diag "$f: $l"; done
	fi
done
[ -z "$bad" ]
ok $? "$(echo "$files" | wc -w) files outside src/os/linux* compile with POSIX.1-2008 and XSI alone (failing:${bad:- none})"

# 2. No Linux header outside src/os/linux*.
printf '#include <sys/prctl.h>\n' | grep -Eq "$HEADERS"
ok $? "the header check catches <sys/prctl.h>"
# shellcheck disable=SC2086
found=$(grep -EHn "$HEADERS" $files $(ls src/*/*.h src/engine/*/*.h 2> /dev/null | grep -v "^src/os/linux"))
[ -z "$found" ]
ok $? "no Linux header outside src/os/linux* (${found:-none})"

# 3. No Linux-only call in the objects outside src/os/linux*.
objs=$(for f in $files; do o=${f%.c}.o; [ -f "$o" ] && echo "$o"; done)
if ! command -v nm > /dev/null 2>&1; then
	skip "nm is not installed: the objects' calls are not checked"
elif [ -z "$objs" ]; then
	skip "no object files: build first (make)"
else
	linux=$(nm -u src/os/linux*.o 2> /dev/null | awk '{ print $NF }' | sed 's/@.*//' |
	    sort -u)
	hit=
	for s in $SYMBOLS; do
		echo "$linux" | grep -qx "$s" && hit=1
	done
	[ -n "$hit" ]
	ok $? "the symbol check sees src/os/linux*'s own Linux calls"
	calls=
	for o in $objs; do
		u=$(nm -u "$o" | awk '{ print $NF }' | sed 's/@.*//')
		for s in $SYMBOLS; do
			echo "$u" | grep -qx "$s" && calls="$calls $o:$s"
		done
	done
	[ -z "$calls" ]
	ok $? "$(echo "$objs" | wc -w) objects outside src/os/linux* call no Linux-only function (found:${calls:- none})"
	# Every child through os_spawn(): fork() only in src/os and the fork
	# kernel, whose forks are its measured work.
	forks=
	for o in $objs; do
		case $o in src/engine/kernels/fork.o) continue ;; esac
		nm -u "$o" | awk '{ print $NF }' | sed 's/@.*//' | grep -qx fork &&
		    forks="$forks $o"
	done
	nm -u src/os/linux_spawn.o 2> /dev/null | awk '{ print $NF }' | sed 's/@.*//' |
	    grep -qx fork && [ -z "$forks" ]
	ok $? "fork() is called in os_spawn() alone, and the fork kernel (others:${forks:- none})"
fi
done_testing
