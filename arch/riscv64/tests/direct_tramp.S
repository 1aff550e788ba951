/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two direct trampolines for the tests of chapter 8 (tests/progs/entry/
 * ops.c): what a BPF trampoline is to the kernel, at its smallest.  Each
 * counts its calls and keeps the traced function's first argument, then
 * goes on into the function.
 *
 * A site reaches nothing but ftrace_caller on riscv64, which jumps here
 * once the callbacks are done, as a site's call would have come
 * (arch/riscv64/entry.S):
 *
 *	t0	the instruction after the site: where to go on in func
 *	ra	func's return address, untouched
 *	a0-a7	func's arguments; t2 a nested function's static chain
 *
 * t1 and t3 are free: a call may clobber them.
 */
	.text
	.macro	DIRECT_TRAMP name, counter
	.globl	\name
	.type	\name, %function
	.balign	4
\name:
	lla	t1, \counter
	li	t3, 1
	amoadd.d zero, t3, (t1)
	lla	t1, direct_arg
	sd	a0, 0(t1)
	jr	t0
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
