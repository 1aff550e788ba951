/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A system call without the C library, for the event path
 * (linux/event_path.h): "ecall", number in a7, arguments from a0, result
 * in a0 (-errno on failure); nothing else changes.
 */
#ifndef _ASM_RISCV64_RAW_SYSCALL_H
#define _ASM_RISCV64_RAW_SYSCALL_H

static inline __attribute__((always_inline))
long raw_syscall3(long nr, long a0, long a1, long a2)
{
	register long a7_ __asm__("a7") = nr;
	register long a0_ __asm__("a0") = a0;
	register long a1_ __asm__("a1") = a1;
	register long a2_ __asm__("a2") = a2;

	__asm__ __volatile__("ecall"
			     : "+r" (a0_)
			     : "r" (a7_), "r" (a1_), "r" (a2_)
			     : "memory");
	return a0_;
}

#endif
