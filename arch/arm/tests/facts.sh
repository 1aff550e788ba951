# What the tests need to know about ARM 32-bit (read by tests/lib.sh; every
# item is described there, and a test that needs a missing item fails
# naming it).  The mcount symbol, compiler and flags come from ../arch.mk.

# the ELF objects gcc makes here: readelf -h's Class, Data and Machine
TEST_WORD_SIZE=4
TEST_ENDIAN=little
TEST_ELF_MACHINE='ARM'

# Call-site flavours beyond "kit" (ARCH_CFLAGS) and "ffs" (ARCH_CFLAGS
# -ffunction-sections), and the relocation each flavour's sites carry.
TEST_FLAVOURS='thumb'
TEST_CFLAGS_thumb='-mthumb -fno-pie -fno-omit-frame-pointer'
TEST_RELOC_kit=R_ARM_CALL
TEST_RELOC_thumb=R_ARM_THM_CALL

# objdump -dr: a relocation of TYPE against __gnu_mcount_nc on an
# instruction whose mnemonic matches MNEM (ERE) marks a site: "TYPE=MNEM"
TEST_SITE_RELOCS='R_ARM_CALL=bl|blx R_ARM_PC24=bl|blx R_ARM_THM_CALL=bl|blx'

# objdump -d of a linked program: the recorded instruction, as
# "bytes<TAB>mnemonic operands" (@MCOUNT@ stands for the mcount symbol)
TEST_LINKED_SITE='	blx?[ 	]+[0-9a-f]+ <@MCOUNT@>'

# gcc -mrecord-mcount writes __mcount_loc itself: y (compare recordmcount's
# table with it) or n (the test checks that gcc refuses the option)
TEST_GCC_RECORD_MCOUNT=n

# save_stack_trace() follows the frame-pointer chain and ends it at a next
# frame more than this many MB away (stacktrace.c); "none" for an unwinder
# without such a limit
TEST_STACK_WALK_LIMIT_MB=8

# Call-site shapes besides ARCH_CFLAGS' own that the graph tracer must
# hook (tests/stage2/test_graph_site_shapes.sh): space-separated, the
# flags of one shape joined by commas; "none" if the arch has no other.
# (Thumb-2 code is refused for the graph tracer: GRAPH_REFUSED_CFLAGS)
TEST_GRAPH_SHAPES=none

# A call site recordmcount never saw, at stages 3 and 4
# (tests/stage3/test_unrecorded_sites.sh): "traced" when it reaches
# ftrace_caller (then only a filter in force leaves it out), "stub" when
# it reaches a stub (never traced).
TEST_UNRECORDED_SITES=stub

# Dynamic ftrace (tests/stage3/test_arch_sites.sh): once the start-up
# conversion is done, enabling or disabling a site changes only these
# bytes at rec->ip, nop <-> bl/blx: one aligned word, or two for a
# Thumb-2 call that starts at 2 mod 4.
TEST_DYN_SWITCH_BYTES=4

# The event path (scripts/check-event-path): an instruction that uses a
# floating-point register, by its mnemonic (every VFP and NEON one starts
# with "v") or by a register among its operands (ERE on objdump -d); and
# "TYPE=MNEM" for the relocations that make a direct call or jump.
TEST_FPU_MNEM='^(v[a-z0-9.]*|fmrx|fmxr|fldm[a-z]*|fstm[a-z]*)$'
TEST_FPU_REGS='(^|[^a-z0-9_])([sdq][0-9]+|fpscr|fpexc)([^a-z0-9_]|$)'
TEST_CALL_RELOCS='R_ARM_CALL=bl|blx R_ARM_JUMP24=b[a-z]* R_ARM_PC24=bl|b[a-z]* R_ARM_THM_CALL=bl|blx R_ARM_THM_JUMP24=b[a-z.]*'

# Site shapes beyond ARCH_CFLAGS' own (tests/stage3/test_arch_sites.sh,
# decoded by arch_sites.sh): the flags that build them ("none": one shape,
# covered by the generic suites), the shapes expected, sorted, and whether
# a call may start at 2 mod 4 and straddle two words (y/n: Thumb-2)
TEST_ARCH_SITE_CFLAGS=-mthumb
TEST_ARCH_SITE_SHAPES='arm thumb'
TEST_DYN_STRADDLE=y

# save_stack_trace() reads prologues (y/n): it must still know a site
# once it is disabled
TEST_UNWIND_READS_PROLOGUES=n

# The numbers of this arch's system-call table that the kernel (6.1)
# gives no parameter names, besides those every arch has
# (tests/stage3/test_syscall_names.sh): calls removed (bdflush, _sysctl)
# or never implemented for EABI (pciconfig_iobase, vserver)
TEST_UNNAMED_SYSCALLS='bdflush _sysctl pciconfig_iobase vserver'

# Tests the emulator fails (tests/lib.sh): qemu-user 7.2 refuses clone()
# with CLONE_VM but without the thread flags (EINVAL), so no child shares
# its parent's thread-local storage there; tests/stage1/src/clonevm.c
# built without the kit fails the same way.
TEST_EMULATOR_LIMITS='
	stage1/test_real_programs:test_clone_vm_child_sharing_thread_storage=qemu-user 7.2 refuses clone(CLONE_VM) without CLONE_THREAD (EINVAL); clonevm.c built without the kit fails the same way'
