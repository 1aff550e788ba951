/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_AARCH64_PROLOGUE_H
#define _ASM_AARCH64_PROLOGUE_H

#include <stdint.h>

/*
 * What an AArch64 function's prologue did before its mcount call, read
 * back from its code (arch/aarch64/prologue.c).  Behind both the graph
 * tracer's frame identity (ftrace.c, prepare_ftrace_return) and the
 * tracer's arguments (ftrace_regs_get_argument()).
 */
struct a64_frame {
	/* the instruction that set x29 ("mov x29, sp" / "add x29, sp, #n") */
	const uint32_t	*fp_set;
	/* sp at entry = x29 + entry_off (the frame record may sit anywhere) */
	unsigned long	entry_off;
	/* the prologue signs x30 (paciasp/pacibsp): the slot is not plain */
	int		signed_ra;
};

/*
 * site: the function's "bl _mcount" (or the word it became).  Returns 0
 * and fills *f, or -1 when the prologue is not one gcc writes.
 */
int a64_frame_decode(unsigned long site, struct a64_frame *f);

#endif
