#!/bin/bash
# Chapter 5: the function graph tracer on dynamic ftrace.  ftrace_graph_call
# is read back from memory and decoded per arch
# (arch/<arch>/tests/dyn_site.sh); the graph tracer enables only the sites
# set_ftrace_filter / set_ftrace_notrace select, and hijacks only those.
. "$KIT/tests/lib.sh"
. "$KIT/arch/$ARCH/tests/dyn_site.sh"

P=$O/dyngraph/dgctl

dgctl() {
	FTRACE_CURRENT_TRACER=${FTRACE_CURRENT_TRACER-nop} FTRACE_TRACE=$TMPD/t \
		run_target "${DGCTL:-$P}" "$@" >"$TMPD/out" 2>"$TMPD/err"
}

# state of ftrace_graph_call at the Nth "gsite" step ("none": stage 5 has
# no such site, chapter 8)
gsite_state() { # N
	local addr hex caller
	read -r _ addr hex caller <<<"$(grep '^gsite ' "$TMPD/out" | sed -n "$1p")"
	[ "$addr" = none ] && { echo none; return; }
	graph_site_state "$addr" "$hex" "$caller"
}

# what gsite_state says for a site that would be in STATE at stage 4
gsite_want() { # STATE
	if [ "$STAGE" = 5 ]; then echo none; else echo "$1"; fi
}

# "name=state ..." of our four functions' sites at the Nth "sites" step
site_states() { # N
	local caller
	awk -v n="$1" '/^site / && !inb { k++; inb = 1 } /^caller / { inb = 0 }
		k == n && /^(site|caller) /' "$TMPD/out" >"$TMPD/block"
	caller=$(sed -n 's/^caller //p' "$TMPD/block")
	grep '^site ' "$TMPD/block" | sort -k3 | while read -r _ addr name hex; do
		printf '%s=%s ' "$name" "$(site_state_any "$addr" "$hex" "$caller")"
	done | sed 's/ $//'
}

# "depth func" per call line of a function_graph trace (closing lines
# skipped), depth from the indentation: 2 spaces per level
graph_calls() {
	sed -n 's/^ *[0-9]*) [ +!#*@$] *[0-9.]* *\(us\)\{0,1\} *|  \(.*\)$/\2/p' "$1" |
		grep -v '^ *}' |
		awk '{ match($0, /^ */); d = RLENGTH / 2; sub(/^ */, ""); sub(/\(\).*/, ""); print d, $0 }'
}

test_graph_call_is_a_nop_off_and_a_jump_on() {
	dgctl gsite write:current_tracer=function_graph gsite calls \
		write:current_tracer=nop gsite write:current_tracer=function gsite
	assertEquals "exit status" 3 $?
	assertEquals "off" "$(gsite_want nop)" "$(gsite_state 1)"
	assertEquals "function_graph" "$(gsite_want jump)" "$(gsite_state 2)"
	assertEquals "off again" "$(gsite_want nop)" "$(gsite_state 3)"
	assertEquals "function tracer alone" "$(gsite_want nop)" "$(gsite_state 4)"
	assertEquals "calls: 11" "$(grep '^calls' "$TMPD/out")"
	assertEquals "no noise" "" "$(cat "$TMPD/err")"
}

# Every patch method of the arch turns ftrace_graph_call into the jump and
# back (chapter 4's methods, chapter 5's site).
test_graph_call_with_every_patch_method() {
	local m
	for m in $(patch_methods); do
		FTRACE_PATCH_METHOD=$m dgctl gsite \
			write:current_tracer=function_graph gsite calls \
			write:current_tracer=nop gsite
		assertEquals "$m: exit status" 3 $?
		assertEquals "$m: off" "$(gsite_want nop)" "$(gsite_state 1)"
		assertEquals "$m: function_graph" "$(gsite_want jump)" "$(gsite_state 2)"
		assertEquals "$m: off again" "$(gsite_want nop)" "$(gsite_state 3)"
		assertEquals "$m" "calls: 11" "$(grep '^calls' "$TMPD/out")"
		assertEquals "$m: no noise" "" "$(cat "$TMPD/err")"
	done
}

