/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FP unit's sticky exception flags, for tests/progs/abi.c: FPSR's
 * cumulative bits IOC, DZC, OFC, UFC, IXC (0-4) and IDC (7).
 */
#ifndef _TESTS_FP_FLAGS_H
#define _TESTS_FP_FLAGS_H

#define FPSR_CUMULATIVE	0x9fu

static inline unsigned int fp_flags(void)
{
	unsigned long v;

	__asm__ volatile("mrs %0, fpsr" : "=r"(v));
	return v & FPSR_CUMULATIVE;
}

static inline void fp_flags_clear(void)
{
	unsigned long v;

	__asm__ volatile("mrs %0, fpsr" : "=r"(v));
	v &= ~(unsigned long)FPSR_CUMULATIVE;
	__asm__ volatile("msr fpsr, %0" : : "r"(v));
}

#endif
