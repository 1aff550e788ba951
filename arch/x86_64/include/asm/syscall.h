/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 system calls, as the trap of a patched site sees them
 * (include/trace/syscall.h, docs/07-syscalls.md).
 *
 * The "pt_regs" is the signal context the trap saved: the kernel's
 * accessors read the registers the entry code pushed, these read the ones
 * the signal frame holds.  At a site, before the instruction has run:
 *
 *	rax	the number (the kernel keeps it as orig_ax; here it is only
 *		valid at entry: the result replaces it)
 *	rdi rsi rdx r10 r8 r9	arguments 1-6 (r10, not rcx: "syscall"
 *		itself writes the return address into rcx)
 *	rax	after: the result, -errno on failure
 *
 * The site "syscall" (0f 05) becomes "ud2" (0f 0b), the same two bytes:
 * one byte changes, so no thread can see half of it; but another CPU may
 * have decoded the old instruction already, so the change goes through
 * the breakpoint protocol (asm/text-patching.h, TEXT_POKE_ONE_STORE),
 * whose int3 takes the instruction's first byte: the change is given as
 * both bytes, from the first.  ud2 raises SIGILL with rip at the ud2
 * itself.  The slot an
 * instruction runs in out of line is "syscall; ud2" (4 bytes): the second
 * ud2 says the call has returned.
 */
#ifndef _ASM_X86_64_SYSCALL_H
#define _ASM_X86_64_SYSCALL_H

#include <signal.h>
#include <string.h>
#include <ucontext.h>

struct pt_regs {
	ucontext_t	uc;
};

#define SYSCALL_TRAP_SIGNAL	SIGILL
/* the longest site, and one out-of-line slot: the instruction, the trap */
#define SYSCALL_INSN_MAX	2
#define SYSCALL_XOL_SLOT	4

#define R(regs, r)	((regs)->uc.uc_mcontext.gregs[REG_##r])

static inline long syscall_get_nr(struct pt_regs *regs)
{
	return R(regs, RAX);
}

static inline void syscall_get_arguments(struct pt_regs *regs,
					 unsigned long *args)
{
	args[0] = R(regs, RDI);
	args[1] = R(regs, RSI);
	args[2] = R(regs, RDX);
	args[3] = R(regs, R10);
	args[4] = R(regs, R8);
	args[5] = R(regs, R9);
}

static inline void syscall_set_arguments(struct pt_regs *regs,
					 const unsigned long *args)
{
	R(regs, RDI) = args[0];
	R(regs, RSI) = args[1];
	R(regs, RDX) = args[2];
	R(regs, R10) = args[3];
	R(regs, R8) = args[4];
	R(regs, R9) = args[5];
}

/* -errno or the value, as the kernel returned it */
static inline long syscall_get_return_value(struct pt_regs *regs)
{
	return R(regs, RAX);
}

static inline void syscall_set_return_value(struct pt_regs *regs,
					    int error, long val)
{
	R(regs, RAX) = error ? error : val;
}

static inline unsigned long instruction_pointer(struct pt_regs *regs)
{
	return R(regs, RIP);
}

static inline void instruction_pointer_set(struct pt_regs *regs,
					   unsigned long ip)
{
	R(regs, RIP) = ip;
}

static inline unsigned long user_stack_pointer(struct pt_regs *regs)
{
	return R(regs, RSP);
}

#undef R

/*
 * The site at ip: its length if it is a system-call instruction, else 0.
 * And the change that turns it into the trap: one byte differs, the
 * second.
 */
static inline int arch_syscall_insn_len(unsigned long ip)
{
	const unsigned char *p = (const unsigned char *)ip;

	return p[0] == 0x0f && p[1] == 0x05 ? 2 : 0;
}

static inline void arch_syscall_trap_patch(unsigned long ip,
					   unsigned long *at,
					   unsigned char *old,
					   unsigned char *new, size_t *len)
{
	*at = ip;
	old[0] = new[0] = 0x0f;
	old[1] = 0x05;
	new[1] = 0x0b;
	*len = 2;
}

/* The slot for the site at ip: its instruction, then the trap. */
static inline void arch_syscall_xol_fill(unsigned char *slot,
					 unsigned long ip, int len)
{
	memcpy(slot, (const void *)ip, len);
	slot[len] = 0x0f;
	slot[len + 1] = 0x0b;
}

/*
 * The address of the trap that raised info, or 0: the signal was sent
 * (raise(SIGILL), kill), not raised by an instruction, and is the
 * program's even when it arrives with rip at one of the kit's traps (a
 * tgkill() made in a slot is delivered there, before the ud2 runs).
 * A ud2 is ILL_ILLOPN at its own address.
 */
static inline unsigned long arch_syscall_trap_ip(struct pt_regs *regs,
						 const siginfo_t *info)
{
	if (info->si_code != ILL_ILLOPN ||
	    (unsigned long)info->si_addr != instruction_pointer(regs))
		return 0;
	return instruction_pointer(regs);
}

/*
 * Set the context to run at ip, in the instruction set of the site at
 * site (x86 has one).
 */
static inline void arch_syscall_resume(struct pt_regs *regs,
				       unsigned long ip, unsigned long site)
{
	instruction_pointer_set(regs, ip);
}

#endif
