/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_RISCV64_CACHEFLUSH_H
#define _ASM_RISCV64_CACHEFLUSH_H

#include <sys/syscall.h>
#include <asm/raw_syscall.h>

/*
 * Chapter 4: after the text patching code has written instructions,
 * every hart must fetch the new ones.  RISC-V does not keep instruction
 * fetch coherent with stores: "fence.i" makes them visible, but only to
 * the hart that runs it, and a thread may migrate to another hart right
 * after.  So Linux gives user space the riscv_flush_icache system call,
 * which makes the kernel run fence.i on every hart this process may use
 * (flags 0: all of them, not only the current thread's).  gcc's
 * __builtin___clear_cache reaches the same call through the C library's
 * __riscv_flush_icache; it is made directly here because that wrapper's
 * own ecall may be a site the kit is patching (docs/07-syscalls.md).
 * qemu-user notices writes to translated code by itself (and takes the
 * call as a no-op), so no test under qemu can show that it is missing:
 * it is checked at build time instead (stage3-dynamic/text_patch.c
 * refuses to build without this file's flush_icache_range define).
 */
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	raw_syscall3(SYS_riscv_flush_icache, start, end, 0);
}
/* every arch's asm/cacheflush.h says it has thought about this */
#define flush_icache_range flush_icache_range

#endif
