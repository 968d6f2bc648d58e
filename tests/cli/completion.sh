# tests/cli/completion.sh: the bash completion (sourced, with and without the
# bash-completion package) offers the commands, options, kernels, themes,
# tours and -i *.xml files; the zsh one (when zsh is here) the same, in a
# real interactive zsh on a pseudo-terminal.
. tests/lib.sh

prog=$(pwd)/smtscope
mkdir -p "$TMP/dir/sub"
: > "$TMP/dir/a.xml"
: > "$TMP/dir/b.txt"
: > "$TMP/dir/c.json"

# comp [bc] LINE: the bash completion's COMPREPLY for LINE (cursor at its
# end), one word a line, sorted; bc: with bash-completion loaded first.
comp() {
	_bc=
	[ "$1" = bc ] && { _bc=/usr/share/bash-completion/bash_completion; shift; }
	(cd "$TMP/dir" && bash -c '
		[ -n "$1" ] && . "$1"
		. "$2"
		COMP_LINE=$3
		COMP_POINT=${#3}
		COMP_WORDS=($3)
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_smtscope
		((${#COMPREPLY[@]})) && printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort' \
	    sh "$_bc" "$OLDPWD/completion/smtscope.bash" "$1") 2> "$TMP/err"
}

# expect NAME WORDS...: is every WORD a line of $TMP/got?
expect() {
	_what=$1
	shift
	_st=0
	for _w; do
		grep -qxF -- "$_w" "$TMP/got" || _st=1
	done
	ok $_st "$_what: $(tr '\n' ' ' < "$TMP/got")"
}

kernels=$("$prog" kernels | awk 'NR > 1 && /^$/ { exit } NR > 1 { print $1 }')
tours=$("$prog" tour --list | awk '{ print $1 }')
[ -n "$kernels" ] && [ -n "$tours" ]
ok $? "smtscope kernels and tour --list name some"

modes=plain
if [ -f /usr/share/bash-completion/bash_completion ]; then
	modes="plain bc"
else
	skip "bash-completion is not installed (apt-get install bash-completion): tested without it only"
fi
for m in $modes; do
	b=; [ $m = bc ] && b=bc
	comp $b "$prog " > "$TMP/got"
	expect "[$m] the commands" topo run check time tour kernels
	comp $b "$prog t" > "$TMP/got"
	expect "[$m] commands starting with t" topo time tour
	! grep -qv '^t' "$TMP/got"
	ok $? "[$m] and nothing else"
	comp $b "$prog -" > "$TMP/got"
	expect "[$m] the live screen's options" -d --delay -t --theme -l --load -i --input --help --version
	comp $b "$prog run --" > "$TMP/got"
	expect "[$m] run's long options" $("$prog" run --help | grep -o -- '--[a-z-]*' | sort -u)
	comp $b "$prog run " > "$TMP/got"
	[ "$(cat "$TMP/got")" = "$(printf '%s@\n' $kernels | LC_ALL=C sort)" ]
	ok $? "[$m] run's loads: every kernel of smtscope kernels, then @: $(tr '\n' ' ' < "$TMP/got")"
	comp $b "$prog run ha" > "$TMP/got"
	[ "$(cat "$TMP/got")" = hash@ ]
	ok $? "[$m] run ha gives hash@: $(cat "$TMP/got")"
	comp $b "$prog -l fp@" > "$TMP/got"
	expect "[$m] -l fp@ gives the CPUs and all" fp@0 fp@all
	comp $b "$prog -t " > "$TMP/got"
	expect "[$m] -t gives the themes" $(ls themes | sed -n 's/\.theme$//p')
	comp $b "$prog run -t " > "$TMP/got"
	[ ! -s "$TMP/got" ]
	ok $? "[$m] run's -t (the time) gives nothing: $(cat "$TMP/got")"
	comp $b "$prog tour " > "$TMP/got"
	expect "[$m] tour gives the shipped tours" $tours
	comp $b "$prog -i " > "$TMP/got"
	expect "[$m] -i gives the .xml files and directories" a.xml sub
	! grep -qx b.txt "$TMP/got"
	ok $? "[$m] and not the other files"
	comp $b "$prog topo --input=" > "$TMP/got"
	expect "[$m] topo --input= gives the .xml files" a.xml
	comp $b "$prog check --kernels hash,f" > "$TMP/got"
	[ "$(cat "$TMP/got")" = "$(printf 'hash,%s\n' $kernels | grep '^hash,f' | LC_ALL=C sort)" ]
	ok $? "[$m] check --kernels hash,f completes the list's last kernel: $(tr '\n' ' ' < "$TMP/got")"
	comp $b "$prog check --cap" > "$TMP/got"
	expect "[$m] check --cap completes --capacity" --capacity
	comp $b "$prog compare " > "$TMP/got"
	expect "[$m] compare gives the .json files and directories" c.json sub
	! grep -qx a.xml "$TMP/got"
	ok $? "[$m] and not the other files"
	comp $b "$prog compare -o " > "$TMP/got"
	expect "[$m] an option's FILE (compare -o FILE) gives every file" a.xml b.txt c.json sub
	comp $b "$prog time -- ls" > "$TMP/got"
	expect "[$m] time -- completes a command" ls
	[ ! -s "$TMP/err" ]
	ok $? "[$m] nothing on stderr: $(head -n 3 "$TMP/err")"
done

# zsh: type LINE and a tab in zsh -f -i on a pseudo-terminal, with compadd
# wrapped to write the words it is given.
if ! command -v zsh > /dev/null 2>&1; then
	skip "zsh is not installed: the zsh completion is not tested"
	done_testing
	exit
fi
zcomp() {
	: > "$TMP/z.out"
	# zsh in a pseudo-terminal of lib.sh's COLUMNS=4096 does not finish: 80.
	(cd "$TMP/dir" && COLUMNS=80 timeout 30 zsh -f -c '
		zmodload zsh/zpty || exit 1
		zpty z "zsh -f -i"
		zpty -w z "PS1=; fpath=($2 \$fpath); autoload -Uz compinit; compinit -u -d $3/zcd"
		zpty -w z "compadd() { builtin compadd \"\$@\"; print -r -- \"\$*\" >> $3/z.out }"
		zpty -n -w z "$1"$'"'"'\t'"'"'
		for i in {1..100}; do [ -s $3/z.out ] && break; sleep 0.1; done
		zpty -w z $'"'"'\C-u'"'"'"print DONE >> $3/z.out"
		for i in {1..200}; do grep -q "^DONE" $3/z.out 2> /dev/null && break; sleep 0.1; done
		zpty -d z' sh "$1" "$OLDPWD/completion" "$TMP") > /dev/null 2>&1
	grep -q '^DONE' "$TMP/z.out" || echo "zsh did not finish" >> "$TMP/z.out"
	tr ' ' '\n' < "$TMP/z.out" > "$TMP/got"
}
zcomp "$prog t"
expect "[zsh] the commands" topo run check time tour kernels
zcomp "$prog run -"
expect "[zsh] run's options" -t --time --json --csv
zcomp "$prog run ha"
expect "[zsh] run's loads are the kernels" $kernels
zcomp "$prog -t "
expect "[zsh] -t gives the themes" $(ls themes | sed -n 's/\.theme$//p')
zcomp "$prog tour "
expect "[zsh] tour gives the shipped tours" $tours
zcomp "$prog check -"
expect "[zsh] check's options" --capacity --kernels --svg
zcomp "$prog check --kernels hash,"
expect "[zsh] --kernels hash, gives the other kernels" $(printf '%s\n' $kernels | grep -vx hash)
done_testing
