#!/bin/bash
# The function profiler (function_profile_enabled, trace_stat/function<N>)
# and trace_marker.  tests/progs/profile.c makes a known
# number of calls of controlled cost; counts are checked exactly, times
# only by their order (heavy spins ten times as long as light).
# stages: 1 4 5 (stage 4 composes every chapter, and stages 2 and 3 each
# hold part of it; tests/run-tests.sh)
. "$KIT/tests/lib.sh"

# profile OUT PROG [ARGS]: profile PROG, tables in OUT (trace_stat file)
profile() {
	local out=$1
	shift
	FTRACE_FUNCTION_PROFILE_ENABLED=1 FTRACE_TRACE_STAT=$out \
		FTRACE_CURRENT_TRACER=${FTRACE_CURRENT_TRACER-nop} \
		trace_run "$out.trace" "$@"
}

# "func hits" of table N (trace_stat/function<N>) in a profile file
hits() { # file N
	awk -v n="$2" '/^==> / { t = ($2 == "trace_stat/function" n) ; next }
		t && NF >= 2 && $1 != "Function" && $1 != "--------" { print $1, $2 }' "$1" | sort
}

# "func ns" (Time column) of table N
times() { # file N
	awk -v n="$2" '/^==> / { t = ($2 == "trace_stat/function" n) ; next }
		t && $4 == "us" {
			split($3, p, "."); f = p[2]; while (length(f) < 3) f = f "0"
			print $1, p[1] * 1000 + f }' "$1"
}

expected_main='deep 1
deeper 1
heavy 20
jumper 1
light 20
main 1
parent 5
rec 5'

check_counts() { # file
	assertEquals "main thread's table" "$expected_main" "$(hits "$1" 0)"
	assertEquals "the worker's own table" "light 7
worker 1" "$(hits "$1" 1)"
}

test_profile_counts() {
	profile "$TMPD/p" "$O/profile" || fail "profile failed"
	assertEquals "profile: ok" "$(cat "$TMPD/p.trace.stdout")"
	check_counts "$TMPD/p"
}

# The counts do not depend on how the program was compiled.
test_profile_counts_O0() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/profile0" "$KIT/tests/progs/profile.c" || fail "ftrace-cc"
	profile "$TMPD/p0" "$TMPD/profile0" || fail "profile -O0 failed"
	check_counts "$TMPD/p0"
}

# With the function tracer on as well, the profile is the same.
test_profile_with_function_tracer() {
	FTRACE_CURRENT_TRACER=function profile "$TMPD/pf" "$O/profile" ||
		fail "profile failed"
	check_counts "$TMPD/pf"
	assertEquals 20 "$(grep -c ' heavy <-' "$TMPD/pf.trace")"
}

# The kernel's layout: header, columns of fixed width, sorted by time.
# A duration is the graph tracer's: at most 7 digits with its fraction,
# " us ", padded to 8 characters of number (a longer one widens the line).
test_profile_layout() {
	profile "$TMPD/l" "$O/profile" || fail "profile failed"
	assertEquals "  Function                               Hit    Time            Avg             s^2
  --------                               ---    ----            ---             ---" \
		"$(sed -n '2,3p' "$TMPD/l")"
	local bad
	bad=$(awk '/^  [a-z]/ && $1 != "Function" {
		if (substr($0, 33, 2) != "  " || substr($0, 45, 4) != "    " ||
		    substr($0, 35, 10) !~ /^ *[0-9]+$/) {
			print "head: " $0; next
		}
		pos = 49
		for (k = 0; k < 3; k++) {
			rest = substr($0, pos)
			num = rest; sub(/ .*/, "", num)
			n = split(num, p, ".")
			if (num !~ /^[0-9]+(\.[0-9]+)?$/ ||
			    (n == 2 && length(p[1]) + length(p[2]) != \
			     (length(p[1]) + 3 < 7 ? length(p[1]) + 3 : 7)) ||
			    (n == 1 && length(p[1]) < 7)) {
				print "number: " $0; next
			}
			pad = ""
			for (i = length(num); i < 8; i++) pad = pad " "
			w = length(num " us " pad)
			if (substr(rest, 1, w) != num " us " pad ||
			    (k < 2 && substr(rest, w + 1, 5) !~ /^    [0-9]$/) ||
			    (k == 2 && length(rest) != w)) {
				print "width: " $0; next
			}
			pos += w + 4
		}
	}' "$TMPD/l")
	assertEquals "lines off the layout" "" "$bad"
	assertEquals "sorted by time" "$(times "$TMPD/l" 0 | sort -k2,2nr -s | cut -d' ' -f1)" \
		"$(times "$TMPD/l" 0 | cut -d' ' -f1)"
}

