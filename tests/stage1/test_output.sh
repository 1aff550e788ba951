#!/bin/bash
# Chapter 1: the trace as the kernel prints it, where it goes, what it counts.
# stages: 1 4 5 (stage 4 composes every chapter, and stages 2 and 3 each
# hold part of it; tests/run-tests.sh)
. "$KIT/tests/lib.sh"

tracers=function
[ "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" = y ] &&
	tracers="function function_graph"

# Mask what changes from run to run, and only when its width is right:
# the tid padded to 7 columns, the CPU, seconds padded to 5 columns, the
# address of main's caller in the C library, the number of CPUs.
mask_fn() {
	local pid='([0-9] {6}|[0-9]{2} {5}|[0-9]{3} {4}|[0-9]{4} {3}|[0-9]{5} {2}|[0-9]{6} |[0-9]{7})'
	local sec='( {4}[0-9]| {3}[0-9]{2}| {2}[0-9]{3}| [0-9]{4}|[0-9]{5,})'
	sed -E -e "s/-$pid \\[[0-9]{3}\\] (....) $sec\\.[0-9]{6}: /-PID     [CPU] \\2 SSSSS.UUUUUU: /" \
		-e 's/<-([^ ]+\+)?0x[0-9a-f]+$/<-ADDR/' -e 's/#P:[0-9]+$/#P:N/' "$1"
}

# The kernel's legend, from its format strings (trace.c, 5.10).
legend='#
#                                _-----=> irqs-off
#                               / _----=> need-resched
#                              | / _---=> hardirq/softirq
#                              || / _--=> preempt-depth
#                              ||| /     delay
#           TASK-PID     CPU#  ||||   TIMESTAMP  FUNCTION
#              | |         |   ||||      |         |'

# The context columns: d = local_irq_save(), h = in a signal handler,
# Z = in a handler that interrupted a handler.
context_golden="# tracer: function
#
# entries-in-buffer/entries-written: 9/9   #P:N
$legend
         context-PID     [CPU] .... SSSSS.UUUUUU: main <-ADDR
         context-PID     [CPU] .... SSSSS.UUUUUU: plain <-main
         context-PID     [CPU] d... SSSSS.UUUUUU: irqs_off <-main
         context-PID     [CPU] ..h. SSSSS.UUUUUU: on_usr1 <-signal_irq_entry
         context-PID     [CPU] ..h. SSSSS.UUUUUU: in_handler <-on_usr1
         context-PID     [CPU] ..Z. SSSSS.UUUUUU: on_usr2 <-signal_irq_entry
         context-PID     [CPU] ..Z. SSSSS.UUUUUU: in_nested <-on_usr2
         context-PID     [CPU] ..h. SSSSS.UUUUUU: in_handler <-on_usr1
         context-PID     [CPU] .... SSSSS.UUUUUU: plain <-main"

test_function_trace_text() {
	trace_run "$TMPD/ctx" "$O/context" || fail "context failed"
	assertEquals "$context_golden" "$(mask_fn "$TMPD/ctx")"
}

# The same text from an -O0 build (the context is read in the tracer, not
# from the traced code, but the signal entry path differs with codegen).
test_function_trace_text_O0() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/context" "$KIT/tests/progs/context.c" || fail "ftrace-cc"
	trace_run "$TMPD/ctx0" "$TMPD/context" || fail "context -O0 failed"
	assertEquals "$context_golden" "$(mask_fn "$TMPD/ctx0")"
}

test_nop_trace_text() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/nop" "$O/context"
	assertEquals "# tracer: nop
#
# entries-in-buffer/entries-written: 0/0   #P:N
$legend" "$(mask_fn "$TMPD/nop")"
}

# A stack trace is one entry, however many slots its frames take.
test_stack_trace_is_one_entry() {
	FTRACE_TRACE_OPTIONS=func_stack_trace trace_run "$TMPD/st" "$O/context"
	local fn stacks
	fn=$(fn_edges "$TMPD/st" | wc -l)
	stacks=$(grep -c ': <stack trace>$' "$TMPD/st")
	assertEquals "one stack per call" "$fn" "$stacks"
	assertTrue "header counts both ($fn + $stacks)" \
		"grep -q '^# entries-in-buffer/entries-written: $((fn + stacks))/$((fn + stacks)) ' '$TMPD/st'"
	assertTrue "stack lines carry the context" \
		"grep -qE '\\[[0-9]{3}\\] \\.\\.Z\\. +[0-9]+\\.[0-9]{6}: <stack trace>$' '$TMPD/st'"
}

# Threads still running at exit() keep recording while the trace is being
# written: the header counts exactly the entries printed below it.
test_header_agrees_with_body() {
	local kb out n hdr
	for kb in 1024 4; do
		out=$TMPD/busy$kb
		FTRACE_BUFFER_SIZE_KB=$kb trace_run "$out" "$O/outfile" busy 4
		assertEquals "busy exits 0" 0 $?
		n=$(fn_edges "$out" | wc -l)
		hdr=$(sed -n 's/^# entries-in-buffer\/entries-written: \([0-9]*\)\/.*/\1/p' "$out")
		assertTrue "traced ($n)" "[ $n -gt 100 ]"
		assertEquals "buffer_size_kb=$kb: header and body" "$n" "$hdr"
	done
}

