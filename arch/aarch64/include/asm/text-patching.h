/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How AArch64 code changes while it runs (chapter 4,
 * linux/text_patching.h).  A site changes one aligned word, between NOP
 * and BL (arch/aarch64/ftrace.c), and ftrace_graph_call between NOP and
 * B.  The architecture lets one thread rewrite exactly these
 * instructions (B, BL, NOP, BRK, SVC, HVC, SMC, ISB) while another
 * executes them: the other thread runs the old one or the new one,
 * never a mix (ARM DDI 0487, B2.2.5 "Concurrent modification and
 * execution of instructions"), and the new one once the cache
 * maintenance of flush_icache_range() is done.  So the word method is
 * the default; stop_machine() stays one setting away.
 *
 * "Once the cache maintenance is done" holds for the CPU that did it; the
 * architecture lets another CPU keep executing an instruction it fetched
 * before, until it takes a context synchronisation event (an exception,
 * or its own isb).  dc/ic from user space give it none, so after a batch
 * every thread of the process is made to take one: membarrier()'s
 * SYNC_CORE command, which arm64 kernels have since v4.16
 * (asm-generic/text-patching.h, TEXT_POKE_SYNC_CORE).
 */
#define TEXT_POKE_SYNC_CORE
#include <asm-generic/text-patching.h>