# A function that spins ten times as long counts more time.  The times
# are wall-clock: a run in which the machine stalled light() for longer
# than heavy's whole margin is run again, up to three runs.
test_profile_time_order() {
	local h l try
	for try in 1 2 3; do
		profile "$TMPD/o" "$O/profile" || fail "profile failed"
		h=$(times "$TMPD/o" 0 | awk '$1 == "heavy" { print $2 }')
		l=$(times "$TMPD/o" 0 | awk '$1 == "light" { print $2 }')
		[ "${h:-0}" -gt "${l:-0}" ] && break
	done
	assertTrue "heavy ($h ns) > light ($l ns)" "[ '$h' -gt '$l' ]"
}

# Off and on again mid-run: the counts start from zero (main, entered
# before, is not counted), and a graph trace taken meanwhile is whole.
test_profile_restart() {
	profile "$TMPD/rs" "$O/profile" restart || fail "profile failed"
	assertEquals "deep 1
deeper 1
heavy 10
jumper 1
light 20
parent 5
rec 5" "$(hits "$TMPD/rs" 0)"
	assertEquals "light 7
worker 1" "$(hits "$TMPD/rs" 1)"
}

# Signal handlers that land in the middle of the profiler: the loop's
# calls are all counted, and a handler's two calls are counted together
# or missed together (a handler that finds its thread's table busy).
test_profile_signals() {
	profile "$TMPD/sg" "$O/sigstress" || fail "sigstress failed"
	local loops handler h
	read -r _ loops _ handler _ <"$TMPD/sg.trace.stderr"
	h=$(hits "$TMPD/sg" 0)
	assertEquals "loop_fn $loops" "$(echo "$h" | grep '^loop_fn ')"
	local a b
	a=$(echo "$h" | awk '$1 == "on_alarm" { print $2 }')
	b=$(echo "$h" | awk '$1 == "in_handler_fn" { print $2 }')
	assertEquals "handler's calls together" "$a" "$b"
	assertTrue "1 <= $a <= $handler" "[ '$a' -ge 1 ] && [ '$a' -le '$handler' ]"
}

# tracefs_read("trace_stat/function0") from the program itself.
test_profile_read_by_program() {
	FTRACE_FUNCTION_PROFILE_ENABLED=1 trace_run "$TMPD/r" "$O/profile" read ||
		fail "profile failed"
	assertEquals "  Function                               Hit    Time            Avg             s^2" \
		"$(sed -n 2p "$TMPD/r.stdout")"
	assertTrue "heavy 20 in its own table" \
		"grep -qE '^  heavy  +20  ' '$TMPD/r.stdout'"
}

test_profile_bad_value() {
	FTRACE_FUNCTION_PROFILE_ENABLED=2 trace_run "$TMPD/b" "$O/profile"
	assertEquals "exit status" 2 $?
	assertEquals "ftrace: function_profile_enabled: expected 0 or 1, got '2'" \
		"$(cat "$TMPD/b.stderr")"
}

# A full table counts the calls it cannot hold: 2100 distinct functions,
# PROFILE_MAX_RECORDS (2048) records, main's own record among them.
test_profile_table_full() {
	{
		echo '#include <stdio.h>'
		echo '#include <tracefs.h>'
		for i in $(seq 2100); do
			echo "__attribute__((noipa)) int f$i(int x) { return x + $i; }"
		done
		echo 'int main(void) { static char st[4096]; int s = 0;'
		for i in $(seq 2100); do echo "s += f$i(1);"; done
		echo 'tracefs_read("stats", st, sizeof(st)); fputs(st, stdout);'
		echo 'return s == 0; }'
	} >"$TMPD/many.c"
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O2 \
		-o "$TMPD/many" "$TMPD/many.c" || fail "ftrace-cc"
	profile "$TMPD/full" "$TMPD/many" || fail "many failed"
	assertEquals "records" 2048 "$(hits "$TMPD/full" 0 | wc -l)"
	assertEquals "profile-missed: 53" \
		"$(grep '^profile-missed:' "$TMPD/full.trace.stdout")"
}

# scripts/ftrace-run --profile prints the tables after the program's exit.
test_ftrace_run_profile() {
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --profile -- "$O/profile" \
		>"$TMPD/fr.out" 2>"$TMPD/fr.err" || fail "ftrace-run failed"
	assertEquals "profile: ok" "$(cat "$TMPD/fr.out")"
	check_counts "$TMPD/fr.err"
	# each table named after its thread (the program's name under qemu too)
	assertEquals 2 "$(grep -cE '^==> trace_stat/function[01] <== profile-[0-9]+$' "$TMPD/fr.err")"
}

