#!/bin/bash
# Stack frames over 32 KB (tests/progs/bigframe.c: 40 KB and 100 KB, leaf
# and non-leaf), built -O0 and -O2: the stack trace under the function
# tracer, and (on stages with the graph tracer) the call tree and the
# return values.  MIPS builds such frames with other instructions than
# small ones (arch/mips/prologue.c); every arch runs the same test.
. "$KIT/tests/lib.sh"

LEVELS="-O0 -O2"

oneTimeSetUp() {
	local l
	for l in $LEVELS; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $l \
			-o "$TMPD/bigframe$l" "$KIT/tests/progs/bigframe.c" \
			>"$TMPD/cc.log" 2>&1 ||
			{ cat "$TMPD/cc.log"; fail "ftrace-cc bigframe $l"; }
	done
}

# the first N functions of the stack trace after the K-th line matching RE
stack_after() {
	awk -v re="$2" -v n="$3" '
		$0 ~ re { want = 1; next }
		want && /<stack trace>/ { grab = 1; next }
		grab && /^ => / {
			if (got < n)
				s = s (got++ ? " " : "") $2
			next
		}
		grab { print s; done = 1; exit }
		END { if (grab && !done) print s }' "$1"
}

test_stack_trace_through_big_frames() {
	local l t
	for l in $LEVELS; do
		t=$TMPD/st$l
		FTRACE_TRACE_OPTIONS=func_stack_trace trace_run "$t" \
			"$TMPD/bigframe$l"
		assertEquals "bigframe$l status" 0 $?
		assertEquals "bigframe$l output" "4 7 14 19 43" \
			"$(cat "$t.stdout")"
		assertEquals "$l" "leaf40 nonleaf40 main" \
			"$(stack_after "$t" ': leaf40 <-nonleaf40$' 3)"
		assertEquals "$l" "small_leaf nonleaf100 main" \
			"$(stack_after "$t" ': small_leaf <-nonleaf100$' 3)"
		assertEquals "$l" "leaf100 nonleaf100 main" \
			"$(stack_after "$t" ': leaf100 <-nonleaf100$' 3)"
		assertEquals "$l" "after_all main" \
			"$(stack_after "$t" ': after_all <-main$' 2)"
	done
}

# function_graph: every return of a big-frame function is seen, so the
# nesting is right (a missed return would put after_all one level deeper)
# and no "Bad frame pointer" aborts the program.
test_graph_call_tree_of_big_frames() {
	if [ -z "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ]; then
		startSkipping
		assertTrue "stage $STAGE has no graph tracer" true
		return
	fi
	local l t
	for l in $LEVELS; do
		t=$TMPD/g$l
		FTRACE_CURRENT_TRACER=function_graph trace_run "$t" \
			"$TMPD/bigframe$l"
		assertEquals "bigframe$l status" 0 $?
		assertEquals "bigframe$l output" "4 7 14 19 43" \
			"$(cat "$t.stdout")"
		assertEquals "bigframe$l stderr" "" "$(cat "$t.stderr")"
		assertEquals "bigframe$l call tree" "main() {
leaf40();
leaf100();
nonleaf40() {
small_leaf();
leaf40();
}
nonleaf100() {
small_leaf();
leaf100();
}
after_all();
}" "$(sed -n 's/^ *[0-9]*) [ +!#*@$] *[0-9.]* *\(us\)\{0,1\} *|  *//p' "$t")"
		# the indentation: depth 1, 2, 2, 1
		assertTrue "$l after_all at depth 1" \
			"grep -q '|    after_all();' '$t'"
		assertTrue "$l leaf100 at depth 2" \
			"grep -q '|      leaf100();' '$t'"
	done
}

. shunit2
