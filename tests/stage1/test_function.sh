#!/bin/bash
# Chapter 1: the static function tracer, on one arch and stage.
. "$KIT/tests/lib.sh"

oneTimeSetUp() {
	# the same sources built without -pg and without the kit, to compare
	local cflags
	cflags=$(mkvar ARCH_CFLAGS)
	for p in demo abi threads; do
		$CC -O2 $cflags $(mkvar ARCH_LDFLAGS) -o "$TMPD/$p.plain" \
			"$KIT/tests/progs/$p.c" -lpthread 2>/dev/null ||
			fail "cannot build $p without -pg"
	done
	trace_run "$TMPD/demo.trace" "$O/demo" || fail "demo failed"
}

# The call edges of the demo's main thread, in order.
test_demo_main_thread_edges() {
	local main_tid expected
	main_tid=$(fn_edges "$TMPD/demo.trace" | awk '$2 == "main" { print $1; exit }')
	assertNotNull "main is traced" "$main_tid"
	expected="main <-
run_direct <-main
leaf_add <-run_direct
fact <-main
fact <-fact
fact <-fact
apply <-main
leaf_add <-apply
apply <-main
leaf_mul <-apply
hidden_static <-main
on_signal <-
in_handler <-on_signal
run_threads <-main"
	# main's and the handler's parents are in the C library: names vary
	assertEquals "$expected" "$(thread_edges "$TMPD/demo.trace" "$main_tid" |
		sed -e 's/^main <-.*/main <-/' -e 's/^on_signal <-.*/on_signal <-/')"
}

test_demo_threads_have_own_tids() {
	local tids main_tid
	main_tid=$(fn_edges "$TMPD/demo.trace" | awk '$2 == "main" { print $1; exit }')
	tids=$(fn_edges "$TMPD/demo.trace" | awk '$2 == "leaf_mul" && $3 == "<-worker" { print $1 }' | sort -u)
	assertEquals "two workers, two tids" 2 "$(echo "$tids" | wc -l)"
	for t in $tids; do
		assertNotEquals "worker tid differs from main" "$main_tid" "$t"
		assertEquals "worker <- then leaf_mul <-worker on tid $t" \
			"worker leaf_mul" \
			"$(thread_edges "$TMPD/demo.trace" "$t" | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 }')"
	done
}

test_threads_lines_carry_their_tid() {
	trace_run "$TMPD/thr" "$O/threads" || fail "threads failed"
	local i tid n
	for i in 0 1 2 3; do
		tid=$(sed -n "s/^thread $i tid //p" "$TMPD/thr.stdout")
		assertNotNull "thread $i printed its tid" "$tid"
		n=$(thread_edges "$TMPD/thr" "$tid" | grep -c '^thread_leaf <-thread_body$')
		assertEquals "thread $i: thread_leaf calls on tid $tid" $((i + 1)) "$n"
	done
}

# 64 buffers: the main thread and 63 others get one, 7 more do not.
test_more_threads_than_buffers() {
	trace_run "$TMPD/many" "$O/threads" 70
	assertEquals 0 $?
	assertEquals "the program's own result" \
		"sum $(awk 'BEGIN { for (i = 0; i < 70; i++) s += 7 * i * (i + 1); print s }')" \
		"$(tail -1 "$TMPD/many.stdout")"
	assertFalse "kit counters stay out of the trace header" \
		"grep -q 'threads-without-buffer' '$TMPD/many'"
	FTRACE_CURRENT_TRACER=function trace_run "$TMPD/many2" "$O/control" threads 70
	assertTrue "counted in the stats file" \
		"grep -qx 'threads-without-buffer: 7' '$TMPD/many2.stdout'"
	assertTrue "64 buffers" "grep -qx 'threads: 64' '$TMPD/many2.stdout'"
	assertEquals "threads with a buffer" 64 \
		"$(fn_edges "$TMPD/many" | awk '{ print $1 }' | sort -u | wc -l)"
}

test_output_and_status_unchanged_by_tracing() {
	local p rc1 rc2
	for p in demo abi threads; do
		run_target "$TMPD/$p.plain" >"$TMPD/$p.out1" 2>/dev/null
		rc1=$?
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/$p.t \
			run_target "$O/$p" >"$TMPD/$p.out2" 2>"$TMPD/$p.err2"
		rc2=$?
		assertEquals "$p exit status" "$rc1" "$rc2"
		[ $p = abi ] && assertEquals "abi exits 7" 7 "$rc2"
		# thread tids differ between runs; everything else must match
		assertEquals "$p stdout" "$(sed 's/tid [0-9]*/tid N/' "$TMPD/$p.out1" | sort)" \
			"$(sed 's/tid [0-9]*/tid N/' "$TMPD/$p.out2" | sort)"
		assertEquals "$p stderr" "" "$(cat "$TMPD/$p.err2")"
		assertTrue "$p was traced" "[ $(fn_edges "$TMPD/$p.t" | wc -l) -gt 0 ]"
	done
}

