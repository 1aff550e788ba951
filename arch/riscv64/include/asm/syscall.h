/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 system calls, as the trap of a patched site sees them
 * (include/trace/syscall.h, docs/07-syscalls.md).
 *
 * The "pt_regs" is the signal context the trap saved (__gregs[0] is the
 * pc, __gregs[n] register xn).  At a site, before the instruction has
 * run:
 *
 *	a7	the number (the generic numbering, asm-generic/unistd.h)
 *	a0-a5	arguments 1-6
 *	after:	a0 the result, -errno on failure: a0 is both the first
 *		argument and the result
 *
 * A site is "ecall", 0x00000073, 4 bytes at any 2-byte boundary (the C
 * library is rv64gc code).  The trap is "mret", 0x30200073: a machine-mode
 * instruction, an illegal one in user mode (SIGILL, ILL_ILLOPC), that no
 * debugger uses (they use "ebreak" and "c.ebreak", SIGTRAP).  The two
 * differ only in the high halfword (0x0000 -> 0x3020), so the patch is
 * one aligned halfword store, whatever the site's alignment: a hart
 * fetching the site while it changes sees a whole ecall or a whole mret.
 * The slot is "ecall; mret" (8 bytes); ecall is not pc-relative.
 */
#ifndef _ASM_RISCV64_SYSCALL_H
#define _ASM_RISCV64_SYSCALL_H

/*
 * No trap at all (docs/07-syscalls.md, "No trap on AArch64 and
 * riscv64"): "ecall" and "jal" are both 4 bytes, and a "jal" reaches
 * 1 MB either way, so a site whose slot lies that near becomes a jump to
 * it.  The C library's code is 1.1 MB: the slots go on one side of it,
 * and the sites a jump does not reach keep their trap.  The slot (80
 * bytes; no compressed instructions):
 *
 *	+0	ecall			\ the trap path's copy of the site
 *	+4	mret			/ and its trap 2
 *	+8	addi sp, sp, -16		<- the site's "jal" lands here
 *	+12	sd t0, 0(sp)
 *	+16	sd t1, 8(sp)
 *	+20	auipc t0, 0			which slot
 *	+24	ld t1, 28(t0)			(+48)
 *	+28	jr t1				syscall_branch_entry
 *	+32	ld t0, 0(sp)			<- its way back
 *	+36	ld t1, 8(sp)
 *	+40	addi sp, sp, 16
 *	+44	jal x0, <site + 4>
 *	+48	.quad syscall_branch_entry
 *	+56	ld t0, 0(sp)			<- a call that needs the trap
 *	+60	ld t1, 8(sp)			   path
 *	+64	addi sp, sp, 16
 *	+68	mret				   its trap 1
 *	+72	.quad <site + 4>		for the unwinder
 *
 * t0 and t1 are kept on the stack (riscv64 has no red zone).  The code
 * from +8 is syscall_branch_template (arch/riscv64/syscall_branch.S).
 * A site at a 2-byte boundary changes both halves of its word: such a
 * jump is written with every other thread stopped (sc_patch()).
 */
#define SYSCALL_XOL_SLOT		80
#define SYSCALL_XOL_BRANCH		8
#define SYSCALL_XOL_BRANCH_DONE		32
#define SYSCALL_XOL_BRANCH_BACK		44
#define SYSCALL_XOL_BRANCH_ENTRY	48
#define SYSCALL_XOL_BRANCH_TRAP		68
#define SYSCALL_XOL_BRANCH_SITE		72	/* site + 4 */
#define SYSCALL_XOL_BRANCH_TEMPLATE	64	/* bytes from +8 */
#define SYSCALL_BRANCH_REACH		(1UL << 20)

/*
 * Unwinding through a slot (stage3-dynamic/syscall_unwind.c): the DWARF
 * columns of sp and of the return address (libgcc's alternate one, its
 * signal frames': ra must keep its own value in the caller), and the CFA
 * from each byte of a slot on: sp, plus the 16 bytes of t0 and t1 while
 * they are on the stack.
 */
/*
 * riscv64's struct sigaction is { handler, flags, mask }: no restorer
 * (the kernel's include/uapi/asm-generic/signal.h, without SA_RESTORER).
 * qemu-riscv64 7.2 reads the mask one word further, as if there were
 * one, and blocks in the handler whatever lies there on the caller's
 * stack (measured: a cancellation handler started with SIGILL blocked,
 * and the kit's next trap killed the thread).  So every rt_sigaction
 * goes with a copy of its new action that has the mask in that word too
 * (sigaction_fixup(), stage3-dynamic/syscall_trap.c); the kernel reads
 * three words, and the fourth changes nothing there.
 */
