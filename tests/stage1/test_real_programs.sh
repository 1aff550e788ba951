#!/bin/bash
# Programs the kit was not written for, built with scripts/ftrace-cc at -O2
# and -O0, must print the same and exit the same as built without the kit,
# under the function tracer and (stages with chapter 2) function_graph,
# whose trace must close every frame that returned (tests/stage1/src/):
#   comigrate  ucontext coroutines resumed on another thread than the one
#              that suspended them (stage2-graph/fgraph_context.c)
#   codeep     the same, 150 frames down, resumed on deep threads
#   cojump     one resumed by setcontext() over frames it abandons
#   copreempt  coroutines switched from a signal handler; vfork() children
#              calling traced code before exec
#   jumpmix    setjmp/longjmp inside a handler on an alternate stack,
#              longjmp out of recursion past the return stack, struct,
#              long double, long long, double returns, varargs + alloca
#   cbexit     qsort/bsearch callbacks, vfork+exec, exit() from a thread
#              while another spins, atexit() and destructor in traced code
#   btsig      backtrace() in a handler, after tail calls, in a coroutine
#              (stage1-static/irq_entry.c has unwind tables for it)
#   colibmain  coroutines switched by a library built without the kit
#              (colib.c), which also blocks every signal by its own call
#              (stage1-static/interpose.c)
#   clonevm    a clone(CLONE_VM) child that shares its parent's
#              thread-local storage (stage1-static/clone_vm.c)
. "$KIT/tests/lib.sh"

src=$KIT/tests/stage1/src
tracers=function
[ "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" = y ] &&
	tracers="function function_graph"

# check PROG OPEN: built plain and traced (at -O2 and -O0, with $XCFLAGS
# too, and linked with $XLIBS), the same answers; under function_graph, OPEN frames are left open
# (never return) in the trace ("-": not counted).
check() {
	local p=$1 open=$2 o t rc
	for o in O2 O0; do
		$CC -$o $XCFLAGS $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
			-o "$TMPD/$p.$o.plain" "$src/$p.c" -lpthread $XLIBS ||
			{ fail "$p -$o: plain build"; continue; }
		run_target "$TMPD/$p.$o.plain" >"$TMPD/$p.$o.want"
		rc=$?
		assertNotEquals "$p -$o: says something" "" \
			"$(cat "$TMPD/$p.$o.want")"
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -$o \
			$XCFLAGS -o "$TMPD/$p.$o" "$src/$p.c" -lpthread $XLIBS ||
			{ fail "$p -$o: build"; continue; }
		for t in $tracers; do
			FTRACE_CURRENT_TRACER=$t trace_run "$TMPD/$p.$o.$t" \
				"$TMPD/$p.$o"
			assertEquals "$p -$o $t: exit status" "$rc" $?
			assertEquals "$p -$o $t: output" \
				"$(cat "$TMPD/$p.$o.want")" \
				"$(cat "$TMPD/$p.$o.$t.stdout")"
			assertEquals "$p -$o $t: nothing on stderr" "" \
				"$(cat "$TMPD/$p.$o.$t.stderr")"
			[ $t = function_graph ] && [ "$open" != - ] || continue
			assertEquals "$p -$o: frames left open" "$open" \
				$(($(grep -c '() {$' "$TMPD/$p.$o.$t") -
				   $(grep -c '|  *}' "$TMPD/$p.$o.$t")))
		done
	done
}

# The three coroutine bodies never return; every other frame, suspended
# on one thread and resumed on the other, does.
test_coroutines_change_threads() {
	check comigrate 3
	[ "${tracers#*graph}" = "$tracers" ] && return
	assertEquals "every yield returned" 24 \
		"$(grep -c 'yield_to_sched() {$' "$TMPD/comigrate.O2.function_graph")"
}

# A coroutine deeper than the return stack, resumed on threads that are
# deep in traced frames themselves.
test_deep_coroutine_changes_threads() {
	check codeep 0
}

# Resumed by a setcontext() from deep frames: main's 102 frames (main and
# main_deep) are abandoned, the coroutine's oldest entries do not fit.
test_coroutine_resumed_over_abandoned_frames() {
	check cojump 102
}

