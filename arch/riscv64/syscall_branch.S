/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 system calls without a trap (docs/07-syscalls.md, "No trap on
 * AArch64 and riscv64").
 *
 * A site of the C library, as its objdump shows it, and patched:
 *
 *	08d00893	li	a7,141		08d00893   li	a7,141
 *	00000073	ecall		->	(a jal)    j	<slot + 8>
 *	...				(the code after the call)
 *
 * The slot (asm/syscall.h) keeps t0 and t1 on the stack, puts the
 * address of its own "auipc" (slot + 20) in t0 and jumps here.
 * Registers and stack on entry:
 *
 *	t0	slot + 20: which site (syscall_branch_enter() looks it up)
 *	t1	scratch
 *	a7	the call's number, a0-a5 its arguments: all the program's
 *	sp	S - 16, where S is the sp of the site; S - 16 holds the
 *		program's t0, S - 8 its t1
 *
 * Everything but a0 must come back as "ecall" leaves it: the kernel keeps
 * every other register, floating-point ones and fcsr included.  The
 * frame below S - 16 is struct syscall_branch_frame:
 *
 *	+8 n	register xn (n = 1, 3, 4, 7 to 31)
 *	+256	f0-f31		+520	the slot
 *	+512	fcsr		+528	the result
 *				+536	the site + 4
 *
 * The unwinder walks out of here as out of the slot (syscall_unwind.c):
 * a thread cancelled while it waits in the "ecall" below must run the
 * destructors above the site.  This frame is a signal frame's whose
 * caller is the C library's function at the site + 4 (the slot's last
 * word), with the program's sp, t0, t1 and ra.
 *
 * The C parts (stage3-dynamic/syscall_trap.c) record the events; the call
 * itself is made here, on the program's thread and stack, as the site
 * would have made it.  A call that needs the trap path (clone, vfork; a
 * mask the trap signal must be taken out of; rt_sigreturn) leaves
 * through the slot's trap instead, with every register as it came.
 */
#include <asm/syscall.h>

#define F_F		256
#define F_FCSR		512
#define F_SLOT		520
#define F_RET		528
#define F_SITE		536
#define F_SIZE		544
/* where the unwinder finds a register, from the CFA (the site's sp) */
#define CFA(off)	((off) - F_SIZE - 16)

/*
 * The return address the unwinder sees (column 64) is the slot's word
 * "site + 4", at t0 + off (DW_CFA_val_expression: DW_OP_breg5 off,
 * DW_OP_deref) while t0 points into the slot and the frame is not there.
 */
	.macro	CFI_SITE_AT off
	.cfi_escape 0x16, 64, 3, 0x70 + 5, \off, 0x06
	.endm

	/* the frame is gone: the program's registers are in place again */
	.macro	CFI_FRAME_GONE
	.cfi_adjust_cfa_offset -F_SIZE
	.cfi_same_value ra
	.endm

	.option	norvc			/* the template's offsets are words */
	.text

/* What each slot holds from +8 on (copied, then two fields written). */
	.globl	syscall_branch_template
	.type	syscall_branch_template, %object
	.balign	4
syscall_branch_template:
	addi	sp, sp, -16
	sd	t0, 0(sp)
	sd	t1, 8(sp)
1:	auipc	t0, 0				/* slot + 20 */
	ld	t1, 28(t0)			/* the literal at slot + 48 */
	jr	t1
	ld	t0, 0(sp)			/* SYSCALL_XOL_BRANCH_DONE */
	ld	t1, 8(sp)
	addi	sp, sp, 16
	unimp					/* "j <site + 4>", per slot */
	.quad	0				/* syscall_branch_entry */
	ld	t0, 0(sp)			/* the trap path */
	ld	t1, 8(sp)
	addi	sp, sp, 16
	mret					/* SYSCALL_TRAP_WORD */
	.size	syscall_branch_template, . - syscall_branch_template

	/* x1, x3, x4, x7-x31: every register the slot and sp leave */
	.macro	INT_REGS op
	\op	x1, 8(sp)
	\op	x3, 24(sp)
	\op	x4, 32(sp)
	.irp	n, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, \
		   22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	\op	x\n, (8 * \n)(sp)
	.endr
	.endm

	.macro	FP_REGS op
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		   16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, \
		   30, 31
	\op	f\n, (F_F + 8 * \n)(sp)
	.endr
	.endm

	/* everything the C parts may change, a0 (x10) too */
	.macro	RESTORE
	ld	t1, F_FCSR(sp)
	fscsr	t1
	FP_REGS	fld
	INT_REGS ld
	.endm

	.globl	syscall_branch_entry
	.type	syscall_branch_entry, %function
	.balign	4
syscall_branch_entry:
	.cfi_startproc
	.cfi_signal_frame
	.cfi_return_column 64		/* libgcc's for signal frames */
	.cfi_def_cfa sp, 16
	.cfi_offset t0, -16
	.cfi_offset t1, -8
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE - 20
	addi	sp, sp, -F_SIZE
	.cfi_adjust_cfa_offset F_SIZE
	ld	t1, SYSCALL_XOL_BRANCH_SITE - 20(t0)
	sd	t1, F_SITE(sp)
	.cfi_offset 64, CFA(F_SITE)
	INT_REGS sd
	.cfi_offset ra, CFA(8)
	FP_REGS	fsd
	frcsr	t1
	sd	t1, F_FCSR(sp)
	addi	t0, t0, -20		/* the slot's first byte */
	sd	t0, F_SLOT(sp)
	mv	a0, sp
	call	syscall_branch_enter	/* the sys_enter event */
	bnez	a0, 2f
	/* the call, as the site would have made it: a0-a5 and a7 */
	ld	a0, 80(sp)
	ld	a1, 88(sp)
	ld	a2, 96(sp)
	ld	a3, 104(sp)
	ld	a4, 112(sp)
	ld	a5, 120(sp)
	ld	a7, 136(sp)
	ecall
	sd	a0, F_RET(sp)
	mv	a0, sp
	call	syscall_branch_exit	/* the sys_exit event */
	.cfi_remember_state
	RESTORE
	ld	a0, F_RET(sp)
	ld	t0, F_SLOT(sp)
	addi	sp, sp, F_SIZE
	CFI_FRAME_GONE
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE
	addi	t0, t0, SYSCALL_XOL_BRANCH_DONE
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE - SYSCALL_XOL_BRANCH_DONE
	jr	t0			/* the slot gives t0, t1 back */

2:	.cfi_restore_state
	/* the trap path, every register as the site had it */
	RESTORE
	ld	t0, F_SLOT(sp)
	addi	sp, sp, F_SIZE
	CFI_FRAME_GONE
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE
	addi	t0, t0, SYSCALL_XOL_BRANCH_TRAP - 12
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE - SYSCALL_XOL_BRANCH_TRAP + 12
	jr	t0
	.cfi_endproc
	.size	syscall_branch_entry, . - syscall_branch_entry

	.section .note.GNU-stack, "", %progbits
