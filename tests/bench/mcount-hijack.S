/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cheapest possible graph tracer: an mcount that only hijacks the
 * return (no C, no record, one thread).  "make bench" links it into a -pg
 * build to measure what return hijacking alone costs on this CPU: the
 * mispredicted "ret" into the trampoline and the indirect jump back.
 *
 * Built three times, each adding one thing every graph tracer of the kit
 * must do, so that the bench can say what each costs (the "ladder"):
 *   (plain)		hijack only;
 *   -DHIJACK_CLOCK	plus a clock read at entry and at return, kept
 *			in the entry so they are not dead code: the floor
 *			under any tracer that times each call;
 *   -DHIJACK_SAVE	plus what the kit's x86_64 trampolines do to keep
 *			the traced function's registers across C code: the
 *			integer argument and return registers
 *			(asm/mcount_frame.h), on entry and on return;
 *   -DHIJACK_C		plus a call of C each way, which does the work
 *			instead (hijack-c.c: the same private stack and
 *			clock reads, and the CPU number): what a tracer
 *			whose per-call work is C code pays before that
 *			code does anything of its own;
 *   -DHIJACK_REC	the same C writing the kit's records (hijack-c.c
 *			says what it leaves out): the least C graph tracer
 *			with the kit's output.
 *
 * On entry (x86_64, -pg, after "push %rbp; mov %rsp,%rbp"): the traced
 * function's return address is at 8(%rbp).  An entry of the private
 * return stack is 16 bytes: the real return address, then the entry time.
 */
#if defined(HIJACK_REC) && !defined(HIJACK_C)
#define HIJACK_C
#endif
#ifdef HIJACK_C
#define HIJACK_SAVE
#endif
#ifdef HIJACK_SAVE
#define HIJACK_CLOCK
#include <asm/mcount_frame.h>
#endif

	.text
	.p2align 4
	.globl	mcount
	.type	mcount, @function
mcount:
#ifdef HIJACK_C
	SAVE_ARGS
	movq	0(%rbp), %rdi		/* the traced function's %rbp */
	addq	$8, %rdi		/* arg 1: its return slot */
#ifdef HIJACK_REC
	movq	8(%rbp), %rsi		/* arg 2: our return address */
#endif
	call	hj_enter
	RESTORE_ARGS
	ret
#endif
#ifdef HIJACK_SAVE
	SAVE_ARGS			/* the kit's, without the C call */
	movq	0(%rbp), %r9		/* the traced function's %rbp */
#else
	movq	%rbp, %r9
#endif
	movq	hj_top(%rip), %r8
	movq	8(%r9), %rcx
	movq	%rcx, (%r8)		/* push the real return address */
#ifdef HIJACK_CLOCK
#ifndef HIJACK_SAVE
	pushq	%rax			/* rdtsc writes both: keep them */
	pushq	%rdx
#endif
	rdtsc
	movl	%eax, 8(%r8)		/* and the entry time */
	movl	%edx, 12(%r8)
#ifndef HIJACK_SAVE
	popq	%rdx
	popq	%rax
#endif
#endif
	addq	$16, %r8
	movq	%r8, hj_top(%rip)
	leaq	hj_return(%rip), %rcx
	movq	%rcx, 8(%r9)		/* the function now returns to us */
#ifdef HIJACK_SAVE
	RESTORE_ARGS
#endif
	ret
	.size	mcount, .-mcount

/* %rax/%rdx carry the return value; %r10 and %r11 are free at a return */
	.globl	hj_return
	.type	hj_return, @function
hj_return:
#ifdef HIJACK_C
	SAVE_RETVAL
	call	hj_exit			/* the real return address */
	movq	%rax, %r10
	RESTORE_RETVAL
	jmp	*%r10
#endif
#ifdef HIJACK_SAVE
	SAVE_RETVAL			/* return_to_handler_full's */
#endif
	movq	hj_top(%rip), %r11
	subq	$16, %r11
	movq	%r11, hj_top(%rip)
#ifdef HIJACK_CLOCK
#ifndef HIJACK_SAVE
	pushq	%rax			/* the return value */
	pushq	%rdx
#endif
	rdtsc
	subl	8(%r11), %eax
	movl	%eax, hj_last(%rip)	/* the duration: used, not dead */
#ifndef HIJACK_SAVE
	popq	%rdx
	popq	%rax
#endif
#endif
#ifdef HIJACK_SAVE
	RESTORE_RETVAL
#endif
	jmp	*(%r11)
	.size	hj_return, .-hj_return

	.data
	.p2align 3
hj_top:	.quad	hj_stack
	.bss
	.p2align 4
hj_last:
	.skip	8
hj_stack:
	.skip	1 << 20			/* deeper than the workload goes */

	.section .note.GNU-stack, "", @progbits
