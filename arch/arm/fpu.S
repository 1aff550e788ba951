/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_fpu_call(fn, arg): the one door from the event path to code that
 * may use floating-point registers (linux/event_path.h).
 *
 * The traced function may have live, in registers the event path never
 * touches: float and double arguments in d0-d7 (armhf passes them in VFP
 * registers), a float, double or homogeneous-aggregate result in d0-d3,
 * and FPSCR, whose rounding mode and sticky exception flags it may rely
 * on.  The C library a slow path calls may change any of it (glibc's
 * memcpy and memset for NEON CPUs move data through d0-d7), so they are
 * kept on this frame across the call.  d8-d15 are callee-saved: the C
 * code keeps them itself.  d16-d31 (on a CPU that has them) never carry
 * an argument or a result, and any call may clobber them.
 *
 * Registers on entry: r0 = fn, r1 = arg, lr = the return address, sp
 * 8-byte aligned (AAPCS).  fn's result comes back in r0.
 */
	.syntax unified
	.arm
	.fpu	vfpv3-d16
	.text

	.globl	kernel_fpu_call
	.type	kernel_fpu_call, %function
	.align	2
kernel_fpu_call:
	.fnstart
	push	{r4, r5, fp, lr}	@ 16 bytes: sp stays 8-byte aligned
	.save	{r4, r5, fp, lr}
	vpush	{d0-d7}
	.vsave	{d0-d7}
	vmrs	r4, fpscr
	mov	r5, r0
	mov	r0, r1
	blx	r5
	vmsr	fpscr, r4		@ fn's result stays in r0
	vpop	{d0-d7}
	pop	{r4, r5, fp, lr}
	bx	lr
	.fnend
	.size	kernel_fpu_call, .-kernel_fpu_call

	.section .note.GNU-stack, "", %progbits