# The two coroutine bodies never return (they setcontext() to main).
test_coroutines_preempted_by_a_signal() {
	check copreempt 2
}

test_jumps_in_handlers_and_past_the_return_stack() {
	check jumpmix 0
}

# A library's own swapcontext() and setcontext() calls switch the
# program's coroutines: under function_graph every step() is nested in its
# body() and every round_robin() returns to main (the return stack follows
# the library's switches too); the library's mask is the program's.
test_coroutines_of_a_library() {
	$CC -O2 -shared -fPIC -o "$TMPD/libcolib.so" "$src/colib.c" ||
		{ fail "libcolib.so"; return; }
	XLIBS="-L$TMPD -lcolib -Wl,-rpath,$TMPD" check colibmain 0
	assertContains "masks compared" "$(cat "$TMPD/colibmain.O2.want")" \
		"masks agree"
	[ "${tracers#*graph}" = "$tracers" ] && return
	local o t
	for o in O2 O0; do
		t=$TMPD/colibmain.$o.function_graph
		assertEquals "-$o: every step() in its body()" 12 \
			"$(grep -c '|        step() {$' "$t")"
		assertEquals "-$o: every round_robin() back in main()" 5 \
			"$(grep -c '|    }$' "$t")"
	done
}

# backtrace() walks through the kit's signal entry (it has unwind tables
# on every arch) and, under function_graph, through hijacked frames,
# tail-called ones too (stage2-graph/fgraph_unwind.c: on MIPS a tail
# call's callee keeps the hijacked address in a slot of its own).
test_backtrace_in_handlers_tail_calls_coroutines() {
	XCFLAGS="-rdynamic -funwind-tables" check btsig -
	assertContains "the plain walk leaves the handler" \
		"$(cat "$TMPD/btsig.O0.want")" " c3 c2 c1 main"
	assertContains "and at -O2 too" "$(cat "$TMPD/btsig.O2.want")" \
		" c3 main"
}

# A child of clone(CLONE_VM) without CLONE_SETTLS shares its parent's
# thread-local storage, the kit's per-thread tables with it: the kit
# refuses to trace it, in one line, before it exists; both run traced
# code and system calls at once and compute as untraced (under
# function_graph two threads on one return stack would return into each
# other's frames).  At stages 3 and 4 the system-call traps are in too.
CLONE_VM_LINE="ftrace: a child of clone() shares its parent's thread-local \
storage (CLONE_VM without CLONE_SETTLS): tracing stops here"

test_clone_vm_child_sharing_thread_storage() {
	local o t rc want
	# (a local copy: exported for these runs only)
	[ "$STAGE" -ge 3 ] && local -x FTRACE_SET_EVENT=syscalls
	for o in O2 O0; do
		$CC -$o -o "$TMPD/clonevm.$o.plain" "$src/clonevm.c" ||
			{ fail "-$o: plain build"; continue; }
		want=$(run_target "$TMPD/clonevm.$o.plain")
		rc=$?
		assertContains "-$o: untraced" "$want" "status 0"
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -$o \
			-o "$TMPD/clonevm.$o" "$src/clonevm.c" ||
			{ fail "-$o: build"; continue; }
		for t in $tracers; do
			FTRACE_CURRENT_TRACER=$t \
				trace_run "$TMPD/cv.$o.$t" "$TMPD/clonevm.$o"
			assertEquals "-$o $t: exit status" "$rc" $?
			assertEquals "-$o $t: output" "$want" \
				"$(cat "$TMPD/cv.$o.$t.stdout")"
			assertEquals "-$o $t: one line" "$CLONE_VM_LINE" \
				"$(cat "$TMPD/cv.$o.$t.stderr")"
			assertTrue "-$o $t: traced until then" \
				"grep -q 'fib' '$TMPD/cv.$o.$t'"
		done
	done
}

# Frames are still open at exit() (which of the spinner's depends on when
# the exit comes): not counted.
test_exit_from_a_thread_with_callbacks() {
	check cbexit -
}

. shunit2
