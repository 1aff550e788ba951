#!/bin/bash
# A program the kit has never seen, built with scripts/ftrace-cc and run
# with scripts/ftrace-run: the kit as a tool.
. "$KIT/tests/lib.sh"

oneTimeSetUp() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/wordfreq" "$KIT/tests/extern/wordfreq.c" \
		>"$TMPD/cc.log" 2>&1 || { cat "$TMPD/cc.log"; fail "ftrace-cc failed"; }
	$CC -O0 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
		-o "$TMPD/wordfreq.plain" "$KIT/tests/extern/wordfreq.c"
}

words="b a c b a b"

test_built_and_traced() {
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
		--trace "$TMPD/t" -- "$TMPD/wordfreq" $words >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	assertEquals "3 b
2 a
1 c" "$(cat "$TMPD/out")"
	assertEquals "no tracer noise" "" "$(cat "$TMPD/err")"
	# static functions by name, and by_count called from inside qsort
	assertEquals 6 "$(fn_edges "$TMPD/t" | grep -c ' add_word <-main$')"
	assertTrue "hash <-add_word" "fn_edges '$TMPD/t' | grep -q ' hash <-add_word$'"
	assertTrue "by_count called by the C library" \
		"[ $(fn_edges "$TMPD/t" | grep -c ' by_count <-') -gt 0 ]"
}

test_same_behaviour_as_plain_build() {
	run_target "$TMPD/wordfreq.plain" x y x >"$TMPD/p1"; local r1=$?
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
		--trace "$TMPD/t2" -- "$TMPD/wordfreq" x y x >"$TMPD/p2"; local r2=$?
	assertEquals "$r1" "$r2"
	assertEquals "$(cat "$TMPD/p1")" "$(cat "$TMPD/p2")"
	run_target "$TMPD/wordfreq.plain" >/dev/null; r1=$?
	"$KIT/scripts/ftrace-run" --arch "$ARCH" -- "$TMPD/wordfreq" >/dev/null; r2=$?
	assertEquals "exit status without words" "$r1" "$r2"
	assertEquals 1 "$r2"
}

test_compile_only_then_link() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -c -O1 \
		-o "$TMPD/w.o" "$KIT/tests/extern/wordfreq.c" || fail "ftrace-cc -c"
	assertTrue "object calls $(mkvar MCOUNT_SYMBOL)" \
		"$OBJDUMP -dr '$TMPD/w.o' | grep -q '$(mkvar MCOUNT_SYMBOL)'"
}

test_runner_rejects_bad_input() {
	local out
	out=$("$KIT/scripts/ftrace-run" --arch "$ARCH" --bogus -- true 2>&1)
	assertEquals 2 $?
	assertEquals "ftrace-run: unknown option '--bogus'" "$out"
	out=$("$KIT/scripts/ftrace-run" --arch sparc -- true 2>&1)
	assertEquals 2 $?
	assertContains "$out" "ftrace-run: unknown arch 'sparc'"
	out=$("$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer nosuch -- "$TMPD/wordfreq" a 2>&1)
	assertEquals 2 $?
	assertContains "$out" "unknown tracer 'nosuch'"
}

. shunit2
