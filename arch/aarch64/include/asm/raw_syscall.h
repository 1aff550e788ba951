/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A system call without the C library, for the event path
 * (linux/event_path.h): "svc #0", number in x8, arguments from x0, result
 * in x0 (-errno on failure); no other register changes.
 */
#ifndef _ASM_AARCH64_RAW_SYSCALL_H
#define _ASM_AARCH64_RAW_SYSCALL_H

static inline __attribute__((always_inline))
long raw_syscall3(long nr, long a0, long a1, long a2)
{
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a0;
	register long x1 __asm__("x1") = a1;
	register long x2 __asm__("x2") = a2;

	__asm__ __volatile__("svc	#0"
			     : "+r" (x0)
			     : "r" (x8), "r" (x1), "r" (x2)
			     : "memory");
	return x0;
}

#endif