test_nop_tracer_records_nothing() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/nop" "$O/demo" || fail "demo under nop"
	assertEquals "no lines" 0 "$(fn_edges "$TMPD/nop" | wc -l)"
	assertTrue "header says nop" "grep -q '^# tracer: nop' '$TMPD/nop'"
	assertTrue "0 written" "grep -q 'entries-written: 0/0' '$TMPD/nop'"
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/nops" "$O/control" stats
	assertEquals "nothing recorded, no buffer claimed" "stats: written=0 threads=0" \
		"$(grep written "$TMPD/nops.stdout")"
}

# mcount calls whatever ftrace_trace_function points to, and nothing at all
# when it is ftrace_stub; this also proves the kit's mcount (not glibc's) runs.
test_fast_path_gated_by_ftrace_stub() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/probe" "$O/control" probe
	assertEquals "probe: hits with probe=1000
probe: selfpc in probed=1
probe: hits with ftrace_stub=0" "$(grep '^probe:' "$TMPD/probe.stdout")"
}

test_kits_mcount_is_linked() {
	local sym
	sym=$(mkvar MCOUNT_SYMBOL)
	assertTrue "$sym defined in the program's own text" \
		"$(mkvar CROSS_COMPILE)nm '$O/demo' | grep -q ' T $sym\$'"
	assertFalse "no gmon start files linked" \
		"$(mkvar CROSS_COMPILE)nm '$O/demo' | grep -q -w '__monstartup'"
}

# An ops callback that calls traced code would recurse through mcount for
# ever; FTRACE_OPS_FL_RECURSION drops the nested calls and counts them.
test_recursion_guard() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/rec" "$O/control" recurse
	assertEquals 0 $?
	assertEquals "recurse: callbacks=10 missed=10" "$(grep '^recurse:' "$TMPD/rec.stdout")"
}

