#!/bin/bash
# A program the kit has never seen, built with scripts/ftrace-cc and run
# with scripts/ftrace-run: the kit as a tool.
# stages: 1 last (the driver: stage 1, and the arch's last stage, which
# has every chapter, bound what the others would repeat; tests/run-tests.sh)
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
	if [ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ]; then
		# stage 5: the build made the sites NOPs and wrote the table
		assertEquals "no call of $(mkvar MCOUNT_SYMBOL) left" 0 \
			"$("$OBJDUMP" -dr "$TMPD/w.o" | grep -c "$(mkvar MCOUNT_SYMBOL)")"
		assertTrue "the table" "$OBJDUMP -h '$TMPD/w.o' | grep -q ' __mcount_loc '"
		return
	fi
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

# ftrace-cc --record-mcount runs recordmcount at any stage: for an arch
# whose arch.mk has HAVE_FTRACE_MCOUNT_RECORD (recordmcount's entry,
# chapter 3.5).  A port without it yet runs the rest and says so.
RECORDS=$(mkvar HAVE_FTRACE_MCOUNT_RECORD)
REC=${RECORDS:+--record-mcount}
no_recording_yet() {
	[ -n "$RECORDS" ] && return 1
	echo "  no HAVE_FTRACE_MCOUNT_RECORD in arch/$ARCH/arch.mk:" \
	     "nothing recorded (docs/exercises.md, recordmcount's entry)"
	return 0
}

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
		--stage $STAGE --build-dir $p/rt $REC" \
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
		[ -z "$REC" ] ||
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
	if ! no_recording_yet; then
		count_makes fcc --record-mcount -O2 -o "$TMPD/c2" \
			"$KIT/tests/extern/wordfreq.c"
		assertEquals "make runs for a recorded compile and link" 1 \
			"$MAKES"
	fi
	run_target "$TMPD/c" a b a >"$TMPD/c.out"
	assertEquals "2 a
1 b" "$(cat "$TMPD/c.out")"
}

