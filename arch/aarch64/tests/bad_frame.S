/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A deliberately broken traced function, for the frame pointer test of
 * the function graph tracer (HAVE_FUNCTION_GRAPH_FP_TEST).
 *
 * Its entry is exactly what gcc -pg emits (see the top of mcount.S), so
 * mcount hijacks the x30 half of its frame record and records the
 * caller's x29 as the frame pointer to expect back.  Its exit puts the
 * wrong x29 back: 16 bytes off the caller's, and return_to_handler hands
 * that value to the generic check, which must report "Bad frame
 * pointer".  (Called without the graph tracer it would corrupt its
 * caller's x29: it exists only for that test.)
 *
 * At stage 5 (chapter 8) its entry is what gcc -fpatchable-function-entry=4,2
 * writes instead, two NOPs before the function and two before the
 * prologue, the first recorded in __patchable_function_entries, and no _mcount call: there is no FP test
 * then, and the test wants it to run as untraced, traced all the same
 * (arch/aarch64/entry.S).
 */
	.text

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	.section __patchable_function_entries, "aw", %progbits
	.balign	8
	.8byte	1f
	.text
#endif
	.globl	bad_frame_function
	.type	bad_frame_function, %function
	.balign	8
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	/* -fpatchable-function-entry=4,2: the ops literal's two NOPs */
1:	nop
	nop
#endif
bad_frame_function:
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
1:
#endif
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	nop
	nop
#endif
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	mov	x0, x30
	bl	_mcount
#endif
	mov	w0, #0
	ldp	x29, x30, [sp], #16	// x30: the (hijacked) return address
	add	x29, x29, #16		// the bug: the caller's x29 is lost
	ret
	.size	bad_frame_function, .-bad_frame_function

	.section .note.GNU-stack, "", %progbits
