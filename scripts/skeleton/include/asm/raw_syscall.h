/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A system call without the C library, for the event path
 * (linux/event_path.h): the number and three arguments in the registers
 * the kernel's ABI names, the result (-errno on failure) back.
 */
#ifndef _ASM_RAW_SYSCALL_H
#define _ASM_RAW_SYSCALL_H

#include <unistd.h>

/*
 * EXERCISE(2): replace the C library's syscall() (which sets errno, and
 * is a traced program's function like any other) with the instruction
 * itself in inline asm, as arch/arm/include/asm/raw_syscall.h does.
 */
static inline __attribute__((always_inline))
long raw_syscall3(long nr, long a0, long a1, long a2)
{
	return syscall(nr, a0, a1, a2);
}

#endif
