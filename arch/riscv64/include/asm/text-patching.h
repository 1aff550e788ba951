/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How riscv64 code changes while it runs (chapter 4,
 * linux/text_patching.h).  After the start-up conversion a site changes
 * in one aligned word store in which only the low halfword of the jalr
 * differs (arch/riscv64/ftrace.c): a hart that fetches the instruction
 * while it is rewritten sees the old parcel or the new one, and either
 * makes a whole, valid instruction with the unchanged high halfword.
 *
 * The flush (asm/cacheflush.h) asks the kernel for a fence.i on every
 * hart of the process; after a batch every thread is also made to
 * synchronise its instruction fetch on its way back to user space,
 * membarrier()'s SYNC_CORE command, which riscv kernels have since v6.9,
 * as the architecture's rule for code another hart may be running asks
 * (asm-generic/text-patching.h, TEXT_POKE_SYNC_CORE).
 */
#define TEXT_POKE_SYNC_CORE
#include <asm-generic/text-patching.h>
