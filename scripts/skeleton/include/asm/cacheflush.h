/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_CACHEFLUSH_H
#define _ASM_CACHEFLUSH_H

/*
 * EXERCISE(6): after the text patching code has written instructions,
 * the CPU must fetch the new ones (docs/04-dynamic-ftrace.md, "Verify,
 * then write").  qemu-user applies patches without any flush, so no test
 * can show that this is missing: say here what the arch needs (a data
 * cache clean and an icache invalidate, a system call, nothing) and why.
 */
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	__builtin___clear_cache((char *)start, (char *)end);
}
/* every arch's asm/cacheflush.h says it has thought about this */
#define flush_icache_range flush_icache_range

#endif
