#!/bin/bash
# Chapter 4: a call site recordmcount never saw (an object built with the
# kit's flags but not run through it) is never converted: it keeps calling
# MCOUNT_ADDR.  Where that is a stub (x86_64, ARM) such a function is
# never traced; where it is ftrace_caller (MIPS's seed design) it is
# traced while no filter is in force, and left out, by the function and
# the graph tracer alike, while set_ftrace_filter selects functions
# (stage1-static/ftrace.c, ftrace_ops_assist_func(); chapter 5:
# ftrace_graph_wants()).  TEST_UNRECORDED_SITES (facts.sh) says which.
# Either way the program says so once, at start-up, on stderr.  At stage
# 5 (chapter 8) such a site never reaches ftrace_caller: a call of the
# stub ENTRY_SYMBOL, or the compiler's patchable NOPs (ENTRY_RECORD_FLAGS
# --entries), which nothing records then but the compiler's own table.
. "$KIT/tests/lib.sh"

src=$KIT/tests/stage3/src
GRAPH=$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)
FATE=$TEST_UNRECORDED_SITES
[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ] && FATE=stub
ENTRIES=
[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ] &&
	case " $(mkvar ENTRY_RECORD_FLAGS) " in *" --entries "*) ENTRIES=y ;; esac

oneTimeSetUp() {
	local cc="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE" o
	read -r -a tflags <<<"$(mkvar TRACE_CFLAGS)"
	$cc -O2 -c -o "$TMPD/main.o" "$src/unrec_main.c" || return
	for o in O2 O0; do
		# the kit's flags, no recordmcount
		$CC "${tflags[@]}" -$o -DPREFIX=u_${o}_ -c \
			-o "$TMPD/u$o.o" "$src/unrec.c" || return
	done
	$cc -o "$TMPD/prog" "$TMPD/main.o" "$TMPD/uO2.o" "$TMPD/uO0.o" || return
	run_target "$TMPD/prog" >"$TMPD/plain.out"
	echo $? >"$TMPD/plain.rc"
}

# The start-up line: the two unrecorded objects have two functions each.
start_line() {
	[ -n "$ENTRIES" ] &&
		echo "ftrace: 4 functions have a patchable entry without a __mcount_loc record (an object not built with ftrace-cc?): never traced" &&
		return
	case $FATE in
	traced) echo "ftrace: 4 functions call mcount without a __mcount_loc record (an object not built with ftrace-cc?): traced only while no filter is set" ;;
	*) echo "ftrace: 4 functions call mcount without a __mcount_loc record (an object not built with ftrace-cc?): never traced" ;;
	esac
}

# run the program with a tracer; check what must hold whatever is traced
run() { # out tracer [filter]
	FTRACE_CURRENT_TRACER=$2 FTRACE_SET_FTRACE_FILTER=$3 \
		trace_run "$1" "$TMPD/prog"
	assertEquals "$2 ${3:-(no filter)}: exit status" "$(cat "$TMPD/plain.rc")" $?
	assertEquals "$2 ${3:-(no filter)}: output" "$(cat "$TMPD/plain.out")" \
		"$(cat "$1.stdout")"
	assertEquals "$2 ${3:-(no filter)}: the start-up line, nothing else" \
		"$(start_line)" "$(cat "$1.stderr")"
}

# "depth func" per call line of a function_graph trace
graph_calls() {
	sed -n 's/^ *[0-9]*) [ +!#*@$] *[0-9.]* *\(us\)\{0,1\} *|  \(.*\)$/\2/p' "$1" |
		grep -v '^ *}' |
		awk '{ match($0, /^ */); d = RLENGTH / 2; sub(/^ */, ""); sub(/\(\).*/, ""); print d, $0 }'
}

test_objects_really_unrecorded() {
	assertEquals "sum 636" "$(cat "$TMPD/plain.out")"
	assertFalse "no __mcount_loc in the unrecorded objects" \
		"$OBJDUMP -h '$TMPD/uO2.o' '$TMPD/uO0.o' | grep -q __mcount_loc"
	assertTrue "but in the recorded one" \
		"$OBJDUMP -h '$TMPD/main.o' | grep -q __mcount_loc"
}