#define SYSCALL_SIGACTION_MASK_TWICE	1

#define SYSCALL_DWARF_SP	2
#define SYSCALL_DWARF_RA	64
#define SYSCALL_XOL_CFA		{ { 0, 0 }, { 12, 16 }, { 44, 0 }, { 56, 16 }, \
				  { 68, 0 } }

#ifndef __ASSEMBLY__

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

struct pt_regs {
	ucontext_t	uc;
};

#define SYSCALL_TRAP_SIGNAL	SIGILL
#define SYSCALL_INSN_WORD	0x00000073u	/* ecall */
#define SYSCALL_TRAP_WORD	0x30200073u	/* mret */
#define SYSCALL_INSN_ALIGN	2

#define RV_REG_PC		0
#define RV_REG_SP		2
#define RV_REG_A0		10
#define RV_REG_A7		17

#define R(regs, n)		((regs)->uc.uc_mcontext.__gregs[n])

static inline long syscall_get_nr(struct pt_regs *regs)
{
	return R(regs, RV_REG_A7);
}

static inline void syscall_get_arguments(struct pt_regs *regs,
					 unsigned long *args)
{
	int k;

	for (k = 0; k < 6; k++)
		args[k] = R(regs, RV_REG_A0 + k);
}

static inline void syscall_set_arguments(struct pt_regs *regs,
					 const unsigned long *args)
{
	int k;

	for (k = 0; k < 6; k++)
		R(regs, RV_REG_A0 + k) = args[k];
}

static inline long syscall_get_return_value(struct pt_regs *regs)
{
	return (long)R(regs, RV_REG_A0);
}

static inline void syscall_set_return_value(struct pt_regs *regs,
					    int error, long val)
{
	R(regs, RV_REG_A0) = error ? error : val;
}

static inline unsigned long instruction_pointer(struct pt_regs *regs)
{
	return R(regs, RV_REG_PC);
}

static inline void instruction_pointer_set(struct pt_regs *regs,
					   unsigned long ip)
{
	R(regs, RV_REG_PC) = ip;
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return R(regs, RV_REG_SP);
}

/* the high halfword only: 0x0000 -> 0x3020 (little-endian, at ip + 2) */
static inline void arch_syscall_trap_patch(unsigned long ip,
					   unsigned long *at,
					   unsigned char *old,
					   unsigned char *new, size_t *len)
{
	uint16_t o = SYSCALL_INSN_WORD >> 16, n = SYSCALL_TRAP_WORD >> 16;

	*at = ip + 2;
	memcpy(old, &o, 2);
	memcpy(new, &n, 2);
	*len = 2;
}

#define arch_syscall_trap_patch arch_syscall_trap_patch

/*
 * What syscall_branch_entry keeps on the stack while C runs (the
 * offsets are the assembly's): x[n] is register xn, but sp, and t0 and
 * t1 (16 bytes above the frame, stored by the slot); the floating-point
 * registers and fcsr (the C library the probes call may use them); the
 * slot it came from, the call's result, and the address after the site,
 * where the unwinder finds the caller.  The vector registers the
 * kernel does not keep across a system call, so no program relies on
 * them there.
 */
struct syscall_branch_frame {
	unsigned long	x[32];
	unsigned long	f[32];
	unsigned long	fcsr, slot, ret, site;
};

/* the word of "jal x0" at from to to (within SYSCALL_BRANCH_REACH) */
static inline uint32_t syscall_branch_word(unsigned long from,
					   unsigned long to)
{
	unsigned long d = to - from;

	return 0x6fu | ((d >> 12) & 0xff) << 12 | ((d >> 11) & 1) << 20 |
	       ((d >> 1) & 0x3ff) << 21 | ((d >> 20) & 1) << 31;
}

#include <asm-generic/syscall_branch.h>

/* The registers as a probe reads them, at the site. */
static inline void syscall_branch_frame_regs(struct syscall_branch_frame *f,
					     struct pt_regs *regs,
					     unsigned long site)
{
	unsigned long *t0 = (unsigned long *)(f + 1);
	int n;

	for (n = 1; n < 32; n++)
		R(regs, n) = f->x[n];
	R(regs, RV_REG_PC) = site;
	R(regs, RV_REG_SP) = (unsigned long)(t0 + 2);
	R(regs, 5) = t0[0];
	R(regs, 6) = t0[1];
}

#undef R

#include <asm-generic/syscall_trap_word.h>

#endif /* !__ASSEMBLY__ */

#endif
