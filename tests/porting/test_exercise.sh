#!/bin/bash
# The port exercise (docs/exercises.md): "make exercise NEWARCH=<name>"
# makes arch/<name>/ from scripts/skeleton/, and "make check
# ARCH=<name>" names the step that is next instead of failing in a dozen
# places: step 1 (the toolchain) for the fresh skeleton, step 2 once
# arch.mk names a compiler and qemu that run a program.  Works on a copy
# of the kit; needs no arch of its own (run-tests.sh runs it once).
: "${KIT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
# (run-tests.sh runs it with ARCH=all: every make below names its own)
unset ARCH STAGE
SHUNIT_COLOR=none
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT
COPY=$TMPD/kit

oneTimeSetUp() {
	mkdir -p "$COPY"
	tar -C "$KIT" --exclude=./build --exclude=./.git -cf - . |
		tar -C "$COPY" -xf - || fail "cannot copy the kit"
	rm -rf "$COPY/tests/porting" "$COPY/tests/docs" "$COPY/tests/layout"
}

setUp() { rm -rf "$COPY/arch/skel"; }

exercise() { make -s -C "$COPY" --no-print-directory exercise NEWARCH="$1"; }

test_skeleton_has_every_file_of_a_port() {
	exercise skel >"$TMPD/out" 2>&1
	assertEquals "status" 0 $?
	assertContains "$(cat "$TMPD/out")" "arch/skel"
	local f
	for f in arch.mk Kbuild mcount.S entry.S fpu.S ftrace.c stacktrace.c \
		include/asm/ftrace.h include/asm/irqflags.h \
		include/asm/local.h include/asm/trace_clock.h \
		include/asm/raw_syscall.h include/asm/cacheflush.h \
		include/asm/text-patching.h include/asm/syscall.h \
		tests/facts.sh tests/fp_flags.h tests/abi_vec.h \
		tests/bad_frame.S tests/dyn_site.sh; do
		assertTrue "arch/skel/$f" "[ -f '$COPY/arch/skel/$f' ]"
	done
	assertEquals "no placeholder left" "" \
		"$(grep -rl '@ARCH@' "$COPY/arch/skel")"
	# every stub names its step, and the chapter's tests find the arch
	assertTrue "EXERCISE markers" \
		"[ $(grep -rh -o 'EXERCISE([0-9]*)' "$COPY/arch/skel" | sort -u | wc -l) -ge 8 ]"
	assertTrue "step 10's" "grep -rq 'EXERCISE(10)' '$COPY/arch/skel/entry.S'"
	make -s -C "$COPY" --no-print-directory ARCH=skel help >"$TMPD/help" 2>&1
	assertEquals "make help" 0 $?
	assertContains "$(cat "$TMPD/help")" "ARCH=skel provides stages: none"
}

test_bad_names_refused() {
	exercise skel >/dev/null 2>&1
	exercise skel >"$TMPD/out" 2>&1
	assertNotEquals "twice: status" 0 $?
	assertContains "$(cat "$TMPD/out")" "arch/skel already exists"
	exercise 'Bad-Name' >"$TMPD/out" 2>&1
	assertNotEquals "bad name: status" 0 $?
	assertContains "$(cat "$TMPD/out")" "lower-case"
	assertFalse "nothing made" "[ -e '$COPY/arch/Bad-Name' ]"
}

# "make check ARCH=skel": one failure, the first step's name, nothing else
test_check_names_the_first_step() {
	exercise skel >/dev/null 2>&1
	make -s -C "$COPY" --no-print-directory check ARCH=skel \
		>"$TMPD/out" 2>&1
	assertNotEquals "status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"arch/skel: step 1 is next, toolchain and qemu in arch.mk"
	assertEquals "one failure" "0 passed, 1 failed" \
		"$(grep "passed, .* failed" "$TMPD/out")"
	assertEquals "no suite ran" "" "$(grep -E '^(ok|FAIL) .*/test_' "$TMPD/out")"
}

