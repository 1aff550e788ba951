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
#define SYSCALL_INSN_MAX	4
#define SYSCALL_XOL_SLOT	8

#define A64_SVC_0		0xd4000001u
#define A64_UDF_5C		0x0000005cu

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

static inline uint32_t a64_insn(unsigned long ip)
{
	uint32_t w;

	memcpy(&w, (const void *)ip, sizeof(w));
	return w;
}

static inline int arch_syscall_insn_len(unsigned long ip)
{
	return !(ip & 3) && a64_insn(ip) == A64_SVC_0 ? 4 : 0;
}

static inline void arch_syscall_trap_patch(unsigned long ip,
					   unsigned long *at,
					   unsigned char *old,
					   unsigned char *new, size_t *len)
{
	uint32_t o = A64_SVC_0, n = A64_UDF_5C;

	*at = ip;
	memcpy(old, &o, 4);
	memcpy(new, &n, 4);
	*len = 4;
}

static inline void arch_syscall_xol_fill(unsigned char *slot,
					 unsigned long ip, int len)
{
	uint32_t udf = A64_UDF_5C;

	memcpy(slot, (const void *)ip, len);
	memcpy(slot + len, &udf, 4);
}

/*
 * The trap that raised info, or 0: raised by an instruction (a positive
 * si_code; raise() and kill() send theirs with none), and the word at
 * the pc is the kit's udf.
 */
static inline unsigned long arch_syscall_trap_ip(struct pt_regs *regs,
						 const siginfo_t *info)
{
	unsigned long ip = instruction_pointer(regs);

	if (info->si_code <= 0 || (ip & 3) || a64_insn(ip) != A64_UDF_5C)
		return 0;
	return ip;
}

static inline void arch_syscall_resume(struct pt_regs *regs,
				       unsigned long ip, unsigned long site)
{
	instruction_pointer_set(regs, ip);
}

#undef M

#endif
