/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the CPU and OS provide for arch/x86_64/mcount.S's vector save
 * (asm/vector_save.h): probed once, on the first slow path.
 */
#include <asm/vector_save.h>

	.bss
	.align	4
	.globl	ftrace_vec_state
ftrace_vec_state:	.long	0	/* 0 until ftrace_vec_probe has run */

	.text
/*
 * Fill ftrace_vec_state from CPUID and XCR0, once (a second thread doing it at
 * the same time writes the same value).  CPUID clobbers %rbx, which is
 * callee-saved, so it is kept.  Touches %eax-%edx and %r8 only.
 */
	.globl	ftrace_vec_probe
	.type	ftrace_vec_probe, @function
ftrace_vec_probe:
	pushq	%rbx
	movl	$1, %eax
	cpuid
	movl	$(VS_PROBED | VS_X87), %ebx
	btl	$27, %ecx		/* OSXSAVE: XCR0 and XGETBV exist */
	jnc	1f
	xorl	%ecx, %ecx
	xgetbv				/* %eax = XCR0, what the OS enabled */
	andl	$(VS_AVX | VS_ZMM_HI256), %eax
	orl	%eax, %ebx
	movl	%ebx, %r8d		/* (CPUID clobbers %ebx) */
	movl	$0xd, %eax
	movl	$1, %ecx
	cpuid				/* %eax bit 2: XGETBV with %ecx = 1 */
	movl	%r8d, %ebx
	testl	$4, %eax
	jz	1f
	orl	$VS_XINUSE, %ebx
1:	movl	%ebx, ftrace_vec_state(%rip)
	popq	%rbx
	ret
	.size	ftrace_vec_probe, .-ftrace_vec_probe

	.section .note.GNU-stack, "", @progbits
