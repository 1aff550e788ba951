/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two direct trampolines for the tests of chapter 8 (tests/progs/entry/
 * ops.c): what a BPF trampoline is to the kernel, at its smallest.  Each
 * counts its calls and keeps the traced function's first argument, then
 * goes on into the function.
 *
 * A site enabled for a direct ops calls it instead of ftrace_caller
 * (register_ftrace_direct()), and ftrace_caller branches to it as if the
 * site had, when the function has other ops too (arch/aarch64/entry.S):
 *
 *	x30	the word after the site's bl: where to go on in func
 *	x9	func's return address (the site's "mov x9, x30")
 *	x0-x8	func's arguments, untouched
 *
 * so the way on is x30, with x30 given back its value from x9.  x10-x12
 * are free: AAPCS64 lets a call clobber them.
 */
	.text
	.macro	DIRECT_TRAMP name, counter
	.globl	\name
	.type	\name, %function
	.balign	4
\name:
	hint	#34			// bti c: ftrace_caller enters by br x17
	adrp	x10, \counter
	add	x10, x10, #:lo12:\counter
1:	ldxr	x11, [x10]		// no LSE atomics assumed
	add	x11, x11, #1
	stxr	w12, x11, [x10]
	cbnz	w12, 1b
	adrp	x10, direct_arg
	str	x0, [x10, #:lo12:direct_arg]
	mov	x10, x30
	mov	x30, x9
	ret	x10
	.size	\name, .-\name
	.endm

	DIRECT_TRAMP direct_tramp, direct_calls
	DIRECT_TRAMP direct_tramp2, direct_calls2

	.bss
	.balign	8
	.globl	direct_calls, direct_calls2, direct_arg
direct_calls:	.zero	8
direct_calls2:	.zero	8
direct_arg:	.zero	8

	.section .note.GNU-stack, "", %progbits
