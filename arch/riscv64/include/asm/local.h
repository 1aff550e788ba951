/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 local_t: the generic __atomic version.  gcc inlines the add as
 * one "amoadd.d" (the A extension, part of rv64gc): a single instruction,
 * so a signal handler on the same thread is before or after it, never
 * inside.
 */
#include <asm-generic/local.h>
