/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_fpu_call(fn, arg): the one door from the event path to code that
 * may use floating-point and vector registers (linux/event_path.h).
 *
 * What the traced function may have live in registers the event path
 * never touches: a float, double, vector or homogeneous-aggregate result
 * in v0-v7 (return_to_handler runs before its caller reads it), and FPCR
 * and FPSR, whose rounding mode and cumulative exception flags it may rely
 * on.  The C library a slow path calls may change any of it (glibc's
 * memcpy and memset move data through q registers), so q0-q7, whole 128
 * bits, and both control registers are kept on this frame across the
 * call.  v8-v15 are callee-saved (their low 64 bits, all the ABI keeps):
 * fn keeps them itself.  v16-v31 never carry an argument or a result, and
 * any call may clobber them.  (SVE's wider z registers and its predicates
 * are outside the base procedure call standard the kit supports: a write
 * of q0-q7 here clears the bits above 128 of z0-z7, as any call may.)
 *
 * Registers on entry: x0 = fn, x1 = arg, x30 = the return address, sp
 * 16-byte aligned.  fn's result comes back in x0.
 */
	.arch	armv8-a+fp+simd
	.text

	.globl	kernel_fpu_call
	.type	kernel_fpu_call, %function
	.balign	4
kernel_fpu_call:
	/* unwind information: a handler's backtrace() may start in fn */
	.cfi_startproc
	stp	x29, x30, [sp, #-160]!
	.cfi_def_cfa_offset 160
	.cfi_offset x29, -160
	.cfi_offset x30, -152
	mov	x29, sp
	stp	q0, q1, [sp, #16]
	stp	q2, q3, [sp, #48]
	stp	q4, q5, [sp, #80]
	stp	q6, q7, [sp, #112]
	mrs	x16, fpcr
	mrs	x17, fpsr
	stp	x16, x17, [sp, #144]
	mov	x16, x0
	mov	x0, x1
	blr	x16
	ldp	x16, x17, [sp, #144]	// fn's result stays in x0
	msr	fpcr, x16
	msr	fpsr, x17
	ldp	q0, q1, [sp, #16]
	ldp	q2, q3, [sp, #48]
	ldp	q4, q5, [sp, #80]
	ldp	q6, q7, [sp, #112]
	ldp	x29, x30, [sp], #160
	.cfi_def_cfa_offset 0
	.cfi_restore x29
	.cfi_restore x30
	ret
	.cfi_endproc
	.size	kernel_fpu_call, .-kernel_fpu_call

	.section .note.GNU-stack, "", %progbits
