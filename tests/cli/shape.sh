# tests/cli/shape.sh: the house's shape: no include cycle, no file over
# 1,000 lines, no function over 80, the layers of src/LAYERS, each library in
# its room (tests/tools/shape.py; doc/HACKING).
. tests/lib.sh
if command -v python3 > /dev/null 2>&1; then
	python3 tests/tools/shape.py src > "$TMP/shape" 2>&1
	grep '^#' "$TMP/shape"
	for what in "no include cycle" "no source file over" "no function over" \
	    "every include allowed by src/LAYERS" "each library in its room"; do
		l=$(grep -E "^(not )?ok - $what" "$TMP/shape")
		case $l in
		"ok - "*) ok 0 "${l#ok - }" ;;
		*) ok 1 "${l#not ok - }" ;;
		esac
	done
else
	skip "python3 not installed"
fi
done_testing
