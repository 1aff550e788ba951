#!/bin/bash
# System-call events (docs/07-syscalls.md): every call the program's C
# library makes, sys_enter and sys_exit with the kernel's names and
# formats, from the traps that run each call out of line.  The program
# (tests/stage3/src/sysprog.c, -O0 and -O2) must print the same and end
# the same traced as untraced, whatever it does: threads, fork, vfork,
# posix_spawn, exec, EINTR and SA_RESTART, every signal blocked, its own
# SIGILL and SIGTRAP handlers, dlopen() (of an object with system-call
# sites too), and a library that blocks every signal and owns SIGILL and
# SIGTRAP by its own calls.
# stages: 3 last (the events and their traps are chapter 7's, at stage 3,
# and at the arch's last stage, with every tracer beside them;
# tests/run-tests.sh)
. "$KIT/tests/lib.sh"

SRC=$KIT/tests/stage3/src
OPTS="-O0 -O2"

oneTimeSetUp() {
	local o
	$CC -O2 -shared -fPIC -o "$TMPD/syslib.so" "$SRC/syslib.c" ||
		return 1
	for o in $OPTS; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $o \
			-o "$TMPD/sysprog$o" "$SRC/sysprog.c" -ldl -lpthread \
			>"$TMPD/cc.log" 2>&1 &&
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $o \
			-DSYSLIB_LINKED -o "$TMPD/syslinked$o" \
			"$SRC/sysprog.c" "$TMPD/syslib.so" \
			-Wl,-rpath,"$TMPD" -ldl -lpthread \
			>"$TMPD/cc.log" 2>&1 || { cat "$TMPD/cc.log"; return 1; }
	done
}

setUp() { endSkipping; }

# sc OPT TRACE ARGS...: sysprog (or $PROG) traced (every system call's
# events), its output and status in TRACE.out; the same untraced in
# TRACE.ref
sc() {
	local o=$1 t=$2 p=$TMPD/${PROG:-sysprog}$1
	shift 2
	(cd "$TMPD" && run_target "$p" "$@") >"$t.ref" 2>&1
	echo "status $?" >>"$t.ref"
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --syscalls --trace "$t" \
		-- "$p" "$@" >"$t.out" 2>&1
	echo "status $?" >>"$t.out"
}

# sc_same OPT TRACE ARGS...: sc, and traced as untraced
sc_same() {
	sc "$@"
	assertEquals "$3 $1: as untraced" "$(cat "$2.ref")" "$(cat "$2.out")"
}

# events TRACE: "tid text" of every system-call event
events() {
	sed -n 's/^ *.*-\([0-9][0-9]*\) *\[[0-9]*\] [^ ]* *[0-9.]*: \(sys_.*\)$/\1 \2/p' "$1"
}

