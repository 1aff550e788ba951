/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 mcount: chapter 1 (HAVE_FUNCTION_TRACER).
 *
 * What gcc -O2 -pg -fno-pie puts at the top of every traced function:
 *
 *	<func>:
 *	  55			push %rbp
 *	  48 89 e5		mov  %rsp,%rbp
 *	  e8 xx xx xx xx	call mcount		<- selfpc
 *	  ...			(the body; arguments still in registers)
 *
 * Stack and registers on entry to mcount:
 *
 *	0(%rsp)		return into func = selfpc + MCOUNT_INSN_SIZE
 *	8(%rsp) = 0(%rbp)  the caller's %rbp, saved by func's prologue
 *	8(%rbp)		return into func's caller = frompc
 *	%rdi %rsi %rdx %rcx %r8 %r9	integer arguments of func
 *	%xmm0-%xmm7			float arguments of func
 *	%rax				vector-register count of a varargs call
 *	%ymm0-%ymm7, %zmm0-%zmm7	256/512-bit vector arguments: the
 *					same registers, wider
 *	%r10				static chain (nested functions)
 *
 * All of those belong to func and must reach its body unchanged.  The
 * tracer's C code is the event path (linux/event_path.h): it is built with
 * -mgeneral-regs-only and never touches a vector, SSE or x87 register, so
 * SAVE_ARGS keeps only the integer registers of that list; the vector
 * ones are never in danger.  A slow path that calls the C library goes
 * through kernel_fpu_call() (fpu.S), which saves the rest.  The kernel's
 * mcount saves no vector register for the same reason: kernel C never
 * uses one.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <asm/mcount_frame.h>

/*
 * The tracer's arguments (linux/ftrace.h, ftrace_func_t), in mcount's
 * frame after SAVE_ARGS: 8(%rbp) is the return into func, 0(%rbp) func's
 * own %rbp, above which sits the return into func's caller.
 */
.macro TRACER_ARGS
	movq	8(%rbp), %rdi
	subq	$MCOUNT_INSN_SIZE, %rdi	/* arg 1: ip, the call site */
	movq	0(%rbp), %rsi		/* func's frame pointer */
	movq	8(%rsi), %rsi		/* arg 2: parent_ip */
	movq	function_trace_op(%rip), %rdx	/* arg 3: op */
	leaq	FREGS(%rbp), %rcx	/* arg 4: fregs, SAVE_ARGS's area */
.endm

/*
 * "cmpq $sym, mem": sym's address as an immediate.  A PIE's runtime
 * (CONFIG_PIE, built -fPIE: gcc's __PIC__) has no link-time address to put
 * there, so it takes sym %rip-relative into %r11 first: no argument is
 * passed in %r11 and no call keeps it (the loader's PLT stubs clobber it).
 */
.macro CMP_ADDR sym, mem
#ifdef __PIC__
	leaq	\sym(%rip), %r11
	cmpq	%r11, \mem
#else
	cmpq	$\sym, \mem
#endif
.endm

	EVENT_PATH_TEXT

/*
 * ftrace_stub: the "no tracer" value of ftrace_trace_function.  mcount only
 * compares against it; it is still a real function so the pointer is always
 * safe to call.
 */
	.globl	ftrace_stub
	.type	ftrace_stub, @function
ftrace_stub:
	ret
	.size	ftrace_stub, .-ftrace_stub

/*
 * Chapters 1 and 2; and chapter 4's ftraced design, where the sites call
 * mcount until the daemon patched them and mcount records them
 * (MCOUNT_TRACE_FUNCTION, linux/ftrace.h).
 */
#ifndef CONFIG_FTRACE_MCOUNT_RECORD
	.globl	mcount
	.type	mcount, @function
mcount:
	/*
	 * The fast path: compares only, no register touched (in a PIE's
	 * runtime, %r11 alone: CMP_ADDR).  It stays a straight line to
	 * "ret" so that with no tracer a call costs a few loads, compares
	 * and not-taken branches.
	 */
	CMP_ADDR ftrace_stub, MCOUNT_TRACE_FUNCTION(%rip)
	jne	trace
