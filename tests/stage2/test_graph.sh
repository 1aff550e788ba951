#!/bin/bash
# Chapter 2: the function graph tracer, on one arch and stage.
. "$KIT/tests/lib.sh"

# "depth func" per call line of a function_graph trace ("}" lines skipped),
# depth counted from the indentation: 2 spaces per level.
graph_calls() {
	sed -n 's/^ *[0-9]*) [ +!#*@$] *[0-9.]* *\(us\)\{0,1\} *|  \(.*\)$/\2/p' "$1" |
		grep -v '^ *}$' |
		awk '{ match($0, /^ */); d = RLENGTH / 2; sub(/^ */, ""); sub(/\(\).*/, ""); print d, $0 }'
}

graph() { FTRACE_CURRENT_TRACER=function_graph trace_run "$@"; }

test_demo_call_tree() {
	graph "$TMPD/d" "$O/demo" || fail "demo failed"
	# main thread: the first lines, up to run_threads
	assertEquals "0 main
1 run_direct
2 leaf_add
1 fact
2 fact
3 fact
1 apply
2 leaf_add
1 apply
2 leaf_mul
1 hidden_static
1 on_signal
2 in_handler
1 run_threads" "$(graph_calls "$TMPD/d" | sed '/run_threads/q')"
	assertEquals "two workers, each calling leaf_mul" 2 \
		"$(graph_calls "$TMPD/d" | grep -c '^1 leaf_mul$')"
	# balanced: as many closing braces as non-leaf openings
	assertEquals "$(grep -c '() {$' "$TMPD/d")" "$(grep -c '|  *}$' "$TMPD/d")"
	assertTrue "leaf with duration" "grep -qE '^ [0-9]+\)   [0-9]+\.[0-9]{1,3} us +\|      leaf_add\(\);$' '$TMPD/d'"
	assertTrue "header" "grep -q '^# CPU  DURATION                  FUNCTION CALLS$' '$TMPD/d'"
}

test_output_and_values_preserved() {
	local cflags p rc1 rc2
	cflags=$(mkvar ARCH_CFLAGS)
	for p in abi demo; do
		$CC -O2 $cflags $(mkvar ARCH_LDFLAGS) -o "$TMPD/$p.plain" \
			"$KIT/tests/progs/$p.c" -lpthread
		run_target "$TMPD/$p.plain" >"$TMPD/$p.1"; rc1=$?
		graph "$TMPD/$p.g" "$O/$p"; rc2=$?
		assertEquals "$p status" "$rc1" "$rc2"
		assertEquals "$p output" "$(cat "$TMPD/$p.1")" "$(cat "$TMPD/$p.g.stdout")"
	done
	assertTrue "abi's functions were hijacked" "grep -q 'ret64();' '$TMPD/abi.g'"
	assertTrue "retd too" "grep -q 'retd();' '$TMPD/abi.g'"
}

test_fp_test_fires() {
	FTRACE_CURRENT_TRACER=function_graph run_target "$O/graph/fptest" \
		>"$TMPD/fp.out" 2>"$TMPD/fp.err"
	local rc=$?
	assertNotEquals "program ended abnormally" 0 "$rc"
	assertFalse "did not go on" "grep -q survived '$TMPD/fp.out'"
	assertTrue "message" "grep -qE '^Bad frame pointer: expected [0-9a-f]+, received [0-9a-f]+' '$TMPD/fp.err'"
	assertTrue "names the function" "grep -q 'from func bad_frame_function return to' '$TMPD/fp.err'"
	# without the graph tracer the same program runs
	FTRACE_CURRENT_TRACER=function run_target "$O/graph/fptest" >"$TMPD/fp2" 2>/dev/null
	assertTrue "function tracer does not care" "grep -q survived '$TMPD/fp2'"
}

test_longjmp_out_of_traced_frames() {
	graph "$TMPD/lj" "$O/graph/jumps" longjmp
	assertEquals 0 $?
	assertEquals "longjmp returned 7, then 8" "$(cat "$TMPD/lj.stdout")"
	assertEquals "$(grep -c '() {$' "$TMPD/lj")" "$(grep -c '|  *}$' "$TMPD/lj")"
	graph "$TMPD/slj" "$O/graph/jumps" siglongjmp
	assertEquals 0 $?
	assertContains "$(cat "$TMPD/slj.stdout")" "siglongjmp returned"
	assertEquals "$(grep -c '() {$' "$TMPD/slj")" "$(grep -c '|  *}$' "$TMPD/slj")"
	# the handler was left by the jump: its bracket is closed all the same
	assertEquals "one handler" 1 "$(grep -c '==========> |$' "$TMPD/slj")"
	assertEquals "closed" 1 "$(grep -c '<========== |$' "$TMPD/slj")"
}

