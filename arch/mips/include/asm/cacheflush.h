/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_MIPS_CACHEFLUSH_H
#define _ASM_MIPS_CACHEFLUSH_H

#include <sys/syscall.h>
#include <asm/raw_syscall.h>

/*
 * Chapter 4: after the text patching code has written instructions, the
 * CPU must fetch the new ones.  MIPS caches are not coherent between
 * the data side (the store) and the instruction side (the fetch): the
 * lines must be written back and the icache lines invalidated, which the
 * cacheflush system call does.  It is made directly: gcc's builtin would
 * call the C library's _flush_cache, whose own system call may be a site
 * the kit is patching (docs/07-syscalls.md).
 * qemu-user notices writes to translated code by itself, so no test
 * under qemu can show that this call is missing: it is checked at build
 * time instead (stage3-dynamic/text_patch.c refuses to build without
 * this file's flush_icache_range define).
 */
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	/* BCACHE (asm/cachectl.h): both caches */
	raw_syscall3(SYS_cacheflush, start, end - start, 3);
}
/* every arch's asm/cacheflush.h says it has thought about this */
#define flush_icache_range flush_icache_range

#endif
