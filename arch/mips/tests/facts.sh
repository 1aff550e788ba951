# What the tests need to know about MIPS o32 big-endian (read by
# tests/lib.sh; every item is described there, and a test that needs a
# missing item fails naming it).  The mcount symbol, compiler and flags
# come from ../arch.mk.

# the ELF objects gcc makes here: readelf -h's Class, Data and Machine
TEST_WORD_SIZE=4
TEST_ENDIAN=big
TEST_ELF_MACHINE='MIPS R3000'

# Call-site flavours beyond "kit" (ARCH_CFLAGS) and "ffs" (ARCH_CFLAGS
# -ffunction-sections), and the relocation each flavour's sites carry.
TEST_FLAVOURS='pic longcalls longcallsO0 piclong'
TEST_CFLAGS_pic='-fpic -fno-omit-frame-pointer'
TEST_CFLAGS_longcalls='-mno-abicalls -fno-pic -mlong-calls -fno-omit-frame-pointer'
# -O0: the -8 and the t4 of -mmcount-ra-address come between the lui pair
# and the jalr
TEST_CFLAGS_longcallsO0='-mno-abicalls -fno-pic -mlong-calls -fno-omit-frame-pointer -mmcount-ra-address -O0'
TEST_CFLAGS_piclong='-fpic -mlong-calls -fno-omit-frame-pointer'
TEST_RELOC_kit=R_MIPS_26
TEST_RELOC_pic=R_MIPS_JALR
TEST_RELOC_longcalls=R_MIPS_HI16
TEST_RELOC_longcallsO0=R_MIPS_HI16
TEST_RELOC_piclong=R_MIPS_GOT16

# objdump -dr: a relocation of TYPE against _mcount on an instruction whose
# mnemonic matches MNEM (ERE) marks a site: "TYPE=MNEM ...".  "MNEM>CALL":
# the instruction loads _mcount's address into a register, and it is a
# site only if, within TEST_SITE_SEQ_WINDOW instructions, CALL goes through
# that register after TEST_SITE_SEQ_SETUP (otherwise the code only takes
# the address).  R_MIPS_LO16 and R_MIPS_CALL16 never mark a site.
TEST_SITE_RELOCS='R_MIPS_26=jal R_MIPS_JALR=jalr R_MIPS_HI16=lui>jalr R_MIPS_GOT16=lw>jalr'
TEST_SITE_SEQ_WINDOW=6
TEST_SITE_SEQ_SETUP='move at,ra'

# objdump -d of a linked program: the recorded instruction, as
# "bytes<TAB>mnemonic operands" (@MCOUNT@ stands for the mcount symbol):
# jal/bal _mcount, or PIC "jalr t9" (the GOT load before it has no
# symbol once linked).  A long-call site records the lui/lw of v1
# (TEST_LINKED_SEQ_FIRST), confirmed by a jalr v1 within the next
# TEST_LINKED_SEQ_WINDOW instructions (TEST_LINKED_SEQ_CALL).
TEST_LINKED_SITE='	((jal|bal)[ 	]+[0-9a-f]+ <@MCOUNT@>|jalr[ 	]+t9)'
TEST_LINKED_SEQ_FIRST='	(lui|lw)[ 	]+v1,'
TEST_LINKED_SEQ_CALL='	jalr[ 	]+v1'
TEST_LINKED_SEQ_WINDOW=6

# gcc -mrecord-mcount writes __mcount_loc itself: y (compare recordmcount's
# table with it) or n (the test checks that gcc refuses the option)
TEST_GCC_RECORD_MCOUNT=n

# save_stack_trace() follows the frame-pointer chain and ends it at a next
# frame more than this many MB away; "none" here: the unwinder reads
# prologues and has no such limit (nor can it pass an alloca frame)
TEST_STACK_WALK_LIMIT_MB=none

# Call-site shapes besides ARCH_CFLAGS' own that the graph tracer must
# hook (tests/stage2/test_graph_site_shapes.sh): space-separated, the
# flags of one shape joined by commas; "none" if the arch has no other.
# -mlong-calls: lui/addiu/move at,ra/jalr, the jalr at ra - 8; -fPIC: the
# got site (lw t9 from the GOT, jalr t9, which ld makes a bal in a
# program); both: lw v1 from the GOT/move at,ra/jalr v1.
TEST_GRAPH_SHAPES='-mlong-calls -fPIC -fPIC,-mlong-calls'