test_recursion_deeper_than_return_stack() {
	graph "$TMPD/deep" "$O/graph/jumps" deep 1000
	assertEquals 0 $?
	assertEquals "deep 1000 = 1000" "$(cat "$TMPD/deep.stdout")"
	local over
	over=$(sed -n 's/^graph-overrun: \([0-9]*\)$/\1/p' "$TMPD/deep.stderr")
	assertFalse "not in the trace header" "grep -q 'overrun' '$TMPD/deep'"
	# main takes one level: 1001 deep() calls minus the rest of the stack
	assertTrue "overrun counted ($over)" "[ ${over:-0} -gt 800 ]"
	assertEquals "$(grep -c '() {$' "$TMPD/deep")" "$(grep -c '|  *}$' "$TMPD/deep")"
}

test_exit_from_deep_frames() {
	graph "$TMPD/ex" "$O/graph/jumps" exit
	assertEquals 5 $?
	assertTrue "exit_e entered" "grep -q 'exit_e() {' '$TMPD/ex'"
}

test_fork_child_traces_on_its_own() {
	graph "$TMPD/fk" "$O/graph/jumps" fork-exit
	assertEquals 0 $?
	assertEquals "child status 0, parent 2" "$(cat "$TMPD/fk.stdout")"
	assertEquals "two traces, parent's and child's" 2 "$(grep -c '^# tracer: function_graph' "$TMPD/fk")"
	assertTrue "child's own call" "grep -q 'child_work();' '$TMPD/fk'"
}

test_thread_exit_with_hijacked_frames() {
	graph "$TMPD/te" "$O/graph/jumps" thread-exit
	assertEquals 0 $?
	assertEquals "thread returned 42, then 2" "$(cat "$TMPD/te.stdout")"
}

test_stack_trace_sees_through_hijack() {
	graph "$TMPD/st" "$O/graph/jumps" stack
	assertEquals 0 $?
	local s
	s=$(cat "$TMPD/st.stdout")
	assertContains "$s" "stack_c stack_b stack_a main"
	assertNotContains "$s" "return_to_handler"
}

test_threads_have_own_streams() {
	graph "$TMPD/th" "$O/threads"
	assertEquals 0 $?
	assertEquals "4 thread bodies" 4 "$(graph_calls "$TMPD/th" | grep -c '^0 thread_body$')"
	assertEquals "10 leaves" 10 "$(graph_calls "$TMPD/th" | grep -c '^1 thread_leaf$')"
}

test_signal_interrupting_the_tracer() {
	FTRACE_BUFFER_SIZE_KB=65536 graph "$TMPD/sig" "$O/sigstress"
	assertEquals 0 $?
	local loops handler nested
	read -r _ loops _ handler _ nested <"$TMPD/sig.stderr"
	assertEquals "$loops" "$(graph_calls "$TMPD/sig" | grep -c ' loop_fn$')"
	assertEquals "$handler" "$(graph_calls "$TMPD/sig" | grep -c ' in_handler_fn$')"
	assertEquals "$(grep -c '() {$' "$TMPD/sig")" "$(grep -c '|  *}$' "$TMPD/sig")"
}

test_graph_function_filter() {
	FTRACE_SET_GRAPH_FUNCTION='apply' graph "$TMPD/gf" "$O/demo"
	assertEquals "0 apply
1 leaf_add
0 apply
1 leaf_mul" "$(graph_calls "$TMPD/gf")"
	FTRACE_SET_GRAPH_FUNCTION='f*ct !leaf_*' graph "$TMPD/gf2" "$O/demo"
	assertEquals "0 fact
1 fact
2 fact" "$(graph_calls "$TMPD/gf2")"
}

