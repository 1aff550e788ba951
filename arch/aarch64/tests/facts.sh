# What the tests need to know about AArch64 (read by tests/lib.sh; every
# item is described there, and a test that needs a missing item fails
# naming it).  The mcount symbol, compiler and flags come from ../arch.mk.

# the ELF objects gcc makes here: readelf -h's Class, Data and Machine
TEST_WORD_SIZE=8
TEST_ENDIAN=little
TEST_ELF_MACHINE='AArch64'

# Call-site flavours beyond "kit" (ARCH_CFLAGS) and "ffs" (ARCH_CFLAGS
# -ffunction-sections), and the relocation each flavour's sites carry.
# -fpic: the same "bl", which the linker sends through the PLT.
TEST_FLAVOURS='pic'
TEST_CFLAGS_pic='-fpic -fno-omit-frame-pointer'
TEST_RELOC_kit=R_AARCH64_CALL26
TEST_RELOC_pic=R_AARCH64_CALL26

# objdump -dr: a relocation of TYPE against _mcount on an instruction
# whose mnemonic matches MNEM (ERE) marks a site: "TYPE=MNEM"
TEST_SITE_RELOCS='R_AARCH64_CALL26=bl'

# objdump -d of a linked program: the recorded instruction, as
# "bytes<TAB>mnemonic operands" (@MCOUNT@ stands for the mcount symbol)
TEST_LINKED_SITE='	bl[ 	]+[0-9a-f]+ <@MCOUNT@>'

# gcc -mrecord-mcount writes __mcount_loc itself: y (compare recordmcount's
# table with it) or n (the test checks that gcc refuses the option)
TEST_GCC_RECORD_MCOUNT=n

# save_stack_trace() follows the frame-record chain and ends it at a next
# frame more than this many MB away (stacktrace.c); "none" for an unwinder
# without such a limit
TEST_STACK_WALK_LIMIT_MB=8

# Call-site shapes besides ARCH_CFLAGS' own that the graph tracer must
# hook (tests/stage2/test_graph_site_shapes.sh): space-separated, the
# flags of one shape joined by commas; "none" if the arch has no other.
TEST_GRAPH_SHAPES=none

# A call site recordmcount never saw, at stages 3 and 4
# (tests/stage3/test_unrecorded_sites.sh): "traced" when it reaches
# ftrace_caller (then only a filter in force leaves it out), "stub" when
# it reaches a stub (never traced).
TEST_UNRECORDED_SITES=stub

# Dynamic ftrace (tests/stage3/test_arch_sites.sh): once the start-up
# conversion is done, enabling or disabling a site changes only these
# bytes at rec->ip, nop <-> bl: one aligned word.
TEST_DYN_SWITCH_BYTES=4

# The event path (scripts/check-event-path): an instruction that uses a
# floating-point or SIMD register, by its mnemonic (the FP/SIMD
# instructions that name only general registers: fmov to or from one,
# the conversions, and the FPCR/FPSR moves are caught by their operands)
# or by a register among its operands (ERE on objdump -d); and
# "TYPE=MNEM" for the relocations that make a direct call or jump.
TEST_FPU_MNEM='^(f[a-z0-9]*|[su]cvtf|ld[1-4]r?|st[1-4]|[su]?addlv|addv|[su]?(max|min)v|dup|ins|umov|smov|movi|mvni|ext|tbl|tbx|zip[12]|uzp[12]|trn[12]|aes[a-z]*|sha[0-9a-z]*|pmull2?)$'
TEST_FPU_REGS='(^|[^a-z0-9_])([bhsdqvz][0-9]+(\.[0-9]*[bhsdq])?|fpcr|fpsr)([^a-z0-9_]|$)'
TEST_CALL_RELOCS='R_AARCH64_CALL26=bl R_AARCH64_JUMP26=b'

# Site shapes beyond ARCH_CFLAGS' own (tests/stage3/test_arch_sites.sh):
# "none": the one "bl" the generic suites cover
TEST_ARCH_SITE_CFLAGS=none

# save_stack_trace() reads prologues (y/n): it follows the x29 chain
TEST_UNWIND_READS_PROLOGUES=n

# The numbers of this arch's system-call table that the kernel (6.1)
# gives no parameter names, besides those every arch has
# (tests/stage3/test_syscall_names.sh): none, the generic table's own
TEST_UNNAMED_SYSCALLS=none

# Tests the emulator fails (tests/lib.sh): qemu-user 7.2 refuses clone()
# with CLONE_VM but without the thread flags (EINVAL), so no child shares
# its parent's thread-local storage there; tests/stage1/src/clonevm.c
# built without the kit fails the same way.
TEST_EMULATOR_LIMITS='
	stage1/test_real_programs:test_clone_vm_child_sharing_thread_storage=qemu-user 7.2 refuses clone(CLONE_VM) without CLONE_THREAD (EINVAL); clonevm.c built without the kit fails the same way'

# Why arch.mk refuses nothing for the graph tracer at stage 5 (it refuses
# -mbranch-protection's return-address signing at stages 2 and 4): the
# entry hooks x30 before "paciasp" signs it
TEST_NO_GRAPH_REFUSAL='at stage 5 the return address is hooked in x30 at the entry, before paciasp signs it (arch/aarch64/ftrace.c, ftrace_graph_func)'

# Chapter 8 (stage 5, tests/stage5/test_entry.sh): a traced function's
# first instruction as linked (objdump -d --no-show-raw-insn, an ERE):
# "mov x9, x30", which recordmcount --entries wrote over the first of
# the two NOPs; and what the start-up writes at each recorded site, for
# dyn_ftrace_total_info's "N sites written": "none" or "each"
TEST_ENTRY_SITE='^ *[0-9a-f]+:\s+mov\s+x9, x30$'
TEST_ENTRY_INIT_WRITES=none
