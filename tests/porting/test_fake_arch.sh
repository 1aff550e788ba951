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
# "-" as the only ITEM: no facts.sh at all.  No stage is built for it
# (no HAVE_FUNCTION_TRACER): only the recordmcount suites run.
fake_arch() {
	local f=$COPY/arch/fake item
	rm -rf "$f"
	cp -r "$COPY/arch/$MODEL" "$f"
	sed -i 's/^HAVE_FUNCTION_TRACER[ \t]*:=.*/HAVE_FUNCTION_TRACER :=/' \
		"$f/arch.mk"
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
	"$COPY/tests/run-tests.sh" --arch fake >"$TMPD/out" 2>&1
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