# step 1 done with the host's own compiler (no qemu): step 2 is named,
# with the markers still to do, and nothing fails
test_check_names_the_next_step() {
	exercise skel >/dev/null 2>&1
	sed -i '/EXERCISE(1)/d' "$COPY/arch/skel/arch.mk"
	make -s -C "$COPY" --no-print-directory check ARCH=skel \
		>"$TMPD/out" 2>&1
	assertEquals "status: $(tail -3 "$TMPD/out")" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"arch/skel: step 2 is next, stage 1, mcount (chapter 1): no HAVE_FUNCTION_TRACER"
	assertContains "$(cat "$TMPD/out")" "EXERCISE(2) left in"
	# a compiler that does not exist is step 1 again, named
	sed -i 's/^CROSS_COMPILE.*/CROSS_COMPILE ?= no-such-/' \
		"$COPY/arch/skel/arch.mk"
	make -s -C "$COPY" --no-print-directory check ARCH=skel \
		>"$TMPD/out" 2>&1
	assertNotEquals "no compiler: status" 0 $?
	assertContains "$(cat "$TMPD/out")" "step 1 is next"
	assertContains "$(cat "$TMPD/out")" "no-such-gcc not found"
}

# Step 10 (stage 5, chapter 8) comes after every other step: a port with
# all of them but HAVE_DYNAMIC_FTRACE_WITH_ARGS is told so; one that
# declines it with STAGE5_REFUSED is done, and "make STAGE=5" says why
# in one line.  The port: a copy of the native arch.
test_step_10_named_or_declined() {
	local mk=$COPY/arch/skel/arch.mk
	cp -r "$COPY/arch/x86_64" "$COPY/arch/skel"
	sed -i '/^HAVE_DYNAMIC_FTRACE_WITH_ARGS/d' "$mk"
	"$COPY/scripts/port-status" skel >"$TMPD/out" 2>&1
	assertEquals "status" 1 $?
	assertEquals "the step" "arch/skel: step 10 is next, stage 5, the entry before the prologue (chapter 8): no HAVE_DYNAMIC_FTRACE_WITH_ARGS in arch/skel/arch.mk (docs/exercises.md, step 10)" \
		"$(cat "$TMPD/out")"
	echo 'STAGE5_REFUSED := no entry to patch on this arch' >>"$mk"
	"$COPY/scripts/port-status" skel >"$TMPD/out" 2>&1
	assertEquals "declined: status" 0 $?
	assertEquals "declined: nothing next" "" "$(cat "$TMPD/out")"
	make -s -C "$COPY" --no-print-directory ARCH=skel STAGE=5 \
		>"$TMPD/out" 2>&1
	assertNotEquals "make STAGE=5: status" 0 $?
	assertEquals "make STAGE=5: one line" "stage 5 is not available for ARCH=skel: no entry to patch on this arch (arch/skel/arch.mk)" \
		"$(grep -v '^make' "$TMPD/out")"
}

# Step 1's one rule for DEB_PACKAGES: gcc-<triplet> stands for the g++
# package too, which may also be listed; each package counts as installed
# when its command is there.  A cross arch of the kit lends its toolchain.
test_deb_packages_rule() {
	local a vars cross qemu pkgs mk=$COPY/arch/skel/arch.mk
	exercise skel >/dev/null 2>&1
	for a in $(ls "$COPY/arch"); do
		vars=$(make -s -C "$COPY" --no-print-directory ARCH="$a" \
			print-vars VARS="CROSS_COMPILE QEMU DEB_PACKAGES")
		cross=$(sed -n 's/^CROSS_COMPILE=//p' <<<"$vars")
		[ -n "$cross" ] && break
	done
	assertNotNull "a cross arch to borrow from" "$cross"
	qemu=$(sed -n 's/^QEMU=//p' <<<"$vars")
	pkgs=$(sed -n 's/^DEB_PACKAGES=//p' <<<"$vars")
	set_step1() {
		sed -i -e "s|^CROSS_COMPILE.*|CROSS_COMPILE ?= $1|" \
			-e "s|^QEMU[ \t].*|QEMU := $qemu|" \
			-e "s|^DEB_PACKAGES.*|DEB_PACKAGES := $2|" "$mk"
	}
	set_step1 "$cross" "$pkgs g++-${cross%-}"
	"$COPY/scripts/install-deps" --arch skel --check >"$TMPD/out" 2>&1
	assertEquals "g++ listed: $(cat "$TMPD/out")" 0 $?
	set_step1 "$cross" "$pkgs"
	"$COPY/scripts/install-deps" --arch skel --check >"$TMPD/out" 2>&1
	assertEquals "g++ not listed: $(cat "$TMPD/out")" 0 $?
	set_step1 nosuch-linux-gnu- "gcc-nosuch-linux-gnu g++-nosuch-linux-gnu"
	"$COPY/scripts/install-deps" --arch skel --check >"$TMPD/out" 2>&1
	assertNotEquals "missing: status" 0 $?
	assertContains "$(cat "$TMPD/out")" \
		"missing packages: g++-nosuch-linux-gnu gcc-nosuch-linux-gnu"
}

. shunit2