test_graph_notrace_and_depth() {
	FTRACE_SET_GRAPH_NOTRACE='apply fact' graph "$TMPD/nt" "$O/demo"
	assertEquals 0 "$(graph_calls "$TMPD/nt" | grep -c -E ' (apply|fact)$')"
	assertEquals "leaf_mul only under worker" 2 "$(graph_calls "$TMPD/nt" | grep -c ' leaf_mul$')"
	assertTrue "leaf_add under run_direct stays" "graph_calls '$TMPD/nt' | grep -q '^2 leaf_add$'"
	FTRACE_MAX_GRAPH_DEPTH=1 graph "$TMPD/md" "$O/demo"
	assertEquals "only main and the thread entry points" "main worker worker" \
		"$(graph_calls "$TMPD/md" | awk '{ print $2 }' | sort | tr '\n' ' ' | sed 's/ $//')"
}

test_filters_written_from_c_at_run_time() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/rf" "$O/graph/jumps" filter
	assertEquals 0 $?
	assertEquals "" "$(cat "$TMPD/rf.stdout")"
	assertEquals "0 jump_a
1 jump_b" "$(graph_calls "$TMPD/rf")"
}

# -O0 code calls mcount after "sub sp" and keeps everything on the stack:
# the same call tree, the same values.
test_O0_build() {
	local p
	for p in demo abi; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
			-o "$TMPD/$p.O0" "$KIT/tests/progs/$p.c" || fail "ftrace-cc $p"
		$CC -O0 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
			-o "$TMPD/$p.O0plain" "$KIT/tests/progs/$p.c" -lpthread
		run_target "$TMPD/$p.O0plain" >"$TMPD/$p.O0.1"
		local rc1=$?
		graph "$TMPD/$p.O0g" "$TMPD/$p.O0"
		assertEquals "$p -O0 status" "$rc1" "$?"
		assertEquals "$p -O0 output" "$(cat "$TMPD/$p.O0.1")" \
			"$(cat "$TMPD/$p.O0g.stdout")"
	done
	graph "$TMPD/d2" "$O/demo"
	assertEquals "same tree as -O2" "$(graph_calls "$TMPD/d2" | sed '/run_threads/q')" \
		"$(graph_calls "$TMPD/demo.O0g" | sed '/run_threads/q')"
}

test_bad_graph_settings() {
	local out
	out=$(FTRACE_SET_GRAPH_FUNCTION='[abc' run_target "$O/demo" 2>&1)
	assertEquals 2 $?
	assertEquals "ftrace: set_graph_function: bad glob '[abc'" "$out"
	out=$(FTRACE_SET_GRAPH_NOTRACE='no_such_fn*' run_target "$O/demo" 2>&1)
	assertEquals 2 $?
	assertEquals "ftrace: set_graph_notrace: 'no_such_fn*' matches no function" "$out"
	out=$(FTRACE_MAX_GRAPH_DEPTH=x run_target "$O/demo" 2>&1)
	assertEquals 2 $?
	assertEquals "ftrace: max_graph_depth: 'x' is not a number" "$out"
}

# The call tree equals the one uftrace (a real, independent tracer) records
# for the same source built the same way.  (Not the very same binary: a kit
# binary defines mcount itself, so uftrace's preloaded mcount cannot hook it.)
test_uftrace_agrees() {
	# uftrace traces native programs only: not under qemu (QEMU in arch.mk)
	if [ -n "$QEMU" ] || ! command -v uftrace >/dev/null; then
		startSkipping
		assertTrue "uftrace cross-check needs a native arch and uftrace" true
		return
	fi
	local src=$KIT/tests/extern/wordfreq.c
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/wf.kit" "$src" || fail "ftrace-cc"
	$CC -O0 -pg $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) -o "$TMPD/wf.pg" "$src"
	graph "$TMPD/u" "$TMPD/wf.kit" b a c b a b
	( cd "$TMPD" && uftrace record --no-libcall -d uf.data ./wf.pg b a c b a b >/dev/null 2>&1 )
	uftrace replay -d "$TMPD/uf.data" --no-pager 2>/dev/null |
		sed -n 's/^[^|]*| \(.*\)$/\1/p' | grep -v '^ *}' |
		awk '{ match($0, /^ */); d = RLENGTH / 2; sub(/^ */, ""); sub(/\(\).*/, ""); print d, $0 }' \
		>"$TMPD/u.tree"
	graph_calls "$TMPD/u" >"$TMPD/k.tree"
	assertTrue "uftrace recorded calls" "[ $(wc -l <"$TMPD/u.tree") -gt 10 ]"
	assertEquals "$(cat "$TMPD/u.tree")" "$(cat "$TMPD/k.tree")"
}

. shunit2
