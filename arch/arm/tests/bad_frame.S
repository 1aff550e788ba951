/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A deliberately broken traced function, for the frame pointer test of
 * the function graph tracer (HAVE_FUNCTION_GRAPH_FP_TEST).
 *
 * Its entry is exactly what gcc -pg -marm -mapcs-frame emits (see the top
 * of mcount.S), so mcount hijacks its return slot [fp, #-4] and records
 * the caller's fp as the frame pointer to expect back.  Its exit forgets
 * to restore the caller's fp: it returns with fp still pointing into its
 * own, dead frame, and return_to_handler hands that value to the generic
 * check, which must report "Bad frame pointer".  (Called without the
 * graph tracer it would corrupt its caller's fp: it exists only for that
 * test.)
 */
#include <linux/ftrace.h>

	.syntax unified
	.arm
	.text

	.globl	bad_frame_function
	.type	bad_frame_function, %function
	.align	2
bad_frame_function:
	mov	ip, sp
	push	{fp, ip, lr, pc}
	sub	fp, ip, #4
	push	{lr}
	bl	__gnu_mcount_nc
	mov	r0, #0
	/* a correct exit would be "ldm sp, {fp, sp, pc}" */
	ldr	lr, [fp, #-4]		@ the (hijacked) return address
	add	sp, fp, #4		@ sp as at entry...
	bx	lr			@ ...but fp is not the caller's
	.size	bad_frame_function, .-bad_frame_function

	.section .note.GNU-stack, "", %progbits
