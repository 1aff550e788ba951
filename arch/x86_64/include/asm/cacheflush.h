/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What x86_64 must do after it wrote code (chapter 4, text patching).
 *
 * x86 keeps its instruction caches coherent with data writes, so there is
 * no cache to flush.  What x86 does need is a serializing event on every
 * CPU that may have fetched the old bytes ("cross-modifying code"):
 * - the threads parked by stop_machine() leave their signal handler
 *   through rt_sigreturn, which returns to user space with IRET, a
 *   serializing instruction;
 * - the patching thread itself serializes here with CPUID, the one
 *   serializing instruction user space may execute.
 */
#ifndef _ASM_X86_64_CACHEFLUSH_H
#define _ASM_X86_64_CACHEFLUSH_H

static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	unsigned int a = 0, b, c = 0, d;

	__asm__ __volatile__("cpuid"
			     : "+a"(a), "=b"(b), "+c"(c), "=d"(d)
			     : : "memory");
}
/* every arch's asm/cacheflush.h says it has thought about this */
#define flush_icache_range flush_icache_range

#endif
