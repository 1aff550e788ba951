#!/bin/bash
# Chapter 5, the arch half: the graph tracer through every site shape the
# arch has (tests/stage3/src: MIPS jal at -O2 and -O0 and -mlong-calls;
# ARM ARM-state; Thumb-2, which ARM refuses for the graph tracer), reached
# through ftrace_graph_call.
# x86_64 has one shape, which test_dyn_graph covers.
. "$KIT/tests/lib.sh"

src=$KIT/tests/stage3/src
# the arch's other shape (arch/<arch>/tests/facts.sh), else the first one
# its arch.mk refuses for the graph tracer; x86_64 has neither
need_facts TEST_GRAPH_SHAPES || exit 1
other=
[ "$TEST_GRAPH_SHAPES" != none ] && other=$(echo $TEST_GRAPH_SHAPES | cut -d' ' -f1 | tr , ' ')
[ -n "$other" ] || other=$(mkvar GRAPH_REFUSED_CFLAGS | awk '{ print $1 }')

build() { # out: main + 3 builds of archsites_far.c, as tests/stage3 does
	local cc="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE"
	$cc -O2 -c -o "$TMPD/main.o" "$src/archsites.c" &&
	$cc -O2 $other -DPREFIX=far_O2_ -c -o "$TMPD/f2.o" "$src/archsites_far.c" &&
	$cc -O0 $other -DPREFIX=far_O0_ -c -o "$TMPD/f0.o" "$src/archsites_far.c" &&
	$cc -O0 -DPREFIX=plain_O0_ -c -o "$TMPD/p0.o" "$src/archsites_far.c" &&
	$cc -o "$1" "$TMPD"/main.o "$TMPD"/f2.o "$TMPD"/f0.o "$TMPD"/p0.o
}

# "depth func" per call line of a function_graph trace
graph_calls() {
	sed -n 's/^ *[0-9]*) [ +!#*@$] *[0-9.]* *\(us\)\{0,1\} *|  \(.*\)$/\2/p' "$1" |
		grep -v '^ *}' |
		awk '{ match($0, /^ */); d = RLENGTH / 2; sub(/^ */, ""); sub(/\(\).*/, ""); print d, $0 }'
}

skip_unless_shapes() {
	[ -n "$other" ] && return 0
	startSkipping
	assertTrue "one site shape on $ARCH" true
	return 1
}

test_every_shape_hijacked() {
	skip_unless_shapes || return 0
	# a shape the arch's graph tracer cannot hook is refused up front
	# (GRAPH_REFUSED_CFLAGS in arch.mk); the others must work
	case " $(mkvar GRAPH_REFUSED_CFLAGS) " in
	*" $other "*)
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $other -c \
			-o "$TMPD/r.o" "$src/archsites_far.c" 2>"$TMPD/r.err"
		assertEquals "$other refused" 2 $?
		assertEquals "one line" 1 "$(wc -l <"$TMPD/r.err")"
		other= ;;
	esac
	build "$TMPD/prog" >"$TMPD/build.log" 2>&1 || { cat "$TMPD/build.log"; fail build; return; }
	run_target "$TMPD/prog" plain >"$TMPD/plain.out" 2>&1
	local rc=$?
	FTRACE_CURRENT_TRACER=function_graph trace_run "$TMPD/g" "$TMPD/prog" plain
	assertEquals "exit status" "$rc" $?
	assertEquals "output" "$(cat "$TMPD/plain.out")" "$(cat "$TMPD/g.stdout")"
	assertEquals "no noise" "" "$(cat "$TMPD/g.stderr")"
	graph_calls "$TMPD/g" >"$TMPD/calls"
	local p n
	for p in far_O2:3 far_O0:4 plain_O0:2; do
		n=${p#*:} p=${p%:*}
		assertEquals "$p mid calls" $n "$(grep -c "^[0-9]* ${p}_mid\$" "$TMPD/calls")"
		assertEquals "$p leaf under mid" $n "$(awk -v m="${p}_mid" -v l="${p}_leaf" '
			$2 == m { d = $1; next } $2 == l && $1 == d + 1 { c++ }
			END { print c + 0 }' "$TMPD/calls")"
	done
	assertEquals "balanced" "$(grep -c '() {$' "$TMPD/g")" "$(grep -c '|  *}$' "$TMPD/g")"
	FTRACE_CURRENT_TRACER=function_graph FTRACE_SET_FTRACE_FILTER='far_O0_*' \
		trace_run "$TMPD/g2" "$TMPD/prog" plain
	assertEquals "filtered: far_O0 only" "far_O0_leaf far_O0_mid far_O0_outer" \
		"$(graph_calls "$TMPD/g2" | awk '{ print $2 }' | sort -u | tr '\n' ' ' | sed 's/ $//')"
}

. shunit2
