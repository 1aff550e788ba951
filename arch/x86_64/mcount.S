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
 * All of those belong to func and must reach its body unchanged; the
 * tracer is ordinary C, free to use every caller-saved register, and it
 * calls the C library (the first event of a thread claims a buffer:
 * prctl, strcmp, snprintf...), whose AVX2 string routines end with
 * "vzeroupper": that clears the upper halves of ymm0-7 / zmm0-7.  Saving
 * %xmm0-7 is not enough; the slow paths save the whole vector state the
 * CPU has (XSAVE, sized by CPUID) and the fast path saves nothing.  (The
 * kernel can skip the vector registers: kernel C never touches them.)
 */
#include <linux/ftrace.h>

/*
 * The vector and x87 state a traced function may have live at mcount or
 * at its return, as XSAVE state components (CPUID leaf 0xD numbering):
 * x87 (st(0)/st(1): long double returns; also the control word), SSE
 * (xmm0-7, MXCSR), AVX (upper halves of ymm0-7) and ZMM_Hi256 (upper
 * halves of zmm0-7).  zmm16-31 and the mask registers never carry
 * arguments or return values, so they are not saved.
 */
#define XSTATE_LIVE	((1 << 0) | (1 << 1) | (1 << 2) | (1 << 6))
#define XSAVE_HEADER	512	/* after the 512-byte legacy (FXSAVE) area */

	.bss
	.align	4
/* bytes an XSAVE of xstate_mask needs; 0 until xstate_probe has run */
xstate_size:	.long	0
/* XSTATE_LIVE & XCR0; 0: no XSAVE (no AVX either), FXSAVE is enough */
xstate_mask:	.long	0

	.text
/*
 * Fill xstate_mask and xstate_size from CPUID, once (a second thread doing
 * it at the same time writes the same values).  Called from SAVE_XSTATE
 * with the caller-saved registers already saved; CPUID clobbers %rbx,
 * which is callee-saved, so it is kept.  Touches %eax-%edx only.
 */
	.type	xstate_probe, @function
xstate_probe:
	pushq	%rbx
	movl	$1, %eax
	cpuid
	movl	$512, %ebx		/* FXSAVE: the legacy area only */
	btl	$27, %ecx		/* OSXSAVE: XSAVE enabled by the OS */
	jnc	2f
	xorl	%ecx, %ecx
	xgetbv				/* %edx:%eax = XCR0, what the OS enabled */
	andl	$XSTATE_LIVE, %eax
	movl	%eax, xstate_mask(%rip)
	/*
	 * In XSAVE's standard layout every component has a fixed offset, the
	 * higher the component the higher the offset: the area ends with
	 * the highest component saved (CPUID 0xD sub-leaf i: %eax = size,
	 * %ebx = offset); with neither AVX part, at the end of the header.
	 */
	movl	$6, %ecx
	btl	$6, %eax
	jc	1f
	movl	$2, %ecx
	btl	$2, %eax
	jc	1f
	movl	$(XSAVE_HEADER + 64), %ebx
	jmp	2f
1:	movl	$0xd, %eax
	cpuid
	addl	%eax, %ebx
2:	addl	$63, %ebx		/* whole 64-byte lines */
	andl	$-64, %ebx
	/* last: a thread that sees the size sees the mask too (x86 TSO) */
	movl	%ebx, xstate_size(%rip)
	popq	%rbx
	ret
	.size	xstate_probe, .-xstate_probe

/*
 * Save the vector/x87 state in a 64-byte aligned area below %rsp (XSAVE
 * wants that alignment; the C call then finds %rsp 16-byte aligned), and
 * leave %rsp at the area.  Clobbers %rax, %rcx, %rdx, which the caller
 * has saved.  XRSTOR faults unless the header bytes XSAVE does not write
 * are zero, so the header is cleared first: it is fresh stack.
 * "fninit" then gives the C code what the ABI promises at a call: an
 * empty x87 stack (return_to_handler may hold a long double in st(0))
 * and the default control word; XRSTOR brings the function's back.
 */
.macro SAVE_XSTATE
	movl	xstate_size(%rip), %eax
	testl	%eax, %eax
	jnz	1f
	call	xstate_probe
	movl	xstate_size(%rip), %eax
1:	subq	%rax, %rsp
	andq	$-64, %rsp
	movl	xstate_mask(%rip), %eax
	testl	%eax, %eax
	jz	2f
	xorl	%edx, %edx		/* %edx:%eax = the components to save */
	movq	$0, XSAVE_HEADER + 0(%rsp)
	movq	$0, XSAVE_HEADER + 8(%rsp)
	movq	$0, XSAVE_HEADER + 16(%rsp)
	movq	$0, XSAVE_HEADER + 24(%rsp)
	movq	$0, XSAVE_HEADER + 32(%rsp)
	movq	$0, XSAVE_HEADER + 40(%rsp)
	movq	$0, XSAVE_HEADER + 48(%rsp)
	movq	$0, XSAVE_HEADER + 56(%rsp)
	xsave64	(%rsp)
	jmp	3f
