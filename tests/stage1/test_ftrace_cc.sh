#!/bin/bash
# A program the kit has never seen, built with scripts/ftrace-cc and run
# with scripts/ftrace-run: the kit as a tool.
. "$KIT/tests/lib.sh"

oneTimeSetUp() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -O0 \
		-o "$TMPD/wordfreq" "$KIT/tests/extern/wordfreq.c" \
		>"$TMPD/cc.log" 2>&1 || { cat "$TMPD/cc.log"; fail "ftrace-cc failed"; }
	$CC -O0 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
		-o "$TMPD/wordfreq.plain" "$KIT/tests/extern/wordfreq.c"
}

words="b a c b a b"

test_built_and_traced() {
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
		--trace "$TMPD/t" -- "$TMPD/wordfreq" $words >"$TMPD/out" 2>"$TMPD/err"
	assertEquals "exit status" 0 $?
	assertEquals "3 b
2 a
1 c" "$(cat "$TMPD/out")"
	assertEquals "no tracer noise" "" "$(cat "$TMPD/err")"
	# static functions by name, and by_count called from inside qsort
	assertEquals 6 "$(fn_edges "$TMPD/t" | grep -c ' add_word <-main$')"
	assertTrue "hash <-add_word" "fn_edges '$TMPD/t' | grep -q ' hash <-add_word$'"
	assertTrue "by_count called by the C library" \
		"[ $(fn_edges "$TMPD/t" | grep -c ' by_count <-') -gt 0 ]"
}

test_same_behaviour_as_plain_build() {
	run_target "$TMPD/wordfreq.plain" x y x >"$TMPD/p1"; local r1=$?
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
		--trace "$TMPD/t2" -- "$TMPD/wordfreq" x y x >"$TMPD/p2"; local r2=$?
	assertEquals "$r1" "$r2"
	assertEquals "$(cat "$TMPD/p1")" "$(cat "$TMPD/p2")"
	run_target "$TMPD/wordfreq.plain" >/dev/null; r1=$?
	"$KIT/scripts/ftrace-run" --arch "$ARCH" -- "$TMPD/wordfreq" >/dev/null; r2=$?
	assertEquals "exit status without words" "$r1" "$r2"
	assertEquals 1 "$r2"
}

test_compile_only_then_link() {
	"$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" -c -O1 \
		-o "$TMPD/w.o" "$KIT/tests/extern/wordfreq.c" || fail "ftrace-cc -c"
	assertTrue "object calls $(mkvar MCOUNT_SYMBOL)" \
		"$OBJDUMP -dr '$TMPD/w.o' | grep -q '$(mkvar MCOUNT_SYMBOL)'"
}

