/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two direct trampolines for the tests of chapter 8 (tests/progs/entry/
 * ops.c): what a BPF trampoline is to the kernel, at its smallest.  Each
 * counts its calls and keeps the traced function's first argument, then
 * goes on into the function.
 *
 * A site enabled for a direct ops calls it instead of ftrace_caller
 * (register_ftrace_direct()), and ftrace_caller jumps to it as if the site
 * had, when the function has other ops too:
 *
 *	0(%rsp)		func + 5, after the site: where to go on
 *	8(%rsp)		func's return address, into its caller
 *	%rdi ...	func's arguments, untouched
 *
 * so "ret" goes on into func.  No register but the flags changes: func's
 * arguments are live, and %rax too (a varargs call's vector count).
 */
	.text
	.globl	direct_tramp
	.type	direct_tramp, @function
direct_tramp:
	lock incq direct_calls(%rip)
	movq	%rdi, direct_arg(%rip)
	ret
	.size	direct_tramp, .-direct_tramp

	.globl	direct_tramp2
	.type	direct_tramp2, @function
direct_tramp2:
	lock incq direct_calls2(%rip)
	movq	%rdi, direct_arg(%rip)
	ret
	.size	direct_tramp2, .-direct_tramp2

	.bss
	.balign	8
	.globl	direct_calls, direct_calls2, direct_arg
direct_calls:	.zero	8
direct_calls2:	.zero	8
direct_arg:	.zero	8

	.section .note.GNU-stack, "", @progbits
