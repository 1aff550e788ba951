# What the tests need to know about riscv64 (read by tests/lib.sh; every
# item is described there, and a test that needs a missing item fails
# naming it).  The mcount symbol, compiler and flags come from ../arch.mk.

# the ELF objects gcc makes here: readelf -h's Class, Data and Machine
TEST_WORD_SIZE=8
TEST_ENDIAN=little
TEST_ELF_MACHINE='RISC-V'

# Call-site flavours beyond "kit" (ARCH_CFLAGS) and "ffs" (ARCH_CFLAGS
# -ffunction-sections), and the relocation each flavour's sites carry.
# Every flavour keeps -mno-relax (arch.mk says why).  "pic" is spelt
# -fPIC, as ftrace-cc builds libraries, so test_link.sh links it into a
# non-PIE program: in a PIE riscv64's ld leaves the table's words 0 and
# puts the addresses only in R_RISCV_RELATIVE addends (PIE executables
# are refused by ftrace-cc anyway).
TEST_FLAVOURS='pic medany'
TEST_CFLAGS_pic='-fPIC -fno-omit-frame-pointer -mno-relax'
TEST_CFLAGS_medany='-mcmodel=medany -fno-pie -fno-omit-frame-pointer -mno-relax'
TEST_RELOC_kit=R_RISCV_CALL_PLT
TEST_RELOC_pic=R_RISCV_CALL_PLT
TEST_RELOC_medany=R_RISCV_CALL_PLT

# objdump -dr: a relocation of TYPE against _mcount on an instruction
# whose mnemonic matches MNEM (ERE) marks a site: "TYPE=MNEM"
TEST_SITE_RELOCS='R_RISCV_CALL_PLT=auipc R_RISCV_CALL=auipc R_RISCV_JAL=jal'

# objdump -d of a linked program: the recorded instruction, as
# "bytes<TAB>mnemonic operands" (@MCOUNT@ stands for the mcount symbol):
# a "jal" that ld relaxed the pair into (not with -mno-relax), or the
# pair's "auipc ra" followed by its "jalr ra"
TEST_LINKED_SITE='	jal[ 	]+(ra,)?[0-9a-f]+ <@MCOUNT@>'
TEST_LINKED_SEQ_FIRST='	auipc[ 	]+ra,'
TEST_LINKED_SEQ_CALL='	jalr[ 	]+(ra,)?(-?[0-9]+\(ra\)|ra)( |$)'
TEST_LINKED_SEQ_WINDOW=1

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
TEST_GRAPH_SHAPES=none

# A call site recordmcount never saw, at stages 3 and 4
# (tests/stage3/test_unrecorded_sites.sh): "traced" when it reaches
# ftrace_caller (then only a filter in force leaves it out), "stub" when
# it reaches a stub (never traced).
TEST_UNRECORDED_SITES=stub

# Dynamic ftrace: once the start-up conversion is done, enabling or
# disabling a site changes one aligned word, in which only the jalr's low
# halfword differs (the word at rec->ip + 4, or at rec->ip + 2 when the
# pair starts at 2 mod 4).
TEST_DYN_SWITCH_BYTES=4

# The event path (scripts/check-event-path): an instruction that uses a
# floating-point register, by its mnemonic (every F/D instruction starts
# with "f", as do fence, fence.i and fence.tso, which are not float ones)
# or by a register among its operands (ERE on objdump -d); and "TYPE=MNEM"
# for the relocations that make a direct call or jump: gcc calls and
# tail-calls another function through "call"/"tail" (auipc + jalr) only;
# the assembler's R_RISCV_BRANCH and R_RISCV_JAL name local labels, the
# jumps inside one function.
TEST_FPU_MNEM='^f(l[dw]|s[dw]|add|sub|mul|div|sqrt|sgnj[a-z]*|min|max|cvt|mv|class|eq|lt|le|madd|msub|nmadd|nmsub|[rs]csr|[rs]rm|[rs]flags)[a-z0-9.]*$'
TEST_FPU_REGS='(^|[^a-z0-9_])f(t[0-9]+|s[0-9]+|a[0-7])([^a-z0-9_]|$)'
TEST_CALL_RELOCS='R_RISCV_CALL_PLT=auipc|call|tail R_RISCV_CALL=auipc|call|tail'

# Site shapes beyond ARCH_CFLAGS' own (tests/stage3/test_arch_sites.sh):
# "none": the one "auipc ra; jalr ra" pair (-mno-relax) the generic
# suites cover
TEST_ARCH_SITE_CFLAGS=none

# save_stack_trace() reads prologues (y/n): it follows the s0 chain
TEST_UNWIND_READS_PROLOGUES=n

# No GRAPH_REFUSED_CFLAGS in arch.mk: why the graph tracer takes every
# code gcc makes here (tests/stage1/test_refused_isa.sh prints it)
TEST_NO_GRAPH_REFUSAL='every -pg function calls _mcount, so it saves ra in its frame record at -8(s0), and ftrace-cc refuses -fomit-frame-pointer'

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

# Chapter 8 (stage 5, tests/stage5/test_entry.sh): a traced function's
# first instruction as linked (objdump -d --no-show-raw-insn, an ERE):
# the first of four c.nop, whose "auipc t0" half the start-up writes
# once (arch/riscv64/ftrace.c); and what the start-up writes at each
# recorded site, for dyn_ftrace_total_info's "N sites written": "none"
# or "each"
TEST_ENTRY_SITE='^ *[0-9a-f]+:\s+(c\.)?nop'
TEST_ENTRY_INIT_WRITES=each
