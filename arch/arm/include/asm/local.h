/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM local_t: the generic __atomic version.  For a 4-byte unsigned long
 * gcc inlines it as an ldrex/add/strex loop (ARMv7), no libatomic call: a
 * signal taken between ldrex and strex clears the exclusive monitor, the
 * strex fails and the loop retries, so the handler's own update is never
 * lost.
 */
#include <asm-generic/local.h>
