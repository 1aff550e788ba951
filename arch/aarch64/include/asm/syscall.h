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

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

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

#include <asm-generic/syscall_trap_word.h>

#undef M

#endif
