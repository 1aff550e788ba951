/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A deliberately broken traced function, for the frame pointer test of
 * the function graph tracer (HAVE_FUNCTION_GRAPH_FP_TEST).
 *
 * Its entry is exactly what gcc -pg -fno-omit-frame-pointer -mno-relax
 * emits (see the top of mcount.S), so mcount hijacks its ra slot -8(s0)
 * and records the caller's s0, saved at -16(s0), as the frame pointer to
 * expect back.  Its exit forgets to restore the caller's s0: it returns
 * with s0 still pointing at its own, dead frame, and return_to_handler
 * hands that value to the generic check, which must report "Bad frame
 * pointer".  (Called without the graph tracer it would corrupt its
 * caller's s0: it exists only for that test.)
 *
 * At stage 5 (chapter 8) its entry is what gcc -fpatchable-function-entry
 * =8,4 writes instead, 8 bytes of NOPs before the function and 8 before
 * the prologue (4-byte ones here: norvc), the first recorded in
 * __patchable_function_entries, and no _mcount
 * call: there is no FP test then, and the test wants it to run as
 * untraced (arch/riscv64/entry.S).
 */
	.option	norvc
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
	/* -fpatchable-function-entry=8,4: the ops literal's 8 bytes */
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
	addi	sp, sp, -16
	sd	ra, 8(sp)
	sd	s0, 0(sp)
	addi	s0, sp, 16
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	mv	a0, ra
	call	_mcount
#endif
	li	a0, 0
	/* a correct exit would reload s0 from 0(sp) */
	ld	ra, 8(sp)		# the (hijacked) return address
	addi	sp, sp, 16		# sp as at entry...
	ret				# ...but s0 is not the caller's
	.size	bad_frame_function, .-bad_frame_function

	.section .note.GNU-stack, "", %progbits
