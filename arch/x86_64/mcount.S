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
 *	%r10				static chain (nested functions)
 *
 * All of those belong to func and must reach its body unchanged; the
 * tracer is ordinary C, free to use every caller-saved register, SSE
 * included, so mcount saves them all around the call (the kernel can skip
 * the vector registers: kernel C never touches them).
 */
#include <linux/ftrace.h>

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
	 * The fast path: one compare, no register touched.  It stays a
	 * straight line to "ret" so the common case costs a load, a compare
	 * and a not-taken branch.
	 */
	cmpq	$ftrace_stub, ftrace_trace_function(%rip)
	jne	trace
	ret

trace:
	/* A frame of our own keeps the %rbp chain walkable (chapter 0). */
	pushq	%rbp
	movq	%rsp, %rbp
	/*
	 * gcc does not align the stack for the mcount call (at -O0 the
	 * function's "sub $N, %rsp" comes first): align it ourselves, for
	 * movaps and for the C we call.  "leave" undoes it.
	 */
	andq	$-16, %rsp
	/* 7 GPRs + 8 XMMs = 184 bytes, rounded up to stay aligned */
	subq	$192, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdi, 8(%rsp)
	movq	%rsi, 16(%rsp)
	movq	%rdx, 24(%rsp)
	movq	%rcx, 32(%rsp)
	movq	%r8, 40(%rsp)
	movq	%r9, 48(%rsp)
	movq	%r10, 56(%rsp)
	movaps	%xmm0, 64(%rsp)
	movaps	%xmm1, 80(%rsp)
	movaps	%xmm2, 96(%rsp)
	movaps	%xmm3, 112(%rsp)
	movaps	%xmm4, 128(%rsp)
	movaps	%xmm5, 144(%rsp)
	movaps	%xmm6, 160(%rsp)
	movaps	%xmm7, 176(%rsp)

	movq	0(%rbp), %rdi		/* func's frame pointer */
	movq	8(%rdi), %rdi		/* arg 1: frompc */
	movq	8(%rbp), %rsi
	subq	$MCOUNT_INSN_SIZE, %rsi	/* arg 2: selfpc */
	call	*ftrace_trace_function(%rip)

	movaps	176(%rsp), %xmm7
	movaps	160(%rsp), %xmm6
	movaps	144(%rsp), %xmm5
	movaps	128(%rsp), %xmm4
	movaps	112(%rsp), %xmm3
	movaps	96(%rsp), %xmm2
	movaps	80(%rsp), %xmm1
	movaps	64(%rsp), %xmm0
	movq	56(%rsp), %r10
	movq	48(%rsp), %r9
	movq	40(%rsp), %r8
	movq	32(%rsp), %rcx
	movq	24(%rsp), %rdx
	movq	16(%rsp), %rsi
	movq	8(%rsp), %rdi
	movq	0(%rsp), %rax
	leave
	ret
	.size	mcount, .-mcount

	.section .note.GNU-stack, "", @progbits
