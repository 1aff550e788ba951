/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FP unit's sticky exception flags, for tests/progs/abi.c: the
 * program checks that the tracer's own float arithmetic never shows in
 * them.
 *
 * EXERCISE(2): read and clear the status register's cumulative
 * exception bits with inline asm (arch/arm/tests/fp_flags.h does FPSCR).
 */
#ifndef _TESTS_FP_FLAGS_H
#define _TESTS_FP_FLAGS_H

#error "arch/@ARCH@/tests/fp_flags.h: write fp_flags() and fp_flags_clear() (docs/exercises.md, step 2)"

#endif
