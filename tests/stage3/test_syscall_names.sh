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
# numbers it reserves with no entry point (sys_ni_syscall), calls removed
# or never implemented for an ABI.  Those of every arch's table are here:
# lookup_dcookie and nfsservctl, removed from the kernel, their numbers
# kept everywhere.  An arch's own are its TEST_UNNAMED_SYSCALLS
# (arch/<arch>/tests/facts.sh; "none" if it has none).
UNNAMED="lookup_dcookie nfsservctl"
need_facts TEST_UNNAMED_SYSCALLS
[ "$TEST_UNNAMED_SYSCALLS" = none ] ||
	UNNAMED="$UNNAMED $TEST_UNNAMED_SYSCALLS"
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
	# and the arch's own list is exact: each name in its table, unnamed
	[ "$TEST_UNNAMED_SYSCALLS" = none ] ||
		assertEquals "TEST_UNNAMED_SYSCALLS: not in $ARCH's table, or named" \
			"" "$(for c in $TEST_UNNAMED_SYSCALLS; do
				grep -qx "SYSCALL_NAME([0-9]*, \"$c\")" "$TABLE" &&
					! echo "$names" | grep -qx "$c" && continue
				printf '%s ' "$c"
			done)"
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
