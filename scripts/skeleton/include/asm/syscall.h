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
 */
