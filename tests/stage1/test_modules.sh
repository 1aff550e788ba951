#!/bin/bash
# Modules (chapter 4, "Modules"): shared libraries built with
# ftrace-cc -shared -fPIC.  A program linked against one
# (modlib) and loading another a hundred times with dlopen()/dlclose()
# (modplug) while a thread switches tracers and filters (modmain.c):
# the same answers as the untraced build, the libraries' functions in the
# trace, the plugin named after it has gone, its records gone with it,
# and at stages 3-4 the kernel's ":mod:" filters and "[module]" lists.
# The same program as a PIE (-pie: its own sites are position-independent
# too, and it is mapped among its libraries), where the arch has
# HAVE_FTRACE_PIE.
# An arch without HAVE_FTRACE_MODULES must refuse such a build up front.
# stages: 1 4 5 (stage 4 composes every chapter, and stages 2 and 3 each
# hold part of it; tests/run-tests.sh)
. "$KIT/tests/lib.sh"

src=$KIT/tests/stage1/src
MODULES=$(mkvar HAVE_FTRACE_MODULES)
PIE=$(mkvar HAVE_FTRACE_PIE)
DYN=$(mkvar CONFIG_DYNAMIC_FTRACE)
# chapter 8: sites that call nothing, patchable entries (--entries)
ENTRIES=
[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ] &&
	case " $(mkvar ENTRY_RECORD_FLAGS) " in *" --entries "*) ENTRIES=y ;; esac

# (a skip is for its own test only)
setUp() { endSkipping; }

oneTimeSetUp() {
	[ -n "$MODULES" ] || return 0
	local o
	for o in O2 O0; do
		mkdir -p "$TMPD/$o"
		fcc -$o -shared -fPIC -o "$TMPD/$o/libmodlib.so" \
			"$src/modlib.c" &&
		fcc -$o -shared -fPIC -o "$TMPD/$o/libmodplug.so" \
			"$src/modplug.c" &&
		fcc -$o -o "$TMPD/$o/modmain" "$src/modmain.c" \
			-L"$TMPD/$o" -lmodlib -Wl,-rpath,"$TMPD/$o" \
			-lpthread >"$TMPD/cc.log" 2>&1 &&
		{ [ -z "$PIE" ] ||
		  fcc -$o -pie -o "$TMPD/$o/modmain-pie" "$src/modmain.c" \
			-L"$TMPD/$o" -lmodlib -Wl,-rpath,"$TMPD/$o" \
			-lpthread >"$TMPD/cc.log" 2>&1; } ||
			{ cat "$TMPD/cc.log"; fail "ftrace-cc -$o"; }
	done
	# untraced: the same sources with the arch's plain flags
	mkdir -p "$TMPD/plain"
	$CC -O2 -shared -fPIC -o "$TMPD/plain/libmodlib.so" "$src/modlib.c" &&
	$CC -O2 -shared -fPIC -o "$TMPD/plain/libmodplug.so" "$src/modplug.c" &&
	$CC -O2 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
		-o "$TMPD/plain/modmain" "$src/modmain.c" -L"$TMPD/plain" \
		-lmodlib -Wl,-rpath,"$TMPD/plain" -lpthread ||
		fail "plain build"
}

test_refused_without_modules() {
	[ -z "$MODULES" ] || { startSkipping; return; }
	local out
	out=$(fcc -O2 -shared -fPIC -o "$TMPD/refused.so" \
		"$src/modlib.c" 2>&1)
	assertEquals "exit status" 2 $?
	assertEquals "one line" 1 "$(printf '%s\n' "$out" | wc -l)"
	assertContains "$out" "-shared"
	assertFalse "no output file" "[ -e '$TMPD/refused.so' ]"
}

# linked_run NAME PROGRAM: PROGRAM (a build of modmain) run alone and
# traced into $TMPD/NAME: the untraced output, modlib's functions under
# their callers
linked_run() {
	local t=$TMPD/$1
	trace_run "$t" "$2"
	assertEquals "$1: exit" 0 $?
	assertEquals "$1: output" "walk 145" "$(cat "$t.stdout")"
	assertEquals "$1: quiet" "" "$(cat "$t.stderr")"
	assertEquals "$1: modlib_step <-modlib_walk" 10 \
		"$(fn_edges "$t" | grep -c ' modlib_step <-modlib_walk$')"
	assertTrue "$1: modlib_walk <-main" \
		"fn_edges '$t' | grep -q ' modlib_walk <-main$'"
	# the C library's caller of main has no symbol: its object is named
	assertTrue "$1: main <-libc.so.6+0x..." \
		"fn_edges '$t' | grep -q ' main <-libc\.so\.6+0x[0-9a-f]*$'"
}