test_runner_rejects_bad_input() {
	local out
	out=$("$KIT/scripts/ftrace-run" --arch "$ARCH" --bogus -- true 2>&1)
	assertEquals 2 $?
	assertEquals "ftrace-run: unknown option '--bogus'" "$out"
	out=$("$KIT/scripts/ftrace-run" --arch sparc -- true 2>&1)
	assertEquals 2 $?
	assertContains "$out" "ftrace-run: unknown arch 'sparc'"
	out=$("$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer nosuch -- "$TMPD/wordfreq" a 2>&1)
	assertEquals 2 $?
	assertContains "$out" "unknown tracer 'nosuch'"
}

# ftrace-cc with this suite's arch and stage (kit options first)
fcc() { "$KIT/scripts/ftrace-cc" --arch "$ARCH" --stage "$STAGE" "$@"; }

# A project with its own Makefile and CC=ftrace-cc, built with make -j8
# against a runtime build directory that does not exist yet: eight links
# (and their runtime build) race, and every -c compile records its sites.
test_project_make_j8_from_clean_build_dir() {
	local p=$TMPD/proj i out bad=
	mkdir -p "$p"
	cat >"$p/common.c" <<-'EOC'
	int common_fn(int x)
	{
		return x * 3 + 1;
	}
	EOC
	for i in 1 2 3 4 5 6 7 8; do
		cat >"$p/p$i.c" <<-EOC
		#include <stdio.h>
		int common_fn(int x);
		int main(void)
		{
			printf("p$i %d\n", common_fn($i));
			return $i;
		}
		EOC
	done
	printf '%s\n' 'PROGS := p1 p2 p3 p4 p5 p6 p7 p8' 'all: $(PROGS)' \
		'p%: p%.o common.o' '	$(CC) -o $@ $^' \
		'%.o: %.c' '	$(CC) -O2 -c $< -o $@' '.SECONDARY:' >"$p/Makefile"
	make -s -C "$p" -j8 CC="$KIT/scripts/ftrace-cc --arch $ARCH \
		--stage $STAGE --build-dir $p/rt --record-mcount" \
		>"$p/log" 2>&1
	local rc=$?
	assertEquals "make -j8: $(tail -5 "$p/log")" 0 $rc
	assertEquals "quiet build" "" "$(cat "$p/log")"
	assertTrue "runtime built in --build-dir" "[ -f '$p/rt/libftrace.a' ]"
	for i in 1 2 3 4 5 6 7 8; do
		out=$(FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$p/t$i \
			run_target "$p/p$i")
		[ $? = $i ] && [ "$out" = "p$i $((i * 3 + 1))" ] &&
			fn_edges "$p/t$i" | grep -q ' common_fn <-main$' ||
			bad="$bad p$i"
		"$OBJDUMP" -h "$p/p$i.o" | grep -q ' __mcount_loc ' ||
			bad="$bad p$i.o"
	done
	assertEquals "programs that failed" "" "$bad"
}

# make stand-in that counts the runs ftrace-cc starts itself
count_makes() {
	local real
	real=$(command -v make)
	mkdir -p "$TMPD/bin"
	cat >"$TMPD/bin/make" <<-EOC
	#!/bin/sh
	[ -z "\$MAKELEVEL" ] && echo run >>"$TMPD/makes"
	exec "$real" "\$@"
	EOC
	chmod +x "$TMPD/bin/make"
	rm -f "$TMPD/makes"
	PATH=$TMPD/bin:$PATH "$@"
	local rc=$?
	MAKES=$(wc -l <"$TMPD/makes" 2>/dev/null || echo 0)
	return $rc
}

test_one_make_per_call_and_no_runtime_for_compile() {
	count_makes fcc --build-dir "$TMPD/nort" -O2 -c \
		-o "$TMPD/c.o" "$KIT/tests/extern/wordfreq.c"
	assertEquals "-c status" 0 $?
	assertEquals "make runs for -c" 1 "$MAKES"
	assertFalse "no runtime built for -c" "[ -e '$TMPD/nort/libftrace.a' ]"
	count_makes fcc --build-dir "$TMPD/rt1" -O2 -o "$TMPD/c" "$TMPD/c.o"
	assertEquals "link status" 0 $?
	assertEquals "make runs for a link" 1 "$MAKES"
	count_makes fcc --record-mcount -O2 -o "$TMPD/c2" \
		"$KIT/tests/extern/wordfreq.c"
	assertEquals "make runs for a recorded compile and link" 1 "$MAKES"
	run_target "$TMPD/c" a b a >"$TMPD/c.out"
	assertEquals "2 a
1 b" "$(cat "$TMPD/c.out")"
}

# Recording: at a stage with CONFIG_FTRACE_MCOUNT_RECORD, or when asked,
# every object ftrace-cc compiles has the table, with every site.
test_compile_records_mcount_sites() {
	local rm=$KIT/build/host/recordmcount n
	fcc --record-mcount -O0 -c -o "$TMPD/r.o" \
		"$KIT/tests/extern/wordfreq.c" || fail "ftrace-cc -c"
	fcc -O0 -c -o "$TMPD/n.o" "$KIT/tests/extern/wordfreq.c" ||
		fail "ftrace-cc -c"
	n=$("$rm" --list "$TMPD/n.o" | wc -l)
	assertTrue "sites found ($n)" "[ $n -ge 4 ]"
	assertEquals "table size" "$(printf '%08x' $((n * $(word_size))))" \
		"$("$OBJDUMP" -h "$TMPD/r.o" | awk '$2 == "__mcount_loc" {
			print substr($3, length($3) - 7) }')"
	if [ -n "$(mkvar CONFIG_FTRACE_MCOUNT_RECORD)" ]; then
		assertEquals "recorded at this stage" 1 \
			"$("$OBJDUMP" -h "$TMPD/n.o" | grep -c ' __mcount_loc ')"
	else
		assertEquals "not recorded at this stage" 0 \
			"$("$OBJDUMP" -h "$TMPD/n.o" | grep -c ' __mcount_loc ')"
	fi
	# several sources, no -o: each object beside, each recorded
	cp "$KIT/tests/extern/wordfreq.c" "$TMPD/a.c"
	cp "$KIT/tests/recordmcount/src/other.c" "$TMPD/b.c"
	(cd "$TMPD" && fcc --record-mcount -O2 -c a.c b.c) || fail "two -c"
	assertEquals "both recorded" 2 "$("$OBJDUMP" -h "$TMPD/a.o" "$TMPD/b.o" |
		grep -c ' __mcount_loc ')"
}

