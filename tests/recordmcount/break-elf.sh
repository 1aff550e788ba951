#!/bin/bash
# break-elf.sh KIND IN.o OUT.o [MCOUNT]
#
# Write a copy of the valid object IN.o with one defect, for the bad-input
# tests of recordmcount.  Offsets are found with readelf and od, values
# written in the object's own byte order, so one KIND works for ELF32 and
# ELF64, big- and little-endian.  "break-elf.sh --list" prints the KINDs
# with the message recordmcount is expected to give; "--list-groups" the
# KINDs that break a section group, for an IN.o that has two.  The rel-*
# KINDs break a relocation against the arch's mcount symbol, MCOUNT
# (MCOUNT_SYMBOL in arch.mk): the first ones of .rel(a).text may be
# others (a TOC or GOT set-up before the call).
set -e
kinds() {
	cat <<'EOT'
not-elf		not an ELF file
empty		not an ELF file
cut-ident	not an ELF file
cut-header	truncated ELF header
cut-half	beyond end of file
class		unknown ELF class
class-swap	*
data		unknown ELF data encoding
data-swap	not a relocatable object
version		unknown ELF version
machine		unsupported machine 4660
type-exec	not a relocatable object
shstrndx	section name table index
shoff		section header table beyond end of file
shentsize	e_shentsize
shnum-zero	section
shnum-big	section header table beyond end of file
text-offset	contents beyond end of file
text-size	contents beyond end of file
sh-name		name offset
shstrtab-type	is not a string table
symtab-link	is not a string table
symtab-entsize	bad sh_entsize
sym-name	name offset
sym-shndx	out of range
rel-link	is not the symbol table
rel-link-zero	is not the symbol table
rel-info	does not exist
rel-entsize	bad sh_entsize
rel-sym		symbol index
rel-offset	beyond section
EOT
}
group_kinds() {
	cat <<'EOT'
group-size	is not a list of 4-byte words
group-member	out of range
group-twice	is in two groups
EOT
}
[ "$1" = --list ] && { kinds; exit 0; }
[ "$1" = --list-groups ] && { group_kinds; exit 0; }
kind=$1 in=$2 out=$3 mcount=$4
cp "$in" "$out"

byte() { od -An -tu1 -j "$1" -N1 "$in" | tr -d ' '; }
class=$(byte 4)			# 1: ELF32, 2: ELF64
data=$(byte 5)			# 1: little, 2: big

# peek OFFSET SIZE / poke OFFSET SIZE VALUE, in the object's byte order
peek() {
	local e=little
	[ "$data" = 2 ] && e=big
	od -An -tu"$2" --endian=$e -j "$1" -N "$2" "$in" | tr -d ' '
}
poke() {
	local off=$1 size=$2 v=$3 i hex=
	for ((i = 0; i < size; i++)); do
		if [ "$data" = 2 ]; then
			hex=$(printf '\\x%02x' $(((v >> (8 * i)) & 255)))$hex
		else
			hex=$hex$(printf '\\x%02x' $(((v >> (8 * i)) & 255)))
		fi
	done
	printf "$hex" | dd of="$out" bs=1 seek="$off" conv=notrunc status=none
}

if [ "$class" = 2 ]; then
	shoff=$(peek 40 8) shent=64 a=8			# Elf64
	E_SHENTSIZE=58 E_SHNUM=60 E_SHSTRNDX=62 E_SHOFF=40
	SH_OFFSET=24 SH_SIZE=32 SH_LINK=40 SH_INFO=44 SH_ENTSIZE=56
	ST_SIZE=24 ST_SHNDX=6 REL_INFO=8
else
	shoff=$(peek 32 4) shent=40 a=4			# Elf32
	E_SHENTSIZE=46 E_SHNUM=48 E_SHSTRNDX=50 E_SHOFF=32
	SH_OFFSET=16 SH_SIZE=20 SH_LINK=24 SH_INFO=28 SH_ENTSIZE=36
	ST_SIZE=16 ST_SHNDX=14 REL_INFO=4
fi

# section index by name (the Nth of that name: 1 by default), and where
# its header is
secidx() {
	LC_ALL=C readelf -SW "$in" | sed -n 's/^ *\[ *\([0-9]*\)\] \([^ ]*\) .*/\1 \2/p' |
		awk -v n="$1" -v k="${2:-1}" '$2 == n && !--k { print $1; exit }'
}
shdr() { echo $((shoff + $1 * shent)); }

text=$(secidx .text)
relname=.rela.text
rel=$(secidx $relname)
[ -n "$rel" ] || { relname=.rel.text; rel=$(secidx $relname); }
symtab=$(secidx .symtab)
shstrndx=$(peek $E_SHSTRNDX 2)

