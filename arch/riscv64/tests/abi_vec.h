/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64's vector checks for tests/progs/abi_vec.c: none.  The LP64D
 * ABI gcc 12 implements passes no value in a vector register (the V
 * extension's calling convention, arguments in v8-v23, came later and is
 * not in Debian's rv64gc target), so nothing beyond abi.c's float
 * registers can be lost.
 */
#define VEC_ABI_NONE	"LP64D passes no vector arguments (rv64gc has no V)"
