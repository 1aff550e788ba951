/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FP unit's sticky exception flags, for tests/progs/abi.c: the five
 * Flags bits (2-6) of FCSR, control register $31 of coprocessor 1.
 */
#ifndef _TESTS_FP_FLAGS_H
#define _TESTS_FP_FLAGS_H

#define FCSR_FLAGS	0x7cu

static inline unsigned int fp_flags(void)
{
	unsigned int v;

	__asm__ volatile("cfc1 %0, $31" : "=r"(v));
	return v & FCSR_FLAGS;
}

static inline void fp_flags_clear(void)
{
	unsigned int v;

	__asm__ volatile("cfc1 %0, $31" : "=r"(v));
	v &= ~FCSR_FLAGS;
	__asm__ volatile("ctc1 %0, $31" : : "r"(v));
}

#endif
