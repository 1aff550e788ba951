#!/bin/bash
# A trace that outlives its process (stage1-static/trace_spool.c,
# trace_spool_read.c, scripts/ftrace-run): tests/progs/crash.c, built -O0
# and -O2, ends by _exit(), abort(), SIGSEGV in a traced function, exec,
# SIGKILL from outside, daemon().  ftrace-run must exit with the program's
# status and append what the dead process recorded: every traced call made
# before the end, the last one unfinished, every line well-formed.  The
# function tracer, and function_graph too where the stage has it.
# stages: 1 4 5 (stage 4 composes every chapter, and stages 2 and 3 each
# hold part of it; tests/run-tests.sh)
. "$KIT/tests/lib.sh"

LEVELS="-O0 -O2"
TRACERS=function
[ -n "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ] && TRACERS="function function_graph"

oneTimeSetUp() {
	local l
	for l in $LEVELS; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $l \
			-o "$TMPD/crash$l" "$KIT/tests/progs/crash.c" \
			>"$TMPD/cc.log" 2>&1 ||
			{ cat "$TMPD/cc.log"; fail "ftrace-cc crash $l"; }
	done
	$CC -O2 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
		-o "$TMPD/crash.plain" "$KIT/tests/progs/crash.c" -lpthread ||
		fail "plain build"
}

# ftrace-run OUT TRACER PROG ARGS: trace to OUT, stdout to OUT.stdout
frun() {
	local out=$1 tracer=$2
	shift 2
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer "$tracer" \
		--trace "$out" -- "$@" >"$out.stdout" 2>"$out.stderr"
}

# A line of each tracer's format (comments aside).
NAME='[A-Za-z_0-9.]+'
FN_LINE="^ *.+-[0-9]+ +\[[0-9]{3}\] [.dhZ]{4} +[0-9]+\.[0-9]{6}: "
FN_LINE+="$NAME <-$NAME(\\+0x[0-9a-f]+)?\$"
GRAPH_LINE='^ *[0-9]+\) +([+!#*@$ ] *[0-9.]+ us +)?\| +'
GRAPH_LINE+="($NAME\(\)( \{|;)|\})\$"

# Every line of a trace is a comment or a line of the tracer's format.
assert_parses() { # trace tracer
	local re=$FN_LINE
	[ "$2" = function_graph ] && re=$GRAPH_LINE
	assertEquals "$1: lines that do not parse" 0 \
		"$(grep -v '^#' "$1" | grep -cvE "$re")"
}

# The sections of dead processes in a trace.
notes() { grep -c '^# pid [0-9]* ended without exit()' "$1"; }

# A trace's lines without their columns ("func <-parent", graph text);
# main's caller in the C library as "main <-".
body() {
	grep -v '^#' "$1" | sed -e 's/^.*: \([^ ]* <-[^ ]*\)$/\1/' \
		-e 's/^ *[0-9]*) *[^|]*|  //' -e 's/ <-\([^ ]*+\)\{0,1\}0x[0-9a-f]*$/ <-/' \
		-e 's/ <-__libc_start[a-z_]*$/ <-/'
}

# What dead processes left: the body after the first note.
leftover() {
	awk '/^# pid [0-9]+ ended without exit\(\)/ { n++ } n' "$1" >"$1.left"
	body "$1.left"
}

# What the program did before the end, in each tracer's words.
want_calls() { # tracer end_function [leaf it calls]
	if [ "$1" = function ]; then
		printf '%s\n' "main <-" "before_end <-main" \
			"crash_leaf <-before_end" "crash_leaf <-before_end" \
			"crash_leaf <-before_end" "$2 <-main"
		[ -n "$3" ] && echo "$3 <-$2"
	else
		printf '%s\n' "main() {" "  before_end() {" \
			"    crash_leaf();" "    crash_leaf();" \
			"    crash_leaf();" "  }" "  $2() {"
		[ -n "$3" ] && echo "    $3();"
	fi
}

check_end() { # how end_function want_status
	local l t out
	for l in $LEVELS; do
		for t in $TRACERS; do
			out=$TMPD/$1$l.$t
			frun "$out" "$t" "$TMPD/crash$l" "$1"
			assertEquals "$1 $l $t: status" "$3" $?
			assertEquals "$1 $l $t: output" start \
				"$(cat "$out.stdout")"
			assertEquals "$1 $l $t: one leftover" 1 \
				"$(notes "$out")"
			assertEquals "$1 $l $t: the calls before the end" \
				"$(want_calls "$t" "$2")" "$(leftover "$out")"
			assert_parses "$out" "$t"
			assertFalse "$1 $l $t: spool removed" "[ -e '$out.d' ]"
		done
	done
}

# What the untraced program does, under the same qemu.
plain_status() {
	run_target "$TMPD/crash.plain" "$@" >/dev/null 2>&1
	echo $?
}

test_underscore_exit() {
	assertEquals "untraced" 5 "$(plain_status _exit)"
	check_end _exit end_underscore_exit 5
}

test_abort() {
	assertEquals "untraced" 134 "$(plain_status abort)"
	check_end abort end_abort 134
}

test_segv_in_traced_function() {
	assertEquals "untraced" 139 "$(plain_status segv)"
	check_end segv end_segv 139
}

# Threads that exited before the end (their buffers retired, copied into
# smaller ones) and a thread alive at the end: each one's calls.
test_threads() {
	local l out tid
	for l in $LEVELS; do
		out=$TMPD/threads$l
		frun "$out" function "$TMPD/crash$l" threads
		assertEquals "$l: status" 134 $?
		assertEquals "$l: threads" 3 "$(fn_edges "$out" |
			grep " before_end <-thread_run$" | cut -d" " -f1 |
			sort -u | wc -l)"
		for tid in $(fn_edges "$out" | grep " thread_run <-" |
			     cut -d" " -f1); do
			assertEquals "$l: thread $tid" \
				"$(printf '%s\n' "before_end <-thread_run" \
					"crash_leaf <-before_end" \
					"crash_leaf <-before_end")" \
				"$(thread_edges "$out" "$tid" |
				   grep -v '^thread_run')"
		done
		assertTrue "$l: main" \
			"fn_edges '$out' | grep -q ' end_threads <-main$'"
		assert_parses "$out" function
	done
}