test_files_arguments_and_results() {
	local o t x
	for o in $OPTS; do
		t=$TMPD/files$o
		sc_same $o "$t" files "$TMPD/f$o"
		assertContains "$o: read back" "$(cat "$t.out")" \
			"read 5 'hello', open -1 errno 2"
		events "$t" | cut -d' ' -f2- >"$t.ev"
		# the program's calls, in order, as the kernel prints them
		# (AT_FDCWD is the register: AArch64's C library loads the
		# int -100 with a 64-bit mov, riscv64's sign-extends it as its
		# calling convention wants 32-bit values: the upper half is ones)
		x=$(grep -A1 -E '^sys_(openat|write|lseek|read|close)\((dfd: (ffffffff)?ffffff9c|fd: 3)' "$t.ev" |
			grep -v '^--$' | sed 's/dfd: ffffffffffffff9c/dfd: ffffff9c/;
				s/buf: [0-9a-f]*/buf: B/;
				s/filename: [0-9a-f]*/filename: F/; s/flags: [0-9a-f]*/flags: X/')
		assertContains "$o: openat" "$x" \
			"sys_openat(dfd: ffffff9c, filename: F, flags: X, mode: 180)
sys_openat -> 0x3"
		assertContains "$o: write" "$x" "sys_write(fd: 3, buf: B, count: 5)
sys_write -> 0x5"
		assertContains "$o: read" "$x" "sys_read(fd: 3, buf: B, count: 1f)
sys_read -> 0x5"
		assertContains "$o: close" "$x" "sys_close(fd: 3)
sys_close -> 0x0"
		# the failing open: -ENOENT, as the kernel returned it
		assertTrue "$o: -ENOENT" \
			"grep -qE '^sys_openat -> 0x(ffffffff)?fffffffe$' '$t.ev'"
		# no exit event for exit_group, as in the kernel; it is last
		assertEquals "$o: exit_group last" "sys_exit_group(error_code: 0)" \
			"$(tail -1 "$t.ev")"
		assertEquals "$o: no exit_group exit" 0 \
			"$(grep -c '^sys_exit_group ->' "$t.ev")"
	done
}

test_threads_come_and_go() {
	local o t n
	for o in $OPTS; do
		t=$TMPD/threads$o
		sc_same $o "$t" threads 4
		# each thread's 50 getppid() calls, under its own tid
		n=$(events "$t" | awk '$2 == "sys_getppid()" { c[$1]++ }
			END { for (k in c) if (c[k] == 50) n++; print n + 0 }')
		assertEquals "$o: threads with their calls" 4 "$n"
		# a new thread starts with its clone's return, 0
		assertEquals "$o: children's clone returns" 4 \
			"$(events "$t" | grep -cE ' sys_clone3? -> 0x0$')"
	done
}

# The call that made a child, as the kernel shows it: its exit in the
# parent gives the child's pid, in the child 0 (sys_clone, sys_clone3,
# sys_fork or sys_vfork, as the arch's C library makes it).
FORK_CALL='sys_(clone3?|v?fork)'

test_fork_vfork_spawn_exec() {
	local o t child parent
	for o in $OPTS; do
		t=$TMPD/fork$o
		sc_same $o "$t" fork
		# the child's calls too (its buffers from the spool): _exit(3)
		assertTrue "$o: child's exit_group" \
			"events '$t' | grep -q ' sys_exit_group(error_code: 3)$'"
		child=$(events "$t" | awk '/ sys_exit_group\(error_code: 3\)$/ { print $1 }')
		parent=$(events "$t" | awk '/ sys_exit_group\(error_code: 0\)$/ { print $1 }')
		# the parent's clone, made while the kit's fork handlers hold
		# its locks, and its result: the child's pid
		assertTrue "$o: the parent's $FORK_CALL entry" \
			"events '$t' | grep -qE '^$parent $FORK_CALL\('"
		assertTrue "$o: the parent's $FORK_CALL exit, the child's pid" \
			"events '$t' | grep -qE '^$parent $FORK_CALL -> 0x$(printf %x "$child")\$'"
		# the child starts with its return, 0, then its own calls only
		assertEquals "$o: the child's first event" 0 \
			"$(events "$t" | awk -v c="$child" '$1 == c' | head -1 |
			   grep -cvE "^$child $FORK_CALL -> 0x0\$")"
		assertEquals "$o: none of the kit's calls in the child" "" \
			"$(events "$t" | awk -v c="$child" '$1 == c' |
			   grep -E ' sys_(gettid|openat|getdents64|close|mmap|ftruncate|rt_sigprocmask)\(')"
		for how in vfork spawn exec; do
			t=$TMPD/$how$o
			sc_same $o "$t" $how /bin/echo $how
		done
		for how in vfork spawn; do
			assertTrue "$o $how: the child's return, 0" \
				"events '$TMPD/$how$o' | grep -qE ' $FORK_CALL -> 0x0\$'"
			assertTrue "$o $how: the parent's, the child's pid" \
				"events '$TMPD/$how$o' | grep -qE ' $FORK_CALL -> 0x[1-9a-f][0-9a-f]*\$'"
		done
		assertTrue "$o: execve made" \
			"events '$TMPD/exec$o' | grep -q ' sys_execve(filename: '"
		t=$TMPD/execfail$o
		sc_same $o "$t" execfail
		assertTrue "$o: failed execve -ENOENT" \
			"events '$t' | grep -qE ' sys_execve -> 0x(ffffffff)?fffffffe$'"
	done
}

