/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64 mcount: chapter 1 (HAVE_FUNCTION_TRACER).
 *
 * What gcc -O2 -pg puts at the top of every traced function
 * (aarch64-linux-gnu-objdump -dr of the kit's demo.o):
 *
 *	<func>:
 *	  a9be7bfd	stp	x29, x30, [sp, #-32]!	frame record
 *	  910003fd	mov	x29, sp			x29 -> the record
 *	  f9000bf3	str	x19, [sp, #16]		callee-saved
 *	  2a0003f3	mov	w19, w0			argument kept
 *	  d50320ff	xpaclri			x30 without its PAC
 *	  aa1e03e0	mov	x0, x30			frompc
 *	  94000000	bl	_mcount		<- selfpc (R_AARCH64_CALL26)
 *
 * gcc treats the call as an ordinary one: whatever the function still
 * needs after it (its arguments, x8's result address) it has moved into
 * callee-saved registers or its frame first, and it expects x0-x18 and
 * v0-v7 clobbered.  The frame record is the function's own; where it sits
 * in the frame depends on the prologue (arch/aarch64/prologue.c).
 *
 * Registers and stack on entry to _mcount:
 *
 *	x0	frompc: the return address into func's caller
 *	x30	the return into func = selfpc + MCOUNT_INSN_SIZE
 *	x29	func's frame record: [x29] = the caller's x29,
 *		[x29, #8] = the slot func returns through (frompc again,
 *		unless -mbranch-protection signed it)
 *	x1-x7	whatever func left there (maybe arguments still)
 *	sp	func's sp, 16-byte aligned as always on AArch64
 *	x16 x17	free: the intra-procedure-call registers, which any
 *		linker veneer or PLT entry may clobber on a bl
 *
 * The fast path uses x16, x17 and the flags only.  The slow paths save
 * x0-x8 anyway (conservative: nothing costs less than being wrong about
 * what a caller keeps), x19-x28 for the tracer's fregs, and never a
 * floating-point register: the tracer's C code is the event path
 * (linux/event_path.h), built with -mgeneral-regs-only; a slow path that
 * calls the C library goes through kernel_fpu_call() (fpu.S).
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

/* reg = &sym, or reg = the word at sym: +-4 GB, no literal pool */
	.macro	adr_l, reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, #:lo12:\sym
	.endm

	.macro	ldr_l, reg, sym
	adrp	\reg, \sym
	ldr	\reg, [\reg, #:lo12:\sym]
	.endm

	EVENT_PATH_TEXT

/*
 * ftrace_stub: the "no tracer" value of ftrace_trace_function.  mcount only
 * compares against it; it is still a real function so the pointer is always
 * safe to call.
 */
	.globl	ftrace_stub
	.type	ftrace_stub, %function
	.balign	4
ftrace_stub:
	ret
	.size	ftrace_stub, .-ftrace_stub

/*
 * The slow paths' frame, MCOUNT_FRAME_SIZE bytes (asm/ftrace.h):
 *
 *	[sp]		func's x29	\ a frame record of our own, so that
 *	[sp, #8]	into func	/ save_stack_trace() walks through
 *					  us into func and its callers
 *	[sp, #16]	struct ftrace_regs: x0-x8, x19-x28, func's x29,
 *			into func, func's sp
 *
 * x29 points at it; sp stays 16-byte aligned.
 */
	.macro	mcount_enter
	stp	x29, x30, [sp, #-MCOUNT_FRAME_SIZE]!
	stp	x29, x30, [sp, #FREGS_FP]	// fregs->fp, fregs->lr
	mov	x29, sp
	stp	x0, x1, [sp, #FREGS_X(0)]
	stp	x2, x3, [sp, #FREGS_X(2)]
	stp	x4, x5, [sp, #FREGS_X(4)]
	stp	x6, x7, [sp, #FREGS_X(6)]
	str	x8, [sp, #FREGS_X(8)]
	/* only read (arguments the prologue moved); the C code keeps them */
	stp	x19, x20, [sp, #FREGS_X19]
	stp	x21, x22, [sp, #(FREGS_X19 + 16)]
	stp	x23, x24, [sp, #(FREGS_X19 + 32)]
	stp	x25, x26, [sp, #(FREGS_X19 + 48)]
	stp	x27, x28, [sp, #(FREGS_X19 + 64)]
	add	x16, sp, #MCOUNT_FRAME_SIZE
	str	x16, [sp, #FREGS_SP]
	.endm

	/* the tracer's arguments (linux/ftrace.h, ftrace_func_t) */
	.macro	tracer_args
	ldr	x1, [x29, #FREGS_X(0)]	// arg 2: parent_ip = frompc
	ldr	x0, [x29, #8]
	sub	x0, x0, #MCOUNT_INSN_SIZE	// arg 1: ip, the call site
	ldr_l	x2, function_trace_op	// arg 3: op
	add	x3, x29, #MCOUNT_FREGS	// arg 4: fregs
	.endm

	/* undo mcount_enter: x29 = func's, x30 = into func again */
	.macro	mcount_exit
	ldp	x0, x1, [sp, #FREGS_X(0)]
	ldp	x2, x3, [sp, #FREGS_X(2)]
	ldp	x4, x5, [sp, #FREGS_X(4)]
	ldp	x6, x7, [sp, #FREGS_X(6)]
	ldr	x8, [sp, #FREGS_X(8)]
	ldp	x29, x30, [sp], #MCOUNT_FRAME_SIZE
	.endm

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4: _mcount is only the stub now.  It runs for calls made before
 * the sites are converted (constructors that run before ours) and for any
 * site the records do not know: the function resumes, untraced.
 */
#ifdef CONFIG_FTRACE_MCOUNT_RECORD
	.globl	_mcount
	.type	_mcount, %function
	.balign	4
_mcount:
	ret
	.size	_mcount, .-_mcount
#endif

/* (chapter 8 has its own ftrace_caller, before the prologue: entry.S) */
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * What an enabled site calls: its "bl _mcount" became "bl ftrace_caller"
 * (arch/aarch64/ftrace.c), the "mov x0, x30" before it stayed, so the
 * registers are those of a stage 1 _mcount entry.  A library's site gets
 * here through its module PLT (module_plt.S), which only uses x16 and x17.
 * The tracer is called directly from ftrace_call, a "bl" that
 * ftrace_update_ftrace_func() rewrites.
 */
	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.balign	4
ftrace_caller:
	mcount_enter
	tracer_args			// ip == rec->ip
	.globl	ftrace_call
ftrace_call:
	bl	ftrace_stub
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/*
	 * Chapter 5: the second patch site.  A nop while the graph tracer
	 * is off, "b ftrace_graph_caller" while it is on (one word,
	 * ftrace_enable_ftrace_graph_caller()).  It comes before
	 * mcount_exit: ftrace_graph_caller works in this very frame, so
	 * nothing is saved twice.
	 */
	.globl	ftrace_graph_call
ftrace_graph_call:
	nop
#endif
	mcount_exit
	ret
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Chapter 5: reached by the branch at ftrace_graph_call, inside
 * ftrace_caller's frame (x29 = it); x30 was spent on the bl at
 * ftrace_call, so "into func" comes from the frame record.  The arguments
 * are stage 2's, and so is prepare_ftrace_return().
 */
	.globl	ftrace_graph_caller
ftrace_graph_caller:
	ldr	x2, [x29]		// arg 3: func's x29
	add	x0, x2, #8		// arg 1: parent, func's saved x30
	ldr	x1, [x29, #8]
	sub	x1, x1, #MCOUNT_INSN_SIZE	// arg 2: selfpc
	bl	prepare_ftrace_return
	mcount_exit
	ret
#endif
	.size	ftrace_caller, .-ftrace_caller
#endif /* !CONFIG_DYNAMIC_FTRACE_WITH_ARGS */
#endif /* CONFIG_DYNAMIC_FTRACE */

/*
 * Chapters 1 and 2; and chapter 4's ftraced design, where the sites call
 * _mcount until the daemon converted them and it records them
 * (MCOUNT_TRACE_FUNCTION, linux/ftrace.h).
 */
#ifndef CONFIG_FTRACE_MCOUNT_RECORD
	.globl	_mcount
	.type	_mcount, %function
	.balign	4
_mcount:
	/*
	 * The fast path: two loads, compares and not-taken branches in
	 * x16/x17 (free at any bl), then "ret" into func.
	 */
	ldr_l	x16, MCOUNT_TRACE_FUNCTION
	adr_l	x17, ftrace_stub
	cmp	x16, x17
	b.ne	.Ltrace
.Lcheck_graph:
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/* x17 = ftrace_stub here, on both ways in */
	ldr_l	x16, ftrace_graph_return
	cmp	x16, x17
	b.ne	ftrace_graph_caller
	ldr_l	x16, ftrace_graph_entry
	adr_l	x17, ftrace_graph_entry_stub
	cmp	x16, x17
	b.ne	ftrace_graph_caller
#endif
	ret

.Ltrace:
	mcount_enter
	tracer_args
	/* reload: the tracer may have changed since the check; both are ok */
	ldr_l	x16, MCOUNT_TRACE_FUNCTION
	blr	x16
	mcount_exit
	/* both tracers may be on: the graph one gets its turn too */
	adr_l	x17, ftrace_stub
	b	.Lcheck_graph
	.size	_mcount, .-_mcount
#endif /* !CONFIG_FTRACE_MCOUNT_RECORD */

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && !defined(CONFIG_DYNAMIC_FTRACE)
/*
 * Chapter 2: let prepare_ftrace_return() hijack func's return address.
 * The slot is the x30 half of func's frame record, which its epilogue
 * ("ldp x29, x30, [sp], #N; ret") returns through; the record is func's
 * own even in a leaf, since the mcount call made it a caller.  The
 * frame's identity (the sp func returns with) is not on hand here: the C
 * code reads it from the prologue (arch/aarch64/ftrace.c).
 */
	.globl	ftrace_graph_caller
	.type	ftrace_graph_caller, %function
ftrace_graph_caller:
	mcount_enter
	ldr	x2, [x29]		// arg 3: func's x29
	add	x0, x2, #8		// arg 1: parent, func's saved x30
	ldr	x1, [x29, #8]
	sub	x1, x1, #MCOUNT_INSN_SIZE	// arg 2: selfpc
	bl	prepare_ftrace_return
	mcount_exit
	ret
	.size	ftrace_graph_caller, .-ftrace_graph_caller
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Unwind information for unwinders that meet return_to_handler as the
 * return address of a hijacked function (stage2-graph/fgraph_unwind.c).
 * They look up the address minus one: this one-word entry in front of the
 * label.  There the frame is empty (CFA = sp, the hijacked function's own
 * CFA), the return address is where that function left it (x30: same
 * value, its slot), and ftrace_graph_personality() writes the real
 * address into that slot first.  The body has no unwind entry: a walk
 * that starts inside it (a signal) ends there.
 */
	.cfi_startproc
	.cfi_personality FTRACE_PERSONALITY_ENC, ftrace_graph_personality
	.cfi_def_cfa sp, 0
	.cfi_same_value x30
	nop
	.cfi_endproc

/*
 * Traced functions "return" here once prepare_ftrace_return() has put this
 * address in their frame record.  The function has torn its frame down:
 * sp is the one it was called with, x29 its caller's again (what the FP
 * test compares), and the result is live in x0-x1 (integers, composites
 * up to 16 bytes), v0-v3 (float, double, vector, homogeneous aggregates)
 * or memory through x8.  x0-x8 are kept here, all a result or its address
 * could be in; the event path leaves v0-v7, FPCR and FPSR alone.  Then on to the real return address with
 * "ret", which the return predictor expects.
 */
	.globl	return_to_handler
	.type	return_to_handler, %function
	.balign	4
return_to_handler:
	stp	x0, x1, [sp, #-80]!
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	str	x8, [sp, #64]
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	mov	x2, x0			// arg 3: the result, for funcgraph-retval
#endif
	add	x0, sp, #80		// arg 1: sp, the frame's identity
	mov	x1, x29			// arg 2: x29, for the FP test
	bl	ftrace_return_to_handler
	mov	x30, x0			// the real return address
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldr	x8, [sp, #64]
	ldp	x0, x1, [sp], #80
	ret
	.size	return_to_handler, .-return_to_handler
#endif

	.section .note.GNU-stack, "", %progbits