# Said once at start-up, with no tracer too; a program whose objects all
# went through recordmcount says nothing.
test_reported_at_start_up() {
	need_facts TEST_UNRECORDED_SITES || return
	run_target "$TMPD/prog" >/dev/null 2>"$TMPD/nop.err"
	assertEquals "nop tracer" "$(start_line)" "$(cat "$TMPD/nop.err")"
	local cc="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE" o
	for o in O2 O0; do
		$cc -$o -DPREFIX=u_${o}_ -c -o "$TMPD/r$o.o" "$src/unrec.c" ||
			fail "build"
	done
	$cc -o "$TMPD/allrec" "$TMPD/main.o" "$TMPD/rO2.o" "$TMPD/rO0.o" ||
		fail "link"
	run_target "$TMPD/allrec" >/dev/null 2>"$TMPD/allrec.err"
	assertEquals "all recorded: quiet" "" "$(cat "$TMPD/allrec.err")"
}

test_function_tracer() {
	need_facts TEST_UNRECORDED_SITES || return
	local o n
	run "$TMPD/f" function
	fn_edges "$TMPD/f" | cut -d' ' -f2- | sort | uniq -c >"$TMPD/edges"
	assertTrue "recorded functions traced" \
		"grep -q ' 3 r_outer <-main$' '$TMPD/edges'"
	for o in O2 O0; do
		n=$(grep -c " u_${o}_" "$TMPD/edges")
		case $FATE in
		traced)
			assertEquals "$o: unrecorded, no filter: traced" \
				"3 r_leaf <-u_${o}_mid
3 u_${o}_leaf <-u_${o}_mid
3 u_${o}_mid <-r_outer" \
				"$(grep " u_${o}_\|<-u_${o}_" "$TMPD/edges" |
				   sed 's/^ *//' | sort -k2)" ;;
		stub)
			assertEquals "$o: unrecorded: never traced" 0 "$n" ;;
		*)
			fail "TEST_UNRECORDED_SITES: '$FATE'" ;;
		esac
	done
	# a filter: only what it selects, whatever reached ftrace_caller
	run "$TMPD/ff" function 'r_*'
	assertEquals "filtered: r_* only" "r_leaf r_outer" \
		"$(fn_edges "$TMPD/ff" | awk '{ print $2 }' | sort -u | tr '\n' ' ' | sed 's/ $//')"
	assertEquals "r_leaf each time" 6 \
		"$(fn_edges "$TMPD/ff" | grep -c ' r_leaf <-')"
}

test_graph_tracer() {
	if [ -z "$GRAPH" ]; then
		startSkipping
		assertTrue "no graph tracer at stage $STAGE" true
		return
	fi
	need_facts TEST_UNRECORDED_SITES || return
	local o
	run "$TMPD/g" function_graph
	graph_calls "$TMPD/g" >"$TMPD/calls"
	assertEquals "balanced" "$(grep -c '() {$' "$TMPD/g")" \
		"$(grep -c '|  *}$' "$TMPD/g")"
	assertEquals "r_outer under main" 3 "$(grep -c '^1 r_outer$' "$TMPD/calls")"
	for o in O2 O0; do
		case $FATE in
		traced)
			assertEquals "$o: unrecorded, no filter: hijacked" 3 \
				"$(grep -c "^2 u_${o}_mid\$" "$TMPD/calls")"
			assertEquals "$o: its leaf under it" 3 \
				"$(grep -c "^3 u_${o}_leaf\$" "$TMPD/calls")" ;;
		stub)
			assertEquals "$o: unrecorded: never hijacked" 0 \
				"$(grep -c " u_${o}_" "$TMPD/calls")" ;;
		*)
			fail "TEST_UNRECORDED_SITES: '$FATE'" ;;
		esac
	done
	assertEquals "r_leaf, at its depth" 6 "$(grep -Ec "^[23] r_leaf$" "$TMPD/calls")"
	# a filter that excludes them: absent, and r_leaf right under r_outer
	run "$TMPD/gf" function_graph 'r_* main'
	graph_calls "$TMPD/gf" >"$TMPD/fcalls"
	assertEquals "filtered: no unrecorded function" "" \
		"$(grep ' u_' "$TMPD/fcalls")"
	assertEquals "filtered: the rest" "0 main
1 r_outer
2 r_leaf" "$(sort -u "$TMPD/fcalls")"
	assertEquals "r_leaf under r_outer each time" 6 \
		"$(grep -c '^2 r_leaf$' "$TMPD/fcalls")"
	assertEquals "balanced" "$(grep -c '() {$' "$TMPD/gf")" \
		"$(grep -c '|  *}$' "$TMPD/gf")"
}

. shunit2