# A call site recordmcount never saw, at stages 3 and 4
# (tests/stage3/test_unrecorded_sites.sh): "traced" when it reaches
# ftrace_caller (then only a filter in force leaves it out), "stub" when
# it reaches a stub (never traced).  _mcount is ftrace_caller here.
TEST_UNRECORDED_SITES=traced

# Dynamic ftrace (tests/stage3/test_arch_sites.sh): once the start-up
# conversion is done, enabling or disabling a site changes only these
# bytes at rec->ip (the jal, or a long call's lui): one aligned word.
TEST_DYN_SWITCH_BYTES=4

# The event path (scripts/check-event-path): an instruction that uses a
# floating-point register, by its mnemonic (coprocessor 1 moves, loads,
# stores and branches, and the arithmetic's .s/.d/.w/.l/.ps formats) or
# by a register among its operands (ERE on objdump -d); and "TYPE=MNEM"
# for the relocations that make a direct call or jump.
TEST_FPU_MNEM='(c1[a-z]*$|^bc1|\.(s|d|w|l|ps)$)'
TEST_FPU_REGS='\$f[0-9]+'
TEST_CALL_RELOCS='R_MIPS_26=jal|j|jalx|bal R_MIPS_PC16=b[a-z]* R_MIPS_JALR=jalr|jr R_MIPS_CALL16=lw'

# Site shapes beyond ARCH_CFLAGS' own (tests/stage3/test_arch_sites.sh,
# decoded by arch_sites.sh): the flags that build them ("none": one shape,
# covered by the generic suites), the shapes expected, sorted, and whether
# a call may start at 2 mod 4 and straddle two words (y/n)
TEST_ARCH_SITE_CFLAGS='-mlong-calls -fPIC -fPIC,-mlong-calls'
TEST_ARCH_SITE_SHAPES='got jal jal-O0 long:5 long:6 plong:4 plong:5'
TEST_DYN_STRADDLE=n

# save_stack_trace() reads prologues (y/n): it must still know a site
# once it is disabled
TEST_UNWIND_READS_PROLOGUES=y

# No GRAPH_REFUSED_CFLAGS in arch.mk: why the graph tracer takes every
# code gcc makes here (tests/stage1/test_refused_isa.sh prints it)
TEST_NO_GRAPH_REFUSAL='the saved ra slot comes from -mmcount-ra-address or the prologue decoder, and a function whose prologue is not understood is left unhooked with one line'

# The numbers of this arch's system-call table that the kernel (6.1)
# gives no parameter names, besides those every arch has
# (tests/stage3/test_syscall_names.sh): the names of the first Linux/i386
# table that o32 keeps with no call behind them (break, stty, gtty, ftime,
# prof, profil, lock, mpx, ulimit, idle, signal), the numbers it marks
# unused or reserved, calls removed (_sysctl, bdflush, the old module
# calls, the first timerfd) or never implemented here (ioperm, iopl,
# vm86, modify_ldt, afs_syscall, getpmsg, putpmsg, vserver), and
# syscall, the indirect call, whose entry is assembly with no names
TEST_UNNAMED_SYSCALLS='syscall break unused18 unused28 stty gtty ftime
	prof signal lock mpx ulimit reserved82 unused84 profil ioperm iopl
	idle vm86 modify_ldt create_module get_kernel_syms bdflush
	afs_syscall unused150 _sysctl query_module getpmsg putpmsg
	reserved221 vserver timerfd'

# Tests the emulator fails (tests/lib.sh): qemu-user 7.2 refuses clone()
# with CLONE_VM but without the thread flags (EINVAL), so no child shares
# its parent's thread-local storage there; tests/stage1/src/clonevm.c
# built without the kit fails the same way.
TEST_EMULATOR_LIMITS='
	stage1/test_real_programs:test_clone_vm_child_sharing_thread_storage=qemu-user 7.2 refuses clone(CLONE_VM) without CLONE_THREAD (EINVAL); clonevm.c built without the kit fails the same way'
