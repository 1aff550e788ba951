#!/bin/bash
# Chapter 2's part of reading a trace: the profiler's graph_time, markers
# in the function_graph output, and the exports (trace_chrome,
# trace_folded) checked against the function_graph trace and the profile
# of the same run.
. "$KIT/tests/lib.sh"

# run_all NAME [ARGS]: the profile program with the graph tracer, the
# profiler, both exports, every closing brace named and the task column.
run_all() {
	local n=$1
	shift
	FTRACE_CURRENT_TRACER=function_graph FTRACE_FUNCTION_PROFILE_ENABLED=1 \
	FTRACE_TRACE_OPTIONS=${OPTS-funcgraph-tail,funcgraph-proc} \
	FTRACE_TRACE_STAT=$TMPD/$n.stat FTRACE_TRACE_CHROME=$TMPD/$n.json \
	FTRACE_TRACE_FOLDED=$TMPD/$n.folded FTRACE_BUFFER_SIZE_KB=4096 \
		trace_run "$TMPD/$n" "$O/profile" "$@"
}

# "func ns resolution" for the Time column of every table
prof_times() {
	awk '$4 == "us" && $1 != "Function" {
		split($3, p, "."); f = p[2]; r = 1
		for (i = length(f); i < 3; i++) { f = f "0"; r *= 10 }
		print $1, p[1] * 1000 + f, r, $2 }' "$1"
}

# The time of a function in a table, "" if it is not there.
prof_time_of() { # file func
	prof_times "$1" | awk -v f="$2" '$1 == f { print $2; exit }'
}

# The times are wall-clock: a run in which the machine stalled one of the
# two functions for longer than the margin is run again, up to three runs.
test_graph_time() {
	local p l try
	for try in 1 2 3; do
		run_all on || fail "profile failed"
		p=$(prof_time_of "$TMPD/on.stat" parent)
		l=$(prof_time_of "$TMPD/on.stat" light)
		[ "${p:-0}" -gt "${l:-0}" ] && break
	done
	assertTrue "graph_time: parent ($p) has heavy's time, > light ($l)" "[ $p -gt $l ]"
	assertEquals "main first" main "$(sed -n 4p "$TMPD/on.stat" | awk '{ print $1 }')"
	# the frames longjmp() skipped end at the jump, inside jumper()
	assertEquals "jumper deep deeper" "$(prof_times "$TMPD/on.stat" |
		awk '$1 ~ /^(jumper|deep|deeper)$/ { print $2, $1 }' |
		sort -k1,1nr | awk '{ printf "%s%s", s, $2; s = " " }')"
	for try in 1 2 3; do
		OPTS=funcgraph-tail,nograph_time run_all off ||
			fail "profile failed"
		p=$(prof_time_of "$TMPD/off.stat" parent)
		l=$(prof_time_of "$TMPD/off.stat" light)
		[ "${p:-0}" -lt "${l:-0}" ] && break
	done
	assertTrue "nograph_time: parent's own time ($p) < light ($l)" "[ $p -lt $l ]"
}

