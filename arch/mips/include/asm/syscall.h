/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS o32 system calls, as the trap of a patched site sees them
 * (include/trace/syscall.h, docs/07-syscalls.md).
 *
 * The "pt_regs" is the signal context the trap saved (64-bit slots even
 * on o32).  At a site, before the instruction has run:
 *
 *	v0	the number (4000 + n: o32's numbers start at __NR_Linux)
 *	a0-a3	arguments 1-4; 5 and 6 are on the caller's stack, at
 *		16(sp) and 20(sp), where the o32 calling convention puts
 *		the fifth and sixth arguments of any call
 *	after:	v0 the value, a3 0; or v0 the errno (positive) and a3 1
 *
 * The site "syscall" (0x0000000c) becomes "break 700" (0x02bc000d), one
 * aligned word, so one store: break raises SIGTRAP with the pc at the
 * break (codes 6 and 7 would be SIGFPE: the kernel's and qemu's divide
 * traps).  The slot an instruction runs in out of line is "syscall;
 * break 700" (8 bytes); never a branch delay slot: glibc has no system
 * call in one.
 */
#ifndef _ASM_MIPS_SYSCALL_H
#define _ASM_MIPS_SYSCALL_H

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

/*
 * Unwinding through a slot (stage3-dynamic/syscall_unwind.c): the DWARF
 * columns of sp and of the return address (libgcc's alternate one, its
 * signal frames': $31 must keep its own value in the caller), and the
 * CFA: sp, all through the slot.
 */
#define SYSCALL_DWARF_SP	29
#define SYSCALL_DWARF_RA	66
#define SYSCALL_XOL_CFA		{ { 0, 0 } }

struct pt_regs {
	ucontext_t	uc;
};

#define SYSCALL_TRAP_SIGNAL	SIGTRAP
#define SYSCALL_INSN_WORD	0x0000000cu	/* syscall */
#define SYSCALL_TRAP_WORD	0x02bc000du	/* break 700 */
#define SYSCALL_INSN_ALIGN	4

#define R(regs, n)	((regs)->uc.uc_mcontext.gregs[n])

static inline long syscall_get_nr(struct pt_regs *regs)
{
	return (long)R(regs, 2);
}

static inline void syscall_get_arguments(struct pt_regs *regs,
					 unsigned long *args)
{
	const unsigned long *sp = (const unsigned long *)(long)R(regs, 29);

	args[0] = R(regs, 4);
	args[1] = R(regs, 5);
	args[2] = R(regs, 6);
	args[3] = R(regs, 7);
	args[4] = sp[4];
	args[5] = sp[5];
}

static inline void syscall_set_arguments(struct pt_regs *regs,
					 const unsigned long *args)
{
	unsigned long *sp = (unsigned long *)(long)R(regs, 29);

	R(regs, 4) = (long)args[0];
	R(regs, 5) = (long)args[1];
	R(regs, 6) = (long)args[2];
	R(regs, 7) = (long)args[3];
	if (sp[4] != args[4])
		sp[4] = args[4];
	if (sp[5] != args[5])
		sp[5] = args[5];
}

/* -errno or the value, whatever the convention */
static inline long syscall_get_return_value(struct pt_regs *regs)
{
	long v0 = (long)R(regs, 2);

	return R(regs, 7) ? -v0 : v0;
}

static inline void syscall_set_return_value(struct pt_regs *regs,
					    int error, long val)
{
	R(regs, 2) = error ? -error : val;
	R(regs, 7) = error ? 1 : 0;
}

static inline unsigned long instruction_pointer(struct pt_regs *regs)
{
	return (unsigned long)regs->uc.uc_mcontext.pc;
}

static inline void instruction_pointer_set(struct pt_regs *regs,
					   unsigned long ip)
{
	regs->uc.uc_mcontext.pc = ip;
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return (unsigned long)R(regs, 29);
}

#undef R

#include <asm-generic/syscall_trap_word.h>

#endif
