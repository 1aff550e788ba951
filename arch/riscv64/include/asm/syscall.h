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

#undef R

#include <asm-generic/syscall_trap_word.h>

#endif
