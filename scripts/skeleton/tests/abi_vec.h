/* SPDX-License-Identifier: GPL-2.0 */
/*
 * @ARCH@'s vector checks for tests/progs/abi_vec.c.
 *
 * EXERCISE(2): if the ABI passes vectors in registers, write the checks
 * (arch/aarch64/tests/abi_vec.h: every vector argument register used,
 * a vector return, a homogeneous aggregate of vectors) and the table
 * vec_checks[]; if it passes none, define VEC_ABI_NONE as the reason.
 */
#error "arch/@ARCH@/tests/abi_vec.h: write the vector checks or VEC_ABI_NONE (docs/exercises.md, step 2)"
