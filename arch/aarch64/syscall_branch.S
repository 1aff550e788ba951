/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64 system calls without a trap (docs/07-syscalls.md, "No trap on
 * AArch64 and riscv64").
 *
 * A site of the C library, as its objdump shows it, and patched:
 *
 *	d2800ac8	mov	x8, #0x56	d2800ac8   mov	x8, #0x56
 *	d4000001	svc	#0x0	->	17fe1234   b	<slot + 8>
 *	b140041f	cmn	x0, #0x1, lsl #12 (the code after the call)
 *
 * The slot (asm/syscall.h) keeps x16 and x17 on the stack, puts its own
 * address in x16 and jumps here.  Registers and stack on entry:
 *
 *	x16	the slot: which site (syscall_branch_enter() looks it up)
 *	x17	scratch
 *	x8	the call's number, x0-x5 its arguments: all the program's
 *	sp	S - 16, where S is the sp of the site; S - 16 holds the
 *		program's x16, S - 8 its x17
 *
 * Everything but x0 must come back as "svc" leaves it: the kernel keeps
 * every other register, the condition flags, and the floating-point and
 * vector registers (their SVE bits above 128 it may clear: no program
 * can rely on them across a call, so q0-q31 are all that is kept here).
 * The frame below S - 16 is struct syscall_branch_frame:
 *
 *	+0	x0-x15		+152	nzcv
 *	+128	x18		+160	the slot
 *	+136	x29		+168	the result
 *	+144	x30		+176	fpcr, fpsr
 *				+192	the site + 4
 *				+208	q0-q31
 *
 * The unwinder walks out of here as out of the slot (syscall_unwind.c):
 * a thread cancelled while it waits in the "svc" below must run the
 * destructors above the site.  This frame is a signal frame's whose
 * caller is the C library's function at the site + 4 (the slot's last
 * word), with the program's sp, x16, x17, x18, x29 and x30.
 *
 * The C parts (stage3-dynamic/syscall_trap.c) record the events; the call
 * itself is made here, on the program's thread and stack, as the site
 * would have made it.  A call that needs the trap path (a new stack or
 * a shared one: clone, vfork; a mask the trap signal must be taken out
 * of; rt_sigreturn, which reads the stack it was called with) leaves
 * through the slot's trap instead, with every register as it came.
 */
#include <asm/syscall.h>

#define F_X18		128
#define F_X29		136
#define F_X30		144
#define F_NZCV		152
#define F_SLOT		160
#define F_RET		168
#define F_FPCR		176
#define F_SITE		192
#define F_Q		208
#define F_SIZE		720
/* where the unwinder finds a register, from the CFA (the site's sp) */
#define CFA(off)	((off) - F_SIZE - 16)

/*
 * The return address the unwinder sees (column 96) is the slot's word
 * "site + 4", at x16 + off (DW_CFA_val_expression: DW_OP_breg16 off,
 * DW_OP_deref) while x16 points into the slot and the frame is not there.
 */
	.macro	CFI_SITE_AT off
	.cfi_escape 0x16, 96, 3, 0x70 + 16, \off, 0x06
	.endm

	/* the frame is gone: the program's registers are in place again */
	.macro	CFI_FRAME_GONE
	.cfi_adjust_cfa_offset -F_SIZE
	.cfi_same_value x18
	.cfi_same_value x29
	.cfi_same_value x30
	.endm

	.text

/* What each slot holds from +8 to +48 (copied, then two words written). */
	.globl	syscall_branch_template
	.type	syscall_branch_template, %object
	.balign	4
