#!/bin/bash
# Chapter 4: the kit's timed waits end, natively and under qemu-user.
# stop_machine() refuses a thread that never checks in once its timeout
# has passed, and not much later (tests/stage3/src/timedwait.c: a thread
# in vfork() natively, in splice() under qemu-user, which runs that call
# without letting a signal in); a thread that blocks the signal is refused
# too.  synchronize_rcu() gives up on a reader that does not end
# (tests/stage3/src/rcuwait.c, with lib/rcu.o alone).  Every run is also
# bounded from outside, so that a wait that never ends fails the test
# instead of hanging the suite.
# stages: 3 (stop_machine() and read-copy update are chapter 4's and
# lib/'s, the same at stages 4 and 5; tests/run-tests.sh)
. "$KIT/tests/lib.sh"

SRC=$KIT/tests/stage3/src
# far above any timeout of the kit: only a wait that does not end gets here
BOUND_MS=60000

oneTimeSetUp() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O2 \
		-o "$TMPD/timedwait" "$SRC/timedwait.c" >"$TMPD/cc.log" 2>&1 ||
		{ cat "$TMPD/cc.log"; fail "ftrace-cc timedwait.c"; }
	# shellcheck disable=SC2046
	$CC -O2 $(mkvar ARCH_CFLAGS) -I"$KIT/arch/$ARCH/include" \
		-I"$KIT/include" -o "$TMPD/rcuwait" "$SRC/rcuwait.c" \
		"$O/lib/rcu.o" -lpthread $(mkvar ARCH_LDFLAGS) \
		>"$TMPD/cc2.log" 2>&1 ||
		{ cat "$TMPD/cc2.log"; fail "build rcuwait.c"; }
}

# run_bounded OUT PROG ARGS...: run_target's way, stdout in OUT, and
# stopped after three times BOUND_MS (status 124)
run_bounded() {
	local out=$1
	shift
	[ -n "$QEMU" ] && set -- "$QEMU" -L "$SYSROOT" "$@"
	FTRACE_CURRENT_TRACER=nop FTRACE_PATCH_METHOD=stop_machine \
		timeout $((BOUND_MS / 1000 * 3)) "$@" >"$out" 2>"$TMPD/err"
}

# the ms a step's refusal took
took() { # step
	sed -n "s/^$1: refused in \([0-9]*\) ms\$/\1/p" "$TMPD/out"
}

# A thread that never checks in: refused once STOP_MACHINE_TIMEOUT_MS (as
# the message says) has passed, well before BOUND_MS; then, the thread
# gone, the same switches work.
test_stop_times_out() {
	local step ms limit
	if [ -n "$QEMU" ]; then
		step=splice
	else
		step=vfork
	fi
	run_bounded "$TMPD/out" "$TMPD/timedwait" "$step"
	assertEquals "exit status (124: a wait did not end)" 0 $?
	assertTrue "timed out: $(cat "$TMPD/out")" "grep -Eq \"^$step: current_tracer: function failed to start: stop_machine: thread [0-9]+ did not stop within [0-9]+ ms \\(does it block signal [0-9]+\\?\\); code left unchanged\$\" '$TMPD/out'"
	limit=$(sed -n 's/.* did not stop within \([0-9]*\) ms .*/\1/p' "$TMPD/out")
	ms=$(took "$step")
	assertNotNull "how long it took: $(cat "$TMPD/out")" "$ms"
	assertTrue "not before its timeout: $ms ms, timeout $limit ms" \
		"[ '${ms:-0}' -ge '${limit:-1}' ]"
	assertTrue "within $BOUND_MS ms: $ms" "[ '${ms:-$BOUND_MS}' -lt $BOUND_MS ]"
	assertEquals "then it works" "$step: after: ok ok" \
		"$(grep "^$step: after" "$TMPD/out")"
}

# A thread that blocks the signal and sleeps: refused (natively from its
# mask, under qemu-user by the timeout), within the bound.
test_stop_refuses_blocked_thread() {
	local ms
	run_bounded "$TMPD/out" "$TMPD/timedwait" stop
	assertEquals "exit status (124: a wait did not end)" 0 $?
	assertTrue "refused: $(cat "$TMPD/out")" "grep -Eq '^stop: current_tracer: function failed to start: stop_machine: thread [0-9]+ (blocks signal [0-9]+ and cannot be stopped|did not stop within [0-9]+ ms \\(does it block signal [0-9]+\\?\\)); code left unchanged\$' '$TMPD/out'"
	ms=$(took stop)
	assertNotNull "how long it took: $(cat "$TMPD/out")" "$ms"
	assertTrue "within $BOUND_MS ms: $ms" "[ '${ms:-$BOUND_MS}' -lt $BOUND_MS ]"
	assertEquals "then it works" "stop: after: ok ok" \
		"$(grep '^stop: after' "$TMPD/out")"
}

# Natively a thread in splice() takes the signal (the call is restarted):
# no obstacle, the switch happens.
test_stop_parks_thread_in_splice_natively() {
	[ -z "$QEMU" ] || startSkipping
	run_bounded "$TMPD/out" "$TMPD/timedwait" splice
	assertEquals "exit status" 0 $?
	assertEquals "switched" "splice: ok
splice: after: ok ok" "$(sed -E 's/ in [0-9]+ ms$//' "$TMPD/out")"
}

# A reader that does not end: the grace period is given up on (EBUSY)
# within the bound; once it ends, one completes.
test_rcu_gives_up_on_a_reader() {
	local ms
	run_bounded "$TMPD/out" "$TMPD/rcuwait"
	assertEquals "exit status (124: a wait did not end)" 0 $?
	ms=$(sed -n 's/^rcu: EBUSY in \([0-9]*\) ms$/\1/p' "$TMPD/out")
	assertNotNull "gave up: $(cat "$TMPD/out")" "$ms"
	assertTrue "within $BOUND_MS ms: $ms" "[ '${ms:-$BOUND_MS}' -lt $BOUND_MS ]"
	assertEquals "then one completes" "rcu: after 0" \
		"$(grep '^rcu: after' "$TMPD/out")"
}

. shunit2
