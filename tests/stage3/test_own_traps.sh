#!/bin/bash
# The program's own traps are the program's (chapters 4 and 7): the kit
# decides that a SIGTRAP or SIGILL is its own from its records of the
# address alone, so the program's trap instructions (the very ones the
# kit uses among them: arch/<arch>/tests/own_traps.h) and the signals it
# sends itself reach its handler as they would untraced: same signal,
# si_code, si_addr, pc and registers in the context.  The program
# (tests/stage3/src/owntrap.c, -O0 and -O2) runs with the system-call
# traps in, while a thread of its own switches the tracer with each
# patch method of the arch; its output must be the untraced build's.
#
# The kill() rounds are made with the switcher thread ended (and started
# again after): a signal sent to the process is taken by whichever of its
# threads that do not block it comes first, and the untraced program has
# one.  With the switcher there, it took one in about 1 run of 10 (x86_64
# natively: the signal waits in the process's queue, which any thread
# that does not block it may empty first; under qemu-user, the host
# thread the host kernel picks gets it), and two kill()s could then merge
# into one pending signal (mips, 28 of 30).  Under qemu-user, a signal
# sent to the process while stop_machine()'s signal to the thread was in
# flight also made qemu-aarch64 itself die of SIGSEGV in its own handler
# (about 1 run of 100).
#
# The same signals blocked by the program (tests/stage3/src/heldsig.c):
# what it reads back, what waits, what sigwaitinfo() and its kin take, a
# thread's and a fork child's masks, its own blocked trap ending it:
# stage1-static/signal_hold.c.
. "$KIT/tests/lib.sh"

OPTS="-O0 -O2"

oneTimeSetUp() {
	local o
	for o in $OPTS; do
		$CC $o $ARCH_TEST_CFLAGS -I"$KIT/include" -o "$TMPD/plain$o" \
			"$KIT/tests/stage3/src/owntrap.c" -lpthread &&
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $o \
			$ARCH_TEST_CFLAGS -o "$TMPD/owntrap$o" \
			"$KIT/tests/stage3/src/owntrap.c" -lpthread \
			>"$TMPD/cc.log" 2>&1 || { cat "$TMPD/cc.log"; return 1; }
		$CC $o $ARCH_TEST_CFLAGS -o "$TMPD/heldplain$o" \
			"$KIT/tests/stage3/src/heldsig.c" -lpthread &&
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $o \
			$ARCH_TEST_CFLAGS -o "$TMPD/heldsig$o" \
			"$KIT/tests/stage3/src/heldsig.c" -lpthread \
			>"$TMPD/cc.log" 2>&1 || { cat "$TMPD/cc.log"; return 1; }
	done
}

# as_untraced LABEL REF OUT CMD...: CMD (a traced run) exits 0 and prints,
# on stdout and stderr together, REF, what the untraced build printed
as_untraced() {
	local label=$1 ref=$2 out=$3
	shift 3
	"$@" >"$out" 2>&1
	assertEquals "$label: status" 0 $?
	assertEquals "$label: as untraced" "$ref" "$(cat "$out")"
}

test_own_traps_reach_the_program() {
	local o m ref
	for o in $OPTS; do
		run_target "$TMPD/plain$o" >"$TMPD/ref$o" 2>&1
		assertEquals "$o: untraced status" 0 $?
		ref=$(cat "$TMPD/ref$o")
		assertTrue "$o: the untraced program ran" "echo \"\$ref\" | grep -q '^work [1-9]'"
		for m in $(patch_methods); do
			as_untraced "$o $m" "$ref" "$TMPD/out$o$m" \
				env FTRACE_PATCH_METHOD="$m" \
				"$KIT/scripts/ftrace-run" --arch "$ARCH" \
				--syscalls --trace "$TMPD/t$o$m" \
				-- "$TMPD/owntrap$o"
		done
	done
}

# Blocked, the kit's never-blocked signals behave as blocked: the
# untraced program's output, with the system-call traps in and without
# (on x86_64 SIGTRAP is the breakpoints' from stage 3 on).  Bounded: a
# signal that waits for good (sigwaitinfo() never seeing it) fails.
test_blocked_traps_as_untraced() {
	local o sc ref
	for o in $OPTS; do
		run_target "$TMPD/heldplain$o" >"$TMPD/href$o" 2>&1
		assertEquals "$o: untraced status" 0 $?
		ref=$(cat "$TMPD/href$o")
		assertContains "$o: the untraced program ran" "$ref" "work 1"
		for sc in "" --syscalls; do
			as_untraced "$o $sc" "$ref" "$TMPD/hout$o$sc" \
				timeout 120 "$KIT/scripts/ftrace-run" \
				--arch "$ARCH" $sc --trace "$TMPD/ht$o$sc" \
				-- "$TMPD/heldsig$o"
		done
	done
}

. shunit2
