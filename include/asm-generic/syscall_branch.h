/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System calls without a trap (docs/07-syscalls.md, "No trap on AArch64
 * and riscv64"), for an arch whose system-call instruction is one 32-bit
 * word and whose direct jump is another: the site becomes a jump to its
 * slot, whose code (arch/<arch>/syscall_branch.S) makes the call and
 * records both events, then jumps back after the site.
 *
 * The arch's asm/syscall.h defines, before including this:
 *
 *	SYSCALL_BRANCH_REACH	how far a jump reaches, either way
 *	SYSCALL_XOL_BRANCH	where in a slot the site's jump lands
 *	SYSCALL_XOL_BRANCH_TEMPLATE  the bytes from there that every slot
 *				shares: syscall_branch_template
 *	SYSCALL_XOL_BRANCH_BACK	the jump back, written per slot
 *	SYSCALL_XOL_BRANCH_ENTRY the address of syscall_branch_entry
 *	SYSCALL_XOL_BRANCH_SITE	the address after the site (the unwinder's)
 *	syscall_branch_word(from, to)	the jump at from to to
 *	struct syscall_branch_frame	what its trampoline saves, with the
 *				slot it came from (slot) and the call's
 *				result (ret), which syscall_trap.c reads
 *	syscall_branch_frame_regs()	the registers at the site, from it
 */
#ifndef _ASM_GENERIC_SYSCALL_BRANCH_H
#define _ASM_GENERIC_SYSCALL_BRANCH_H

#include <stdint.h>
#include <string.h>

extern const unsigned int syscall_branch_template[];
void syscall_branch_entry(void);

static inline int syscall_branch_in_reach(unsigned long from,
					  unsigned long to)
{
	long d = to - from;

	return d >= -(long)SYSCALL_BRANCH_REACH &&
	       d < (long)SYSCALL_BRANCH_REACH;
}

/* Does a jump reach from site to its slot, and from the slot back? */
static inline int arch_syscall_branch_reaches(unsigned long site,
					      unsigned long slot)
{
	return syscall_branch_in_reach(site, slot + SYSCALL_XOL_BRANCH) &&
	       syscall_branch_in_reach(slot + SYSCALL_XOL_BRANCH_BACK,
				       site + 4);
}

/* slot: where the slot runs (written in place, made executable after) */
static inline void arch_syscall_branch_fill(unsigned char *slot,
					    unsigned long site)
{
	unsigned long entry = (unsigned long)syscall_branch_entry;
	unsigned long after = site + 4;
	uint32_t back = syscall_branch_word((unsigned long)slot +
					    SYSCALL_XOL_BRANCH_BACK, after);

	memcpy(slot + SYSCALL_XOL_BRANCH, syscall_branch_template,
	       SYSCALL_XOL_BRANCH_TEMPLATE);
	memcpy(slot + SYSCALL_XOL_BRANCH_BACK, &back, 4);
	memcpy(slot + SYSCALL_XOL_BRANCH_ENTRY, &entry, 8);
	memcpy(slot + SYSCALL_XOL_BRANCH_SITE, &after, 8);
}

/* the site's instruction becomes the jump to its slot */
static inline void arch_syscall_branch_patch(unsigned long site,
					     unsigned long slot,
					     unsigned long *at,
					     unsigned char *old,
					     unsigned char *new, size_t *len)
{
	uint32_t o = SYSCALL_INSN_WORD;
	uint32_t n = syscall_branch_word(site, slot + SYSCALL_XOL_BRANCH);

	*at = site;
	memcpy(old, &o, 4);
	memcpy(new, &n, 4);
	*len = 4;
}

#endif
