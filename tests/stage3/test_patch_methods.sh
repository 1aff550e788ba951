#!/bin/bash
# Chapter 4, "Three ways to change code that is running": every patch
# method this arch has (the patch_method setting) changes every site and
# ftrace_call completely, leaves no page writable and executable between
# changes, and stays invisible to the program: its sleeping threads see no
# EINTR (with the default method), its own signal handlers run traced
# code during a change, it owns every signal, and it may fork meanwhile.
# stages: 3 (the patching is all chapter 4's; stage 4 adds ftrace_graph_call,
# which tests/stage4/test_dyn_graph.sh changes with every method and under
# threads; tests/run-tests.sh)
. "$KIT/tests/lib.sh"
. "$KIT/arch/$ARCH/tests/dyn_site.sh"
. "$KIT/tests/stage3/dynctl.sh"

METHODS=$(patch_methods)

test_patch_method_setting() {
	FTRACE_CURRENT_TRACER=nop dynctl read:patch_method
	local line
	line=$(sed -n '2p' "$TMPD/out")
	assertEquals "one method in use" 1 "$(echo "$line" | grep -o '\[' | wc -l)"
	assertTrue "stop_machine is always there: $line" \
		"echo ' $METHODS ' | grep -q ' stop_machine '"
	local m args=()
	for m in $METHODS; do
		args+=("write:patch_method=$m" read:patch_method)
	done
	dynctl "${args[@]}" write:patch_method=bogus
	for m in $METHODS; do
		assertTrue "$m chosen" "grep -q '\[$m\]' '$TMPD/out'"
	done
	assertTrue "unknown method refused, naming what there is" \
		"grep -qx \"error: patch_method: no method 'bogus' here (have: .*)\" '$TMPD/out'"
}

# Each method, the same changes: every site and ftrace_call read back
# from memory hold what they must, and no mapping is writable code.
test_every_method_changes_every_site() {
	local m
	for m in $METHODS; do
		FTRACE_PATCH_METHOD=$m dynctl sites wx \
			write:current_tracer=function sites wx calls \
			write:current_tracer=nop sites wx
		assertEquals "$m: exit status" 3 $?
		assertEquals "$m: no error" "" "$(grep '^error' "$TMPD/out")"
		assertEquals "$m: off" "" "$(site_states 1 | grep -v ' nop$')"
		assertEquals "$m: on" "" "$(site_states 2 | grep -v ' call$')"
		assertEquals "$m: off again" "" "$(site_states 3 | grep -v ' nop$')"
		local calls
		calls=$(grep '^call ' "$TMPD/out" | cut -d' ' -f3)
		assertNotEquals "$m: ftrace_call changed" \
			"$(echo "$calls" | sed -n 1p)" "$(echo "$calls" | sed -n 2p)"
		assertEquals "$m: ftrace_call back" \
			"$(echo "$calls" | sed -n 1p)" "$(echo "$calls" | sed -n 3p)"
		assertEquals "$m: code never writable" "wx 0
wx 0
wx 0" "$(grep '^wx' "$TMPD/out")"
		assertEquals "$m" "calls: 7" "$(grep '^calls' "$TMPD/out")"
		# (a switch to nop empties the trace: look at one without)
		FTRACE_PATCH_METHOD=$m dynctl write:current_tracer=function calls
		assertEquals "$m: traced" "alpha_one <-main
alpha_two <-main
beta_one <-main
gamma_x <-main" "$(fn_edges "$TMPD/t" | cut -d' ' -f2- | grep -v '^main')"
	done
}

# Threads asleep in nanosleep, poll, read and epoll_wait while tracers and
# filters change 200 times: the default method interrupts none of them.
test_sleeping_threads_see_no_eintr() {
	FTRACE_CURRENT_TRACER=nop run_target "$O/dyn/dynsleep" >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	assertEquals "failed switches 0
nanosleep eintr 0
poll eintr 0, returned 1
read eintr 0, returned 1
epoll_wait eintr 0, returned 1" "$(cat "$TMPD/out")"
	assertEquals "no noise" "" "$(grep -v '^#' "$TMPD/err")"
}