# Without a spool (FTRACE_* settings only, no ftrace-run), a fork()
# child's trace is written from its execve's trap, once the call's entry
# is recorded: each child's traced call, then its sys_execve, under one
# header.  An execve that fails records on before its exit event: the
# parent's -ENOENT, its traced call after it, and a header once per
# process (tests/stage1/src/forkexec.c, as tests/stage1/test_output.sh
# runs it without events).
test_fork_child_exec_without_a_spool() {
	local o t pid
	for o in $OPTS; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $o \
			-o "$TMPD/fe$o" "$KIT/tests/stage1/src/forkexec.c" ||
			{ fail "build $o"; continue; }
		t=$TMPD/fe$o.t
		FTRACE_SET_EVENT=syscalls trace_run "$t" "$TMPD/fe$o"
		assertEquals "$o: exit status" 0 $?
		assertEquals "$o: result" "children 6 bad 0 exec failed: ENOENT" \
			"$(cat "$t.stdout")"
		assertEquals "$o: no noise" "" "$(cat "$t.stderr")"
		assertEquals "$o: the children's calls" 6 \
			"$(fn_edges "$t" | grep -c ' child_leaf <-child_exec$')"
		for pid in $(fn_edges "$t" | awk '/ child_leaf <-/ { print $1 }'); do
			assertEquals "$o $pid: its call, then its execve" \
				"child_leaf <-child_exec sys_execve(" \
				"$(thread_edges "$t" "$pid" |
				   sed -n '/^child_leaf /,$p' | grep -v ' -> ' |
				   sed 's/(.*/(/' | sort -u | tr '\n' ' ' |
				   sed 's/ $//')"
		done
		pid=$(fn_edges "$t" | awk '/ after_failed <-main$/ { print $1 }')
		assertEquals "$o: the failed execve, then the call after it" \
			"sys_execve -> ENOENT after_failed <-main" \
			"$(thread_edges "$t" "$pid" | grep -A1 '^sys_execve -> ' |
			   tail -2 | sed 's/ -> 0x\(ffffffff\)\{0,1\}fffffffe$/ -> ENOENT/' |
			   tr '\n' ' ' | sed 's/ $//')"
		assertEquals "$o: main once" 1 \
			"$(fn_edges "$t" | grep -c ' main <-')"
		assertEquals "$o: a header a process" 7 \
			"$(grep -c '^# tracer: ' "$t")"
		assertTrue "$o: the parent's trace goes on after the failure" \
			"grep -q '^# pid $pid goes on: its exec failed$' '$t'"
	done
}

# read_span TRACE: the events from the pipe read's entry (count 1) to its
# exit, the handler's write among them, each with its flags: h is "in a
# signal handler"
read_span() {
	sed -n 's/^ *.*-[0-9][0-9]* *\[[0-9]*\] \([^ ]*\) *[0-9.]*: \(sys_.*\)$/\1 \2/p' "$1" |
		sed -n '/ sys_read(fd: [0-9a-f]*, buf: [0-9a-f]*, count: 1)$/,/ sys_read -> /p' |
		sed 's/buf: [0-9a-f]*/buf: B/; s/(fd: [0-9a-f]*,/(fd: N,/'
}

# A read of an empty pipe that a timer signal interrupts: one entry, the
# handler's write (under h), one exit with what the program got, -EINTR
# without SA_RESTART, the byte with it.  The kernel's -ERESTARTSYS and the
# restart happen between the two traps and show nowhere, and the handler's
# return (rt_sigreturn) is not a site (docs/07-syscalls.md).
test_interrupted_read() {
	local o t
	for o in $OPTS; do
		t=$TMPD/eintr$o
		sc_same $o "$t" eintr
		assertContains "$o: EINTR" "$(cat "$t.out")" "read -1 EINTR, ticks 1"
		assertTrue "$o: read -> -EINTR" \
			"events '$t' | grep -qE ' sys_read -> 0x(ffffffff)?fffffffc$'"
		assertEquals "$o: EINTR: enter, handler, one exit" \
".... sys_read(fd: N, buf: B, count: 1)
..h. sys_write(fd: N, buf: B, count: 1)
..h. sys_write -> 0x1
.... sys_read -> -EINTR" \
			"$(read_span "$t" | sed -E 's/0x(ffffffff)?fffffffc$/-EINTR/')"
		t=$TMPD/restart$o
		sc_same $o "$t" restart
		assertContains "$o: restarted" "$(cat "$t.out")" "read 1, ticks 1"
		assertEquals "$o: SA_RESTART: enter, handler, one exit" \
".... sys_read(fd: N, buf: B, count: 1)
..h. sys_write(fd: N, buf: B, count: 1)
..h. sys_write -> 0x1
.... sys_read -> 0x1" "$(read_span "$t")"
		assertEquals "$o: no rt_sigreturn event" 0 \
			"$(events "$t" | grep -c ' sys_rt_sigreturn')"
	done
}

