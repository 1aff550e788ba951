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
 * any call may clobber them.
 *
 * With SVE (a64_has_sve, sve.c) a vector result is in z0-z7, whose bits
 * above 128 a write of q0-q7 clears, and a predicate result in p0-p3:
 * all of them are kept too, below the fixed frame, in nine vector
 * lengths ("addvl": the size is the CPU's).  Most slow paths are on a
 * function's way in, where gcc has treated the mcount call as a call and
 * keeps nothing live in these registers; but a return can be a thread's
 * first event (a child of fork() returning from functions its parent
 * entered), and then a result is live here.
 *
 * Registers on entry: x0 = fn, x1 = arg, x30 = the return address, sp
 * 16-byte aligned.  fn's result comes back in x0.
 *
 *	x29 + 160	the caller's frame
 *	x29 + 144	FPCR, FPSR
 *	x29 + 16	q0-q7
 *	x29		x29, x30
 *	x29 - 9 VL	z0-z7, then p0-p3 (with SVE only)
 */
	.arch	armv8-a+fp+simd+sve

/*
 * "op" (str or ldr) z0-z7 and p0-p3 at sp, in the nine vector lengths
 * addvl made room for: z registers one VL apart, then the predicates,
 * each VL / 8, from the eighth VL on (slot 64 in predicate lengths).
 */
	.macro	sve_result_regs, op
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7
	\op	z\n, [sp, #\n, mul vl]
	.endr
	.irp	n, 0, 1, 2, 3
	\op	p\n, [sp, #(64 + \n), mul vl]
	.endr
	.endm

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
	/* the CFA from x29: sp moves by a vector-length multiple below */
	.cfi_def_cfa_register x29
	stp	q0, q1, [sp, #16]
	stp	q2, q3, [sp, #48]
	stp	q4, q5, [sp, #80]
	stp	q6, q7, [sp, #112]
	mrs	x16, fpcr
	mrs	x17, fpsr
	stp	x16, x17, [sp, #144]
	adrp	x16, a64_has_sve
	ldr	x16, [x16, :lo12:a64_has_sve]
	cbz	x16, 1f
	addvl	sp, sp, #-9		// keeps sp 16-byte aligned: VL is
	sve_result_regs str		// a multiple of 16 bytes
1:	mov	x16, x0
	mov	x0, x1
	blr	x16
	ldp	x16, x17, [x29, #144]	// fn's result stays in x0
	msr	fpcr, x16
	msr	fpsr, x17
	ldp	q0, q1, [x29, #16]
	ldp	q2, q3, [x29, #48]
	ldp	q4, q5, [x29, #80]
	ldp	q6, q7, [x29, #112]
	mov	x16, sp			// below x29 only if the z registers
	cmp	x16, x29		// were saved
	b.eq	2f
	sve_result_regs ldr		// after the q loads, which cleared
					// the bits above 128
2:	mov	sp, x29
	ldp	x29, x30, [sp], #160
	.cfi_def_cfa sp, 0
	.cfi_restore x29
	.cfi_restore x30
	ret
	.cfi_endproc
	.size	kernel_fpu_call, .-kernel_fpu_call

	.section .note.GNU-stack, "", %progbits