word_size() {
	case $("$OBJDUMP" -f "$TMPD/n.o") in
	*elf64*) echo 8 ;; *) echo 4 ;;
	esac
}

# Position-independent code, PIE and shared libraries: one line that names
# the flag, a non-zero status, nothing written.
test_pic_pie_and_shared_are_refused() {
	local f out want
	want="is not supported: the kit traces non-PIE executables only"
	want="$want (no PIC, PIE or shared libraries)"
	for f in -fpie -fPIE -fpic -fPIC -pie -static-pie -shared -Wl,-pie \
		 -Wl,-z,now,--pic-executable; do
		out=$(fcc -O2 "$f" -o "$TMPD/pie" \
			"$KIT/tests/extern/wordfreq.c" 2>&1)
		assertEquals "$f status" 2 $?
		assertEquals "$f" "ftrace-cc: $f $want" "$out"
		assertFalse "$f: no output" "[ -e '$TMPD/pie' ]"
		out=$(fcc -O2 "$f" -c -o "$TMPD/pie.o" \
			"$KIT/tests/extern/wordfreq.c" 2>&1)
		assertEquals "$f -c status" 2 $?
	done
	fcc -O2 -fno-pie -fno-pic -no-pie -o "$TMPD/nopie" \
		"$KIT/tests/extern/wordfreq.c"
	assertEquals "-fno-pie -no-pie accepted" 0 $?
	run_target "$TMPD/nopie" q >"$TMPD/nopie.out"
	assertEquals "1 q" "$(cat "$TMPD/nopie.out")"
}

# Every name the runtime uses that is not its API (nm of the library,
# locals included) may be a global of the program: it links, the
# runtime's own variables stay apart, and tracing works.
test_program_may_define_runtime_names() {
	local names n opt
	names=$(nm_runtime | awk '$2 ~ /^[a-z]$/ { print $3 }' |
		grep -xE '[A-Za-z_][A-Za-z0-9_]*' | grep -vx main | sort -u)
	n=$(echo "$names" | wc -l)
	assertTrue "runtime names found ($n)" "[ $n -ge 40 ]"
	assertContains " $(echo $names) " " tracing_on "
	{
		echo '#include <stdio.h>'
		echo "$names" | awk '{ printf "long %s = %d;\n", $1, NR }'
		echo 'static __attribute__((noinline)) long check(void)'
		echo '{'
		echo '	long bad = 0;'
		echo "$names" | awk '{ printf "\tbad += %s != %d;\n", $1, NR }'
		echo '	return bad;'
		echo '}'
		echo 'int main(void)'
		echo '{'
		echo '	printf("%ld\n", check());'
		echo '	return 0;'
		echo '}'
	} >"$TMPD/names.c"
	for opt in -O0 -O2; do
		fcc $opt -o "$TMPD/names$opt" "$TMPD/names.c" \
			>"$TMPD/names.log" 2>&1
		local rc=$?
		assertEquals "$opt link: $(head -3 "$TMPD/names.log")" 0 $rc
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/names.t \
			run_target "$TMPD/names$opt" >"$TMPD/names.out"
		assertEquals "$opt status" 0 $?
		assertEquals "$opt: program's values intact" 0 \
			"$(cat "$TMPD/names.out")"
		assertTrue "$opt: traced" \
			"fn_edges '$TMPD/names.t' | grep -q ' check <-main$'"
	done
}

