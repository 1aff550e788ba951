#!/bin/bash
# Chapter 2: the function_graph trace as the kernel prints it.
. "$KIT/tests/lib.sh"

graph() { FTRACE_CURRENT_TRACER=function_graph trace_run "$@"; }

# The CPU column is as wide as the highest CPU number (" %*d) ").
cpu_width() { local n; n=$(($(getconf _NPROCESSORS_CONF) - 1)); echo ${#n}; }

# Mask the CPU (when its width is right) and each duration whose column is
# 15 wide: mark, blank, the number cut to 7 digits, " us", padding, "|".
mask_graph() {
	awk -v w="$(cpu_width)" '
	{
		if (match($0, /^ *[0-9]+\) /) && RLENGTH == w + 3)
			$0 = " C) " substr($0, RLENGTH + 1)
		if (match($0, /[ +!#*@$] [0-9]+(\.[0-9]+)? us +\|/) && RLENGTH == 15)
			$0 = substr($0, 1, RSTART - 1) "* n.nnn us    |" substr($0, RSTART + RLENGTH)
		print
	}' "$1"
}

graph_header='# tracer: function_graph
#
# CPU  DURATION                  FUNCTION CALLS
# |     |   |                     |   |   |   |'

# Signal handlers are bracketed like the kernel's interrupts.
test_graph_trace_text() {
	graph "$TMPD/g" "$O/context" || fail "context failed"
	assertEquals "$graph_header
 C)               |  main() {
 C) * n.nnn us    |    plain();
 C) * n.nnn us    |    irqs_off();
 C)   ==========> |
 C)               |    on_usr1() {
 C) * n.nnn us    |      in_handler();
 C)   ==========> |
 C)               |      on_usr2() {
 C) * n.nnn us    |        in_nested();
 C) * n.nnn us    |      }
 C)   <========== |
 C) * n.nnn us    |      in_handler();
 C) * n.nnn us    |    }
 C)   <========== |
 C) * n.nnn us    |    plain();
 C) * n.nnn us    |  }" "$(mask_graph "$TMPD/g")"
}

# Over a second: 7 digits of microseconds, no fraction, the '$' mark.
test_long_duration_shortened() {
	graph "$TMPD/slow" "$O/context" slow || fail "context failed"
	assertTrue "$(grep 'slow()' "$TMPD/slow")" \
		"grep -qE '^ +[0-9]+\\) \\$ [0-9]{7} us  \\|    slow\\(\\);$' '$TMPD/slow'"
}

# Returns whose entries are not in the trace name their function.
test_orphan_returns() {
	FTRACE_TRACING_ON=0 graph "$TMPD/late" "$O/context" late
	assertEquals "$graph_header
 C) * n.nnn us    |      plain();
 C) * n.nnn us    |    } /* late_on */
 C) * n.nnn us    |  } /* main */" "$(mask_graph "$TMPD/late")"
}

# The optional columns, as trace_options with the kernel's names.
test_graph_options() {
	FTRACE_TRACE_OPTIONS=funcgraph-proc,funcgraph-abstime,nofuncgraph-cpu,funcgraph-tail \
		graph "$TMPD/opt" "$O/context"
	local pid='( [ 0-9a-z-]{14} )'
	assertEquals "#     TIME         TASK/PID         DURATION                  FUNCTION CALLS
#      |            |    |           |   |                     |   |   |   |" \
		"$(sed -n '3,4p' "$TMPD/opt")"
	assertTrue "abstime, centred task/pid: $(sed -n 5p "$TMPD/opt")" \
		"sed -n 5p '$TMPD/opt' | grep -qE '^ *[0-9]+\\.[0-9]{6} \\| *context-[0-9]+ *\\|               \\|  main\\(\\) \\{$'"
	assertTrue "tail names every closing brace" \
		"grep -qE '\\|    } /\\* on_usr1 \\*/$' '$TMPD/opt'"
	assertEquals "no brace without a name" 0 "$(grep -cE '\\|  *}$' "$TMPD/opt")"
	FTRACE_TRACE_OPTIONS=nofuncgraph-duration,nofuncgraph-cpu graph "$TMPD/bare" "$O/context"
	assertEquals "#               FUNCTION CALLS
#               |   |   |   |
main() {
  plain();" "$(sed -n '3,6p' "$TMPD/bare")"
	FTRACE_TRACE_OPTIONS=nofuncgraph-irqs graph "$TMPD/noirq" "$O/context"
	assertEquals "handlers left out" 0 "$(grep -cE 'on_usr|in_handler|==========' "$TMPD/noirq")"
	assertTrue "the rest stays" "grep -q 'irqs_off();' '$TMPD/noirq'"
}

# Consecutive lines of different threads: the kernel's context-switch banner.
test_thread_switch_banner() {
	graph "$TMPD/th" "$O/threads" || fail "threads failed"
	local n
	n=$(grep -c '^ ------------------------------------------$' "$TMPD/th")
	assertTrue "banners ($n)" "[ $n -ge 8 ]"
	assertEquals "each names two threads, centred in 14 columns" 0 \
		"$(awk '/^ -{42}$/ { getline; print }' "$TMPD/th" | awk -v w="$(cpu_width)" '
			# a name longer than 14 columns (a 7-digit tid) is not padded
			function width(x, t) { t = x; gsub(/ /, "", t)
				return length(t) < 14 ? 14 : length(t) }
			{ s = substr($0, w + 4); i = index(s, " => ")
			  a = substr(s, 1, i - 1); b = substr(s, i + 4)
			  if (i == 0 || a !~ /^ *threads-[0-9]+ *$/ ||
			      b !~ /^ *threads-[0-9]+ *$/ || length(a) != width(a) ||
			      length(b) != width(b)) bad++ }
			END { print bad + 0 }')"
}

. shunit2
