/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXERCISE(8): HAVE_SYSCALL_TRACEPOINTS (docs/07-syscalls.md, "The arch's
 * part"): struct pt_regs over the signal context, syscall_get_nr(),
 * syscall_get_arguments(), syscall_set_arguments(),
 * syscall_get_return_value(), syscall_set_return_value(),
 * instruction_pointer(), the trap signal, the site and trap encodings and
 * the out-of-line slot (arch_syscall_*).  arch/x86_64/include/asm/
 * syscall.h lists every name stage3-dynamic/syscall_trap.c uses; where the
 * site and the trap are each one 32-bit word, asm-generic/syscall_trap_word.h
 * holds the trap's part (arch/mips/include/asm/syscall.h).  Proven by
 * tests/stage3/test_syscalls.sh.
 *
 * The generic code and these accessors say "struct pt_regs", the kernel's
 * name.  Where the C library's <signal.h> has a struct of that name too
 * (powerpc's glibc does), include <signal.h> here first, then rename the
 * kit's in one line before defining it:
 *
 *	#define pt_regs ftrace_pt_regs
 *
 * The C library's headers are already in by then (their guards keep them
 * from being read again); every user of the name includes this header
 * before include/trace/syscall.h, so all of them see the same struct.
 */