# exec: the image exec replaces ends without exit(); its trace comes first
# (first events first), then the exec'd program's, which _exit()s.
test_exec() {
	local l t out run
	for l in $LEVELS; do
		run=("$TMPD/crash$l")
		[ -n "$QEMU" ] &&
			run=("$(command -v "$QEMU")" -L "$SYSROOT" "${run[@]}")
		for t in $TRACERS; do
			out=$TMPD/exec$l.$t
			frun "$out" "$t" "$TMPD/crash$l" exec "${run[@]}" _exit
			assertEquals "$l $t: status" 5 $?
			assertEquals "$l $t: output" "start start" \
				"$(tr '\n' ' ' <"$out.stdout" | sed 's/ $//')"
			assertEquals "$l $t: two leftovers" 2 "$(notes "$out")"
			assertEquals "$l $t: both images' calls" \
				"$(want_calls "$t" end_exec
				   want_calls "$t" end_underscore_exit)" \
				"$(leftover "$out")"
			assert_parses "$out" "$t"
		done
	done
}

# A normal exit prints as without a spool, and leaves nothing behind.
test_normal_exit_unchanged() {
	local t out
	for t in $TRACERS; do
		out=$TMPD/exit.$t
		frun "$out" "$t" "$TMPD/crash-O2" exit
		assertEquals "$t: status" 3 $?
		FTRACE_CURRENT_TRACER=$t trace_run "$out.nospool" \
			"$TMPD/crash-O2" exit
		assertEquals "$t: no note" 0 "$(notes "$out")"
		assertEquals "$t: the same trace" "$(body "$out.nospool")" \
			"$(body "$out")"
		assertFalse "$t: spool removed" "[ -e '$out.d' ]"
	done
}

