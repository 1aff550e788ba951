/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A deliberately broken function for the graph tracer's frame pointer
 * test (HAVE_FUNCTION_GRAPH_FP_TEST).  On MIPS the "frame pointer" the
 * test compares is the sp the function was called with (see ftrace.c):
 * prepare_ftrace_return reads it from the prologue, return_to_handler sees
 * it as its own sp.  This function is a leaf built the way gcc -pg
 * -mmcount-ra-address builds leaf_add, but its epilogue forgets to pop its
 * 8-byte frame, so it returns with sp 8 bytes too low: the graph tracer
 * must report "Bad frame pointer: expected X, received X-8".
 * Only call it while the graph tracer runs: its caller's stack is off.
 */
	.text
	.set	noreorder
	.set	noat

	.globl	bad_frame_function
	.type	bad_frame_function, @function
	.ent	bad_frame_function
bad_frame_function:
	addiu	$sp, $sp, -8		/* the prologue: an 8-byte frame */
	sw	$fp, 4($sp)
	move	$fp, $sp
	move	$at, $ra		/* the mcount site, as gcc emits it */
	move	$t4, $zero		/* leaf: ra in at, not on the stack */
	jal	_mcount
	 addiu	$sp, $sp, -8		/* _mcount pops these two words */
	move	$v0, $zero
	lw	$fp, 4($sp)
	jr	$ra
	 nop				/* the bug: no "addiu sp,sp,8" here */
	.end	bad_frame_function
	.size	bad_frame_function, .-bad_frame_function

	.section .note.GNU-stack, "", @progbits
