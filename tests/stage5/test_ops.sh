#!/bin/bash
# Chapter 8, the second half: many ftrace_ops on the sites.  An ops alone
# on its functions is called without the list (x86_64: its own
# trampoline; aarch64 and riscv64: the ops literal before each function,
# CALL_OPS); direct calls, alone and with an ordinary ops, switched on and
# off while threads call the function; a redirect (IPMODIFY), exclusive.
# tests/progs/entry/ops.c says what each mode does.
. "$KIT/tests/lib.sh"

# ops_run PROG MODE: its output in $TMPD/out; the exit status must be 3
ops_run() {
	run_target "$1" "$2" >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "$2: exit status" 3 $?
	assertEquals "$2: nothing on stderr" "" "$(cat "$TMPD/err")"
}

# ops_build OPT: the program through ftrace-cc, with the arch's sample
# direct trampolines
ops_build() {
	local tramp=
	[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS)" ] &&
		tramp=$KIT/arch/$ARCH/tests/direct_tramp.S
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $1 \
		-o "$TMPD/ops$1" "$KIT/tests/progs/entry/ops.c" $tramp ||
		fail "ftrace-cc $1"
}

# How an ops alone on its functions is served on this arch
alone_path() {
	if [ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS)" ]; then
		echo call_ops
	elif [ -n "$(mkvar HAVE_FTRACE_OPS_TRAMPOLINES)" ]; then
		echo trampoline
	fi
}

check_alone() {
	local out=$TMPD/out
	assertEquals "$1: results" 3 "$(grep -c '^result same$' "$out")"
	assertEquals "$1: each ops its own" \
		"a: 200 calls, 0 others
b: 100 calls, 0 others
a: 400 calls, 0 others
b: 200 calls, 0 others
c: 100 calls, 0 others" "$(grep -E '^[abc]: .* others$' "$out")"
	assertEquals "$1: none after" "a: 400 calls after" "$(grep after "$out")"
	# a trampoline no thread can be in is freed at once
	assertEquals "$1: trampolines freed" "trampolines waiting: 0" \
		"$(grep '^trampolines' "$out")"
}

test_an_ops_alone_never_enters_the_list() {
	local opt path
	path=$(alone_path)
	for opt in -O0 -O2; do
		ops_build $opt
		ops_run "$TMPD/ops$opt" alone
		check_alone $opt
		# fa_one has two ops: the list runs once per call of it
		assertEquals "$opt: the list for a shared function" \
			"list shared: 100" "$(grep '^list shared' "$TMPD/out")"
		if [ -n "$path" ]; then
			assertEquals "$opt: $path: no list" "list alone: 0" \
				"$(grep '^list alone' "$TMPD/out")"
		else
			assertEquals "$opt: no CALL_OPS: the list" "list alone: 300" \
				"$(grep '^list alone' "$TMPD/out")"
		fi
	done
	# -Os: gcc drops -falign-functions, and a literal may be unaligned:
	# such a site goes through the list, each call still to its own ops
	ops_build -Os
	ops_run "$TMPD/ops-Os" alone
	check_alone -Os
}

test_save_regs_refused_unless_if_supported() {
	ops_run "$O/entry/ops" flags
	assertEquals "SAVE_REGS: struct ftrace_regs is all there is" \
		"SAVE_REGS: Invalid argument
SAVE_REGS_IF_SUPPORTED: registered
calls 1" "$(cat "$TMPD/out")"
}

DIRECT_WANT="no filter: Invalid argument
register: 0
alone: bad 0, tramp 100, tramp2 0, arg 99, ops 0
with an ops: bad 0, tramp 100, tramp2 0, arg 99, ops 100
modify: 0
modified: bad 0, tramp 0, tramp2 100, arg 99, ops 100
alone again: bad 0, tramp 0, tramp2 100, arg 99, ops 0
unregister the old address: Invalid argument
unregister: 0
gone: bad 0, tramp 0, tramp2 0, arg 0, ops 0"

test_direct_call_alone_with_an_ops_and_modified() {
	local opt
	[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS)" ] ||
		startSkipping
	for opt in -O0 -O2; do
		ops_build $opt
		ops_run "$TMPD/ops$opt" direct
		assertEquals "$opt: the trampolines' counts" "$DIRECT_WANT" \
			"$(cat "$TMPD/out")"
	done
}

test_direct_call_switched_1000_times_under_8_threads() {
	[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS)" ] ||
		startSkipping
	ops_run "$O/entry/ops" toggle
	assertEquals "every result right, every switch done" \
		"toggled 1000 times: 0 failed, 0 bad results
missed while on: 0, counted while off: fewer than all" "$(cat "$TMPD/out")"
}

REDIRECT_WANT="redirect: 0, orig(6) = 42
a second on orig: Device or resource busy
a second on other: 0, other(6) = 42
adding orig to it: Device or resource busy, other(6) = 42
after: orig(6) = 13
redirected 200 times: 0 failed, 0 wrong here, 0 bad results in the threads"

test_redirect_exclusive_and_switched_under_threads() {
	local opt
	for opt in -O0 -O2; do
		ops_build $opt
		ops_run "$TMPD/ops$opt" redirect
		assertEquals "$opt: redirect" "$REDIRECT_WANT" "$(cat "$TMPD/out")"
	done
}

. shunit2
