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
 */
	.text
	.globl	bad_frame_function
	.type	bad_frame_function, %function
	.balign	4
bad_frame_function:
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	mov	x0, x30
	bl	_mcount
	mov	w0, #0
	ldp	x29, x30, [sp], #16	// x30: the (hijacked) return address
	add	x29, x29, #16		// the bug: the caller's x29 is lost
	ret
	.size	bad_frame_function, .-bad_frame_function

	.section .note.GNU-stack, "", %progbits
