#!/bin/bash
# Bad input: every hand-broken object (made by break-elf.sh from a valid
# one of this arch) gets a one-line error naming the file and the problem,
# exit status 1, and the file is left untouched; so does an output that
# cannot be written.
. "$KIT/tests/lib.sh"
. "$KIT/tests/recordmcount/rm-lib.sh"

BREAK=$KIT/tests/recordmcount/break-elf.sh

oneTimeSetUp() {
	build_tool || fail "cannot build recordmcount"
	$CC -O2 -g -pg $ARCH_CFLAGS $SRC_DEFS -c "$SRC/sites.c" \
		-o "$TMPD/good.o" ||
		fail "cannot compile"
}

# expect_error FILE MESSAGE [ARGS...]: one line, naming FILE, status 1
expect_error() {
	local f=$1 msg=$2
	shift 2
	"$RM" "$@" >"$TMPD/out" 2>"$TMPD/err"
	local rc=$?
	assertEquals "$f: exit status" 1 $rc
	assertEquals "$f: lines on stderr: $(cat "$TMPD/err")" 1 \
		"$(wc -l <"$TMPD/err")"
	assertContains "$f: names the file" "$(cat "$TMPD/err")" \
		"recordmcount: $f: "
	[ "$msg" = "*" ] ||
		assertContains "$f: says why" "$(cat "$TMPD/err")" "$msg"
}

test_every_broken_object() {
	local kind msg f n=0
	while IFS="$TAB" read -r kind msg; do
		msg=${msg#"${msg%%[!$TAB]*}"}	# the list aligns with tabs
		f=$TMPD/$kind.o
		"$BREAK" "$kind" "$TMPD/good.o" "$f" "$MCOUNT_SYMBOL" || {
			fail "break-elf $kind"; continue; }
		cp "$f" "$TMPD/orig.o"
		expect_error "$f" "$msg" "$f"
		cmp -s "$f" "$TMPD/orig.o"
		assertTrue "$kind: file changed" $?
		expect_error "$f" "$msg" --list "$f"
		assertEquals "$kind: --list printed" "" "$(cat "$TMPD/out")"
		expect_error "$f" "$msg" -o "$TMPD/never.o" "$f"
		assertFalse "$kind: output written" "[ -e '$TMPD/never.o' ]"
		n=$((n + 1))
	done < <("$BREAK" --list)
	assertTrue "kinds tried ($n)" "[ $n -ge 30 ]"
	# no temporary files left behind
	assertEquals "$(ls "$TMPD" | grep -c 'XXXXXX\|\.o\.')" 0
}

# The relocation kinds break one of mcount's relocations, not merely the
# section's first: before an arch's first call site there may be others
# (here an untraced function's call comes first).
test_relocation_kinds_break_mcounts() {
	local kind o=$TMPD/first.o
	printf '%s\n' 'int other(int);' \
		'__attribute__((no_instrument_function)) int first(int x)' \
		'{ return other(x) + 1; }' 'int traced(int x) { return x * 3; }' \
		>"$TMPD/first.c"
	$CC -O2 -pg $ARCH_CFLAGS -c "$TMPD/first.c" -o "$o" ||
		{ fail "cannot compile"; return; }
	assertEquals "the first relocation is not mcount's" other \
		"$(relocs_against "$o" | head -1)"
	for kind in rel-sym rel-offset; do
		"$BREAK" "$kind" "$o" "$TMPD/$kind.o" "$MCOUNT_SYMBOL" ||
			{ fail "break-elf $kind"; continue; }
		assertEquals "$kind: other's relocation kept" \
			"$(relocs_against "$o" | grep -cx other)" \
			"$(relocs_against "$TMPD/$kind.o" | grep -cx other)"
		[ $kind = rel-sym ] &&
			assertEquals "$kind: one relocation of $MCOUNT_SYMBOL less" \
				$(($(relocs_against "$o" | grep -cx "$MCOUNT_SYMBOL") - 1)) \
				"$(relocs_against "$TMPD/$kind.o" | grep -cx "$MCOUNT_SYMBOL")"
		[ $kind = rel-offset ] &&
			assertNotEquals "$kind: an offset of $MCOUNT_SYMBOL changed" \
				"$(relocs_against "$o" -o | grep " $MCOUNT_SYMBOL\$")" \
				"$(relocs_against "$TMPD/$kind.o" -o | grep " $MCOUNT_SYMBOL\$")"
	done
}

# relocs_against OBJ [-o]: the symbol of each relocation of the text, in
# order (with -o: "offset symbol")
relocs_against() {
	LC_ALL=C readelf -rW "$1" | awk -v o="$2" '
		/^Relocation section / { on = ($3 ~ /^.\.rela?\.text.$/); next }
		on && $1 ~ /^[0-9a-f]+$/ && NF >= 5 {
			print (o == "" ? "" : $1 " ") $5 }'
}

test_missing_file() {
	expect_error "$TMPD/none.o" "cannot open" "$TMPD/none.o"
}

test_directory_as_input() {
	mkdir -p "$TMPD/dir.o"
	expect_error "$TMPD/dir.o" "not a regular file" "$TMPD/dir.o"
}

test_output_in_missing_directory() {
	expect_error "$TMPD/nodir/out.o" "cannot create" \
		-o "$TMPD/nodir/out.o" "$TMPD/good.o"
}

test_output_is_a_directory() {
	mkdir -p "$TMPD/outdir"
	expect_error "$TMPD/outdir" "cannot replace" -o "$TMPD/outdir" \
		"$TMPD/good.o"
	assertTrue "still a directory" "[ -d '$TMPD/outdir' ]"
	assertEquals "temporary file left" "" "$(ls "$TMPD" | grep outdir.)"
}

test_unwritable_object_left_alone() {
	# root may write anything; then only the read-only check is shown
	mkdir -p "$TMPD/ro"
	cp "$TMPD/good.o" "$TMPD/ro/x.o"
	chmod a-w "$TMPD/ro/x.o" "$TMPD/ro"
	if [ "$(id -u)" != 0 ]; then
		expect_error "$TMPD/ro/x.o" "cannot" "$TMPD/ro/x.o"
		cmp -s "$TMPD/good.o" "$TMPD/ro/x.o"
		assertTrue "changed" $?
	else
		"$RM" "$TMPD/ro/x.o"
		assertEquals "root rewrites a read-only file" 0 $?
	fi
	chmod u+w "$TMPD/ro"
}

test_one_bad_file_among_good_ones() {
	cp "$TMPD/good.o" "$TMPD/a.o"
	cp "$TMPD/good.o" "$TMPD/b.o"
	echo junk >"$TMPD/bad.o"
	"$RM" "$TMPD/a.o" "$TMPD/bad.o" "$TMPD/b.o" 2>"$TMPD/err"
	assertEquals "status" 1 $?
	assertEquals "one message" 1 "$(wc -l <"$TMPD/err")"
	assertTrue "b.o still done" \
		"readelf -SW '$TMPD/b.o' | grep -q __mcount_loc"
}

. shunit2
