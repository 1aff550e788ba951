/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 local_t: one "xadd" without the "lock" prefix.  A signal is
 * delivered between instructions, never inside one, so an un-locked xadd
 * is already atomic with respect to a handler on the same thread, and
 * costs a fraction of a locked one.  Not safe between threads, which is
 * exactly the contract of local_t.
 */
#ifndef _ASM_X86_64_LOCAL_H
#define _ASM_X86_64_LOCAL_H

typedef struct {
	unsigned long counter;
} local_t;

static inline unsigned long local_add_return(unsigned long i, local_t *l)
{
	unsigned long old = i;

	__asm__ __volatile__("xaddq %0, %1"
			     : "+r" (old), "+m" (l->counter) : : "memory");
	return old + i;
}

static inline unsigned long local_read(const local_t *l)
{
	return *(volatile const unsigned long *)&l->counter;
}

static inline void local_set(local_t *l, unsigned long i)
{
	*(volatile unsigned long *)&l->counter = i;
}

#endif