.Lcheck_graph:
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	CMP_ADDR ftrace_stub, ftrace_graph_return(%rip)
	jne	ftrace_graph_caller
	CMP_ADDR ftrace_graph_entry_stub, ftrace_graph_entry(%rip)
	jne	ftrace_graph_caller
#endif
	ret

trace:
	SAVE_ARGS
	TRACER_ARGS
	call	*MCOUNT_TRACE_FUNCTION(%rip)
	RESTORE_ARGS
	/* both tracers may be on: the graph one gets its turn too */
	jmp	.Lcheck_graph
	.size	mcount, .-mcount
#endif /* !CONFIG_FTRACE_MCOUNT_RECORD */

/* (chapter 8 has its own entry trampoline: fentry.S) */
#if defined(CONFIG_DYNAMIC_FTRACE) && !defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)
/*
 * Chapter 4.  Every site is a 5-byte NOP (0f 1f 44 00 00) while its function
 * is not traced, and "call ftrace_caller" (e8 <rel32>) while it is; the
 * stack on entry to ftrace_caller is the one described above for mcount.
 *
 * mcount is only reached by sites not converted yet: calls made by
 * constructors that run before the start-up conversion.  It does nothing.
 */
#ifdef CONFIG_FTRACE_MCOUNT_RECORD
	.globl	mcount
	.type	mcount, @function
mcount:
	ret
	.size	mcount, .-mcount
#endif

/*
 * ftrace_caller is only reached from enabled sites, so it needs no test:
 * it saves what belongs to the traced function and calls the tracer.  The
 * call at ftrace_call is itself patched (ftrace_update_ftrace_func()) to
 * call the current tracer directly: ftrace_stub at first.
 */
	.globl	ftrace_caller
	.type	ftrace_caller, @function
ftrace_caller:
	SAVE_ARGS
	TRACER_ARGS			/* ip is rec->ip */
	.globl	ftrace_call
ftrace_call:
	call	ftrace_stub		/* 5 bytes, rewritten in place */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/*
	 * Chapter 5.  The second patch site: the 5-byte NOP while the graph
	 * tracer is off, "jmp ftrace_graph_caller" (e9 <rel32>) while it is
	 * on (ftrace_enable_ftrace_graph_caller()).  It sits before
	 * RESTORE_ARGS so ftrace_graph_caller finds the registers already
	 * saved in this frame: one save and restore per call for both tracers.
	 */
	.globl	ftrace_graph_call
ftrace_graph_call:
	.byte	0x0f, 0x1f, 0x44, 0x00, 0x00	/* nopl 0x0(%rax,%rax,1) */
#endif
	RESTORE_ARGS
	ret
	.size	ftrace_caller, .-ftrace_caller

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Chapter 5.  Reached by the jump at ftrace_graph_call, inside
 * ftrace_caller's frame, not from the call site: %rbp is ftrace_caller's
 * frame pointer, so 8(%rbp) is the return into func and 0(%rbp) func's own
 * %rbp, as for the chapter 2 version after its SAVE_ARGS; the traced
 * function's registers are already saved below %rbp, and the tracer
 * called at ftrace_call may have clobbered the live ones, so everything
 * is read from the frame.  It ends ftrace_caller: restore and return into
 * func.
 */
	.globl	ftrace_graph_caller
	.type	ftrace_graph_caller, @function
ftrace_graph_caller:
	movq	0(%rbp), %rdx		/* func's frame pointer */
	leaq	8(%rdx), %rdi		/* arg 1: parent, func's return slot */
	movq	8(%rbp), %rsi
	subq	$MCOUNT_INSN_SIZE, %rsi	/* arg 2: selfpc = rec->ip */
	movq	0(%rdx), %rdx		/* arg 3: caller's %rbp */
	/*
	 * prepare_ftrace_return(), after the lane (fgraph_lane.S: the
	 * common call in assembly, the C for the rest); %rsp is still
	 * 16-byte aligned for the C
	 */
	call	fgraph_lane_enter
	RESTORE_ARGS
	ret
	.size	ftrace_graph_caller, .-ftrace_graph_caller
