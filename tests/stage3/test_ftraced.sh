#!/bin/bash
# Chapter 4, "How it started": dynamic ftrace as it was in 2008 (ftrace-cc
# --ftraced, stage3-dynamic/ftraced.c).  No table of sites: a function is
# found when it first calls mcount, and the ftraced daemon converts what
# was found, under stop_machine().  Built -O0 and -O2 at stage 3 (the
# switch exists at that stage only; stage 4 counts these as skipped).
. "$KIT/tests/lib.sh"
. "$KIT/arch/$ARCH/tests/dyn_site.sh"
. "$KIT/tests/stage3/dynctl.sh"

LEVELS="-O0 -O2"

oneTimeSetUp() {
	local l
	[ "$STAGE" = 3 ] || return 0
	for l in $LEVELS; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage 3 --ftraced $l \
			-o "$TMPD/dynctl$l" "$KIT/tests/progs/dyn/dynctl.c" \
			>"$TMPD/cc.log" 2>&1 ||
			{ cat "$TMPD/cc.log"; fail "ftrace-cc --ftraced $l"; }
	done
}

setUp() {
	[ "$STAGE" = 3 ] && return
	startSkipping
}

# "fn=STATE ..." for the four functions, STATE the same for each
all_four() {
	local f s
	for f in $FUNCS; do
		printf '%s%s=%s' "$s" "$f" "$1"
		s=' '
	done
}

# the disabled form the daemon writes by default: jmp where the arch has it
default_form() {
	P=$TMPD/dynctl-O2 dynctl read:ftraced_nop
	grep -q '\[jmp\]' "$TMPD/out" && echo jmp || echo nop
}

# Functions first called after start-up: unknown until then, recorded on
# that first call, converted by the daemon, then traced like any record.
test_sites_found_converted_and_traced() {
	local l form
	form=$(default_form)
	for l in $LEVELS; do
		P=$TMPD/dynctl$l FTRACE_FTRACED_INTERVAL_MS=20 dynctl \
			sites calls sleep:1500 sites \
			write:current_tracer=function calls sites
		assertEquals "$l: not known before their first call" "" \
			"$(our_states 1)"
		assertEquals "$l: converted by the daemon" "$(all_four "$form")" \
			"$(our_states 2)"
		assertEquals "$l: enabled" "$(all_four call)" "$(our_states 3)"
		assertEquals "$l: results" "calls: 7
calls: 7" "$(grep '^calls:' "$TMPD/out")"
		assertEquals "$l: traced once each, after tracing started" \
			"alpha_one alpha_two beta_one gamma_x" \
			"$(fn_edges "$TMPD/t" | awk '{ print $2 }' | grep -E "^(${FUNCS// /|})$" | sort | xargs)"
		assertEquals "$l: nothing on stderr" "" "$(cat "$TMPD/err")"
	done
}

# ftraced_nop=nop: the sites found from then on become the arch's NOP;
# "jmp" exists only where the arch has that form, and says so otherwise.
test_nop_setting() {
	local form
	form=$(default_form)
	P=$TMPD/dynctl-O2 FTRACE_FTRACED_INTERVAL_MS=20 FTRACE_FTRACED_NOP=nop \
		dynctl calls sleep:1500 sites read:ftraced_nop \
		write:ftraced_nop=jmp write:ftraced_nop=bogus
	assertEquals "nop form" "$(all_four nop)" "$(our_states 1)"
	if [ "$form" = jmp ]; then
		assertEquals "jmp accepted" "" "$(grep '^error: .*no .jmp. form' "$TMPD/out")"
	else
		assertTrue "jmp refused here" \
			"grep -qx \"error: ftraced_nop: this arch has no 'jmp' form; its disabled sites are NOPs\" '$TMPD/out'"
	fi
	assertTrue "bad value refused" \
		"grep -qx \"error: ftraced_nop: expected 'jmp' or 'nop', got 'bogus'\" '$TMPD/out'"
}

# With the daemon off the sites stay calls of mcount, which only records
# them: the function tracer sees none of them, and the program is right.
test_daemon_off() {
	P=$TMPD/dynctl-O2 FTRACE_FTRACED_INTERVAL_MS=20 \
		FTRACE_FTRACED_ENABLED=0 dynctl calls sleep:300 \
		write:current_tracer=function calls sites read:ftraced_stats
	assertEquals "no records" "" "$(our_states 1)"
	assertEquals "results" "calls: 7
calls: 7" "$(grep '^calls:' "$TMPD/out")"
	assertEquals "not traced" "" \
		"$(fn_edges "$TMPD/t" | awk '{ print $2 }' | grep -E "^(${FUNCS// /|})$")"
	assertTrue "the four were recorded: $(grep recorded "$TMPD/out")" \
		"[ $(sed -n 's/^recorded //p' "$TMPD/out") -ge 4 ]"
	assertTrue "none lost" "grep -qx 'lost 0' '$TMPD/out'"
}

# The 2008 hazard, made safe: a site recorded and then overwritten before
# the daemon's look (in 2008, a module unloaded and its memory reused) is
# left alone, said in one line; the other sites are converted as ever.
test_changed_site_left_alone() {
	local form addr
	form=$(default_form)
	P=$TMPD/dynctl-O0 FTRACE_FTRACED_INTERVAL_MS=20 \
		FTRACE_FTRACED_ENABLED=0 dynctl calls reuse:alpha_two \
		write:ftraced_enabled=1 sleep:1500 sites
	addr=$(sed -n 's/^reuse alpha_two: \([0-9a-f]*\)$/\1/p' "$TMPD/out")
	assertNotNull "the site overwritten: $(grep reuse "$TMPD/out")" "$addr"
	assertEquals "said once" "ftrace: ftraced: the code at 0x$addr (alpha_two) no longer calls mcount; left alone" \
		"$(cat "$TMPD/err")"
	assertEquals "the others converted" \
		"alpha_one=$form beta_one=$form gamma_x=$form" "$(our_states 1)"
}

. shunit2