# The patching thread's own SIGALRM handler, every 100 us, calls traced
# functions while 1,024 sites switch: every method.
test_patching_threads_own_handler() {
	local m
	for m in $METHODS; do
		FTRACE_PATCH_METHOD=$m FTRACE_CURRENT_TRACER=nop \
			run_target "$O/dyn/dynalarm" >"$TMPD/out" 2>"$TMPD/err"
		assertEquals "$m: exit status" 0 $?
		assertEquals "$m" "bad 0
failed switches 0
handler ran yes" "$(cat "$TMPD/out")"
	done
}

# A program with a handler for every signal, SIGTRAP included, counts
# what the same program counts built without the kit; it finds every
# disposition as the untraced program does, the kit's signals too.
test_program_owns_every_signal() {
	$CC -O2 -I"$KIT/include" -o "$TMPD/dynsig.plain" \
		"$KIT/tests/progs/dyn/dynsig.c" -lpthread ||
		fail "untraced build"
	run_target "$TMPD/dynsig.plain" >"$TMPD/plain" 2>&1
	assertEquals "untraced exit status" 0 $?
	assertTrue "signals counted" "[ $(grep -c ': 30$' "$TMPD/plain") -gt 20 ]"
	local m
	for m in $METHODS; do
		FTRACE_PATCH_METHOD=$m FTRACE_CURRENT_TRACER=nop \
			run_target "$O/dyn/dynsig" >"$TMPD/out" 2>"$TMPD/err"
		assertEquals "$m: exit status" 0 $?
		assertEquals "$m: the untraced counts" "$(cat "$TMPD/plain")" \
			"$(cat "$TMPD/out")"
	done
}

# fork() while another thread switches tracers: each child runs, switches
# tracers itself and exits.  With stop_machine, the forking thread waits
# for the switcher's lock with its signals blocked and cannot take the
# stop's signal: it must count as stopped (fork_lock_waiting()), not hang
# both threads (each stop timing out while the switcher retakes the
# lock).  A hang fails the test after two minutes.
test_fork_while_switching() {
	local m
	for m in $METHODS; do
		FTRACE_PATCH_METHOD=$m FTRACE_CURRENT_TRACER=nop timeout 120 \
			${QEMU:+"$QEMU" -L "$SYSROOT"} "$O/dyn/dynfork" 20 \
			>"$TMPD/out" 2>"$TMPD/err"
		assertEquals "$m: exit status" 0 $?
		assertEquals "$m" "children ok 20 of 20" "$(cat "$TMPD/out")"
	done
}

# A program that denies itself writable code (PR_SET_MDWE, inherited
# across exec) gets no dynamic ftrace, said in one line, and runs as
# untraced.  Natively only: qemu-user does not pass the setting on.
test_mdwe_is_refused_in_one_line() {
	cat >"$TMPD/mdwe.c" <<'EOC'
#include <stdio.h>
#include <unistd.h>
#include <sys/prctl.h>
int main(int argc, char **argv)
{
	if (prctl(65 /* PR_SET_MDWE */, 1 /* REFUSE_EXEC_GAIN */, 0, 0, 0))
		return 77;
	execv(argv[1], argv + 1);
	return 1;
}
EOC
	if [ -n "$QEMU" ] || ! $CC -o "$TMPD/mdwe" "$TMPD/mdwe.c" ||
	   { "$TMPD/mdwe" /bin/true; [ $? = 77 ]; }; then
		startSkipping
		assertTrue "PR_SET_MDWE not available here" true
		return
	fi
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/t \
		"$TMPD/mdwe" "$P" calls >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 3 $?
	assertEquals "calls: 7" "$(cat "$TMPD/out")"
	assertEquals "ftrace: dynamic ftrace unavailable: the program denies writable code to itself (PR_SET_MDWE)" \
		"$(cat "$TMPD/err")"
}

. shunit2
