# What the tests need to know about @ARCH@ (read by tests/lib.sh, which
# describes every item; a test that needs a missing item fails naming it).
# The mcount symbol, compiler and flags come from ../arch.mk.  Which step
# of docs/exercises.md needs each item is said before it: fill them in as
# you get there, from objdump and readelf of what your compiler makes.

# step 2 (EXERCISE(2)): readelf -h's Class (4 or 8), Data and Machine
#TEST_WORD_SIZE=
#TEST_ENDIAN=
#TEST_ELF_MACHINE=

# step 2: the event path (scripts/check-event-path): an instruction that
# uses a floating-point or vector register, by mnemonic and by register
# (EREs on objdump -d), and "TYPE=MNEM" for the relocations of a direct
# call or jump
#TEST_FPU_MNEM=
#TEST_FPU_REGS=
#TEST_CALL_RELOCS=

# step 2: the call site in objdump -dr of a -pg object: a relocation of
# TYPE against mcount on an instruction whose mnemonic matches MNEM (ERE)
# marks a site, "TYPE=MNEM ..." (tests/recordmcount/objdump-sites.sh,
# which stage 1 uses to prove the runtime has no site)
#TEST_SITE_RELOCS=

# step 3 (EXERCISE(3)): save_stack_trace() ends the chain at a next frame
# more than this many MB away ("none" if it has no such limit)
#TEST_STACK_WALK_LIMIT_MB=

# step 4 (EXERCISE(4)): other call-site shapes the graph tracer must hook
# (flags per shape joined by commas; "none"), and, with no
# GRAPH_REFUSED_CFLAGS in arch.mk, why it refuses nothing (stage 1's
# tests/stage1/test_refused_isa.sh skips, naming step 4, until arch.mk
# claims HAVE_FUNCTION_GRAPH_TRACER)
#TEST_GRAPH_SHAPES=none
#TEST_NO_GRAPH_REFUSAL=

# step 5 (EXERCISE(5)): recordmcount's suites: call-site flavours beyond
# "kit" and "ffs" (TEST_CFLAGS_<f> and TEST_RELOC_<f> for each), the
# relocation of each, the recorded instruction in a linked program, and
# whether gcc -mrecord-mcount works here (y/n)
#TEST_FLAVOURS=
#TEST_RELOC_kit=
#TEST_LINKED_SITE=
#TEST_GCC_RECORD_MCOUNT=

# step 6 (EXERCISE(6)): a site recordmcount never saw ("traced" or
# "stub"), the bytes one switch changes, other site shapes
# (TEST_ARCH_SITE_CFLAGS: "none", or the flags, with TEST_ARCH_SITE_SHAPES,
# TEST_DYN_STRADDLE and tests/arch_sites.sh), and whether the stack
# walker reads prologues (y/n)
#TEST_UNRECORDED_SITES=
#TEST_DYN_SWITCH_BYTES=
#TEST_ARCH_SITE_CFLAGS=none
#TEST_UNWIND_READS_PROLOGUES=n

# step 8 (EXERCISE(8)): the numbers of the arch's system-call table the
# kernel gives no parameter names (its sys_ni_syscall entries, calls
# removed or never implemented for this ABI), beyond lookup_dcookie and
# nfsservctl, which every table has; "none" if there are none
#TEST_UNNAMED_SYSCALLS=

# step 10 (EXERCISE(10)): stage 5, a traced function's first instruction
# as linked (objdump -d --no-show-raw-insn, an ERE: the disabled site as
# the build leaves it), and what the start-up writes at each site, for
# dyn_ftrace_total_info's "N sites written": "none" or "each"
#TEST_ENTRY_SITE=
#TEST_ENTRY_INIT_WRITES=

# any step: a test the emulator cannot pass, one line each,
# "DIR/SUITE:TEST=REASON" (tests/lib.sh); only after a plain program
# built without the kit fails the same way under QEMU, named in REASON
#TEST_EMULATOR_LIMITS=