test_linked_library_traced() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	local o
	assertEquals "walk 145" "$(run_target "$TMPD/plain/modmain")"
	for o in O2 O0; do
		linked_run "t.$o" "$TMPD/$o/modmain"
	done
}

# A linked library's destructor, run at exit after the program's
# (tests/stage1/src/moddtor.c): its calls are in the trace, which is
# written after every destructor (include/linux/init.h).  -O2, -O0.
test_library_destructor_at_exit_traced() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	local o d
	for o in O2 O0; do
		d=$TMPD/dtor$o
		mkdir -p "$d"
		fcc -$o -shared -fPIC -o "$d/libmoddtor.so" "$src/moddtor.c" &&
		fcc -$o -o "$d/main" "$src/moddtormain.c" -L"$d" -lmoddtor \
			-Wl,-rpath,"$d" || { fail "build -$o"; continue; }
		trace_run "$d/t" "$d/main"
		assertEquals "-$o: exit" 0 $?
		assertEquals "-$o: output" "main 7
program destructor 14
library destructor 42" "$(cat "$d/t.stdout")"
		# (moddtor_fn may call it as a tail call: then main's)
		assertEquals "-$o: moddtor_step's calls" 3 \
			"$(fn_edges "$d/t" | grep -c ' moddtor_step <-')"
		assertEquals "-$o: the last from the library's destructor" \
			moddtor_exit "$(fn_edges "$d/t" |
			sed -n 's/.* moddtor_step <-//p' | tail -1)"
	done
}

test_untraced_library_untouched() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	# the traced program with the plain library: nothing of it traced
	cp "$TMPD/plain/libmodlib.so" "$TMPD/O2/libmodlib.so"
	trace_run "$TMPD/u" "$TMPD/O2/modmain"
	assertEquals "exit" 0 $?
	assertEquals "walk 145" "$(cat "$TMPD/u.stdout")"
	assertEquals "quiet" "" "$(cat "$TMPD/u.stderr")"
	assertFalse "no modlib function" "fn_edges '$TMPD/u' | grep -q modlib"
	assertTrue "main still traced" "fn_edges '$TMPD/u' | grep -q ' main <-'"
	fcc -O2 -shared -fPIC -o "$TMPD/O2/libmodlib.so" "$src/modlib.c"
}

test_dlopen_dlclose_100_while_switching() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	local o want
	want=$(run_target "$TMPD/plain/modmain" "$TMPD/plain/libmodplug.so" \
		100 switch)
	assertEquals "walk 145
rounds 100 total 209900" "$want"
	for o in O2 O0; do
		trace_run "$TMPD/d.$o" "$TMPD/$o/modmain" \
			"$TMPD/$o/libmodplug.so" 100 switch
		assertEquals "-$o: exit" 0 $?
		assertEquals "-$o: output" "$want" "$(cat "$TMPD/d.$o.stdout")"
		assertEquals "-$o: quiet" "" "$(cat "$TMPD/d.$o.stderr")"
		# the last load, under the function tracer with no filter,
		# written out after the plugin has gone
		assertTrue "-$o: plugin_entry <-main" \
			"fn_edges '$TMPD/d.$o' | grep -q ' plugin_entry <-main$'"
		assertTrue "-$o: plugin_inner <-plugin_entry" \
			"fn_edges '$TMPD/d.$o' | grep -q ' plugin_inner <-plugin_entry$'"
	done
}

test_pie_program_with_libraries() {
	# (test_ftrace_cc.sh checks that an arch without one refuses -pie)
	[ -n "$PIE" ] || { startSkipping; return; }
	local o want plug
	want=$(run_target "$TMPD/plain/modmain" "$TMPD/plain/libmodplug.so" \
		100 switch)
	for o in O2 O0; do
		assertTrue "-$o: a PIE" \
			"readelf -h '$TMPD/$o/modmain-pie' | grep -q 'Type: *DYN'"
		linked_run "e.$o" "$TMPD/$o/modmain-pie"
		plug=$TMPD/$o/libmodplug.so
		trace_run "$TMPD/f.$o" "$TMPD/$o/modmain-pie" "$plug" 100 switch
		assertEquals "-$o: dlopen exit" 0 $?
		assertEquals "-$o: dlopen output" "$want" \
			"$(cat "$TMPD/f.$o.stdout")"
		assertEquals "-$o: dlopen quiet" "" "$(cat "$TMPD/f.$o.stderr")"
		assertTrue "-$o: plugin_inner <-plugin_entry" \
			"fn_edges '$TMPD/f.$o' | grep -q ' plugin_inner <-plugin_entry$'"
	done
	# the program's own functions are the core's, as in a non-PIE
	[ -n "$DYN" ] || return 0
	FTRACE_CAT=available_filter_functions run_target \
		"$TMPD/O2/modmain-pie" >"$TMPD/pielist"
	assertTrue "PIE: main, no library" "grep -qx 'main' '$TMPD/pielist'"
	assertTrue "PIE: modlib_walk [libmodlib]" \
		"grep -qx 'modlib_walk \[libmodlib\]' '$TMPD/pielist'"
}