2:	fxsave64 (%rsp)
3:	fninit
.endm

/* Undo SAVE_XSTATE's saving (not its %rsp): %rsp must be at the area. */
.macro RESTORE_XSTATE
	movl	xstate_mask(%rip), %eax
	testl	%eax, %eax
	jz	2f
	xorl	%edx, %edx
	xrstor64 (%rsp)
	jmp	3f
2:	fxrstor64 (%rsp)
3:
.endm

/*
 * Build a frame (so the %rbp chain stays walkable, chapter 0) and save the
 * traced function's argument registers in it: the integer ones at fixed
 * places below %rbp, the vector state below them (SAVE_XSTATE also aligns
 * the stack, which gcc does not do for the mcount call: at -O0 the
 * function's "sub $N, %rsp" comes first).  "leave" undoes it all.
 */
.macro SAVE_ARGS
	pushq	%rbp
	movq	%rsp, %rbp
	subq	$64, %rsp
	movq	%rax, -8(%rbp)
	movq	%rdi, -16(%rbp)
	movq	%rsi, -24(%rbp)
	movq	%rdx, -32(%rbp)
	movq	%rcx, -40(%rbp)
	movq	%r8, -48(%rbp)
	movq	%r9, -56(%rbp)
	movq	%r10, -64(%rbp)
	SAVE_XSTATE
.endm

.macro RESTORE_ARGS
	RESTORE_XSTATE
	movq	-64(%rbp), %r10
	movq	-56(%rbp), %r9
	movq	-48(%rbp), %r8
	movq	-40(%rbp), %rcx
	movq	-32(%rbp), %rdx
	movq	-24(%rbp), %rsi
	movq	-16(%rbp), %rdi
	movq	-8(%rbp), %rax
	leave
.endm

	.text

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

	.globl	mcount
	.type	mcount, @function
mcount:
	/*
	 * The fast path: compares only, no register touched.  It stays a
	 * straight line to "ret" so that with no tracer a call costs a few
	 * loads, compares and not-taken branches.
	 */
	cmpq	$ftrace_stub, ftrace_trace_function(%rip)
	jne	trace
.Lcheck_graph:
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	cmpq	$ftrace_stub, ftrace_graph_return(%rip)
	jne	ftrace_graph_caller
	cmpq	$ftrace_graph_entry_stub, ftrace_graph_entry(%rip)
	jne	ftrace_graph_caller
#endif
	ret

trace:
	SAVE_ARGS
	movq	0(%rbp), %rdi		/* func's frame pointer */
	movq	8(%rdi), %rdi		/* arg 1: frompc */
	movq	8(%rbp), %rsi
	subq	$MCOUNT_INSN_SIZE, %rsi	/* arg 2: selfpc */
	call	*ftrace_trace_function(%rip)
	RESTORE_ARGS
	/* both tracers may be on: the graph one gets its turn too */
	jmp	.Lcheck_graph
	.size	mcount, .-mcount

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
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
	call	prepare_ftrace_return
	RESTORE_ARGS
	ret
	.size	ftrace_graph_caller, .-ftrace_graph_caller

/*
 * return_to_handler: func's "ret" lands here instead of in its caller.
 * Live now: the return value in %rax/%rdx (integers, up to 128 bits),
 * %xmm0/%xmm1 (float, double, small structs), %ymm0 / %zmm0 (vectors),
 * st(0)/st(1) (long double, complex long double), and the caller's %rbp.
 * %r10 and %r11 are dead (caller-saved, never return registers): scratch.
 * %rbx is callee-saved: kept here, it points at this save area across the
 * C call, which the vector area's alignment has moved %rsp away from.
 */
	.globl	return_to_handler
	.type	return_to_handler, @function
return_to_handler:
	subq	$24, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rbx, 16(%rsp)
	movq	%rsp, %rbx
	SAVE_XSTATE
	/* arg 1: frame pointer for the FP test */
	movq	%rbp, %rdi
	call	ftrace_return_to_handler
	movq	%rax, %r10		/* the real return address */
	RESTORE_XSTATE
	movq	%rbx, %rsp
	movq	16(%rsp), %rbx
	movq	8(%rsp), %rdx
	movq	0(%rsp), %rax
	addq	$24, %rsp
	jmp	*%r10
	.size	return_to_handler, .-return_to_handler
#endif

	.section .note.GNU-stack, "", @progbits
