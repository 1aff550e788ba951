/* SPDX-License-Identifier: GPL-2.0 */
/*
 * local_t: a counter that only its own thread changes, but that a signal
 * handler on that thread may change between any two instructions.  The
 * ring buffer reserves its slots with local_add_return(), so a record that
 * a signal interrupts and the records the handler makes never share a slot.
 *
 * The generic version uses an atomic read-modify-write, which is more than
 * needed (no other thread touches the counter) but correct everywhere; an
 * arch whose single instructions are never split by a signal (x86 "xadd")
 * provides a cheaper one in its asm/local.h.
 */
#ifndef _ASM_GENERIC_LOCAL_H
#define _ASM_GENERIC_LOCAL_H

typedef struct {
	unsigned long counter;
} local_t;

static inline unsigned long local_add_return(unsigned long i, local_t *l)
{
	return __atomic_add_fetch(&l->counter, i, __ATOMIC_RELAXED);
}

static inline unsigned long local_read(const local_t *l)
{
	return __atomic_load_n(&l->counter, __ATOMIC_RELAXED);
}

static inline void local_set(local_t *l, unsigned long i)
{
	__atomic_store_n(&l->counter, i, __ATOMIC_RELAXED);
}

#endif