# Libraries built with plain gcc -pg (the kit's flags, not ftrace-cc: no
# __mcount_loc, no module object) call the program's exported mcount.  At
# stages 1-2 they are traced as the program is.  With records (stages 3-4)
# their sites are never converted: one line per library says so, at
# start-up for the linked one and at dlopen() for the plugin, once however
# often it loads; and what the line says holds.  (At stage 5 they are
# built with the entry flags, and those of patchable entries call
# nothing: the compiler's own table gives them away.)
test_plain_pg_libraries() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	need_facts TEST_UNRECORDED_SITES || return
	local o d t want fate mcount
	read -r -a pic <<<"$(mkvar TRACE_PIC_CFLAGS)"
	mcount=$(mkvar MCOUNT_SYMBOL)
	fate="never traced"
	# (at stage 5 no such site reaches ftrace_caller)
	[ "$TEST_UNRECORDED_SITES" = traced ] &&
		[ -z "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ] &&
		fate="traced only while no filter is set"
	want=$(run_target "$TMPD/plain/modmain" "$TMPD/plain/libmodplug.so" 3)
	for o in O2 O0; do
		d=$TMPD/pg$o
		t=$TMPD/pg.$o
		mkdir -p "$d"
		$CC "${pic[@]}" -$o -shared -o "$d/libmodlib.so" \
			"$src/modlib.c" &&
		$CC "${pic[@]}" -$o -shared -o "$d/libmodplug.so" \
			"$src/modplug.c" &&
		fcc -$o -o "$d/modmain" "$src/modmain.c" -L"$d" -lmodlib \
			-Wl,-rpath,"$d" -lpthread || { fail "-$o: build"; continue; }
		assertFalse "-$o: no records" \
			"$OBJDUMP -h '$d/libmodlib.so' | grep -q __mcount_loc"
		trace_run "$t" "$d/modmain" "$d/libmodplug.so" 3
		assertEquals "-$o: exit" 0 $?
		assertEquals "-$o: output" "$want" "$(cat "$t.stdout")"
		assertTrue "-$o: main traced" \
			"fn_edges '$t' | grep -q ' main <-'"
		if [ -z "$DYN" ]; then
			assertEquals "-$o: quiet" "" "$(cat "$t.stderr")"
			assertEquals "-$o: modlib_step <-modlib_walk" 10 \
				"$(fn_edges "$t" | grep -c ' modlib_step <-modlib_walk$')"
			assertEquals "-$o: plugin_inner, each call" 6 \
				"$(fn_edges "$t" | grep -c ' plugin_inner <-plugin_entry$')"
			continue
		fi
		if [ -n "$ENTRIES" ]; then
			assertEquals "-$o: each library said once" \
"ftrace: $d/libmodlib.so has patchable entries without __mcount_loc records (not built with ftrace-cc -shared?): its functions are never traced
ftrace: $d/libmodplug.so has patchable entries without __mcount_loc records (not built with ftrace-cc -shared?): its functions are never traced" \
				"$(cat "$t.stderr")"
		else
			assertEquals "-$o: each library said once" \
"ftrace: $d/libmodlib.so calls $mcount without __mcount_loc records (built with -pg, not ftrace-cc -shared?): its functions are $fate
ftrace: $d/libmodplug.so calls $mcount without __mcount_loc records (built with -pg, not ftrace-cc -shared?): its functions are $fate" \
				"$(cat "$t.stderr")"
		fi
		if [ "$fate" = "never traced" ]; then
			assertFalse "-$o: none of their functions" \
				"fn_edges '$t' | grep -q 'modlib_\\|plugin_entry\\|plugin_inner'"
		else
			assertEquals "-$o: plugin_inner, each call" 6 \
				"$(fn_edges "$t" | grep -c ' plugin_inner <-plugin_entry$')"
		fi
		[ -n "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ] || continue
		# under function_graph too: a library's first call of mcount
		# may come through the dynamic loader's lazy-binding stub
		FTRACE_CURRENT_TRACER=function_graph trace_run "$t.g" \
			"$d/modmain" "$d/libmodplug.so" 3
		assertEquals "-$o: graph: exit" 0 $?
		assertEquals "-$o: graph: output" "$want" "$(cat "$t.g.stdout")"
		[ "$fate" = "never traced" ] && continue
		assertEquals "-$o: graph: modlib_step under modlib_walk" 10 \
			"$(grep -c '^ *[0-9]*) .*|      modlib_step();$' "$t.g")"
	done
}

# Two plugins loaded one after the other where each other was (the
# kernel reuses the hole; qemu-user's allocator of guest addresses does
# not, so there they are only told apart): each event is named by the
# library that was there when it was recorded, never by the other one.
test_libraries_mapped_at_one_address() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	local o d t
	for o in O2 O0; do
		d=$TMPD/$o t=$TMPD/pair.$o
		fcc -$o -shared -fPIC -o "$d/libmodalt.so" "$src/modalt.c" &&
		fcc -$o -o "$d/modpair" "$src/modpair.c" -ldl ||
			{ fail "-$o: build"; continue; }
		trace_run "$t" "$d/modpair" "$d/libmodplug.so" \
			"$d/libmodalt.so" 10
		assertEquals "-$o: exit" 0 $?
		if [ -z "$QEMU" ]; then
			assertEquals "-$o: output" "one address, sum 50180" \
				"$(cat "$t.stdout")"
		else
			assertEquals "-$o: output" "sum 50180" \
				"$(sed 's/^.*address[es]*, //' "$t.stdout")"
		fi
		assertEquals "-$o: plugin_inner, each round" 10 \
			"$(fn_edges "$t" | grep -c ' plugin_inner <-plugin_entry$')"
		assertEquals "-$o: alt_twice, each round" 10 \
			"$(fn_edges "$t" | grep -c ' alt_twice <-plugin_entry$')"
		assertEquals "-$o: alt_step, twice a round" 20 \
			"$(fn_edges "$t" | grep -c ' alt_step <-alt_twice$')"
		assertEquals "-$o: every event of theirs named" "" \
			"$(fn_edges "$t" | grep -E 'plugin_|alt_|\.so\+0x' |
			   grep -vE ' (plugin_entry <-use|plugin_inner <-plugin_entry|alt_twice <-plugin_entry|alt_step <-alt_twice)$')"
	done
}

