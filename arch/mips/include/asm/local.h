/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS local_t: the generic __atomic version.  On mips32r2 gcc turns it
 * into an inline ll/sc loop (no libatomic call: local_t is one word), and
 * ll/sc is what makes the update whole against a signal handler too.
 */
#include <asm-generic/local.h>
