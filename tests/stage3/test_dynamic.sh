#!/bin/bash
# Chapter 4: the call sites in memory, the filter files, the ftrace_call
# patch site and ftrace_bug(), through tests/progs/dyn/dynctl.c.  What a
# site looks like on this arch comes from arch/<arch>/tests/dyn_site.sh.
. "$KIT/tests/lib.sh"
. "$KIT/arch/$ARCH/tests/dyn_site.sh"
. "$KIT/tests/stage3/dynctl.sh"

test_every_site_is_a_nop_while_tracing_is_off() {
	dynctl sites stats
	assertEquals 3 $?
	site_states 1 >"$TMPD/states"
	assertTrue "sites recorded" "[ $(wc -l <"$TMPD/states") -ge 5 ]"
	assertEquals "no site other than the NOP" "" "$(grep -v ' nop$' "$TMPD/states")"
	assertEquals "the stats count every site" \
		"$(wc -l <"$TMPD/states")" "$(sed -n 's/^stats: total=\([0-9]*\).*/\1/p' "$TMPD/out")"
	assertTrue "none enabled" "grep -q 'enabled=0 ' '$TMPD/out'"
}

test_function_tracer_turns_every_site_into_a_call() {
	FTRACE_CURRENT_TRACER=function dynctl sites read:enabled_functions \
		read:available_filter_functions
	site_states 1 >"$TMPD/states"
	assertEquals "every site calls ftrace_caller" "" "$(grep -v ' call$' "$TMPD/states")"
	# enabled_functions agrees with the bytes
	assertEquals "$(awk '{ print $1 " (1)" }' "$TMPD/states")" \
		"$(sed -n '/^<<< enabled_functions/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
	assertEquals "$(awk '{ print $1 }' "$TMPD/states")" \
		"$(sed -n '/^<<< available_filter_functions/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
}

