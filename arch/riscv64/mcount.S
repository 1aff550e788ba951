/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 (rv64gc, lp64d) mcount: chapter 1 (HAVE_FUNCTION_TRACER).
 *
 * What gcc -O2 -pg -fno-omit-frame-pointer -mno-relax puts at the top of
 * every traced function (objdump -dr of the kit's demo.o; the order of
 * the moves varies):
 *
 *	<func>:
 *	  1101		addi  sp, sp, -32
 *	  e822		sd    s0, 16(sp)
 *	  ec06		sd    ra, 24(sp)	frame record: ra at -8(s0),
 *	  1000		addi  s0, sp, 32	the caller's s0 at -16(s0)
 *	  892a		mv    s2, a0		arguments kept in callee-saved
 *	  8506		mv    a0, ra		registers: mcount is an
 *	  00000097	auipc ra, 0x0		ordinary call to gcc
 *	  000080e7	jalr  ra		<- selfpc: the auipc
 *			(R_RISCV_CALL_PLT _mcount on the auipc)
 *	  ...
 *
 * Registers and stack on entry to _mcount:
 *
 *	ra		return into func = selfpc + MCOUNT_INSN_SIZE
 *	a0		frompc: func's own return address ("mv a0, ra")
 *	s0		func's frame pointer: -8(s0) = the slot func returns
 *			through (the same frompc), -16(s0) = the caller's s0
 *	sp		func's, 16-byte aligned
 *	a1-a7		func's 2nd to 8th integer arguments, as gcc had
 *			no reason to touch them yet (asm/ftrace.h)
 *
 * gcc emits the call as any other (its PROFILE_HOOK is a library call):
 * it has saved what it needs across it, so every caller-saved register
 * is ours, float ones included.  The kit still saves a0-a7 (the tracer's
 * fregs, and what a reader expects of an mcount), and keeps off the
 * float registers (the event path never touches them; fpu.S).  t0-t6 are
 * scratch: the linker's PLT stubs clobber t1-t3 on any call anyway.
 *
 * The whole file is assembled without compressed instructions
 * (.option norvc): ftrace_call and ftrace_graph_call, the words that
 * chapters 4 and 5 rewrite, are then 4-byte aligned and one store each.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

	.option	norvc
	EVENT_PATH_TEXT

