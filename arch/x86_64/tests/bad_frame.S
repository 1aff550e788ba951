/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A function that breaks the frame-pointer contract on purpose, for the
 * HAVE_FUNCTION_GRAPH_FP_TEST test: it is entered and calls mcount exactly
 * like gcc -pg code, but returns with %rbp 16 bytes off from the caller's
 * value.  With the graph tracer on, return_to_handler must notice.
 *
 * At stage 5 (chapter 8) its site is gcc -pg -mfentry's instead, the call
 * of __fentry__ before the prologue (recordmcount --nop makes it the NOP):
 * there is no FP test then, and the test wants it to run as untraced,
 * traced all the same (arch/x86_64/fentry.S).
 */
	.text
	.globl	bad_frame_function
	.type	bad_frame_function, @function
bad_frame_function:
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	call	__fentry__
#endif
	pushq	%rbp
	movq	%rsp, %rbp
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	call	mcount
#endif
	popq	%rbp
	addq	$16, %rbp		/* the bug: the caller's %rbp is lost */
	ret
	.size	bad_frame_function, .-bad_frame_function

	.section .note.GNU-stack, "", @progbits