# The kernel's per-CPU stats lines, then the kit's counters.
test_stats_file() {
	FTRACE_CURRENT_TRACER=function trace_run "$TMPD/stats" "$O/control" threads 3
	assertEquals "kernel's lines, in order" "entries: 
overrun: 
commit overrun: 
bytes: 
oldest event ts: 
now ts: 
dropped events: 
read events: 
threads: 
threads-without-ring: 
lost-events: 
nested: 
recursion-missed: " "$(sed -n '/^entries:/,/^recursion-missed:/s/:.*/: /p' "$TMPD/stats.stdout")"
	# main: main, do_threads; each thread: one_call, probed
	assertTrue "entries" "grep -qx 'entries: 8' '$TMPD/stats.stdout'"
	assertTrue "threads" "grep -qx 'threads: 4' '$TMPD/stats.stdout'"
	assertTrue "time stamps" "grep -qE '^oldest event ts: +[0-9]+\\.[0-9]{6}$' '$TMPD/stats.stdout'"
}

# tracefs_dump() must not undo a tracing_on write made while it runs.
test_dump_keeps_concurrent_tracing_on() {
	mkfifo "$TMPD/fifo" || fail "mkfifo"
	FTRACE_CURRENT_TRACER=function trace_run "$TMPD/race" "$O/control" dumprace "$TMPD/fifo"
	assertEquals "dumprace: tracing_on=0" "$(grep '^dumprace:' "$TMPD/race.stdout")"
}

# A forked child, then an exec'd child, then the parent: all three traces.
test_trace_file_shared_by_children() {
	local run=("$O/outfile")
	[ -n "$QEMU" ] && run=("$(command -v "$QEMU")" -L "$SYSROOT" "$O/outfile")
	trace_run "$TMPD/sp" "$O/outfile" spawn "${run[@]}" execd
	assertEquals 0 $?
	assertEquals "children done 0" "$(cat "$TMPD/sp.stdout")"
	assertEquals "three traces" 3 "$(grep -c '^# tracer: function$' "$TMPD/sp")"
	local f
	for f in forked_child execd_child parent_work; do
		assertEquals "$f" 1 "$(fn_edges "$TMPD/sp" | grep -c " $f <-main$")"
	done
}

# A fork() child's calls before its exec are in the trace (written just
# before the exec, stage1-static/exec.c), through each form of the exec
# family; an exec that fails returns its errno, and the process's calls
# are each in the trace once, those after the failure too.  Each tracer
# of the stage, -O2 and -O0 (tests/stage1/src/forkexec.c).
test_fork_child_calls_before_exec_are_traced() {
	local opt t n
	for opt in -O2 -O0; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $opt \
			-o "$TMPD/fe" "$KIT/tests/stage1/src/forkexec.c" ||
			{ fail "build $opt"; continue; }
		for t in $tracers; do
			FTRACE_CURRENT_TRACER=$t trace_run "$TMPD/fe.t" "$TMPD/fe"
			assertEquals "$opt $t: exit status" 0 $?
			assertEquals "$opt $t: result" \
				"children 6 bad 0 exec failed: ENOENT" \
				"$(cat "$TMPD/fe.t.stdout")"
			assertEquals "$opt $t: no noise" "" \
				"$(cat "$TMPD/fe.t.stderr")"
			case $t in
			function) n='child_leaf <-child_exec$' ;;
			*) n='child_leaf();$' ;;
			esac
			assertEquals "$opt $t: each child's call" 6 \
				"$(grep -c "$n" "$TMPD/fe.t")"
			assertEquals "$opt $t: the call after the failed exec" 1 \
				"$(grep -c 'after_failed' "$TMPD/fe.t")"
			assertEquals "$opt $t: main once" 1 \
				"$(grep -c 'main\( <-\|() {$\)' "$TMPD/fe.t")"
		done
	done
}

# A relative trace path names the file in the directory the program started in.
test_relative_trace_path_and_chdir() {
	mkdir -p "$TMPD/run" "$TMPD/elsewhere"
	(cd "$TMPD/run" && FTRACE_CURRENT_TRACER=function FTRACE_TRACE=rel.trace \
		run_target "$O/outfile" chdir "$TMPD/elsewhere")
	assertEquals 0 $?
	assertTrue "traced where it started" \
		"fn_edges '$TMPD/run/rel.trace' | grep -q ' after_chdir <-main$'"
	assertFalse "nothing elsewhere" "[ -e '$TMPD/elsewhere/rel.trace' ]"
}

# Without a trace file the trace goes to the stderr the program started
# with, not to whatever the program made fd 2 later.
test_stderr_reused_by_program() {
	FTRACE_CURRENT_TRACER=function run_target "$O/outfile" fd2 "$TMPD/data" \
		>/dev/null 2>"$TMPD/err"
	assertEquals 0 $?
	assertEquals "the program's data alone" "program data 6" "$(cat "$TMPD/data")"
	assertTrue "the trace on the original stderr" \
		"fn_edges '$TMPD/err' | grep -q ' after_fd2 <-main$'"
}

# The kit wraps every handler the program installs (to mark events made in
# a handler); the program still sees its own handlers, flags and siginfo,
# the same as a build without the kit.
test_program_sees_its_own_handlers() {
	$CC -O2 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) -o "$TMPD/outfile.plain" \
		"$KIT/tests/progs/outfile.c" -lpthread || fail "plain build"
	local want="sigaction: own handler 1, flags 1
siginfo: 1
signal: own handler 1, restart 0
signal: called 1, old 1"
	assertEquals "without the kit" "$want" "$(run_target "$TMPD/outfile.plain" sigquery)"
	trace_run "$TMPD/sq" "$O/outfile" sigquery
	assertEquals "traced" "$want" "$(cat "$TMPD/sq.stdout")"
	assertEquals "in the handlers" 2 \
		"$(grep -cE '\] \.\.h\. .*: (info|plain)_handler <-signal_irq_entry$' "$TMPD/sq")"
}

. shunit2
