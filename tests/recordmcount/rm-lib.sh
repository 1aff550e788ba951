# Helpers shared by the recordmcount suites (sourced after tests/lib.sh).
#
# The tool is a host program, so it is built once into build/host; the
# objects it reads are built here, per $ARCH, in "flavours": the kit's own
# flags (arch/$ARCH/arch.mk) plus the variants the tool must also
# understand (PIC, long calls, Thumb-2: TEST_FLAVOURS in
# arch/$ARCH/tests/facts.sh).

RM=$KIT/build/host/recordmcount
RM_ASAN=$KIT/build/host/recordmcount-asan
SRC=$KIT/tests/recordmcount/src
ARCH_CFLAGS=$(mkvar ARCH_CFLAGS)
CXX=$(mkvar CXX)
MCOUNT_SYMBOL=$(mkvar MCOUNT_SYMBOL)
# the sources name the arch's mcount only through this macro
SRC_DEFS=-DMCOUNT_SYMBOL=$MCOUNT_SYMBOL
TAB=$(printf '\t')
OBJCOPY=${OBJDUMP%objdump}objcopy
NM=${OBJDUMP%objdump}nm
need_facts TEST_WORD_SIZE TEST_ENDIAN TEST_RELOC_kit TEST_SITE_RELOCS TEST_FLAVOURS
for rm_f in $TEST_FLAVOURS; do
	need_facts "TEST_CFLAGS_$rm_f" "TEST_RELOC_$rm_f"
done
unset rm_f
WORD=$TEST_WORD_SIZE ENDIAN=$TEST_ENDIAN

# flavour name and compiler flags, one per line: the kit's own, with
# -ffunction-sections, and the arch's TEST_FLAVOURS (facts.sh)
flavours() {
	local f v
	echo "kit $ARCH_CFLAGS"
	echo "ffs $ARCH_CFLAGS -ffunction-sections"
	for f in $TEST_FLAVOURS; do
		v=TEST_CFLAGS_$f
		echo "$f ${!v}"
	done
}

# build_objects DIR: DIR/<flavour>/<source>.o for every flavour, from this
# suite's sources and the kit's test programs (compile only; the programs
# need the runtime to link).  A kit program that does not compile (it is
# another chapter's work) is left out, this suite's own sources must.
build_objects() {
	local dir=$1 name flags src
	flavours | while read -r name flags; do
		mkdir -p "$dir/$name"
		for src in "$SRC"/sites.c "$SRC"/other.c "$SRC"/nosites.c; do
			$CC -O2 -g -pg $flags $SRC_DEFS -c "$src" \
				-o "$dir/$name/$(basename "$src" .c).o" || return 1
		done
		# C++: inline code in section groups
		$CXX -O2 -g -pg $flags -c "$KIT/tests/extern/cxx-units/unit_a.cc" \
			-o "$dir/$name/cxx-units.o" || return 1
		for src in "$KIT"/tests/progs/*.c; do
			[ -f "$src" ] || continue
			$CC -O2 -g -pg $flags -I"$KIT/include" \
				-I"$KIT/arch/$ARCH/include" -c "$src" \
				-o "$dir/$name/prog-$(basename "$src" .c).o" \
				2>/dev/null || echo "note: $src left out" >&2
		done
	done
}

# the tool's listing, sorted like objdump-sites.sh sorts
rm_list() {
	"$RM" --list "$1" | sort -t "$TAB" -k1,1 -k2,2
}

objdump_list() {
	"$KIT/tests/recordmcount/objdump-sites.sh" "$ARCH" "$OBJDUMP" \
		"$MCOUNT_SYMBOL" "$1"
}

build_tool() {
	make -s -C "$KIT" --no-print-directory recordmcount
}

# mcount_loc_words FILE: the words of FILE's __mcount_loc, hex, one a
# line; says why and returns 1 when the section cannot be read
mcount_loc_words() {
	if ! "$OBJCOPY" -O binary --only-section=__mcount_loc "$1" \
		"$TMPD/loc.bin"; then
		echo "objcopy cannot read $1" >&2
		return 1
	fi
	if ! od -An -v -t "x$WORD" --endian="$ENDIAN" "$TMPD/loc.bin" \
		>"$TMPD/loc.od"; then
		echo "od -t x$WORD --endian=$ENDIAN failed on $1" >&2
		return 1
	fi
	tr -s ' ' '\n' <"$TMPD/loc.od" | sed '/^$/d; s/^0*\([0-9a-f]\)/\1/'
}

# table_of FILE.o: "symbol offset" of every __mcount_loc entry of an
# object, sorted; the offset comes from the RELA addend or, for REL, from
# the word the relocation applies to.
table_of() {
	local words
	words=$(mcount_loc_words "$1") || return 1
	LC_ALL=C readelf -rW "$1" | awk -v words="$words" -v wsize=$WORD '
		BEGIN { split(words, w, " ") }
		/^Relocation section/ { on = ($3 ~ /__mcount_loc/); next }
		on && NF >= 5 && $1 ~ /^[0-9a-f]+$/ {
			if ($(NF - 1) == "+")	# RELA: name + addend
				print $(NF - 2), $NF
			else {			# REL: addend in the word
				i = 0
				for (k = 1; k <= length($1); k++)
					i = i * 16 + index("0123456789abcdef", \
						substr($1, k, 1)) - 1
				print $NF, w[i / wsize + 1]
			}
		}' | sort
}

# check_site DISASSEMBLY ADDRESS: is the instruction there a call to mcount,
# as TEST_LINKED_SITE (or a TEST_LINKED_SEQ_* sequence) of the arch's
# facts.sh describes it?  Prints the offending line otherwise.
check_site() {
	awk -v a="$2" -v site="${TEST_LINKED_SITE//@MCOUNT@/$MCOUNT_SYMBOL}" \
	    -v first="$TEST_LINKED_SEQ_FIRST" -v call="$TEST_LINKED_SEQ_CALL" \
	    -v window="${TEST_LINKED_SEQ_WINDOW:-0}" '
		function ok() { found = 1; exit 0 }
		!seen && $1 == a ":" {
			seen = 1; line = $0; n = split($0, f, "\t")
			bytes = f[2]; gsub(/[ \t]+/, " ", bytes)
			sub(/^ /, "", bytes); sub(/ $/, "", bytes)
			ins = bytes "\t" f[3] " " f[4]
			if (ins ~ site)
				ok()
			if (first != "" && ins ~ first) { want = window; next }
			exit 1
		}
		want && want-- > 0 {
			split($0, f, "\t")
			if (("\t" f[3] " " f[4]) ~ call)
				ok()
		}
		END { if (!found) { print "not a call: " (line ? line : a); exit 1 } }
	' "$1"
}