# Wait (boundedly) for a file the program writes.
wait_file() {
	local n=0
	while [ ! -s "$1" ] && [ $n -lt 1200 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	[ -s "$1" ]
}

test_sigkill_from_outside() {
	local l t out rc
	for l in $LEVELS; do
		for t in $TRACERS; do
			out=$TMPD/kill$l.$t
			frun "$out" "$t" "$TMPD/crash$l" hang "$out.ready" &
			wait_file "$out.ready" || fail "$l $t: never ready"
			kill -KILL "$(cat "$out.ready")"
			wait $!
			rc=$?
			assertEquals "$l $t: status" 137 $rc
			assertEquals "$l $t: the calls before the end" \
				"$(want_calls "$t" end_hang write_pid)" \
				"$(leftover "$out")"
			assert_parses "$out" "$t"
		done
	done
}

# daemon(): the parent _exit()s inside it; its main() and end_daemon()
# appear; the child's own exit writes its part.
test_daemon() {
	local l t out pid n
	for l in $LEVELS; do
		for t in $TRACERS; do
			out=$TMPD/daemon$l.$t
			frun "$out" "$t" "$TMPD/crash$l" daemon "$out.done"
			assertEquals "$l $t: status" 0 $?
			assertEquals "$l $t: output" start \
				"$(cat "$out.stdout")"
			wait_file "$out.done" || fail "$l $t: no child"
			pid=$(cat "$out.done")
			n=0
			while kill -0 "$pid" 2>/dev/null && [ $n -lt 1200 ]; do
				sleep 0.05
				n=$((n + 1))
			done
			assertEquals "$l $t: the parent's calls" \
				"$(want_calls "$t" end_daemon)" \
				"$(leftover "$out")"
			assertTrue "$l $t: the child's trace" \
				"grep -q 'daemon_child_work' '$out'"
			assert_parses "$out" "$t"
		done
	done
}

# FTRACE_FORMAT=FILE: the program as the reader of a spool file.
format() { # file
	FTRACE_FORMAT=$1 run_target "$TMPD/crash-O2" 2>"$TMPD/format.err"
}

# The reader leaves the spool of a live process alone, and reads it once
# the process is gone.
test_live_spool_left_alone() {
	local f
	mkdir "$TMPD/live"
	# in a subshell of its own: its death is not reported here
	(FTRACE_SPOOL=$TMPD/live FTRACE_CURRENT_TRACER=function \
		run_target "$TMPD/crash-O2" hang "$TMPD/live.ready" >/dev/null
	true) 2>/dev/null &
	wait_file "$TMPD/live.ready" || fail "never ready"
	f=$(ls "$TMPD"/live/*.buf)
	format "$f"
	assertEquals "alive" 3 $?
	kill -KILL "$(cat "$TMPD/live.ready")"
	wait
	format "$f"
	assertEquals "dead" 0 $?
	assertTrue "printed" \
		"fn_edges '$TMPD/format.err' | grep -q ' end_hang <-main$'"
}

# A program that closes the descriptors it did not open (the spool's, and
# its lock with it) and reuses their numbers: its files are left alone,
# the reader still sees it alive (the file is still mapped), and once it
# is killed its trace is there.
test_closed_descriptors() {
	local f
	mkdir "$TMPD/cl"
	echo data >"$TMPD/cl.data"
	(FTRACE_SPOOL=$TMPD/cl FTRACE_CURRENT_TRACER=function \
		run_target "$TMPD/crash-O2" closefds "$TMPD/cl.data" \
		"$TMPD/cl.ready" >/dev/null
	true) 2>/dev/null &
	wait_file "$TMPD/cl.ready" || fail "never ready"
	assertEquals "its file untouched" data "$(cat "$TMPD/cl.data")"
	f=$(ls "$TMPD"/cl/*.buf)
	format "$f"
	assertEquals "alive" 3 $?
	kill -KILL "$(cat "$TMPD/cl.ready")"
	wait
	format "$f"
	assertEquals "dead" 0 $?
	assertTrue "printed" \
		"fn_edges '$TMPD/format.err' | grep -q ' end_closefds <-main$'"
}

# A u32 of a spool file at OFFSET, in the target's byte order.
spool_u32() { # file offset
	local b
	b=($(od -An -v -j "$2" -N 4 -t u1 "$1"))
	[ "$TEST_ENDIAN" = big ] && b=("${b[3]}" "${b[2]}" "${b[1]}" "${b[0]}")
	echo $((b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24))
}

# The record the process was writing when it died: its slot reserved
# (commit word { TRACE_UNUSED, lap }) but never committed; or a slot of
# another lap.  The reader leaves it out, and prints the rest.  The main
# thread's ring is the first piece after the header; its 6th slot holds
# end_underscore_exit's record; a commit word is bytes 24 (type) and 25
# (lap) of its slot.
test_cut_record() {
	local f hdr slot
	need_facts TEST_ENDIAN || return
	mkdir "$TMPD/cut"
	FTRACE_SPOOL=$TMPD/cut FTRACE_CURRENT_TRACER=function \
		run_target "$TMPD/crash-O2" _exit >/dev/null
	f=$(ls "$TMPD"/cut/*.buf)
	hdr=$(spool_u32 "$f" 520)
	hdr=$(((hdr + 4095) / 4096 * 4096))
	slot=$((hdr + 5 * 32))
	format "$f"
	assertEquals "intact" 0 $?
	assertEquals "intact: the last record" 1 \
		"$(fn_edges "$TMPD/format.err" |
		   grep -c ' end_underscore_exit <-main$')"
	cp "$f" "$TMPD/uncommitted.buf"
	printf '\0' | dd of="$TMPD/uncommitted.buf" bs=1 seek=$((slot + 24)) \
		conv=notrunc 2>/dev/null
	cp "$f" "$TMPD/stale.buf"
	printf '\1' | dd of="$TMPD/stale.buf" bs=1 seek=$((slot + 25)) \
		conv=notrunc 2>/dev/null
	for f in uncommitted stale; do
		format "$TMPD/$f.buf"
		assertEquals "$f: status" 0 $?
		assertEquals "$f: the records before it" \
			"$(printf '%s\n' "before_end <-main" \
				"crash_leaf <-before_end" \
				"crash_leaf <-before_end" \
				"crash_leaf <-before_end")" \
			"$(fn_edges "$TMPD/format.err" | cut -d" " -f2- |
			   sed 1d)"
		assert_parses "$TMPD/format.err" function
	done
}

# A program run without ftrace-run but with FTRACE_SPOOL: ftrace-run
# --read-spool prints what it left, later.  And a run whose spool
# directory holds an earlier run's files is refused in one line.
test_read_spool_later() {
	mkdir "$TMPD/later"
	FTRACE_SPOOL=$TMPD/later FTRACE_CURRENT_TRACER=function \
		run_target "$TMPD/crash-O2" abort >/dev/null 2>&1
	assertEquals "status" 134 $?
	cp -r "$TMPD/later" "$TMPD/out.d"
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --trace "$TMPD/out" -- \
		"$TMPD/crash-O2" _exit >/dev/null 2>"$TMPD/out.err"
	assertEquals "refused" 2 $?
	assertEquals "in one line" 1 "$(wc -l <"$TMPD/out.err")"
	assertTrue "naming the directory" \
		"grep -q 'out.d holds an earlier run' '$TMPD/out.err'"

	"$KIT/scripts/ftrace-run" --arch "$ARCH" --trace "$TMPD/later.txt" \
		--read-spool "$TMPD/later"
	assertEquals "read" 0 $?
	assertEquals "its calls" "$(want_calls function end_abort)" \
		"$(leftover "$TMPD/later.txt")"
	assertFalse "removed" "[ -e '$TMPD/later' ]"
}

# A damaged spool gets one line naming the problem and status 1.
test_bad_spool() {
	local f
	mkdir "$TMPD/bad"
	FTRACE_SPOOL=$TMPD/bad FTRACE_CURRENT_TRACER=function \
		run_target "$TMPD/crash-O2" _exit >/dev/null
	f=$(ls "$TMPD"/bad/*.buf)
	head -c 1000 "$f" >"$TMPD/short.buf"
	format "$TMPD/short.buf"
	assertEquals "short: status" 1 $?
	assertEquals "short: one line" 1 "$(wc -l <"$TMPD/format.err")"
	assertTrue "short: says so" \
		"grep -q 'truncated header' '$TMPD/format.err'"

	head -c $(($(stat -c %s "$f") / 2)) "$f" >"$TMPD/cut.buf"
	format "$TMPD/cut.buf"
	assertEquals "cut: status" 1 $?
	assertTrue "cut: says so" \
		"grep -q 'outside the file' '$TMPD/format.err'"

	cp "$f" "$TMPD/magic.buf"
	printf 'XXXX' | dd of="$TMPD/magic.buf" bs=1 seek=512 conv=notrunc \
		2>/dev/null
	format "$TMPD/magic.buf"
	assertEquals "magic: status" 1 $?
	assertTrue "magic: says so" "grep -q 'bad magic' '$TMPD/format.err'"

	format "$f"
	assertEquals "intact: status" 0 $?
}

# fork() from a signal handler that interrupted a record: a fast timer's
# handler forks while the loop runs traced calls (tests/progs/forksig.c).
# A child that returns from the handler finishes the record it
# interrupted, through the parent's buffer, which spool_fork_child()
# (extras/trace_spool.c) has made the child's private copy: no child may
# die of it.  Each tracer, -O0 and -O2.
test_fork_in_handler_during_records() {
	local t l
	for l in $LEVELS; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $l \
			-o "$TMPD/forksig$l" "$KIT/tests/progs/forksig.c" ||
			{ fail "ftrace-cc forksig $l"; continue; }
		for t in $TRACERS; do
			FTRACE_SPOOL=$TMPD/fs$l$t FTRACE_CURRENT_TRACER=$t \
				trace_run "$TMPD/fs$l$t.t" "$TMPD/forksig$l" 200
			assertEquals "$t $l: exit status" 0 $?
			assertEquals "$t $l: every child exited 0" \
				"forks 200 bad 0 result nonzero" \
				"$(cat "$TMPD/fs$l$t.t.stdout")"
			assertEquals "$t $l: no noise" "" \
				"$(cat "$TMPD/fs$l$t.t.stderr")"
			assertTrue "$t $l: the loop traced" \
				"grep -q 'leaf' '$TMPD/fs$l$t.t'"
		done
	done
}

. shunit2
