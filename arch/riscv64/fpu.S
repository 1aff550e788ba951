/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_fpu_call(fn, arg): the one door from the event path to code that
 * may use floating-point registers (linux/event_path.h).
 *
 * The traced function may have live, in registers the event path never
 * touches: float and double arguments in fa0-fa7 (lp64d passes them
 * there; gcc moves them to fs0-fs11 before the mcount call, but a
 * return_to_handler has the result live), a float, double or complex
 * result in fa0/fa1, and fcsr, whose rounding mode (frm) and sticky
 * exception flags (fflags) it may rely on.  The C library a slow path
 * calls may change any of it, so they are kept on this frame across the
 * call.  fs0-fs11 are callee-saved: the C code keeps them itself.
 * ft0-ft11 never carry an argument or a result, and any call may
 * clobber them.
 *
 * Registers on entry: a0 = fn, a1 = arg, ra = the return address, sp
 * 16-byte aligned.  fn's result comes back in a0.
 */
	.option	norvc
	.text

	.globl	kernel_fpu_call
	.type	kernel_fpu_call, %function
	.balign	4
kernel_fpu_call:
	.cfi_startproc
	addi	sp, sp, -96
	.cfi_def_cfa_offset 96
	sd	ra, 88(sp)
	sd	s0, 80(sp)
	.cfi_offset ra, -8
	.cfi_offset s0, -16
	addi	s0, sp, 96			# a frame record, for the walkers
	.cfi_def_cfa s0, 0
	fsd	fa0, 0(sp)
	fsd	fa1, 8(sp)
	fsd	fa2, 16(sp)
	fsd	fa3, 24(sp)
	fsd	fa4, 32(sp)
	fsd	fa5, 40(sp)
	fsd	fa6, 48(sp)
	fsd	fa7, 56(sp)
	frcsr	t0
	sd	t0, 64(sp)
	mv	t1, a0
	mv	a0, a1
	jalr	t1
	ld	t0, 64(sp)			# fn's result stays in a0
	fscsr	t0
	fld	fa0, 0(sp)
	fld	fa1, 8(sp)
	fld	fa2, 16(sp)
	fld	fa3, 24(sp)
	fld	fa4, 32(sp)
	fld	fa5, 40(sp)
	fld	fa6, 48(sp)
	fld	fa7, 56(sp)
	ld	ra, 88(sp)
	ld	s0, 80(sp)
	.cfi_def_cfa sp, 96
	addi	sp, sp, 96
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size	kernel_fpu_call, .-kernel_fpu_call

	.section .note.GNU-stack, "", %progbits
