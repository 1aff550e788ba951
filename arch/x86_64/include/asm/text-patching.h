/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How x86_64 changes code that is running (chapter 4,
 * linux/text_patching.h).
 *
 * A site is five bytes, which no store writes in one piece, and another
 * CPU may have fetched and decoded the old ones: x86 changes code with the
 * breakpoint protocol, the kernel's text_poke_bp_batch()
 * (arch/x86_64/text_poke.c), or under stop_machine().  Either way every
 * thread executes a serializing instruction before it runs the new bytes
 * (the SDM's rule for cross-modifying code): text_poke_sync().
 */
#ifndef _ASM_X86_64_TEXT_PATCHING_H
#define _ASM_X86_64_TEXT_PATCHING_H

#define TEXT_POKE_METHODS	(1 << TEXT_POKE_STOP_MACHINE | \
				 1 << TEXT_POKE_BREAKPOINT)
#define TEXT_POKE_DEFAULT	TEXT_POKE_BREAKPOINT
/*
 * Even a change the CPU makes in one store (a system-call trap's byte) is
 * cross-modifying code that another CPU may have decoded already: the
 * breakpoint protocol too (text_poke_end_atomic()).
 */
#define TEXT_POKE_ONE_STORE	TEXT_POKE_BREAKPOINT

/*
 * Apply nr changes, sorted by address, with the breakpoint protocol; the
 * pages are writable.  0, or -EOPNOTSUPP with nothing written (no
 * membarrier SYNC_CORE here): the caller uses stop_machine() instead.
 * A thread that meets a change whose new instruction the trap handler
 * cannot do in its place (a system-call trap) waits at the int3 until the
 * change is whole.
 */
int text_poke_bp_batch(struct text_poke *tp, unsigned int nr);
/*
 * The code in [start, end) has gone (an unloaded library): an int3 found
 * there later is not the kit's.
 */
void text_poke_forget(unsigned long start, unsigned long end);
/*
 * Every thread of the process serializes before it next runs program
 * code: membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE), the
 * promise Linux gives user space for cross-modifying code.
 */
void text_poke_sync(void);

#endif
