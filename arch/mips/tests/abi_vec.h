/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS's vector checks for tests/progs/abi_vec.c: none.  The o32 ABI
 * passes no value in a vector register (MSA, MIPS's SIMD extension, is
 * not in the kit's MIPS32 target), so nothing beyond abi.c's float
 * registers can be lost.
 */
#define VEC_ABI_NONE	"o32 passes no vector arguments (no MSA in the target)"
