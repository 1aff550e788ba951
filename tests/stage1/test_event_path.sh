#!/bin/bash
# The event path's rule (linux/event_path.h): no instruction of it uses a
# floating-point or vector register, and it calls nothing outside itself
# but kernel_fpu_call().  scripts/check-event-path proves it on this
# stage's runtime objects (and at stage 3 on the ftraced design's), and
# is shown able to fail.  That the trampolines then keep the traced
# function's vector and float values is test_abi.sh's part.
. "$KIT/tests/lib.sh"

need_facts TEST_FPU_MNEM TEST_FPU_REGS TEST_CALL_RELOCS || exit 1

# check OBJ...: scripts/check-event-path on them; its report in $OUT
check() {
	OUT=$(cd "$KIT" && scripts/check-event-path --arch "$ARCH" "$@" 2>&1)
}

runtime_objs() { # [make variables]
	local o
	for o in $(make -s -C "$KIT" --no-print-directory ARCH="$ARCH" \
			STAGE="$STAGE" "$@" print-RUNTIME_OBJS); do
		echo "$KIT/$o"
	done
}

test_runtime_keeps_the_rule() {
	check $(runtime_objs)
	assertEquals "check-event-path: $OUT" 0 $?
	# the trampolines are event path themselves: the check saw them
	# (mcount.S's, or at stage 5 the entry's: MCOUNT_SYMBOL is its stub)
	assertTrue "the mcount trampolines are in .text.event_path" \
		"$OBJDUMP -t $(runtime_objs | tr '\n' ' ') | grep -q 'text\.event_path.*[[:space:]]$(mkvar MCOUNT_SYMBOL)\$'"
}

test_ftraced_runtime_keeps_the_rule() {
	[ "$STAGE" = 3 ] || startSkipping
	make -s -C "$KIT" ARCH="$ARCH" STAGE=3 CONFIG_FTRACE_MCOUNT_RECORD= \
		runtime >"$TMPD/make.log" 2>&1 ||
		{ cat "$TMPD/make.log"; fail "the ftraced runtime does not build"; return; }
	check $(runtime_objs CONFIG_FTRACE_MCOUNT_RECORD=)
	assertEquals "check-event-path (ftraced): $OUT" 0 $?
}

# An event-path function that does both things the rule forbids, built as
# the runtime's code is but without CC_FLAGS_NO_FPU.
test_check_names_what_breaks_the_rule() {
	cat >"$TMPD/bad.c" <<'EOC'
#include <string.h>
double scale = 1.5;
__attribute__((section(".text.event_path")))
void bad_event(char *d, const char *s, long n)
{
	memcpy(d, s, n);
	d[0] = (char)(n * scale);
}
EOC
	$CC -O2 $(mkvar ARCH_CFLAGS) -c -o "$TMPD/bad.o" "$TMPD/bad.c" ||
		{ fail "cannot compile the bad object"; return; }
	check "$TMPD/bad.o"
	assertEquals "status: $OUT" 1 $?
	assertContains "$OUT" "bad.o: bad_event: calls memcpy, which is not on the event path"
	assertContains "$OUT" "bad.o: bad_event: uses a floating-point or vector register"
}

. shunit2
