#!/bin/bash
# The layout rules of scripts/check-layout: the kit keeps them, and the
# script finds each kind of breach in a small tree made to break them.
# Needs no arch: run-tests.sh runs it once.
: "${KIT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
SHUNIT_COLOR=none
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

test_kit_keeps_the_rules() {
	local out
	out=$("$KIT/scripts/check-layout" 2>&1)
	assertEquals "scripts/check-layout" 0 $?
	assertEquals "no violation" "" "$out"
}

# A kit of three generic files and one arch file, each rule broken once.
make_bad_kit() {
	local k=$TMPD/bad
	mkdir -p "$k/scripts" "$k/stage1-static" "$k/stage3-dynamic" \
		"$k/arch/demo" "$k/include" "$k/lib" "$k/extras" \
		"$k/stage2-graph" "$k/stage4-dyn-graph" "$k/stage5-entry" \
		"$k/build/demo/stage4"
	cp "$KIT/scripts/check-layout" "$k/scripts/"
	cat >"$k/stage1-static/core.c" <<'C'
#include "../stage3-dynamic/dyn.h"
int dyn_update(void);
int core_calls(void) { return dyn_update(); }
int core_value;
C
	cat >"$k/stage3-dynamic/dyn.h" <<'C'
int dyn_update(void);
C
	cat >"$k/stage3-dynamic/dyn.c" <<'C'
extern int core_value;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
int graph;
#endif
/* a comment may say x86_64 and 0xe8 */
int dyn_update(void) { return core_value + 0x0c10; }
int __x86_64_only;
C
	cat >"$k/arch/demo/site.c" <<'C'
int arch_site(void) { return 0xe8e8e8; }
C
	for f in stage1-static/core stage3-dynamic/dyn arch/demo/site; do
		mkdir -p "$k/build/demo/stage4/$(dirname "$f")"
		gcc -c -o "$k/build/demo/stage4/$f.o" "$k/$f.c" || return 1
	done
	touch "$k/build/demo/stage4/runtime.o"
}

test_each_rule_is_checked() {
	local out
	make_bad_kit || fail "building the bad kit"
	out=$(NM=nm "$TMPD/bad/scripts/check-layout" 2>&1)
	assertEquals "status" 1 $?
	assertTrue "include" "grep -q '^include: stage1-static/core.c includes \"../stage3-dynamic/dyn.h\"' <<<\"\$out\""
	assertTrue "declare a prototype" "grep -q '^declare: stage1-static/core.c declares dyn_update, which stage3-dynamic/dyn.o defines' <<<\"\$out\""
	assertTrue "declare an extern" "grep -q '^declare: stage3-dynamic/dyn.c declares core_value' <<<\"\$out\""
	assertTrue "config" "grep -q '^config: stage3-dynamic/dyn.c:2:' <<<\"\$out\""
	assertTrue "arch: an instruction" "grep -q '^arch: stage3-dynamic/dyn.c:6:' <<<\"\$out\""
	assertTrue "arch: a name" "grep -q '^arch: stage3-dynamic/dyn.c:7:' <<<\"\$out\""
	assertFalse "comments are free" "grep -q '^arch: stage3-dynamic/dyn.c:5:' <<<\"\$out\""
	assertFalse "arch/ is free" "grep -q '^arch: arch/' <<<\"\$out\""
	assertTrue "circle" "grep -q '^circle: .*stage1-static/core' <<<\"\$out\" && grep -q '^circle: .*stage3-dynamic/dyn' <<<\"\$out\""
	assertEquals "one line per breach" 7 "$(wc -l <<<"$out")"
}

. shunit2
