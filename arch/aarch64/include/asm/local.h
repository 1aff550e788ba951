/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64 local_t: the generic __atomic version.  gcc inlines it for an
 * 8-byte word as an ldxr/add/stxr loop (or one LSE "ldadd" when built
 * for ARMv8.1), never a libatomic call; a signal taken between ldxr and
 * stxr clears the exclusive monitor, the stxr fails and the loop retries,
 * so the handler's own update is never lost.
 */
#include <asm-generic/local.h>
