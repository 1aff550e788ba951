#!/bin/bash
# Code built with flags the arch's graph tracer cannot hook
# (GRAPH_REFUSED_CFLAGS in arch/<arch>/arch.mk; on ARM: -mthumb, the
# Thumb-2 instruction set, Debian armhf's default):
#  - the function tracer traces it: same output and status as untraced,
#    the same call edges as the default build, -O0 and -O2;
#  - on a stage with the graph tracer, scripts/ftrace-cc refuses it with
#    one line and exit status 2; built by hand anyway, the runtime says so
#    in one line and the program still behaves as untraced.
# stages: 1 4 5 (stage 4 composes every chapter, and stages 2 and 3 each
# hold part of it; tests/run-tests.sh)
. "$KIT/tests/lib.sh"

FLAGS=$(mkvar GRAPH_REFUSED_CFLAGS)
GRAPH=$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)

# An arch that refuses nothing says why in its facts
# (TEST_NO_GRAPH_REFUSAL): the skip is the arch's statement, never silence.
skip_without_flags() {
	[ -n "$FLAGS" ] && return 1
	need_facts TEST_NO_GRAPH_REFUSAL || return 0
	echo "  $ARCH refuses nothing: $TEST_NO_GRAPH_REFUSAL"
	startSkipping
	assertTrue "$ARCH refuses no code for the graph tracer" true
}

# build OUT FLAG LEVEL SRC: what ftrace-cc does, without its refusal
# (recordmcount too, where dynamic ftrace needs the call-site table; at
# stage 5 what the Makefile runs instead, MCOUNT_RECORDER)
build() {
	make -s -C "$KIT" --no-print-directory ARCH="$ARCH" STAGE="$STAGE" \
		runtime >/dev/null || return 1
	$CC $3 $(mkvar TRACE_CFLAGS) $ARCH_TEST_CFLAGS $2 -c "$4" -o "$1.o" &&
		{ [ -z "$(mkvar CONFIG_DYNAMIC_FTRACE)" ] ||
		  $(mkvar MCOUNT_RECORDER) "$1.o"; } &&
		$CC $(mkvar TRACE_LDFLAGS) -o "$1" \
			"$1.o" $(mkvar TRACE_LIBS)
}

# call edges without main's own line (its parent is in the C library)
edges() { fn_edges "$1" | awk '{ $1 = ""; print }' | grep -v '^ main <-'; }

# traced_like_default FLAG LEVEL PROG: built with FLAG, the function
# tracer changes nothing and sees the calls the default build makes
traced_like_default() {
	local t=$TMPD/$3$1$2 src=$KIT/tests/progs/$3.c rc0
	build "$t" "$1" "$2" "$src" || fail "build $3 $1 $2"
	build "$t.def" "" "$2" "$src" || fail "build $3 $2"
	run_target "$t" >"$t.ref" 2>&1
	rc0=$?
	FTRACE_CURRENT_TRACER=function trace_run "$t.tr" "$t"
	assertEquals "$3 $1 $2 status" "$rc0" $?
	assertEquals "$3 $1 $2 output" "$(cat "$t.ref")" "$(cat "$t.tr.stdout")"
	FTRACE_CURRENT_TRACER=function trace_run "$t.dtr" "$t.def"
	assertEquals "$3 $1 $2: the same calls as without $1" \
		"$(edges "$t.dtr")" "$(edges "$t.tr")"
}

test_function_tracer_traces_it() {
	skip_without_flags && return
	local f l p
	for f in $FLAGS; do
		for l in -O0 -O2; do
			for p in abi bigframe; do
				traced_like_default "$f" "$l" "$p"
			done
		done
	done
}

test_graph_tracer_refuses_it() {
	skip_without_flags && return
	if [ -z "$GRAPH" ]; then
		startSkipping
		assertTrue "stage $STAGE has no graph tracer" true
		return
	fi
	local f out t
	for f in $FLAGS; do
		out=$("$KIT/scripts/ftrace-cc" --arch "$ARCH" \
			--stage "$STAGE" -O2 "$f" -o "$TMPD/refused" \
			"$KIT/tests/progs/demo.c" 2>&1)
		assertEquals "ftrace-cc $f: exit status" 2 $?
		assertEquals "ftrace-cc $f: one line" 1 "$(echo "$out" | wc -l)"
		assertTrue "ftrace-cc $f: names the flag: $out" \
			"echo '$out' | grep -q -- '$f'"
		assertFalse "no program left behind" "[ -e '$TMPD/refused' ]"

		# built by hand: the runtime refuses, once, and changes nothing
		t=$TMPD/byhand$f
		build "$t" "$f" -O2 "$KIT/tests/progs/abi.c" || fail "build $f"
		run_target "$t" >"$t.ref" 2>&1
		local rc0=$?
		FTRACE_CURRENT_TRACER=function_graph trace_run "$t.g" "$t"
		assertEquals "graph $f: status" "$rc0" $?
		assertEquals "graph $f: output" "$(cat "$t.ref")" \
			"$(cat "$t.g.stdout")"
		assertEquals "graph $f: one line on stderr" 1 \
			"$(grep -c '^ftrace: function_graph: ' "$t.g.stderr")"
		assertEquals "graph $f: nothing else on stderr" 1 \
			"$(wc -l <"$t.g.stderr")"
	done
}

. shunit2
