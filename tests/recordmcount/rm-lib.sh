# Helpers shared by the recordmcount suites (sourced after tests/lib.sh).
#
# The tool is a host program, so it is built once into build/host; the
# objects it reads are built here, per $ARCH, in "flavours": the kit's own
# flags (arch/$ARCH/arch.mk) plus the PIC, long-call and Thumb-2 variants
# the tool must also understand.

RM=$KIT/build/host/recordmcount
RM_ASAN=$KIT/build/host/recordmcount-asan
SRC=$KIT/tests/recordmcount/src
ARCH_CFLAGS=$(mkvar ARCH_CFLAGS)
MCOUNT_SYMBOL=$(mkvar MCOUNT_SYMBOL)
TAB=$(printf '\t')
OBJCOPY=${OBJDUMP%objdump}objcopy
NM=${OBJDUMP%objdump}nm
case $ARCH in
x86_64)	WORD=8 ENDIAN=little ;;
mips)	WORD=4 ENDIAN=big ;;
arm)	WORD=4 ENDIAN=little ;;
esac

# flavour name and extra compiler flags, one per line
flavours() {
	echo "kit $ARCH_CFLAGS"
	echo "ffs $ARCH_CFLAGS -ffunction-sections"
	case $ARCH in
	x86_64)
		echo "pic -fpic -fno-omit-frame-pointer" ;;
	mips)
		echo "pic -fpic -fno-omit-frame-pointer"
		echo "longcalls -mno-abicalls -fno-pic -mlong-calls -fno-omit-frame-pointer"
		# -O0: the -8 and t4 come between the lui pair and the jalr
		echo "longcallsO0 -mno-abicalls -fno-pic -mlong-calls -fno-omit-frame-pointer -mmcount-ra-address -O0"
		echo "piclong -fpic -mlong-calls -fno-omit-frame-pointer" ;;
	arm)
		echo "thumb -mthumb -fno-pie -fno-omit-frame-pointer" ;;
	esac
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
			$CC -O2 -g -pg $flags -c "$src" \
				-o "$dir/$name/$(basename "$src" .c).o" || return 1
		done
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
	"$KIT/tests/recordmcount/objdump-sites.sh" "$ARCH" "$OBJDUMP" "$1"
}

build_tool() {
	make -s -C "$KIT" --no-print-directory recordmcount
}

# mcount_loc_words FILE: the words of FILE's __mcount_loc, hex, one a line
mcount_loc_words() {
	"$OBJCOPY" -O binary --only-section=__mcount_loc "$1" "$TMPD/loc.bin" &&
		od -An -v -t x$WORD --endian=$ENDIAN "$TMPD/loc.bin" |
		tr -s ' ' '\n' | sed '/^$/d; s/^0*\([0-9a-f]\)/\1/'
}

# table_of FILE.o: "symbol offset" of every __mcount_loc entry of an
# object, sorted; the offset comes from the RELA addend or, for REL, from
# the word the relocation applies to.
table_of() {
	local words
	words=$(mcount_loc_words "$1" | tr '\n' ' ')
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
