/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FP unit's sticky exception flags, for tests/progs/abi.c: FPSCR's
 * cumulative bits IOC, DZC, OFC, UFC, IXC (0-4) and IDC (7).
 */
#ifndef _TESTS_FP_FLAGS_H
#define _TESTS_FP_FLAGS_H

#define FPSCR_CUMULATIVE	0x9fu

static inline unsigned int fp_flags(void)
{
	unsigned int v;

	__asm__ volatile("vmrs %0, fpscr" : "=r"(v));
	return v & FPSCR_CUMULATIVE;
}

static inline void fp_flags_clear(void)
{
	unsigned int v;

	__asm__ volatile("vmrs %0, fpscr" : "=r"(v));
	v &= ~FPSCR_CUMULATIVE;
	__asm__ volatile("vmsr fpscr, %0" : : "r"(v));
}

#endif
