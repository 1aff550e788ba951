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

	EVENT_PATH_TEXT

	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.balign	4
ftrace_caller:
	sub	sp, sp, #ENTRY_FRAME_SIZE
	stp	x0, x1, [sp, #FREGS_X(0)]
	stp	x2, x3, [sp, #FREGS_X(2)]
	stp	x4, x5, [sp, #FREGS_X(4)]
	stp	x6, x7, [sp, #FREGS_X(6)]
	stp	x8, x29, [sp, #FREGS_X(8)]	// x8, then fregs->fp
	add	x10, sp, #ENTRY_FRAME_SIZE	// func's sp on entry
	stp	x9, x10, [sp, #FREGS_LR]	// fregs->lr, fregs->sp
	str	x30, [sp, #FREGS_PC]		// fregs->pc: back into func
	/* the two frame records, func's first: ours links to it */
	stp	x29, x9, [sp, #(FREGS_SIZE + 16)]
	add	x29, sp, #(FREGS_SIZE + 16)
	stp	x29, x30, [sp, #FREGS_SIZE]
	add	x29, sp, #FREGS_SIZE

	sub	x0, x30, #AARCH64_INSN_SIZE	// arg 1: ip = rec->ip, the bl
	mov	x1, x9				// arg 2: parent_ip
	adrp	x2, function_trace_op
	ldr	x2, [x2, #:lo12:function_trace_op]	// arg 3: op
	mov	x3, sp				// arg 4: fregs
	.globl	ftrace_call
ftrace_call:
	bl	ftrace_stub			// rewritten in place

	/*
	 * The C code kept x19-x28 (callee-saved); x29 is ours, so it comes
	 * back from fregs->fp.  x30 from fregs->lr: a graph hook lands there.
	 */
	ldp	x0, x1, [sp, #FREGS_X(0)]
	ldp	x2, x3, [sp, #FREGS_X(2)]
	ldp	x4, x5, [sp, #FREGS_X(4)]
	ldp	x6, x7, [sp, #FREGS_X(6)]
	ldp	x8, x29, [sp, #FREGS_X(8)]
	ldr	x30, [sp, #FREGS_LR]
	ldr	x9, [sp, #FREGS_PC]		// x9: dead again in func
	add	sp, sp, #ENTRY_FRAME_SIZE
	/*
	 * "ret x9", not "br x9": the bl that got here is the return
	 * predictor's newest call, and this is its return.  A redirect to
	 * another function's entry is a return too, as far as the CPU is
	 * concerned; and a return needs no BTI landing pad there.
	 */
	ret	x9
	.size	ftrace_caller, .-ftrace_caller

	.section .note.GNU-stack, "", %progbits