# A timer signal every 100 us while the program makes system calls, its
# handler one of its own: each of the handler's calls has both its events,
# under h, whatever the signal interrupted (a trap, a slot, the way back
# from one: x86_64 comes back without a trap, with signals open).
test_calls_of_a_handler_under_a_timer_storm() {
	local o t n
	for o in $OPTS; do
		t=$TMPD/storm$o
		"$KIT/scripts/ftrace-run" --arch "$ARCH" --trace "$t" \
			--set set_event=syscalls:sys_enter_getppid,syscalls:sys_exit_getppid \
			-- "$TMPD/sysprog$o" storm 5000 >"$t.out" 2>&1
		assertContains "$o: ran" "$(cat "$t.out")" "storm: 5000 calls"
		n=$(sed -n 's/.*, handler \([0-9]*\)$/\1/p' "$t.out")
		assertEquals "$o: an entry per handler call" "$n" \
			"$(events "$t" | grep -c ' sys_getppid()$')"
		assertEquals "$o: an exit per handler call" "$n" \
			"$(events "$t" | grep -c ' sys_getppid -> ')"
		assertEquals "$o: every one in the handler" 0 \
			"$(grep ' sys_getppid' "$t" | grep -vc '\.\.h\. ')"
	done
}

# How calls reach the kit, from the stats file: where the arch's system
# call instruction and a branch are the same size (asm/syscall.h:
# SYSCALL_XOL_BRANCH: AArch64), most sites branch to their slot (those
# beyond a branch's reach trap), and a call from getppid's site takes no
# trap, or two if its site is one of those; on x86_64
# (SYSCALL_XOL_RETURN) one trap; elsewhere two.  A few calls of the C
# library's start and end take the trap path on every arch (those that
# set a mask).
test_traps_per_call() {
	local o t n=400 traps branches sites reach
	local h=$KIT/arch/$ARCH/include/asm/syscall.h
	for o in $OPTS; do
		t=$TMPD/ppid$o
		"$KIT/scripts/ftrace-run" --arch "$ARCH" --syscalls --stats \
			--trace "$t" -- "$TMPD/sysprog$o" ppid $n >"$t.out" 2>&1
		assertContains "$o: ran" "$(cat "$t.out")" "ppid: $n of $n the same"
		# (and the one it compares them with)
		assertEquals "$o: every call's events" $((2 * n + 2)) \
			"$(events "$t" | grep -c ' sys_getppid')"
		traps=$(sed -n 's/^syscall-traps: //p' "$t.out")
		branches=$(sed -n 's/^syscall-branches: //p' "$t.out")
		sites=$(sed -n 's/^syscall-sites: //p' "$t.out")
		reach=$(sed -n 's/^syscall-sites-branching: //p' "$t.out")
		if grep -q SYSCALL_XOL_BRANCH "$h"; then
			assertTrue "$o: most sites branch ($reach of $sites)" \
				"[ $((4 * reach)) -ge $((3 * sites)) ]"
			assertTrue "$o: a branch per call ($branches, $traps traps)" \
				"{ [ '$branches' -ge $n ] && [ '$traps' -lt 50 ]; } ||
				 { [ '$traps' -ge $((2 * n)) ] && [ '$branches' -lt 50 ]; }"
		elif grep -q SYSCALL_XOL_RETURN "$h"; then
			assertTrue "$o: one trap a call ($traps)" \
				"[ '$traps' -ge $n ] && [ '$traps' -lt $((n + 50)) ]"
			assertEquals "$o: no branch" 0 "$branches"
		else
			assertTrue "$o: two traps a call ($traps)" \
				"[ '$traps' -ge $((2 * n)) ]"
			assertEquals "$o: no branch" 0 "$branches"
		fi
	done
}

