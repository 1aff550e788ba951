/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A system call without the C library, for the event path
 * (linux/event_path.h): "syscall" changes %rax (the result), %rcx and
 * %r11, and no vector register.  Result: the kernel's, -errno on failure.
 */
#ifndef _ASM_X86_64_RAW_SYSCALL_H
#define _ASM_X86_64_RAW_SYSCALL_H

static inline __attribute__((always_inline))
long raw_syscall3(long nr, long a0, long a1, long a2)
{
	register long rax __asm__("rax") = nr;
	register long rdi __asm__("rdi") = a0;
	register long rsi __asm__("rsi") = a1;
	register long rdx __asm__("rdx") = a2;

	__asm__ __volatile__("syscall"
			     : "+r" (rax)
			     : "r" (rdi), "r" (rsi), "r" (rdx)
			     : "rcx", "r11", "memory");
	return rax;
}

#endif