# The profiler switched on and off inside hijacked calls: a call entered
# with the tracer alone and returning to both users is still the
# tracer's, whatever an earlier call at that depth (entered with the
# profiler alone, returned to neither) left behind.  -O2 and -O0.
test_users_switched_inside_calls() {
	local opt
	for opt in -O2 -O0; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $opt \
			-o "$TMPD/us" "$KIT/tests/stage2/src/users_switch.c" ||
			{ fail "build $opt"; continue; }
		FTRACE_CURRENT_TRACER=nop trace_run "$TMPD/us.t" "$TMPD/us"
		assertEquals "$opt: exit status" 0 $?
		assertEquals "$opt: result" "sum 59" "$(cat "$TMPD/us.t.stdout")"
		assertEquals "$opt: no noise" "" "$(cat "$TMPD/us.t.stderr")"
		assertEquals "$opt: the last call, entered and returned" \
			"tracer_only_call() { }" "$(awk '
			/\|  tracer_only_call\(\) \{$/ { o = "tracer_only_call() {"; d = 1; next }
			d && /\| +[a-z_]+\(\) \{$/ { d++ }
			d && /\| +\}/ { if (--d == 0) o = o " }" }
			END { print o }' "$TMPD/us.t")"
	done
}

# The tracer and the profiler share the return stack: a call the tracer's
# filter refuses is still profiled, and its return never reaches the
# tracer; switching the profiler off and on while the graph tracer runs
# loses no return.
test_profiler_beside_filtered_tracer() {
	FTRACE_SET_GRAPH_FUNCTION=parent run_all sf || fail "profile failed"
	assertEquals "hits kept" "$(printf 'heavy 20\nlight 20\nparent 5')" \
		"$(awk '$1 ~ /^(heavy|light|parent)$/ && $2 ~ /^[0-9]+$/ && !s[$1]++ { print $1, $2 }' "$TMPD/sf.stat" | sort)"
	assertEquals "only parent's calls traced" 15 "$(grep -c ' us ' "$TMPD/sf")"
	assertEquals "no other function in the trace" "" \
		"$(grep -v '/\*' "$TMPD/sf" | grep -E '(light|main|rec|jump|deep|worker)')"
	run_all rs restart || fail "profile failed"
	assertEquals "every call returned into the trace" 62 "$(grep -c ' us ' "$TMPD/rs")"
	assertEquals "} /* main */" "$(tail -1 "$TMPD/rs" | sed 's/.*|  //')"
}

# Markers are comments, indented as the calls around them.
test_marker_graph_comment() {
	OPTS=nofuncgraph-cpu run_all c || fail "profile failed"
	assertEquals "              |  main() {
              |  /* phase heavy */" "$(sed -n '5,6p' "$TMPD/c")"
	assertEquals "              |            rec() {
              |              /* bottom */
 * n.nnn us    |            }" \
		"$(grep -B1 -A1 'bottom' "$TMPD/c" |
		   sed -E 's/^[ +!#*@$] [0-9]+(\.[0-9]+)? us +\|/ * n.nnn us    |/')"
}

# The JSON parses; metadata names each thread; the markers are instants.
test_chrome_valid() {
	run_all j || fail "profile failed"
	assertEquals ok "$(LC_ALL=C awk -f "$KIT/tests/tools/json-check.awk" "$TMPD/j.json")"
	local tids
	tids=$(grep -o '"ph":"X",.*"tid":[0-9]*' "$TMPD/j.json" |
		sed 's/.*"tid"://' | sort -u)
	assertEquals "two threads" 2 "$(echo "$tids" | wc -l)"
	for t in $tids; do
		assertTrue "thread $t named" \
			"grep -q '\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":[0-9]*,\"tid\":$t,\"args\":{\"name\":\"' '$TMPD/j.json'"
	done
	assertEquals "markers" '"phase heavy"
"phase light"
"bottom"
"done \"quoted\"\\"' "$(sed -n 's/^{"ph":"i","name":\(.*\),"pid".*/\1/p' "$TMPD/j.json")"
	assertEquals "one event per call" 62 "$(grep -c '"ph":"X"' "$TMPD/j.json")"
}

# A complete event per return of the graph trace: the same calls (thread,
# function, duration cut to the graph's 7 digits), written callers first.
test_chrome_matches_graph() {
	run_all g || fail "profile failed"
	awk '/ us +\|/ {
		tid = $2; sub(/.*-/, "", tid)
		match($0, /[0-9]+(\.[0-9]+)? us/); d = substr($0, RSTART, RLENGTH - 3)
		name = $NF; if (name == "*/") name = $(NF - 1); sub(/\(\);$/, "", name)
		print tid, name, d }' "$TMPD/g" | sort >"$TMPD/g.calls"
	sed -n 's/^{"ph":"X","name":"\([^"]*\)","pid":[0-9]*,"tid":\([0-9]*\),.*"dur":\([0-9.]*\)}.*/\2 \1 \3/p' \
		"$TMPD/g.json" | awk '{
		split($3, p, "."); d = p[1]
		if (length(d) < 7) d = d "." substr(p[2], 1, 7 - length(d) < 3 ? 7 - length(d) : 3)
		print $1, $2, d }' | sort >"$TMPD/j.calls"
	assertEquals 62 "$(wc -l <"$TMPD/g.calls")"
	assertEquals "" "$(diff "$TMPD/g.calls" "$TMPD/j.calls")"
	assertEquals "callers first" "$(grep -o '"ph":"X","name":"[a-z]*"' "$TMPD/g.json" |
		head -2 | sed 's/.*:"//; s/"//' | tr '\n' ' ')" "main heavy "
}

