#!/bin/bash
# The traced program's ABI state survives mcount (and, on stages with the
# graph tracer, return_to_handler): tests/progs/abi.c and abi_vec.c (with
# the arch's arch/<arch>/tests/fp_flags.h and abi_vec.h) print
# the same lines and exit the same way traced as untraced, built -O0, -O2
# and -Os, under every tracer this stage has.  The graph tracer runs twice:
# as it comes, its common calls on the fast path (on x86_64 the lane,
# which saves the return registers its own way), and with a setting that
# sends every call to the full path (graph_full: max_graph_depth set).
. "$KIT/tests/lib.sh"

LEVELS="-O0 -O2 -Os"
# glibc's AVX2 string routines (ending in vzeroupper) even on an AVX-512 CPU
NO_AVX512=glibc.cpu.hwcaps=-AVX512F,-AVX512VL

oneTimeSetUp() {
	TRACERS=function
	[ -n "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ] &&
		TRACERS="function function_graph graph_full"
	local p l
	for p in abi abi_vec; do
		for l in $LEVELS; do
			"$KIT/scripts/ftrace-cc" --arch "$ARCH" \
				--stage "$STAGE" $l $ARCH_TEST_CFLAGS \
				-o "$TMPD/$p$l" \
				"$KIT/tests/progs/$p.c" \
				>"$TMPD/cc.log" 2>&1 ||
				{ cat "$TMPD/cc.log"; fail "ftrace-cc $p $l"; }
		done
	done
}

# same_as_untraced PROG: every tracer, same stdout and status as no tracer
# (the untraced status is left in RC0)
same_as_untraced() {
	local prog=$1 t rc
	run_target "$prog" >"$prog.ref" 2>&1
	RC0=$?
	for t in $TRACERS; do
		case $t in
		graph_full)
			FTRACE_MAX_GRAPH_DEPTH=100000 \
			FTRACE_CURRENT_TRACER=function_graph \
				trace_run "$prog.$t" "$prog" ;;
		*)	FTRACE_CURRENT_TRACER=$t trace_run "$prog.$t" "$prog" ;;
		esac
		rc=$?
		assertEquals "$(basename "$prog") $t: status" "$RC0" "$rc"
		assertEquals "$(basename "$prog") $t: output" \
			"$(cat "$prog.ref")" "$(cat "$prog.$t.stdout")"
	done
}

test_abi_same_as_untraced() {
	local l
	for l in $LEVELS; do
		same_as_untraced "$TMPD/abi$l"
		assertEquals "abi$l exits 7" 7 "$RC0"
		assertFalse "abi$l: errno survives" \
			"grep -q LOST '$TMPD/abi$l.ref'"
	done
}

# The functions under test were really traced (the values went through
# mcount, and through return_to_handler under the graph tracer).
test_abi_functions_traced() {
	local l t f
	for l in $LEVELS; do
		for t in $TRACERS; do
			for f in retld retcld hfa4 many sum_vd nested add_base \
				 keep_errno; do
				grep -Eq " $f(\.[0-9]+)?(\(\)| <-)" \
					"$TMPD/abi$l.$t"
				assertTrue "abi$l $t traced $f" $?
			done
		done
	done
}

# Vector arguments and returns (the arch's checks), first and later
# events of a thread.  The program itself compares each value with the
# expected one; it skips what the CPU does not have, and an arch whose ABI
# passes no vectors in registers says so (VEC_ABI_NONE): both print why.
test_vector_args_and_returns() {
	local l skip
	skip=$(run_target "$TMPD/abi_vec-O2" | grep '^skip:')
	[ -n "$skip" ] && echo "abi_vec: $skip"
	for l in $LEVELS; do
		same_as_untraced "$TMPD/abi_vec$l"
		GLIBC_TUNABLES=$NO_AVX512 same_as_untraced "$TMPD/abi_vec$l"
		assertFalse "abi_vec$l: no wrong value" \
			"grep -q WRONG '$TMPD/abi_vec$l'.*"
	done
	# each check is named after the traced function it calls: that
	# function is in the trace (under the graph tracer, hijacked rather
	# than left alone with a line on stderr)
	local f t
	for l in $LEVELS; do
		for f in $(awk '$2 == "main" { print $1 }' "$TMPD/abi_vec$l.ref"); do
			for t in $TRACERS; do
				grep -Eq " $f(\.[0-9a-z_.]+)?(\(\)| <-)" \
					"$TMPD/abi_vec$l.$t"
				assertTrue "abi_vec$l $t traced $f" $?
			done
		done
	done
	# the arch's ABI has no vector registers: nothing to check
	grep -q '^skip: no vector ABI' "$TMPD/abi_vec-O2.ref" && startSkipping
	assertTrue "abi_vec checked a vector value in a new thread" \
		"grep -q '^[a-z0-9_]* first ' '$TMPD/abi_vec-O2.ref'"
}

. shunit2