# --chrome needs the graph tracer: where the stage has it (2, 4, 5) the file
# is written; elsewhere the program does not start, and one line says why.
test_ftrace_run_chrome_needs_graph() {
	case $STAGE in
	2|4|5)
		"$KIT/scripts/ftrace-run" --arch "$ARCH" --chrome "$TMPD/c.json" \
			-- "$O/profile" >"$TMPD/c.out" 2>&1 || fail "ftrace-run"
		assertTrue "written" "grep -q 'ph.:.X' '$TMPD/c.json'"
		return ;;
	esac
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --chrome "$TMPD/c.json" -- \
		"$O/profile" >"$TMPD/c.out" 2>"$TMPD/c.err"
	assertEquals "exit status" 2 $?
	assertEquals "" "$(cat "$TMPD/c.out")"
	assertEquals 1 "$(wc -l <"$TMPD/c.err")"
	assertTrue "$(cat "$TMPD/c.err")" \
		"grep -q '^ftrace: FTRACE_TRACE_CHROME: no such setting' '$TMPD/c.err'"
}

# ---- trace_marker ------------------------------------------------------

# As the kernel's function tracer prints it, where it was written.
test_marker_function_trace() {
	FTRACE_CURRENT_TRACER=function trace_run "$TMPD/m" "$O/profile" ||
		fail "profile failed"
	fn_edges "$TMPD/m" | awk '{ $1 = ""; print substr($0, 2) }' |
		grep -E 'tracing_mark_write|heavy|light <-main' | uniq -c |
		sed 's/^ *//' >"$TMPD/m.seq"
	assertEquals "1 tracing_mark_write: phase heavy
10 heavy <-main
1 tracing_mark_write: phase light
20 light <-main
10 heavy <-parent
1 tracing_mark_write: bottom
1 tracing_mark_write: done \"quoted\"\\" "$(cat "$TMPD/m.seq")"
}

# Under function_graph a marker is a comment among the calls, indented as
# the kernel's print_graph_comment() does: inside a function at depth
# d > 0, (d + 1) * 2 spaces, where that function's calls go; inside one
# at depth 0 (main), no indent at all.
test_marker_graph_comment_indent() {
	[ "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" = y ] ||
		{ startSkipping; return; }
	FTRACE_CURRENT_TRACER=function_graph trace_run "$TMPD/g" "$O/profile" ||
		fail "profile failed"
	# "indent text" of the lines after the duration column
	sed -n 's/^.*|  \( *\)\(.*\)$/\1|\2/p' "$TMPD/g" |
		awk -F'|' '{ print length($1), $2 }' >"$TMPD/g.ind"
	assertEquals "in main, at main's own column" \
		"$(awk '$2 == "main()" { print $1; exit }' "$TMPD/g.ind")" \
		"$(awk '/ \/\* phase heavy \*\/$/ { print $1; exit }' "$TMPD/g.ind")"
	# the innermost rec() (depth 5 under main) holds "bottom"
	assertEquals "in rec() at depth 5: (5 + 1) * 2" 12 \
		"$(awk '/ \/\* bottom \*\/$/ { print $1; exit }' "$TMPD/g.ind")"
	assertEquals "the rec() it is in" 10 \
		"$(grep -B1 '/\* bottom \*/' "$TMPD/g" | head -1 |
		   sed -n 's/^.*|  \( *\)rec() {$/\1/p' | awk '{ print length($0) }')"
}

# The nop tracer prints markers too; a long text is one entry.
test_marker_nop_long() {
	FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/n" "$O/profile" long ||
		fail "profile failed"
	assertTrue "5 entries: $(grep entries-in "$TMPD/n")" \
		"grep -q '^# entries-in-buffer/entries-written: 5/5 ' '$TMPD/n'"
	local x
	x=$(printf 'x%.0s' $(seq 997))
	assertTrue "the long text, whole" \
		"grep -qE ': tracing_mark_write: ${x}end\$' '$TMPD/n'"
	assertEquals 5 "$(grep -c ': tracing_mark_write: ' "$TMPD/n")"
}

# Nothing is recorded with tracing off, and the write says so.
test_marker_tracing_off() {
	FTRACE_TRACING_ON=0 FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/off" "$O/profile"
	assertEquals 0 "$(grep -c 'tracing_mark_write' "$TMPD/off")"
}

setUp() { endSkipping; }

. shunit2
