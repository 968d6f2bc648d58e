# bash completion for smtscope(1)                          -*- shell-script -*-
#
# Installed in bash-completion's directory (smtscope is loaded on first use),
# or source it from ~/.bashrc. The commands and options come from the
# program's own --help, kernel names from `smtscope kernels`, tour names from
# `smtscope tour --list`, so they never fall behind the program. Works with
# or without the bash-completion package (which it uses when present).

# _smtscope_options PROG [COMMAND]: "OPTION LONG ARG NAME" lines from --help,
# one per spelling: ARG is 1 when the option takes an argument, NAME its
# name in the help (FILE, LIST...), - when none.
_smtscope_options()
{
	"$@" --help 2> /dev/null | awk '
	/^  +-/ {
		sub(/^ +/, ""); sub(/  .*/, "")
		n = split($0, w, /[ ,]+/); long = ""; arg = 0; name = "-"
		for (i = 1; i <= n; i++) {
			if (w[i] ~ /^--/ && long == "") long = w[i]
			else if (w[i] != "" && w[i] !~ /^-/) { arg = 1; name = w[i] }
		}
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^-/) print w[i], (long == "" ? w[i] : long), arg, name
	}'
}

# _smtscope_commands PROG: the commands in --help's "Commands:" section.
_smtscope_commands()
{
	"$1" --help 2> /dev/null | awk '
	/^Commands:/ { on = 1; next }
	on && /^$/ { exit }
	on && /^  [a-z]/ { print $1 }'
}

# _smtscope_kernels PROG: the kernels `smtscope kernels` lists.
_smtscope_kernels()
{
	"$1" kernels 2> /dev/null | awk 'NR > 1 && /^$/ { exit } NR > 1 { print $1 }'
}

# _smtscope_tours PROG: the shipped tours' names.
_smtscope_tours()
{
	"$1" tour --list 2> /dev/null | awk '{ print $1 }'
}

# _smtscope_themes PROG: theme names in the directories smtscope searches:
# the user's, the one beside the program, the installed one beside its bin.
_smtscope_themes()
{
	local exe dir f
	exe=$(type -P "$1" 2> /dev/null) || exe=$1
	exe=$(readlink -f "$exe" 2> /dev/null) || exe=$1
	dir=${exe%/*}
	for f in "${XDG_CONFIG_HOME:-$HOME/.config}"/smtscope/themes/*.theme \
	    "$dir"/themes/*.theme "$dir"/../share/smtscope/themes/*.theme; do
		[[ -f $f ]] || continue
		f=${f##*/}
		printf '%s\n' "${f%.theme}"
	done | sort -u
}

# _smtscope_files PATTERN: files matching PATTERN (e.g. '*.xml') and directories.
_smtscope_files()
{
	if declare -F _filedir > /dev/null; then
		_filedir "${1#\*.}"
	else
		local IFS=$'\n'
		compopt -o filenames 2> /dev/null
		COMPREPLY=($({ compgen -f -X "!$1" -- "$cur"; compgen -d -- "$cur"; } | sort -u))
	fi
}

