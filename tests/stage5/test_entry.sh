#!/bin/bash
# Chapter 8: the entry before the prologue.  The compiler's sites are NOPs
# the start-up leaves alone; a callback reads every argument through
# struct ftrace_regs and redirects a call; the graph tracer, an ops of its
# own, prints return values (funcgraph-retval).
. "$KIT/tests/lib.sh"

# fregs [TRACER] [PROG]: run the fregs program, its output in $TMPD/out
fregs() {
	FTRACE_CURRENT_TRACER=${1:-nop} FTRACE_TRACE=$TMPD/t \
		run_target "${2:-$O/entry/fregs}" >"$TMPD/out" 2>"$TMPD/err"
}

FREGS_WANT="a1 ok
a2 ok
a3 ok
a4 ok
a5 ok
a6 ok
a7 ok
a8 ok
a10 ok
orig(5) = 500
orig(5) = 6 after"

test_callback_reads_every_argument_and_redirects() {
	local t
	for t in nop function function_graph; do
		fregs $t
		assertEquals "$t: exit status" 3 $?
		assertEquals "$t: what the callback saw" "$FREGS_WANT" "$(cat "$TMPD/out")"
		assertEquals "$t: nothing on stderr" "" "$(cat "$TMPD/err")"
	done
	# the graph tracer sees the redirected call as the kernel shows it:
	# the function entered, the replacement inside it
	assertTrue "orig { repl(); }" "grep -A1 ' orig() {$' '$TMPD/t' | grep -q ' repl();$'"
}

test_callback_at_O0_and_O2_through_ftrace_cc() {
	local opt
	for opt in -O0 -O2; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $opt \
			-o "$TMPD/fregs$opt" "$KIT/tests/progs/entry/fregs.c" ||
			fail "ftrace-cc $opt"
		fregs function_graph "$TMPD/fregs$opt"
		assertEquals "$opt: exit status" 3 $?
		assertEquals "$opt: what the callback saw" "$FREGS_WANT" "$(cat "$TMPD/out")"
	done
}

# The first instruction of each traced function, as linked: the disabled
# site as the build left it (TEST_ENTRY_SITE), not a call; and what the
# start-up writes (TEST_ENTRY_INIT_WRITES: chapter 8, no conversion).
test_sites_are_nops_from_the_compiler() {
	local f first want=0
	need_facts TEST_ENTRY_SITE TEST_ENTRY_INIT_WRITES || return
	for f in leaf_add fact apply main; do
		first=$("$OBJDUMP" -d --no-show-raw-insn "$O/demo" |
			awk -v f="<$f>:" '$2 == f { getline; print; exit }')
		assertTrue "$f begins with the disabled site: $first" \
			"echo '$first' | grep -Eq '$TEST_ENTRY_SITE'"
	done
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --cat dyn_ftrace_total_info \
		-- "$O/demo" >"$TMPD/info" 2>&1
	[ "$TEST_ENTRY_INIT_WRITES" = each ] &&
		want=$(sed -n 's/^\([0-9]*\) pages:.*/\1/p' "$TMPD/info")
	assertEquals "the start-up writes $TEST_ENTRY_INIT_WRITES" \
		"$want sites written" "$(grep 'sites written$' "$TMPD/info")"
	assertTrue "records read" "grep -Eq '^[1-9][0-9]* pages:' '$TMPD/info'"
}

# A GNU C nested function gets its static chain in a register; x86_64's
# gcc saves it around the site (push %r10; site; pop %r10), the one site
# not at the entry: the return address, the parent and the graph's hijack
# must look one word further up (arch/x86_64/fentry.S).
test_nested_function_parent_and_return() {
	local t
	for t in function function_graph; do
		FTRACE_CURRENT_TRACER=$t trace_run "$TMPD/n" "$O/abi"
		assertEquals "$t: nested() computes as untraced" "nested 1719" \
			"$(grep '^nested ' "$TMPD/n.stdout")"
	done
	FTRACE_CURRENT_TRACER=function trace_run "$TMPD/n" "$O/abi"
	assertTrue "add_base's parent is nested" \
		"grep -Eq ' add_base[.0-9]* <-nested$' '$TMPD/n'"
}

# retval [OPTIONS]: the function_graph trace of the retval program
retval() {
	FTRACE_CURRENT_TRACER=function_graph FTRACE_TRACE=$TMPD/t \
		FTRACE_TRACE_OPTIONS=$1 run_target "$O/entry/retval" \
		>"$TMPD/out" 2>"$TMPD/err"
}

# the function-name part of each call line of $TMPD/t
calls() {
	sed -n 's/^[^|]*|  *//p' "$TMPD/t"
}

test_funcgraph_retval() {
	retval funcgraph-retval
	assertEquals "exit status" 3 $?
	assertEquals "output" "42 -22 -2 1 -22" "$(head -1 "$TMPD/out")"
	local p
	p=$(sed -n 's/^pointer 0x//p' "$TMPD/out")
	assertEquals "r_answer() = 42, twice" 2 \
		"$(calls | grep -cx 'r_answer(); /\* = 0x2a \*/')"
	assertTrue "an int error code in decimal" "calls | grep -qx 'r_einval(); /\* = -22 \*/'"
	assertTrue "a long one too" "calls | grep -qx 'r_long_enoent(); /\* = -2 \*/'"
	assertTrue "a pointer in hex" "calls | grep -qx 'r_pointer(); /\* = 0x$p \*/'"
	assertTrue "a closing brace names its function" \
		"calls | grep -qx '} /\* r_outer = -22 \*/'"
	assertTrue "main's value too" "calls | grep -qx '} /\* main = 0x3 \*/'"
}

test_funcgraph_retval_hex() {
	retval funcgraph-retval,funcgraph-retval-hex
	assertEquals "exit status" 3 $?
	# -22 as an int leaves the upper half of a 64-bit register zero
	case $ARCH in
	*64)
		assertTrue "int -22 in hex" "calls | grep -Eqx 'r_einval\(\); /\* = 0x(ffffffff)?ffffffea \*/'"
		assertTrue "long -2 in hex" "calls | grep -qx 'r_long_enoent(); /\* = 0xfffffffffffffffe \*/'" ;;
	*)
		assertTrue "int -22 in hex" "calls | grep -qx 'r_einval(); /\* = 0xffffffea \*/'" ;;
	esac
}

test_no_retval_without_the_option() {
	retval
	assertEquals "exit status" 3 $?
	assertTrue "leaf as at stage 4" "calls | grep -qx 'r_answer();'"
	assertEquals "no value printed" 0 "$(calls | grep -c '/\* = \|/\* .* = ')"
}

. shunit2
