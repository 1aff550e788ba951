#!/bin/bash
# Chapter 1: the static function tracer, on one arch and stage.
. "$KIT/tests/lib.sh"

oneTimeSetUp() {
	# the same sources built without -pg and without the kit, to compare
	local cflags
	cflags=$(mkvar ARCH_CFLAGS)
	for p in demo abi threads; do
		$CC -O2 $cflags $ARCH_TEST_CFLAGS $(mkvar ARCH_LDFLAGS) -o "$TMPD/$p.plain" \
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

# 64 buffers at once: the main thread and 63 others get one, 7 more do not.
test_more_threads_than_buffers() {
	trace_run "$TMPD/many" "$O/threads" 70
	assertEquals 0 $?
	assertEquals "the program's own result" \
		"sum $(awk 'BEGIN { for (i = 0; i < 70; i++) s += 7 * i * (i + 1); print s }')" \
		"$(tail -1 "$TMPD/many.stdout")"
	assertFalse "kit counters stay out of the trace header" \
		"grep -q 'threads-without-ring' '$TMPD/many'"
	assertEquals "threads with a ring" 64 \
		"$(fn_edges "$TMPD/many" | awk '{ print $1 }' | sort -u | wc -l)"
	# the 7 others (main is one of the 71) say in the trace what they lost
	assertEquals "a LOST line for each thread without one" 7 \
		"$(grep -cE '^ *threads-[0-9]+ +\[LOST [1-9][0-9]* EVENTS\]$' "$TMPD/many")"
	assertEquals "LOST lines name threads that have no other line" "" \
		"$(sed -n 's/^ *threads-\([0-9]*\) *\[LOST.*/\1/p' "$TMPD/many" |
		   while read -r t; do fn_edges "$TMPD/many" | awk -v t="$t" '$1 == t'; done)"
	assert_header_counts_lost "$TMPD/many"
	FTRACE_CURRENT_TRACER=function trace_run "$TMPD/many2" "$O/control" threads 70
	assertTrue "counted in the stats file" \
		"grep -qx 'threads-without-ring: 7' '$TMPD/many2.stdout'"
	assertTrue "every thread has a buffer" \
		"grep -qx 'threads: 71' '$TMPD/many2.stdout'"
}

# The header's entries-written counts what the LOST lines say was lost.
assert_header_counts_lost() {
	local in_buf written lost
	read -r in_buf written <<<"$(sed -n 's|^# entries-in-buffer/entries-written: \([0-9]*\)/\([0-9]*\).*|\1 \2|p' "$1")"
	lost=$(sed -n 's/.*\[LOST \([0-9]*\) EVENTS\]$/\1/p' "$1" |
	       awk '{ s += $1 } END { print s + 0 }')
	assertEquals "written = in buffer + lost" "$written" $((in_buf + lost))
}

