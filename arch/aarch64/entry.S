/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64 entry trampoline: chapter 8 (HAVE_DYNAMIC_FTRACE_WITH_ARGS).
 *
 * What gcc -O2 -fpatchable-function-entry=2 puts at the top of every
 * traced function (aarch64-linux-gnu-objdump -d), as recordmcount
 * --entries leaves it, and while the function is traced:
 *
 *	<func>:	(bti c, under -mbranch-protection=bti or standard)
 *	  d503201f  nop		mov x9, x30	mov x9, x30
 *	  d503201f  nop		nop		bl ftrace_caller  <- rec->ip
 *	  ...	    stp x29, x30, [sp, #-N]!	(the prologue, if any;
 *						 paciasp before it)
 *
 * The first NOP's address is in __patchable_function_entries, which
 * recordmcount moves to __mcount_loc; the kernel's arm64 port has used
 * this scheme since v5.5 (arch/arm64/kernel/entry-ftrace.S, ftrace.c),
 * writing the mov at boot, and saves struct ftrace_regs, not pt_regs,
 * since v6.2.  A library's site
 * calls its module PLT instead (module_plt.S), which keeps x30 and x9
 * and branches here through x16.
 *
 * Registers and stack on entry to ftrace_caller:
 *
 *	x30	the return into func: rec->ip + 4 (the prologue's address)
 *	x9	func's own return address, into its caller (the site's mov:
 *		the bl overwrote x30 with the above); unsigned, since
 *		paciasp comes later
 *	x0-x7	func's arguments, x8 its indirect-result address: all live
 *	x29	func's caller's frame: func has built nothing yet
 *	sp	func's sp on entry (its stack arguments start there)
 *	x9-x17	free: AAPCS64 makes them dead at any call
 *
 * The frame built here, ENTRY_FRAME_SIZE bytes below func's sp (S):
 *
 *	S-16	x29 on entry, x9	func's record, as its prologue would
 *					make it: a stack walk from a callback
 *					sees func's caller
 *	S-32	S-16, x30		ours: the walk sees func itself; x29
 *					points here while the tracer runs
 *	S-144	struct ftrace_regs	asm/ftrace.h: x0-x8, fp, lr, sp, pc
 *
 * A callback may change the saved x0-x8 (arguments), fregs->lr (the
 * graph tracer puts return_to_handler there: func then returns to it)
 * and fregs->pc (another function's entry: the call is redirected).
 * All are read back on the way out.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

/* struct ftrace_regs and the two frame records (see above) */
.macro SAVE_FREGS
	sub	sp, sp, #ENTRY_FRAME_SIZE
	stp	x0, x1, [sp, #FREGS_X(0)]
	stp	x2, x3, [sp, #FREGS_X(2)]
	stp	x4, x5, [sp, #FREGS_X(4)]
	stp	x6, x7, [sp, #FREGS_X(6)]
	stp	x8, x29, [sp, #FREGS_X(8)]	// x8, then fregs->fp
	add	x10, sp, #ENTRY_FRAME_SIZE	// func's sp on entry
	stp	x9, x10, [sp, #FREGS_LR]	// fregs->lr, fregs->sp
	stp	x30, xzr, [sp, #FREGS_PC]	// fregs->pc: back into func;
					// fregs->direct: none yet
	/* the two frame records, func's first: ours links to it */
	stp	x29, x9, [sp, #(FREGS_SIZE + 16)]
	add	x29, sp, #(FREGS_SIZE + 16)
	stp	x29, x30, [sp, #FREGS_SIZE]
	add	x29, sp, #FREGS_SIZE

	sub	x0, x30, #AARCH64_INSN_SIZE	// arg 1: ip = rec->ip, the bl
	mov	x1, x9				// arg 2: parent_ip
	mov	x3, sp				// arg 4: fregs
.endm

	EVENT_PATH_TEXT

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/*
 * CALL_OPS (the kernel's since v6.3): gcc's -fpatchable-function-entry=4,2
 * -falign-functions=8 leaves two more NOPs before func, 8-aligned, which
 * hold the ftrace_ops the site is to call (ftrace.c writes it before the
 * bl), and the site calls that ops' callback without the list:
 *
 *	func - 8:	.quad	ops			<- the literal
 *	func:		(bti c)
 *			mov	x9, x30
 *			bl	ftrace_caller		x30 = the next word
 *
 * x30 is 8 (no bti) or 12 (bti) past the 8-aligned func: cleared of its
 * low three bits it is func + 8 either way, two words past the literal.
 * A site whose literal gcc did not align (-Os ignores -falign-functions,
 * as do cold functions there) calls ftrace_list_caller instead.
 */
	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.balign	4
ftrace_caller:
	SAVE_FREGS
	and	x2, x30, #~7
	ldr	x2, [x2, #-16]			// arg 3: the site's ops
	cbz	x2, ftrace_caller_exit		// none written: a stray call
	ldr	x11, [x2]			// op->func
	blr	x11
	b	ftrace_caller_exit
	.size	ftrace_caller, .-ftrace_caller

/*
 * The sites with no literal to trust, and a library's (its module PLT
 * jumps here: one for all its sites, FTRACE_PLT_ADDR): chapter 4's
 * ftrace_caller, whose ftrace_call calls the one tracer or the list.
 */
	.globl	ftrace_list_caller
	.type	ftrace_list_caller, %function
	.balign	4
ftrace_list_caller:
#else
	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.balign	4
ftrace_caller:
#endif
	SAVE_FREGS
	adrp	x2, function_trace_op
	ldr	x2, [x2, #:lo12:function_trace_op]	// arg 3: op
	.globl	ftrace_call
ftrace_call:
	bl	ftrace_stub			// rewritten in place

	/*
	 * The C code kept x19-x28 (callee-saved); x29 is ours, so it comes
	 * back from fregs->fp.  x30 from fregs->lr: a graph hook lands there.
	 */
ftrace_caller_exit:
	ldp	x0, x1, [sp, #FREGS_X(0)]
	ldp	x2, x3, [sp, #FREGS_X(2)]
	ldp	x4, x5, [sp, #FREGS_X(4)]
	ldp	x6, x7, [sp, #FREGS_X(6)]
	ldp	x8, x29, [sp, #FREGS_X(8)]
	ldr	x30, [sp, #FREGS_LR]
	ldp	x9, x17, [sp, #FREGS_PC]	// x9, x17: dead again in func
	add	sp, sp, #ENTRY_FRAME_SIZE
	cbnz	x17, 1f
	/*
	 * "ret x9", not "br x9": the bl that got here is the return
	 * predictor's newest call, and this is its return.  A redirect to
	 * another function's entry is a return too, as far as the CPU is
	 * concerned; and a return needs no BTI landing pad there.
	 */
	ret	x9
	/*
	 * A direct ops' callback chose a trampoline (fregs->direct): enter
	 * it as the site would have, x30 into func and x9 func's return
	 * (arch_ftrace_set_direct_caller()).  Through x17, which a
	 * "bti c" pad accepts.
	 */
1:	mov	x10, x30
	mov	x30, x9
	mov	x9, x10
	br	x17
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	.size	ftrace_list_caller, .-ftrace_list_caller
#else
	.size	ftrace_caller, .-ftrace_caller
#endif

	.section .note.GNU-stack, "", %progbits
