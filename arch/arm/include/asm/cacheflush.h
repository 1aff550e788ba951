/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_ARM_CACHEFLUSH_H
#define _ASM_ARM_CACHEFLUSH_H

/*
 * Chapter 4: after the text patching code has written instructions, the
 * CPU must fetch the new ones.  ARM keeps the data and instruction
 * caches apart: the new words must be cleaned from the data cache to the
 * point of unification and the icache invalidated: gcc's builtin calls
 * libgcc's __clear_cache, which makes the cacheflush system call.
 * qemu-user notices writes to translated code by itself, so no test
 * under qemu can show that this call is missing: it is checked at build
 * time instead (stage3-dynamic/text_patch.c refuses to build without
 * this file's flush_icache_range define).
 */
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	__builtin___clear_cache((char *)start, (char *)end);
}
/* every arch's asm/cacheflush.h says it has thought about this */
#define flush_icache_range flush_icache_range

#endif