# The tracer's callback, the kernel's way: (ip, parent_ip, op, fregs).
# One callback serves two ops and finds its own counts in op->private;
# fregs holds the traced function's first four arguments.
test_callback_gets_ip_parent_op_and_regs() {
	run_target "$O/control" args >"$TMPD/args.out"
	assertEquals 0 $?
	assertEquals "each ops counted its own calls, and saw their arguments" \
		"args: A hits=2 parent_bad=0 last=20 21 22 23
args: B hits=2 parent_bad=0 last=30 31 32 33
args: sum 424" "$(grep '^args:' "$TMPD/args.out")"
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
	local sym traced=$TMPD/traced.o entries=
	sym=$(mkvar MCOUNT_SYMBOL)
	# chapter 8's patchable entries call nothing: the compiler's table
	# lists them, recordmcount --entries reads it
	[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ] &&
		case " $(mkvar ENTRY_RECORD_FLAGS) " in
		*" --entries "*) entries=--entries ;;
		esac
	$CC -O2 $(mkvar TRACE_CFLAGS) -c "$KIT/tests/progs/demo.c" -o "$traced" ||
		fail "cannot compile demo.c with -pg"
	mkdir -p "$TMPD/ar" && (cd "$TMPD/ar" && $(mkvar AR) x "$O/libftrace.a")
	assertTrue "objects extracted" "ls '$TMPD'/ar/*.o >/dev/null"
	if [ -z "$entries" ]; then
		sites=$("$lister" "$ARCH" "$OBJDUMP" "$sym" "$traced")
		assertEquals "objdump-sites.sh status on a -pg object" 0 "$?"
		assertNotNull "objdump-sites.sh finds the sites of a -pg object" "$sites"
	fi
	for o in "$TMPD"/ar/*.o; do
		sites=$("$lister" "$ARCH" "$OBJDUMP" "$sym" "$o")
		assertEquals "objdump-sites.sh status on $o" 0 "$?"
		assertEquals "call sites in $(basename "$o")" "" "$sites"
		[ -z "$entries" ] || assertEquals "patchable entries in $(basename "$o")" \
			"" "$("$OBJDUMP" -h "$o" | grep -w __patchable_function_entries)"
	done
	[ -n "$(mkvar HAVE_FTRACE_MCOUNT_RECORD)" ] || return 0
	make -s -C "$KIT" recordmcount || fail "cannot build recordmcount"
	local rm=$KIT/build/host/recordmcount
	assertNotNull "recordmcount finds the sites of a traced object" \
		"$("$rm" $entries --list "$traced")"
	sites=$("$rm" $entries --list "$TMPD"/ar/*.o 2>"$TMPD/rm.err")
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
	FTRACE_BUFFER_SIZE_KB=98304 trace_run "$TMPD/sig" "$O/sigstress" ||
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
	assertEquals "ftrace: current_tracer: unknown tracer 'bogus' (available: nop function$( [ -n "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ] && echo ' function_graph'))" "$out"
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
	assertEquals "errors: -22 current_tracer: unknown tracer 'bogus' (available: nop function$( [ -n "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ] && echo ' function_graph'))
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

# The ring buffer keeps a buffer per thread alive at once, not per thread
# ever created: 500 threads, 4 at a time, every one's calls are traced.
test_thread_churn_every_thread_traced() {
	trace_run "$TMPD/churn" "$O/churn" 500
	assertEquals 0 $?
	assertEquals "the program's own result" \
		"sum $(awk 'BEGIN { for (i = 0; i < 500; i++) s += (i % 3 + 1) * (i + 1); print s }')" \
		"$(grep "^sum " "$TMPD/churn.stdout")"
	assertEquals "no thread without a ring, none dropped" \
		"threads-without-ring: 0
exited-threads-dropped: 0" "$(grep -e '^threads-without' \
		-e '^exited-threads-dropped:' "$TMPD/churn.stdout")"
	# each thread: churn_body once, churn_leaf i % 3 + 1 times, on its tid
	assertEquals "threads whose calls are all there" 500 "$(fn_edges "$TMPD/churn" |
		awk 'NR == FNR { if ($1 == "thread") idx[$4] = $2; next }
		     $2 == "churn_body" { body[$1]++ }
		     $2 == "churn_leaf" && $3 == "<-churn_body" { leaf[$1]++ }
		     END { for (t in idx) n += body[t] == 1 &&
				leaf[t] == idx[t] % 3 + 1; print n }' \
		"$TMPD/churn.stdout" -)"
}

# Exited threads are kept up to 64 buffers' worth of slots (a retired
# buffer takes 128 slots at least): with 4 kB buffers (128 slots) the last
# 64 threads to exit are kept and the 436 before them are counted.
test_thread_churn_bounded_memory() {
	FTRACE_BUFFER_SIZE_KB=4 trace_run "$TMPD/churn4" "$O/churn" 500
	assertEquals 0 $?
	local dropped_entries
	dropped_entries=$(awk 'BEGIN { for (i = 0; i < 436; i++) s += 1 + i % 3 + 1; print s }')
	assertEquals "dropped threads and entries counted" \
		"exited-threads-dropped: 436
exited-threads-dropped-entries: $dropped_entries" \
		"$(grep '^exited-threads-dropped' "$TMPD/churn4.stdout")"
	# the others' losses are in the trace, where they happened
	assertEquals "a LOST line for each dropped thread" 436 \
		"$(grep -cE '^ *churn-[0-9]+ +\[LOST [1-9][0-9]* EVENTS\]$' "$TMPD/churn4")"
	assertEquals "the entries they lost" "$dropped_entries" \
		"$(sed -n 's/.*\[LOST \([0-9]*\) EVENTS\]$/\1/p' "$TMPD/churn4" |
		   awk '{ s += $1 } END { print s }')"
	assertEquals "the last 64 threads kept" "436 499 64" "$(fn_edges "$TMPD/churn4" |
		awk 'NR == FNR { if ($1 == "thread") idx[$4] = $2; next }
		     $2 == "churn_body" { i = idx[$1]; n++
			if (min == "" || i < min) min = i; if (i > max) max = i }
		     END { print min, max, n }' "$TMPD/churn4.stdout" -)"
}

# The trace written while other threads fill their buffers: every line
# whole, and no slot of an older lap (it would go back in time).
test_dump_while_threads_write() {
	FTRACE_BUFFER_SIZE_KB=64 trace_run "$TMPD/lap" "$O/lapstress" "$TMPD/lap.dumps"
	assertEquals 0 $?
	assertEquals "dumps 30 failed 0" "$(cat "$TMPD/lap.stdout")"
	local res
	res=$(awk '/^# tracer:/ { dumps++; delete last; next }
		/^#/ { next }
		{ if (!match($0, /^ *.*-[0-9]+ +\[[0-9]+\] [.dXZzHhsNnp0-9a-f]+ +[0-9]+\.[0-9]+: /)) { bad++; next }
		  head = substr($0, 1, RLENGTH); rest = substr($0, RLENGTH + 1)
		  n = split(head, f, /[ \[\]:]+/); ts = f[n - 1]; tid = f[2]
		  sub(/.*-/, "", tid)
		  if (rest ~ /^lap[0-4] <-writer$/) {
			laps++
			if (tid in last && ts + 0 < last[tid] + 0) bad++
			last[tid] = ts
		  } else if (rest !~ /^(writer|main) <-/) bad++ }
		END { print dumps, (laps > 30 * 1000), bad + 0 }' "$TMPD/lap.dumps")
	assertEquals "dumps, lap lines, bad lines" "30 1 0" "$res"
	# each dump's header agrees with its body
	assertEquals "headers agree with bodies" 0 "$(awk '
		/^# tracer:/ { if (n != want) bad++; n = 0; next }
		/^# entries-in-buffer/ { split($3, a, "/"); want = a[1]; next }
		/^#/ { next } { n++ }
		END { if (n != want) bad++; print bad + 0 }' "$TMPD/lap.dumps")"
}

# A signal handler's traced calls are a new context for the recursion
# guard, also when they land while the callback runs; the callback's own
# traced calls are still dropped and counted.
recursion_per_context() { # program
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/rc" "$1"
	assertEquals 0 $?
	local out=$TMPD/rc.stdout
	assertEquals "handlers landed inside the callback" "interrupted yes" \
		"$(grep ^interrupted "$out")"
	assertEquals "every loop call seen" 1 \
		"$(awk '/^loops/ { print ($2 == $4 && $2 > 0) }' "$out")"
	assertEquals "every handler call seen" 1 \
		"$(awk '/^handler/ { print ($2 == $4 && $2 >= 50) }' "$out")"
	assertEquals "no recursion let through outside handlers" \
		"reentered main 0" "$(grep '^reentered main' "$out")"
	assertEquals "no recursion let through in handlers" 0 \
		"$(awk '/^reentered handler/ { print $3 }' "$out")"
	assertEquals "every recursion counted, nothing else dropped" 1 \
		"$(awk '/^reentered/ { r += $3 } /^callbacks/ { c = $2; m = $4 }
			END { print (m == c - r && m > 0) }' "$out")"
}

test_recursion_guard_per_context() {
	recursion_per_context "$O/sigrec"
}

test_recursion_guard_per_context_O0() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/sigrec.O0" "$KIT/tests/progs/sigrec.c" || fail "ftrace-cc"
	recursion_per_context "$TMPD/sigrec.O0"
}

# A handler that siglongjmp()s out in the middle of a record: the record
# is skipped and counted, the header agrees with the body, and afterwards
# nothing is wrongly counted as nested or dropped as recursion.
siglongjmp_out_of_records() { # program
	trace_run "$TMPD/sj" "$1"
	assertEquals 0 $?
	assertEquals "the program's result" "result 1499500
after: calls 1000 callbacks 1000 nested 0 missed 0" "$(cat "$TMPD/sj.stdout")"
	assertEquals "jumps 200" "$(cat "$TMPD/sj.stderr")"
	local in_buf lines
	in_buf=$(sed -n 's/.*entries-in-buffer\/entries-written: \([0-9]*\)\/.*/\1/p' "$TMPD/sj")
	lines=$(grep -vc '^#' "$TMPD/sj")
	assertEquals "header agrees with body" "$in_buf" "$lines"
	assertEquals "every line a whole entry" 0 "$(fn_edges "$TMPD/sj" |
		grep -v -c -E ' (work_fn <-work|work <-main|after_fn <-main|main <-.*)$')"
}