test_filter_selects_sites_and_graph() {
	FTRACE_SET_FTRACE_FILTER='g_mid h_other' dgctl sites \
		write:current_tracer=function_graph sites read:enabled_functions calls
	assertEquals "exit status" 3 $?
	assertEquals "all NOPs while off" \
		"g_leaf=nop g_mid=nop g_top=nop h_other=nop" "$(site_states 1)"
	assertEquals "only the filtered sites call ftrace_caller" \
		"g_leaf=nop g_mid=call g_top=nop h_other=call" "$(site_states 2)"
	assertEquals "enabled_functions" "g_mid (1)
h_other (1)" "$(sed -n '/^<<< enabled_functions/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
	assertEquals "only they are in the graph" "0 g_mid
0 h_other" "$(graph_calls "$TMPD/t")"
}

test_filter_with_what_they_call() {
	FTRACE_CURRENT_TRACER=function_graph FTRACE_SET_FTRACE_FILTER='g_mid g_leaf' \
		dgctl calls
	assertEquals "0 g_mid
1 g_leaf
0 g_leaf" "$(graph_calls "$TMPD/t")"
	FTRACE_CURRENT_TRACER=function_graph FTRACE_SET_FTRACE_NOTRACE='g_leaf' \
		dgctl calls
	assertEquals "notrace" "0 main
1 g_top
2 g_mid
1 h_other" "$(graph_calls "$TMPD/t")"
}

test_graph_settings_keep_their_meaning() {
	FTRACE_CURRENT_TRACER=function_graph FTRACE_SET_GRAPH_FUNCTION=g_mid dgctl calls
	assertEquals "set_graph_function" "0 g_mid
1 g_leaf" "$(graph_calls "$TMPD/t")"
	FTRACE_CURRENT_TRACER=function_graph FTRACE_MAX_GRAPH_DEPTH=2 dgctl calls
	assertEquals "max_graph_depth" "0 main
1 g_top
1 h_other" "$(graph_calls "$TMPD/t")"
}

# The kernel's old design hijacked every enabled site, so an ops that
# enabled more sites widened the graph; here the graph still shows only
# its filter's functions.
test_other_ops_do_not_widen_the_graph() {
	FTRACE_SET_FTRACE_FILTER=g_mid dgctl ops+ write:current_tracer=function_graph \
		sites calls ops-
	assertEquals "the ops wants every site" \
		"g_leaf=call g_mid=call g_top=call h_other=call" "$(site_states 1)"
	assertTrue "and got every call" "grep -qx 'ops: 0, hits 5' '$TMPD/out'"
	assertEquals "the graph shows g_mid only" "0 g_mid" "$(graph_calls "$TMPD/t")"
}

test_switching_off_inside_a_hijacked_function() {
	FTRACE_CURRENT_TRACER=function_graph dgctl switchoff gsite calls
	assertEquals "exit status" 3 $?
	assertEquals "switchoff: 6" "$(grep '^switchoff' "$TMPD/out")"
	assertEquals "calls: 11" "$(grep '^calls' "$TMPD/out")"
	assertEquals "off" "$(gsite_want nop)" "$(gsite_state 1)"
	assertEquals "no noise" "" "$(cat "$TMPD/err")"
}

test_graph_call_corruption_is_reported() {
	[ "$STAGE" = 5 ] && { skip_test "stage 5 has no ftrace_graph_call to corrupt (chapter 8)"; return; }
	dgctl corruptg write:current_tracer=function_graph calls gsite
	assertEquals "exit status unchanged" 3 $?
	assertEquals "output intact" "corruptg: 0
calls: 11" "$(grep -v '^gsite' "$TMPD/out")"
	assertEquals "one report" 1 "$(grep -c '^------------\[ ftrace bug \]------------$' "$TMPD/err")"
	assertTrue "what was done" "grep -qx ' while patching ftrace_graph_call' '$TMPD/err'"
	assertTrue "both byte strings" \
		"grep -q '^ actual: ' '$TMPD/err' && grep -q '^ expected: ' '$TMPD/err'"
	assertEquals "the NOP is back" "$(gsite_want nop)" "$(gsite_state 1)"
	assertEquals "nothing traced" "" "$(graph_calls "$TMPD/t")"
}

# The graph trace $TMPD/t of dgctl: something traced, every line one of
# the functions' entry, leaf or return lines, and per thread every "}"
# closes an open "{", all closed at the end ("} /* f */" is the return of
# a call entered before the last switch, which the kernel prints that way
# too; a worker thread that started after the graph tracer was on has its
# own function's return at the end; so may a switching thread of the
# race tests, race_*, whose call began while another switch was made).
check_graph_lines() {
	local names='(g_top|g_mid|g_leaf|h_other|storm_worker|threads_work|race_[a-z]+)'
	grep -Ev '^(#|$| -+$| *[0-9]+\) +dgctl-[0-9]+ +=> +dgctl-[0-9]+ *$)' "$TMPD/t" >"$TMPD/lines"
	assertTrue "something traced" "[ $(wc -l <"$TMPD/lines") -gt 100 ]"
	assertEquals "malformed lines" "" "$(grep -Ev \
		"^ *[0-9]+\) +dgctl-[0-9]+ +\| [ +!#*@\$] *([0-9]+(\.[0-9]+)? us)? *\|  +($names\(\)( \{|;)|\}( /\* $names \*/)?)\$" \
		"$TMPD/lines" | head -3)"
	assertEquals "balanced per thread" "" "$(graph_open_calls "$TMPD/lines")"
}

test_on_off_1000_times_under_8_threads() {
	FTRACE_BUFFER_SIZE_KB=4096 FTRACE_TRACE_OPTIONS=funcgraph-proc \
		dgctl threads:1000
	assertEquals "exit status" 3 $?
	assertEquals "bad 0 failed 0" "$(cat "$TMPD/out")"
	assertEquals "no noise" "" "$(cat "$TMPD/err")"
	check_graph_lines
}

