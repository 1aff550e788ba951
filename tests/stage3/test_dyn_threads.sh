#!/bin/bash
# Chapter 4: sites change while other threads run through them.  Eight
# threads call traced functions while the main thread switches the tracer
# and the filters 1,000 times (with the arch's default method).
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

# The breakpoint protocol under load, where the arch has it: the tracer
# switched 10,000 times while eight threads run through the sites.  Each
# trap's handler decides from one snapshot of the batch and the kit's
# record of its sites, never from the byte it finds: a thread whose trap
# is handled after its batch ended, or after the next one began, runs the
# site again; none is sent a signal that is not its own.
test_breakpoint_method_10000_switches() {
	case " $(patch_methods) " in
	*" breakpoint "*) ;;
	*) startSkipping; return ;;	# no breakpoint protocol here
	esac
	FTRACE_PATCH_METHOD=breakpoint FTRACE_CURRENT_TRACER=nop \
	FTRACE_TRACE=$TMPD/t FTRACE_BUFFER_SIZE_KB=64 \
		run_target "$O/dyn/dynthreads" 10000 tracer >"$TMPD/out" \
		2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	assertEquals "bad 0
failed switches 0
sum 30001" "$(cat "$TMPD/out")"
	assertEquals "no tracer noise" "" "$(cat "$TMPD/err")"
}

# Threads that block every signal, one spinning in traced code, one asleep
# in read(): the arch's default method stops no thread, so neither is an
# obstacle, and every change happens.  A mask set through the binding a
# shared library's call gets is the one the program's own call sets.
test_threads_blocking_signals_default_method() {
	FTRACE_CURRENT_TRACER=nop run_target "$O/dyn/dynblock" >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	assertEquals "spinning: unregister 0, still called 0
spinning: to function: ok
spinning: tracer function, spin_step (1)
spinning: to nop: ok
spin result 42
gone: to function: ok
gone: tracer function, spin_step (1)
gone: to nop: ok
gone: tracer nop, spin_step none
asleep: to function: ok
asleep: tracer function, spin_step (1)
asleep: to nop: ok
sleeper read 1
end: tracer nop, spin_step none
library mask: as the program's" "$(cat "$TMPD/out")"
}

# With stop_machine selected neither thread can be parked: each change is
# refused with one line, nothing is patched, the ops stays registered and
# the tracer stays nop; once the threads are gone the same changes work.
test_threads_blocking_signals_stop_machine() {
	FTRACE_PATCH_METHOD=stop_machine FTRACE_CURRENT_TRACER=nop \
		run_target "$O/dyn/dynblock" >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	local refused='refused: current_tracer: function failed to start: stop_machine: thread [0-9]+ (blocks signal [0-9]+ and cannot be stopped|did not stop within [0-9]+ ms \(does it block signal [0-9]+\?\)); code left unchanged'
	sed -E "s/$refused/REFUSED/" "$TMPD/out" >"$TMPD/norm"
	assertEquals "spinning: unregister -16, still called 1
spinning: to function: REFUSED
spinning: tracer nop, spin_step (1)
spinning: to nop: ok
spin result 42
gone: unregister 0
gone: to function: ok
gone: tracer function, spin_step (1)
gone: to nop: ok
gone: tracer nop, spin_step none
asleep: to function: REFUSED
asleep: tracer nop, spin_step none
asleep: to nop: ok
sleeper read 1
end: tracer nop, spin_step none
library mask: as the program's" "$(cat "$TMPD/norm")"
}

setUp() { endSkipping; }

. shunit2
