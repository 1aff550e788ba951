#!/bin/bash
# Several users of the return stack (struct fgraph_ops): the program's
# own beside the function_graph tracer and the profiler, each seeing
# exactly the calls its filter selects while the others' filters change
# (tests/progs/entry/fgraph.c says what happens in each phase).
. "$KIT/tests/lib.sh"

FGRAPH_WANT="register: 0, again: -16
phase A: mine g1 10/10 g2 10/10 g3 0/0, others 0, bad data 0
phase B: mine g1 10/10 g2 10/10 g3 0/0, others 0, bad data 0
phase C: mine g1 0/0 g2 0/0 g3 10/10, others 0, bad data 0
unregister: 0
phase D: mine g1 0/0 g2 0/0 g3 0/0, others 0, bad data 0
sum 780
swap: 5, mine 1/0, other 0/0, same index yes
back: 6, mine 1/1, at its index yes, newcomer elsewhere, other 0/0"

# "phase: calls" per marker of a function_graph trace: each g1-g3 call
# line counted under the phase that precedes it
phase_calls() {
	awk '/\/\* phase [A-D] \*\// { if (p) print p ":" c; p = $(NF - 2) " " $(NF - 1); c = ""; next }
		/ g[123]\(\);$/ { n = $NF; sub(/\(\);/, "", n); c = c " " n }
		END { if (p) print p ":" c }' "$1" |
		awk -F: '{ n = split($2, w, " "); delete k; s = ""
			for (i = 1; i <= n; i++) k[w[i]]++
			for (f in k) s = s " " f "=" k[f]
			print $1 ":" s }'
}

test_three_users_each_their_own_calls() {
	local opt
	for opt in -O0 -O2; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $opt \
			-o "$TMPD/fgraph$opt" "$KIT/tests/progs/entry/fgraph.c" ||
			fail "ftrace-cc $opt"
		FTRACE_CURRENT_TRACER=function_graph \
			FTRACE_FUNCTION_PROFILE_ENABLED=1 \
			FTRACE_TRACE_STAT="$TMPD/stat$opt" \
			trace_run "$TMPD/t$opt" "$TMPD/fgraph$opt"
		assertEquals "$opt: exit status" 3 $?
		assertEquals "$opt: what mine saw" "$FGRAPH_WANT" \
			"$(cat "$TMPD/t$opt.stdout")"
		assertEquals "$opt: nothing on stderr" "" \
			"$(cat "$TMPD/t$opt.stderr")"
		# the tracer: the filter files' function of each phase, 10 times
		assertEquals "$opt: what the tracer saw" "phase A: g1=10
phase B: g3=10
phase C: g2=10
phase D: g2=10" "$(phase_calls "$TMPD/t$opt")"
		# the profiler: the same, counted
		assertEquals "$opt: what the profiler saw" "g1 10
g2 20
g3 10" "$(awk '/^==> trace_stat\/function0 /{ t = 1; next } /^==> /{ t = 0 }
			t && $1 ~ /^g[123]$/ { print $1, $2 }' "$TMPD/stat$opt" | sort)"
	done
}

# Alone, the program's user is the graph's only one: its filter is the
# sites' (no test at each entry), and it still sees just its own calls
test_one_user_alone() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/alone" "$O/entry/fgraph"
	assertEquals "exit status" 3 $?
	assertEquals "what mine saw" "$FGRAPH_WANT" \
		"$(cat "$TMPD/alone.stdout")"
}

. shunit2
