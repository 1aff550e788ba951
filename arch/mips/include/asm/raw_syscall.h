/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A system call without the C library, for the event path
 * (linux/event_path.h).  o32: number in v0, arguments in a0-a2, result in
 * v0 and a3 set when it is an error number; the kernel may change at,
 * v1, t0-t9, hi and lo, and no floating-point register.  Result: the
 * kernel's, -errno on failure.
 */
#ifndef _ASM_MIPS_RAW_SYSCALL_H
#define _ASM_MIPS_RAW_SYSCALL_H

static inline __attribute__((always_inline))
long raw_syscall3(long nr, long a0, long a1, long a2)
{
	register long v0 __asm__("$2") = nr;
	register long r4 __asm__("$4") = a0;
	register long r5 __asm__("$5") = a1;
	register long r6 __asm__("$6") = a2;
	register long r7 __asm__("$7");

	__asm__ __volatile__(".set	push\n\t"
			     ".set	noreorder\n\t"
			     "syscall\n\t"
			     ".set	pop"
			     : "+r" (v0), "=r" (r7)
			     : "r" (r4), "r" (r5), "r" (r6)
			     : "$1", "$3", "$8", "$9", "$10", "$11", "$12",
			       "$13", "$14", "$15", "$24", "$25", "hi", "lo",
			       "memory");
	return r7 ? -v0 : v0;
}

#endif