nm_runtime() {
	"${OBJDUMP%objdump}nm" --defined-only "$O/libftrace.a"
}

# Without the compiler: which package to install, not make's errors.
# Chapter 6's parts are CONFIG_ switches: without any of them the runtime
# has none of their code or files, and traces as before (the core calls
# the stubs of their hooks).
test_runtime_without_the_extras() {
	local min=$TMPD/min
	CONFIG_FUNCTION_PROFILER= CONFIG_TRACE_MARKER= CONFIG_TRACE_SPOOL= \
	CONFIG_TRACE_EXPORT= fcc --build-dir "$min" -O2 -o "$TMPD/demo-min" \
		"$KIT/tests/progs/demo.c" || fail "build"
	assertEquals "no spool, marker, profiler or export code" "" \
		"$($(mkvar NM) "$TMPD/demo-min" | grep -E ' (spool_map|tracing_mark_write|ftrace_profile_begin|write_folded)$')"
	assertTrue "with them by default" \
		"$(mkvar NM) '$O/demo' | grep -q ' spool_map$'"
	trace_run "$TMPD/min.t" "$TMPD/demo-min"
	assertEquals "status" 0 $?
	trace_run "$TMPD/full.t" "$O/demo"
	# (callers in the C library are addresses, which ASLR moves)
	assertEquals "traced as the full runtime traces" \
		"$(fn_edges "$TMPD/full.t" | cut -d' ' -f2- | sed 's/<-0x.*/<-libc/' |
		   sort | uniq -c)" \
		"$(fn_edges "$TMPD/min.t" | cut -d' ' -f2- | sed 's/<-0x.*/<-libc/' |
		   sort | uniq -c)"
	# ftrace-run sets the spool's variables for every program: ignored
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
		--trace "$TMPD/min.r" -- "$TMPD/demo-min" >/dev/null 2>"$TMPD/min.rerr"
	assertEquals "ftrace-run: status" 0 $?
	assertEquals "ftrace-run: quiet" "" "$(cat "$TMPD/min.rerr")"
	assertTrue "ftrace-run: traced" "fn_edges '$TMPD/min.r' | grep -q ' run_direct <-main$'"
	FTRACE_TRACE_MARKER=x run_target "$TMPD/demo-min" >/dev/null \
		2>"$TMPD/min.err"
	assertEquals "no such file" 2 $?
	assertEquals "one line" "ftrace: FTRACE_TRACE_MARKER: no such setting (the files are: current_tracer, tracing_on, trace_options, trace, ...)" \
		"$(cat "$TMPD/min.err")"
}

test_missing_compiler_names_the_package() {
	local out mode
	for mode in -c link; do
		out=$(CROSS_COMPILE=nosuch- fcc --build-dir "$TMPD/nocc" \
			$([ $mode = -c ] && echo -c) -o "$TMPD/nocc.out" \
			"$KIT/tests/extern/wordfreq.c" 2>&1)
		assertNotEquals "$mode status" 0 $?
		assertEquals "$mode: only the kit speaks: $out" "" \
			"$(echo "$out" | grep -v '^ftrace-\(kit\|cc\): ')"
		if [ -n "$(mkvar DEB_PACKAGES)" ]; then
			assertContains "$mode" "$out" "missing packages:"
		else
			assertContains "$mode" "$out" "nosuch-gcc not found"
		fi
	done
}

. shunit2
