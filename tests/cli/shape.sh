# tests/cli/shape.sh: the house's shape: no include cycle, no call cycle, no
# file over 1,000 lines, no function over 80, the layers of src/LAYERS (an
# experiment's folder never reaches another's), each library in its room
# (tests/tools/shape.py; doc/HACKING). Then the rules themselves: each
# planted breach, in a copy of src/, must fail.
. tests/lib.sh
if ! command -v python3 > /dev/null 2>&1; then
	skip "python3 not installed"
	done_testing
	exit 0
fi
python3 tests/tools/shape.py src > "$TMP/shape" 2>&1
grep '^#' "$TMP/shape"
for what in "no include cycle" "no call cycle" "no source file over" \
    "no function over" "every include allowed by src/LAYERS" \
    "every call allowed by src/LAYERS" "each library in its room"; do
	l=$(grep -E "^(not )?ok - $what" "$TMP/shape")
	case $l in
	"ok - "*) ok 0 "${l#ok - }" ;;
	*) ok 1 "${l#not ok - }" ;;
	esac
done

# plant NAME RULE WORDS: shape.py on $TMP/src (planted) fails RULE, naming WORDS.
plant() {
	_out=$(python3 tests/tools/shape.py "$TMP/src" 2>&1)
	_rc=$?
	_l=$(printf '%s\n' "$_out" | grep -E "^not ok - $2")
	if [ "$_rc" -eq 1 ] && [ -n "$_l" ] && printf '%s' "$_l" | grep -qF "$3"; then
		ok 0 "a planted $1 fails: ${_l#not ok - }"
	else
		_got=$(printf '%s\n' "$_out" | grep '^not ok' | head -n 3)
		ok 1 "a planted $1 fails '$2' naming $3: exit $_rc, got: $_got"
	fi
	rm -rf "$TMP/src"
	cp -R src "$TMP/src"
}
cp -R src "$TMP/src"
# Two headers that include each other.
printf '#include "base/plantb.h"\n' > "$TMP/src/base/planta.h"
printf '#include "base/planta.h"\n' > "$TMP/src/base/plantb.h"
plant "include cycle" "no include cycle" "base/planta base/plantb"
# Two files that call each other, each with a prototype of its own: no
# include joins them, only the calls.
printf 'int plantb_g(void);\n\n/* A. */\nint\nplanta_f(void)\n{\n\treturn plantb_g();\n}\n' > "$TMP/src/base/planta.c"
printf 'int planta_f(void);\n\n/* B. */\nint\nplantb_g(void)\n{\n\treturn planta_f();\n}\n' > "$TMP/src/base/plantb.c"
plant "call cycle" "no call cycle" "base/planta.c base/plantb.c"
# One experiment including another's header.
printf '#include "exp/infer/infer.h"\n' >> "$TMP/src/exp/check/check_run.c"
plant "cross-experiment include" "every include allowed" \
    "exp/check/check_run.c (exp/check) includes exp/infer/infer.h (exp/infer)"
# The shared part of exp/ including an experiment's.
printf '#include "exp/check/check.h"\n' >> "$TMP/src/exp/idle_hold.c"
plant "include from exp/ into an experiment" "every include allowed" \
    "exp/idle_hold.c (exp) includes exp/check/check.h (exp/check)"
# A lower layer including a higher one.
printf '#include "exp/check/check.h"\n' >> "$TMP/src/engine/solo.c"
plant "include from engine/ up into exp/" "every include allowed" \
    "engine/solo.c (engine) includes exp/check/check.h (exp/check)"
# A call into another experiment with a hand-written prototype, no include.
printf '\nint infer_estimate(void);\n/* A call across. */\nint\ncheck_plant(void)\n{\n\treturn infer_estimate();\n}\n' \
    >> "$TMP/src/exp/check/check_run.c"
plant "call into another experiment" "every call allowed" \
    "exp/check/check_run.c (exp/check) calls infer_estimate of exp/infer/infer_plan.c (exp/infer)"
done_testing
