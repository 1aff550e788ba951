#!/bin/bash
# Porting is adding one directory, and the tests take what they know about
# an arch from it: a copy of the kit gets arch/fake/, a clone of the native
# arch whose tests/facts.sh lacks one item, and the suites must fail,
# naming the item, never pass or skip in silence.  Needs no arch of its
# own: run-tests.sh runs it once.
: "${KIT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
SHUNIT_COLOR=none
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT
COPY=$TMPD/kit
mk() { make -s -C "$KIT" --no-print-directory ARCH="$MODEL" "print-$1"; }

oneTimeSetUp() {
	local a
	mkdir -p "$COPY"
	tar -C "$KIT" --exclude=./build --exclude=./.git -cf - . |
		tar -C "$COPY" -xf - || fail "cannot copy the kit"
	# the copy's run-tests.sh runs only the fake arch's suites (and
	# never this one again)
	rm -rf "$COPY/tests/porting" "$COPY/tests/docs" "$COPY/tests/layout"
	# the model: an arch that runs without qemu
	for a in $(ls "$KIT/arch"); do
		if [ -z "$(make -s -C "$KIT" --no-print-directory ARCH="$a" \
			print-QEMU)" ]; then
			MODEL=$a
			break
		fi
	done
	assertNotNull "a native arch to clone" "$MODEL"
}

# fake_arch [ITEM...]: arch/fake = the model, facts.sh without ITEMs;
# "-" as the only ITEM: no facts.sh at all.  Nothing is built for it:
# the tests run its recordmcount suites (stage 0) only.
fake_arch() {
	local f=$COPY/arch/fake item
	rm -rf "$f"
	cp -r "$COPY/arch/$MODEL" "$f"
	if [ "$1" = - ]; then
		rm "$f/tests/facts.sh"
		return
	fi
	for item; do
		grep -q "^$item=" "$f/tests/facts.sh" ||
			fail "$MODEL facts.sh has no $item to take out"
		sed -i "/^$item=/d" "$f/tests/facts.sh"
	done
}

# suite FILE: run one suite of the copy on the fake arch, output in $OUT
suite_on_fake() {
	ARCH=fake STAGE=0 KIT=$COPY bash "$COPY/tests/$1" >"$TMPD/out" 2>&1
}

