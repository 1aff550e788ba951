/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A system call without the C library, for the event path
 * (linux/event_path.h): EABI "svc #0", number in r7, arguments from r0,
 * result in r0 (-errno on failure); nothing else changes.
 */
#ifndef _ASM_ARM_RAW_SYSCALL_H
#define _ASM_ARM_RAW_SYSCALL_H

static inline __attribute__((always_inline))
long raw_syscall3(long nr, long a0, long a1, long a2)
{
	register long r7 __asm__("r7") = nr;
	register long r0 __asm__("r0") = a0;
	register long r1 __asm__("r1") = a1;
	register long r2 __asm__("r2") = a2;

	__asm__ __volatile__("svc	#0"
			     : "+r" (r0)
			     : "r" (r7), "r" (r1), "r" (r2)
			     : "memory");
	return r0;
}

#endif