test_filter_enables_only_the_matching_sites() {
	FTRACE_CURRENT_TRACER=function FTRACE_SET_FTRACE_FILTER='alpha*' \
		dynctl sites calls read:enabled_functions
	assertEquals "alpha_one=call alpha_two=call beta_one=nop gamma_x=nop" "$(our_states 1)"
	assertEquals "only the filtered sites call" 2 "$(site_states 1 | grep -c ' call$')"
	assertEquals "enabled_functions" "alpha_one (1)
alpha_two (1)" "$(sed -n '/^<<< enabled_functions/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
	assertEquals "traced" "alpha_one <-main
alpha_two <-main" "$(fn_edges "$TMPD/t" | cut -d' ' -f2-)"
	assertEquals "calls: 7" "$(grep calls "$TMPD/out")"
}

test_globs_notrace_wins_and_bang_removes() {
	FTRACE_CURRENT_TRACER=function FTRACE_SET_FTRACE_FILTER='*_one gamma_[a-z] alpha_tw?' \
		FTRACE_SET_FTRACE_NOTRACE='alpha_two' dynctl sites
	assertEquals "alpha_one=call alpha_two=nop beta_one=call gamma_x=call" "$(our_states 1)"
	FTRACE_CURRENT_TRACER=function dynctl \
		'write:set_ftrace_filter=*_one !beta_one' sites \
		'append:set_ftrace_filter=gamma_x' sites \
		'append:set_ftrace_filter=!alpha_one' sites read:set_ftrace_filter \
		'append:set_ftrace_notrace=gamma*' sites read:set_ftrace_notrace
	assertEquals "write replaces, ! removes" \
		"alpha_one=call alpha_two=nop beta_one=nop gamma_x=nop" "$(our_states 1)"
	assertEquals "append adds" \
		"alpha_one=call alpha_two=nop beta_one=nop gamma_x=call" "$(our_states 2)"
	assertEquals "append of !glob removes" \
		"alpha_one=nop alpha_two=nop beta_one=nop gamma_x=call" "$(our_states 3)"
	assertEquals "gamma_x" "$(sed -n '/^<<< set_ftrace_filter/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
	assertEquals "notrace beats the filter" \
		"alpha_one=nop alpha_two=nop beta_one=nop gamma_x=nop" "$(our_states 4)"
	assertEquals "gamma_x" "$(sed -n '/^<<< set_ftrace_notrace/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
}

test_empty_filter_means_all_functions() {
	FTRACE_CURRENT_TRACER=function dynctl write:set_ftrace_filter=beta_one \
		write:set_ftrace_filter= read:set_ftrace_filter sites
	assertEquals "#### all functions enabled ####" \
		"$(sed -n '/^<<< set_ftrace_filter/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
	assertEquals "" "$(site_states 1 | grep -v ' call$')"
}

test_glob_matching_nothing_is_an_error() {
	FTRACE_CURRENT_TRACER=function FTRACE_SET_FTRACE_FILTER='alpha* nosuch*' dynctl calls
	assertEquals "start-up refuses" 2 $?
	assertEquals "ftrace: set_ftrace_filter: 'nosuch*' matches no traceable function" \
		"$(cat "$TMPD/err")"
	assertEquals "main did not run" "" "$(cat "$TMPD/out")"
	# at run time: an error, and the filter stays as it was
	FTRACE_CURRENT_TRACER=function dynctl write:set_ftrace_filter=gamma_x \
		'write:set_ftrace_filter=beta_one zzz' read:set_ftrace_filter sites \
		'write:set_ftrace_filter=a[b' 'write:set_ftrace_notrace=!nothing'
	assertTrue "run-time error" \
		"grep -qx \"error: set_ftrace_filter: 'zzz' matches no traceable function\" '$TMPD/out'"
	assertEquals "gamma_x" "$(sed -n '/^<<< set_ftrace_filter/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
	assertEquals "alpha_one=nop alpha_two=nop beta_one=nop gamma_x=call" "$(our_states 1)"
	assertTrue "bad glob" "grep -qx \"error: set_ftrace_filter: bad glob 'a\[b'\" '$TMPD/out'"
	assertTrue "!glob matching nothing" \
		"grep -qx \"error: set_ftrace_notrace: 'nothing' matches no traceable function\" '$TMPD/out'"
}

test_filter_changed_at_run_time_from_C() {
	FTRACE_CURRENT_TRACER=nop dynctl write:set_ftrace_filter=beta_one \
		write:current_tracer=function calls write:set_ftrace_filter= calls \
		write:tracing_on=0 write:set_ftrace_filter=gamma_x calls
	assertEquals "first beta_one alone, then all four" \
		"beta_one <-main
alpha_one <-main
alpha_two <-main
beta_one <-main
gamma_x <-main" "$(fn_edges "$TMPD/t" | cut -d' ' -f2-)"
	# (a tracer switch empties the buffers: look at the sites instead)
	FTRACE_CURRENT_TRACER=nop dynctl write:current_tracer=function \
		write:current_tracer=nop sites
	assertEquals "nop again afterwards" "" "$(site_states 1 | grep -v ' nop$')"
}

# Two ftrace_ops on all functions: switching from one to the other
# rewrites the ftrace_call site and nothing else; with CALL_OPS (chapter
# 8, 8.9) also the ops literal before each function, which is data.
test_update_ftrace_func_changes_only_ftrace_call() {
	FTRACE_CURRENT_TRACER=nop dynctl ops:a+ sites calls snap ops:a- ops:b+ diff \
		calls stats
	local size call lits=/dev/null
	size=$(sed -n 's/^call [0-9a-f]* //p' "$TMPD/out" | awk '{ print length($1) / 2 }')
	[ -n "$size" ] || size=0
	if [ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS)" ]; then
		# the 8 bytes before each function, as offsets from ftrace_call
		call=$(sed -n 's/^call \([0-9a-f]*\) .*/\1/p' "$TMPD/out")
		"$(mkvar NM)" "$P" | while read -r a t _; do
			case $t in t|T) echo $((0x$a - 0x$call)) ;; esac
		done | awk '{ for (i = -8; i < 0; i++) print $1 + i }' >"$TMPD/lits"
		lits=$TMPD/lits
	fi
	assertTrue "ftrace_call changed" "grep -q '^diff 0*[0-9]' '$TMPD/out'"
	assertEquals "no byte outside ftrace_call" "" \
		"$(awk -v s="$size" 'FILENAME != "-" { lit[$1] = 1; next }
			/^diff [-0-9]/ && ($2 < 0 || $2 >= s) && !($2 in lit)' \
			"$lits" - <"$TMPD/out")"
	assertTrue "both ops ran" "grep -Eq 'hits_a=[1-9][0-9]* hits_b=4' '$TMPD/out'"
}

test_two_ops_with_their_own_counts() {
	FTRACE_CURRENT_TRACER=function FTRACE_SET_FTRACE_FILTER='alpha_one' \
		dynctl ops:a+ calls read:enabled_functions stats
	assertTrue "alpha_one wanted by both" "grep -qx 'alpha_one (2)' '$TMPD/out'"
	assertTrue "others by ops a alone" "grep -qx 'gamma_x (1)' '$TMPD/out'"
	assertTrue "ops a saw all four" "grep -q 'hits_a=4 ' '$TMPD/out'"
	assertEquals "the function tracer only its filter" "alpha_one <-main" \
		"$(fn_edges "$TMPD/t" | cut -d' ' -f2- | grep -v '^main')"
}

