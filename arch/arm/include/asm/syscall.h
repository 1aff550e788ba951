/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM (EABI) system calls, as the trap of a patched site sees them
 * (include/trace/syscall.h, docs/07-syscalls.md).
 *
 * The "pt_regs" is the signal context the trap saved.  At a site, before
 * the instruction has run:
 *
 *	r7	the number
 *	r0-r5	arguments 1-6
 *	after:	r0 the result, -errno on failure: r0 is both the first
 *		argument and the result (the kernel keeps the argument as
 *		ORIG_r0 for a restart)
 *
 * Debian armhf's C library and loader are Thumb-2 code: a site is
 * "svc 0" (0xdf00, one halfword), and becomes "udf #0x5c" (0xde5c), one
 * aligned halfword store.  (udf #1 and the ARM-state 0xe7f001f0 are the
 * breakpoints of Linux and qemu, which a debugger would take for its
 * own.)  The slot is "svc 0; udf #0x5c" (4 bytes), run in Thumb state:
 * the context's CPSR says so already, since the trap was taken there.
 * A site in an IT block would carry the IT state into the slot; the C
 * library has none, and the trap refuses one (the program's SIGILL).
 */
#ifndef _ASM_ARM_SYSCALL_H
#define _ASM_ARM_SYSCALL_H

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

struct pt_regs {
	ucontext_t	uc;
};

#define SYSCALL_TRAP_SIGNAL	SIGILL
#define SYSCALL_INSN_MAX	2
#define SYSCALL_XOL_SLOT	4

#define THUMB_SVC_0		0xdf00
#define THUMB_UDF_5C		0xde5c
#define PSR_T_BIT		0x00000020
#define PSR_IT_MASK		0x0600fc00

#define M(regs)		((regs)->uc.uc_mcontext)

static inline long syscall_get_nr(struct pt_regs *regs)
{
	return M(regs).arm_r7;
}

static inline void syscall_get_arguments(struct pt_regs *regs,
					 unsigned long *args)
{
	args[0] = M(regs).arm_r0;
	args[1] = M(regs).arm_r1;
	args[2] = M(regs).arm_r2;
	args[3] = M(regs).arm_r3;
	args[4] = M(regs).arm_r4;
	args[5] = M(regs).arm_r5;
}

static inline void syscall_set_arguments(struct pt_regs *regs,
					 const unsigned long *args)
{
	M(regs).arm_r0 = args[0];
	M(regs).arm_r1 = args[1];
	M(regs).arm_r2 = args[2];
	M(regs).arm_r3 = args[3];
	M(regs).arm_r4 = args[4];
	M(regs).arm_r5 = args[5];
}

static inline long syscall_get_return_value(struct pt_regs *regs)
{
	return (long)M(regs).arm_r0;
}

static inline void syscall_set_return_value(struct pt_regs *regs,
					    int error, long val)
{
	M(regs).arm_r0 = error ? error : val;
}

static inline unsigned long instruction_pointer(struct pt_regs *regs)
{
	return M(regs).arm_pc;
}

static inline void instruction_pointer_set(struct pt_regs *regs,
					   unsigned long ip)
{
	M(regs).arm_pc = ip;
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return M(regs).arm_sp;
}

static inline uint16_t thumb_half(unsigned long ip)
{
	uint16_t h;

	memcpy(&h, (const void *)ip, sizeof(h));
	return h;
}

static inline int arch_syscall_insn_len(unsigned long ip)
{
	return !(ip & 1) && thumb_half(ip) == THUMB_SVC_0 ? 2 : 0;
}

static inline void arch_syscall_trap_patch(unsigned long ip,
					   unsigned long *at,
					   unsigned char *old,
					   unsigned char *new, size_t *len)
{
	uint16_t o = THUMB_SVC_0, n = THUMB_UDF_5C;

	*at = ip;
	memcpy(old, &o, 2);
	memcpy(new, &n, 2);
	*len = 2;
}

static inline void arch_syscall_xol_fill(unsigned char *slot,
					 unsigned long ip, int len)
{
	uint16_t udf = THUMB_UDF_5C;

	memcpy(slot, (const void *)ip, len);
	memcpy(slot + len, &udf, 2);
}

/*
 * The trap that raised info, or 0: raised by an instruction (a positive
 * si_code; raise() and kill() send theirs with none), in Thumb state
 * outside an IT block, and the halfword at the pc is the kit's udf.
 */
static inline unsigned long arch_syscall_trap_ip(struct pt_regs *regs,
						 const siginfo_t *info)
{
	unsigned long ip = instruction_pointer(regs);

	if (info->si_code <= 0 || !(M(regs).arm_cpsr & PSR_T_BIT) ||
	    (M(regs).arm_cpsr & PSR_IT_MASK) || (ip & 1) ||
	    thumb_half(ip) != THUMB_UDF_5C)
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
