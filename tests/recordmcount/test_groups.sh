#!/bin/bash
# Section groups (COMDAT): g++ emits every inline function and template
# instance of a source in a group of its own, in each object that uses
# it, and the linker keeps one copy of each group.  The table entries of
# a group's sites must be members of that group (a __mcount_loc and its
# relocations per group), so that they go when the copy goes: an entry
# left outside would point into a dropped section, which ld refuses
# (docs/03-mcount-record.md, "Section groups").
. "$KIT/tests/lib.sh"
. "$KIT/tests/recordmcount/rm-lib.sh"

UNITS=$KIT/tests/extern/cxx-units

oneTimeSetUp() {
	build_tool || fail "cannot build recordmcount"
}

# groups OBJ: "signature member-name" for every member of every group
groups() {
	LC_ALL=C readelf -gW "$1" | awk '
		/^COMDAT group section \[/ {
			g = $0; sub(/^[^`]*`[^\047]*\047 \[/, "", g)
			sub(/\] contains .*$/, "", g); next }
		g != "" && /^ +\[ *[0-9]+\] / { sub(/^ +\[ *[0-9]+\] +/, ""); print g, $0 }
		/^$/ { g = "" }'
}

# The sites' sections are exactly the groups that gain a table, each
# gains one table and its relocations, and the entries add up.
check_groups() {
	local name=$1 obj=$2 want got
	"$RM" --list "$obj" | cut -f1 | sort -u >"$obj.secs"
	"$RM" "$obj" || { fail "$name: recordmcount"; return; }
	groups "$obj" >"$obj.groups"
	# groups with a text section that has sites
	want=$(awk 'NR == FNR { s[$1]; next } ($2 in s) { print $1 }' \
		"$obj.secs" "$obj.groups" | sort -u)
	got=$(awk '$2 == "__mcount_loc" { print $1 }' "$obj.groups" | sort)
	assertNotNull "$name: groups with sites" "$want"
	assertEquals "$name: one table in each group with sites" "$want" "$got"
	got=$(awk '$2 ~ /^\.rela?__mcount_loc$/ { print $1 }' "$obj.groups" |
		sort)
	assertEquals "$name: its relocations beside it" "$want" "$got"
	# the sites in no group have one table outside every group
	assertEquals "$name: tables" \
		$(($(echo "$want" | wc -l) + 1)) \
		"$(LC_ALL=C readelf -SW "$obj" | grep -c ' __mcount_loc ')"
	assertEquals "$name: entries" "$("$RM" --list "$obj.orig" | wc -l)" \
		"$(LC_ALL=C readelf -rW "$obj" | awk '
			/^Relocation section/ { on = ($3 ~ /__mcount_loc/); next }
			on && $1 ~ /^[0-9a-f]+$/ { n++ } END { print n + 0 }')"
}

test_group_sites_stay_in_their_group() {
	local name flags opt d=$TMPD/g
	mkdir -p "$d"
	while read -r name flags; do
		for opt in -O0 -O2; do
			$CXX $opt -pg $flags -c "$UNITS/unit_a.cc" \
				-o "$d/$name$opt.o" || { fail "$name: c++"; continue; }
			cp "$d/$name$opt.o" "$d/$name$opt.o.orig"
			check_groups "$name $opt" "$d/$name$opt.o"
		done
	done < <(flavours)
}

# kept A B: how many of A's and B's sites the link A B keeps: all of A's,
# and B's but those in a group A has too (the linker keeps the first
# copy of a group, and drops every other copy whole)
kept() {
	groups "$1" | cut -d' ' -f1 | sort -u >"$1.sigs"
	groups "$2" >"$2.members"
	echo $(($("$RM" --list "$1" | wc -l) + $("$RM" --list "$2" |
		awk -F '\t' 'FILENAME == ARGV[1] { sig[$0]; next }
		     FILENAME == ARGV[2] { i = index($0, " ")
			if (substr($0, 1, i - 1) in sig) drop[substr($0, i + 1)]
			next }
		     !($1 in drop)' "$1.sigs" "$2.members" - | wc -l)))
}

# Both sources linked: every kept site once, every entry a call of mcount.
test_linked_table_holds_each_kept_copy_once() {
	local name flags opt d=$TMPD/l n ld addr bad count
	mkdir -p "$d"
	while read -r name flags; do
		for opt in -O0 -O2; do
			local p=$d/$name$opt
			$CXX $opt -pg $flags -c "$UNITS/unit_a.cc" -o "$p-a.o" &&
				$CXX $opt -pg $flags -c "$UNITS/unit_b.cc" \
					-o "$p-b.o" &&
				$CC -O2 $flags $SRC_DEFS -c "$SRC/stub.c" \
					-o "$p-stub.o" || { fail "$name: cc"; continue; }
			n=$(kept "$p-a.o" "$p-b.o")
			"$RM" "$p-a.o" "$p-b.o" || { fail "$name: rm"; continue; }
			case $flags in
			*-fpic*) ld=-pie ;;
			*) ld=-no-pie ;;
			esac
			$CXX $ld -o "$p" "$p-a.o" "$p-b.o" "$p-stub.o" \
				2>"$p.ld" || { fail "$name $opt: link: $(head -2 "$p.ld")"; continue; }
			LC_ALL=C "$OBJDUMP" -d "$p" >"$p.dis"
			bad=0 count=0
			for addr in $(mcount_loc_words "$p"); do
				count=$((count + 1))
				check_site "$p.dis" "$addr" >>"$p.bad" ||
					bad=$((bad + 1))
			done
			assertEquals "$name $opt: entries" "$n" "$count"
			assertEquals "$name $opt: entries that are not calls: \
$(head -3 "$p.bad" 2>/dev/null)" 0 "$bad"
		done
	done < <(flavours)
}

# A broken group (made by break-elf.sh): one line naming the problem,
# status 1, the object untouched.
test_broken_groups_are_refused() {
	local kind msg f n=0 good=$TMPD/good.o
	$CXX -O2 -pg $ARCH_CFLAGS -c "$UNITS/unit_a.cc" -o "$good" ||
		{ fail "c++"; return; }
	while IFS="$TAB" read -r kind msg; do
		msg=${msg#"${msg%%[!$TAB]*}"}
		f=$TMPD/$kind.o
		"$KIT/tests/recordmcount/break-elf.sh" "$kind" "$good" "$f" ||
			{ fail "break-elf $kind"; continue; }
		cp "$f" "$TMPD/orig.o"
		"$RM" "$f" 2>"$TMPD/err"
		assertEquals "$kind: status" 1 $?
		assertEquals "$kind: one line: $(cat "$TMPD/err")" 1 \
			"$(wc -l <"$TMPD/err")"
		assertContains "$kind: says why" "$(cat "$TMPD/err")" "$msg"
		assertTrue "$kind: untouched" "cmp -s '$f' '$TMPD/orig.o'"
		n=$((n + 1))
	done < <("$KIT/tests/recordmcount/break-elf.sh" --list-groups)
	assertEquals "kinds tried" 3 "$n"
}

. shunit2
