/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_fpu_call(fn, arg): the one door from the event path to code that
 * may use floating-point and vector registers (linux/event_path.h).
 *
 * The traced function may have live, in registers the event path never
 * touches: vector arguments in xmm0-7, at 128, 256 or 512 bits (ymm, zmm);
 * a float, double or vector result in xmm0/xmm1 (ymm0, zmm0); a long double
 * result in st(0) (st(1) for a complex one); and MXCSR and the x87 control
 * word, whose flags it may test.  The C library a slow path calls may
 * change any of it: glibc's AVX2 string routines end with "vzeroupper",
 * which zeroes bits 128 and up of every vector register.
 *
 * So the state goes into an XSAVE area on this frame first, and XRSTOR
 * puts it back after the call, for the components XCR0 enables among:
 *	bit 0  x87		st(0)-st(7), control and status words
 *	bit 1  SSE		xmm0-15, MXCSR
 *	bit 2  AVX		bits 128-255 of ymm0-15
 *	bit 6  ZMM_Hi256	bits 256-511 of zmm0-15
 * Not the opmask registers, zmm16-31 nor AMX tiles: they never carry an
 * argument or a result, and any call may clobber them.  XSAVE marks a
 * component still in its initial state (all zero) in the header, and
 * XRSTOR puts such a component back to that state: upper halves that were
 * zero are zero again, whatever the slow path did.  A CPU or OS without
 * XSAVE has no AVX either: FXSAVE keeps x87 and SSE.
 *
 * Stack on entry: 0(%rsp) the return address; %rdi = fn, %rsi = arg.
 * fn's result comes back in %rax.
 */
#include <linux/event_path.h>

#define XSAVE_FEATURES	((1 << 0) | (1 << 1) | (1 << 2) | (1 << 6))
#define XSAVE_HEADER	512	/* XSTATE_BV, XCOMP_BV, reserved: 64 bytes */
#define FXSAVE_SIZE	512

	.data
	.align	4
fpu_size:	.long	0	/* bytes of the area; 0 until probed */
fpu_mask:	.long	0	/* XSAVE's components; 0: use FXSAVE */

	.text
/*
 * Fill fpu_mask and fpu_size from CPUID and XCR0, once (two threads doing
 * it at once write the same values).  Touches %eax-%edx, %r8, %r9.
 */
	.type	fpu_probe, @function
fpu_probe:
	pushq	%rbx			/* CPUID writes %ebx: callee-saved */
	movl	$FXSAVE_SIZE, %r9d
	xorl	%r8d, %r8d
	movl	$1, %eax
	cpuid
	btl	$27, %ecx		/* OSXSAVE: XCR0 and XSAVE exist */
	jnc	2f
	xorl	%ecx, %ecx
	xgetbv				/* %eax = XCR0, what the OS enabled */
	andl	$XSAVE_FEATURES, %eax
	movl	%eax, %r8d
	/* the area ends where the last component kept ends */
	movl	$(XSAVE_HEADER + 64), %r9d
	movl	$2, %ecx		/* AVX */
	call	1f
	movl	$6, %ecx		/* ZMM_Hi256 */
	call	1f
2:	movl	%r9d, fpu_size(%rip)
	movl	%r8d, fpu_mask(%rip)
	popq	%rbx
	ret
	/* component %ecx, if kept: %r9d = max(%r9d, its offset + size) */
1:	btl	%ecx, %r8d
	jnc	3f
	movl	$0xd, %eax
	cpuid				/* %eax = size, %ebx = offset */
	addl	%ebx, %eax
	cmpl	%eax, %r9d
	jae	3f
	movl	%eax, %r9d
3:	ret
	.size	fpu_probe, .-fpu_probe

	.globl	kernel_fpu_call
	.type	kernel_fpu_call, @function
kernel_fpu_call:
	/* unwind information: a handler's backtrace() may start in fn */
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	pushq	%rbx
	.cfi_offset %rbx, -24
	pushq	%r12
	.cfi_offset %r12, -32
	movq	%rdi, %rbx		/* fn and arg survive the probe */
	movq	%rsi, %r12
	movl	fpu_size(%rip), %eax
	testl	%eax, %eax
	jnz	1f
	call	fpu_probe
	movl	fpu_size(%rip), %eax
1:	subq	%rax, %rsp
	andq	$-64, %rsp		/* XSAVE and FXSAVE want it aligned */
	movl	fpu_mask(%rip), %eax
	testl	%eax, %eax
	jz	2f
	/*
	 * XSAVE writes only XSTATE_BV of the header; XRSTOR faults unless
	 * the rest of it is zero.
	 */
	xorl	%edx, %edx
	.irp	i, 0, 8, 16, 24, 32, 40, 48, 56
	movq	%rdx, XSAVE_HEADER + \i(%rsp)
	.endr
	xsave	(%rsp)
	jmp	3f
2:	fxsave	(%rsp)
	/*
	 * The C code expects an empty x87 stack (the ABI's state at a call)
	 * and would push over a long double result still in st(0).
	 */
3:	fninit
	movq	%r12, %rdi
	call	*%rbx
	movq	%rax, %r12		/* fn's result */
	movl	fpu_mask(%rip), %eax
	testl	%eax, %eax
	jz	4f
	xorl	%edx, %edx
	xrstor	(%rsp)
	jmp	5f
4:	fxrstor	(%rsp)
5:	movq	%r12, %rax
	leaq	-16(%rbp), %rsp
	popq	%r12
	popq	%rbx
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size	kernel_fpu_call, .-kernel_fpu_call

	.section .note.GNU-stack, "", @progbits