test_run_tests_fails_without_facts() {
	fake_arch -
	"$COPY/tests/run-tests.sh" --arch fake --stage 0 >"$TMPD/out" 2>&1
	assertNotEquals "run-tests.sh status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"arch/fake/tests/facts.sh: missing"
	# one failure per recordmcount suite, in the total
	local failed
	failed=$(tail -1 "$TMPD/out" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	assertEquals "the total: $(tail -1 "$TMPD/out")" \
		"$(ls "$COPY"/tests/recordmcount/test_*.sh | wc -l)" "$failed"
}

# items the recordmcount suites need before any test runs
test_suites_stop_on_each_missing_item() {
	local item
	for item in TEST_WORD_SIZE TEST_ENDIAN TEST_FLAVOURS TEST_RELOC_kit \
		TEST_SITE_RELOCS; do
		fake_arch "$item"
		suite_on_fake recordmcount/test_badinput.sh
		assertNotEquals "$item: suite status" 0 $?
		assertContains "$item: message" "$(cat "$TMPD/out")" \
			"arch/fake/tests/facts.sh: no $item"
	done
}

test_flavour_needs_its_flags_and_relocation() {
	local item flavour
	flavour=$(. "$COPY/arch/$MODEL/tests/facts.sh" && echo "${TEST_FLAVOURS%% *}")
	for item in "TEST_CFLAGS_$flavour" "TEST_RELOC_$flavour"; do
		fake_arch "$item"
		suite_on_fake recordmcount/test_badinput.sh
		assertNotEquals "$item: suite status" 0 $?
		assertContains "$item: message" "$(cat "$TMPD/out")" \
			"arch/fake/tests/facts.sh: no $item"
	done
}

# items single tests need: those tests fail, the others still run
test_tests_fail_on_missing_item() {
	fake_arch TEST_GCC_RECORD_MCOUNT TEST_ELF_MACHINE
	suite_on_fake recordmcount/test_sites.sh
	assertNotEquals "test_sites.sh status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"ASSERT:arch/fake/tests/facts.sh: no TEST_GCC_RECORD_MCOUNT"
	assertContains "$(cat "$TMPD/out")" \
		"ASSERT:arch/fake/tests/facts.sh: no TEST_ELF_MACHINE"
	fake_arch TEST_LINKED_SITE
	suite_on_fake recordmcount/test_link.sh
	assertNotEquals "test_link.sh status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"ASSERT:arch/fake/tests/facts.sh: no TEST_LINKED_SITE"
}

# a wrong fact is caught too: the model with the other byte order
test_wrong_byte_order_is_caught() {
	fake_arch
	sed -i 's/^TEST_ENDIAN=little/TEST_ENDIAN=XX/; s/^TEST_ENDIAN=big/TEST_ENDIAN=little/; s/^TEST_ENDIAN=XX/TEST_ENDIAN=big/' \
		"$COPY/arch/fake/tests/facts.sh"
	suite_on_fake recordmcount/test_sites.sh
	assertNotEquals "test_sites.sh status" 0 $?
	assertContains "$(cat "$TMPD/out")" "ASSERT:TEST_ENDIAN"
}

# What a port has not claimed yet, ftrace-cc refuses up front in one line
# and writes nothing: a PIE without HAVE_FTRACE_PIE, shared libraries and
# position-independent code without HAVE_FTRACE_MODULES (every arch of
# the kit claims both, so only a port shows it).
test_unclaimed_pic_refused() {
	local f=$COPY/arch/fake out opt word
	rm -rf "$f"
	cp -r "$COPY/arch/$MODEL" "$f"
	sed -i '/^HAVE_FTRACE_PIE[ \t]*:=/d' "$f/arch.mk"
	echo 'int main(void) { return 0; }' >"$TMPD/m.c"
	out=$("$COPY/scripts/ftrace-cc" --arch fake --stage 1 -pie \
		-o "$TMPD/m" "$TMPD/m.c" 2>&1)
	assertEquals "-pie: status" 2 $?
	assertEquals "-pie: one line" "ftrace-cc: -pie: fake cannot trace a position-independent executable (no HAVE_FTRACE_PIE in arch/fake/arch.mk, which says why); link it without -pie" "$out"
	assertFalse "-pie: no program" "[ -e '$TMPD/m' ]"
	sed -i '/^HAVE_FTRACE_MODULES[ \t]*:=/d' "$f/arch.mk"
	for opt in "-shared -fPIC" "-fPIC -c"; do
		word=${opt%% *}
		out=$("$COPY/scripts/ftrace-cc" --arch fake --stage 1 $opt \
			-o "$TMPD/m.o" "$TMPD/m.c" 2>&1)
		assertEquals "$opt: status" 2 $?
		assertEquals "$opt: one line" "ftrace-cc: $word: fake cannot trace position-independent code or shared libraries yet (no HAVE_FTRACE_MODULES in arch/fake/arch.mk)" "$out"
		assertFalse "$opt: no output" "[ -e '$TMPD/m.o' ]"
	done
}

# unclaim HAVE...: the fake arch's arch.mk without those claims
unclaim() {
	local h
	for h; do
		sed -i "s/^$h[ \t]*:=.*/$h :=/" "$COPY/arch/fake/arch.mk"
	done
}

# An item of a step the arch has not claimed yet skips the test that
# needs it (the suite, if the suite needs it first), naming the step; and
# run-tests.sh counts and shows the skip.  One suite needs no build to run
# on its own (--suite, --stage 0).
test_item_of_a_later_step_skips() {
	local why="which waits for step 5 of docs/exercises.md, recordmcount's entry (chapter 3): no HAVE_FTRACE_MCOUNT_RECORD in arch/fake/arch.mk"
	fake_arch TEST_LINKED_SITE
	unclaim HAVE_FTRACE_MCOUNT_RECORD
	suite_on_fake recordmcount/test_link.sh
	assertEquals "test_link.sh status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"skipped: arch/fake/tests/facts.sh: no TEST_LINKED_SITE, $why"
	assertContains "$(cat "$TMPD/out")" "OK (skipped="
	fake_arch TEST_ENDIAN
	unclaim HAVE_FUNCTION_TRACER
	"$COPY/tests/run-tests.sh" --arch fake --stage 0 --suite test_badinput \
		>"$TMPD/out" 2>&1
	assertEquals "run-tests.sh status: $(tail -3 "$TMPD/out")" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"skipped: recordmcount/test_badinput: arch/fake/tests/facts.sh: no TEST_ENDIAN, which waits for step 2 of docs/exercises.md"
	assertEquals "one suite, skipped" "0 passed, 0 failed, 1 skipped" \
		"$(tail -1 "$TMPD/out")"
	assertEquals "no other suite ran" 1 \
		"$(grep -c '^ok .*/test_' "$TMPD/out")"
}

# a suite of a later step than its stage's waits for it whole
test_suite_of_a_later_step_skips() {
	fake_arch
	unclaim HAVE_SYSCALL_TRACEPOINTS
	ARCH=fake STAGE=3 KIT=$COPY bash \
		"$COPY/tests/stage3/test_syscall_names.sh" >"$TMPD/out" 2>&1
	assertEquals "status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"skipped: stage3/test_syscall_names: waits for step 8 of docs/exercises.md, system-call events (chapter 7): no HAVE_SYSCALL_TRACEPOINTS in arch/fake/arch.mk"
	assertContains "$(cat "$TMPD/out")" "suite skipped"
}

# TEST_EMULATOR_LIMITS: the test named is skipped with its reason, the
# others run, and run-tests.sh counts one skip; an entry that names no
# test of the suite stops it
test_emulator_limit_skips_the_test() {
	local t
	fake_arch
	t=$(grep -o '^test_[a-z_]*' "$COPY/tests/recordmcount/test_badinput.sh" |
		head -1)
	echo "TEST_EMULATOR_LIMITS='
	recordmcount/test_badinput:$t=qemu-fake 0.1: a plain test program fails the same'" \
		>>"$COPY/arch/fake/tests/facts.sh"
	"$COPY/tests/run-tests.sh" --arch fake --stage 0 --suite test_badinput \
		>"$TMPD/out" 2>&1
	assertEquals "status: $(tail -3 "$TMPD/out")" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"skipped: $t: the emulator (none) cannot run it: qemu-fake 0.1: a plain test program fails the same"
	assertContains "$(tail -1 "$TMPD/out")" " 0 failed, 1 skipped"
	assertContains "the others ran" "$(grep '^ok ' "$TMPD/out")" \
		"fake/stage0/recordmcount/test_badinput ("
	sed -i "s/:$t=/:test_no_such=/" "$COPY/arch/fake/tests/facts.sh"
	suite_on_fake recordmcount/test_badinput.sh
	assertNotEquals "a wrong entry: status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"TEST_EMULATOR_LIMITS names recordmcount/test_badinput:test_no_such"
}

# An arch whose C library has a struct pt_regs of its own (powerpc's
# glibc, in <signal.h>) renames the kit's in one line of asm/syscall.h:
# here a C library made to have one, and the generic users of the name
# build with the line, and fail without it.
test_libc_pt_regs_renamed_in_one_line() {
	local f=$COPY/arch/fake o
	fake_arch
	mkdir -p "$f/libc"
	printf '%s\n' '#include_next <signal.h>' '#ifndef LIBC_PT_REGS' \
		'#define LIBC_PT_REGS' 'struct pt_regs { unsigned long gpr[32]; };' \
		'#endif' >"$f/libc/signal.h"
	sed -i "s|^ARCH_CFLAGS[ \t]*:=|& -I$f/libc|" "$f/arch.mk"
	o="build/fake/stage3/stage3-dynamic"
	LC_ALL=C make -s -C "$COPY" --no-print-directory ARCH=fake STAGE=3 \
		"$o/syscall_trap.o" >"$TMPD/out" 2>&1
	assertNotEquals "the C library's struct clashes" 0 $?
	assertContains "$(cat "$TMPD/out")" "redefinition of 'struct pt_regs'"
	sed -i '0,/^struct pt_regs {/s//#define pt_regs ftrace_pt_regs\n&/' \
		"$f/include/asm/syscall.h"
	make -s -C "$COPY" --no-print-directory ARCH=fake STAGE=3 \
		"$o/syscall_trap.o" "$o/trace_syscalls.o" >"$TMPD/out" 2>&1
	assertEquals "renamed: $(head -5 "$TMPD/out")" 0 $?
	assertTrue "the kit's struct, renamed" \
		"nm '$COPY/$o/syscall_trap.o' >/dev/null &&
		 $(mk CC) -E -I'$f/libc' -I'$COPY/include' -I'$f/include' -x c - \
			<<<'#include <asm/syscall.h>
struct pt_regs *r;' | grep -q 'struct ftrace_pt_regs \*r;'"
}

# The event path's checker reads objdump -t whatever it prints between
# the size and the name (ppc64: the local entry point, "0x60"): calls
# between event-path functions pass, a call out of them is named.
test_event_path_reads_any_symbol_table() {
	local w=$TMPD/wrap
	fake_arch
	mkdir -p "$w"
	printf '%s\n' '#!/bin/bash' \
		'if [ "$1" = -t ]; then objdump "$@" |' \
		"	sed -E 's/^([0-9a-f]+ .{7} [^ ]+\t[0-9a-f]+) /\1 0x60 /'" \
		'else exec objdump "$@"; fi' >"$w/objdump"
	chmod +x "$w/objdump"
	printf '%s\n' '#define EP __attribute__((section(".text.event_path"), noipa))' \
		'int outside(int);' 'EP int inner(int x) { return x + 1; }' \
		'EP int outer(int x) { return inner(x) * 3; }' \
		'EP int leaving(int x) { return outside(x) * 5; }' >"$TMPD/ep.c"
	"$(mk CC)" -O2 -fno-pie -c "$TMPD/ep.c" -o "$TMPD/ep.o" || fail "compile"
	assertContains "the wrapper adds the field" \
		"$("$w/objdump" -t "$TMPD/ep.o" | grep ' outer$')" " 0x60 outer"
	CROSS_COMPILE=$w/ "$COPY/scripts/check-event-path" --arch fake \
		"$TMPD/ep.o" >"$TMPD/out" 2>&1
	assertEquals "status" 1 $?
	assertEquals "only the call out" \
		"$TMPD/ep.o: leaving: calls outside, which is not on the event path" \
		"$(cat "$TMPD/out")"
}

# the independent site lister (used by the stage 1 runtime test) refuses
# to guess, too
test_site_lister_needs_site_relocs() {
	fake_arch TEST_SITE_RELOCS
	echo 'int f(void) { return 1; }' >"$TMPD/f.c"
	"$(mk CC)" -pg -c "$TMPD/f.c" -o "$TMPD/f.o"
	"$COPY/tests/recordmcount/objdump-sites.sh" fake "$(mk OBJDUMP)" \
		"$(mk MCOUNT_SYMBOL)" "$TMPD/f.o" >"$TMPD/out" 2>&1
	assertEquals "status" 2 $?
	assertContains "$(cat "$TMPD/out")" \
		"arch/fake/tests/facts.sh: no TEST_SITE_RELOCS"
}

. shunit2
