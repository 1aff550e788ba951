#!/bin/bash
# The docs name only files and symbols that exist (scripts/check-docs):
# one test per doc (README.md, docs/*.md, and each source directory's
# README.md), each failure naming the doc, the line and the name.
# Needs no arch: run-tests.sh runs it once.
: "${KIT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
SHUNIT_COLOR=none

# check_doc FILE: every problem check-docs finds is one failure
check_doc() {
	local out
	out=$("$KIT/scripts/check-docs" "$1")
	local rc=$?
	[ $rc -le 1 ] || { fail "check-docs $1: status $rc"; return; }
	if [ -z "$out" ]; then
		assertEquals "$1: check-docs status" 0 $rc
		return
	fi
	while IFS= read -r problem; do
		fail "$problem"
	done <<<"$out"
	return 0
}

# the checker itself catches a stale name, a missing file and a bad link
test_checker_finds_stale_names() {
	local d=$KIT/docs/.check-docs-probe.md out
	# a name no source has (this file only has its pieces)
	local sym=probe_$$_$RANDOM
	printf '%s\n' 'Intro.' \
		"See \`$sym()\` and \`stage1-static/nosuch.c\`." \
		'[missing](nosuch.md), and `ftrace_stub` in `include/tracefs.h`.' \
		>"$d"
	out=$("$KIT/scripts/check-docs" "$d")
	assertEquals "status" 1 $?
	rm -f "$d"
	assertContains "$out" "check-docs-probe.md:2: \`$sym\`"
	assertContains "$out" "check-docs-probe.md:2: \`stage1-static/nosuch.c\`"
	assertContains "$out" "check-docs-probe.md:3: \`nosuch.md\`"
	assertContains "$out" "check-docs-probe.md:3: \`ftrace_stub\`: not in"
	assertEquals "problems" 4 "$(echo "$out" | wc -l)"
}

# one test per doc, named after it: the top README, every chapter and arch
# doc, and the README of every source directory (what it adds, file by
# file), the set check-docs checks by default
suite() {
	local f d t
	suite_addTest test_checker_finds_stale_names
	for f in "$KIT"/README.md "$KIT"/docs/*.md "$KIT"/stage*/README.md \
		 "$KIT"/extras/README.md "$KIT"/lib/README.md; do
		d=${f#"$KIT"/}
		# docs/01-function-tracer.md: 01_function_tracer;
		# stage1-static/README.md: stage1_static_README
		t=${d#docs/}
		t=test_doc_$(printf '%s' "${t%.md}" | tr -c 'A-Za-z0-9_' _)
		eval "$t() { check_doc '$d'; }"
		suite_addTest "$t"
	done
}

cd "$KIT" || exit 1
. shunit2