# Threads cancelled while they wait in read() and in sleep() run their
# cleanups, as untraced: the unwinder walks from the cancellation's
# signal frame through the slot (or the branch's trampoline) into the C
# library's function and on (stage3-dynamic/syscall_unwind.c).  On
# riscv64 under qemu, also that the cancellation handler's mask is the
# one the C library asked for (SYSCALL_SIGACTION_MASK_TWICE).
test_cancel_in_a_call() {
	local o t
	[ "$ARCH" = arm ] && {
		skip_test "ARM unwinds with EHABI tables, which cannot be added at run time: a slot stops its walk (docs/07-syscalls.md)"
		return
	}
	for o in $OPTS; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $o \
			-fexceptions -o "$TMPD/cancel$o" "$SRC/cancelwait.c" \
			-lpthread >"$TMPD/cc.log" 2>&1 || { cat "$TMPD/cc.log"; fail "build"; return; }
		PROG=cancel sc_same $o "$TMPD/cancelled$o"
		assertEquals "$o: both cancelled, both cleaned" \
			"read: cancelled 1, cleaned 1
sleep: cancelled 1, cleaned 1" "$(grep cancelled "$TMPD/cancelled$o.out")"
	done
}

# What an untraced call leaves in the registers, a traced one leaves too:
# x86_64's %rcx (the address after the site: "syscall" writes it), the
# callee-saved registers, the direction flag set by the caller (the C
# the slot's way back calls needs it clear: it clears it, and gives it
# back), and the 128 bytes under the caller's stack pointer (the red
# zone the slot's way back steps over).  (%r11 holds the
# flags the kernel saw, and they differ from run to run untraced too.)
# AArch64's x9-x17 and d16-d31 (its slot's trampoline runs C between the
# site and the call), riscv64's t0, t2-t6 and f0-f31 (across its trap and
# slot), which the C library's syscall() leaves alone.
test_registers_after_a_call() {
	local o t
	case $ARCH in
	x86_64|aarch64|riscv64) ;;
	*) skip_test "the registers checked are x86_64's, aarch64's and riscv64's"
		return ;;
	esac
	for o in $OPTS; do
		t=$TMPD/regs$o
		sc_same $o "$t" regs
		assertContains "$o: nothing changed" "$(cat "$t.out")" \
			"changed 0, ppid 1"
		assertTrue "$o: the call traced" \
			"events '$t' | grep -q ' sys_getppid -> '"
	done
}

test_every_signal_blocked_and_own_handlers() {
	local o t
	for o in $OPTS; do
		t=$TMPD/blockall$o
		sc_same $o "$t" blockall
		assertContains "$o: thread ran" "$(cat "$t.out")" \
			"blocked: thread 0, calls 50, ppid 1"
		# the program's mask as it set it: every signal
		assertTrue "$o: rt_sigprocmask traced" \
			"events '$t' | grep -q ' sys_rt_sigprocmask(how: 2, '"
		t=$TMPD/ownsig$o
		sc_same $o "$t" ownsig
		assertContains "$o: its handlers ran" "$(cat "$t.out")" \
			"SIGILL 2 SIGTRAP 1 ppid 1"
	done
}

# A library's own calls (syslib.c, built without the kit, linked): it
# blocks every signal, as worker threads often start, and owns SIGILL and
# SIGTRAP.  The
# kit's traps still reach the kit, the library's signals the library
# (stage1-static/interpose.c).
test_library_masks_and_handlers() {
	local o t
	for o in $OPTS; do
		t=$TMPD/libblock$o
		PROG=syslinked sc_same $o "$t" libblockall
		assertContains "$o: thread ran" "$(cat "$t.out")" \
			"lib blocked: thread 0, calls 50, ppid 1"
		assertTrue "$o: the blocked thread's 50 calls traced" \
			"events '$t' | grep ' sys_getppid()\$' | cut -d' ' -f1 |
			 sort | uniq -c | grep -q '^ *50 '"
		t=$TMPD/libsig$o
		PROG=syslinked sc_same $o "$t" libownsig
		assertContains "$o: its handlers ran" "$(cat "$t.out")" \
			"lib SIGILL 2 SIGTRAP 1 ppid 1
after: ppid 1"
		assertTrue "$o: calls traced after" \
			"events '$t' | grep -q ' sys_getppid -> 0x'"
	done
}

test_dlopened_library() {
	local o t
	for o in $OPTS; do
		t=$TMPD/dlopen$o
		sc_same $o "$t" dlopen "$TMPD/syslib.so"
		assertContains "$o: constructor ran" "$(cat "$t.out")" \
			"syslib here"
		assertTrue "$o: its write traced" \
			"events '$t' | grep -q ' sys_write(fd: 1, buf: [0-9a-f]*, count: c)$'"
	done
}

