# What the tests need to know about x86_64 (read by tests/lib.sh; every
# item is described in tests/lib.sh, and a test that needs a missing item
# fails naming it).  The mcount symbol, compiler and flags come from
# ../arch.mk.

# the ELF objects gcc makes here: readelf -h's Class, Data and Machine
TEST_WORD_SIZE=8
TEST_ENDIAN=little
TEST_ELF_MACHINE='Advanced Micro Devices X86-64'

# Call-site flavours beyond "kit" (ARCH_CFLAGS) and "ffs" (ARCH_CFLAGS
# -ffunction-sections), and the relocation each flavour's sites carry.
TEST_FLAVOURS='pic'
TEST_CFLAGS_pic='-fpic -fno-omit-frame-pointer'
TEST_RELOC_kit=R_X86_64_PLT32
TEST_RELOC_pic=R_X86_64_GOTPCRELX

# objdump -dr: a relocation of TYPE against mcount on an instruction whose
# mnemonic matches MNEM (ERE) marks a site: "TYPE=MNEM ..."
TEST_SITE_RELOCS='R_X86_64_PLT32=call R_X86_64_PC32=call R_X86_64_GOTPCRELX=call R_X86_64_GOTPCREL=call'

# objdump -d of a linked program: the recorded instruction, as
# "bytes<TAB>mnemonic operands" (@MCOUNT@ stands for the mcount symbol).
# -fpic sites are "call *mcount@GOTPCREL(%rip)", relaxed by ld to
# "addr32 call mcount" (67 e8) when mcount is defined in the program.
TEST_LINKED_SITE='^(e8|67 e8|ff 15) .*call.*<@MCOUNT@'

# gcc -mrecord-mcount writes __mcount_loc itself: y (compare recordmcount's
# table with it) or n (the test checks that gcc refuses the option)
TEST_GCC_RECORD_MCOUNT=y

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

# The event path (scripts/check-event-path): an instruction that uses a
# floating-point or vector register, by its mnemonic (x87, VEX/EVEX,
# XSAVE and MXCSR instructions) or by a register among its operands (ERE
# on objdump -d); and "TYPE=MNEM" for the relocations that make a direct
# call or jump (a tail call) to another function.
TEST_FPU_MNEM='^(f[a-z0-9]*|v[a-z0-9]*|x(save|rstor|getbv|setbv)[a-z0-9]*|[ls]dmxcsr|emms)$'
TEST_FPU_REGS='%([xyz]mm[0-9]|st|mm[0-9]|k[0-7])'
TEST_CALL_RELOCS='R_X86_64_PLT32=call|j[a-z]* R_X86_64_PC32=call|j[a-z]*'

# Site shapes beyond ARCH_CFLAGS' own (tests/stage3/test_arch_sites.sh):
# "none": the one shape the generic suites cover
TEST_ARCH_SITE_CFLAGS=none

# save_stack_trace() reads prologues (y/n)
TEST_UNWIND_READS_PROLOGUES=n

# No GRAPH_REFUSED_CFLAGS in arch.mk: why the graph tracer takes every
# code gcc makes here (tests/stage1/test_refused_isa.sh prints it)
TEST_NO_GRAPH_REFUSAL='every -pg function has its return address at 8(%rbp) when it calls mcount'

# The numbers of this arch's system-call table that the kernel (6.1)
# gives no parameter names, besides those every arch has
# (tests/stage3/test_syscall_names.sh): x86_64's sys_ni_syscall entries,
# calls removed (_sysctl and the old module calls)
# or never implemented for this ABI (getpmsg, putpmsg, afs_syscall,
# tuxcall, security, vserver, the epoll_*_old pair, and the i386 TLS
# calls get_thread_area and set_thread_area); "none" if there are none
TEST_UNNAMED_SYSCALLS='_sysctl create_module get_kernel_syms query_module
	getpmsg putpmsg afs_syscall tuxcall security set_thread_area
	get_thread_area epoll_ctl_old epoll_wait_old vserver'

# Chapter 8 (stage 5, tests/stage5/test_entry.sh): a traced function's
# first instruction as linked (objdump -d --no-show-raw-insn, an ERE):
# the 5-byte NOP recordmcount --nop wrote over "call __fentry__"; and
# what the start-up writes at each recorded site, for
# dyn_ftrace_total_info's "N sites written": "none" or "each"
TEST_ENTRY_SITE='^ *[0-9a-f]+:\s+nop'
TEST_ENTRY_INIT_WRITES=none
