#!/bin/bash
# The names of the system calls' parameters (docs/07-syscalls.md): every
# number of the arch's table (the generated asm/unistd_names.h) has its
# entry, with the kernel's names, in stage3-dynamic/syscall_args.h or the
# arch's asm/syscall_args.h, but the numbers the kernel names nothing
# for; and a traced program's calls print those names.
# stages: 3 (the lists and the table are the same at stage 4, and
# tests/stage3/test_syscalls.sh runs the events there)
. "$KIT/tests/lib.sh"

# The table's names the kernel has no parameter names for (Linux 6.1):
# numbers it reserves with no entry point (sys_ni_syscall) - calls
# removed (lookup_dcookie, nfsservctl, _sysctl, bdflush, the old module
# calls, MIPS's first timerfd), calls never implemented for that ABI
# (afs_syscall, getpmsg, putpmsg, tuxcall, security, vserver, x86_64's
# epoll_*_old, get_thread_area and set_thread_area, ARM's
# pciconfig_iobase, the ioperm, iopl, vm86 and modify_ldt of MIPS),
# names of the first Linux/i386
# table that MIPS o32 keeps with no call behind them (break, stty, gtty,
# ftime, prof, profil, lock, mpx, ulimit, idle, signal) and numbers an
# arch marks unused or reserved - and MIPS o32's syscall, the indirect
# call, whose entry is assembly with no names.  One list for every arch
# (what a test knows of an arch comes from arch/): a name here may have
# an entry on another arch (x86_64 defines ioperm).
UNNAMED="
	_sysctl afs_syscall bdflush break create_module epoll_ctl_old
	epoll_wait_old ftime get_kernel_syms get_thread_area getpmsg gtty
	idle ioperm iopl lock lookup_dcookie modify_ldt mpx nfsservctl
	pciconfig_iobase prof profil putpmsg query_module reserved82
	reserved221 security set_thread_area signal stty syscall timerfd
	tuxcall ulimit unused18 unused28 unused84 unused150 vm86 vserver
"
LISTS="$KIT/stage3-dynamic/syscall_args.h"
[ -f "$KIT/arch/$ARCH/include/asm/syscall_args.h" ] &&
	LISTS="$KIT/arch/$ARCH/include/asm/syscall_args.h $LISTS"
TABLE=$O/generated/asm/unistd_names.h

oneTimeSetUp() {
	[ -f "$TABLE" ] || { echo "$TABLE: not built" >&2; return 1; }
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O2 \
		-o "$TMPD/sysprog" "$KIT/tests/stage3/src/sysprog.c" -ldl \
		-lpthread >"$TMPD/cc.log" 2>&1 || { cat "$TMPD/cc.log"; return 1; }
}

# entries LIST: "name count" of each SC() entry the arch's compiler sees
# (a list may choose by the ABI: __SIZEOF_LONG__)
entries() {
	printf '#define SC(name, ...) @SC name __VA_ARGS__\n#include "%s"\n' \
		"$1" | $CC -E -P -x c - |
		awk '$1 == "@SC" { print $2, gsub(/"[^"]*"/, "&") }'
}

test_every_call_named() {
	local l names missing n=0
	for l in $LISTS; do
		entries "$l" >"$TMPD/$(basename "$(dirname "$l")").list"
		# one entry a name in each list (the arch's may repeat the
		# generic one's name: it comes first), six parameters at most
		assertEquals "$l: names twice" "" \
			"$(cut -d' ' -f1 "$TMPD/$(basename "$(dirname "$l")").list" |
			   sort | uniq -d | tr '\n' ' ')"
		assertEquals "$l: more than 6 parameters" "" \
			"$(awk '$2 > 6 { printf "%s ", $1 }' \
			   "$TMPD/$(basename "$(dirname "$l")").list")"
	done
	names=$(cut -d' ' -f1 "$TMPD"/*.list | sort -u)
	assertTrue "the generic list read" "[ $(echo "$names" | wc -l) -gt 300 ]"
	missing=$(sed -n 's/^SYSCALL_NAME([0-9]*, "\(.*\)")$/\1/p' "$TABLE" |
		while read -r c; do
			echo "$names" | grep -qx "$c" && continue
			echo " $UNNAMED " | tr -s ' \t\n' ' ' | grep -q " $c " &&
				continue
			printf '%s ' "$c"
		done)
	assertEquals "calls of $ARCH's table without names" "" "$missing"
	n=$(grep -c '^SYSCALL_NAME' "$TABLE")
	assertTrue "the table read ($n names)" "[ $n -gt 250 ]"
}

# Two calls a C program seldom makes (the names of the commonest ones are
# checked by tests/stage3/test_syscalls.sh), made by the program (sysprog
# names) with arguments the test knows, traced as untraced.
test_names_in_a_traced_run() {
	local t=$TMPD/names
	(cd "$TMPD" && run_target "$TMPD/sysprog" names) >"$t.ref" 2>&1
	echo "status $?" >>"$t.ref"
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --syscalls --trace "$t" \
		-- "$TMPD/sysprog" names >"$t.out" 2>&1
	echo "status $?" >>"$t.out"
	assertEquals "as untraced" "$(cat "$t.ref")" "$(cat "$t.out")"
	assertContains "the calls made" "$(cat "$t.out")" \
		"getrusage 0, getpriority ok"
	sed -n 's/^.*: \(sys_.*\)$/\1/p' "$t" >"$t.ev"
	# RUSAGE_SELF and PRIO_PROCESS are 0
	assertTrue "getrusage's names" \
		"grep -qE '^sys_getrusage\(who: 0, ru: [0-9a-f]+\)$' '$t.ev'"
	assertTrue "getpriority's names" \
		"grep -qx 'sys_getpriority(which: 0, who: 0)' '$t.ev'"
	assertTrue "getrusage's exit" \
		"grep -qx 'sys_getrusage -> 0x0' '$t.ev'"
}

. shunit2