/* reg = the doubleword at sym (pc-relative: any link, no GOT) */
	.macro	ld_sym, reg, sym
	lla	\reg, \sym
	ld	\reg, 0(\reg)
	.endm

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
 * The slow paths' frame, a gcc-like one, so that save_stack_trace() walks
 * from the tracer through us into func and its callers:
 *
 *	s0 ->	(sp on entry)
 *	-8	into func = ra		\ frame record
 *	-16	func's s0		/
 *	-24	(padding: sp stays 16-byte aligned)
 *	-32	ra again		\
 *	-128	func's s0-s11		 | the tracer's fregs (struct
 *	-192	a0-a7			/  ftrace_regs, MCOUNT_FREGS from sp)
 *
 * s0-s11 are only stored: the C code keeps them (callee-saved).  They
 * are there because gcc moved func's first argument into one of them,
 * or to a slot below its s0 (asm/ftrace.h).
 */
	.macro	mcount_enter
	addi	sp, sp, -MCOUNT_FRAME
	sd	ra, MCOUNT_FRAME - 8(sp)
	sd	s0, MCOUNT_FRAME - 16(sp)
	sd	a0, MCOUNT_FREGS + 0(sp)
	sd	a1, MCOUNT_FREGS + 8(sp)
	sd	a2, MCOUNT_FREGS + 16(sp)
	sd	a3, MCOUNT_FREGS + 24(sp)
	sd	a4, MCOUNT_FREGS + 32(sp)
	sd	a5, MCOUNT_FREGS + 40(sp)
	sd	a6, MCOUNT_FREGS + 48(sp)
	sd	a7, MCOUNT_FREGS + 56(sp)
	sd	s0, MCOUNT_FREGS + 64(sp)
	sd	s1, MCOUNT_FREGS + 72(sp)
	sd	s2, MCOUNT_FREGS + 80(sp)
	sd	s3, MCOUNT_FREGS + 88(sp)
	sd	s4, MCOUNT_FREGS + 96(sp)
	sd	s5, MCOUNT_FREGS + 104(sp)
	sd	s6, MCOUNT_FREGS + 112(sp)
	sd	s7, MCOUNT_FREGS + 120(sp)
	sd	s8, MCOUNT_FREGS + 128(sp)
	sd	s9, MCOUNT_FREGS + 136(sp)
	sd	s10, MCOUNT_FREGS + 144(sp)
	sd	s11, MCOUNT_FREGS + 152(sp)
	sd	ra, MCOUNT_FREGS + 160(sp)
	addi	s0, sp, MCOUNT_FRAME
	.endm

	.macro	mcount_exit
	ld	a0, MCOUNT_FREGS + 0(sp)
	ld	a1, MCOUNT_FREGS + 8(sp)
	ld	a2, MCOUNT_FREGS + 16(sp)
	ld	a3, MCOUNT_FREGS + 24(sp)
	ld	a4, MCOUNT_FREGS + 32(sp)
	ld	a5, MCOUNT_FREGS + 40(sp)
	ld	a6, MCOUNT_FREGS + 48(sp)
	ld	a7, MCOUNT_FREGS + 56(sp)
	ld	ra, MCOUNT_FRAME - 8(sp)
	ld	s0, MCOUNT_FRAME - 16(sp)
	addi	sp, sp, MCOUNT_FRAME
	.endm

	/*
	 * The tracer's arguments (linux/ftrace.h, ftrace_func_t), in
	 * mcount_enter's frame, ra = into func.
	 */
	.macro	tracer_args
	addi	a0, ra, -MCOUNT_INSN_SIZE	# arg 1: ip, the call site
	ld	a1, MCOUNT_FREGS + 0(sp)	# arg 2: parent_ip, the site's a0
	ld_sym	a2, function_trace_op		# arg 3: op
	addi	a3, sp, MCOUNT_FREGS		# arg 4: fregs
	.endm

	/*
	 * prepare_ftrace_return()'s arguments but selfpc, from the frame:
	 * func's s0, and the slot below it that func returns through.
	 */
	.macro	graph_args
	ld	a2, -16(s0)			# arg 3: func's s0
	addi	a0, a2, -8			# arg 1: parent, func's ra slot
	.endm

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4: _mcount is only the stub now, reached by the calls made
 * before the start-up conversion (constructors that run before ours) and
 * by sites the records do not know.  It owes them nothing.
 */
#ifdef CONFIG_FTRACE_MCOUNT_RECORD
	.globl	_mcount
	.type	_mcount, %function
	.balign	4
_mcount:
	ret
	.size	_mcount, .-_mcount
#endif

/* (chapter 8 has its own entry trampoline: entry.S) */
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * What an enabled site calls: the converted site is "auipc ra, hi;
 * jalr ra, lo(ra)" towards here (arch/riscv64/ftrace.c), so everything
 * is as on entry to _mcount above.  The tracer is called directly from
 * ftrace_call, a "jal" that ftrace_update_ftrace_func() rewrites.
 */
	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.balign	4
ftrace_caller:
	mcount_enter
	tracer_args				# ip == rec->ip
	.globl	ftrace_call
ftrace_call:
	jal	ra, ftrace_stub			# one aligned word, rewritten
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/*
	 * Chapter 5: the second patch site, "nop" while the graph tracer is
	 * off, "j ftrace_graph_caller" while it is on.  Before mcount_exit,
	 * so ftrace_graph_caller finds everything saved in this frame.
	 */
	.globl	ftrace_graph_call
ftrace_graph_call:
	nop
#endif
	mcount_exit
	ret
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Chapter 5: reached by the jump at ftrace_graph_call, in ftrace_caller's
 * frame; ra was spent on the call at ftrace_call, so "into func" comes
 * from the frame record.
 */
	.globl	ftrace_graph_caller
