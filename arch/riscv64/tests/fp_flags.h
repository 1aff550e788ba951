/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FP unit's sticky exception flags, for tests/progs/abi.c: fflags,
 * the low five bits of fcsr (NX, UF, OF, DZ, NV), a CSR of its own.
 */
#ifndef _TESTS_FP_FLAGS_H
#define _TESTS_FP_FLAGS_H

static inline unsigned int fp_flags(void)
{
	unsigned long v;

	__asm__ volatile("frflags %0" : "=r"(v));
	return v & 0x1f;
}

static inline void fp_flags_clear(void)
{
	__asm__ volatile("fsflags zero");
}

#endif
