#!/bin/bash
# Chapter 4: sites change while other threads run through them.  Eight
# threads call traced functions while the main thread switches the tracer
# and the filters 1,000 times (stop_machine() parks them for each change).
. "$KIT/tests/lib.sh"

test_switching_under_load() {
	FTRACE_CURRENT_TRACER=nop FTRACE_TRACE=$TMPD/t FTRACE_BUFFER_SIZE_KB=64 \
		run_target "$O/dyn/dynthreads" 1000 >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	assertEquals "bad 0
failed switches 0
sum 3001" "$(cat "$TMPD/out")"
	assertEquals "no tracer noise" "" "$(cat "$TMPD/err")"
	# every line the function tracer wrote is whole (the irq-flags
	# column, where there is one, is not what this test is about)
	local lines bad
	lines=$(grep -vc '^#' "$TMPD/t")
	bad=$(grep -v '^#' "$TMPD/t" | grep -Evc \
		'^ *dynthreads-[0-9]+ +\[[0-9]+\]( +[^ ]{4,5})? +[0-9]+\.[0-9]+: work_(add|mul|mix|fp) <-(worker|work_mix|main)$')
	assertTrue "something traced ($lines lines)" "[ $lines -gt 0 ]"
	assertEquals "malformed lines" 0 "$bad"
}

# A thread that blocks every signal and keeps running cannot be parked:
# the change is refused with one line, nothing is patched, and the
# program still computes its result.
test_thread_blocking_signals_is_refused() {
	FTRACE_CURRENT_TRACER=nop run_target "$O/dyn/dynblock" >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	assertTrue "refused with the reason" \
		"grep -Eq '^switch: current_tracer: function failed to start: stop_machine: thread [0-9]+ did not stop within [0-9]+ ms \(does it block signal [0-9]+\?\); code left unchanged$' '$TMPD/out'"
	assertTrue "unregister refused, ops kept" \
		"grep -qx 'unregister -16, still called 1' '$TMPD/out'"
	assertTrue "unregister once the thread is gone" "grep -qx 'unregister later 0' '$TMPD/out'"
	assertTrue "still nop" "grep -qx 'tracer nop' '$TMPD/out'"
	assertTrue "sites untouched: the counter's, not the tracer's" \
		"grep -qx 'enabled (1)' '$TMPD/out'"
	assertTrue "a thread asleep with signals blocked does not matter" \
		"grep -qx 'asleep: switch ok, enabled [1-9][0-9]*' '$TMPD/out'"
	assertTrue "result" "grep -qx 'spin result 42' '$TMPD/out'"
}

. shunit2