# The runtime is never instrumented (the kernel's notrace): no object of
# libftrace.a has an mcount call site, so the tracer cannot recurse into
# itself.  Sites are found as arch/$ARCH/tests/facts.sh describes them
# (tests/recordmcount/objdump-sites.sh) and, where the arch has
# HAVE_FTRACE_MCOUNT_RECORD, by the kit's own recordmcount; both must
# find the sites of a traced object first, or "none" would prove nothing.
test_runtime_not_instrumented() {
	local lister=$KIT/tests/recordmcount/objdump-sites.sh o sites
	local sym traced=$TMPD/traced.o
	sym=$(mkvar MCOUNT_SYMBOL)
	$CC -O2 $(mkvar TRACE_CFLAGS) -c "$KIT/tests/progs/demo.c" -o "$traced" ||
		fail "cannot compile demo.c with -pg"
	mkdir -p "$TMPD/ar" && (cd "$TMPD/ar" && $(mkvar AR) x "$O/libftrace.a")
	assertTrue "objects extracted" "ls '$TMPD'/ar/*.o >/dev/null"
	sites=$("$lister" "$ARCH" "$OBJDUMP" "$sym" "$traced")
	assertEquals "objdump-sites.sh status on a -pg object" 0 "$?"
	assertNotNull "objdump-sites.sh finds the sites of a -pg object" "$sites"
	for o in "$TMPD"/ar/*.o; do
		sites=$("$lister" "$ARCH" "$OBJDUMP" "$sym" "$o")
		assertEquals "objdump-sites.sh status on $o" 0 "$?"
		assertEquals "call sites in $(basename "$o")" "" "$sites"
	done
	[ -n "$(mkvar HAVE_FTRACE_MCOUNT_RECORD)" ] || return 0
	make -s -C "$KIT" recordmcount || fail "cannot build recordmcount"
	local rm=$KIT/build/host/recordmcount
	assertNotNull "recordmcount finds the sites of a -pg object" \
		"$("$rm" --list "$traced")"
	sites=$("$rm" --list "$TMPD"/ar/*.o 2>"$TMPD/rm.err")
	assertEquals "recordmcount status" 0 "$?"
	assertEquals "call sites in the runtime" "" "$sites"
	assertEquals "recordmcount says" "" "$(cat "$TMPD/rm.err")"
}

test_options_file_alias() {
	FTRACE_OPTIONS=func_stack_trace trace_run "$TMPD/opt" "$O/demo"
	assertTrue "stack traces via FTRACE_OPTIONS" "grep -q '<stack trace>' '$TMPD/opt'"
}

# Switching tracers empties the buffers (the kernel's tracer_init()): a
# dump taken under the first "function" has the call made then; the final
# trace, under nop, has nothing; nor does it say "function".
test_switch_tracer_at_runtime() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/sw" "$O/control" switch "$TMPD/sw.mid"
	assertEquals "only the call made under 'function' is traced" \
		"while_tracing" "$(fn_edges "$TMPD/sw.mid" | awk '{ print $2 }' | grep -v '^do_switch$')"
	assertTrue "the dump was taken under function" "grep -q '^# tracer: function$' '$TMPD/sw.mid'"
	assertEquals "tracer back to nop" "stats: tracer=nop" \
		"$(grep tracer= "$TMPD/sw.stdout")"
	assertEquals "the final trace is nop's, empty" "# tracer: nop" "$(grep '^# tracer' "$TMPD/sw")"
	assertEquals "no entry survives the switches" 0 "$(fn_edges "$TMPD/sw" | wc -l)"
	assertTrue "none counted" "grep -q 'entries-written: 0/0 ' '$TMPD/sw'"
}

test_tracing_on_0_records_nothing() {
	FTRACE_TRACING_ON=0 trace_run "$TMPD/off" "$O/demo"
	assertEquals 0 "$(fn_edges "$TMPD/off" | wc -l)"
	assertTrue "header still says function" "grep -q '^# tracer: function' '$TMPD/off'"
}

# The first N frames of the stack printed after the Kth line matching RE.
stack_after() { # trace re k n
	awk -v re="$2" -v k="$3" -v n="$4" '
		$0 ~ re { if (++seen == k) want = 1; next }
		want && /<stack trace>/ { grab = 1; next }
		grab && /^ => / { if (got < n) s = s (got++ ? " " : "") $2; next }
		grab { print s; grab = 0; exit }
		END { if (grab) print s }' "$1"
}

test_stack_trace_names_real_callers() {
	FTRACE_TRACE_OPTIONS=func_stack_trace trace_run "$TMPD/st" "$O/demo"
	assertEquals "leaf_add run_direct main" \
		"$(stack_after "$TMPD/st" ': leaf_add <-run_direct$' 1 3)"
	assertEquals "fact fact fact main" \
		"$(stack_after "$TMPD/st" ': fact <-fact$' 2 4)"
	assertEquals "worker thread" "leaf_mul worker" \
		"$(stack_after "$TMPD/st" ': leaf_mul <-worker$' 1 2)"
	# a handler's chain ends at the signal trampoline, in the C library
	assertEquals "in_handler on_signal" \
		"$(stack_after "$TMPD/st" ': in_handler <-on_signal$' 1 2)"
}

# A frame-pointer walker ends the chain at a next frame further away than
# the arch's limit (TEST_STACK_WALK_LIMIT_MB): a frame well under it is
# walked through, one over it ends the walk right there.  Either way the
# program computes what it computes untraced.
test_stack_walk_stops_at_a_far_frame() {
	local lim
	need_facts TEST_STACK_WALK_LIMIT_MB || return
	lim=$TEST_STACK_WALK_LIMIT_MB
	case $lim in
	none)	lim=8 ;;
	[1-9]|[1-9][0-9]) ;;
	*)	fail "$FACTS: TEST_STACK_WALK_LIMIT_MB: MB or none"; return ;;
	esac
	FTRACE_TRACE_OPTIONS=func_stack_trace \
		trace_run "$TMPD/far" "$O/farframe" 1 $((lim + 4))
	assertEquals "status" 0 $?
	assertEquals "result 10" "$(cat "$TMPD/far.stdout")"
	assertEquals "both probes traced" 2 \
		"$(fn_edges "$TMPD/far" | grep -c ' probe <-big_frame$')"
	if [ "$TEST_STACK_WALK_LIMIT_MB" = none ]; then
		return
	fi
	assertEquals "a 1 MB frame is walked through" \
		"probe big_frame outer thread_fn" \
		"$(stack_after "$TMPD/far" ': probe <-big_frame$' 1 4)"
	assertEquals "a $((lim + 4)) MB frame ends the walk" "probe big_frame" \
		"$(stack_after "$TMPD/far" ': probe <-big_frame$' 2 4)"
}

# A signal handler that interrupts the tracer mid-record: nothing lost,
# nothing corrupted, and the tracer did not recurse into itself.
test_signal_interrupting_the_tracer() {
	FTRACE_BUFFER_SIZE_KB=65536 trace_run "$TMPD/sig" "$O/sigstress" ||
		fail "sigstress failed"
	local loops handler nested
	read -r _ loops _ handler _ nested <"$TMPD/sig.stderr"
	assertTrue "handlers did interrupt the tracer ($nested)" "[ ${nested:-0} -ge 3 ]"
	assertEquals "every loop call recorded" "$loops" \
		"$(fn_edges "$TMPD/sig" | grep -c ' loop_fn <-main$')"
	assertEquals "every handler call recorded" "$handler" \
		"$(fn_edges "$TMPD/sig" | grep -c ' in_handler_fn <-on_alarm$')"
	assertEquals "no other or garbled lines" 0 "$(fn_edges "$TMPD/sig" |
		grep -v -c -E ' (loop_fn <-main|in_handler_fn <-on_alarm|on_alarm <-.*|main <-.*)$')"
	assertTrue "no overwrite" \
		"grep -qE 'entries-in-buffer/entries-written: ([0-9]+)/\\1 ' '$TMPD/sig'"
}

test_bad_settings_rejected() {
	local out rc
	out=$(FTRACE_CURRENT_TRACER=bogus run_target "$O/demo" 2>&1); rc=$?
	assertEquals 2 "$rc"
	assertEquals "ftrace: current_tracer: unknown tracer 'bogus' (available: nop function$( [ "$STAGE" = 2 ] || [ "$STAGE" = 4 ] && echo ' function_graph'))" "$out"
	out=$(FTRACE_TRACE_OPTIONS=func_stack_trace,bogus run_target "$O/demo" 2>&1); rc=$?
	assertEquals 2 "$rc"
	assertEquals "ftrace: trace_options: unknown option 'bogus'" "$out"
	out=$(FTRACE_TRACING_ON=yes run_target "$O/demo" 2>&1); rc=$?
	assertEquals 2 "$rc"
	assertEquals "ftrace: tracing_on: expected 0 or 1, got 'yes'" "$out"
	out=$(FTRACE_CURENT_TRACER=function run_target "$O/demo" 2>&1); rc=$?
	assertEquals 2 "$rc"
	assertEquals 1 "$(echo "$out" | wc -l)"
	assertContains "$out" "FTRACE_CURENT_TRACER: no such setting"
	out=$(FTRACE_BUFFER_SIZE_KB=-3 run_target "$O/demo" 2>&1); rc=$?
	assertEquals 2 "$rc"
	assertEquals "ftrace: buffer_size_kb: '-3' is not a number" "$out"
	out=$(FTRACE_TRACE=/nonexistent/dir/t run_target "$O/demo" 2>&1); rc=$?
	assertEquals 2 "$rc"
	assertEquals "ftrace: trace: cannot open '/nonexistent/dir/t': No such file or directory" "$out"
	FTRACE_CURRENT_TRACER=nop run_target "$O/control" errors >"$TMPD/err.out"
	assertEquals "errors: -22 current_tracer: unknown tracer 'bogus' (available: nop function$( [ "$STAGE" = 2 ] || [ "$STAGE" = 4 ] && echo ' function_graph'))
errors: -22 trace_options: unknown option 'nosuch'
errors: -2 no_such_file: no such setting" "$(grep ^errors: "$TMPD/err.out")"
}

test_ring_buffer_overwrites_oldest() {
	# 1 kB = 32 slots per thread: the demo's main thread makes more
	FTRACE_BUFFER_SIZE_KB=1 trace_run "$TMPD/small" "$O/sigstress"
	local hdr
	hdr=$(grep 'entries-in-buffer' "$TMPD/small")
	assertContains "$hdr" "entries-in-buffer/entries-written: 32/"
	local written
	written=$(echo "$hdr" | sed 's/.*entries-written: 32\/\([0-9]*\) .*/\1/')
	assertTrue "overwritten entries counted ($written)" "[ ${written:-0} -gt 32 ]"
	# (a last timer signal may land after the loop: skip the handler)
	assertEquals "the newest entries are kept" "loop_fn <-main" \
		"$(fn_edges "$TMPD/small" | grep -v -e on_alarm -e in_handler_fn |
			tail -1 | cut -d' ' -f2-)"
	assertEquals "the oldest are gone" 0 "$(fn_edges "$TMPD/small" | grep -c ' main <-')"
}

. shunit2
