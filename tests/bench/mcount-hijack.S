/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cheapest possible graph tracer: an mcount that only hijacks the
 * return (no clock, no C, no record, one thread).  "make bench" links it
 * into a -pg build to measure what return hijacking alone costs on this
 * CPU: the mispredicted "ret" into the trampoline and the indirect jump
 * back.  It is the floor under the kit's function_graph tracer, together
 * with two reads of the trace clock.
 *
 * On entry (x86_64, -pg, after "push %rbp; mov %rsp,%rbp"): the traced
 * function's return address is at 8(%rbp).
 */
	.text
	.p2align 4
	.globl	mcount
	.type	mcount, @function
mcount:
	movq	hj_top(%rip), %rax
	movq	8(%rbp), %rcx
	movq	%rcx, (%rax)		/* push the real return address */
	addq	$8, %rax
	movq	%rax, hj_top(%rip)
	leaq	hj_return(%rip), %rcx
	movq	%rcx, 8(%rbp)		/* the function now returns to us */
	ret
	.size	mcount, .-mcount

/* %rax/%rdx carry the return value; %r11 is free at a return */
	.type	hj_return, @function
hj_return:
	movq	hj_top(%rip), %r11
	subq	$8, %r11
	movq	%r11, hj_top(%rip)
	jmp	*(%r11)
	.size	hj_return, .-hj_return

	.data
	.p2align 3
hj_top:	.quad	hj_stack
	.bss
	.p2align 4
hj_stack:
	.skip	1 << 20			/* deeper than the workload goes */

	.section .note.GNU-stack, "", @progbits