test_ftrace_bug_reports_and_turns_tracing_off() {
	FTRACE_CURRENT_TRACER=nop dynctl calls >/dev/null
	cp "$TMPD/out" "$TMPD/plain.out"
	dynctl corrupt:beta_one write:current_tracer=function calls \
		read:enabled_functions sites
	assertEquals "exit status unchanged" 3 $?
	assertEquals "output intact" "calls: 7" "$(grep '^calls' "$TMPD/out")"
	assertEquals "one report" 1 "$(grep -c 'ftrace bug' "$TMPD/err")"
	assertTrue "names the site" "grep -q 'unexpected code at 0x[0-9a-f]* (beta_one)' '$TMPD/err'"
	local actual expected
	actual=$(sed -n 's/^ actual: *//p' "$TMPD/err")
	expected=$(sed -n 's/^ expected: *//p' "$TMPD/err")
	assertNotNull "actual bytes" "$actual"
	assertNotNull "expected bytes" "$expected"
	assertNotEquals "they differ" "$actual" "$expected"
	assertTrue "says what it was doing" "grep -q '^ while turning a NOP into a call' '$TMPD/err'"
	assertEquals "nothing traced" 0 "$(fn_edges "$TMPD/t" | wc -l)"
	assertEquals "no site left enabled" "" \
		"$(sed -n '/^<<< enabled_functions/,/^>>>/p' "$TMPD/out" | sed '1d;$d')"
	assertEquals "every other site a NOP" "" \
		"$(site_states 1 | grep -v '^beta_one' | grep -v ' nop$')"
}

test_list_functions_and_total_info() {
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --list-functions -- "$P" calls \
		>"$TMPD/list" 2>"$TMPD/err"
	assertEquals "exit 0" 0 $?
	assertEquals "main did not run" "" "$(grep calls "$TMPD/list")"
	for f in main $FUNCS; do
		assertTrue "$f listed" "grep -qx '$f' '$TMPD/list'"
	done
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --cat dyn_ftrace_total_info -- "$P" \
		>"$TMPD/info"
	assertEquals "$(wc -l <"$TMPD/list") pages:1 groups: 1" "$(head -1 "$TMPD/info")"
	assertTrue "conversion time" "grep -Eq '^converted in [1-9][0-9]* ns$' '$TMPD/info'"
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --filter 'gamma*' --tracer function \
		--trace "$TMPD/t2" -- "$P" calls >/dev/null
	assertEquals "gamma_x <-main" "$(fn_edges "$TMPD/t2" | cut -d' ' -f2-)"
}

# -O0: other code, same sites (and the program built by ftrace-cc)
test_O0_build_through_ftrace_cc() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 -o "$TMPD/dynctl0" \
		"$KIT/tests/progs/dyn/dynctl.c" >"$TMPD/cc.log" 2>&1 || fail "ftrace-cc: $(cat "$TMPD/cc.log")"
	P=$TMPD/dynctl0
	FTRACE_CURRENT_TRACER=function FTRACE_SET_FTRACE_FILTER='beta* gamma*' \
		FTRACE_SET_FTRACE_NOTRACE=gamma_x dynctl sites calls
	assertEquals "alpha_one=nop alpha_two=nop beta_one=call gamma_x=nop" "$(our_states 1)"
	assertEquals "beta_one <-main" "$(fn_edges "$TMPD/t" | cut -d' ' -f2-)"
	assertEquals "calls: 7" "$(grep calls "$TMPD/out")"
}

# A project with its own Makefile, built with CC=ftrace-cc: -c compiles
# carry their __mcount_loc table into the link.
test_own_makefile_with_ftrace_cc() {
	mkdir -p "$TMPD/proj"
	cat >"$TMPD/proj/a.c" <<'EOC'
int twice(int x);
int main(void) { return twice(20) + 2 == 42 ? 0 : 1; }
EOC
	cat >"$TMPD/proj/b.c" <<'EOC'
int twice(int x) { return 2 * x; }
EOC
	printf 'prog: a.o b.o\n\t$(CC) -o $@ a.o b.o\n%%.o: %%.c\n\t$(CC) -O2 -c $< -o $@\n' \
		>"$TMPD/proj/Makefile"
	make -s -C "$TMPD/proj" CC="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE" \
		>"$TMPD/mk.log" 2>&1 || fail "make: $(cat "$TMPD/mk.log")"
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/tp run_target "$TMPD/proj/prog"
	assertEquals 0 $?
	assertEquals "main <-
twice <-main" "$(fn_edges "$TMPD/tp" | cut -d' ' -f2- | sed 's/<-.*0x.*/<-/; s/<-__libc.*/<-/')"
}

. shunit2
