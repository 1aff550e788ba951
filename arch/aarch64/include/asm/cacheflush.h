/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_AARCH64_CACHEFLUSH_H
#define _ASM_AARCH64_CACHEFLUSH_H

/*
 * Chapter 4: after the text patching code has written instructions, the
 * CPU must fetch the new ones.  AArch64 keeps the data and instruction
 * caches apart, and user space may do the maintenance itself (SCTLR_EL1
 * UCI and UCT, which Linux sets): clean each data cache line to the point
 * of unification (dc cvau), dsb ish, invalidate the instruction cache
 * lines (ic ivau), dsb ish, isb.  gcc's builtin does exactly that, with
 * the line sizes read from CTR_EL0 (libgcc's __aarch64_sync_cache_range);
 * no system call is needed.  qemu-user notices writes to translated code
 * by itself, so no test under qemu can show that this call is missing:
 * stage3-dynamic/text_patch.c refuses to build without this file's
 * flush_icache_range define instead.
 */
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	__builtin___clear_cache((char *)start, (char *)end);
}
/* every arch's asm/cacheflush.h says it has thought about this */
#define flush_icache_range flush_icache_range

#endif
