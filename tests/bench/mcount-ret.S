/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cheapest possible mcount: return at once.  "make bench" links it
 * into a -pg build to measure what the call sites alone cost, the floor
 * that the kit's nop tracer (one compare more) is measured against.
 */
	.text
	.p2align 4
	.globl	mcount
	.type	mcount, @function
mcount:
	ret
	.size	mcount, .-mcount

	.section .note.GNU-stack, "", @progbits