# Four threads each load, call and unload a plugin of their own, 50
# times, at the same time: after each dlopen() the kit looks for -pg
# libraries without records (stages 3-4), and meets objects another
# thread is still loading (their constructor has not registered them yet)
# or unloading (their records gone already).  A library is said only for
# what its file is, never for where another thread is in loading it: the
# kit's own libraries are never reported.
# four_plugins DIR: four copies of DIR's plugin, each loaded on its own
four_plugins() {
	local i
	for i in 1 2 3 4; do
		cp "$1/libmodplug.so" "$1/libplug$i.so"
		echo "$1/libplug$i.so"
	done
}

test_dlopen_dlclose_in_threads() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	local o d t want
	$CC -O2 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
		-o "$TMPD/plain/modthreads" "$src/modthreads.c" -ldl -lpthread ||
		{ fail "plain build"; return; }
	want=$(run_target "$TMPD/plain/modthreads" 50 \
		$(four_plugins "$TMPD/plain"))
	assertEquals "untraced" "threads 4 rounds 50 total 409800" "$want"
	for o in O2 O0; do
		d=$TMPD/$o t=$TMPD/thr.$o
		fcc -$o -o "$d/modthreads" "$src/modthreads.c" -ldl -lpthread ||
			{ fail "-$o: build"; continue; }
		trace_run "$t" "$d/modthreads" 50 $(four_plugins "$d")
		assertEquals "-$o: exit" 0 $?
		assertEquals "-$o: output" "$want" "$(cat "$t.stdout")"
		assertEquals "-$o: no report" "" "$(cat "$t.stderr")"
	done
}

