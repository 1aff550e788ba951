/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What x86_64 must do after it wrote code (chapter 4, text patching).
 *
 * x86 keeps its instruction caches coherent with data writes, so there is
 * no cache to flush.  What x86 does need is that every thread that may
 * have fetched the old bytes executes a serializing instruction before it
 * runs the new ones ("cross-modifying code" in the SDM): that is
 * text_poke_sync() (asm/text-patching.h), once per batch, not per change.
 */
#ifndef _ASM_X86_64_CACHEFLUSH_H
#define _ASM_X86_64_CACHEFLUSH_H

static inline void flush_icache_range(unsigned long start, unsigned long end)
{
}
/* every arch's asm/cacheflush.h says it has thought about this */
#define flush_icache_range flush_icache_range

#endif
