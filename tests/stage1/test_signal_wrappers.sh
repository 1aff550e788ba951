#!/bin/bash
# Handlers installed with sigset(), sysv_signal() and ssignal() run in a
# handler's context like those of sigaction() and signal()
# (stage1-static/irq_entry.c), and the program sees the same answers as
# without the kit (tests/stage1/src/sigwrap.c), at -O2 and -O0.
. "$KIT/tests/lib.sh"

prog=$KIT/tests/stage1/src/sigwrap.c

test_old_interfaces_are_wrapped() {
	$CC -O2 -Wno-deprecated-declarations $(mkvar ARCH_CFLAGS) \
		$(mkvar ARCH_LDFLAGS) -o "$TMPD/plain" "$prog" || fail "plain build"
	run_target "$TMPD/plain" >"$TMPD/plain.out"
	local rc=$? o
	assertEquals "without the kit: sigset released the held signal" \
		"release: blocked 0, hits 2" "$(grep '^release: blocked' "$TMPD/plain.out")"
	for o in O2 O0; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -$o \
			-Wno-deprecated-declarations -o "$TMPD/sw$o" "$prog" ||
			{ fail "$o: build"; continue; }
		trace_run "$TMPD/t$o" "$TMPD/sw$o"
		assertEquals "$o: exit status" "$rc" $?
		assertEquals "$o: the same answers" "$(cat "$TMPD/plain.out")" \
			"$(cat "$TMPD/t$o.stdout")"
		assertEquals "$o: no noise" "" "$(cat "$TMPD/t$o.stderr")"
		assertEquals "$o: every handler run in a handler's context" \
			"2 h_sigset
2 h_ssignal
2 h_sysv" "$(grep -E ' \.\.h\. .*: h_[a-z]+ <-signal_irq_entry$' "$TMPD/t$o" |
			sed 's/.*: \(h_[a-z]*\) <-.*/\1/' | sort | uniq -c |
			sed 's/^ *//')"
		assertEquals "$o: and only there" 6 \
			"$(grep -cE ': h_[a-z]+ <-' "$TMPD/t$o")"
	done
}

. shunit2