# An object with a site table that dlopen() brings after start-up: a
# copy of the C library under another name (the kit knows an object by
# its build-id).  Its code joins the text patcher's before its sites are
# checked and patched, and the call made in it is traced: the program's
# own getppid() is never called.  Unloaded and loaded again (where it
# was, natively), it is patched again: the second call is traced too.
test_dlopened_object_with_sites() {
	local o t lib=$TMPD/libc-copy.so
	cp "$($CC -print-file-name=libc.so.6)" "$lib" ||
		{ fail "no C library to copy"; return; }
	for o in $OPTS; do
		t=$TMPD/dlcopy$o
		sc_same $o "$t" dlcopy "$lib"
		assertEquals "$o: its getppid called, twice" \
			"copy: its own getppid, ppid 1
copy: its own getppid, ppid 1" "$(grep '^copy:' "$t.out")"
		assertEquals "$o: each traced" 2 \
			"$(events "$t" | grep -c ' sys_getppid()$')"
	done
}

# The tracefs names pick single events; with a tracer, both in its output.
test_selected_events_and_a_tracer() {
	local t=$TMPD/sel
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --trace "$t" \
		--set set_event=syscalls:sys_enter_getppid \
		-- "$TMPD/sysprog-O2" threads 1 >/dev/null 2>&1
	assertEquals "only sys_enter_getppid" "sys_getppid()" \
		"$(events "$t" | cut -d' ' -f2- | sort -u)"
	assertEquals "set_event" "syscalls:sys_enter_getppid" \
		"$("$KIT/scripts/ftrace-run" --arch "$ARCH" \
			--set set_event=sys_enter_getppid --cat set_event \
			-- "$TMPD/sysprog-O2")"
	assertEquals "its enable file" "1" \
		"$("$KIT/scripts/ftrace-run" --arch "$ARCH" \
			--set set_event='syscalls:sys_*_getppid' \
			--cat events/syscalls/sys_exit_getppid/enable \
			-- "$TMPD/sysprog-O2")"
	assertEquals "some of the system: X" "X" \
		"$("$KIT/scripts/ftrace-run" --arch "$ARCH" \
			--set set_event=sys_enter_getppid \
			--cat events/syscalls/enable -- "$TMPD/sysprog-O2")"
	t=$TMPD/fn
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function --syscalls \
		--trace "$t" -- "$TMPD/sysprog-O2" files "$TMPD/ff" >"$t.out"
	assertEquals "with the function tracer: status" 0 $?
	assertTrue "function lines" "fn_edges '$t' | grep -q ' main <-'"
	assertTrue "event lines" "events '$t' | grep -q ' sys_close(fd: 3)$'"
}

test_graph_comments() {
	if [ -z "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ]; then
		startSkipping
		return
	fi
	local t=$TMPD/graph
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function_graph \
		--syscalls --trace "$t" -- "$TMPD/sysprog-O0" files "$TMPD/fg" \
		>/dev/null
	assertEquals "status" 0 $?
	assertTrue "a call as a comment" \
		"grep -qE '\\|  +/\\* sys_close\\(fd: 3\\) \\*/$' '$t'"
	assertTrue "its return" "grep -qE '/\\* sys_close -> 0x0 \\*/$' '$t'"
}

# Bad settings: one line naming the problem, status 2, no program run.
test_bad_event_settings() {
	local out
	out=$("$KIT/scripts/ftrace-run" --arch "$ARCH" \
		--set set_event=sched:sched_switch -- "$TMPD/sysprog-O2" files \
		"$TMPD/never" 2>&1)
	assertEquals "other system: status" 2 $?
	assertEquals "other system" "ftrace: set_event: 'sched:sched_switch': \
the kit has the syscalls system only" "$out"
	out=$("$KIT/scripts/ftrace-run" --arch "$ARCH" \
		--set set_event=sys_enter_nosuchcall -- "$TMPD/sysprog-O2" \
		files "$TMPD/never" 2>&1)
	assertEquals "no such event: status" 2 $?
	assertEquals "no such event" \
		"ftrace: set_event: no event matches 'sys_enter_nosuchcall'" "$out"
	assertFalse "the program did not run" "[ -e '$TMPD/never' ]"
}

. shunit2