case $kind in
not-elf)	echo "just some text, not an object" >"$out" ;;
empty)		: >"$out" ;;
cut-ident)	truncate -s 10 "$out" ;;
cut-header)	truncate -s 30 "$out" ;;
cut-half)	truncate -s $(($(stat -c %s "$in") / 2)) "$out" ;;
class)		poke 4 1 3 ;;
class-swap)	poke 4 1 $((3 - class)) ;;
data)		poke 5 1 0 ;;
data-swap)	poke 5 1 $((3 - data)) ;;
version)	poke 6 1 7 ;;
machine)	poke 18 2 4660 ;;
type-exec)	poke 16 2 2 ;;
shstrndx)	poke $E_SHSTRNDX 2 65000 ;;
shoff)		poke $E_SHOFF $a $(($(stat -c %s "$in") - 16)) ;;
shentsize)	poke $E_SHENTSIZE 2 $((shent + 4)) ;;
shnum-zero)	poke $E_SHNUM 2 0 ;;
shnum-big)	poke $E_SHNUM 2 60000 ;;
text-offset)	poke $(($(shdr $text) + SH_OFFSET)) $a 4000000000 ;;
text-size)	poke $(($(shdr $text) + SH_SIZE)) $a 4000000000 ;;
sh-name)	poke $(shdr $text) 4 3000000000 ;;
shstrtab-type)	poke $(($(shdr $shstrndx) + 4)) 4 1 ;;
symtab-link)	poke $(($(shdr $symtab) + SH_LINK)) 4 $symtab ;;
symtab-entsize)	poke $(($(shdr $symtab) + SH_ENTSIZE)) $a 5 ;;
sym-name)	# the last symbol: a global, mcount or a function
		off=$(peek $(($(shdr $symtab) + SH_OFFSET)) $a)
		size=$(peek $(($(shdr $symtab) + SH_SIZE)) $a)
		poke $((off + size - ST_SIZE)) 4 3000000000 ;;
sym-shndx)	off=$(peek $(($(shdr $symtab) + SH_OFFSET)) $a)
		size=$(peek $(($(shdr $symtab) + SH_SIZE)) $a)
		poke $((off + size - ST_SIZE + ST_SHNDX)) 2 60000 ;;
rel-link)	poke $(($(shdr $rel) + SH_LINK)) 4 999 ;;
rel-link-zero)	poke $(($(shdr $rel) + SH_LINK)) 4 0 ;;
rel-info)	poke $(($(shdr $rel) + SH_INFO)) 4 999 ;;
rel-entsize)	poke $(($(shdr $rel) + SH_ENTSIZE)) $a 3 ;;
rel-sym|rel-offset)
		# the first relocation of .rel(a).text against mcount
		[ -n "$mcount" ] || { echo "break-elf: $kind needs MCOUNT" >&2
				      exit 2; }
		k=$(LC_ALL=C readelf -rW "$in" | awk -v sym="$mcount" \
			-v sec="'$relname'" '
			/^Relocation section / { on = ($3 == sec); n = 0; next }
			on && $1 ~ /^[0-9a-f]+$/ && NF >= 5 {
				if ($5 == sym) { print n; exit }
				n++
			}')
		[ -n "$k" ] || { echo "break-elf: $in: no relocation against" \
			"$mcount in its text" >&2; exit 2; }
		off=$(($(peek $(($(shdr $rel) + SH_OFFSET)) $a) +
		       k * $(peek $(($(shdr $rel) + SH_ENTSIZE)) $a)))
		if [ $kind = rel-offset ]; then
			poke "$off" $a 3000000000
		elif [ "$class" = 2 ]; then	# r_info = sym << 32 | type
			poke $((off + REL_INFO)) 8 \
				$(((123456 << 32) | $(peek $((off + REL_INFO)) 4)))
		else				# r_info = sym << 8 | type
			poke $((off + REL_INFO)) 4 \
				$(((123456 << 8) | ($(peek $((off + REL_INFO)) 4) & 255)))
		fi ;;
group-*)	# the first two groups: their member lists' first words
		g1=$(secidx .group) g2=$(secidx .group 2)
		[ -n "$g2" ] || { echo "break-elf: $in has no two groups" >&2
				  exit 2; }
		m1=$(($(peek $(($(shdr $g1) + SH_OFFSET)) $a) + 4))
		m2=$(($(peek $(($(shdr $g2) + SH_OFFSET)) $a) + 4))
		case $kind in
		group-size)	poke $(($(shdr $g1) + SH_SIZE)) $a 6 ;;
		group-member)	poke $m1 4 60000 ;;
		group-twice)	poke $m2 4 $(peek $m1 4) ;;
		esac ;;
*)		echo "break-elf: unknown kind $kind" >&2; exit 2 ;;
esac