syscall_branch_template:
	stp	x16, x17, [sp, #-16]!
	adr	x16, . - SYSCALL_XOL_BRANCH - 4	/* the slot's first byte */
	ldr	x17, 1f
	br	x17
	ldp	x16, x17, [sp], #16		/* SYSCALL_XOL_BRANCH_DONE */
	udf	#0				/* "b <site + 4>", per slot */
1:	.quad	0				/* syscall_branch_entry */
	ldp	x16, x17, [sp], #16		/* the trap path */
	udf	#0x5c				/* SYSCALL_TRAP_WORD */
	.size	syscall_branch_template, . - syscall_branch_template

	.macro	FP_REGS op
	\op	q0, q1, [sp, #F_Q + 0]
	\op	q2, q3, [sp, #F_Q + 32]
	\op	q4, q5, [sp, #F_Q + 64]
	\op	q6, q7, [sp, #F_Q + 96]
	\op	q8, q9, [sp, #F_Q + 128]
	\op	q10, q11, [sp, #F_Q + 160]
	\op	q12, q13, [sp, #F_Q + 192]
	\op	q14, q15, [sp, #F_Q + 224]
	\op	q16, q17, [sp, #F_Q + 256]
	\op	q18, q19, [sp, #F_Q + 288]
	\op	q20, q21, [sp, #F_Q + 320]
	\op	q22, q23, [sp, #F_Q + 352]
	\op	q24, q25, [sp, #F_Q + 384]
	\op	q26, q27, [sp, #F_Q + 416]
	\op	q28, q29, [sp, #F_Q + 448]
	\op	q30, q31, [sp, #F_Q + 480]
	.endm

	/* everything the C parts may change, but x16, x17 and x0 */
	.macro	RESTORE_BUT_X0
	FP_REGS	ldp
	ldp	x16, x17, [sp, #F_FPCR]
	msr	fpcr, x16
	msr	fpsr, x17
	ldr	x16, [sp, #F_NZCV]
	msr	nzcv, x16
	ldp	x1, x2, [sp, #8]
	ldp	x3, x4, [sp, #24]
	ldp	x5, x6, [sp, #40]
	ldp	x7, x8, [sp, #56]
	ldp	x9, x10, [sp, #72]
	ldp	x11, x12, [sp, #88]
	ldp	x13, x14, [sp, #104]
	ldr	x15, [sp, #120]
	ldp	x18, x29, [sp, #F_X18]
	ldr	x30, [sp, #F_X30]
	.endm

	.globl	syscall_branch_entry
	.type	syscall_branch_entry, %function
	.balign	4
syscall_branch_entry:
	.cfi_startproc
	.cfi_signal_frame
	.cfi_return_column 96		/* libgcc's for signal frames */
	.cfi_def_cfa sp, 16
	.cfi_offset x16, -16
	.cfi_offset x17, -8
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE
	bti	j			/* reached by "br": a landing pad */
	sub	sp, sp, #F_SIZE
	.cfi_adjust_cfa_offset F_SIZE
	ldr	x17, [x16, #SYSCALL_XOL_BRANCH_SITE]
	str	x17, [sp, #F_SITE]
	.cfi_offset 96, CFA(F_SITE)
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x18, x29, [sp, #F_X18]
	.cfi_offset x18, CFA(F_X18)
	.cfi_offset x29, CFA(F_X29)
	mrs	x17, nzcv
	stp	x30, x17, [sp, #F_X30]
	.cfi_offset x30, CFA(F_X30)
	str	x16, [sp, #F_SLOT]
	mrs	x16, fpcr
	mrs	x17, fpsr
	stp	x16, x17, [sp, #F_FPCR]
	FP_REGS	stp
	mov	x0, sp
	bl	syscall_branch_enter	/* the sys_enter event */
	cbnz	x0, 2f
	/* the call, as the site would have made it: x0-x5 and x8 */
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldr	x8, [sp, #64]
	svc	#0
	str	x0, [sp, #F_RET]
	mov	x0, sp
	bl	syscall_branch_exit	/* the sys_exit event */
	.cfi_remember_state
	RESTORE_BUT_X0
	ldr	x0, [sp, #F_RET]
	ldr	x16, [sp, #F_SLOT]
	add	sp, sp, #F_SIZE
	CFI_FRAME_GONE
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE
	add	x16, x16, #SYSCALL_XOL_BRANCH_DONE
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE - SYSCALL_XOL_BRANCH_DONE
	br	x16			/* the slot gives x16, x17 back */

2:	.cfi_restore_state
	/* the trap path, every register as the site had it */
	RESTORE_BUT_X0
	ldr	x0, [sp, #0]
	ldr	x16, [sp, #F_SLOT]
	add	sp, sp, #F_SIZE
	CFI_FRAME_GONE
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE
	add	x16, x16, #SYSCALL_XOL_BRANCH_TRAP - 4
	CFI_SITE_AT SYSCALL_XOL_BRANCH_SITE - SYSCALL_XOL_BRANCH_TRAP + 4
	br	x16
	.cfi_endproc
	.size	syscall_branch_entry, . - syscall_branch_entry

	.section .note.GNU-stack, "", %progbits
