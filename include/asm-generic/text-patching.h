/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Code changes for an arch whose sites, after the start-up conversion,
 * change one aligned word at a time (chapter 4, linux/text_patching.h):
 * the "word" method by default, stop_machine() one setting away, no
 * breakpoint protocol.  A word store is seen whole by an instruction
 * fetch on another CPU once the caches are made coherent, and the flush
 * (asm/cacheflush.h) reaches every CPU's instruction cache, so a batch
 * needs no synchronisation of its own afterwards.
 */
#ifndef _ASM_GENERIC_TEXT_PATCHING_H
#define _ASM_GENERIC_TEXT_PATCHING_H

#include <errno.h>

#define TEXT_POKE_METHODS	(1 << TEXT_POKE_STOP_MACHINE | 1 << TEXT_POKE_WORD)
#define TEXT_POKE_DEFAULT	TEXT_POKE_WORD

static inline int text_poke_bp_batch(struct text_poke *tp,
				     unsigned int nr)
{
	return -EOPNOTSUPP;
}

static inline void text_poke_sync(void)
{
}

#endif
