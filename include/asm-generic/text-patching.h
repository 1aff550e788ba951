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
/* a change made in one store needs nothing more (text_poke_end_atomic()) */
#define TEXT_POKE_ONE_STORE	TEXT_POKE_WORD

static inline int text_poke_bp_batch(struct text_poke *tp,
				     unsigned int nr)
{
	return -EOPNOTSUPP;
}

/*
 * After a batch, before another thread may run what it wrote.  The flush
 * of an arch whose cache maintenance is a system call (ARM's and MIPS's
 * cacheflush, RISC-V's riscv_flush_icache) reaches every CPU the process
 * runs on from inside the kernel, and that is all.  An arch whose flush
 * is made by user-space instructions (AArch64's dc/ic) leaves other CPUs
 * free to run an instruction they fetched before it, until each takes a
 * context synchronisation event: it defines TEXT_POKE_SYNC_CORE, and the
 * kernel makes one on every CPU running the process
 * (text_poke_sync_core(): membarrier()'s SYNC_CORE command, where the
 * kernel has it for the arch).
 */
#ifdef TEXT_POKE_SYNC_CORE
static inline void text_poke_sync(void)
{
	text_poke_sync_core();
}
#else
static inline void text_poke_sync(void)
{
}
#endif

static inline void text_poke_forget(unsigned long start, unsigned long end)
{
}

#endif