test_siglongjmp_out_of_a_record() {
	siglongjmp_out_of_records "$O/sigjump"
}

test_siglongjmp_out_of_a_record_O0() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/sigjump.O0" "$KIT/tests/progs/sigjump.c" || fail "ftrace-cc"
	siglongjmp_out_of_records "$TMPD/sigjump.O0"
}

# A forked child's trace starts from zero: not the parent's overwritten
# entries nor its recursion count.
test_fork_child_counts_start_at_zero() {
	FTRACE_BUFFER_SIZE_KB=1 FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/fk" "$O/control" fork
	assertEquals 0 $?
	assertEquals "fork: child written=1 overwritten=0 missed=0
fork: child status 0" "$(grep '^fork:' "$TMPD/fk.stdout")"
	# the child exits first: its trace comes first
	assertEquals "child's header, then the parent's" \
		"# entries-in-buffer/entries-written: 1/1
# entries-in-buffer/entries-written: 32/100" \
		"$(sed -n 's/^\(# entries-in-buffer.*\)   #P:.*/\1/p' "$TMPD/fk")"
}

# The program's constructors, of priority 101 and of none, its atexit()
# handler and its destructors, of none and of priority 101
# (tests/stage1/src/ctordtor.c): every call they make is traced, since
# the kit's levels run before them and its trace is written after them
# (include/linux/init.h).  -O2, -O0.
test_constructors_and_destructors_are_traced() {
	local opt
	for opt in -O2 -O0; do
		fcc $opt -o "$TMPD/cd" "$KIT/tests/stage1/src/ctordtor.c" ||
			{ fail "build $opt"; continue; }
		trace_run "$TMPD/cd.t" "$TMPD/cd"
		assertEquals "$opt: exit status" 0 $?
		assertEquals "$opt: output" "first 11 plain 22 main
handler 33
plain 44
first 55" "$(cat "$TMPD/cd.t.stdout")"
		assertEquals "$opt: helper's callers, in order" "first_ctor
plain_ctor
exit_handler
plain_dtor
first_dtor" "$(sed -n 's/.*: helper <-\([a-z_]*\)$/\1/p' "$TMPD/cd.t")"
	done
}

# The symbol table is loaded once, whichever threads ask first.
test_symbols_loaded_once_for_all_threads() {
	local i
	for i in 1 2 3 4 5; do
		FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/ks" "$O/ksymrace"
		assertEquals "run $i" 0 $?
		assertEquals "run $i" "named right: 8 of 8" "$(cat "$TMPD/ks.stdout")"
	done
}

. shunit2
