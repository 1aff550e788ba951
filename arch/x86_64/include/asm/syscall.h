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
 * ud2 says the call has returned.  A second copy follows, whose way back
 * is a call of syscall_xol_return (syscall_xol.S) instead of the second
 * trap: the slot is then 32 bytes, and a traced call takes one trap.
 */
#ifndef _ASM_X86_64_SYSCALL_H
#define _ASM_X86_64_SYSCALL_H

#include <signal.h>
#include <string.h>
#include <ucontext.h>

/*
 * Unwinding through a slot (stage3-dynamic/syscall_unwind.c): the DWARF
 * columns of %rsp and of the return address, and the CFA from each byte
 * of a slot on: %rsp, and from the lea on (after the second syscall) the
 * 128 bytes of red zone it stepped over.
 */
#define SYSCALL_DWARF_SP	7
#define SYSCALL_DWARF_RA	16
#define SYSCALL_XOL_CFA		{ { 0, 0 }, { 11, 128 } }

struct pt_regs {
	ucontext_t	uc;
};

#define SYSCALL_TRAP_SIGNAL	SIGILL
/*
 * The longest site; one out-of-line slot: the instruction and the trap,
 * then the instruction and the call (syscall_xol.S shows the bytes)
 */
#define SYSCALL_INSN_MAX	2
#define SYSCALL_XOL_SLOT	32
/* where the one-trap copy starts, and where its call returns */
#define SYSCALL_XOL_RETURN	4
#define SYSCALL_XOL_RETURN_END	24

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

void syscall_xol_return(void);

/*
 * The slot for the site at ip: its instruction, then the trap; at
 * SYSCALL_XOL_RETURN the instruction again, the red zone stepped over,
 * and the call of syscall_xol_return through %r11; at
 * SYSCALL_XOL_RETURN_END, where that call's return address points, the
 * address after the site, which syscall_xol_return's unwind information
 * reads (arch/x86_64/syscall_xol.S).
 */
static inline void arch_syscall_xol_fill(unsigned char *slot,
					 unsigned long ip, int len)
{
	static const unsigned char tail[] = {
		0x48, 0x8d, 0x64, 0x24, 0x80,	/* lea -0x80(%rsp),%rsp */
		0x49, 0xbb,			/* movabs $imm64,%r11 */
	};
	unsigned long to = (unsigned long)syscall_xol_return;
	unsigned char *p = slot + SYSCALL_XOL_RETURN;

	memcpy(slot, (const void *)ip, len);
	slot[len] = 0x0f;
	slot[len + 1] = 0x0b;
	memcpy(p, (const void *)ip, len);
	p += len;
	memcpy(p, tail, sizeof(tail));
	p += sizeof(tail);
	memcpy(p, &to, sizeof(to));
	p += sizeof(to);
	*p++ = 0x41;				/* call *%r11 */
	*p++ = 0xff;
	*p++ = 0xd3;
	to = ip + len;
	memcpy(p, &to, sizeof(to));		/* SYSCALL_XOL_RETURN_END */
}

/*
 * What syscall_xol_return saved, lowest address first: the registers an
 * untraced call keeps, the flags, and the return address of the slot's
 * call (which slot; the word it points at says where to go on).  The
 * system call was made with %rsp 128 bytes above it, past the red zone.
 */
struct syscall_xol_frame {
	unsigned long	rbx, r9, r8, r10, rdx, rsi, rdi, rax, flags, ret;
};

static inline unsigned long syscall_xol_frame_slot(struct syscall_xol_frame *f)
{
	return f->ret - SYSCALL_XOL_RETURN_END;
}

static inline unsigned long syscall_xol_frame_sp(struct syscall_xol_frame *f)
{
	return (unsigned long)(f + 1) + 128;
}

/* The registers as a probe reads them (only those it reads are set). */
static inline void syscall_xol_frame_regs(struct syscall_xol_frame *f,
					  struct pt_regs *regs)
{
	unsigned long args[6] = { f->rdi, f->rsi, f->rdx, f->r10, f->r8, f->r9 };

	syscall_set_arguments(regs, args);
	syscall_set_return_value(regs, 0, f->rax);
	regs->uc.uc_mcontext.gregs[REG_RSP] = syscall_xol_frame_sp(f);
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
 * site (x86 has one).  Back after the site (trap 2), %rcx gets the
 * address "syscall" would have left there had it run at the site: the
 * one after it, not the slot's.
 */
static inline void arch_syscall_resume(struct pt_regs *regs,
				       unsigned long ip, unsigned long site)
{
	instruction_pointer_set(regs, ip);
	if (ip == site + 2)
		regs->uc.uc_mcontext.gregs[REG_RCX] = ip;
}

#endif