# Per thread, two calls are either disjoint or one inside the other.
test_chrome_nesting() {
	run_all n || fail "profile failed"
	sed -n 's/^{"ph":"X",.*"tid":\([0-9]*\),.*"ts":\([0-9.]*\),"dur":\([0-9.]*\)}.*/\1 \2 \3/p' \
		"$TMPD/n.json" | tr -d . | sort -k1,1n -k2,2n -k3,3nr |
	awk '$1 != tid { tid = $1; sp = 0 }
		{ s = $2; e = $2 + $3
		  while (sp && end[sp] <= s) sp--
		  if (sp && e > end[sp]) { print "overlap: " $0; bad++ }
		  end[++sp] = e; n++ }
		END { print n " calls, " bad + 0 " overlapping" }' >"$TMPD/n.check"
	assertEquals "62 calls, 0 overlapping" "$(tail -1 "$TMPD/n.check")"
}

# Folded stacks, summed per last function, give the profiler's own times
# (nograph_time) within the last digit the table prints, plus 1 ns per
# conversion the two make differently: the profiler converts a sum of
# clock units, the exports each call's two stamps, and a self time takes
# each child's duration off: 1 ns per call of the function and per call
# of its children.
test_folded_equals_profile() {
	OPTS=nograph_time run_all f || fail "profile failed"
	assertTrue "folded lines" "grep -qE '^main;parent;heavy [0-9]+$' '$TMPD/f.folded'"
	assertTrue "worker's stacks" "grep -qE '^worker;light [0-9]+$' '$TMPD/f.folded'"
	local out
	out=$(prof_times "$TMPD/f.stat" | awk -v folded="$TMPD/f.folded" '
		{ prof[$1] += $2; res[$1] += $3; hits[$1] += $4 }
		END {
			while ((getline l < folded) > 0) {
				n = split(l, w, " "); k = split(w[1], s, ";")
				fold[s[k]] += w[n]
				if (k > 1) kids[s[k - 1]] = kids[s[k - 1]] " " s[k]
			}
			for (f in prof) {
				slack = res[f] + hits[f]
				split(kids[f], c, " "); delete seen
				for (i in c) if (!(c[i] in seen)) {
					seen[c[i]] = 1; slack += hits[c[i]]
				}
				d = prof[f] - fold[f]; if (d < 0) d = -d
				if (d > slack)
					print f ": profile " prof[f] " folded " fold[f]
				checked++
			}
			for (f in fold) if (!(f in prof)) print f ": not in profile"
			print checked " functions"
		}')
	assertEquals "9 functions" "$out"
}

# The two exports of one run agree to the nanosecond: the folded file's
# self times are what the Chrome events' durations give (a call's
# duration less its children's, summed per chain), and its lines are
# sorted, one chain in one piece.
test_folded_agrees_with_chrome() {
	run_all a || fail "profile failed"
	assertTrue "sorted" "LC_ALL=C sort -c '$TMPD/a.folded'"
	assertEquals "one line per chain" "" \
		"$(cut -d' ' -f1 "$TMPD/a.folded" | uniq -d)"
	sed -n 's/^{"ph":"X","name":"\([^"]*\)",.*"tid":\([0-9]*\),.*"ts":\([0-9.]*\),"dur":\([0-9.]*\)}.*/\2 \3 \4 \1/p' \
		"$TMPD/a.json" | tr -d . | sort -k1,1n -k2,2n -k3,3nr |
	awk '$1 != tid { while (sp) pop(); tid = $1 }
		function pop(   k, chain) {
			chain = name[1]
			for (k = 2; k <= sp; k++) chain = chain ";" name[k]
			self[chain] += dur[sp] - kids[sp]
			sp--
		}
		{ s = $2 + 0; e = s + $3
		  while (sp && end[sp] <= s && !(dur[sp] == 0 && start[sp] == s)) pop()
		  sp++; start[sp] = s; end[sp] = e; dur[sp] = $3 + 0; kids[sp] = 0
		  name[sp] = $4
		  if (sp > 1) kids[sp - 1] += $3 }
		END { while (sp) pop(); for (c in self) print c, self[c] }' |
		LC_ALL=C sort >"$TMPD/a.fromjson"
	assertEquals "the folded file is what the Chrome events say" "" \
		"$(diff "$TMPD/a.fromjson" "$TMPD/a.folded")"
	assertTrue "a real comparison" "[ $(wc -l <"$TMPD/a.folded") -gt 5 ]"
}

# An exec that fails in the traced process (after the trace, the exports
# and the profile were written for it, stage1-static/exec.c): the files
# written again at its exit hold the calls before the exec too, each once;
# the trace file goes on (tests/stage1/src/forkexec.c, -O2 and -O0).
test_exports_whole_after_a_failed_exec() {
	local opt x
	for opt in -O2 -O0; do
		"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" $opt 			-o "$TMPD/fe" "$KIT/tests/stage1/src/forkexec.c" ||
			{ fail "build $opt"; continue; }
		rm -f "$TMPD"/fe.*
		FTRACE_CURRENT_TRACER=function_graph \
		FTRACE_FUNCTION_PROFILE_ENABLED=1 \
		FTRACE_TRACE_STAT=$TMPD/fe.stat \
		FTRACE_TRACE_CHROME=$TMPD/fe.json \
		FTRACE_TRACE_FOLDED=$TMPD/fe.folded \
			trace_run "$TMPD/fe.t" "$TMPD/fe"
		assertEquals "$opt: exit status" 0 $?
		assertEquals "$opt: result" \
			"children 6 bad 0 exec failed: ENOENT" \
			"$(cat "$TMPD/fe.t.stdout")"
		assertEquals "$opt: no noise" "" "$(cat "$TMPD/fe.t.stderr")"
		for x in before_failed after_failed; do
			assertEquals "$opt: trace: $x once" 1 \
				"$(grep -c " $x();\$" "$TMPD/fe.t")"
			assertTrue "$opt: folded: main;$x" \
				"grep -qE '^main;$x [0-9]+\$' '$TMPD/fe.folded'"
			assertEquals "$opt: chrome: $x once" 1 \
				"$(grep -o "\"name\":\"$x\"" "$TMPD/fe.json" |
				   wc -l)"
			assertEquals "$opt: profile: $x hit once" 1 \
				"$(awk -v f=$x '$1 == f { print $2 }' \
				   "$TMPD/fe.stat")"
		done
		assertEquals "$opt: chrome: valid" ok \
			"$(LC_ALL=C awk -f "$KIT/tests/tools/json-check.awk" \
			   "$TMPD/fe.json")"
		assertTrue "$opt: the trace goes on" \
			"grep -q '^# pid [0-9]* goes on: its exec failed\$' \
			 '$TMPD/fe.t'"
	done
}

# ftrace-run --chrome/--folded turn the graph tracer on and write both.
test_ftrace_run_exports() {
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --chrome "$TMPD/r.json" \
		--folded "$TMPD/r.folded" --trace "$TMPD/r.trace" -- \
		"$O/profile" >/dev/null 2>"$TMPD/r.err" || fail "ftrace-run failed"
	assertEquals "" "$(cat "$TMPD/r.err")"
	assertEquals "# tracer: function_graph" "$(head -1 "$TMPD/r.trace")"
	assertEquals ok "$(LC_ALL=C awk -f "$KIT/tests/tools/json-check.awk" "$TMPD/r.json")"
	assertTrue "folded" "grep -qE '^main;rec;rec [0-9]+$' '$TMPD/r.folded'"
	# with another tracer there is nothing to export: one line says so
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
		--chrome "$TMPD/x.json" --trace "$TMPD/x.trace" -- \
		"$O/profile" >/dev/null 2>"$TMPD/x.err"
	assertEquals "ftrace: trace_chrome: needs the function_graph tracer (current_tracer is function); nothing written" \
		"$(cat "$TMPD/x.err")"
}

. shunit2
