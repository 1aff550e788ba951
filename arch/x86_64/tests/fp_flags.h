/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FP unit's sticky exception flags, for tests/progs/abi.c: the six
 * exception bits of MXCSR (the SSE unit, which does all float arithmetic
 * on x86_64; the x87 status word only sees long double).
 */
#ifndef _TESTS_FP_FLAGS_H
#define _TESTS_FP_FLAGS_H

static inline unsigned int fp_flags(void)
{
	return __builtin_ia32_stmxcsr() & 0x3f;
}

static inline void fp_flags_clear(void)
{
	__builtin_ia32_ldmxcsr(__builtin_ia32_stmxcsr() & ~0x3fu);
}

#endif
