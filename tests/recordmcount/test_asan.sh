#!/bin/bash
# The AddressSanitizer + UBSan build of recordmcount over every object of
# every flavour (listing and rewriting) and over every hand-broken object:
# no sanitizer report, no crash, exit status 0 or 1 only.
. "$KIT/tests/lib.sh"
. "$KIT/tests/recordmcount/rm-lib.sh"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=98

oneTimeSetUp() {
	build_tool || fail "cannot build recordmcount"
	make -s -C "$KIT/recordmcount" --no-print-directory \
		O="$KIT/build/host" asan >/dev/null ||
		fail "cannot build recordmcount-asan"
	build_objects "$TMPD/obj" 2>/dev/null || fail "cannot compile"
}

# run_asan WHAT ARGS...: fails on a report or a status other than 0/1
run_asan() {
	local what=$1
	shift
	"$RM_ASAN" "$@" >/dev/null 2>"$TMPD/asan.err"
	local rc=$?
	if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$TMPD/asan.err"; then
		fail "$what: status $rc: $(head -5 "$TMPD/asan.err")"
		return 1
	fi
	return $rc
}

test_asan_over_every_object() {
	local o n=0
	for o in "$TMPD"/obj/*/*.o; do
		run_asan "list $o" --list -v "$o"
		cp "$o" "$TMPD/w.o"
		run_asan "rewrite $o" -v "$TMPD/w.o"
		# the rewritten object is read again (already has a table)
		run_asan "reread $o" --list "$TMPD/w.o"
		# and the result agrees with the plain build
		cp "$o" "$TMPD/p.o"
		"$RM" "$TMPD/p.o"
		cmp -s "$TMPD/p.o" "$TMPD/w.o"
		assertTrue "$o: asan and plain builds differ" $?
		n=$((n + 1))
	done
	assertTrue "objects ($n)" "[ $n -ge 6 ]"
}

test_asan_over_broken_objects() {
	local kind msg n=0 b=$KIT/tests/recordmcount/break-elf.sh
	while IFS="$TAB" read -r kind msg; do
		"$b" "$kind" "$TMPD/obj/kit/sites.o" "$TMPD/bad.o" \
			"$MCOUNT_SYMBOL" || continue
		run_asan "$kind" "$TMPD/bad.o"
		assertEquals "$kind: status" 1 $?
		n=$((n + 1))
	done < <("$b" --list)
	assertTrue "kinds ($n)" "[ $n -ge 30 ]"
}

. shunit2
