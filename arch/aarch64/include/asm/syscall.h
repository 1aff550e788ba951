/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64 system calls, as the trap of a patched site sees them
 * (include/trace/syscall.h, docs/07-syscalls.md).
 *
 * The "pt_regs" is the signal context the trap saved.  At a site, before
 * the instruction has run:
 *
 *	x8	the number (asm-generic numbering: the generated
 *		asm/unistd.h)
 *	x0-x5	arguments 1-6
 *	after:	x0 the result, -errno on failure: x0 is both the first
 *		argument and the result (the kernel keeps the argument as
 *		orig_x0 for a restart)
 *
 * The site "svc #0" (0xd4000001) becomes "udf #0x5c" (0x0000005c), one
 * aligned word, so one store: a permanently undefined instruction, which
 * raises SIGILL with the pc at it (qemu-aarch64 and Linux alike).  Not a
 * "brk #imm": that raises SIGTRAP, the signal debuggers take for their
 * own breakpoints (gdb plants "brk #0").  Not "udf #0" either: an
 * all-zero word is what padding and data look like.  The slot an
 * instruction runs in out of line is "svc #0; udf #0x5c" (8 bytes).
 */
#ifndef _ASM_AARCH64_SYSCALL_H
#define _ASM_AARCH64_SYSCALL_H

/*
 * No trap at all (docs/07-syscalls.md, "No trap on AArch64 and
 * riscv64"): "svc #0" and "b <slot>" are both one word, and a "b"
 * reaches 128 MB either way, so a site whose slot lies that near becomes
 * a branch to it.  The slot (64 bytes):
 *
 *	+0	svc #0			\ the trap path's copy of the site
 *	+4	udf #0x5c		/ and its trap 2
 *	+8	stp x16, x17, [sp, #-16]!	<- the site's "b" lands here
 *	+12	adr x16, +0			the slot: which site
 *	+16	ldr x17, +32
 *	+20	br x17				syscall_branch_entry
 *	+24	ldp x16, x17, [sp], #16		<- its way back
 *	+28	b <site + 4>
 *	+32	.quad syscall_branch_entry
 *	+40	ldp x16, x17, [sp], #16		<- a call that needs the trap
 *	+44	udf #0x5c			   path: its trap 1
 *	+48	.quad <site + 4>		for the unwinder
 *
 * x16 and x17 are the two registers a veneer may use (the AAPCS64's
 * IP0/IP1), but "svc" keeps them, so they are kept: on the stack, where
 * the program's sp already points below anything live (AArch64 has no
 * red zone).  The code from +8 to +48 is syscall_branch_template in
 * arch/aarch64/syscall_branch.S; arch_syscall_branch_fill() copies it
 * and writes the three words that differ from slot to slot.
 */
#define SYSCALL_XOL_SLOT		64
#define SYSCALL_XOL_BRANCH		8
#define SYSCALL_XOL_BRANCH_BACK		28	/* the "b <site + 4>" */
#define SYSCALL_XOL_BRANCH_ENTRY	32	/* the literal */
#define SYSCALL_XOL_BRANCH_DONE		24
#define SYSCALL_XOL_BRANCH_TRAP		44
#define SYSCALL_XOL_BRANCH_SITE		48	/* site + 4 */
#define SYSCALL_XOL_BRANCH_TEMPLATE	40	/* bytes from +8 */
#define SYSCALL_BRANCH_REACH		(128UL << 20)

#ifndef __ASSEMBLY__

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

/*
 * Unwinding through a slot (stage3-dynamic/syscall_unwind.c): the DWARF
 * columns of sp and of the return address (libgcc's alternate one, its
 * signal frames': x30 must keep its own value in the caller), and the
 * CFA from each byte of a slot on: sp, plus the 16 bytes of x16 and x17
 * while they are on the stack.
 */
#define SYSCALL_DWARF_SP	31
#define SYSCALL_DWARF_RA	96
#define SYSCALL_XOL_CFA		{ { 0, 0 }, { 12, 16 }, { 28, 0 }, { 40, 16 }, { 44, 0 } }

struct pt_regs {
	ucontext_t	uc;
};

#define SYSCALL_TRAP_SIGNAL	SIGILL
#define SYSCALL_INSN_WORD	0xd4000001u	/* svc #0 */
#define SYSCALL_TRAP_WORD	0x0000005cu	/* udf #0x5c */
#define SYSCALL_INSN_ALIGN	4

#define M(regs)		((regs)->uc.uc_mcontext)

static inline long syscall_get_nr(struct pt_regs *regs)
{
	return M(regs).regs[8];
}

static inline void syscall_get_arguments(struct pt_regs *regs,
					 unsigned long *args)
{
	int i;

	for (i = 0; i < 6; i++)
		args[i] = M(regs).regs[i];
}

static inline void syscall_set_arguments(struct pt_regs *regs,
					 const unsigned long *args)
{
	int i;

	for (i = 0; i < 6; i++)
		M(regs).regs[i] = args[i];
}

static inline long syscall_get_return_value(struct pt_regs *regs)
{
	return (long)M(regs).regs[0];
}

static inline void syscall_set_return_value(struct pt_regs *regs,
					    int error, long val)
{
	M(regs).regs[0] = error ? error : val;
}

static inline unsigned long instruction_pointer(struct pt_regs *regs)
{
	return M(regs).pc;
}

static inline void instruction_pointer_set(struct pt_regs *regs,
					   unsigned long ip)
{
	M(regs).pc = ip;
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return M(regs).sp;
}

/*
 * What syscall_branch_entry keeps on the stack while C runs (the
 * offsets are the assembly's): the program's registers but x16 and x17
 * (16 bytes above the frame, stored by the slot), its condition flags,
 * its floating-point state (the C library the probes call may use q
 * registers: memcpy does), the slot it came from, the call's result, and
 * the address after the site, where the unwinder finds the caller.
 */
struct syscall_branch_frame {
	unsigned long	x[16];		/* x0-x15 */
	unsigned long	x18, x29, x30;
	unsigned long	nzcv;
	unsigned long	slot;
	unsigned long	ret;		/* x0 after the call */
	unsigned long	fpcr, fpsr;
	unsigned long	site, pad;	/* site + 4: the unwinder's */
	unsigned long	q[64];		/* q0-q31 */
};

/* the word of "b" at from to to (within SYSCALL_BRANCH_REACH) */
static inline uint32_t syscall_branch_word(unsigned long from,
					   unsigned long to)
{
	return 0x14000000u | (((to - from) >> 2) & 0x03ffffffu);
}

#include <asm-generic/syscall_branch.h>

/* The registers as a probe reads them, at the site. */
static inline void syscall_branch_frame_regs(struct syscall_branch_frame *f,
					     struct pt_regs *regs,
					     unsigned long site)
{
	unsigned long *x16 = (unsigned long *)(f + 1);
	int i;

	for (i = 0; i < 16; i++)
		M(regs).regs[i] = f->x[i];
	M(regs).regs[16] = x16[0];
	M(regs).regs[17] = x16[1];
	M(regs).regs[18] = f->x18;
	M(regs).regs[29] = f->x29;
	M(regs).regs[30] = f->x30;
	M(regs).sp = (unsigned long)(x16 + 2);
	M(regs).pc = site;
	M(regs).pstate = f->nzcv;
}

#include <asm-generic/syscall_trap_word.h>

#undef M

#endif /* !__ASSEMBLY__ */

#endif
