/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A function that breaks the frame-pointer contract on purpose, for the
 * HAVE_FUNCTION_GRAPH_FP_TEST test: it is entered and calls mcount exactly
 * like gcc -pg code, but returns with %rbp 16 bytes off from the caller's
 * value.  With the graph tracer on, return_to_handler must notice.
 */
	.text
	.globl	bad_frame_function
	.type	bad_frame_function, @function
bad_frame_function:
	pushq	%rbp
	movq	%rsp, %rbp
	call	mcount
	popq	%rbp
	addq	$16, %rbp		/* the bug: the caller's %rbp is lost */
	ret
	.size	bad_frame_function, .-bad_frame_function

	.section .note.GNU-stack, "", @progbits
