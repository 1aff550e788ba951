/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_fpu_call(fn, arg): the one door from the event path to code that
 * may use floating-point registers (linux/event_path.h).
 *
 * The traced function may have live, in registers the event path never
 * touches: float and double arguments in $f12 and $f14, a float or double
 * result in $f0 (a complex one in $f0 and $f2), and FCSR, whose rounding
 * mode and sticky exception flags it may rely on.  The C library a slow
 * path calls may change any of it, so they are kept on this frame across
 * the call; "sdc1" of an even register keeps the whole double in either
 * FPU mode (FR=0: the pair; FR=1: the 64-bit register).  $f20-$f30 are
 * callee-saved: the C code keeps them itself.  gp is kept as _mcount keeps
 * it: the C library's PIC code may change it, and the traced function's
 * small data may be addressed from it.
 *
 * Registers on entry: a0 = fn, a1 = arg, ra = the return address.  fn's
 * result comes back in v0.
 */
#define FPU_F0		16	/* 8-aligned for sdc1 */
#define FPU_F2		24
#define FPU_F12		32
#define FPU_F14		40
#define FPU_FCSR	48
#define FPU_GP		52
#define FPU_RA		56
#define FPU_FRAME_SIZE	64	/* a multiple of 8, as o32 wants */

	.text
	.set	noreorder		/* the delay slots below are explicit */

	.globl	kernel_fpu_call
	.type	kernel_fpu_call, @function
	.ent	kernel_fpu_call
kernel_fpu_call:
	.cfi_startproc
	addiu	$sp, $sp, -FPU_FRAME_SIZE
	.cfi_def_cfa_offset FPU_FRAME_SIZE
	sw	$ra, FPU_RA($sp)
	.cfi_offset 31, FPU_RA - FPU_FRAME_SIZE
	sw	$gp, FPU_GP($sp)
	cfc1	$t0, $31		/* FCSR */
	sw	$t0, FPU_FCSR($sp)
	sdc1	$f0, FPU_F0($sp)
	sdc1	$f2, FPU_F2($sp)
	sdc1	$f12, FPU_F12($sp)
	sdc1	$f14, FPU_F14($sp)
	move	$t9, $a0		/* PIC callees expect their address in t9 */
	jalr	$t9
	 move	$a0, $a1		/* (delay slot) fn's argument */
	ldc1	$f14, FPU_F14($sp)
	ldc1	$f12, FPU_F12($sp)
	ldc1	$f2, FPU_F2($sp)
	ldc1	$f0, FPU_F0($sp)
	lw	$t0, FPU_FCSR($sp)
	ctc1	$t0, $31
	lw	$gp, FPU_GP($sp)
	lw	$ra, FPU_RA($sp)
	jr	$ra
	 addiu	$sp, $sp, FPU_FRAME_SIZE	/* (delay slot) v0 is fn's */
	.cfi_endproc
	.end	kernel_fpu_call
	.size	kernel_fpu_call, .-kernel_fpu_call

	.section .note.GNU-stack, "", @progbits
