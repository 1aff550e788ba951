/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_64_MCOUNT_FRAME_H
#define _ASM_X86_64_MCOUNT_FRAME_H
/*
 * The frames arch/x86_64/mcount.S builds around the tracer's C code, so
 * that everything the traced function has live survives it: its arguments
 * on entry (SAVE_ARGS), its return value on return (SAVE_RETVAL).  Also
 * used by tests/bench/mcount-hijack.S, which measures what they cost.
 *
 * Only integer registers: the C code they call is the event path, which
 * never touches a vector, SSE or x87 register (linux/event_path.h), so
 * the traced function's float and vector arguments, its float, vector and
 * long double results, MXCSR and the x87 control word are still where it
 * left them when the C code returns.
 */
/* where SAVE_ARGS's struct ftrace_regs starts, from mcount's %rbp */
#define FREGS		-64

/*
 * The most a realigning prologue moves %rsp down, 64 kB of padding
 * (ftrace.c's drap_ret_slot(), and the lane's test before it, fgraph_lane.S)
 */
#define DRAP_MAX_PAD	0x10000

#ifdef __ASSEMBLY__

/*
 * Build a frame (so the %rbp chain stays walkable, chapter 0) and save the
 * registers that may carry the traced function's arguments: the six
 * integer ones, %rax (a varargs call's count of vector arguments) and %r10
 * (the static chain of a nested function).  FREGS(%rbp) is their struct
 * ftrace_regs, the tracer's fregs (asm/ftrace.h).  The stack is aligned
 * for the C call: gcc's call site, inside the function's prologue,
 * promises nothing about it.
 * "leave" undoes it all.
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
	andq	$-16, %rsp
.endm

.macro RESTORE_ARGS
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

/*
 * return_to_handler's frame: the integer result in %rax/%rdx.  %rbx is
 * callee-saved: kept here, it points at the saved registers across the C
 * call (aligning the stack may have moved %rsp away from them); the sp the
 * function returned with is 24(%rbx).
 */
.macro SAVE_RETVAL
	subq	$24, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rbx, 16(%rsp)
	movq	%rsp, %rbx
	andq	$-16, %rsp
.endm

.macro RESTORE_RETVAL
	movq	%rbx, %rsp
	movq	16(%rsp), %rbx
	movq	8(%rsp), %rdx
	movq	0(%rsp), %rax
	addq	$24, %rsp
.endm

#endif /* __ASSEMBLY__ */
#endif
