/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_64_MCOUNT_FRAME_H
#define _ASM_X86_64_MCOUNT_FRAME_H
/*
 * The frames arch/x86_64/mcount.S builds around the tracer's C code, so
 * that everything the traced function has live survives it: its arguments
 * on entry (SAVE_ARGS), its return value on return (SAVE_RETVAL).  Also
 * used by tests/bench/mcount-hijack.S, which measures what they cost.
 */
/* where SAVE_ARGS's struct ftrace_regs starts, from mcount's %rbp */
#define FREGS		-64

#ifdef __ASSEMBLY__

#include <asm/vector_save.h>

/*
 * Build a frame (so the %rbp chain stays walkable, chapter 0) and save the
 * traced function's argument registers in it: the integer ones at fixed
 * places below %rbp (FREGS(%rbp) is their struct ftrace_regs, the
 * tracer's fregs: asm/ftrace.h), the vector ones below them, in a 64-byte
 * aligned
 * area (which also aligns the stack for the C call: gcc does not align it
 * for the mcount call, at -O0 the function's "sub $N, %rsp" comes first).
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
	andq	$-64, %rsp
	subq	$VEC_AREA, %rsp
	SAVE_VECTORS
.endm

.macro RESTORE_ARGS
	RESTORE_VECTORS
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
 * return_to_handler's frame.  Live: the return value in %rax/%rdx,
 * %xmm0/%xmm1 (or %ymm0, %zmm0), st(0)/st(1).  %rbx is callee-saved: kept
 * here, it points at the three saved registers across the C call (the
 * vector area's alignment has moved %rsp away from them); the sp the
 * function returned with is 24(%rbx).  The other vector registers are
 * dead at a return: only two are kept.
 */
.macro SAVE_RETVAL
	subq	$24, %rsp
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rbx, 16(%rsp)
	movq	%rsp, %rbx
	andq	$-64, %rsp
	subq	$VEC_AREA, %rsp
	SAVE_VECTORS 2
	SAVE_X87
.endm

.macro RESTORE_RETVAL
	RESTORE_X87
	RESTORE_VECTORS 2
	movq	%rbx, %rsp
	movq	16(%rsp), %rbx
	movq	8(%rsp), %rdx
	movq	0(%rsp), %rax
	addq	$24, %rsp
.endm

#endif /* __ASSEMBLY__ */
#endif