#endif
#endif /* CONFIG_DYNAMIC_FTRACE && !CONFIG_DYNAMIC_FTRACE_WITH_ARGS */

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && !defined(CONFIG_DYNAMIC_FTRACE)
/*
 * Chapter 2.  ftrace_graph_caller is reached from mcount with the stack as
 * on entry to mcount.  func's return slot is 8(func's %rbp); the frame
 * pointer for the FP test is the caller's %rbp, which func's prologue saved
 * at 0(func's %rbp) and its epilogue will put back in %rbp.
 */
	.globl	ftrace_graph_caller
	.type	ftrace_graph_caller, @function
ftrace_graph_caller:
	SAVE_ARGS
	movq	0(%rbp), %rdx		/* func's frame pointer */
	leaq	8(%rdx), %rdi		/* arg 1: parent, func's return slot */
	movq	8(%rbp), %rsi
	subq	$MCOUNT_INSN_SIZE, %rsi	/* arg 2: selfpc */
	movq	0(%rdx), %rdx		/* arg 3: caller's %rbp */
	call	fgraph_lane_enter	/* then prepare_ftrace_return() */
	RESTORE_ARGS
	ret
	.size	ftrace_graph_caller, .-ftrace_graph_caller
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * return_to_handler: func's "ret" lands here instead of in its caller.
 * Live now: the return value in %rax/%rdx (integers, up to 128 bits),
 * %xmm0/%xmm1 (float, double, small structs), %ymm0 / %zmm0 (vectors),
 * st(0)/st(1) (long double, complex long double), and the caller's %rbp.
 * %rcx, %rsi, %rdi and %r8-%r11 are dead (caller-saved, never return
 * registers): scratch.  The lane pushes %rax and %rdx, SAVE_RETVAL
 * (asm/mcount_frame.h) keeps them for the C; the event path leaves the
 * others alone.
 */
/*
 * Unwind information for unwinders that meet return_to_handler as the
 * return address of a hijacked function (stage2-graph/fgraph_unwind.c).
 * They look up the address minus one: this one-byte entry in front of the
 * label.  There the frame is empty (CFA = %rsp, which is the hijacked
 * function's own CFA), the return address is where that function left it
 * (same value: its slot), and ftrace_graph_personality() writes the real
 * address into that slot first.  The body has no unwind entry: a walk
 * that starts inside it (a signal) ends there.
 */
	.cfi_startproc
	.cfi_personality FTRACE_PERSONALITY_ENC, ftrace_graph_personality
	.cfi_def_cfa %rsp, 0
	.cfi_same_value 16
	nop
	.cfi_endproc

	.globl	return_to_handler
	.type	return_to_handler, @function
return_to_handler:
	/*
	 * The lane first (fgraph_lane.S): it needs only the two return
	 * registers saved, not SAVE_RETVAL's aligned frame, and jumps on to
	 * the real return address itself.  What it does not take comes back
	 * below, to the C, with the stack as it is here.
	 */
	pushq	%rax
	pushq	%rdx
	jmp	fgraph_lane_return
	.size	return_to_handler, .-return_to_handler

	.globl	return_to_handler_full
	.type	return_to_handler_full, @function
return_to_handler_full:
	SAVE_RETVAL
	/* arg 1: sp on entry, the frame's identity (%rbx: SAVE_RETVAL) */
	leaq	24(%rbx), %rdi
	/* arg 2: frame pointer for the FP test */
	movq	%rbp, %rsi
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	movq	%rax, %rdx		/* arg 3: for funcgraph-retval */
#endif
	call	ftrace_return_to_handler
	movq	%rax, %r10		/* the real return address */
	RESTORE_RETVAL
	jmp	*%r10
	.size	return_to_handler_full, .-return_to_handler_full
#endif

	.section .note.GNU-stack, "", @progbits