# _smtscope_list WORDS: complete the last element of a comma list.
_smtscope_list()
{
	local head= last=$cur
	if [[ $cur == *,* ]]; then
		head=${cur%,*},
		last=${cur##*,}
	fi
	COMPREPLY=($(compgen -P "$head" -W "$1" -- "$last"))
	compopt -o nospace 2> /dev/null
}

# _smtscope_load PROG: KERNEL@ first, then WHERE: a CPU, all, a place, each:SET.
_smtscope_load()
{
	local kernel cpus c
	if [[ $cur != *@* ]]; then
		COMPREPLY=($(compgen -S @ -W "$(_smtscope_kernels "$1")" -- "$cur"))
		compopt -o nospace 2> /dev/null
		return
	fi
	kernel=${cur%%@*}@
	for c in /sys/devices/system/cpu/cpu[0-9]*; do
		[[ -d $c ]] && cpus+=" ${c##*/cpu}"
	done
	COMPREPLY=($(compgen -P "$kernel" -W "$cpus all core: each:all each:cores each:package: each:core: each:numa:" -- "${cur#*@}"))
	[[ ${COMPREPLY[0]} == *: ]] && compopt -o nospace 2> /dev/null
}

# _smtscope_arg PROG LONG NAME: complete the argument of option LONG, named
# NAME in the help: its own completion, else files for a FILE.
_smtscope_arg()
{
	case $2 in
	--input)	_smtscope_files '*.xml' ;;
	--theme)	COMPREPLY=($(compgen -W "$(_smtscope_themes "$1")" -- "$cur"))
			[[ $cur == */* || $cur == .* ]] && _smtscope_files '*.theme' ;;
	--load)		_smtscope_load "$1" ;;
	--kernels)	_smtscope_list "$(_smtscope_kernels "$1")" ;;
	--pairs)	if [[ ${cur##*,} == *+* ]]; then
				local p=${cur%+*}+
				cur=${cur##*+}
				COMPREPLY=($(compgen -P "$p" -W "$(_smtscope_kernels "$1")" -- "$cur"))
				compopt -o nospace 2> /dev/null
			else
				_smtscope_list "$(_smtscope_kernels "$1")"
			fi ;;
	--placements)	_smtscope_list "all cores half" ;;
	--expect-smt)	COMPREPLY=($(compgen -W "on off" -- "$cur")) ;;
	--infer-from-c2c) _smtscope_files '*.json' ;;
	--record)	_smtscope_files '*' ;;
	--prepare)	COMPREPLY=($(compgen -c -- "$cur")) ;;
	*)		COMPREPLY=()
			[[ $3 == *FILE* ]] && _smtscope_files '*' ;;
	esac
}

_smtscope()
{
	local cur prev prog cmd= i w opts long arg words line
	COMPREPLY=()
	# The words as the user typed them, up to the cursor: bash's own split
	# breaks at '=' and ':' (--input=FILE, core:1).
	line=${COMP_LINE:0:COMP_POINT}
	read -ra words <<< "$line"
	[[ $line == *[[:space:]] || ${#words[@]} -eq 0 ]] && words+=("")
	i=$((${#words[@]} - 1))
	cur=${words[i]}
	prev=
	((i > 0)) && prev=${words[i - 1]}
	prog=${words[0]/#\~/$HOME}

	# The command is the first word after the program, if it is one.
	if ((i > 1)) && [[ ${words[1]} != -* ]]; then
		cmd=${words[1]}
	fi
	_smtscope_words "$i"
	# Bash replaces only the part after its last break in the word.
	if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
		local strip=${cur%:*}:
		for i in "${!COMPREPLY[@]}"; do
			COMPREPLY[i]=${COMPREPLY[i]#"$strip"}
		done
	fi
}

# _smtscope_words N: complete the word N (cur) of words (prog, cmd, prev set).
_smtscope_words()
{
	local n=$1 i w long arg name opts

	# time ... -- COMMAND ARGS: a command, then its own arguments.
	if [[ $cmd == time ]]; then
		for ((i = 2; i < n; i++)); do
			[[ ${words[i]} == -- ]] || continue
			if ((i + 1 == n)); then
				COMPREPLY=($(compgen -c -- "$cur" | sort -u))
			else
				compopt -o default 2> /dev/null
				COMPREPLY=()
			fi
			return
		done
	fi

	if ((n == 1)) && [[ $cur != -* ]]; then
		COMPREPLY=($(compgen -W "$(_smtscope_commands "$prog")" -- "$cur"))
		return
	fi

	opts=$(_smtscope_options "$prog" $cmd)

	# The argument of an option (--opt ARG or --opt=ARG).
	if [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		cur=${cur#*=}
	fi
	while read -r w long arg name; do
		if [[ $w == "$prev" && $arg == 1 ]]; then
			_smtscope_arg "$prog" "$long" "$name"
			return
		fi
	done <<< "$opts"

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(awk '{ print $1 }' <<< "$opts")" -- "$cur"))
		return
	fi
	case $cmd in
	run)	_smtscope_load "$prog" ;;
	tour)	COMPREPLY=($(compgen -W "$(_smtscope_tours "$prog")" -- "$cur"))
		[[ $cur == */* || $cur == .* ]] && _smtscope_files '*.tour' ;;
	compare) _smtscope_files '*.json' ;;
	replay)	_smtscope_files '*.jsonl*' ;;
	esac
} &&
	complete -F _smtscope smtscope

# ex: filetype=sh
