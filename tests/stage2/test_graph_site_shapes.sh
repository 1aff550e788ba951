#!/bin/bash
# Chapter 2, the arch half: the graph tracer through the call-site shapes
# an arch has besides its default one (TEST_GRAPH_SHAPES, from
# arch/<arch>/tests/facts.sh: MIPS -mlong-calls, whose site is a
# lui/addiu/move at,ra/jalr sequence), each built at -O2 and -O0.  Runs
# at stage 2 (static mcount) and stage 4 (through ftrace_graph_call).
. "$KIT/tests/lib.sh"

src=$KIT/tests/stage2/src

graph_calls() { # "depth func" per call line of a function_graph trace
	sed -n 's/^ *[0-9]*) [ +!#*@$] *[0-9.]* *\(us\)\{0,1\} *|  \(.*\)$/\2/p' "$1" |
		grep -v '^ *}' |
		awk '{ match($0, /^ */); d = RLENGTH / 2; sub(/^ */, ""); sub(/\(\).*/, ""); print d, $0 }'
}

build() { # out flags...: main -O2 as usual, shapes_far.c -O2 and -O0 with flags
	local out=$1 cc="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE"
	shift
	$cc -O2 -c -o "$TMPD/main.o" "$src/shapes_main.c" &&
	$cc -O2 "$@" -DPREFIX=far_O2_ -c -o "$TMPD/f2.o" "$src/shapes_far.c" &&
	$cc -O0 "$@" -DPREFIX=far_O0_ -c -o "$TMPD/f0.o" "$src/shapes_far.c" &&
	$cc -o "$out" "$TMPD/main.o" "$TMPD/f2.o" "$TMPD/f0.o"
}

# count of "callee" lines nested right under "caller"
nested() { # calls caller callee
	awk -v m="$2" -v l="$3" '$2 == m { d = $1; next }
		$2 == l && $1 == d + 1 { c++ } $1 <= d { d = -9 }
		END { print c + 0 }' "$1"
}

test_graph_through_every_site_shape() {
	need_facts TEST_GRAPH_SHAPES || return
	if [ "$TEST_GRAPH_SHAPES" = none ]; then
		startSkipping
		assertTrue "one site shape on $ARCH" true
		return
	fi
	local shape flags rc o n p
	for shape in $TEST_GRAPH_SHAPES; do
		flags=${shape//,/ }
		build "$TMPD/prog" $flags >"$TMPD/build.log" 2>&1 ||
			{ cat "$TMPD/build.log"; fail "$shape: build"; continue; }
		run_target "$TMPD/prog" >"$TMPD/plain.out" 2>&1
		rc=$?
		FTRACE_CURRENT_TRACER=function_graph trace_run "$TMPD/g" "$TMPD/prog"
		assertEquals "$shape: exit status" "$rc" $?
		assertEquals "$shape: output" "$(cat "$TMPD/plain.out")" \
			"$(cat "$TMPD/g.stdout")"
		assertEquals "$shape: no noise" "" "$(cat "$TMPD/g.stderr")"
		assertEquals "$shape: balanced" "$(grep -c '() {$' "$TMPD/g")" \
			"$(grep -c '|  *}$' "$TMPD/g")"
		graph_calls "$TMPD/g" >"$TMPD/calls"
		# far_O2_outer(3), far_O0_outer(4): i = 0 .. n-1
		for o in O2:3 O0:4; do
			n=${o#*:} p=far_${o%:*}_
			assertEquals "$shape $p: outer under main" 1 \
				"$(nested "$TMPD/calls" main ${p}outer)"
			for f in mid big half wide; do
				assertEquals "$shape $p: $f under outer" $n \
					"$(nested "$TMPD/calls" ${p}outer $p$f)"
			done
			assertEquals "$shape $p: leaf under mid" $n \
				"$(nested "$TMPD/calls" ${p}mid ${p}leaf)"
			assertEquals "$shape $p: near_leaf under mid" $n \
				"$(nested "$TMPD/calls" ${p}mid near_leaf)"
			assertEquals "$shape $p: leaf under big" $n \
				"$(nested "$TMPD/calls" ${p}big ${p}leaf)"
			# rec(i) makes i + 1 calls: n (n + 1) / 2 in all
			assertEquals "$shape $p: every rec" $((n * (n + 1) / 2)) \
				"$(grep -c "^[0-9]* ${p}rec\$" "$TMPD/calls")"
		done
	done
}

. shunit2