# The same with threads that never sleep, more than there are CPUs: one is
# sometimes preempted inside graph_fast_entry() while the switch runs.
# Its entry record must then be cleared by the reset, or its return
# reported by the next tracer (unregister_ftrace_graph(),
# stage2-graph/fgraph_ops.c): no call is left open.
test_on_off_300_times_under_8_spinning_threads() {
	FTRACE_BUFFER_SIZE_KB=4096 FTRACE_TRACE_OPTIONS=funcgraph-proc \
		dgctl spin threads:300
	assertEquals "exit status" 3 $?
	assertEquals "bad 0 failed 0" "$(cat "$TMPD/out")"
	assertEquals "no noise" "" "$(cat "$TMPD/err")"
	check_graph_lines
}

# function_graph, the profiler and set_ftrace_filter switched by three
# threads at once while 8 threads run the traced functions: every update
# decides ftrace_graph_call from the ops list it changes under the same
# lock (stage4-dyn-graph/fgraph_dyn.c), so the last one leaves it as the
# graph's users want it, and nothing crashes or nests wrongly meanwhile.
test_graph_profiler_and_filter_switched_concurrently() {
	FTRACE_BUFFER_SIZE_KB=4096 FTRACE_TRACE_OPTIONS=funcgraph-proc \
		dgctl race:150 gsite
	assertEquals "exit status" 3 $?
	assertEquals "bad 0 failed 0" "$(grep '^bad' "$TMPD/out")"
	assertEquals "no noise" "" "$(cat "$TMPD/err")"
	assertEquals "graph on at the end: a jump" "$(gsite_want jump)" "$(gsite_state 1)"
	check_graph_lines
	# the same, then the graph tracer off: the NOP
	dgctl race:50 write:current_tracer=nop gsite calls
	assertEquals "exit status" 3 $?
	assertEquals "bad 0 failed 0
calls: 11" "$(grep -v '^gsite' "$TMPD/out")"
	assertEquals "no noise" "" "$(cat "$TMPD/err")"
	assertEquals "graph off: the NOP" "$(gsite_want nop)" "$(gsite_state 1)"
}

test_O0_build_through_ftrace_cc() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/dgctl.O0" "$KIT/tests/progs/dyngraph/dgctl.c" || fail "ftrace-cc"
	DGCTL=$TMPD/dgctl.O0 FTRACE_SET_FTRACE_FILTER='g_mid g_leaf' \
		dgctl gsite write:current_tracer=function_graph gsite calls
	assertEquals "exit status" 3 $?
	assertEquals "on at -O0" "$(gsite_want jump)" "$(gsite_state 2)"
	assertEquals "0 g_mid
1 g_leaf
0 g_leaf" "$(graph_calls "$TMPD/t")"
	assertEquals "calls: 11" "$(grep '^calls' "$TMPD/out")"
}

# The stage 2 cross-check with uftrace, with a filter: uftrace records
# every function, the kit only the selected ones; uftrace's tree, reduced
# to the selected functions, must equal the kit's.
test_uftrace_agrees_with_a_filter() {
	if [ -n "$QEMU" ] || ! command -v uftrace >/dev/null; then
		startSkipping
		assertTrue "uftrace cross-check needs a native arch and uftrace" true
		return
	fi
	local src=$KIT/tests/extern/wordfreq.c keep='add_word hash'
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/wf.kit" "$src" || fail "ftrace-cc"
	$CC -O0 -pg $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) -o "$TMPD/wf.pg" "$src"
	FTRACE_CURRENT_TRACER=function_graph FTRACE_SET_FTRACE_FILTER="$keep" \
		trace_run "$TMPD/u" "$TMPD/wf.kit" b a c b a b
	( cd "$TMPD" && uftrace record --no-libcall -d uf.data ./wf.pg b a c b a b >/dev/null 2>&1 )
	# keep the selected functions; depth = selected functions open around
	uftrace replay -d "$TMPD/uf.data" --no-pager 2>/dev/null |
		sed -n 's/^[^|]*| \(.*\)$/\1/p' |
		awk -v keep=" $keep " '
		/^ *}/ { if (open[n--]) k--; next }
		{ name = $0; sub(/^ */, "", name); sub(/\(\).*/, "", name)
		  sel = index(keep, " " name " ") > 0
		  if (sel) print k, name
		  if ($0 ~ /\{ *$/) { open[++n] = sel; k += sel } }' >"$TMPD/u.tree"
	graph_calls "$TMPD/u" >"$TMPD/k.tree"
	assertTrue "uftrace recorded the selected calls" "[ $(wc -l <"$TMPD/u.tree") -gt 5 ]"
	assertEquals "$(cat "$TMPD/u.tree")" "$(cat "$TMPD/k.tree")"
}

. shunit2