ftrace_graph_caller:
	graph_args
	ld	a1, -8(s0)
	addi	a1, a1, -MCOUNT_INSN_SIZE	# arg 2: selfpc
	call	prepare_ftrace_return
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
	/* the fast path: loads and compares in scratch registers only */
	ld_sym	t0, MCOUNT_TRACE_FUNCTION
	lla	t1, ftrace_stub
	bne	t0, t1, .Ltrace
.Lcheck_graph:
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/* t1 = ftrace_stub here, on both ways in */
	ld_sym	t0, ftrace_graph_return
	bne	t0, t1, ftrace_graph_caller
	ld_sym	t0, ftrace_graph_entry
	lla	t2, ftrace_graph_entry_stub
	bne	t0, t2, ftrace_graph_caller
#endif
	ret

.Ltrace:
	mcount_enter
	tracer_args
	/* reload: the tracer may have changed since the check; both are ok */
	ld_sym	t0, MCOUNT_TRACE_FUNCTION
	jalr	t0
	mcount_exit
	/* both tracers may be on: the graph one gets its turn too */
	lla	t1, ftrace_stub
	j	.Lcheck_graph
	.size	_mcount, .-_mcount
#endif /* !CONFIG_FTRACE_MCOUNT_RECORD */

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && !defined(CONFIG_DYNAMIC_FTRACE)
/*
 * Chapter 2: let prepare_ftrace_return() hijack func's return address in
 * its frame record, -8(s0): the slot its epilogue reloads ra from (every
 * traced function saves ra there, since it calls _mcount).  The copy in
 * a0 is dead after the call.
 */
	.globl	ftrace_graph_caller
	.type	ftrace_graph_caller, %function
	.balign	4
ftrace_graph_caller:
	mcount_enter
	graph_args
	addi	a1, ra, -MCOUNT_INSN_SIZE	# arg 2: selfpc
	call	prepare_ftrace_return
	mcount_exit
	ret
	.size	ftrace_graph_caller, .-ftrace_graph_caller
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Traced functions "return" here once prepare_ftrace_return() has put
 * this address in their return slot.  The function has torn its frame
 * down: sp is its caller's again (the frame's identity), s0 the caller's
 * s0 (the frame pointer test), and a0/a1 (integers, up to 16 bytes) and
 * fa0/fa1 (float and double results) hold the return value.  Keep a0/a1
 * (the event path leaves fa0/fa1 alone), ask the generic code for the
 * real return address and go there, with ra = that address as it would
 * have been without us.
 */
/*
 * Unwind information for unwinders that meet return_to_handler as the
 * return address of a hijacked function (stage2-graph/fgraph_unwind.c).
 * They look up the address minus one: this one-instruction entry in
 * front of the label.  There the frame is empty (CFA = sp, which is the
 * hijacked function's own CFA), ra is the value the hijacked function's
 * frame gave it (same value), and ftrace_graph_personality() writes the
 * real address there first.  The body has no unwind entry: a walk that
 * starts inside it (a signal) ends there.
 */
	.balign	4
	.cfi_startproc
	.cfi_personality FTRACE_PERSONALITY_ENC, ftrace_graph_personality
	.cfi_def_cfa sp, 0
	.cfi_same_value ra
	nop
	.cfi_endproc

	.globl	return_to_handler
	.type	return_to_handler, %function
return_to_handler:
	addi	sp, sp, -16
	sd	a0, 0(sp)
	sd	a1, 8(sp)
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	mv	a2, a0				# arg 3: for funcgraph-retval
#endif
	addi	a0, sp, 16			# arg 1: sp, the frame's identity
	mv	a1, s0				# arg 2: s0, for the FP test
	call	ftrace_return_to_handler
	mv	ra, a0				# the real return address
	ld	a0, 0(sp)
	ld	a1, 8(sp)
	addi	sp, sp, 16
	jr	ra
	.size	return_to_handler, .-return_to_handler
#endif

	.section .note.GNU-stack, "", %progbits
