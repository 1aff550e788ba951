/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS's trap instructions for tests/stage3/src/owntrap.c: the kit's own
 * system-call trap (break 700), a plain break, and a conditional trap
 * that always fires (teq $0, $0).  Each sets v1 to OWN_TRAP_MAGIC first,
 * so that the handler can see that the context it gets is the trapping
 * code's.
 */
#include <ucontext.h>

#define OWN_TRAP_ASM(name, insn)					\
	__asm__(".text\n"						\
		".set	push\n"						\
		".set	noreorder\n"					\
		".globl " #name "\n"					\
		".type " #name ", @function\n"				\
		#name ":\n"						\
		"	li	$3, 0x2a5\n"				\
		".globl " #name "_insn\n"				\
		#name "_insn:\n"					\
		"	" insn "\n"					\
		".globl " #name "_next\n"				\
		#name "_next:\n"					\
		"	jr	$31\n"					\
		"	nop\n"						\
		".set	pop\n"						\
		".size " #name ", . - " #name "\n")

#define OWN_TRAPS(X)						\
	X(own_break_700, ".word 0x02bc000d")			\
	X(own_break, ".word 0x0000000d")			\
	X(own_teq, ".word 0x00000034")

#define OWN_TRAP_MAGIC	0x2a5

static inline unsigned long own_trap_pc(ucontext_t *uc)
{
	return uc->uc_mcontext.pc;
}

static inline void own_trap_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.pc = pc;
}

static inline unsigned long own_trap_reg(ucontext_t *uc)
{
	return uc->uc_mcontext.gregs[3];
}