# Recording: at a stage with CONFIG_FTRACE_MCOUNT_RECORD, or when asked,
# every object ftrace-cc compiles has the table, with every site.
test_compile_records_mcount_sites() {
	local rm=$KIT/build/host/recordmcount n
	if no_recording_yet; then
		startSkipping
		assertTrue "recordmcount does not know $ARCH" true
		return
	fi
	fcc --record-mcount -O0 -c -o "$TMPD/r.o" \
		"$KIT/tests/extern/wordfreq.c" || fail "ftrace-cc -c"
	fcc -O0 -c -o "$TMPD/n.o" "$KIT/tests/extern/wordfreq.c" ||
		fail "ftrace-cc -c"
	if [ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ]; then
		# stage 5: the sites are NOPs already; count them in the
		# table gcc or recordmcount wrote
		n=$(( 0x$("$OBJDUMP" -h "$TMPD/n.o" | awk '$2 == "__mcount_loc" {
			print $3 }') / $(word_size) ))
	else
		n=$("$rm" --list "$TMPD/n.o" | wc -l)
	fi
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

# refused_pic OPTION OUT: an arch without HAVE_FTRACE_MODULES refuses
# position-independent code (its sites are not handled yet): one line,
# status 2, nothing written
refused_pic() {
	local out
	rm -f "$2"
	out=$(fcc -O1 "$1" -o "$2" "$KIT/tests/extern/wordfreq.c" 2>&1)
	assertEquals "$1: refused" 2 $?
	assertEquals "$1: one line" "ftrace-cc: $1: $ARCH cannot trace position-independent code or shared libraries yet (no HAVE_FTRACE_MODULES in arch/$ARCH/arch.mk)" "$out"
	assertFalse "$1: no output" "[ -e '$2' ]"
}

# Position-independent objects link into the kit's non-PIE executable.
test_pic_objects_link_into_a_traced_executable() {
	local f
	for f in -fpic -fPIC; do
		if [ -z "$(mkvar HAVE_FTRACE_MODULES)" ]; then
			refused_pic "$f" "$TMPD/pic.o"
			continue
		fi
		rm -f "$TMPD/pic.o"
		fcc -O2 "$f" -c -o "$TMPD/pic.o" "$KIT/tests/extern/wordfreq.c"
		assertEquals "$f -c status" 0 $?
		fcc -O2 -o "$TMPD/pic" "$TMPD/pic.o"
		assertEquals "$f: link status" 0 $?
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/pic.t \
			run_target "$TMPD/pic" q r q >"$TMPD/pic.out"
		assertEquals "$f: status" 0 $?
		assertEquals "$f: output" "2 q
1 r" "$(cat "$TMPD/pic.out")"
		assertTrue "$f: traced" \
			"fn_edges '$TMPD/pic.t' | grep -q ' by_count <-'"
	done
	fcc -O2 -fno-pie -fno-pic -no-pie -o "$TMPD/nopie" \
		"$KIT/tests/extern/wordfreq.c"
	assertEquals "-fno-pie -no-pie accepted" 0 $?
	run_target "$TMPD/nopie" q >"$TMPD/nopie.out"
	assertEquals "1 q" "$(cat "$TMPD/nopie.out")"
}

# Undoing a flag of the arch's non-PIC code (ARCH_NOPIC_CFLAGS) makes
# position-independent code too: refused where the arch cannot trace it,
# else built as -fPIC code is (-fpie: PIE code in a non-PIE executable).
test_undoing_the_arch_nopic_flags_is_pic() {
	local f neg n=0
	for f in $(mkvar ARCH_NOPIC_CFLAGS); do
		case $f in
		-fno-*) neg=-f${f#-fno-} ;;
		-mno-*) neg=-m${f#-mno-} ;;
		*) continue ;;
		esac
		n=$((n + 1))
		if [ -z "$(mkvar HAVE_FTRACE_MODULES)" ]; then
			refused_pic "$neg" "$TMPD/undo"
			continue
		fi
		rm -f "$TMPD/undo"
		fcc -O2 "$neg" -o "$TMPD/undo" \
			"$KIT/tests/extern/wordfreq.c" >"$TMPD/undo.log" 2>&1
		built $? "$neg" "$TMPD/undo.log"
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/undo.t \
			run_target "$TMPD/undo" q >"$TMPD/undo.out"
		assertEquals "$neg: output" "1 q" "$(cat "$TMPD/undo.out")"
		assertTrue "$neg: traced" \
			"fn_edges '$TMPD/undo.t' | grep -q ' main <-'"
	done
	if [ $n = 0 ]; then
		startSkipping
		assertTrue "$ARCH: no such flag but -fno-pie" true
	fi
}

# PIE executables (gcc's default on Debian, asked for with -pie): the
# sources compiled -fPIE, linked with the runtime's position-independent
# build (build/<arch>/stage<N>-pie); -fPIE objects compiled apart link
# into one too.  An ELF of type DYN, traced, the same output.  Refused in
# one line where the arch cannot trace position-independent code.
# (-static-pie only where the C library has its start file, rcrt1.o:
# Debian's armhf and riscv64 ones do not, and gcc alone fails there too.)
PIE_LINKS='-pie|-pie
--pie|--pie
-fPIE -pie|-pie
-fpie -no-pie -pie|-pie
-static-pie|-static-pie'

test_pie_executables() {
	local opts f out wf=$KIT/tests/extern/wordfreq.c
	while IFS='|' read -r opts f; do
		rm -f "$TMPD/pie"
		[ "$opts" = -static-pie ] &&
			[[ $($CC -print-file-name=rcrt1.o) != */* ]] && continue
		if [ -z "$(mkvar HAVE_FTRACE_PIE)" ]; then
			out=$(fcc -O1 $opts -o "$TMPD/pie" "$wf" 2>&1)
			assertEquals "$opts: refused" 2 $?
			if [ -z "$(mkvar HAVE_FTRACE_MODULES)" ]; then
				assertEquals "$opts: one line" "ftrace-cc: $f: $ARCH cannot trace position-independent code or shared libraries yet (no HAVE_FTRACE_MODULES in arch/$ARCH/arch.mk)" "$out"
			else
				assertEquals "$opts: one line" "ftrace-cc: $f: $ARCH cannot trace a position-independent executable (no HAVE_FTRACE_PIE in arch/$ARCH/arch.mk, which says why); link it without $f" "$out"
			fi
			assertFalse "$opts: no output" "[ -e '$TMPD/pie' ]"
			continue
		fi
		fcc -O2 $opts -o "$TMPD/pie" "$wf" >"$TMPD/pie.log" 2>&1
		built $? "$opts" "$TMPD/pie.log"
		pie_traced "$opts"
	done <<<"$PIE_LINKS"
	[ -n "$(mkvar HAVE_FTRACE_PIE)" ] || return 0
	rm -f "$TMPD/pie" "$TMPD/pie.o"
	fcc -O2 -fPIE -c -o "$TMPD/pie.o" "$wf" &&
		fcc -pie -o "$TMPD/pie" "$TMPD/pie.o" >"$TMPD/pie.log" 2>&1
	built $? "-fPIE -c, then -pie" "$TMPD/pie.log"
	pie_traced "-fPIE objects"
}

# $TMPD/pie: a position-independent executable whose functions are traced
pie_traced() {
	assertTrue "$1: a PIE (ELF type DYN)" \
		"readelf -h '$TMPD/pie' | grep -q 'Type: *DYN'"
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/pie.t \
		run_target "$TMPD/pie" q r q >"$TMPD/pie.out" 2>"$TMPD/pie.err"
	assertEquals "$1: status" 0 $?
	assertEquals "$1: output" "2 q
1 r" "$(cat "$TMPD/pie.out")"
	assertEquals "$1: quiet" "" "$(cat "$TMPD/pie.err")"
	assertTrue "$1: traced" \
		"fn_edges '$TMPD/pie.t' | grep -q ' by_count <-'"
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

# built STATUS WHAT LOG: a build step succeeded (its log shown if not)
built() {
	assertEquals "$2: $(head -3 "$3")" 0 "$1"
}

# ftrace-c++ with this suite's arch and stage
fcxx() { "$KIT/scripts/ftrace-c++" --arch "$ARCH" --stage "$STAGE" "$@"; }

# A source tree whose build needs every operand where gcc takes it: an
# include directory named like an archive, a forced include, a macro, a
# C source without .c, dependency targets named like objects.
make_operand_tree() {
	local d=$TMPD/ops
	mkdir -p "$d/inc.a" "$d/out"
	cat >"$d/inc.a/conf.h" <<-'EOC'
	#define GREETING "value"
	EOC
	cat >"$d/pre.h" <<-'EOC'
	static int forced(int x) { return x + 100; }
	EOC
	cat >"$d/main.c" <<-'EOC'
	#include <stdio.h>
	#include "conf.h"
	int helper(int x);
	int main(void)
	{
		printf("%s %d %d\n", GREETING, VALUE, helper(forced(1)));
		return 0;
	}
	EOC
	cat >"$d/helper.txt" <<-'EOC'
	int helper(int x)
	{
		return x * 2;
	}
	EOC
}

test_separate_operands_stay_with_their_option() {
	local d=$TMPD/ops
	make_operand_tree
	# each option with its operand apart: none of them is an input
	(cd "$d" && fcc -O1 -I inc.a -D VALUE=7 -include pre.h -U NOSUCH \
		-o prog main.c -x c helper.txt -x none) >"$d/log" 2>&1
	built $? "build" "$d/log"
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$d/t run_target "$d/prog" \
		>"$d/out.txt"
	assertEquals "status" 0 $?
	assertEquals "value 7 202" "$(cat "$d/out.txt")"
	assertTrue "the -x c source traced" \
		"fn_edges '$d/t' | grep -q ' helper <-main$'"
	# the same through -c, then a link of the objects
	(cd "$d" && fcc -O1 -c -I inc.a -D VALUE=8 -include pre.h main.c &&
		fcc -O1 -c -x c helper.txt -o out/helper.o &&
		fcc -o prog2 main.o out/helper.o) >"$d/log" 2>&1
	built $? "-c and link" "$d/log"
	assertEquals "value 8 202" "$(run_target "$d/prog2")"
	# the words of an @file are options as on the command line
	printf '%s\n' "-I inc.a" "'-DVALUE=9'" >"$d/opts.rsp"
	(cd "$d" && fcc -O1 @opts.rsp -include pre.h -o prog3 main.c \
		-x c helper.txt) >"$d/log" 2>&1
	built $? "@file" "$d/log"
	assertEquals "value 9 202" "$(run_target "$d/prog3")"
	# C from standard input
	echo 'int main(void) { return 3; }' |
		fcc -O1 -x c - -o "$d/stdin" >"$d/log" 2>&1
	built $? "-x c -" "$d/log"
	run_target "$d/stdin"
	assertEquals "program from stdin" 3 $?
}

# -MD/-MMD with -MT, -MQ and -MF, compile only and in one step: the .d
# file gcc would write, with the target it would name.
test_dependency_files_as_gcc_writes_them() {
	local d=$TMPD/ops
	make_operand_tree
	(cd "$d" && fcc -O1 -c -MD -MT target.o -MF out/main.dep \
		-I inc.a -D VALUE=1 -include pre.h main.c -o out/main.o) \
		>"$d/log" 2>&1
	built $? "-c" "$d/log"
	assertTrue "-c: the object" "[ -f '$d/out/main.o' ]"
	assertEquals "-c: -MT's target" "target.o:" \
		"$(head -1 "$d/out/main.dep" | cut -d' ' -f1)"
	assertTrue "-c: the header found through -I inc.a" \
		"grep -q 'inc.a/conf.h' '$d/out/main.dep'"
	assertFalse "-c: no .d beside the object" "[ -e '$d/out/main.d' ]"
	(cd "$d" && fcc -O1 -c -MMD -MQ 'q$.o' -I inc.a -D VALUE=1 \
		-include pre.h main.c) >"$d/log" 2>&1
	built $? "-MMD -MQ" "$d/log"
	assertEquals "-MQ's target, quoted for make" 'q$$.o:' \
		"$(head -1 "$d/main.d" | cut -d' ' -f1)"
	# one step: named after the output, for the output
	(cd "$d" && fcc -O1 -MD -I inc.a -D VALUE=1 -include pre.h \
		-o out/prog.exe main.c -x c helper.txt) >"$d/log" 2>&1
	built $? "one step" "$d/log"
	assertEquals "one step: the program's target" "out/prog.exe:" \
		"$(head -1 "$d/out/prog.d" | cut -d' ' -f1)"
	# (each source writes it in turn, the last one stays: gcc's way)
	assertEquals "one step: the last source's" "helper.txt pre.h" \
		"$(tr -s '\\\n ' '  ' <"$d/out/prog.d" | tr ' ' '\n' |
		   grep -x 'helper.txt\|pre.h' | tr '\n' ' ' | sed 's/ $//')"
	assertEquals "one step: runs" "value 1 202" \
		"$(run_target "$d/out/prog.exe")"
	(cd "$d" && fcc -O1 -MD -MT all -MF deps.mk -I inc.a -D VALUE=1 \
		-include pre.h -o prog main.c -x c helper.txt) >"$d/log" 2>&1
	built $? "one step -MT -MF" "$d/log"
	assertEquals "one step: -MT's target in -MF's file" "all:" \
		"$(head -1 "$d/deps.mk" | cut -d' ' -f1)"
}

# A C++ program: classes, virtual functions, templates, the C++ library,
# exceptions thrown through traced frames and caught further up.
SHAPES="circle:2 rect:3x4 square:5 bad:1 circle:-1 rect:2xq circle:1 nocolon"

build_shapes() {
	[ -x "$TMPD/shapes" ] && return 0
	fcxx -O0 -o "$TMPD/shapes" "$KIT/tests/extern/shapes.cc" \
		>"$TMPD/shapes.log" 2>&1 || { cat "$TMPD/shapes.log"; return 1; }
	$(mkvar CXX) -O0 $(mkvar ARCH_CFLAGS) \
		$(mkvar ARCH_LDFLAGS) -o "$TMPD/shapes.plain" \
		"$KIT/tests/extern/shapes.cc"
}

# run_shapes TRACER: traced as the untraced program runs (output, status)
run_shapes() {
	local t=$TMPD/shapes.$1
	run_target "$TMPD/shapes.plain" $SHAPES >"$TMPD/shapes.ref"
	local r0=$?
	"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer "$1" --trace "$t" \
		-- "$TMPD/shapes" $SHAPES >"$t.out" 2>"$t.err"
	assertEquals "$1: status" "$r0" $?
	assertEquals "$1: four rejected" 4 "$r0"
	assertEquals "$1: output" "$(cat "$TMPD/shapes.ref")" "$(cat "$t.out")"
	assertEquals "$1: quiet" "" "$(cat "$t.err")"
	assertTrue "$1: rejections printed" \
		"grep -q '^rejected rect:2xq: a length is not a number$' '$t.out'"
}

test_cxx_program_traced_as_it_runs_untraced() {
	build_shapes || fail "build"
	run_shapes function
	local t=$TMPD/shapes.function
	# the symbol table's names, mangled: parse_length by parse_sizes,
	# a virtual function, a template's member
	assertTrue "parse_length <-parse_sizes" \
		"fn_edges '$t' | grep -q ' [^ ]*parse_length[^ ]* <-[^ ]*parse_sizes'"
	assertTrue "circle::area" "fn_edges '$t' | grep -q ' [^ ]*circle4area'"
	assertTrue "tally<>::add" "fn_edges '$t' | grep -q ' [^ ]*tally[^ ]*3add'"
	assertEquals "parse_length called for every length" 9 \
		"$(fn_edges "$t" | grep -c ' [^ ]*parse_length[^ ]* <-')"
}

# The graph tracer hijacks the return of every traced frame an exception
# then unwinds: the program runs on as untraced, and so does the trace.
test_cxx_exceptions_through_hijacked_frames() {
	if [ -z "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" ]; then
		startSkipping
		assertTrue "no graph tracer at stage $STAGE" true
		return
	fi
	build_shapes || fail "build"
	run_shapes function_graph
	local t=$TMPD/shapes.function_graph
	assertTrue "read_shape entered" "grep -q 'read_shape[^ ]*() {' '$t'"
	assertEquals "parse_length entered for every length" 9 \
		"$(grep -c 'parse_length[^ ]*()' "$t")"
	# after the exceptions: every shape described, at main's depth again
	assertEquals "describe() after the unwinding" 4 \
		"$(grep -c 'describe[^ ]*() {' "$t")"
	assertEquals "describe() at read_shape's depth" \
		"$(graph_depth "$t" read_shape)" "$(graph_depth "$t" describe)"
}

# graph_depth TRACE NAME: the indents of NAME's entries, one per depth
graph_depth() {
	sed -n "s/^.*| \( *\)[^ ]*$2[^ (]*() {\$/\1/p" "$1" |
		awk '{ print length }' | sort -u
}

# C++ objects linked by ftrace-cc go through g++ (libstdc++); a project
# with CXX=ftrace-c++ in its own Makefile builds and is traced.
test_cxx_objects_and_a_cxx_makefile() {
	local p=$TMPD/cxxproj
	build_shapes || fail "build"
	mkdir -p "$p"
	fcc -O1 -c -o "$p/s.o" "$KIT/tests/extern/shapes.cc" &&
		fcc -o "$p/by-cc" "$p/s.o" >"$p/log" 2>&1
	built $? "ftrace-cc links a C++ object" "$p/log"
	run_target "$p/by-cc" $SHAPES >"$p/by-cc.out"
	assertEquals "status" 4 $?
	run_target "$TMPD/shapes.plain" $SHAPES >"$p/ref"
	assertEquals "output" "$(cat "$p/ref")" "$(cat "$p/by-cc.out")"
	cp "$KIT/tests/extern/shapes.cc" "$p/shapes.cc"
	printf '%s\n' 'shapes: shapes.o' '	$(CXX) -o $@ $^' \
		'%.o: %.cc' '	$(CXX) -O2 -c $< -o $@' >"$p/Makefile"
	make -s -C "$p" CXX="$KIT/scripts/ftrace-c++ --arch $ARCH \
		--stage $STAGE" >"$p/log" 2>&1
	built $? "make CXX=ftrace-c++" "$p/log"
	assertEquals "quiet" "" "$(cat "$p/log")"
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$p/t \
		run_target "$p/shapes" $SHAPES >"$p/out"
	assertEquals "make: status" 4 $?
	assertEquals "make: output" "$(cat "$p/ref")" "$(cat "$p/out")"
	assertTrue "make: traced" "fn_edges '$p/t' | grep -q 'read_shape'"
}

# Two C++ sources that compile the same inline code (an inline function,
# in-class members, a template, the C++ library's templates): each object
# has its own copy in a COMDAT group, the link keeps one, and the table
# entries of the dropped copies go with them (recordmcount puts them in
# the group).  Compiled apart and linked, at -O0 and -O2; traced as it
# runs untraced, the one kept weight() called from both sources.
test_cxx_sources_sharing_inline_code() {
	local d=$TMPD/units opt t src=$KIT/tests/extern/cxx-units
	local args="apple pear egg kiwi orange fig" r0 r
	mkdir -p "$d"
	for opt in -O0 -O2; do
		fcxx $opt -c -o "$d/a$opt.o" "$src/unit_a.cc" &&
			fcxx $opt -c -o "$d/b$opt.o" "$src/unit_b.cc" &&
			fcxx -o "$d/u$opt" "$d/a$opt.o" "$d/b$opt.o" \
				>"$d/log" 2>&1
		built $? "$opt: two objects" "$d/log"
		$(mkvar CXX) $opt \
			$(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
			-o "$d/plain$opt" "$src/unit_a.cc" "$src/unit_b.cc"
		run_target "$d/plain$opt" $args >"$d/ref"
		r0=$?
		t=$d/t$opt
		"$KIT/scripts/ftrace-run" --arch "$ARCH" --tracer function \
			--trace "$t" -- "$d/u$opt" $args >"$t.out" 2>"$t.err"
		r=$?
		assertEquals "$opt: status" "$r0" "$r"
		assertEquals "$opt: output" "$(cat "$d/ref")" "$(cat "$t.out")"
		assertEquals "$opt: quiet" "" "$(cat "$t.err")"
		# 6 words added, 3 weighed again by from_a
		assertEquals "$opt: weight() calls" 9 \
			"$(fn_edges "$t" | grep -c ' _Z6weight[^ ]* <-')"
		assertTrue "$opt: from unit_a.cc" \
			"fn_edges '$t' | grep -q ' _Z6weight[^ ]* <-_Z6from_a'"
		assertTrue "$opt: tally::add, from both" "[ \
			$(fn_edges "$t" | grep -c ' _ZN5tally3add[^ ]* <-_Z6from_[ab]') = 6 ]"
	done
}

# Each refused option: status 2, one line on stderr that names it,
# nothing written; with -c too.  "OPTIONS|the one named".
REFUSED='-flto|-flto
-flto=auto|-flto=auto
--lto|--lto
-fno-lto -flto|-flto
-mfentry|-mfentry
--machine fentry|--machine fentry
-mnop-mcount|-mnop-mcount
-mrecord-mcount|-mrecord-mcount
-Wl,-pie|-Wl,-pie
-Xlinker -pie|-Xlinker -pie
-Wl,-z,now,--pic-executable|-Wl,-z,now,--pic-executable
-Wl,-shared|-Wl,-shared
-Xlinker --shared|-Xlinker --shared
-Wl,--gc-sections -Wl,-z,start-stop-gc|-Wl,-z,start-stop-gc
-Wl,--gc-sections -z start-stop-gc|-z start-stop-gc'

# What the arch turns off for traced code (a -fno-/-mno- flag of
# ARCH_CFLAGS that is not one of its non-PIC flags: the frame pointer's
# -fno-omit-frame-pointer, riscv64's -mno-relax), turned back on; and
# the same turned on and off again, which is accepted.
arch_off_flags() {
	local f p nopic=" $(mkvar ARCH_NOPIC_CFLAGS) "
	for f in $(mkvar ARCH_CFLAGS); do
		p=${f/#-fno-/-f}
		p=${p/#-mno-/-m}
		[ "$p" != "$f" ] && [[ $nopic != *" $f "* ]] && echo "$f $p"
	done
}

test_refused_options() {
	local f p out opts list=$REFUSED accept=()
	# stage 5 builds with -mfentry itself (x86_64's ENTRY_CFLAGS)
	if [ "$STAGE" = 5 ]; then
		list=$(grep -v 'fentry' <<<"$list")
		[[ " $(mkvar ENTRY_CFLAGS) " == *" -mfentry "* ]] &&
			accept+=(-mfentry "--machine fentry")
	fi
	while read -r f p; do
		list="$list
$p|$p
$f $p|$p"
		accept+=("$p $f")
	done < <(arch_off_flags)
	while IFS='|' read -r opts f; do
		rm -f "$TMPD/refused"
		out=$(fcc -O2 $opts -o "$TMPD/refused" \
			"$KIT/tests/extern/wordfreq.c" 2>&1)
		assertEquals "$opts: status" 2 $?
		assertEquals "$opts: one line: $out" 1 "$(echo "$out" | wc -l)"
		assertTrue "$opts: names $f: $out" \
			"[[ \"\$out\" == 'ftrace-cc: $f: '?* ]]"
		assertFalse "$opts: no output" "[ -e '$TMPD/refused' ]"
		out=$(fcc -O2 $opts -c -o "$TMPD/refused" \
			"$KIT/tests/extern/wordfreq.c" 2>&1)
		assertEquals "$opts -c: status" 2 $?
		assertFalse "$opts -c: no output" "[ -e '$TMPD/refused' ]"
	done <<<"$list"
	out=$(fcxx -O1 -flto -o "$TMPD/refused" \
		"$KIT/tests/extern/shapes.cc" 2>&1)
	assertEquals "ftrace-c++: status" 2 $?
	assertEquals "ftrace-c++ names itself" "ftrace-c++: -flto: " "${out:0:19}"
	assertFalse "ftrace-c++: no output" "[ -e '$TMPD/refused' ]"
	# undone by a later option, or harmless: accepted
	for opts in -fno-lto "-flto -fno-lto" "-fPIE -fno-pie" \
		    -Wl,--no-gc-sections "-Wl,-z,start-stop-gc" "${accept[@]}"; do
		rm -f "$TMPD/accepted"
		fcc -O2 $opts -o "$TMPD/accepted" \
			"$KIT/tests/extern/wordfreq.c" >"$TMPD/acc.log" 2>&1
		built $? "$opts accepted" "$TMPD/acc.log"
		assertEquals "$opts: runs" "1 z" "$(run_target "$TMPD/accepted" z)"
	done
}

# gcc's own -pg (or -p) on the command line: the same sites, and the
# link still without gcrt1 (no gmon.out, the kit's mcount).
test_user_pg_and_p_are_harmless() {
	local f d=$TMPD/pg
	mkdir -p "$d"
	for f in -pg -p; do
		(cd "$d" && fcc -O2 "$f" -o "prog$f" \
			"$KIT/tests/extern/wordfreq.c") >"$d/log" 2>&1
		built $? "$f: build" "$d/log"
		(cd "$d" && FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$d/t$f \
			run_target "./prog$f" k >"$d/out$f")
		assertEquals "$f: status" 0 $?
		assertEquals "$f: output" "1 k" "$(cat "$d/out$f")"
		assertTrue "$f: traced" "fn_edges '$d/t$f' | grep -q ' main <-'"
		assertFalse "$f: no gmon.out" "[ -e '$d/gmon.out' ]"
	done
}

# ld --gc-sections keeps every object's __mcount_loc table (the runtime
# uses __start___mcount_loc, and ld keeps a section so referred to) and
# the program is traced as without it.
test_gc_sections_keeps_the_mcount_table() {
	local d=$TMPD/gc size0 size1
	mkdir -p "$d"
	fcc -O0 -ffunction-sections -o "$d/plain" \
		"$KIT/tests/extern/wordfreq.c" &&
	fcc -O0 -ffunction-sections -Wl,--gc-sections -o "$d/gc" \
		"$KIT/tests/extern/wordfreq.c" >"$d/log" 2>&1
	built $? "link" "$d/log"
	table() { "$OBJDUMP" -h "$1" | awk '$2 == "__mcount_loc" { print $3 }'; }
	if [ -n "$(mkvar CONFIG_FTRACE_MCOUNT_RECORD)" ]; then
		size0=$(table "$d/plain") size1=$(table "$d/gc")
		assertNotEquals "a table without --gc-sections" "" "$size0"
		assertEquals "the same table with it" "$size0" "$size1"
	fi
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$d/t0 \
		run_target "$d/plain" a b a >/dev/null
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$d/t1 \
		run_target "$d/gc" a b a >"$d/out"
	assertEquals "status" 0 $?
	assertEquals "2 a
1 b" "$(cat "$d/out")"
	assertTrue "traced" "fn_edges '$d/t1' | grep -q ' hash <-add_word$'"
	assertEquals "the same calls" \
		"$(fn_edges "$d/t0" | cut -d' ' -f2- | sed 's/<-.*libc.*/<-libc/')" \
		"$(fn_edges "$d/t1" | cut -d' ' -f2- | sed 's/<-.*libc.*/<-libc/')"
}

# gcc -r: the objects of several sources in one, recorded, no runtime
# in it; linked later into a traced program.
test_relocatable_link() {
	local d=$TMPD/rel
	make_operand_tree
	mkdir -p "$d"
	cp "$TMPD/ops/helper.txt" "$d/helper.c"
	cat >"$d/main.c" <<-'EOC'
	#include <stdio.h>
	int helper(int x);
	int main(void)
	{
		printf("%d\n", helper(21));
		return 0;
	}
	EOC
	fcc -O1 -r -o "$d/part.o" "$d/main.c" "$d/helper.c" >"$d/log" 2>&1
	built $? "-r" "$d/log"
	assertEquals "no runtime in it" "" \
		"$($(mkvar NM) "$d/part.o" | grep " $(mkvar MCOUNT_SYMBOL)$" | grep -v ' U ')"
	if [ -n "$(mkvar CONFIG_FTRACE_MCOUNT_RECORD)" ]; then
		assertTrue "recorded" "'$OBJDUMP' -h '$d/part.o' | grep -q ' __mcount_loc '"
	fi
	fcc -o "$d/prog" "$d/part.o" >"$d/log" 2>&1
	built $? "link" "$d/log"
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$d/t \
		run_target "$d/prog" >"$d/out"
	assertEquals "42" "$(cat "$d/out")"
	assertTrue "traced" "fn_edges '$d/t' | grep -q ' helper <-main$'"
}

# A shared library built with ftrace-cc -shared -fPIC, and a program
# built with ftrace-cc that links it (-L dir -l name, its rpath): they
# behave as their untraced builds, the library gets the kit's module
# object and no runtime, and its functions are traced.
test_shared_library_and_its_program() {
	local d=$TMPD/so mc want
	if [ -z "$(mkvar HAVE_FTRACE_MODULES)" ]; then
		refused_pic -shared "$TMPD/libsq.so"
		return
	fi
	mkdir -p "$d/lib" "$d/plain"
	cat >"$d/lib.c" <<-'EOC'
	static int lib_square(int x)
	{
		return x * x;
	}

	int lib_sum_squares(int n)
	{
		int i, s = 0;

		for (i = 1; i <= n; i++)
			s += lib_square(i);
		return s;
	}
	EOC
	cat >"$d/main.c" <<-'EOC'
	#include <stdio.h>
	int lib_sum_squares(int n);
	int main(int argc, char **argv)
	{
		printf("%d\n", lib_sum_squares(argc + 2));
		return argc;
	}
	EOC
	fcc -O1 -shared -fPIC -o "$d/lib/libsq.so" "$d/lib.c" >"$d/log" 2>&1
	built $? "library" "$d/log"
	fcc -O1 -o "$d/prog" "$d/main.c" -L "$d/lib" -l sq \
		-Wl,-rpath,"$d/lib" >"$d/log" 2>&1
	built $? "program" "$d/log"
	$CC -O1 -shared -fPIC -o "$d/plain/libsq.so" "$d/lib.c" &&
		$CC -O1 $(mkvar ARCH_CFLAGS) $(mkvar ARCH_LDFLAGS) \
			-o "$d/plain/prog" "$d/main.c" -L "$d/plain" -l sq \
			-Wl,-rpath,"$d/plain" || fail "untraced build"
	run_target "$d/plain/prog" x y >"$d/ref"
	local r0=$?
	FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$d/t \
		run_target "$d/prog" x y >"$d/out" 2>"$d/err"
	assertEquals "status" "$r0" $?
	assertEquals "output" "55" "$(cat "$d/ref")"
	assertEquals "output as untraced" "$(cat "$d/ref")" "$(cat "$d/out")"
	assertEquals "quiet" "" "$(cat "$d/err")"
	mc=$(mkvar MCOUNT_SYMBOL) want=U
	# (chapter 8's patchable entries call nothing: no import either)
	[ -n "$(mkvar CONFIG_DYNAMIC_FTRACE_WITH_ARGS)" ] &&
		case " $(mkvar ENTRY_RECORD_FLAGS) " in
		*" --entries "*) want= ;;
		esac
	assertEquals "the library defines no $mc${want:+, calls it}" "$want" \
		"$($(mkvar NM) -D "$d/lib/libsq.so" |
		awk -v s="$mc" '{ sub(/@.*/, "", $NF) } $NF == s { print $1 }')"
	assertTrue "the program's own functions traced" \
		"fn_edges '$d/t' | grep -q ' main <-'"
	assertTrue "the library's functions traced" \
		"fn_edges '$d/t' | grep -q ' lib_sum_squares <-main$'"
}

. shunit2
