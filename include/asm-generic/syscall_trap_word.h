/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system call trap of an arch whose system call instruction is one
 * 32-bit word and whose trap is another (MIPS, AArch64, RISC-V): the
 * site's word becomes the trap's, and the slot an instruction runs in
 * out of line is the system call followed by the trap (8 bytes).
 *
 * The arch's asm/syscall.h defines, before including this:
 *
 *	SYSCALL_INSN_WORD	the system call instruction
 *	SYSCALL_TRAP_WORD	the trap: an instruction that raises
 *				SYSCALL_TRAP_SIGNAL with the pc at it, and
 *				that no debugger plants
 *	SYSCALL_INSN_ALIGN	the alignment an instruction may have
 *	instruction_pointer(), instruction_pointer_set()
 *
 * An arch may make its slots longer (SYSCALL_XOL_SLOT) for more code of
 * its own after these 8 bytes (AArch64: SYSCALL_XOL_BRANCH).
 *
 * The patch is the whole word, one aligned store, unless the arch
 * defines arch_syscall_trap_patch itself (RISC-V: a word at a 2-byte
 * boundary, of which only one halfword changes).
 */
#ifndef _ASM_GENERIC_SYSCALL_TRAP_WORD_H
#define _ASM_GENERIC_SYSCALL_TRAP_WORD_H

#include <signal.h>
#include <stdint.h>
#include <string.h>

#define SYSCALL_INSN_MAX	4
#ifndef SYSCALL_XOL_SLOT
#define SYSCALL_XOL_SLOT	8
#endif

/* memcpy: a 2-byte aligned word must not be loaded as one */
static inline uint32_t syscall_insn_word(unsigned long ip)
{
	uint32_t w;

	memcpy(&w, (const void *)ip, sizeof(w));
	return w;
}

static inline int arch_syscall_insn_len(unsigned long ip)
{
	if (ip & (SYSCALL_INSN_ALIGN - 1))
		return 0;
	return syscall_insn_word(ip) == SYSCALL_INSN_WORD ? 4 : 0;
}

#ifndef arch_syscall_trap_patch
static inline void arch_syscall_trap_patch(unsigned long ip,
					   unsigned long *at,
					   unsigned char *old,
					   unsigned char *new, size_t *len)
{
	uint32_t o = SYSCALL_INSN_WORD, n = SYSCALL_TRAP_WORD;

	*at = ip;
	memcpy(old, &o, 4);
	memcpy(new, &n, 4);
	*len = 4;
}
#endif

static inline void arch_syscall_xol_fill(unsigned char *slot,
					 unsigned long ip, int len)
{
	uint32_t trap = SYSCALL_TRAP_WORD;

	memcpy(slot, (const void *)ip, len);
	memcpy(slot + len, &trap, 4);
}

/*
 * The trap that raised info, or 0.  The kernel gives a signal an
 * instruction raised a positive si_code; raise() and kill() send theirs
 * with none, and such a signal is the program's even when the pc happens
 * to be at one of the kit's traps.
 */
static inline unsigned long arch_syscall_trap_ip(struct pt_regs *regs,
						 const siginfo_t *info)
{
	unsigned long ip = instruction_pointer(regs);

	if (info->si_code <= 0 || (ip & (SYSCALL_INSN_ALIGN - 1)))
		return 0;
	return syscall_insn_word(ip) == SYSCALL_TRAP_WORD ? ip : 0;
}

/* the out-of-line system call is not pc-relative: resume where told */
static inline void arch_syscall_resume(struct pt_regs *regs,
				       unsigned long ip, unsigned long site)
{
	instruction_pointer_set(regs, ip);
}

#endif