# A plugin loaded and unloaded 200 times, a filter written each time,
# while another thread runs traced code: every table the kit replaces
# (records, filter hashes, code segments, a library's symbols) is freed
# once no reader can hold it, and the heap stays within a bound
# (tests/stage1/src/modchurn.c).
test_tables_freed_across_loads_and_filters() {
	[ -n "$MODULES" ] || { startSkipping; return; }
	local o d t want
	d=$TMPD/plain
	$CC -O2 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) -o "$d/modchurn" \
		"$src/modchurn.c" -ldl -lpthread || { fail "plain build"; return; }
	want=$(run_target "$d/modchurn" "$d/libmodplug.so" 200)
	assertEquals "untraced" "rounds 200, sum 2334200, heap kept" "$want"
	for o in O2 O0; do
		d=$TMPD/$o t=$TMPD/churn.$o
		fcc -$o -o "$d/modchurn" "$src/modchurn.c" -ldl -lpthread ||
			{ fail "-$o: build"; continue; }
		trace_run "$t" "$d/modchurn" "$d/libmodplug.so" 200
		assertEquals "-$o: exit" 0 $?
		assertEquals "-$o: output" "$want" "$(cat "$t.stdout")"
		assertTrue "-$o: traced" \
			"fn_edges '$t' | grep -q ' churn_1[0-7] <-all_churn$'"
	done
}

# A process killed while a plugin is loaded: its spool still names the
# plugin's functions (dlopen.c adds the library to the spool's objects).
test_spool_names_a_loaded_plugin() {
	[ -n "$MODULES" ] && [ -n "$(mkvar CONFIG_TRACE_SPOOL)" ] ||
		{ startSkipping; return; }
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
		--trace "$TMPD/k" -- "$TMPD/O2/modmain" \
		"$TMPD/O2/libmodplug.so" 1 die >"$TMPD/k.stdout" 2>"$TMPD/k.stderr"
	assertEquals "killed" 137 $?
	assertEquals "walk 145" "$(cat "$TMPD/k.stdout")"
	assertTrue "the dead process's trace" \
		"grep -q '^# pid [0-9]* ended without exit()' '$TMPD/k'"
	assertTrue "plugin_inner <-plugin_entry, named" \
		"fn_edges '$TMPD/k' | grep -q ' plugin_inner <-plugin_entry$'"
}

test_mod_filter_and_lists() {
	[ -n "$MODULES" ] && [ -n "$DYN" ] || { startSkipping; return; }
	local lib=$TMPD/O2/libmodplug.so
	FTRACE_SET_FTRACE_FILTER='*:mod:libmodlib' trace_run "$TMPD/m" \
		"$TMPD/O2/modmain"
	assertEquals "walk 145" "$(cat "$TMPD/m.stdout")"
	assertEquals "only modlib's functions" \
		"modlib_step modlib_walk" \
		"$(fn_edges "$TMPD/m" | awk '{print $2}' | sort -u | tr '\n' ' ' | sed 's/ $//')"
	# a library not loaded yet: kept, applied when it loads; until then
	# nothing is traced (not everything)
	FTRACE_SET_FTRACE_FILTER='plugin_entry:mod:libmodplug' trace_run \
		"$TMPD/p" "$TMPD/O2/modmain" "$lib" 3
	assertEquals "walk 145
rounds 3 total 6006" "$(cat "$TMPD/p.stdout")"
	assertEquals "quiet" "" "$(cat "$TMPD/p.stderr")"
	assertEquals "plugin_entry only, each load" \
		"$(printf 'plugin_entry <-main\n%.0s' 1 2 3 4 5 6)" \
		"$(fn_edges "$TMPD/p" | cut -d' ' -f2-)"
	# one that selects nothing of the library once it has loaded: still
	# nothing, never everything
	FTRACE_SET_FTRACE_FILTER='nosuch*:mod:libmodplug' trace_run \
		"$TMPD/n" "$TMPD/O2/modmain" "$lib" 3
	assertEquals "quiet" "" "$(cat "$TMPD/n.stderr")"
	assertEquals "nothing traced" "" "$(fn_edges "$TMPD/n")"
	# the lists show the library as the kernel shows a module
	FTRACE_CAT=available_filter_functions run_target "$TMPD/O2/modmain" \
		>"$TMPD/list"
	assertTrue "modlib_walk [libmodlib]" \
		"grep -qx 'modlib_walk \[libmodlib\]' '$TMPD/list'"
	assertTrue "main, no library" "grep -qx 'main' '$TMPD/list'"
	FTRACE_SET_FTRACE_FILTER='modlib_step' FTRACE_CURRENT_TRACER=function \
		FTRACE_CAT=enabled_functions run_target "$TMPD/O2/modmain" \
		>"$TMPD/enabled"
	assertEquals "modlib_step [libmodlib] (1)" "$(cat "$TMPD/enabled")"
}

. shunit2
